//! `dpaudit merge {rs|lc}`: certified ε of given merge weights, or the feasible weight set and
//! the utility-best feasible weights for a target (ε′, δ′), for a portfolio of private models
//! (*DP Model Merging*, Algorithms 1–4). A view: the arguments become a [`MergeRequest`],
//! [`certify_merge`] answers it, its [`MergeReport`] is printed (`--json`: its `Serialize` form).
//! Formats and fields: `docs/merging.md`.

use crate::cli::output::print_serialized;
use crate::cli::{EXIT_FINDING, EXIT_OK};
use crate::papers::model_merging::commands::merge_certify::{certify_merge, SearchProgress};
use crate::papers::model_merging::commands::merge_report::MergeReport;
use crate::papers::model_merging::commands::merge_request::{Accounting, MergeRequest, Merger};
use crate::{Error, Result};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

pub const MERGE_EXAMPLES: &str = "\
Examples:
  dpaudit merge rs --portfolio audits/portfolios/gaussian_two_models.toml --epsilon 2 --delta 1e-5 --orders 2..256
  dpaudit merge rs --portfolio audits/portfolios/mnist_three_models.toml --epsilon 12 --delta 1e-5 --weights 0.05,0.05,0.9
  dpaudit merge lc --portfolio audits/portfolios/mnist_three_models.toml --epsilon 1 --delta 1e-5 --accounting pld --json

Exit status: 0 success (and, with --weights, the target is met); 1 the given weights do not meet
the target (or their ε cannot be computed: the row says why); 2 usage or input error (portfolio
errors name the file and line); 130 interrupted (Ctrl-C, within a second; nothing printed).
For linear combination over T > 1 steps the paper's per-step accounting is not sound (audit A1):
the certified value is then Theorem 6.1's joint-release bound. Details: docs/merging.md.";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MergerArg {
    /// Random selection (eq. 4; Theorems 5.1/5.2, Algorithms 1/2).
    Rs,
    /// Linear combination (eq. 5; Theorems 6.1/6.2/6.4, Algorithms 3/4).
    Lc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AccountingArg {
    Rdp,
    Pld,
}

/// Arguments of `dpaudit merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The merger: rs (random selection) or lc (linear combination).
    #[arg(value_enum)]
    pub merger: MergerArg,
    /// Portfolio file (TOML, or CSV when the name ends in .csv).
    #[arg(long, value_name = "FILE")]
    pub portfolio: PathBuf,
    /// Target ε′ ≥ 0.
    #[arg(long, value_name = "E", allow_negative_numbers = true)]
    pub epsilon: f64,
    /// Target δ′ ∈ (0, 1).
    #[arg(long, value_name = "D", allow_negative_numbers = true)]
    pub delta: f64,
    /// Merge weights w1,w2,… on the simplex (one per model): print their certified ε.
    #[arg(long, value_name = "W", value_delimiter = ',', allow_hyphen_values = true)]
    pub weights: Option<Vec<f64>>,
    /// Accounting: rdp (Algorithms 1/3) or pld (Algorithms 2/4).
    #[arg(long, value_enum, default_value_t = AccountingArg::Rdp)]
    pub accounting: AccountingArg,
    /// RDP → (ε, δ) conversion: classic (the paper's) or improved.
    #[arg(long, value_name = "NAME", default_value = "classic")]
    pub conversion: String,
    /// Rényi orders: LO..HI (integers) or a comma list.
    #[arg(long, value_name = "ORDERS", default_value = "2..64")]
    pub orders: String,
    /// Utility per model u1,u2,… (overrides the portfolio's `utility`).
    #[arg(long, value_name = "U", value_delimiter = ',', allow_hyphen_values = true)]
    pub utility: Option<Vec<f64>>,
    /// Lattice step 1/M of the feasible-set search.
    #[arg(long, value_name = "M", default_value_t = 20)]
    pub grid: usize,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

impl MergeArgs {
    /// The library request for these arguments (no validation here: [`certify_merge`] does it).
    pub fn request(&self) -> MergeRequest {
        MergeRequest {
            merger: if self.merger == MergerArg::Rs { Merger::Rs } else { Merger::Lc },
            portfolio: self.portfolio.clone(),
            epsilon: self.epsilon,
            delta: self.delta,
            grid: self.grid,
            conversion: self.conversion.clone(),
            orders: self.orders.clone(),
            weights: self.weights.clone(),
            accounting: if self.accounting == AccountingArg::Rdp { Accounting::Rdp } else { Accounting::Pld },
            utility: self.utility.clone(),
        }
    }
}

/// Run the command: [`certify_merge`] on a worker thread (so that Ctrl-C stops the command
/// within a second even inside one long accountant call), then print its report.
pub fn run(a: &MergeArgs, interrupt: &'static AtomicBool) -> Result<i32> {
    let req = a.request();
    let bar = Arc::new(Bar::new());
    let (tx, rx) = channel();
    let worker_bar = Arc::clone(&bar);
    std::thread::spawn(move || {
        let _ = tx.send(certify_merge(&req, interrupt, worker_bar.as_ref()).map(|out| MergeReport::new(&out)));
    });
    let report = loop {
        match rx.recv_timeout(Duration::from_millis(50)) {
            Ok(r) => break r?,
            Err(RecvTimeoutError::Timeout) if interrupt.load(Ordering::SeqCst) => {
                bar.finish();
                return Err(Error::Interrupted);
            }
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => return Err(Error::Numerical("the merge computation stopped without an answer (a bug in dpaudit)".into())),
        }
    };
    print_serialized(a.json, &report, || report.text(), None)?;
    Ok(if report.finding() { EXIT_FINDING } else { EXIT_OK })
}

/// Progress bar of the feasible-set search: hidden, drawn on stderr once the search has run
/// for 1 s on a terminal.
struct Bar {
    pb: ProgressBar,
    t0: OnceLock<Instant>,
    shown: AtomicBool,
    tty: bool,
}

impl Bar {
    fn new() -> Bar {
        let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{spinner} feasible set [{bar:40}] {pos} evaluations ({elapsed})") {
            pb.set_style(style.progress_chars("=> "));
        }
        Bar { pb, t0: OnceLock::new(), shown: AtomicBool::new(false), tty: std::io::stderr().is_terminal() }
    }
}

impl SearchProgress for Bar {
    fn start(&self, lattice_points: u64) {
        self.pb.set_length(lattice_points);
        let _ = self.t0.set(Instant::now());
    }
    fn step(&self) {
        self.pb.inc(1);
        if self.tty && !self.shown.load(Ordering::Relaxed) && self.t0.get().is_some_and(|t| t.elapsed() > Duration::from_secs(1)) {
            self.shown.store(true, Ordering::Relaxed);
            self.pb.set_draw_target(ProgressDrawTarget::stderr());
            self.pb.enable_steady_tick(Duration::from_millis(200));
        }
    }
    fn finish(&self) {
        self.pb.finish_and_clear();
    }
}
