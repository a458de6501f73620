//! The Python side of `dpaudit compare`: one long-lived child process running
//! `adapters/python/compare_runner.py` (embedded in the binary and passed with `python -c`, so
//! it works from any directory), driven by JSON lines (protocol in the script's docstring).
//!
//! The runner imports every package once, at start (never timed), then answers one job per
//! line; it times each job with `time.perf_counter` around the accountant's computation only.
//! Nothing here judges a value: this file moves numbers between the processes.

use super::workloads::Workload;
use crate::error::{Error, Result};
use serde::Serialize;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The runner script, embedded at build time.
pub const RUNNER_SCRIPT: &str = include_str!("../../adapters/python/compare_runner.py");

/// How long the runner may take to import its packages and greet (seconds).
pub const HELLO_TIMEOUT_SECS: u64 = 180;

/// Default interpreters, tried in order (relative to the current directory): the venv of
/// `adapters/python/run_adapters.sh`, then the one of `scripts/python_env.sh`.
pub const DEFAULT_PYTHONS: [&str; 2] = ["adapters/python/.venv/bin/python", ".venv-accountants/bin/python"];

/// A Python accountant that `dpaudit compare` can run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Accountant {
    DpAccountingPld,
    DpAccountingRdp,
    PrvAccountant,
    AutodpRdp,
    OpacusRdp,
    OpacusPrv,
    /// `PLD_accounting` 2.0 (Feldman & Shenfeld): PLD of random allocation (allocation workloads).
    PldAccounting,
    /// `random-allocation` 1.0.5: its combined analytic/RDP/decomposition bound (allocation workloads).
    RandomAllocation,
}

impl Accountant {
    pub const ALL: [Accountant; 8] = [
        Accountant::DpAccountingPld,
        Accountant::DpAccountingRdp,
        Accountant::PrvAccountant,
        Accountant::AutodpRdp,
        Accountant::OpacusRdp,
        Accountant::OpacusPrv,
        Accountant::PldAccounting,
        Accountant::RandomAllocation,
    ];

    /// Whether the accountant analyses the allocation scheme (`true`) or Poisson sampling.
    pub fn analyses_allocation(&self) -> bool {
        matches!(self, Accountant::PldAccounting | Accountant::RandomAllocation)
    }

    /// The job name of the runner protocol (also accepted by `--accountants`).
    pub fn name(&self) -> &'static str {
        match self {
            Accountant::DpAccountingPld => "dp_accounting_pld",
            Accountant::DpAccountingRdp => "dp_accounting_rdp",
            Accountant::PrvAccountant => "prv_accountant",
            Accountant::AutodpRdp => "autodp_rdp",
            Accountant::OpacusRdp => "opacus_rdp",
            Accountant::OpacusPrv => "opacus_prv",
            Accountant::PldAccounting => "pld_accounting",
            Accountant::RandomAllocation => "random_allocation",
        }
    }

    /// How the accountant is configured (shown in the report).
    pub fn setting(&self) -> &'static str {
        match self {
            Accountant::DpAccountingPld => "PLDAccountant, value_discretization_interval 1e-4, pessimistic connect-the-dots",
            Accountant::DpAccountingRdp => "RdpAccountant, default orders",
            Accountant::PrvAccountant => "PRVAccountant, eps_error 0.01, delta_error δ/1000; ε = its upper (lower, estimate shown)",
            Accountant::AutodpRdp => "SubsampleGaussianMechanism (RDP, Poisson, improved bound)",
            Accountant::OpacusRdp => "opacus.accountants.RDPAccountant, default orders",
            Accountant::OpacusPrv => "opacus.accountants.PRVAccountant, eps_error 0.01",
            Accountant::PldAccounting => "gaussian_allocation_epsilon_range, default accuracy; ε = its upper end (lower end shown; a lower bound on the scheme only for k = 1)",
            Accountant::RandomAllocation => "allocation_epsilon_combined, integer orders 2..60",
        }
    }

    /// Parse a comma-separated list of names (`all` for every one), without repeats.
    /// Errors: [`Error::UnknownName`] listing the valid names; an empty list.
    pub fn parse_list(s: &str) -> Result<Vec<Accountant>> {
        if s.trim().eq_ignore_ascii_case("all") {
            return Ok(Accountant::ALL.to_vec());
        }
        let mut v = Vec::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let a = Accountant::ALL.iter().copied().find(|a| a.name() == part.to_ascii_lowercase()).ok_or_else(|| Error::UnknownName {
                kind: "accountant".into(),
                name: part.to_string(),
                expected: format!("all, {}", Accountant::ALL.iter().map(Accountant::name).collect::<Vec<_>>().join(", ")),
            })?;
            if !v.contains(&a) {
                v.push(a);
            }
        }
        if v.is_empty() {
            return Err(Error::invalid("accountants", format!("'{s}'"), "names no accountant"));
        }
        Ok(v)
    }
}

