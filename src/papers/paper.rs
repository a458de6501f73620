//! The one description every paper gives of itself. The audit engine, `dpaudit list`,
//! `dpaudit eval`, `dpaudit golden check|regen` and `dpaudit audit` iterate
//! [`crate::papers::ALL`] through it; adding a paper is a new folder with one [`Paper`] value and
//! one line in `ALL`.

use super::audit_point::{AuditPoint, Verdict};
use super::card::Card;
use super::experiment::{ExperimentOutput, ExperimentSize};
use super::golden_table::Generator;
use crate::error::Result;
use std::sync::atomic::AtomicBool;

/// A paper: its result cards, audit points, golden files, experiments and recorded verdicts.
pub struct Paper {
    /// Key used in specs, registries, reports and folder names (`model_merging`).
    pub key: &'static str,
    /// Title and authors, for reports.
    pub title: &'static str,
    /// Every implemented result, in paper order.
    pub cards: &'static [Card],
    /// Compute every audit point (a point checks the interrupt flag and reports `inconclusive`
    /// when stopped).
    pub points: fn(&AtomicBool) -> Vec<AuditPoint>,
    /// The paper's golden files (generators in the paper's folder; files under `golden/<key>/`).
    /// Independent anchors belong with each generator.
    pub golden: &'static [Generator],
    /// The paper's experiments as data (tables and plot specifications), in output order.
    pub experiments: fn(ExperimentSize, &AtomicBool) -> Result<Vec<ExperimentOutput>>,
    /// The recorded verdicts file (`audits/verdicts/<key>.json`) as embedded at build time.
    pub recorded: &'static str,
}

impl std::fmt::Debug for Paper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Paper").field("key", &self.key).finish_non_exhaustive()
    }
}

impl Paper {
    pub fn key(&self) -> &'static str {
        self.key
    }
    pub fn title(&self) -> &'static str {
        self.title
    }
    /// Every implemented result, in paper order.
    pub fn registry(&self) -> &'static [Card] {
        self.cards
    }
    /// Compute every audit point.
    pub fn audit_points(&self, interrupt: &AtomicBool) -> Vec<AuditPoint> {
        (self.points)(interrupt)
    }
    /// The verdict of `result` over this paper's `points`: the worst over the points that
    /// concern it ([`crate::papers::audit_point::worst_verdict`]).
    pub fn verdict_for(&self, points: &[AuditPoint], result: &str) -> Verdict {
        crate::papers::audit_point::worst_verdict(points, result)
    }
    pub fn golden_tables(&self) -> &'static [Generator] {
        self.golden
    }
    /// The experiments. Errors: interruption, accountant failures.
    pub fn experiments(&self, size: ExperimentSize, interrupt: &AtomicBool) -> Result<Vec<ExperimentOutput>> {
        (self.experiments)(size, interrupt)
    }
    /// Path (relative to the crate root) of the recorded verdicts file.
    pub fn recorded_verdicts_path(&self) -> String {
        super::registry::recorded_path(self.key)
    }
    /// The recorded verdicts file as embedded at build time.
    pub fn recorded_verdicts(&self) -> &'static str {
        self.recorded
    }
}

/// The paper with key `key` (`model_merging`; `model-merging` and any case also match), if
/// listed in [`crate::papers::ALL`].
pub fn find(key: &str) -> Option<&'static Paper> {
    let k = key.trim().replace('-', "_").to_ascii_lowercase();
    super::ALL.iter().copied().find(|p| p.key == k)
}

/// The keys of every listed paper, comma-separated (for error messages).
pub fn keys() -> String {
    super::ALL.iter().map(|p| p.key).collect::<Vec<_>>().join(", ")
}
