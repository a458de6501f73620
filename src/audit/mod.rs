//! Audits: a spec (TOML) becomes a printable plan, the engine runs it, verdicts are judged per
//! check, and exporters turn the results into bytes (Markdown, JSON) that the CLI writes to files.
//!
//! ```text
//! spec.rs (TOML data) → plan.rs (validated requests; --dry-run) → engine.rs (evaluation,
//! interruptible) → verdict.rs (pass criteria) → report.rs (Markdown / JSON bytes)
//! ```
//!
//! The spec format is documented for users in `audits/README.md`.
//!
//! ```no_run
//! use dpaudit::audit::{engine, plan::Plan, spec::Spec};
//! use std::sync::atomic::AtomicBool;
//! let spec = Spec::read(std::path::Path::new("audits/default.toml"))?;
//! let plan = Plan::from_spec(&spec)?;
//! let report = engine::run(&plan, &AtomicBool::new(false), &mut |_| {})?;
//! println!("{}", report.status_line());
//! # Ok::<(), dpaudit::Error>(())
//! ```

pub mod engine;
pub mod format;
pub mod plan;
pub mod report;
pub mod spec;
pub mod verdict;

#[cfg(test)]
mod audit_test;

pub use engine::{AuditReport, CheckResult};
pub use plan::Plan;
pub use spec::Spec;
