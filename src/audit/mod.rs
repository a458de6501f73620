//! Audits: a spec (TOML) becomes a printable plan, the engine runs it, verdicts are judged per
//! check, and exporters turn the results into bytes (Markdown, JSON) that the CLI writes to files.
//!
//! ```text
//! spec.rs (TOML data) → plan.rs (validated requests, --dry-run) → engine.rs (evaluation,
//! interruptible) → verdict.rs (pass criteria) → report.rs (Markdown / JSON bytes)
//! ```

pub mod spec;

pub use spec::Spec;
