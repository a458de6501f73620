//! Reference implementations of the bounds of individual papers, one folder per paper, one file
//! per section or result. Everything here sits on the shared machinery (`num`, `repr`,
//! `mechanisms`, `pld`, `mc`) and is imported only by `audit`, `golden` and `cli`.
//!
//! * [`model_merging`] — *Differentially Private Model Merging* (Yin, Zaheer, Li 2026).
//! * [`audit_point`] — the verdict type every paper's audit points report.
//! * [`registry`] — every implemented result of every paper (`dpaudit list`).
//! * [`result_verdict`] — a result's two verdicts (soundness, statement) from its points.

pub mod audit_point;
pub mod model_merging;
pub mod registry;
pub mod result_verdict;

pub use audit_point::{AuditPoint, Finding, FindingKind, Guarantee, Tested, Verdict};
