//! `dpaudit init-gd`: one step of DP-GD from a random Gaussian initialisation — Theorem 5.1 of
//! *Unified Enhancement of Privacy Bounds for Mixture Mechanisms via f-DP* next to the baseline
//! without initialisation randomness. Presentation only: [`init_gd_report`] computes (the
//! library's `Serialize` report), this file prints it and writes the trade-off CSV (all or
//! nothing).

use crate::cli::EXIT_OK;
use crate::num::fmt::format_number;
use crate::papers::mixture_fdp::commands::init_gd::{init_gd_report, InitGdReport, InitGdRequest, Target};
use crate::Result;
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

pub const INIT_GD_EXAMPLES: &str = "\
Examples:
  # Section 5.5 of the spec: a = 1, sigma = 1, gradients clipped at c = 1, delta at eps = 1
  dpaudit init-gd --a 1 --sigma 1 --clip 1 --epsilon 1
  # epsilon at delta = 1e-5, as JSON; the trade-off curves to a CSV file
  dpaudit init-gd --a 1 --sigma 1 --clip 2 --delta 1e-5 --json --tradeoff-csv curves.csv
  # the trade-off value at alpha = 0.1 without clipping (Example D.1)
  dpaudit init-gd --a 1 --sigma 1 --alpha 0.1

Setting (paper Section 5, Examples D.1/D.2): least squares with y_i = a x_i, x_i^2 = 1, one point
removed; theta = I - g(I, D) - sigma Z with I, Z ~ N(0, 1); mu_I = clip(a - I, -c, c)/sigma. Rows:
'Theorem 5.1' (index-revealed bound in the |mu_I| form; also the worst-case remark with the
non-negative envelope min(|a - I|, c)/sigma, which this family attains), and the baseline with a
fixed start, G_{c/sigma} ('not applicable' without clipping). Upper bounds on privacy loss: delta
and epsilon rounded up, the trade-off value beta rounded down. The delta integral is kept in log
space: a delta below the f64 range is printed with its ln delta (the upper bound is then the
smallest subnormal, never 0).
Limits: |a| <= 1000; 0.001 <= sigma <= 1000; 0 < c <= 1000; eps finite >= 0; 0 < delta < 1;
0 <= alpha <= 1.
Exit status: 0 success; 2 bad parameters (nothing written); 130 interrupted.";

/// Arguments of `dpaudit init-gd`.
#[derive(Debug, Args)]
pub struct InitGdArgs {
    /// Label slope a (data y_i = a x_i, x_i^2 = 1).
    #[arg(long, value_name = "A", allow_negative_numbers = true)]
    pub a: f64,
    /// Noise standard deviation sigma of the gradient step.
    #[arg(long, value_name = "SIGMA", allow_negative_numbers = true)]
    pub sigma: f64,
    /// Per-sample gradient clipping norm c (omit: no clipping, Example D.1).
    #[arg(long, value_name = "C", allow_negative_numbers = true)]
    pub clip: Option<f64>,
    /// Report delta at this eps >= 0 (give exactly one of --epsilon, --delta, --alpha).
    #[arg(long, value_name = "EPS", allow_negative_numbers = true, conflicts_with_all = ["delta", "alpha"], required_unless_present_any = ["delta", "alpha"])]
    pub epsilon: Option<f64>,
    /// Report eps at this delta in (0, 1).
    #[arg(long, value_name = "DELTA", allow_negative_numbers = true, conflicts_with = "alpha")]
    pub delta: Option<f64>,
    /// Report the trade-off value beta at this type I error alpha in [0, 1].
    #[arg(long, value_name = "ALPHA", allow_negative_numbers = true)]
    pub alpha: Option<f64>,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write the trade-off curves (Theorem 5.1 and the baseline) to FILE (CSV).
    #[arg(long = "tradeoff-csv", value_name = "FILE")]
    pub tradeoff_csv: Option<PathBuf>,
}

impl InitGdArgs {
    /// The library request (validated by [`init_gd_report`]).
    pub fn request(&self) -> InitGdRequest {
        let target = match (self.epsilon, self.delta, self.alpha) {
            (Some(e), _, _) => Target::Delta { epsilon: e },
            (None, Some(d), _) => Target::Epsilon { delta: d },
            (None, None, Some(a)) => Target::Beta { alpha: a },
            (None, None, None) => Target::Epsilon { delta: f64::NAN }, // clap requires one; NaN is rejected
        };
        InitGdRequest { a: self.a, sigma: self.sigma, clip: self.clip, target }
    }
}

/// Run the command: one library call, then print (and write the CSV, all or nothing).
pub fn run(a: &InitGdArgs, interrupt: &AtomicBool) -> Result<i32> {
    let report = init_gd_report(&a.request(), interrupt)?;
    let csv = match &a.tradeoff_csv {
        Some(path) => Some((path.as_path(), report.tradeoff_csv()?)),
        None => None,
    };
    crate::cli::output::print_serialized(a.json, &report, || to_text(&report), csv)?;
    Ok(EXIT_OK)
}

fn to_text(rep: &InitGdReport) -> String {
    let what = match rep.request.target {
        Target::Delta { epsilon } => format!("δ at ε = {}", format_number(epsilon)),
        Target::Epsilon { delta } => format!("ε at δ = {}", format_number(delta)),
        Target::Beta { alpha } => format!("trade-off β at α = {}", format_number(alpha)),
    };
    let clip = rep.clip.map_or("none (Example D.1)".to_string(), format_number);
    let mut s = format!("One-step DP-GD with random initialisation (mixtures f-DP, Section 5): a = {}, σ = {}, clip c = {clip}\n{what}\n", format_number(rep.a), format_number(rep.sigma));
    for r in &rep.rows {
        let v = match (r.value, r.ln_value) {
            (Some(v), Some(l)) if v < 1e-300 && l.is_finite() => format!("{v:.10e} (below the f64 range: ln δ <= {})", format_number(l)),
            (Some(v), _) => format!("{v:.10e}"),
            (None, _) => match (&r.not_applicable, &r.not_computed) {
                (Some(why), _) => format!("not applicable: {why}"),
                (_, Some(why)) => format!("not computed: {why}"),
                _ => "-".into(),
            },
        };
        s.push_str(&format!("{:<12} [{}] {}: {}\n", r.result, format!("{:?}", r.guarantee).to_lowercase(), r.what, v));
    }
    s
}
