//! Running a [`Plan`]: evaluate each check (interruptibly), judge it, collect the results. No
//! output is produced here; progress is reported through a callback and the finished
//! [`AuditReport`] is handed to the exporters in [`super::report`].

use super::plan::{Plan, PlannedCheck};
use super::verdict::{judge, Finding};
use crate::error::{Error, Result};
use crate::profile::{evaluate_with, ProfileReport, ProfileRequest};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The result of one check.
#[derive(Clone, Debug)]
pub struct CheckResult {
    pub name: String,
    pub note: Option<String>,
    pub request: ProfileRequest,
    /// `None` when the evaluation itself failed (the error is a finding).
    pub report: Option<ProfileReport>,
    pub findings: Vec<Finding>,
    pub passed: bool,
    pub seconds: f64,
}

/// A completed audit.
#[derive(Clone, Debug)]
pub struct AuditReport {
    pub title: String,
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
    /// `audit: N checks, N passed, N failed — PASS|FAIL`.
    pub fn status_line(&self) -> String {
        format!(
            "audit: {} checks, {} passed, {} failed — {}",
            self.results.len(),
            self.passed(),
            self.failed(),
            if self.all_passed() { "PASS" } else { "FAIL" }
        )
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
        let result = run_check(check, interrupt)?;
        progress(Progress::Done { index, total, result: &result });
        results.push(result);
    }
    Ok(AuditReport {
        title: plan.title.clone(),
        description: plan.description.clone(),
        source: plan.source.clone(),
        results,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Evaluate and judge one check. An evaluation error other than an interrupt is recorded as a
/// failed finding, so that one failing check does not hide the others.
pub fn run_check(check: &PlannedCheck, interrupt: &AtomicBool) -> Result<CheckResult> {
    let t = Instant::now();
    // A panic inside an engine is a bug; it fails this check (with the message) instead of
    // aborting the whole audit.
    let evaluated = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| evaluate_with(&check.request, interrupt)))
        .unwrap_or_else(|p| Err(Error::Numerical(format!("internal error (panic): {}", panic_message(&p)))));
    let (report, findings) = match evaluated {
        Ok(report) => {
            let f = judge(&check.criteria, &report);
            (Some(report), f)
        }
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(e) => (None, vec![Finding { criterion: "error".into(), passed: false, message: e.to_string() }]),
    };
    if interrupt.load(Ordering::SeqCst) {
        return Err(Error::Interrupted);
    }
    let passed = findings.iter().all(|f| f.passed);
    Ok(CheckResult {
        name: check.name.clone(),
        note: check.note.clone(),
        request: check.request.clone(),
        report,
        findings,
        passed,
        seconds: t.elapsed().as_secs_f64(),
    })
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
