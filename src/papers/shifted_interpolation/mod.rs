//! *Shifted Interpolation for Differential Privacy* (Jinho Bok, Weijie J. Su, Jason M.
//! Altschuler, ICML 2024, arXiv:2403.00278): final-iterate GDP bounds for noisy gradient
//! descent by shifted interpolation, with the composition and RDP baselines, tightness instances
//! and the audit points of the implementation spec (`shared/spec/shifted_interpolation.md` §9).
//! Derivations and decisions: `README.md` (included below).
//!
//! Files by section of the paper:
//! ```text
//! setting.rs        parameters, r = L/(bσ), contraction factor (Lemmas 2.8/2.9), c → 1 helpers (spec §1)
//! conversions.rs    Lemma A.3 (GDP → (ε, δ)), Lemma A.4 (GDP → RDP) (spec §2.8–2.9)
//! rdp_baselines.rs  RDP → (ε, δ) minimum of the script's four formulas; NoisyCGD RDP baseline (§2.12–2.13)
//! meta_theorem.rs   Appendix C: Lemmas C.6, C.8, C.10, C.11 (spec §3)
//! noisy_gd.rs       Section 4.1: Theorems 4.1, 4.2, 4.3 (spec §4)
//! noisy_cgd.rs      Section 4.2: Theorems 4.4, 4.5, 4.6 (spec §5)
//! subsampled.rs     Definition 4.7 (C_p(G_μ)) and Lemma A.5 (CLT, estimate) as the registry names them
//! noisy_sgd.rs      Section 4.3: Theorems 4.8, 4.9, 4.10 (certified composition of C_p(G_μ); spec §6)
//! langevin.rs       Section 5: Proposition 5.1, Corollary 5.2, Remark 5.3, Corollary 5.4 (spec §8)
//! tightness.rs      tightness instances: linear and quadratic (spec §10)
//! tightness_grid.rs law evolution of a 1-D noisy iteration on a grid (boundary atoms); Neyman–Pearson, δ(ε)
//! tightness_walk.rs projected-walk instances of Theorems 4.3 / 4.6 vs their G_μ (spec §4.3, §5.3)
//! tightness_sgd.rs  subsampled-drift instances of Theorems 4.8–4.10 vs certified f_K; t = 1 equals C_p(G_r)
//! tightness_mc.rs   seeded Monte Carlo of the quadratic instance (Theorem 4.2) with Clopper–Pearson bounds
//! request.rs        the `dpaudit noisy-gd` request, validated once
//! report.rs         its answer: every applicable theorem and baseline, μ, ε(δ), ratio
//! experiments.rs    Table 1 and the appendix GDP/ε tables (spec §7)
//! audit_points.rs   audit points of spec §9 with verdicts; audit_point_kinds.rs: what each tests
//! audit_points_sgd.rs  the NoisySGD audit points (spec §9 items 1, 3, 4, 13)
//! audit_points_sgd_bounds.rs  NoisySGD soundness points (Definition 4.7, Lemma A.5, Theorems 4.8–4.10)
//! audit_points_instances.rs  soundness points from the simulated instances (S-Walk, S-SGD, S-MC-Thm4.2)
//! golden/           golden-file generators (`golden/shifted_interpolation/*.csv`)
//! paper.rs          the paper as a `Paper`: registry, audit points, golden files, experiments
//! ```
#![doc = include_str!("README.md")]

// Shared setting and conversions.
pub mod cards;
pub mod setting;
pub mod conversions;
pub mod rdp_baselines;
// Appendix C.
pub mod meta_theorem;
// Section 4.1 (full batch), 4.2 (cyclic).
pub mod noisy_gd;
pub mod noisy_cgd;
// Section 4.3 (sampled batches).
pub mod noisy_sgd;
pub mod subsampled;
// Section 5.
pub mod langevin;
// Instances, experiments, audits, golden files, the Paper value.
pub mod tightness;
pub mod tightness_grid;
pub mod tightness_walk;
pub mod tightness_sgd;
pub mod tightness_mc;
pub mod experiments;
pub mod golden;
pub mod audit_point_make;
pub mod audit_points;
pub mod audit_points_bounds;
pub mod audit_points_sgd;
pub mod audit_points_sgd_bounds;
pub mod audit_points_instances;
pub mod paper;
// The `dpaudit noisy-gd` question and its answer.
pub mod request;
pub mod report;

pub use paper::SHIFTED_INTERPOLATION;

/// Paper key used in registries and reports.
pub const PAPER: &str = "shifted_interpolation";

