//! `dpaudit merge {rs|lc}`: certified ε of given merge weights, or the feasible weight set and
//! the utility-best feasible weights for a target (ε′, δ′), for a portfolio of private models
//! (issue 3, *DP Model Merging*). Presentation only: the certificate of each case is chosen in
//! [`super::merge_eval`]; formats and fields are documented in `docs/merging.md`.

use super::merge_eval::{Accounting, Evaluation, Evaluator, Merger};
use super::{EXIT_FINDING, EXIT_OK};
use crate::papers::model_merging::conventions::Conversion;
use crate::papers::model_merging::feasible::{best_weights, feasible, BestWeights, FeasibleSet};
use crate::papers::model_merging::portfolio::{provenance_name, ModelKind, Portfolio};
use crate::{Error, Result};
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

/// Parse `LO..HI`, `LO..=HI` or a comma list of orders.
pub fn parse_orders(s: &str) -> Result<Vec<f64>> {
    let bad = |why: &str| Error::invalid("--orders", s, why);
    if let Some((a, b)) = s.split_once("..") {
        let lo: u32 = a.trim().parse().map_err(|_| bad("expected LO..HI with integers"))?;
        let hi: u32 = b.trim().trim_start_matches('=').parse().map_err(|_| bad("expected LO..HI with integers"))?;
        if lo < 2 || hi < lo || hi > 100_000 {
            return Err(bad("needs 2 <= LO <= HI <= 100000"));
        }
        return Ok((lo..=hi).map(f64::from).collect());
    }
    let mut v: Vec<f64> = s.split(',').map(|x| x.trim().parse::<f64>().map_err(|_| bad("expected numbers"))).collect::<Result<_>>()?;
    if v.is_empty() || v.iter().any(|a| !(a.is_finite() && *a > 1.0)) {
        return Err(bad("orders must be finite and > 1"));
    }
    v.sort_by(f64::total_cmp);
    v.dedup();
    Ok(v)
}

/// Run the command.
pub fn run(a: &MergeArgs, interrupt: &AtomicBool) -> Result<i32> {
    if !(a.epsilon.is_finite() && a.epsilon >= 0.0) {
        return Err(Error::invalid("--epsilon", a.epsilon, "must be finite and >= 0"));
    }
    crate::error::check::unit_open("--delta", a.delta)?;
    if a.grid == 0 {
        return Err(Error::invalid("--grid", 0, "must be at least 1"));
    }
    let conv = Conversion::parse(&a.conversion)?;
    let orders = parse_orders(&a.orders)?;
    let portfolio = Portfolio::read(&a.portfolio)?;
    let n = portfolio.len();
    let utility = match &a.utility {
        Some(u) if u.len() != n => return Err(Error::invalid("--utility", format!("{} values", u.len()), &format!("the portfolio has {n} models"))),
        Some(u) => Some(u.clone()),
        None => portfolio.utilities(),
    };
    let merger = if a.merger == MergerArg::Rs { Merger::Rs } else { Merger::Lc };
    let accounting = if a.accounting == AccountingArg::Rdp { Accounting::Rdp } else { Accounting::Pld };
    if let Some(w) = &a.weights {
        // Validate the weights before any (possibly slow) per-model accounting.
        if w.len() != n {
            return Err(Error::invalid("--weights", format!("{} values", w.len()), &format!("the portfolio has {n} models")));
        }
        crate::papers::model_merging::conventions::validate_simplex("--weights", w, crate::papers::model_merging::conventions::SIMPLEX_TOL)?;
    }
    let ev = Evaluator::new(portfolio, merger, accounting, conv, orders, a.delta)?;
    let head = header(a, &ev, conv);
    match &a.weights {
        Some(w) => {
            let e = ev.eval(w, true)?;
            let met = e.epsilon <= a.epsilon;
            if a.json {
                let mut j = head;
                j["weights"] = json!(w);
                j["result"] = eval_json(&e, a.epsilon);
                println!("{}", serde_json::to_string_pretty(&j).unwrap_or_default());
            } else {
                print!("{}", text_header(&ev, a, conv));
                print!("{}", weights_table(&ev.portfolio, w, utility.as_deref()));
                print!("{}", eval_text(&e, a.epsilon, a.delta));
            }
            Ok(if met { EXIT_OK } else { EXIT_FINDING })
        }
        None => {
            let set = search(&ev, a.epsilon, a.grid, interrupt)?;
            let best = match &utility {
                Some(u) => best_weights(u, &set)?,
                None => None,
            };
            if a.json {
                let mut j = head;
                j["feasible"] = feasible_json(&set);
                j["best"] = best.as_ref().map(|b| json!(b)).unwrap_or(serde_json::Value::Null);
                j["utility"] = json!(utility);
                j["note"] = json!(ev.eval(&vertex(n, 0), false).ok().and_then(|e| e.note));
                println!("{}", serde_json::to_string_pretty(&j).unwrap_or_default());
            } else {
                print!("{}", text_header(&ev, a, conv));
                print!("{}", feasible_text(&ev, &set, best.as_ref(), utility.is_some()));
            }
            Ok(EXIT_OK)
        }
    }
}

fn vertex(n: usize, k: usize) -> Vec<f64> {
    (0..n).map(|i| if i == k { 1.0 } else { 0.0 }).collect()
}

/// The feasible-set search with a progress bar (shown after 1 s on a terminal) and Ctrl-C checks.
fn search(ev: &Evaluator, target: f64, m: usize, interrupt: &AtomicBool) -> Result<FeasibleSet> {
    let n = ev.n();
    let points = crate::num::special::ln_binom((m + n - 1) as f64, (n - 1) as f64).exp().round() as u64;
    let pb = ProgressBar::with_draw_target(Some(points), ProgressDrawTarget::hidden());
    if let Ok(style) = ProgressStyle::with_template("{spinner} feasible set [{bar:40}] {pos} evaluations ({elapsed})") {
        pb.set_style(style.progress_chars("=> "));
    }
    let t0 = Instant::now();
    let shown = AtomicBool::new(false);
    let tty = std::io::stderr().is_terminal();
    let eps_of = |w: &[f64]| -> Result<f64> {
        if interrupt.load(Ordering::SeqCst) {
            return Err(Error::Interrupted);
        }
        pb.inc(1);
        if tty && !shown.load(Ordering::Relaxed) && t0.elapsed() > Duration::from_secs(1) {
            shown.store(true, Ordering::Relaxed);
            pb.set_draw_target(ProgressDrawTarget::stderr());
            pb.enable_steady_tick(Duration::from_millis(200));
        }
        Ok(ev.eval(w, false)?.epsilon)
    };
    let r = feasible(n, target, m, eps_of);
    pb.finish_and_clear();
    r
}

fn header(a: &MergeArgs, ev: &Evaluator, conv: Conversion) -> serde_json::Value {
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

fn eval_json(e: &Evaluation, target: f64) -> serde_json::Value {
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

fn text_header(ev: &Evaluator, a: &MergeArgs, conv: Conversion) -> String {
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

fn eval_text(e: &Evaluation, target: f64, delta: f64) -> String {
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

fn feasible_text(ev: &Evaluator, set: &FeasibleSet, best: Option<&BestWeights>, have_utility: bool) -> String {
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
    if let Ok(e) = ev.eval(&vertex(ev.n(), 0), false) {
        if let Some(n) = e.note {
            s.push_str(&format!("certified by {}\nreason: {n}\n", e.basis));
        }
    }
    s
}

fn fmt(x: f64) -> String {
    if x.is_infinite() {
        return "inf".into();
    }
    crate::num::fmt::fmt_sig(x, 10, 1e6)
}
