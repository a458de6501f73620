//! *Differentially Private Model Merging* (Qichuan Yin, Manzil Zaheer, Tian Li, 2026):
//! every numbered result and algorithm, with the audit points of the implementation spec
//! (`shared/spec/merging.md` §19). Derivations and decisions: `README.md` (included below).
//!
//! Rooms:
//! ```text
//! section_2/     Definition 2.1: hockey-stick divergence, (ε, δ)-DP (spec §2)
//! section_3/     Proposition 3.1: no free lunch, the audit-derived corrected threshold (§3)
//! section_4/     eq. (4)/(5) mergers; Lemma 4.1, Theorem 4.2: Gaussian mean estimation (§4, §5)
//! section_5/     Theorem 5.1, Algorithm 1 (RDP); Theorem 5.2, Algorithm 2 (PLD): random selection (§6, §7)
//! section_6/     Theorem 6.1; DP-SGD steps; Theorem 6.2, Algorithm 3; Lemma 6.3; Theorem 6.4;
//!                Corollary 6.5, Algorithm 4; virtual steps; checkpoints: linear combination (§8–§15)
//! section_7/     Proposition 7.1: joint RDP vs advanced composition (§16)
//! common/        conventions (adjacency, RDP → DP conversions, order grids), simplex, feasible sets
//! cards/         one result card per registered result (`dpaudit eval`), one file per section
//! commands/      the back-end of `dpaudit merge`: request, portfolio, certifier, report
//! audit_points/  audit points A1–A24 and the soundness points, with their kinds
//! experiments/   the paper's experiments (Section 8, Appendix H) as data tables and plots
//! golden/        golden-file generators, one file per result (`golden/model_merging/*.csv`)
//! paper.rs       the paper as a `Paper`: registry, audit points, golden files, experiments
//! ```
#![doc = include_str!("README.md")]

pub mod audit_points;
pub mod cards;
pub mod commands;
pub mod common;
pub mod experiments;
pub mod golden;
pub mod paper;
pub mod section_2;
pub mod section_3;
pub mod section_4;
pub mod section_5;
pub mod section_6;
pub mod section_7;

pub use paper::MODEL_MERGING;

/// Paper key used in registries and reports.
pub const PAPER: &str = "model_merging";
