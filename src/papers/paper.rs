//! The one interface every paper implements. The audit engine, `dpaudit list`,
//! `dpaudit golden check|regen` and `dpaudit audit` iterate [`crate::papers::ALL`] through it;
//! adding a paper is a new folder with one value implementing [`Paper`] and one line in `ALL`.

use super::audit_point::{AuditPoint, Verdict};
use super::experiment::{ExperimentOutput, ExperimentSize};
use super::golden_table::Generator;
use super::registry::RegistryEntry;
use crate::error::Result;
use std::sync::atomic::AtomicBool;

/// A paper: its results, audit points, golden files, experiments and recorded verdicts.
pub trait Paper: Sync {
    /// Key used in specs, registries, reports and folder names (`model_merging`).
    fn key(&self) -> &'static str;
    /// Title and authors, for reports.
    fn title(&self) -> &'static str;
    /// Every implemented result, in paper order.
    fn registry(&self) -> &'static [RegistryEntry];
    /// Compute every audit point (a point checks the interrupt flag and reports `inconclusive`
    /// when stopped).
    fn audit_points(&self, interrupt: &AtomicBool) -> Vec<AuditPoint>;
    /// The verdict of `result` over this paper's `points`: by default the worst over the points
    /// that concern it ([`crate::papers::audit_point::worst_verdict`]); a paper may combine
    /// points differently.
    fn verdict_for(&self, points: &[AuditPoint], result: &str) -> Verdict {
        crate::papers::audit_point::worst_verdict(points, result)
    }
    /// The paper's golden files (generators in the paper's folder; files under
    /// `golden/<key>/`). Independent anchors belong with each generator.
    fn golden_tables(&self) -> &'static [Generator];
    /// The paper's experiments as data (tables and plot specifications), in output order.
    /// Errors: interruption, accountant failures.
    fn experiments(&self, size: ExperimentSize, interrupt: &AtomicBool) -> Result<Vec<ExperimentOutput>>;
    /// Path (relative to the crate root) of the recorded verdicts file
    /// (`audits/verdicts/<key>.json`).
    fn recorded_verdicts_path(&self) -> &'static str;
    /// The recorded verdicts file as embedded at build time.
    fn recorded_verdicts(&self) -> &'static str;
}

/// The paper with key `key`, if listed in [`crate::papers::ALL`].
pub fn find(key: &str) -> Option<&'static dyn Paper> {
    super::ALL.iter().copied().find(|p| p.key() == key)
}

/// The keys of every listed paper, comma-separated (for error messages).
pub fn keys() -> String {
    super::ALL.iter().map(|p| p.key()).collect::<Vec<_>>().join(", ")
}
