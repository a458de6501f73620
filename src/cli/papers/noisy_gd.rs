//! `dpaudit noisy-gd`: final-iterate privacy of noisy gradient descent (full, cyclic or sampled
//! batches) by every applicable theorem of *Shifted Interpolation for DP* (Bok, Su, Altschuler
//! 2024, Sections 4.1–4.3) next to its composition baseline. Presentation only: the arguments
//! become a [`NoisyGdRequest`], [`noisy_gd_report`] answers it, this file prints it and writes
//! the trade-off CSV through [`crate::outfiles`] (all or nothing).

use crate::cli::EXIT_OK;
use crate::papers::shifted_interpolation::report::{noisy_gd_report, NoisyGdReport, Outcome, Row, TRADEOFF_POINTS};
use crate::papers::shifted_interpolation::request::{Algorithm, NoisyGdRequest};
use crate::Result;
use clap::{Args, ValueEnum};
use serde_json::json;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

pub const NOISY_GD_EXAMPLES: &str = "\
Examples:
  # Table 1 of the paper (MNIST NoisyCGD, λ = 0.002 → c = 1 − ηλ = 0.9999), 50 epochs:
  dpaudit noisy-gd --algorithm cyclic --n 60000 --b 1500 --eta 0.05 --sigma 0.01 --l 10 \\
                   --c 0.9999 --epochs 50 --delta 1e-5
  dpaudit noisy-gd --algorithm full --n 1000 --eta 0.1 --sigma 0.05 --l 2 --m 1 --M 10 --d 1 \\
                   --steps 100 --delta 1e-5 --json --tradeoff-csv curves.csv
  dpaudit noisy-gd --algorithm sampled --n 1000 --p 0.01 --eta 0.1 --sigma 0.05 --l 2 --c 0.99 \\
                   --steps 1000 --delta 1e-5

Each row is one theorem or baseline: μ when it is μ-GDP, ε(δ) (upper end of a certified
enclosure, rounded toward more loss), the guarantee type and ε / ε(composition baseline).
Theorems whose hypotheses the parameters do not give are listed as 'not applicable: …'.
--tradeoff-csv writes G_μ(α) = Φ(Φ⁻¹(1 − α) − μ) at α = 0, 0.01, …, 1 for every GDP row.
Exit status: 0 success; 2 bad or inconsistent parameters (nothing written); 130 interrupted.";

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum AlgorithmArg {
    /// Full batch (NoisyGD, Theorems 4.1–4.3).
    Full,
    /// Fixed cyclic batches (NoisyCGD, Theorems 4.4–4.6).
    Cyclic,
    /// Batches sampled without replacement (NoisySGD, Theorems 4.8–4.10).
    Sampled,
}

/// Arguments of `dpaudit noisy-gd`.
#[derive(Debug, Args)]
pub struct NoisyGdArgs {
    /// How batches are formed.
    #[arg(long, value_enum)]
    pub algorithm: AlgorithmArg,
    /// Dataset size n.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub n: u64,
    /// Batch size b (cyclic: divides n; sampled: or give --p).
    #[arg(long, value_name = "B", allow_negative_numbers = true)]
    pub b: Option<u64>,
    /// Sampling rate p = b/n in (0, 1] (sampled only).
    #[arg(long, value_name = "P", allow_negative_numbers = true)]
    pub p: Option<f64>,
    /// Learning rate η > 0.
    #[arg(long, value_name = "ETA", allow_negative_numbers = true)]
    pub eta: f64,
    /// Noise rate σ > 0 (Gaussian noise on the averaged gradient).
    #[arg(long, value_name = "SIGMA", allow_negative_numbers = true)]
    pub sigma: f64,
    /// Gradient sensitivity L > 0 (replace-one; clipping at C gives L = 2C).
    #[arg(long, value_name = "L", allow_negative_numbers = true)]
    pub l: f64,
    /// Contraction factor c in (0, 1] of one step (or give --m and --M).
    #[arg(long, value_name = "C", allow_negative_numbers = true)]
    pub c: Option<f64>,
    /// Strong convexity m ≥ 0 (with --M: c = max(|1 − ηm|, |1 − ηM|), Lemmas 2.8/2.9).
    #[arg(long, value_name = "M", allow_negative_numbers = true)]
    pub m: Option<f64>,
    /// Smoothness M > 0 (η must lie in (0, 2/M)).
    #[arg(long = "M", value_name = "M", allow_negative_numbers = true)]
    pub big_m: Option<f64>,
    /// Diameter D > 0 of the constraint set (constrained theorems 4.3, 4.6, 4.10).
    #[arg(long, value_name = "D", allow_negative_numbers = true)]
    pub d: Option<f64>,
    /// Number of steps T ≥ 1 (or give --epochs).
    #[arg(long, value_name = "T", allow_negative_numbers = true)]
    pub steps: Option<u64>,
    /// Number of epochs E ≥ 1 (an epoch is n/b steps).
    #[arg(long, value_name = "E", allow_negative_numbers = true)]
    pub epochs: Option<u64>,
    /// Target δ in (0, 1) of ε(δ).
    #[arg(long, value_name = "DELTA", allow_negative_numbers = true)]
    pub delta: f64,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write the trade-off curves of the GDP rows to FILE (CSV; all or nothing).
    #[arg(long, value_name = "FILE")]
    pub tradeoff_csv: Option<PathBuf>,
}

