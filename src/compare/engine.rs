//! The interleaved run of `dpaudit compare`: for every repetition r = 1..k, for every workload,
//! dpaudit's certified FFT accountant and then every Python accountant, once each — so that a
//! drift of the machine's load hits all accountants alike — then the aggregation into a
//! [`CompareReport`].
//!
//! Timing: dpaudit is timed in-process with [`std::time::Instant`] around
//! [`crate::pld::epsilon_interval`] (default options: the certified interval of `ε(δ)`,
//! discretisation, composition and conversion included) — for allocation workloads around
//! `papers::balanced_iteration::section_3_3::hockey_stick::certified_epsilon` (default options); each Python accountant by
//! `time.perf_counter` inside the runner around its computation (imports excluded; see
//! [`super::runner`]).

use super::judge::{ratio, tightness, tightness_mid, verdict, Timing};
use super::machine::Machine;
use super::report::{fmt_down, fmt_up};
use super::result::{AccountantInfo, CompareReport, PeerRow, WorkloadResult, WorkloadView, DPAUDIT};
use super::runner::{choose_python, Accountant, PeerOutcome, PythonRunner};
use super::workloads::{Workload, WorkloadSet};
use crate::error::{Error, Result};
use crate::num::Interval;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Largest number of repetitions.
pub const MAX_REPS: usize = 1000;

/// What to compare.
#[derive(Clone, Debug)]
pub struct CompareRequest {
    pub workloads: WorkloadSet,
    /// The Python accountants to run (dpaudit always runs: it is the reference).
    pub accountants: Vec<Accountant>,
    /// Repetitions k ≥ 1 of every (accountant, workload) job.
    pub reps: usize,
    /// The interpreter; `None`: the project venv ([`super::runner::DEFAULT_PYTHONS`]).
    pub python: Option<PathBuf>,
}

/// Run the comparison (module doc). `progress` receives one line per job.
/// Errors: `reps` outside `1..=MAX_REPS` ([`Error::InvalidParameter`]); [`Error::Interrupted`]
/// once `interrupt` is set (checked between jobs and every 50 ms while a job runs). A missing
/// Python or package is not an error: those accountants are skipped with a note.
pub fn compare(req: &CompareRequest, interrupt: &AtomicBool, progress: &mut dyn FnMut(&str)) -> Result<CompareReport> {
    if !(1..=MAX_REPS).contains(&req.reps) {
        return Err(Error::invalid("reps", req.reps, "must lie in [1, 1000]"));
    }
    let machine = Machine::now();
    let mut notes = Vec::new();
    let mut python = None;
    let mut runner = None;
    if !req.accountants.is_empty() {
        match choose_python(req.python.as_deref()) {
            Err(note) => notes.push(note),
            Ok(path) => {
                progress(&format!("starting {} (imports)", path.display()));
                match PythonRunner::start(&path, interrupt)? {
                    Ok(r) => {
                        python = Some(format!("{} (Python {})", path.display(), r.hello.python));
                        runner = Some(r);
                    }
                    Err(why) => notes.push(format!("{why}; the Python accountants are skipped")),
                }
            }
        }
    }
    let infos: Vec<AccountantInfo> = req
        .accountants
        .iter()
        .map(|&a| {
            let status = match &runner {
                Some(r) => r.hello.status(a),
                None => Err("no Python runner (see the notes)".to_string()),
            };
            AccountantInfo { accountant: a, setting: a.setting(), version: status.clone().ok(), skipped: status.err() }
        })
        .collect();

    let nw = req.workloads.workloads.len();
    let mut dp_runs: Vec<Vec<std::result::Result<(Interval, f64), String>>> = vec![Vec::new(); nw];
    let mut peer_runs: Vec<Vec<Vec<PeerOutcome>>> = vec![vec![Vec::new(); req.accountants.len()]; nw];
    for rep in 0..req.reps {
        for (wi, w) in req.workloads.workloads.iter().enumerate() {
            let tag = format!("[rep {}/{}] workload {}/{nw} '{}'", rep + 1, req.reps, wi + 1, w.name);
            let dp = dpaudit_once(w, interrupt)?;
            match &dp {
                Ok((iv, s)) => progress(&format!("{tag}: {DPAUDIT} {s:.3} s, certified ε ∈ [{}, {}]", fmt_down(iv.lower, 6), fmt_up(iv.upper, 6))),
                Err(why) => progress(&format!("{tag}: {DPAUDIT} failed: {why}")),
            }
            dp_runs[wi].push(dp);
            for (ai, &a) in req.accountants.iter().enumerate() {
                if interrupt.load(Ordering::Relaxed) {
                    return Err(Error::Interrupted);
                }
                if a.analyses_allocation() != w.selected.is_some() {
                    continue; // another scheme: no row for this workload (see `aggregate`)
                }
                let out = match runner.as_mut() {
                    Some(r) => r.run(a, w, interrupt)?,
                    None => PeerOutcome::Skipped("no Python runner".into()),
                };
                match &out {
                    PeerOutcome::Value { epsilon, seconds, .. } => progress(&format!("{tag}: {} {seconds:.3} s, ε = {epsilon:.6}", a.name())),
                    PeerOutcome::Failed(why) => progress(&format!("{tag}: {} failed: {why}", a.name())),
                    PeerOutcome::Skipped(_) => {}
                }
                peer_runs[wi][ai].push(out);
            }
        }
    }
    drop(runner);

    let workloads = req
        .workloads
        .workloads
        .iter()
        .enumerate()
        .map(|(wi, w)| aggregate(w, &dp_runs[wi], &req.accountants, &peer_runs[wi]))
        .collect();
    Ok(CompareReport { title: req.workloads.title.clone(), workload_file: req.workloads.file.clone(), reps: req.reps, machine, python, accountants: infos, workloads, notes })
}

