//! Running a [`Plan`]: evaluate each check (interruptibly), judge it, collect the results. No
//! output is produced here; progress is reported through a callback and the finished
//! [`AuditReport`] is handed to the exporters in [`super::report`].

use super::claims_check::{self, ClaimsOutcome};
use super::entry::{EntryStatus, Tally};
use super::golden_check::{self, GoldenFile};
use super::paper_check;
use super::plan::{CheckKind, Plan, PlannedCheck};
use super::verdict::{judge, Finding};
use crate::error::{Error, Result};
use crate::papers::AuditPoint;
use crate::profile::{evaluate_with, ProfileReport, ProfileRequest};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Wall-clock seconds (from its start) after which no further certified ε(δ) band of a claims
/// group is computed for plots.
pub const BAND_SECONDS: f64 = 60.0;

/// The result of one check.
#[derive(Clone, Debug)]
pub struct CheckResult {
    pub name: String,
    pub note: Option<String>,
    pub outcome: Outcome,
    /// Criteria outcomes of a profile check; for every kind, an evaluation error (failed).
    pub findings: Vec<Finding>,
    /// No entry failed and no finding failed.
    pub passed: bool,
    /// Entries per status (see [`super::entry`]).
    pub tally: Tally,
    pub seconds: f64,
}

/// What a check produced.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// `report` is `None` when the evaluation itself failed (the error is a finding).
    Profile { request: ProfileRequest, report: Option<ProfileReport> },
    /// `None` when the claims audit failed (the error is a finding).
    Claims { file: String, outcome: Option<ClaimsOutcome> },
    /// `experiments`: the paper's recomputed experiments (file name, contents), only when plots
    /// are written and the check asks for them.
    Paper { paper: String, points: Vec<AuditPoint>, experiments: Vec<paper_check::ExperimentFile> },
    Golden { dir: String, files: Vec<GoldenFile> },
}

impl Outcome {
    /// `profile`, `claims`, `paper` or `golden`.
    pub fn kind(&self) -> &'static str {
        match self {
            Outcome::Profile { .. } => "profile",
            Outcome::Claims { .. } => "claims",
            Outcome::Paper { .. } => "paper",
            Outcome::Golden { .. } => "golden",
        }
    }
}

impl CheckResult {
    /// The profile request of a profile check.
    pub fn request(&self) -> Option<&ProfileRequest> {
        match &self.outcome {
            Outcome::Profile { request, .. } => Some(request),
            _ => None,
        }
    }
    /// The profile report of a profile check that evaluated.
    pub fn report(&self) -> Option<&ProfileReport> {
        match &self.outcome {
            Outcome::Profile { report, .. } => report.as_ref(),
            _ => None,
        }
    }
}

/// A completed audit.
#[derive(Clone, Debug)]
pub struct AuditReport {
    pub title: String,
    /// Prefix of the status line.
    pub label: String,
    pub description: Option<String>,
    pub source: String,
    pub results: Vec<CheckResult>,
    pub seconds: f64,
}

impl AuditReport {
    pub fn passed(&self) -> usize {
        self.results.iter().filter(|r| r.passed).count()
    }
    pub fn failed(&self) -> usize {
        self.results.len() - self.passed()
    }
    pub fn all_passed(&self) -> bool {
        self.failed() == 0
    }
    /// Entries of all checks per status.
    pub fn tally(&self) -> Tally {
        self.results.iter().fold(Tally::default(), |t, r| t.merge(&r.tally))
    }
    /// `LABEL: N checks, N passed, N failed[, N findings][, N inconclusive][, N info] — PASS|FAIL`,
    /// counting entries (a profile check is one entry, a claims row one, an audit point one, a
    /// golden file one). Counts that are zero after `failed` are left out.
    pub fn status_line(&self) -> String {
        let t = self.tally();
        let mut s = format!("{}: {} checks, {} passed, {} failed", self.label, t.total(), t.pass, t.fail);
        for (n, what) in [(t.finding, "findings"), (t.inconclusive, "inconclusive"), (t.info, "info")] {
            if n > 0 {
                s.push_str(&format!(", {n} {what}"));
            }
        }
        s.push_str(if self.all_passed() { " — PASS" } else { " — FAIL" });
        s
    }
}

