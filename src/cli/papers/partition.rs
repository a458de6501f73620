//! `dpaudit partition`: Balanced Iteration Subsampling (each record in exactly k of T
//! iterations; Theorem 3.8 of *Leveraging Randomness in Model and Data Partitioning*), disjoint
//! model splitting (Theorem 3.4) and Poisson subsampling (Theorem 3.11 by RDP, and the certified
//! PLD), with the shuffled-batch instance of Remark 3.9 as a lower bound and Theorem 3.1's terms
//! at the chosen order. Presentation only: [`partition_report`] computes (its report is the JSON
//! of `--json`), this file prints.

use crate::cli::EXIT_OK;
use crate::num::fmt::{fmt_sig, format_number};
use crate::papers::balanced_iteration::commands::partition_report::{parse_orders, partition_report, PartitionReport, PartitionRequest, Target};
use crate::Result;
use clap::Args;
use std::sync::atomic::AtomicBool;

pub const PARTITION_EXAMPLES: &str = "\
Examples:
  # each record in 4 of 10 iterations, sigma = 2: epsilon at delta = 1e-5 (BIS vs Poisson at k/T)
  dpaudit partition --iterations 10 --k 4 --sigma 2 --delta 1e-5
  # delta at epsilon = 1, as JSON
  dpaudit partition --iterations 10 --k 4 --sigma 2 --epsilon 1 --json
  # the noise needed for (3, 1e-5) over 5 epochs
  dpaudit partition --iterations 10 --k 4 --epochs 5 --target-epsilon 3 --delta 1e-5
  # model split into 3 sub-models, 100 iterations with every record; and with Poisson rate 0.1
  dpaudit partition --iterations 100 --submodels 3 --sigma 2 --delta 1e-5
  dpaudit partition --iterations 100 --submodels 3 --gamma 0.1 --sigma 2 --delta 1e-5

Rows (RDP rows converted by Proposition 2.3, minimised over --orders):
  Theorem 3.8          BIS, whole run x epochs (Remark 3.10), certified reverse term R^inf
  Theorem 3.8 [paper]  the same with the paper's reverse term R^paper: NOT for accounting
                       (it rests on Lemma 3.18, which is false as stated)
  Theorem 3.4          model splitting (k = 1 per iteration), composed over T x epochs
  Theorem 3.11         Poisson subsampling at gamma (default k/T), T x epochs steps, RDP
  Theorem 3.11 (PLD)   the same mechanism by the certified privacy-loss distribution (interval)
  Table 1 recipe       Poisson + model splitting, forward divergence only: NOT for accounting
  Remark 3.9           k = 1, T = 2 or 3: exact RDP of a fixed-batch shuffling instance (lower bound)
Then Theorem 3.1's terms of one run at the first certified row's order: F_alpha (exact), G_alpha
(Corollary 3.14), s_alpha, R^inf (certified), R^paper, the printed second terms, the exact reverse
divergence (k = 1) and a Monte Carlo interval of it (100000 samples, seed 1, 99.9 %).
The forward term is exact within a cost budget, else Corollary 3.14's G (an upper bound). A row
that cannot be computed (a size limit, 30 s) says 'not computed: reason'; the others still print.
The certified PLD row needs sigma/clip >= 0.02.
Limits: 1 <= T <= 1e6; 1 <= k <= T - 1 (k = T is no subsampling: use dpaudit profile);
0 < gamma <= 1; 1e-3 <= sigma/clip <= 1e6; submodels >= 1 (not with --k); epochs >= 1;
eps finite >= 0; 0 < delta < 1; integer orders in [2, 4096]. Ctrl-C stops within a second.
Exit status: 0 success; 2 bad parameters; 130 interrupted.";

/// Arguments of `dpaudit partition`.
#[derive(Debug, Args)]
pub struct PartitionArgs {
    /// Number of iterations T (of one epoch).
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub iterations: u64,
    /// Balanced Iteration Subsampling: every record is used in exactly K of the T iterations.
    #[arg(long, value_name = "K", allow_negative_numbers = true)]
    pub k: Option<u64>,
    /// Poisson sampling rate (default K/T).
    #[arg(long, value_name = "G", allow_negative_numbers = true)]
    pub gamma: Option<f64>,
    /// Noise standard deviation per coordinate (absolute; the sensitivity is --clip).
    #[arg(long, value_name = "S", allow_negative_numbers = true, conflicts_with = "target_epsilon")]
    pub sigma: Option<f64>,
    /// Clipping norm (sensitivity) c.
    #[arg(long, value_name = "C", default_value_t = 1.0, allow_negative_numbers = true)]
    pub clip: f64,
    /// Number of disjoint sub-models d (model splitting, Theorem 3.4).
    #[arg(long, value_name = "D", default_value_t = 1, allow_negative_numbers = true)]
    pub submodels: u64,
    /// Number of independent epochs (Remark 3.10).
    #[arg(long, value_name = "E", default_value_t = 1, allow_negative_numbers = true)]
    pub epochs: u64,
    /// Report delta at this epsilon (give exactly one of --epsilon, --delta, --target-epsilon with --delta).
    #[arg(long, value_name = "EPS", allow_negative_numbers = true, conflicts_with_all = ["delta", "target_epsilon"], required_unless_present_any = ["delta", "target_epsilon"])]
    pub epsilon: Option<f64>,
    /// Report epsilon at this delta in (0, 1).
    #[arg(long, value_name = "DELTA", allow_negative_numbers = true)]
    pub delta: Option<f64>,
    /// Report the smallest sigma meeting (this epsilon, --delta).
    #[arg(long = "target-epsilon", value_name = "EPS", allow_negative_numbers = true, requires = "delta")]
    pub target_epsilon: Option<f64>,
    /// Integer Rényi orders: LO..HI or a comma list.
    #[arg(long, value_name = "ORDERS", default_value = "2..256")]
    pub orders: String,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
}

