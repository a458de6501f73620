//! `dpaudit shuffle`: privacy amplification by shuffling n ε₀-DP local reports — the f-DP bound
//! of *Unified Enhancement of Privacy Bounds for Mixture Mechanisms via f-DP* (Theorem 4.2 /
//! Corollary 4.3), the exact pair of the FMT23 reduction, FMT23's closed form and two exact
//! randomised-response lower bounds, side by side. Presentation only: [`shuffle_report`]
//! computes (the library's `Serialize` report), this file prints it and writes the trade-off CSV
//! (all or nothing).

use crate::cli::{EXIT_FINDING, EXIT_OK};
use crate::num::fmt::format_number;
use crate::papers::mixture_fdp::commands::shuffle::{shuffle_report, ShuffleReport, ShuffleRequest, Target};
use crate::Result;
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

pub const SHUFFLE_EXAMPLES: &str = "\
Examples:
  # Table 1 of the paper (n = 10 000, ε₀ = 4.444): δ at ε = 1
  dpaudit shuffle --users 10000 --local-epsilon 4.444 --epsilon 1
  # Table 2: ε at δ = 5e-5, as JSON
  dpaudit shuffle --users 10000 --local-epsilon 4.444 --delta 5e-5 --json
  # small n: also the trade-off curves of Theorem 4.2 and of the exact pair
  dpaudit shuffle --users 100 --local-epsilon 1 --delta 1e-6 --tradeoff-csv curves.csv
  # large n: every row, 3-RR included, in about a second
  dpaudit shuffle --users 100000 --local-epsilon 2 --epsilon 0.5

