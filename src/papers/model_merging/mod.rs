//! *Differentially Private Model Merging* (Qichuan Yin, Manzil Zaheer, Tian Li, 2026):
//! every numbered result and algorithm, with the audit points of the implementation spec
//! (`shared/spec/merging.md` §19). Derivations and decisions: `README.md` (included below).
//!
//! Files by section of the paper:
//! ```text
//! conventions.rs            adjacency, RDP→DP conversions, order grids (spec §1)
//! hockey_stick.rs           Definition 2.1: hockey-stick divergence of finite pmfs, DP check (§2)
//! no_free_lunch.rs          Proposition 3.1 threshold and the audit-derived corrected threshold (§3)
//! mergers.rs                eq. (4) random selection, eq. (5) linear combination, simplex checks (§4)
//! mean_estimation.rs        Lemma 4.1, Theorem 4.2: Gaussian mean estimation (§5)
//! random_selection_rdp.rs   Theorem 5.1, Algorithm 1 (§6)
//! random_selection_pld.rs   Theorem 5.2, Algorithm 2 (§7)
//! feasible.rs               feasible weight sets on the simplex, utility-best weights (§6, §7, §10, §13)
//! simplex.rs                merge weights validated once (§4)
//! joint_release.rs          Theorem 6.1: joint-release RDP/PLD bound and tightness (§8)
//! dpsgd_step.rs             Section 6.2 per-step quantities ρ_J, w_i, Δ_J, s_λ (§9)
//! linear_combination_rdp.rs Theorem 6.2, Algorithm 3: enumeration and the Gaussian-expectation fast path (§10)
//! privacy_loss.rs           Lemma 6.3: exact per-step privacy loss, samplers, Monte Carlo (§11)
//! surrogate.rs              Theorem 6.4: the 1-D surrogate pair, closed-form hockey-stick (§12)
//! linear_combination_pld.rs Corollary 6.5, Algorithm 4: certified FFT composition (§13)
//! step_alignment.rs         Different step counts: virtual steps (§14)
//! provenance.rs             Section 6.3: checkpoints of one run (§15)
//! advanced_composition.rs   Proposition 7.1 (§16)
//! hidden_state.rs           Audit A1: exact linear-Gaussian truth of the T-step merged mechanism
//! portfolio.rs              portfolio input (TOML/CSV): per-model curves or DP-SGD hyper-parameters
//! merge_request.rs          a `dpaudit merge` question: request, order grids, lattice size
//! merge_certifier.rs        which result certifies a merge (A1 policy), Theorem 6.1 / checkpoint bounds
//! merge_certify.rs          certify_merge: the one call behind `dpaudit merge`
//! experiments.rs            the paper's experiments as data tables and plot specifications
//! audit_points*.rs          audit points A1–A24 with verdicts
//! golden/                   golden-file generators, one file per result (`golden/model_merging/*.csv`)
//! paper.rs                  the paper as a `Paper`: registry, audit points, golden files, experiments
//! audit_point_kinds.rs      what each point tests (bound or side claim) and its findings' kinds
//! ```
#![doc = include_str!("README.md")]

pub mod cards;
pub mod conventions;
pub mod hockey_stick;
pub mod no_free_lunch;
pub mod mergers;
pub mod mean_estimation;
pub mod random_selection_rdp;
pub mod random_selection_pld;
pub mod feasible;
pub mod simplex;
pub mod joint_release;
pub mod dpsgd_step;
pub mod linear_combination_rdp;
pub mod privacy_loss;
pub mod surrogate;
pub mod linear_combination_pld;
pub mod step_alignment;
pub mod provenance;
pub mod advanced_composition;
pub mod hidden_state;
pub mod portfolio;
pub mod merge_request;
pub mod merge_certifier;
pub mod merge_certify;
pub mod experiments;
pub mod audit_points;
pub mod audit_points_rs;
pub mod audit_points_lc;
pub mod audit_points_surrogate;
pub mod audit_point_kinds;
pub mod golden;
pub mod paper;

pub use paper::MODEL_MERGING;

/// Paper key used in registries and reports.
pub const PAPER: &str = "model_merging";
