//! `dpaudit merge {rs|lc}`: certified ε of given merge weights, or the feasible weight set and
//! the utility-best feasible weights for a target (ε′, δ′), for a portfolio of private models
//! (issue 3, *DP Model Merging*). Presentation only: the arguments become a
//! [`MergeRequest`], [`certify_merge`] answers it; formats and fields are documented in
//! `docs/merging.md`.

use crate::cli::{EXIT_FINDING, EXIT_OK};
use crate::papers::model_merging::common::conventions::Conversion;
use crate::papers::model_merging::common::feasible::{BestWeights, FeasibleSet};
use crate::papers::model_merging::commands::merge_certifier::{Certificate, Certifier};
use crate::papers::model_merging::commands::merge_certify::{certify_merge, MergeAnswer, SearchProgress};
use crate::papers::model_merging::commands::merge_request::{Accounting, MergeRequest, Merger};
use crate::papers::model_merging::commands::portfolio::{provenance_name, ModelKind, Portfolio};
use crate::Result;
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

pub const MERGE_EXAMPLES: &str = "\
Examples:
  dpaudit merge rs --portfolio audits/portfolios/gaussian_two_models.toml --epsilon 2 --delta 1e-5 --orders 2..256
  dpaudit merge rs --portfolio audits/portfolios/mnist_three_models.toml --epsilon 1 --delta 1e-5 --weights 0.05,0.05,0.9
  dpaudit merge lc --portfolio audits/portfolios/mnist_three_models.toml --epsilon 1 --delta 1e-5 --accounting pld --json

Exit status: 0 success (and, with --weights, the target is met); 1 the given weights do not meet
the target; 2 usage or input error (portfolio errors name the file and line); 130 interrupted.
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
    #[arg(long, value_name = "W", value_delimiter = ',', allow_negative_numbers = true)]
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
    #[arg(long, value_name = "U", value_delimiter = ',', allow_negative_numbers = true)]
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

/// Run the command: build the request, call [`certify_merge`], print.
pub fn run(a: &MergeArgs, interrupt: &AtomicBool) -> Result<i32> {
    let bar = Bar::new();
    let out = certify_merge(&a.request(), interrupt, &bar)?;
    let ev = &out.certifier;
    let conv = ev.conv;
    let head = header(a, ev, conv);
    match &out.answer {
        MergeAnswer::Weights { weights, certificate: e, meets_target } => {
            let w = weights.as_slice();
            if a.json {
                let mut j = head;
                j["weights"] = json!(w);
                j["result"] = eval_json(e, a.epsilon);
                println!("{}", serde_json::to_string_pretty(&j).unwrap_or_default());
            } else {
                print!("{}", text_header(ev, a, conv));
                print!("{}", weights_table(&ev.portfolio, w, out.utility.as_deref()));
                print!("{}", eval_text(e, a.epsilon, a.delta));
            }
            Ok(if *meets_target { EXIT_OK } else { EXIT_FINDING })
        }
        MergeAnswer::Search { set, best, note } => {
            if a.json {
                let mut j = head;
                j["feasible"] = feasible_json(set);
                j["best"] = best.as_ref().map(|b| json!(b)).unwrap_or(serde_json::Value::Null);
                j["utility"] = json!(out.utility);
                j["note"] = json!(note.map(|(_, reason)| reason));
                println!("{}", serde_json::to_string_pretty(&j).unwrap_or_default());
            } else {
                print!("{}", text_header(ev, a, conv));
                print!("{}", feasible_text(ev, set, best.as_ref(), out.utility.is_some(), *note));
            }
            Ok(EXIT_OK)
        }
    }
}

/// Progress bar of the feasible-set search: hidden, drawn on stderr once the search has run
/// for 1 s on a terminal.
struct Bar {
    pb: ProgressBar,
    t0: std::sync::OnceLock<Instant>,
    shown: AtomicBool,
    tty: bool,
}