impl NoisyGdArgs {
    /// The library request (validated by [`noisy_gd_report`], not here).
    pub fn request(&self) -> NoisyGdRequest {
        NoisyGdRequest {
            algorithm: match self.algorithm {
                AlgorithmArg::Full => Algorithm::Full,
                AlgorithmArg::Cyclic => Algorithm::Cyclic,
                AlgorithmArg::Sampled => Algorithm::Sampled,
            },
            n: self.n,
            b: self.b,
            p: self.p,
            eta: self.eta,
            sigma: self.sigma,
            l: self.l,
            c: self.c,
            m: self.m,
            big_m: self.big_m,
            d: self.d,
            steps: self.steps,
            epochs: self.epochs,
            delta: self.delta,
        }
    }
}

/// Run the command: one library call, then print (and write the CSV, all or nothing).
pub fn run(a: &NoisyGdArgs, interrupt: &AtomicBool) -> Result<i32> {
    let report = noisy_gd_report(&a.request(), interrupt)?;
    let csv = match &a.tradeoff_csv {
        Some(path) => Some((path.as_path(), report.tradeoff_csv(TRADEOFF_POINTS)?)),
        None => None,
    };
    crate::cli::output::print_report(a.json, || to_json(&report), || to_text(&report), csv)?;
    Ok(EXIT_OK)
}

fn guarantee(r: &Row) -> String {
    serde_json::to_value(r.guarantee).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default()
}

fn to_json(rep: &NoisyGdReport) -> serde_json::Value {
    let s = &rep.setting;
    let rows: Vec<_> = rep
        .rows
        .iter()
        .map(|r| {
            let mut j = json!({
                "result": r.result, "what": r.what, "baseline": r.baseline, "guarantee": guarantee(r),
                "mu": r.mu(), "epsilon": r.epsilon(), "ratio_to_composition": r.ratio,
                "chosen": r.chosen.map(|(k, v)| json!({ k: v })),
            });
            match &r.outcome {
                Outcome::Composition { epsilon } => j["epsilon_interval"] = json!([epsilon.lower, epsilon.upper]),
                Outcome::NotApplicable(why) => j["not_applicable"] = json!(why),
                Outcome::Gdp { .. } => {}
            }
            j
        })
        .collect();
    json!({
        "algorithm": s.algorithm.name(), "n": s.n, "b": s.b, "p": s.p, "batches_per_epoch": s.batches,
        "eta": s.eta, "sigma": s.sigma, "l": s.l, "c": s.c, "d": s.d, "steps": s.steps, "epochs": s.epochs,
        "delta": s.delta, "rows": rows,
    })
}

fn to_text(rep: &NoisyGdReport) -> String {
    let s = &rep.setting;
    let c = s.c.map_or("-".to_string(), |c| format!("{c}"));
    let d = s.d.map_or("-".to_string(), |d| format!("{d}"));
    let mut out = format!(
        "noisy-gd {}: n = {}, b = {}, p = {}, η = {}, σ = {}, L = {}, c = {c}, D = {d}, T = {} steps ({} epochs), δ = {}\n",
        s.algorithm.name(), s.n, s.b, s.p, s.eta, s.sigma, s.l, s.steps, s.epochs, s.delta
    );
    out.push_str(&format!("{:<14} {:<10} {:>12} {:>12} {:>8}  {}\n", "result", "guarantee", "mu", "epsilon", "ratio", "notes"));
    for r in &rep.rows {
        let mu = r.mu().map_or("-".into(), |m| format!("{m:.6}"));
        let eps = r.epsilon().map_or("-".into(), |e| format!("{e:.6}"));
        let ratio = r.ratio.map_or("-".into(), |x| format!("{x:.4}"));
        let mut notes = r.what.to_string();
        if let Some((k, v)) = r.chosen {
            notes.push_str(&format!("; {k} = {v}"));
        }
        match &r.outcome {
            Outcome::Composition { epsilon } => notes.push_str(&format!("; not GDP, certified ε ∈ [{:.6}, {:.6}]", epsilon.lower, epsilon.upper)),
            Outcome::NotApplicable(why) => notes = format!("not applicable: {why}"),
            Outcome::Gdp { .. } => {}
        }
        // a result that does not apply guarantees nothing: no guarantee type in the table
        let gu = if matches!(r.outcome, Outcome::NotApplicable(_)) { "-".to_string() } else { guarantee(r) };
        out.push_str(&format!("{:<14} {:<10} {:>12} {:>12} {:>8}  {}\n", r.result, gu, mu, eps, ratio, notes));
    }
    out
}
