//! `dpaudit shuffle`: privacy amplification by shuffling n ε₀-DP local reports — the f-DP bound
//! of *Unified Enhancement of Privacy Bounds for Mixture Mechanisms via f-DP* (Theorem 4.2 /
//! Corollary 4.3), the exact pair of the FMT23 reduction, FMT23's closed form and two exact
//! randomised-response lower bounds, side by side. Presentation only: [`shuffle_report`]
//! computes, this file prints and writes the trade-off CSV (all or nothing).

use crate::cli::{EXIT_FINDING, EXIT_OK};
use crate::papers::mixture_fdp::commands::shuffle::{shuffle_report, Outcome, Row, ShuffleReport, ShuffleRequest, Target, F64_FLOOR, TRADEOFF_POINTS};
use crate::Result;
use clap::Args;
use serde_json::json;
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

Rows: 'Theorem 4.2 / Corollary 4.3' (the paper's f-DP bound), 'exact pair' (the tightest any
analysis through the FMT23 reduction can give), 'FMT23 Theorem 3.2' (closed form; 'not
applicable' when ε₀ > ln(n/(8 ln(2/δ)) − 1)), and the exact values of shuffled 3-ary and binary
randomised response — concrete ε₀-DP mechanisms, hence lower bounds on the worst case. Upper
bounds are rounded up, lower bounds down; 'ratio' is the row's value over the f-DP bound's.
Every shuffling upper bound assumes FMT23's reduction, which their erratum restricts to a class
of local randomisers; the RR rows do not depend on it.
A δ below ~1e-290 is beyond the f64 sums: the upper bounds then only certify δ <= ~1e-300.
Limits: 2 <= n <= 1e9; 0 < ε₀ <= 700; ε finite >= 0; 0 < δ < 1. The 3-RR row is computed for
n <= 100000 (--epsilon) / n <= 20000 (--delta); --tradeoff-csv needs n <= 2000.
Exit status: 0 success; 1 the bounds violate the nesting the theory forces (lower <= exact
pair <= f-DP, exact pair <= FMT23; printed); 2 bad parameters (nothing written); 130 interrupted.";

/// Arguments of `dpaudit shuffle`.
#[derive(Debug, Args)]
pub struct ShuffleArgs {
    /// Number of users n ≥ 2 (each holds one record and applies the local randomiser).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
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
    crate::cli::output::print_report(a.json, || to_json(&report), || to_text(&report), csv)?;
    Ok(if report.nesting_violations.is_empty() { EXIT_OK } else { EXIT_FINDING })
}

fn guarantee(r: &Row) -> String {
    serde_json::to_value(r.guarantee).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

fn asked(rep: &ShuffleReport) -> (&'static str, String) {
    match rep.request.target {
        Target::Delta { epsilon } => ("delta", format!("δ at ε = {epsilon}")),
        Target::Epsilon { delta } => ("epsilon", format!("ε at δ = {delta}")),
    }
}

fn to_json(rep: &ShuffleReport) -> serde_json::Value {
    let rows: Vec<_> = rep
        .rows
        .iter()
        .map(|r| {
            let mut j = json!({
                "key": r.key, "result": r.result, "what": r.what, "guarantee": guarantee(r),
                "value": r.value(), "ratio_to_f_dp": r.ratio,
            });
            match &r.outcome {
                Outcome::NotApplicable(why) => j["not_applicable"] = json!(why),
                Outcome::Skipped(why) => j["skipped"] = json!(why),
                Outcome::Value(_) => {}
            }
            j
        })
        .collect();
    let (quantity, _) = asked(rep);
    let (eps, delta) = match rep.request.target {
        Target::Delta { epsilon } => (Some(epsilon), None),
        Target::Epsilon { delta } => (None, Some(delta)),
    };
    json!({
        "users": rep.request.users, "local_epsilon": rep.request.local_epsilon, "quantity": quantity,
        "epsilon": eps, "delta": delta, "rows": rows, "nesting_holds": rep.nesting_violations.is_empty(),
        "nesting_violations": rep.nesting_violations,
        "assumption": "upper bounds assume the FMT23 shuffling reduction (restricted by its erratum to a class of local randomisers)",
        "tradeoff_points": TRADEOFF_POINTS,
    })
}

fn to_text(rep: &ShuffleReport) -> String {
    let (quantity, what) = asked(rep);
    let mut out = format!("shuffle: n = {} users, local ε₀ = {}; {what}\n", rep.request.users, rep.request.local_epsilon);
    out.push_str(&format!("{:<30} {:<9} {:>20} {:>10}  {}\n", "bound", "guarantee", quantity, "ratio", "notes"));
    for r in &rep.rows {
        let v = match rep.request.target {
            Target::Delta { .. } => r.value().map_or("-".into(), |v| format!("{v:.10e}")),
            Target::Epsilon { .. } => r.value().map_or("-".into(), |v| format!("{v:.10}")),
        };
        let ratio = r.ratio.map_or("-".into(), |x| if (1e-3..1e4).contains(&x) { format!("{x:.4}") } else { format!("{x:.3e}") });
        let (gu, notes) = match &r.outcome {
            Outcome::Value(v) if matches!(rep.request.target, Target::Delta { .. }) && *v < F64_FLOOR && r.guarantee == crate::papers::Guarantee::Upper => {
                (guarantee(r), format!("below the f64 range: only δ ≤ {v:.1e} is certified; {}", r.what))
            }
            Outcome::Value(_) => (guarantee(r), r.what.to_string()),
            Outcome::NotApplicable(why) => ("-".to_string(), format!("not applicable: {why}")),
            Outcome::Skipped(why) => ("-".to_string(), format!("skipped: {why}")),
        };
        out.push_str(&format!("{:<30} {:<9} {:>20} {:>10}  {}\n", r.result, gu, v, ratio, notes));
    }
    if rep.nesting_violations.is_empty() {
        out.push_str("nesting holds: lower bounds ≤ exact pair ≤ f-DP bound, exact pair ≤ FMT23 (where computed)\n");
    } else {
        for v in &rep.nesting_violations {
            out.push_str(&format!("NESTING VIOLATED: {v}\n"));
        }
    }
    out.push_str("upper bounds assume the FMT23 shuffling reduction (its erratum restricts it to a class of local randomisers)\n");
    out
}
