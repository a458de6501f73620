//! Reference implementations of the bounds of individual papers, one folder per paper, one file
//! per section or result. Everything here sits on the shared machinery (`num`, `repr`,
//! `mechanisms`, `pld`, `mc`) and is imported only by `audit`, `golden` and `cli`.
//!
//! A paper is a value implementing [`Paper`]; [`ALL`] lists them. Adding a paper = a new folder
//! with its `Paper` value + one line in [`ALL`].
//!
//! * [`model_merging`] — *Differentially Private Model Merging* (Yin, Zaheer, Li 2026).
//! * [`shifted_interpolation`] — *Shifted Interpolation for Differential Privacy* (Bok, Su, Altschuler 2024).
//! * [`balanced_iteration`] — *Leveraging Randomness in Model and Data Partitioning for Privacy Amplification* (Dong, Chen, Özgür 2025).
//! * [`mixture_fdp`] — *Unified Enhancement of Privacy Bounds for Mixture Mechanisms via f-DP* (Wang, Su, Ye, Shokri, Su 2023), Section 4.
//! * [`paper`] — the [`Paper`] description every paper gives of itself.
//! * [`card`] — result cards: every registered result callable by name (`dpaudit eval`).
//! * [`audit_point`] — the verdict type every paper's audit points report.
//! * [`registry`] — every implemented result of every paper (`dpaudit list`).
//! * [`golden_table`] — what a paper declares about its golden files (generators, routes).
//! * [`experiment`] — experiments as data (tables, plot specifications).
//! * [`verdicts`] — recording every paper's verdicts file.
//! * [`result_verdict`] — a result's two verdicts (soundness, statement) from its points.

pub mod audit_point;
pub mod balanced_iteration;
pub mod card;
pub mod experiment;
pub mod golden_table;
pub mod mixture_fdp;
pub mod model_merging;
pub mod paper;
pub mod shifted_interpolation;
pub mod registry;
pub mod verdicts;

pub mod result_verdict;

pub use audit_point::{AuditPoint, Finding, FindingKind, Guarantee, Tested, Verdict};
pub use paper::Paper;

/// Every paper, in report order.
pub static ALL: &[&Paper] = &[
    &model_merging::MODEL_MERGING,
    &shifted_interpolation::SHIFTED_INTERPOLATION,
    &balanced_iteration::BALANCED_ITERATION,
    &mixture_fdp::MIXTURE_FDP,
];