/// Progress events for a progress bar or log.
pub enum Progress<'a> {
    Start { index: usize, total: usize, name: &'a str },
    Done { index: usize, total: usize, result: &'a CheckResult },
}

/// Run every check in order. Returns [`Error::Interrupted`] as soon as `interrupt` is set (no
/// partial report is returned, so none can be written).
pub fn run(plan: &Plan, interrupt: &AtomicBool, progress: &mut dyn FnMut(Progress)) -> Result<AuditReport> {
    let start = Instant::now();
    let total = plan.checks.len();
    let mut results = Vec::with_capacity(total);
    for (index, check) in plan.checks.iter().enumerate() {
        if interrupt.load(Ordering::SeqCst) {
            return Err(Error::Interrupted);
        }
        progress(Progress::Start { index, total, name: &check.name });
        let result = run_check(check, plan.plots, interrupt)?;
        progress(Progress::Done { index, total, result: &result });
        results.push(result);
    }
    Ok(AuditReport {
        title: plan.title.clone(),
        label: plan.label.clone(),
        description: plan.description.clone(),
        source: plan.source.clone(),
        results,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Evaluate and judge one check. An evaluation error other than an interrupt is recorded as a
/// failed finding, so that one failing check does not hide the others. `plots`: also compute
/// plot data (claims bands).
pub fn run_check(check: &PlannedCheck, plots: bool, interrupt: &AtomicBool) -> Result<CheckResult> {
    let t = Instant::now();
    let mut findings = Vec::new();
    let mut statuses: Vec<EntryStatus> = Vec::new();
    let outcome = match &check.kind {
        CheckKind::Profile { request, criteria } => {
            let report = match guarded(|| evaluate_with(request, interrupt))? {
                Ok(report) => {
                    findings = judge(criteria, &report);
                    Some(report)
                }
                Err(e) => {
                    findings.push(error_finding(&e));
                    None
                }
            };
            statuses.push(if findings.iter().all(|f| f.passed) { EntryStatus::Pass } else { EntryStatus::Fail });
            Outcome::Profile { request: request.clone(), report }
        }
        CheckKind::Claims(p) => {
            let outcome = match guarded(|| claims_check::run(p, plots, BAND_SECONDS, interrupt))? {
                Ok(o) => {
                    statuses.extend(o.rows.iter().map(|r| r.status));
                    Some(o)
                }
                Err(e) => {
                    findings.push(error_finding(&e));
                    statuses.push(EntryStatus::Fail);
                    None
                }
            };
            Outcome::Claims { file: p.file.clone(), outcome }
        }
        CheckKind::Paper(p) => {
            let points = match guarded(|| paper_check::run(p, interrupt))? {
                Ok(points) => points,
                Err(e) => {
                    findings.push(error_finding(&e));
                    statuses.push(EntryStatus::Fail);
                    Vec::new()
                }
            };
            statuses.extend(points.iter().map(|a| paper_check::status(a.verdict)));
            let experiments = if plots {
                match guarded(|| paper_check::run_experiments(p, interrupt))? {
                    Ok(files) => files,
                    Err(Error::Interrupted) => return Err(Error::Interrupted),
                    Err(e) => {
                        findings.push(error_finding(&e));
                        statuses.push(EntryStatus::Fail);
                        Vec::new()
                    }
                }
            } else {
                Vec::new()
            };
            Outcome::Paper { paper: p.paper.clone(), points, experiments }
        }
        CheckKind::Golden(p) => {
            let files = match guarded(|| golden_check::run(p, interrupt))? {
                Ok(files) => files,
                Err(e) => {
                    findings.push(error_finding(&e));
                    statuses.push(EntryStatus::Fail);
                    Vec::new()
                }
            };
            statuses.extend(files.iter().map(|f| f.status()));
            Outcome::Golden { dir: p.dir.display().to_string(), files }
        }
    };
    if interrupt.load(Ordering::SeqCst) {
        return Err(Error::Interrupted);
    }
    let tally = Tally::of(statuses);
    let passed = tally.fail == 0 && findings.iter().all(|f| f.passed);
    Ok(CheckResult { name: check.name.clone(), note: check.note.clone(), outcome, findings, passed, tally, seconds: t.elapsed().as_secs_f64() })
}

fn error_finding(e: &Error) -> Finding {
    Finding { criterion: "error".into(), passed: false, message: e.to_string() }
}

/// Run `f`, turning a panic inside an engine (a bug) into an error of this check instead of
/// aborting the whole audit; an interrupt is passed up as `Err` of the outer result.
fn guarded<T>(f: impl FnOnce() -> Result<T>) -> Result<Result<T>> {
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or_else(|p| Err(Error::Numerical(format!("internal error (panic): {}", panic_message(&p)))));
    match r {
        Err(Error::Interrupted) => Err(Error::Interrupted),
        other => Ok(other),
    }
}

fn panic_message(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".into()
    }
}
