//! Audit checks of kind `paper`: the audit points of a paper module
//! ([`crate::papers::AuditPoint`]), one report entry per point.
//!
//! A **counterexample** to a paper's statement is a *finding* — a result of the audit, reported
//! prominently — not a failure of dpaudit: the exit code concerns dpaudit's own soundness checks
//! and accountant claims. `holds` → pass, `counterexample` → finding, `inconclusive` →
//! inconclusive, `not_audited` → info. A paper module that panics fails the check (a bug).

use super::entry::EntryStatus;
use crate::error::{Error, Result};
use crate::papers::model_merging::experiments::{self, ExperimentOptions};
use crate::papers::{AuditPoint, Verdict};
use std::sync::atomic::AtomicBool;

/// Paper keys a spec may name.
pub const PAPERS: [&str; 1] = ["model_merging"];

/// A validated paper check.
#[derive(Clone, Debug, PartialEq)]
pub struct PaperPlan {
    pub paper: String,
    /// Recompute the paper's experiments when plots are written (`experiments = "quick"|"full"`).
    pub experiments: Option<ExperimentOptions>,
}

/// One file of a paper experiment: name (relative to `experiments/`) and contents.
pub type ExperimentFile = (String, String);

impl PaperPlan {
    pub fn new(paper: &str) -> Result<PaperPlan> {
        let key = paper.trim();
        if !PAPERS.contains(&key) {
            return Err(Error::UnknownName { kind: "paper".into(), name: key.into(), expected: PAPERS.join(", ") });
        }
        Ok(PaperPlan { paper: key.into(), experiments: None })
    }
    /// Set the experiment size from the spec key `experiments` (`quick` or `full`).
    pub fn with_experiments(mut self, size: Option<&str>) -> Result<PaperPlan> {
        self.experiments = match size.map(|s| s.trim().to_ascii_lowercase()) {
            None => None,
            Some(s) if s == "quick" => Some(ExperimentOptions::QUICK),
            Some(s) if s == "full" => Some(ExperimentOptions::FULL),
            Some(s) => return Err(Error::UnknownName { kind: "experiment size".into(), name: s, expected: "quick, full".into() }),
        };
        Ok(self)
    }
    pub fn describe(&self) -> String {
        format!("paper {}: every audit point", self.paper)
    }
}

/// The entry status of an audit point (rules in the module doc).
pub fn status(v: Verdict) -> EntryStatus {
    match v {
        Verdict::Holds => EntryStatus::Pass,
        Verdict::Counterexample => EntryStatus::Finding,
        Verdict::Inconclusive => EntryStatus::Inconclusive,
        Verdict::NotAudited => EntryStatus::Info,
    }
}

/// Recompute the paper's experiments (when the plan asks for them), in memory: the engine's
/// caller writes the files with the rest of the report.
pub fn run_experiments(p: &PaperPlan, interrupt: &AtomicBool) -> Result<Vec<ExperimentFile>> {
    match (p.paper.as_str(), p.experiments) {
        ("model_merging", Some(opts)) => experiments::render(opts, interrupt, &mut |_, _| {}),
        _ => Ok(Vec::new()),
    }
}

/// Compute every audit point of the paper.
pub fn run(p: &PaperPlan, interrupt: &AtomicBool) -> Result<Vec<AuditPoint>> {
    match p.paper.as_str() {
        "model_merging" => Ok(crate::papers::model_merging::audit_points::all_points(interrupt)),
        other => Err(Error::UnknownName { kind: "paper".into(), name: other.into(), expected: PAPERS.join(", ") }),
    }
}