impl Bar {
    fn new() -> Bar {
        let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template("{spinner} feasible set [{bar:40}] {pos} evaluations ({elapsed})") {
            pb.set_style(style.progress_chars("=> "));
        }
        Bar { pb, t0: std::sync::OnceLock::new(), shown: AtomicBool::new(false), tty: std::io::stderr().is_terminal() }
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

fn header(a: &MergeArgs, ev: &Certifier, conv: Conversion) -> serde_json::Value {
    let p = &ev.portfolio;
    let models: Vec<_> = p.models.iter().map(|m| json!({"name": m.name, "mechanism": mech_name(&m.kind), "utility": m.utility, "line": m.line})).collect();
    json!({
        "merger": if ev.merger == Merger::Rs { "rs" } else { "lc" },
        "accounting": if ev.accounting == Accounting::Rdp { "rdp" } else { "pld" },
        "conversion": if conv == Conversion::Classic { "classic" } else { "improved" },
        "orders": if ev.accounting == Accounting::Rdp { json!([ev.orders.first(), ev.orders.last()]) } else { serde_json::Value::Null },
        "portfolio": {"file": p.file, "name": p.name, "provenance": provenance_name(p.provenance), "models": models},
        "steps_max": ev.t_max(),
        "target": {"epsilon": a.epsilon, "delta": a.delta},
    })
}

fn mech_name(k: &ModelKind) -> &'static str {
    match k {
        ModelKind::DpSgd { .. } => "dp-sgd",
        ModelKind::Gaussian { .. } => "gaussian",
        ModelKind::Curves { .. } => "curves",
    }
}

fn eval_json(e: &Certificate, target: f64) -> serde_json::Value {
    json!({
        "epsilon": finite_or_null(e.epsilon),
        "alpha": e.alpha,
        "at_grid_end": e.at_grid_end,
        "meets_target": e.epsilon <= target,
        "certified_by": e.basis,
        "paper_epsilon": e.paper_epsilon,
        "paper_sound": e.paper_epsilon.is_none(),
        "note": e.note,
    })
}

fn finite_or_null(x: f64) -> serde_json::Value {
    if x.is_finite() { json!(x) } else { json!("inf") }
}

fn feasible_json(set: &FeasibleSet) -> serde_json::Value {
    let feas: Vec<&_> = set.lattice.iter().filter(|p| p.feasible).collect();
    json!({
        "lattice_step": set.lattice_step,
        "lattice_points": set.lattice.len(),
        "feasible_points": feas.len(),
        "min_epsilon": set.lattice.iter().map(|p| p.epsilon).fold(f64::INFINITY, f64::min),
        "intervals_w1": set.intervals_w1,
        "boundary": set.boundary.iter().map(|b| json!({"weights": b.weights, "epsilon": b.epsilon})).collect::<Vec<_>>(),
        "lattice": set.lattice,
    })
}

fn text_header(ev: &Certifier, a: &MergeArgs, conv: Conversion) -> String {
    let p = &ev.portfolio;
    let merger = if ev.merger == Merger::Rs { "random selection" } else { "linear combination" };
    let acc = match ev.accounting {
        Accounting::Rdp => format!("RDP accounting ({} conversion, orders {}..{})", if conv == Conversion::Classic { "classic" } else { "improved" }, ev.orders[0], ev.orders[ev.orders.len() - 1]),
        Accounting::Pld => "PLD accounting (certified FFT)".to_string(),
    };
    format!(
        "portfolio  {} ({} models, {}{})\nmerger     {merger}, {acc}\ntarget     ε′ = {}, δ′ = {:e}\n\n",
        p.file,
        p.len(),
        provenance_name(p.provenance),
        if ev.t_max() > 0 { format!(", T = {}", ev.t_max()) } else { String::new() },
        a.epsilon,
        a.delta
    )
}

fn weights_table(p: &Portfolio, w: &[f64], u: Option<&[f64]>) -> String {
    let width = p.models.iter().map(|m| m.name.chars().count()).max().unwrap_or(5).max(5);
    let mut s = format!("{:<width$}  {:<9}  {:>12}{}\n", "model", "mechanism", "weight", if u.is_some() { "  utility" } else { "" });
    for (i, m) in p.models.iter().enumerate() {
        let ut = u.map(|u| format!("  {}", u[i])).unwrap_or_default();
        s.push_str(&format!("{:<width$}  {:<9}  {:>12}{ut}\n", m.name, mech_name(&m.kind), fmt(w[i])));
    }
    s.push('\n');
    s
}

fn eval_text(e: &Certificate, target: f64, delta: f64) -> String {
    let alpha = e.alpha.map(|a| format!(" (α = {a}{})", if e.at_grid_end { ", at the end of the order grid: widen --orders" } else { "" })).unwrap_or_default();
    let mut s = format!("certified ε = {} at δ = {delta:e}{alpha}\ncertified by {}\n", fmt(e.epsilon), e.basis);
    s.push_str(&if e.epsilon <= target { format!("target met: yes (ε ≤ ε′ = {target})\n") } else { format!("target met: NO (ε > ε′ = {target})\n") });
    if let Some(pe) = e.paper_epsilon {
        s.push_str(&format!("paper's accounting (unsound for T>1, audit A1): ε = {}\n", fmt(pe)));
    }
    if let Some(n) = e.note {
        s.push_str(&format!("reason: {n}\n"));
    }
    s
}

fn feasible_text(ev: &Certifier, set: &FeasibleSet, best: Option<&BestWeights>, have_utility: bool, note: Option<(&str, &str)>) -> String {
    let names = ev.portfolio.names();
    let feas = set.lattice.iter().filter(|p| p.feasible).count();
    let mut s = String::new();
    if ev.n() == 2 {
        s.push_str(&format!("feasible weights of {} (w2 = 1 − w1), lattice step 1/{}:\n", names[0], set.lattice_step));
        if set.intervals_w1.is_empty() {
            s.push_str("  none\n");
        }
        for (lo, hi) in &set.intervals_w1 {
            s.push_str(&format!("  w1 ∈ [{}, {}]\n", fmt(*lo), fmt(*hi)));
        }
    } else {
        s.push_str(&format!("lattice of step 1/{}: {feas} of {} points feasible\n", set.lattice_step, set.lattice.len()));
        s.push_str(&format!("boundary points on lattice edges: {}\n", set.boundary.len()));
        for b in set.boundary.iter().take(12) {
            s.push_str(&format!("  w = ({})  ε = {}\n", b.weights.iter().map(|x| fmt(*x)).collect::<Vec<_>>().join(", "), fmt(b.epsilon)));
        }
        if set.boundary.len() > 12 {
            s.push_str(&format!("  … {} more (--json lists all)\n", set.boundary.len() - 12));
        }
    }
    let min = set.lattice.iter().min_by(|a, b| a.epsilon.total_cmp(&b.epsilon));
    if let Some(p) = min {
        s.push_str(&format!("smallest certified ε on the lattice: {} at w = ({})\n", fmt(p.epsilon), p.weights.iter().map(|x| fmt(*x)).collect::<Vec<_>>().join(", ")));
    }
    match (best, have_utility) {
        (Some(b), _) => s.push_str(&format!(
            "utility-best feasible weights: ({})  utility {}  certified ε = {} (slack {})\n",
            b.weights.iter().map(|x| fmt(*x)).collect::<Vec<_>>().join(", "),
            fmt(b.utility),
            fmt(b.epsilon),
            fmt(b.slack)
        )),
        (None, true) => s.push_str("utility-best feasible weights: none (no feasible point)\n"),
        (None, false) => s.push_str("utility-best feasible weights: give --utility or `utility` per model\n"),
    }
    if let Some((basis, reason)) = note {
        s.push_str(&format!("certified by {basis}\nreason: {reason}\n"));
    }
    s
}

fn fmt(x: f64) -> String {
    if x.is_infinite() {
        return "inf".into();
    }
    crate::num::fmt::fmt_sig(x, 10, 1e6)
}