/// One call of dpaudit's certified accountant on a worker thread, timed there; polls
/// `interrupt` every 50 ms. `Ok(Err(reason))` when dpaudit gives no interval.
fn dpaudit_once(w: &Workload, interrupt: &AtomicBool) -> Result<std::result::Result<(Interval, f64), String>> {
    if interrupt.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    let w = w.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::Builder::new()
        .name("dpaudit-compare".into())
        .spawn(move || {
            let start = Instant::now();
            let r = match w.selected {
                None => crate::pld::epsilon_interval(&[(w.mechanism(), w.steps)], w.delta, &crate::pld::PldOptions::default()).map(|(iv, _)| iv),
                Some(k) => {
                    let opts = crate::papers::balanced_iteration::section_3_3::hockey_stick::BisOptions::default();
                    crate::papers::balanced_iteration::section_3_3::hockey_stick::certified_epsilon(w.steps, k, w.noise_multiplier, 1.0, w.delta, &opts).map(|b| b.interval)
                }
            };
            let seconds = start.elapsed().as_secs_f64();
            let _ = tx.send(r.map(|iv| (iv, seconds)));
        })
        .map_err(|e| Error::Numerical(format!("cannot start a thread: {e}")))?;
    loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(Ok(v)) => return Ok(Ok(v)),
            Ok(Err(Error::Interrupted)) => return Err(Error::Interrupted),
            Ok(Err(e)) => return Ok(Err(e.to_string())),
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if interrupt.load(Ordering::Relaxed) {
                    return Err(Error::Interrupted); // the worker is detached; its result is dropped
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return Ok(Err("the computation stopped without a result (panic)".into())),
        }
    }
}

/// Fold the repetitions of one workload into its report rows.
pub fn aggregate(w: &Workload, dp: &[std::result::Result<(Interval, f64), String>], accountants: &[Accountant], peers: &[Vec<PeerOutcome>]) -> WorkloadResult {
    let mut dpaudit_notes = Vec::new();
    let ok: Vec<&(Interval, f64)> = dp.iter().filter_map(|r| r.as_ref().ok()).collect();
    let certified = ok.first().map(|(iv, _)| *iv);
    if let Some(c) = certified {
        if ok.iter().any(|(iv, _)| iv != &c) {
            dpaudit_notes.push("the certified interval differed between repetitions; the first is used".into());
        }
    }
    if let Some(why) = dp.iter().find_map(|r| r.as_ref().err()) {
        dpaudit_notes.push(format!("{} of {} repetitions failed: {why}", dp.len() - ok.len(), dp.len()));
    }
    let dpaudit_timing = Timing::of(&ok.iter().map(|(_, s)| *s).collect::<Vec<_>>());
    // Only the accountants of the workload's scheme get a row (Poisson or allocation).
    let rows = accountants
        .iter()
        .zip(peers)
        .filter(|(a, _)| a.analyses_allocation() == w.selected.is_some())
        .map(|(&a, runs)| peer_row(a, w.delta, certified, dpaudit_timing, runs))
        .collect();
    WorkloadResult { workload: WorkloadView::from(w), certified, dpaudit_timing, dpaudit_notes, peers: rows }
}

fn peer_row(a: Accountant, delta: f64, certified: Option<Interval>, dp_time: Option<Timing>, runs: &[PeerOutcome]) -> PeerRow {
    let mut notes = Vec::new();
    let values: Vec<(f64, Option<f64>, Option<f64>, f64)> = runs
        .iter()
        .filter_map(|o| match o {
            PeerOutcome::Value { epsilon, lower, estimate, seconds } => Some((*epsilon, *lower, *estimate, *seconds)),
            _ => None,
        })
        .collect();
    let first_problem = runs.iter().find_map(|o| match o {
        PeerOutcome::Skipped(why) => Some(format!("skipped: {why}")),
        PeerOutcome::Failed(why) => Some(format!("failed: {why}")),
        PeerOutcome::Value { .. } => None,
    });
    if let Some(p) = first_problem {
        if values.is_empty() {
            notes.push(p);
        } else {
            notes.push(format!("{} of {} repetitions: {p}", runs.len() - values.len(), runs.len()));
        }
    }
    let first = values.first().copied();
    if let Some((e0, ..)) = first {
        let (lo, hi) = values.iter().fold((e0, e0), |(l, h), v| (l.min(v.0), h.max(v.0)));
        if lo != hi {
            notes.push(format!("ε differed between repetitions ({lo} … {hi}); the first is used"));
        }
    }
    let epsilon = first.map(|v| v.0);
    let (verdict, tight, tmid) = match (epsilon, certified) {
        (Some(e), Some(c)) => {
            let (v, note) = verdict(e, delta, &c);
            notes.extend(note);
            (Some(v), tightness(e, &c), tightness_mid(e, &c))
        }
        _ => (None, None, None),
    };
    let timing = Timing::of(&values.iter().map(|v| v.3).collect::<Vec<_>>());
    let (ratio_median, ratio_min) = match (timing, dp_time) {
        (Some(t), Some(d)) => (ratio(t.median, d.median), ratio(t.min, d.min)),
        _ => (None, None),
    };
    PeerRow {
        accountant: a,
        epsilon,
        lower: first.and_then(|v| v.1),
        estimate: first.and_then(|v| v.2),
        verdict,
        tightness: tight,
        tightness_mid: tmid,
        timing,
        ratio_median,
        ratio_min,
        notes,
    }
}

#[cfg(test)]
#[path = "engine_test.rs"]
mod engine_test;