impl PartitionArgs {
    /// The library request. Errors: unparsable --orders.
    pub fn request(&self) -> Result<PartitionRequest> {
        let target = match (self.epsilon, self.delta, self.target_epsilon) {
            (_, Some(d), Some(e)) => Target::Sigma { epsilon: e, delta: d },
            (Some(e), _, _) => Target::Delta { epsilon: e },
            (None, Some(d), None) => Target::Epsilon { delta: d },
            _ => Target::Epsilon { delta: f64::NAN }, // clap requires one; NaN is rejected
        };
        Ok(PartitionRequest {
            iterations: self.iterations,
            k: self.k,
            gamma: self.gamma,
            sigma: self.sigma,
            clip: self.clip,
            submodels: self.submodels,
            epochs: self.epochs,
            target,
            orders: parse_orders(&self.orders)?,
        })
    }
}

/// Run the command: one library call, then print.
pub fn run(a: &PartitionArgs, interrupt: &AtomicBool) -> Result<i32> {
    let report = partition_report(&a.request()?, interrupt)?;
    crate::cli::output::print_serialized(a.json, &report, || to_text(&report), None)?;
    Ok(EXIT_OK)
}

fn g(x: f64) -> String {
    fmt_sig(x, 10, 1e6)
}

fn fmt_value(t: Target, v: f64) -> String {
    match t {
        Target::Delta { .. } => format!("{v:.6e}"),
        _ => g(v),
    }
}

fn to_text(rep: &PartitionReport) -> String {
    let q = &rep.request;
    let what = match q.target {
        Target::Delta { epsilon } => format!("δ at ε = {}", format_number(epsilon)),
        Target::Epsilon { delta } => format!("ε at δ = {}", format_number(delta)),
        Target::Sigma { epsilon, delta } => format!("smallest σ with (ε, δ) = ({}, {})", format_number(epsilon), format_number(delta)),
    };
    let k = q.k.map_or("no balanced subsampling".to_string(), |k| format!("k = {k}"));
    let sigma = q.sigma.map_or(String::new(), |s| format!("σ = {}, ", format_number(s)));
    let mut s = format!("partition: T = {}, {k}, clip c = {}, {sigma}sub-models d = {}, epochs = {}; {what}\n", q.iterations, format_number(q.clip), q.submodels, q.epochs);
    s.push_str(&format!("{:<26} {:<9} {:>16} {:>6} {:>14}  {}\n", "result", "guarantee", q.target.quantity(), "order", "RDP", "notes"));
    for r in &rep.rows {
        let v = r.value.map_or("-".into(), |v| fmt_value(q.target, v));
        let (o, rdp) = r.rdp.map_or(("-".to_string(), "-".to_string()), |x| (format!("{}{}", x.order, if x.at_grid_end { "*" } else { "" }), g(x.rdp)));
        let mut notes = r.what.clone();
        if let Some(iv) = r.interval {
            notes = format!("[{}, {}]; {notes}", fmt_value(q.target, iv.lower), fmt_value(q.target, iv.upper));
        }
        if !r.note.is_empty() {
            notes = format!("{notes}; {}", r.note);
        }
        let label = if r.certified || r.guarantee == crate::papers::Guarantee::Lower { r.result.to_string() } else { format!("{} [paper]", r.result) };
        s.push_str(&format!("{label:<26} {:<9} {v:>16} {o:>6} {rdp:>14}  {notes}\n", format!("{:?}", r.guarantee).to_lowercase()));
    }
    if rep.rows.iter().any(|r| r.rdp.is_some_and(|x| x.at_grid_end)) {
        s.push_str("* optimum at an end of the order grid: a wider --orders may give a smaller value\n");
    }
    match &rep.terms {
        Some(t) => {
            s.push_str(&format!("\nTheorem 3.1 terms at α = {} ({}):\n", t.alpha, rep.terms_note));
            for x in &t.terms {
                let v = x.value.map_or("-".to_string(), g);
                let iv = x.interval.map_or(String::new(), |i| format!("[{}, {}]; ", g(i.lower), g(i.upper)));
                let note = if x.value.is_none() { format!("not computed: {}", x.note) } else { x.note.clone() };
                s.push_str(&format!("  {:<20} {:<9} {v:>16}  {iv}{note}\n", x.name, format!("{:?}", x.guarantee).to_lowercase()));
            }
        }
        None if !rep.terms_note.is_empty() => s.push_str(&format!("\nTheorem 3.1 terms: {}\n", rep.terms_note)),
        None => {}
    }
    s
}