/// One answer of the runner.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PeerOutcome {
    /// ε (the accountant's upper-bound claim), prv's lower and estimate, compute seconds.
    Value { epsilon: f64, lower: Option<f64>, estimate: Option<f64>, seconds: f64 },
    /// The package is not importable (or the runner could not be started).
    Skipped(String),
    /// The accountant raised, returned a non-finite value, or the runner broke.
    Failed(String),
}

/// What the runner said at start: Python version and, per accountant, version or skip reason.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Hello {
    pub python: String,
    /// `(name, Ok(version) | Err(skip reason))`, in the runner's order.
    pub accountants: Vec<(String, std::result::Result<String, String>)>,
}

impl Hello {
    /// The package version of `a`, or why it is skipped.
    pub fn status(&self, a: Accountant) -> std::result::Result<String, String> {
        self.accountants.iter().find(|(n, _)| n == a.name()).map(|(_, s)| s.clone()).unwrap_or_else(|| Err(format!("the runner does not know {}", a.name())))
    }
}

/// A running `compare_runner.py`. Killed when dropped.
pub struct PythonRunner {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<std::io::Result<String>>,
    last_err: std::sync::Arc<std::sync::Mutex<String>>,
    pub hello: Hello,
    /// Set once the runner broke (exited, garbled output): every later job fails with it.
    broken: Option<String>,
    next_id: u64,
}

/// The interpreter to use: `explicit`, else the first of [`DEFAULT_PYTHONS`] that exists.
/// `Err(note)` tells the user how to get one.
pub fn choose_python(explicit: Option<&Path>) -> std::result::Result<PathBuf, String> {
    if let Some(p) = explicit {
        return Ok(p.to_path_buf());
    }
    DEFAULT_PYTHONS.iter().map(PathBuf::from).find(|p| p.exists()).ok_or_else(|| {
        format!(
            "no Python accountants: neither {} nor {} exists; run `bash adapters/python/run_adapters.sh` (or `bash scripts/python_env.sh`) to create the venv, or pass --python PATH",
            DEFAULT_PYTHONS[0], DEFAULT_PYTHONS[1]
        )
    })
}

impl PythonRunner {
    /// Start `python -u -c <script>` and wait for its hello line (polling `interrupt`).
    /// `Ok(Err(reason))`: no usable runner (the peers are then skipped with this reason);
    /// `Err(Error::Interrupted)` on Ctrl-C.
    pub fn start(python: &Path, interrupt: &AtomicBool) -> Result<std::result::Result<PythonRunner, String>> {
        let spawned = Command::new(python)
            .arg("-u")
            .arg("-c")
            .arg(RUNNER_SCRIPT)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn();
        let mut child = match spawned {
            Ok(c) => c,
            Err(e) => return Ok(Err(format!("cannot start Python {}: {e}", python.display()))),
        };
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Ok(Err("no pipes to the Python runner".into()));
        };
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // Keep the last stderr line (a traceback's last line names the problem) for messages.
        let last_err = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let sink = last_err.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(std::result::Result::ok) {
                if !line.trim().is_empty() {
                    if let Ok(mut l) = sink.lock() {
                        *l = line;
                    }
                }
            }
        });
        let mut runner = PythonRunner { child, stdin, lines, last_err, hello: Hello::default(), broken: None, next_id: 0 };
        let deadline = Instant::now() + Duration::from_secs(HELLO_TIMEOUT_SECS);
        let line = match runner.read_line(interrupt, Some(deadline))? {
            Ok(l) => l,
            Err(why) => return Ok(Err(format!("Python {} did not start the runner: {why}", python.display()))),
        };
        match parse_hello(&line) {
            Ok(h) => runner.hello = h,
            Err(why) => return Ok(Err(format!("Python {}: {why}", python.display()))),
        }
        Ok(Ok(runner))
    }

    /// Run one job. `Err` only for an interrupt; a broken runner gives [`PeerOutcome::Failed`].
    pub fn run(&mut self, a: Accountant, w: &Workload, interrupt: &AtomicBool) -> Result<PeerOutcome> {
        if let Some(why) = &self.broken {
            return Ok(PeerOutcome::Failed(why.clone()));
        }
        if let Err(why) = self.hello.status(a) {
            return Ok(PeerOutcome::Skipped(why));
        }
        if a.analyses_allocation() != w.selected.is_some() {
            let what = if a.analyses_allocation() { "random allocation" } else { "Poisson sampling" };
            return Ok(PeerOutcome::Skipped(format!("{} analyses {what} only", a.name())));
        }
        self.next_id += 1;
        let id = self.next_id;
        let job = serde_json::json!({
            "id": id, "accountant": a.name(), "sampling_rate": w.sampling_rate,
            "noise_multiplier": w.noise_multiplier, "steps": w.steps, "delta": w.delta, "selected": w.selected,
        });
        if let Err(e) = writeln!(self.stdin, "{job}").and_then(|_| self.stdin.flush()) {
            return Ok(self.break_with(format!("the Python runner stopped reading jobs ({e})")));
        }
        let line = match self.read_line(interrupt, None)? {
            Ok(l) => l,
            Err(why) => return Ok(self.break_with(format!("the Python runner broke: {why}"))),
        };
        match parse_answer(&line, id) {
            Ok(outcome) => Ok(outcome),
            Err(why) => Ok(self.break_with(format!("the Python runner answered garbage: {why}"))),
        }
    }

    fn break_with(&mut self, why: String) -> PeerOutcome {
        self.broken = Some(why.clone());
        PeerOutcome::Failed(why)
    }

    /// The next stdout line; `Ok(Err(why))` at end of output or past `deadline`.
    fn read_line(&mut self, interrupt: &AtomicBool, deadline: Option<Instant>) -> Result<std::result::Result<String, String>> {
        loop {
            if interrupt.load(Ordering::Relaxed) {
                return Err(Error::Interrupted);
            }
            match self.lines.recv_timeout(Duration::from_millis(50)) {
                Ok(Ok(line)) if line.trim().is_empty() => continue,
                Ok(Ok(line)) => return Ok(Ok(line)),
                Ok(Err(e)) => return Ok(Err(format!("reading its output failed: {e}"))),
                Err(RecvTimeoutError::Disconnected) => {
                    let status = self.child.wait().map(|s| s.to_string()).unwrap_or_else(|e| e.to_string());
                    std::thread::sleep(Duration::from_millis(20)); // let the stderr reader catch up
                    let last = self.last_err.lock().map(|l| l.clone()).unwrap_or_default();
                    let said = if last.is_empty() { String::new() } else { format!("; its last message: {}", clip(&last)) };
                    return Ok(Err(format!("it exited ({status}){said}")));
                }
                Err(RecvTimeoutError::Timeout) => {
                    if deadline.is_some_and(|d| Instant::now() > d) {
                        return Ok(Err(format!("no answer within {HELLO_TIMEOUT_SECS} s")));
                    }
                }
            }
        }
    }
}

