//! The data of a comparison report (what [`super::engine::compare`] returns and
//! [`super::report`] / [`super::plot`] render).

use super::judge::Timing;
use super::machine::Machine;
use super::runner::Accountant;
use super::workloads::Workload;
use crate::claims::Verdict;
use crate::num::Interval;
use serde::Serialize;

/// Name of dpaudit's own row.
pub const DPAUDIT: &str = "dpaudit_fft";

/// One Python accountant as the run saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AccountantInfo {
    pub accountant: Accountant,
    pub setting: &'static str,
    /// Package version, when importable.
    pub version: Option<String>,
    /// Why it was skipped (package not importable, no Python).
    pub skipped: Option<String>,
}

/// One accountant on one workload.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerRow {
    pub accountant: Accountant,
    /// The accountant's ε (its upper-bound claim), from its first successful repetition.
    pub epsilon: Option<f64>,
    /// prv_accountant's lower end and estimate.
    pub lower: Option<f64>,
    pub estimate: Option<f64>,
    /// Against dpaudit's certified interval (`None`: no value or no certified interval).
    pub verdict: Option<Verdict>,
    /// `claim ÷ ε(δ)` over the certified interval, and over its midpoint.
    pub tightness: Option<Interval>,
    pub tightness_mid: Option<f64>,
    /// Compute seconds of the successful repetitions.
    pub timing: Option<Timing>,
    /// `median(accountant) ÷ median(dpaudit)` and `min(accountant) ÷ min(dpaudit)`.
    pub ratio_median: Option<f64>,
    pub ratio_min: Option<f64>,
    /// Skipped / failed reasons, differing values across repetitions, verdict notes.
    pub notes: Vec<String>,
}

/// One workload: dpaudit's certified interval and time, and every accountant's row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorkloadResult {
    pub workload: WorkloadView,
    /// dpaudit's certified `[ε_L, ε_U] ∋ ε(δ)` (`None` when its computation failed).
    pub certified: Option<Interval>,
    pub dpaudit_timing: Option<Timing>,
    /// Why dpaudit has no interval, or diagnostics worth showing.
    pub dpaudit_notes: Vec<String>,
    pub peers: Vec<PeerRow>,
}

/// The workload's parameters as shown in reports.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct WorkloadView {
    pub name: String,
    pub mechanism: &'static str,
    pub sampling_rate: f64,
    /// `Some(k)`: the allocation scheme (each record in k of the T steps).
    pub selected: Option<u64>,
    pub noise_multiplier: f64,
    pub steps: u64,
    pub delta: f64,
}

impl From<&Workload> for WorkloadView {
    fn from(w: &Workload) -> Self {
        WorkloadView { name: w.name.clone(), mechanism: super::workloads::MECHANISM, sampling_rate: w.sampling_rate, selected: w.selected, noise_multiplier: w.noise_multiplier, steps: w.steps, delta: w.delta }
    }
}

/// A whole comparison run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CompareReport {
    pub title: String,
    pub workload_file: String,
    pub reps: usize,
    pub machine: Machine,
    /// Interpreter path and version (`None`: no Python was used).
    pub python: Option<String>,
    pub accountants: Vec<AccountantInfo>,
    pub workloads: Vec<WorkloadResult>,
    /// Run-level notes (no Python, how to get the venv, …).
    pub notes: Vec<String>,
}

impl CompareReport {
    /// Some accountant's ε is below dpaudit's certified lower end (exit status 1).
    pub fn any_unsound(&self) -> bool {
        self.workloads.iter().flat_map(|w| &w.peers).any(|p| p.verdict == Some(Verdict::Unsound))
    }
    /// `(sound, unsound, inconclusive, without verdict)` over all rows.
    pub fn counts(&self) -> (usize, usize, usize, usize) {
        let mut c = (0, 0, 0, 0);
        for p in self.workloads.iter().flat_map(|w| &w.peers) {
            match p.verdict {
                Some(Verdict::Sound) => c.0 += 1,
                Some(Verdict::Unsound) => c.1 += 1,
                Some(Verdict::Inconclusive) => c.2 += 1,
                _ => c.3 += 1,
            }
        }
        c
    }
}