Rows: 'Theorem 4.2 / Corollary 4.3' (the paper's f-DP bound), 'exact pair' (the tightest any
analysis through the FMT23 reduction can give), 'FMT23 Theorem 3.2' (closed form; 'not
applicable' when ε₀ > ln(n/(8 ln(2/δ)) − 1)), and the exact values of shuffled 3-ary and binary
randomised response — concrete ε₀-DP mechanisms, hence lower bounds on the worst case. Upper
bounds are rounded up, lower bounds down; 'ratio' is the row's value over the f-DP bound's.
Every shuffling upper bound assumes FMT23's reduction, which their erratum restricts to a class
of local randomisers; the RR rows do not depend on it.
The sums are kept in log space: a δ below the f64 range is printed with its ln δ (an upper bound
is then reported as the smallest subnormal, never 0). A row whose exact sum would exceed its work
budget (about a second; very large n) says 'not computed' and the other rows still print.
Limits: 2 <= n <= 1e9 (--users accepts 1e9); 0 < ε₀ <= 700; ε finite >= 0; 0 < δ < 1;
--tradeoff-csv needs n <= 2000.
Exit status: 0 success; 1 the bounds violate the nesting the theory forces (lower <= exact
pair <= f-DP, exact pair <= FMT23, compared by their certified ends; printed); 2 bad parameters
(nothing written); 130 interrupted.";

/// Arguments of `dpaudit shuffle`.
#[derive(Debug, Args)]
pub struct ShuffleArgs {
    /// Number of users n ≥ 2 (each holds one record and applies the local randomiser).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = parse_users)]
    pub users: u64,
    /// ε₀ > 0 of every user's local randomiser (pure ε₀-DP).
    #[arg(long = "local-epsilon", value_name = "E0", allow_negative_numbers = true)]
    pub local_epsilon: f64,
    /// Report δ at this ε ≥ 0 (give exactly one of --epsilon, --delta).
    #[arg(long, value_name = "EPS", allow_negative_numbers = true, conflicts_with = "delta", required_unless_present = "delta")]
    pub epsilon: Option<f64>,
    /// Report ε at this δ ∈ (0, 1).
    #[arg(long, value_name = "DELTA", allow_negative_numbers = true)]
    pub delta: Option<f64>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write the trade-off curves of Theorem 4.2 and of the exact pair to FILE (CSV; n ≤ 2000).
    #[arg(long = "tradeoff-csv", value_name = "FILE")]
    pub tradeoff_csv: Option<PathBuf>,
}

/// A user count: an integer, also written `1e9` or `1000.0` when exactly integral.
fn parse_users(s: &str) -> std::result::Result<u64, String> {
    crate::papers::card::Domain::COUNT.parse("--users", s).ok().and_then(|v| if let crate::papers::card::Value::Int(n) = v { Some(n) } else { None }).ok_or_else(|| format!("'{s}' is not a non-negative integer"))
}

impl ShuffleArgs {
    /// The library request (validated by [`shuffle_report`]).
    pub fn request(&self) -> ShuffleRequest {
        let target = match (self.epsilon, self.delta) {
            (Some(e), _) => Target::Delta { epsilon: e },
            (None, Some(d)) => Target::Epsilon { delta: d },
            (None, None) => Target::Epsilon { delta: f64::NAN }, // clap requires one; NaN is rejected
        };
        ShuffleRequest { users: self.users, local_epsilon: self.local_epsilon, target }
    }
}

/// Run the command: one library call, then print (and write the CSV, all or nothing).
pub fn run(a: &ShuffleArgs, interrupt: &AtomicBool) -> Result<i32> {
    let report = shuffle_report(&a.request(), interrupt)?;
    let csv = match &a.tradeoff_csv {
        Some(path) => Some((path.as_path(), report.tradeoff_csv()?)),
        None => None,
    };
    crate::cli::output::print_serialized(a.json, &report, || to_text(&report), csv)?;
    Ok(if report.nesting_holds { EXIT_OK } else { EXIT_FINDING })
}

fn to_text(rep: &ShuffleReport) -> String {
    let what = match rep.request.target {
        Target::Delta { epsilon } => format!("δ at ε = {epsilon}"),
        Target::Epsilon { delta } => format!("ε at δ = {delta}"),
    };
    let mut out = format!("shuffle: n = {} users, local ε₀ = {}; {what}\n", rep.users, rep.local_epsilon);
    out.push_str(&format!("{:<30} {:<9} {:>20} {:>10}  {}\n", "bound", "guarantee", rep.quantity, "ratio", "notes"));
    for r in &rep.rows {
        let v = match (rep.request.target, r.value) {
            (_, None) => "-".into(),
            (Target::Delta { .. }, Some(v)) => format!("{v:.10e}"),
            (Target::Epsilon { .. }, Some(v)) => format!("{v:.10}"),
        };
        let ratio = r.ratio.map_or("-".into(), |x| if (1e-3..1e4).contains(&x) { format!("{x:.4}") } else { format!("{x:.3e}") });
        let guarantee = format!("{:?}", r.guarantee).to_lowercase();
        let notes = match (&r.not_applicable, &r.not_computed, r.value, r.ln_value) {
            (Some(why), _, _, _) => format!("not applicable: {why}"),
            (_, Some(why), _, _) => format!("not computed: {why}"),
            (_, _, Some(v), Some(l)) if v < 1e-300 && l.is_finite() => format!("below the f64 range: ln δ {} {}; {}", if r.guarantee == crate::papers::Guarantee::Lower { ">=" } else { "<=" }, format_number(l), r.what),
            _ => r.what.to_string(),
        };
        let guarantee = if r.value.is_some() { guarantee } else { "-".into() };
        out.push_str(&format!("{:<30} {:<9} {:>20} {:>10}  {}\n", r.result, guarantee, v, ratio, notes));
    }
    if rep.nesting_holds {
        out.push_str(&format!("nesting holds: lower bounds ≤ exact pair ≤ f-DP bound, exact pair ≤ FMT23 (checked: {})\n", if rep.nesting_checked.is_empty() { "none computable".to_string() } else { rep.nesting_checked.join(", ") }));
    } else {
        for v in &rep.nesting_violations {
            out.push_str(&format!("NESTING VIOLATED: {v}\n"));
        }
    }
    out.push_str(rep.assumption);
    out.push('\n');
    out
}
