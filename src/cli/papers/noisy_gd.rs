//! `dpaudit noisy-gd`: final-iterate privacy of noisy gradient descent (full, cyclic or sampled
//! batches) by every applicable theorem of *Shifted Interpolation for DP* (Bok, Su, Altschuler
//! 2024, Sections 4.1–4.3) next to its composition baseline. Presentation only: the arguments
//! become a [`NoisyGdRequest`], [`noisy_gd_report`] answers it (its `Serialize` form is the
//! JSON), this file prints it and writes the trade-off CSV through [`crate::outfiles`] (all or
//! nothing).

use crate::cli::EXIT_OK;
use crate::num::fmt::format_number;
use crate::papers::Guarantee;
use crate::papers::shifted_interpolation::commands::report::{noisy_gd_report, NoisyGdReport, TRADEOFF_POINTS};
use crate::papers::shifted_interpolation::commands::row::{Outcome, Row};
use crate::papers::shifted_interpolation::commands::request::{Algorithm, NoisyGdRequest};
use crate::Result;
use clap::{Args, ValueEnum};
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
  # NoisySGD, δ(ε) as well, certified to relative width 1e-4:
  dpaudit noisy-gd --algorithm sampled --n 1000 --b 10 --eta 0.1 --sigma 1 --l 2 --d 1 \\
                   --steps 800 --delta 1e-5 --epsilon 1 --width 1e-4

Each row is one theorem or baseline: μ when it is μ-GDP, ε(δ) and/or δ(ε) (upper ends of
certified enclosures, rounded toward more loss), the guarantee type and the ratio to the
composition baseline (of ε; of δ when only --epsilon is given). Theorems 4.3 and 4.6 are shown
twice: the best window, and the paper's printed closed form (valid only once T ≥ ν* = ⌈Dn/(ηL)⌉,
resp. E ≥ q* + 1). NoisySGD rows are certified intervals of a composition (closed form at one
step or p = 1, FFT otherwise); --width REL asks for relative width ≤ REL (the note says when it
cannot be reached). Theorems whose hypotheses the parameters do not give are 'not applicable: …';
a row that cannot be computed is 'not computed: …' and the other rows are still shown.
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
    /// δ in (0, 1) of the ε(δ) column (give --delta, --epsilon or both).
    #[arg(long, value_name = "DELTA", allow_negative_numbers = true)]
    pub delta: Option<f64>,
    /// ε of the δ(ε) column.
    #[arg(long, value_name = "EPS", allow_negative_numbers = true)]
    pub epsilon: Option<f64>,
    /// Relative width in (0, 1) of the certified NoisySGD intervals (default 1e-3).
    #[arg(long, value_name = "REL", allow_negative_numbers = true)]
    pub width: Option<f64>,
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
            epsilon: self.epsilon,
            width: self.width,
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
    crate::cli::output::print_serialized(a.json, &report, || to_text(&report), csv)?;
    Ok(EXIT_OK)
}

/// A number for the table: 6 decimals, scientific notation when very large or small.
fn num(x: Option<f64>) -> String {
    match x {
        None => "-".into(),
        Some(x) if x.is_infinite() => "inf".into(),
        Some(x) if x != 0.0 && (x.abs() >= 1e6 || x.abs() < 1e-4) => format!("{x:.6e}"),
        Some(x) => format!("{x:.6}"),
    }
}

fn to_text(rep: &NoisyGdReport) -> String {
    let s = &rep.setting;
    let opt = |x: Option<f64>| x.map_or("-".to_string(), format_number);
    let steps = match s.algorithm {
        Algorithm::Full => format!("T = {} steps", s.steps),
        Algorithm::Cyclic => format!("T = {} steps (E = {} epochs of l = {} batches)", s.steps, s.epochs, s.batches),
        Algorithm::Sampled => format!("T = {} steps ({} epochs of n/b = {} steps)", s.steps, format_number(s.steps as f64 * s.p), format_number(1.0 / s.p)),
    };
    let mut out = format!("noisy-gd {}: n = {}, b = {}, p = {}, η = {}, σ = {}, L = {}, c = {}, D = {}, {steps}", s.algorithm.name(), s.n, s.b, format_number(s.p), format_number(s.eta), format_number(s.sigma), format_number(s.l), opt(s.c), opt(s.d));
    out.push_str(&format!(", δ = {}, ε = {}\n", opt(s.delta), opt(s.epsilon)));
    out.push_str(&format!("{:<26} {:<10} {:>12} {:>12} {:>12} {:>8}  {}\n", "result", "guarantee", "mu", "epsilon", "delta", "ratio", "notes"));
    for r in &rep.rows {
        out.push_str(&format!("{:<26} {:<10} {:>12} {:>12} {:>12} {:>8}  {}\n", r.result, guarantee(r), num(r.mu()), num(r.epsilon()), num(r.delta()), r.ratio.map_or("-".into(), |x| format!("{x:.4}")), notes(r)));
    }
    out
}

/// The guarantee word; "-" for a row that guarantees nothing (not applicable or not computed).
fn guarantee(r: &Row) -> String {
    match r.outcome {
        Outcome::NotApplicable(_) | Outcome::NotComputed(_) => "-".into(),
        _ => match r.guarantee {
            Guarantee::Exact => "exact",
            Guarantee::Upper => "upper",
            Guarantee::Lower => "lower",
            Guarantee::Estimate => "estimate",
        }
        .into(),
    }
}

fn notes(r: &Row) -> String {
    let mut n = r.what.to_string();
    if let Some((k, v)) = r.chosen {
        n.push_str(&format!("; {k} = {v}"));
    }
    match &r.outcome {
        Outcome::Composition { epsilon, delta, note } => {
            n.push_str("; not GDP");
            if let Some(iv) = epsilon {
                n.push_str(&format!(", certified ε ∈ [{}, {}]", num(Some(iv.lower)), num(Some(iv.upper))));
            }
            if let Some(iv) = delta {
                n.push_str(&format!(", certified δ ∈ [{}, {}]", num(Some(iv.lower)), num(Some(iv.upper))));
            }
            n.push_str(&format!(" ({note})"));
        }
        Outcome::NotApplicable(why) => n = format!("not applicable: {why}"),
        Outcome::NotComputed(why) => n = format!("{}; not computed: {why}", r.what),
        Outcome::Gdp { .. } => {}
    }
    n
}