impl Drop for PythonRunner {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parse the runner's first line `{"hello": {"python": …, "accountants": {…}}}`.
pub fn parse_hello(line: &str) -> std::result::Result<Hello, String> {
    let v: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("expected the hello line, got '{}' ({e})", clip(line)))?;
    let h = v.get("hello").ok_or_else(|| format!("expected the hello line, got '{}'", clip(line)))?;
    let python = h.get("python").and_then(|p| p.as_str()).unwrap_or("unknown").to_string();
    let mut accountants = Vec::new();
    if let Some(map) = h.get("accountants").and_then(|a| a.as_object()) {
        for (name, s) in map {
            let status = match (s.get("version").and_then(|x| x.as_str()), s.get("skipped").and_then(|x| x.as_str())) {
                (Some(v), _) => Ok(v.to_string()),
                (None, Some(why)) => Err(why.to_string()),
                (None, None) => Err("no version reported".to_string()),
            };
            accountants.push((name.clone(), status));
        }
    }
    Ok(Hello { python, accountants })
}

/// Parse one answer line for job `id`. An ε that is not a finite number ≥ 0, or negative
/// seconds, is garbage (never passed on as a value).
pub fn parse_answer(line: &str, id: u64) -> std::result::Result<PeerOutcome, String> {
    let v: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("'{}' ({e})", clip(line)))?;
    if v.get("id").and_then(|x| x.as_u64()) != Some(id) {
        return Err(format!("expected the answer to job {id}, got '{}'", clip(line)));
    }
    if let Some(why) = v.get("skipped") {
        return Ok(PeerOutcome::Skipped(why.as_str().unwrap_or("skipped").to_string()));
    }
    if let Some(why) = v.get("error") {
        return Ok(PeerOutcome::Failed(why.as_str().unwrap_or("error").to_string()));
    }
    let num = |k: &str| v.get(k).and_then(|x| x.as_f64());
    let (Some(epsilon), Some(seconds)) = (num("epsilon"), num("seconds")) else {
        return Err(format!("no epsilon/seconds in '{}'", clip(line)));
    };
    if !(epsilon.is_finite() && epsilon >= 0.0) {
        return Ok(PeerOutcome::Failed(format!("the accountant returned ε = {epsilon}")));
    }
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(format!("seconds = {seconds}"));
    }
    Ok(PeerOutcome::Value { epsilon, lower: num("lower"), estimate: num("estimate"), seconds })
}

fn clip(s: &str) -> String {
    let t: String = s.chars().take(120).collect();
    if t.len() < s.len() {
        format!("{t}…")
    } else {
        t
    }
}

#[cfg(test)]
#[path = "runner_test.rs"]
mod runner_test;
