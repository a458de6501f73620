//! *Unified Enhancement of Privacy Bounds for Mixture Mechanisms via f-Differential Privacy*
//! (Chendi Wang, Buxin Su, Jiayuan Ye, Reza Shokri, Weijie J. Su, NeurIPS 2023): f-DP of
//! shuffled mechanisms (Section 4), one-step DP-GD with random initialisation (Section 5), joint and advanced joint concavity (Sections 3, 6, Appendices B,
//! E, F), with exact ground truths and randomised-response lower
//! bounds (implementation spec `shared/spec/mixtures_fdp.md`). The trade-off machinery below the
//! paper (pointwise vs joint combination, log-space δ) is in `crate::repr`. Decisions and what is left:
//! `README.md` (included below).
//!
//! Rooms (folders) of this paper:
//! ```text
//! section_3/     Section 3 / App. B: joint concavity (Lemma 3.1, Props 3.2, 3.3, B.1, B.2, Cors B.3, B.5, B.6)
//! section_4/     Section 4 / App. C: shuffling (Prop 4.1, Thm 4.2, Cor 4.3), the exact pair, MPFR route,
//!                randomised-response lower bounds, FMT23 closed form, importance-sampled Monte Carlo
//! section_5/     Section 5 / App. D: one-step DP-GD with random initialisation (Thm 5.1, the remark,
//!                Examples D.1–D.3) and the true output pair of concrete datasets
//! section_6/     Section 6 / Apps. A, E: Props 6.1, 6.4, E.1, Lemmas A.4, 6.2, 6.3 (printed and corrected)
//! appendix_f/    Appendix F: Examples F.1–F.4 and the Gaussian instances in closed form
//! cards/         the result cards (one file per section): parameters, outputs, evaluators, examples
//! commands/      back-ends of `dpaudit shuffle` and `dpaudit init-gd` (Serialize reports)
//! audit_points/  audit points of spec §10 (Sections 3–6, Tables 1, 2, Figure 3)
//! experiments/   Tables 1, 2, the δ(ε) curves and the Theorem 5.1 curves (CSV + SVG)
//! golden/        golden-file generators (`golden/mixture_fdp/*.csv`)
//! paper.rs       the paper as a `Paper`: registry (its cards), audit points, golden files, verdicts
//! ```
#![doc = include_str!("README.md")]

pub mod appendix_f;
pub mod audit_points;
pub mod cards;
pub mod commands;
pub mod experiments;
pub mod golden;
pub mod paper;
pub mod section_3;
pub mod section_4;
pub mod section_5;
pub mod section_6;

pub use paper::MIXTURE_FDP;

/// Paper key used in registries and reports.
pub const PAPER: &str = "mixture_fdp";
