//! Audit checks of kind `paper`: the audit points of a paper module
//! ([`crate::papers::AuditPoint`]), one report entry per point.
//!
//! A **counterexample** to a paper's statement is a *finding* — a result of the audit, reported
//! prominently — not a failure of dpaudit: the exit code concerns dpaudit's own soundness checks
//! and accountant claims. `holds` → pass, `counterexample` → finding, `inconclusive` →
//! inconclusive, `not_audited` → info. A paper module that panics fails the check (a bug).

use super::entry::EntryStatus;
use crate::error::{Error, Result};
use crate::papers::experiment::ExperimentSize;
use crate::papers::{paper, AuditPoint, Paper, Verdict};
use std::sync::atomic::AtomicBool;

/// A validated paper check.
#[derive(Clone, Debug, PartialEq)]
pub struct PaperPlan {
    /// A key of [`crate::papers::ALL`].
    pub paper: String,
    /// Recompute the paper's experiments when plots are written (`experiments = "quick"|"full"`).
    pub experiments: Option<ExperimentSize>,
}

/// One file of a paper experiment: name (relative to `experiments/`) and contents.
pub type ExperimentFile = super::experiment_files::ExperimentFile;

impl PaperPlan {
    pub fn new(paper: &str) -> Result<PaperPlan> {
        let key = paper.trim();
        if paper::find(key).is_none() {
            return Err(Error::UnknownName { kind: "paper".into(), name: key.into(), expected: paper::keys() });
        }
        Ok(PaperPlan { paper: key.into(), experiments: None })
    }
    /// Set the experiment size from the spec key `experiments` (`quick` or `full`).
    pub fn with_experiments(mut self, size: Option<&str>) -> Result<PaperPlan> {
        self.experiments = match size {
            None => None,
            Some(s) => match ExperimentSize::parse(s) {
                Some(size) => Some(size),
                None => return Err(Error::UnknownName { kind: "experiment size".into(), name: s.trim().to_ascii_lowercase(), expected: "quick, full".into() }),
            },
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

fn paper_of(p: &PaperPlan) -> Result<&'static Paper> {
    paper::find(&p.paper).ok_or_else(|| Error::UnknownName { kind: "paper".into(), name: p.paper.clone(), expected: paper::keys() })
}

/// Recompute the paper's experiments (when the plan asks for them) and render them to CSV/SVG in
/// memory: the engine's caller writes the files with the rest of the report.
pub fn run_experiments(p: &PaperPlan, interrupt: &AtomicBool) -> Result<Vec<ExperimentFile>> {
    match p.experiments {
        Some(size) => super::experiment_files::render(&paper_of(p)?.experiments(size, interrupt)?),
        None => Ok(Vec::new()),
    }
}

/// Compute every audit point of the paper.
pub fn run(p: &PaperPlan, interrupt: &AtomicBool) -> Result<Vec<AuditPoint>> {
    Ok(paper_of(p)?.audit_points(interrupt))
}
