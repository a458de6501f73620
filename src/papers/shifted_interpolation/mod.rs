//! *Shifted Interpolation for Differential Privacy* (Jinho Bok, Weijie J. Su, Jason M.
//! Altschuler, ICML 2024, arXiv:2403.00278): final-iterate GDP bounds for noisy gradient
//! descent by shifted interpolation, with the composition and RDP baselines, tightness instances
//! and the audit points of the implementation spec (`shared/spec/shifted_interpolation.md` §9).
//! Derivations and decisions: `README.md` (included below).
//!
//! Rooms (folders) by section of the paper, then the paper's instances, audits, golden files,
//! experiments, result cards and command back-end:
//! ```text
//! setting.rs     parameters, r = L/(bσ), contraction factor (Lemmas 2.8/2.9), c → 1 helpers (spec §1)
//! section_4/     §4.1 noisy_gd.rs (Theorems 4.1–4.3), §4.2 noisy_cgd.rs (4.4–4.6),
//!                §4.3 subsampled.rs (Definition 4.7) and noisy_sgd.rs (4.8–4.10, certified composition)
//! section_5/     langevin.rs: Proposition 5.1, Corollary 5.2, Remark 5.3, Corollary 5.4 (spec §8)
//! appendix_a/    conversions.rs (Lemmas A.3, A.4), clt.rs (Lemma A.5, estimate), rdp_baselines.rs (§2.12–2.13)
//! appendix_c/    meta_theorem.rs: Lemmas C.6, C.8, C.10, C.11 (spec §3)
//! tightness/     lower-bound instances: Gaussian (linear, quadratic), grid walks, subsampled drift, Monte Carlo (spec §10)
//! audit_points/  the audit points of spec §9 with verdicts (side claims, soundness, NoisySGD, instances)
//! golden/        golden-file generators (`golden/shifted_interpolation/*.csv`)
//! experiments/   Table 1 and the appendix GDP/ε tables (spec §7)
//! cards/         one result card per registry entry (`dpaudit eval`), one file per section
//! commands/      `dpaudit noisy-gd`: the request (validated once) and its report (one row per theorem)
//! paper.rs       the paper as a `Paper`: registry, audit points, golden files, experiments
//! ```
#![doc = include_str!("README.md")]

pub mod setting;
pub mod section_4;
pub mod section_5;
pub mod appendix_a;
pub mod appendix_c;
pub mod tightness;
pub mod audit_points;
pub mod golden;
pub mod experiments;
pub mod cards;
pub mod commands;
pub mod paper;

pub use paper::SHIFTED_INTERPOLATION;

/// Paper key used in registries and reports.
pub const PAPER: &str = "shifted_interpolation";

