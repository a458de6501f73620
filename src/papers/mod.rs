//! Reference implementations of the bounds of individual papers, one folder per paper, one file
//! per section or result. Everything here sits on the shared machinery (`num`, `repr`,
//! `mechanisms`, `pld`, `mc`) and is imported only by `audit`, `golden` and `cli`.
//!
//! * [`model_merging`] — *Differentially Private Model Merging* (Yin, Zaheer, Li 2026).
//! * [`audit_point`] — the verdict type every paper's audit points report.
//! * [`registry`] — every implemented result of every paper (`dpaudit list`).

pub mod audit_point;
pub mod model_merging;
pub mod registry;

pub use audit_point::{AuditPoint, Guarantee, Verdict};
