//! Audits: a spec (TOML) becomes a printable plan, the engine runs it, verdicts are judged per
//! check, and exporters turn the results into bytes (Markdown, JSON) that the CLI writes to files.
//!
//! ```text
//! spec.rs (TOML data) → plan.rs (validated requests; --dry-run) → engine.rs (evaluation,
//! interruptible) → verdict.rs (pass criteria) → report.rs (Markdown / JSON bytes)
//! ```
//!
//! Check kinds: `profile` (a mechanism query, criteria in `verdict.rs`), `claims`
//! (`claims_check.rs`: a claims CSV through [`crate::claims`]), `paper` (`paper_check.rs`: a paper
//! module's audit points) and `golden` (`golden_check.rs`). Every check yields report entries
//! (`entry.rs`: pass, fail, finding, inconclusive, info); only failures change the exit code.
//! `report_audit.rs` writes `report.md`/`report.json`, `report_plots.rs` the SVG plots through the
//! reusable `plots.rs`.
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

pub mod claims_check;
pub mod engine;
pub mod entry;
pub mod experiment_files;
pub mod format;
pub mod golden_check;
pub mod junit;
pub mod paper_check;
pub mod plan;
pub mod plots;
pub mod report;
pub mod report_audit;
pub mod report_plots;
pub mod spec;
pub mod verdict;

#[cfg(test)]
mod audit_test;
#[cfg(test)]
mod kinds_test;

pub use engine::{AuditReport, CheckResult, Outcome};
pub use entry::{EntryStatus, Tally};
pub use plan::Plan;
pub use spec::Spec;
