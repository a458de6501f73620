//! The paper's experiments (Section 8, Appendix H; spec §17) recomputed as audits: each produces
//! a data table and plot specifications ([`crate::papers::experiment`]); `audit` renders them to
//! CSV and SVG and writes the files.
//!
//! * **Mean estimation** (Figs 1, 7, 8): two Gaussian releases of a clipped mean, RS vs LC
//!   privacy/utility frontiers. The paper does not state σ₁, σ₂ or Δ (audit A22); dpaudit uses
//!   the replace-one sensitivity `Δ = 2/n = 0.02` for `n = 100` and `σ = (4Δ, 8Δ)` — the spec's
//!   DP-level example scaled — and `Var(μ̂) = 0.00516058550962` (spec §17). For each weight the
//!   privacy is reported by every accountant: RS exact (mixture Rényi divergence by quadrature,
//!   and the exact mixture hockey-stick), RS Theorem 5.1 (RDP), RS Theorem 5.2 (PLD); LC exact
//!   (Gaussian closed form) and LC RDP. Utility = MSE = noise variance + Var(μ̂) (§5).
//! * **MNIST three-model portfolio** (Figs 2, 3): `(C, σ) = (1, 0.5), (2, 0.5), (1, 2)`, `η = 0.1`,
//!   `q = 256/60000`, `T = 705`, Poisson, δ = 1e-5: ε over a simplex lattice of π (RS,
//!   Theorems 5.1/5.2) and λ (LC, Algorithm 3 RDP and Algorithm 4 PLD), plus Theorem 6.1's joint
//!   bound — the only certified LC value for `T > 1` (audit A1).
//!
//! Every ε is the accountant's certified upper bound (PLD: upper end of the certified interval),
//! except the columns labelled `exact` (exact value, f64).

use crate::papers::model_merging::common::conventions::{default_orders, epsilon_from_rdp, Conversion};
use crate::papers::model_merging::section_6::dpsgd_step::{StepHyper, StepPair};
use crate::papers::model_merging::section_6::linear_combination_pld::lc_pld_epsilon;
use crate::papers::model_merging::section_6::linear_combination_rdp::{lc_dp_eps, lc_rdp_curve, lc_steps};
use crate::papers::model_merging::section_4::mean_estimation::{rs_renyi_exact, sigma2_lc, sigma2_rs};
use crate::papers::model_merging::section_5::random_selection_pld::{mixture_hockey_stick, rs_pld_eps, DirectionalCurve, GaussianCurve, PldCurve};
use crate::papers::model_merging::section_5::random_selection_rdp::rs_dp_eps;
use crate::error::{Error, Result};
use crate::num::root::{root_of, Bracket, Midpoint, Monotone, Side, Stop};
use crate::pld::PldOptions;
use crate::repr::gdp::Gdp;
use crate::papers::experiment::{Curve, DataTable, ExperimentOutput, PlotKind, SimplexGrid};
use std::sync::atomic::{AtomicBool, Ordering};

/// Target δ of every experiment (Appendix H).
pub const DELTA: f64 = 1e-5;

/// Size of the runs: `quick` keeps the MNIST lattice coarse and skips Algorithm 4 on interior
/// points (used in CI tests); the nightly audit uses the full setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExperimentOptions {
    /// Points per edge of the weight grid (mean estimation) / lattice step 1/m (MNIST).
    pub mean_grid: usize,
    pub mnist_lattice: usize,
    /// Run Algorithm 4 (FFT, ~0.1–1 s per point) on every MNIST lattice point.
    pub mnist_lc_pld: bool,
}

impl ExperimentOptions {
    pub const QUICK: ExperimentOptions = ExperimentOptions { mean_grid: 6, mnist_lattice: 2, mnist_lc_pld: false };
    pub const FULL: ExperimentOptions = ExperimentOptions { mean_grid: 21, mnist_lattice: 10, mnist_lc_pld: true };
}

/// One table of an experiment: header and rows (written to CSV with 10 significant digits).
pub type Table = DataTable;

fn check(interrupt: &AtomicBool) -> Result<()> {
    if interrupt.load(Ordering::Relaxed) { Err(Error::Interrupted) } else { Ok(()) }
}

/// Exact ε(δ) of a symmetric profile `δ(ε)` (non-increasing) by bisection; returns the upper end
/// of the final bracket (rounded towards more loss).
fn invert(delta_of: impl Fn(f64) -> f64, delta: f64) -> Result<f64> {
    if delta_of(0.0) <= delta {
        return Ok(0.0);
    }
    let mut hi = 1.0;
    while delta_of(hi) > delta {
        hi *= 2.0;
        if hi > 1e4 {
            return Ok(f64::INFINITY);
        }
    }
    // Bracket::new re-checks δ(0) > δ ≥ δ(hi), so a NaN profile value is an error, not a side.
    let stop = Stop::width(1e-10, 1e-10, 2000).with_midpoint(Midpoint::FromLo);
    root_of(|e: &f64| Ok(delta_of(*e)), &delta, Monotone::Decreasing, Bracket::new(0.0, hi), &stop, Side::Upper)
}

/// Mean-estimation frontier (spec §5, §17). Columns: `weight` (π for RS rows = λ for LC rows is
/// the weight of the less noisy release), then `mse` and every accountant's ε.
pub fn mean_estimation(grid: usize, interrupt: &AtomicBool) -> Result<Table> {
    let (sens, s1, s2, var_mu) = (0.02, 0.08, 0.16, 0.00516058550962);
    let orders = default_orders();
    let curves = [GaussianCurve::new(sens, s1)?, GaussianCurve::new(sens, s2)?];
    let refs: Vec<&dyn DirectionalCurve> = curves.iter().map(|c| c as &dyn DirectionalCurve).collect();
    let table: Vec<Vec<f64>> = [s1, s2].iter().map(|s| orders.iter().map(|a| a * sens * sens / (2.0 * s * s)).collect()).collect();
    let header = ["weight", "rs_mse", "rs_exact_rdp", "rs_exact_pld", "rs_thm51", "rs_thm52", "lc_mse", "lc_rdp", "lc_exact"];
    let mut rows = Vec::new();
    for k in 0..grid {
        check(interrupt)?;
        let w = k as f64 / (grid - 1).max(1) as f64;
        let pi = [w, 1.0 - w];
        let rs_mse = sigma2_rs(w, s1, s2)? + var_mu;
        let exact_rdp: Vec<f64> = orders.iter().map(|&a| rs_renyi_exact(a, sens, s1, s2, w)).collect::<Result<_>>()?;
        let rs_exact_rdp = epsilon_from_rdp(&orders, &exact_rdp, DELTA, Conversion::Classic)?.epsilon;
        // Both directions of the mixture are equal by symmetry (spec §7); take the max anyway.
        let h = |e: f64| {
            let f = mixture_hockey_stick(&pi, &[s1, s2], sens, e, false).unwrap_or(1.0);
            let r = mixture_hockey_stick(&pi, &[s1, s2], sens, e, true).unwrap_or(1.0);
            f.max(r)
        };
        let rs_exact_pld = invert(h, DELTA)?;
        let rs_thm51 = rs_dp_eps(&pi, &table, &orders, DELTA, Conversion::Classic)?.epsilon;
        let rs_thm52 = rs_pld_eps(&pi, &refs, DELTA)?.upper;
        let v_lc = sigma2_lc(w, s1, s2)?;
        let lc_rdp_vals: Vec<f64> = orders.iter().map(|a| a * sens * sens / (2.0 * v_lc)).collect();
        let lc_rdp = epsilon_from_rdp(&orders, &lc_rdp_vals, DELTA, Conversion::Classic)?.epsilon;
        let lc_exact = Gdp::new(sens / v_lc.sqrt())?.epsilon_for_delta(DELTA)?.upper;
        rows.push(vec![w, rs_mse, rs_exact_rdp, rs_exact_pld, rs_thm51, rs_thm52, v_lc + var_mu, lc_rdp, lc_exact]);
    }
    Ok(Table { header: header.iter().map(|s| s.to_string()).collect(), rows })
}

/// The MNIST portfolio of Appendix H: `(q, σ, C, η)` per model, `T = 705`.
pub fn mnist_models() -> Result<Vec<StepHyper>> {
    let q = 256.0 / 60000.0;
    Ok(vec![StepHyper::new(q, 0.5, 1.0, 0.1)?, StepHyper::new(q, 0.5, 2.0, 0.1)?, StepHyper::new(q, 2.0, 1.0, 0.1)?])
}

/// MNIST steps (3 epochs of ⌈60000/256⌉ = 235 steps).
pub const MNIST_STEPS: u64 = 705;

/// MNIST simplex experiment (spec §10, §13, §17). Columns: `w1,w2,w3`, RS Theorem 5.1, RS
/// Theorem 5.2 (certified upper), LC Algorithm 3 (RDP), LC Algorithm 4 (PLD upper; NaN when
/// skipped), Theorem 6.1 joint RDP bound over the models with positive weight.
pub fn mnist(m: usize, lc_pld: bool, interrupt: &AtomicBool, progress: &mut dyn FnMut(usize, usize)) -> Result<Table> {
    let models = mnist_models()?;
    let orders = default_orders();
    let opts = PldOptions::default();
    let single: Vec<Vec<f64>> =
        models.iter().map(|h| lc_rdp_curve(&[(StepPair::sgm(h.sampling_rate, h.noise_multiplier)?, MNIST_STEPS)], &orders)).collect::<Result<_>>()?;
    let plds: Vec<PldCurve> = models.iter().map(|h| PldCurve::dpsgd(h.sampling_rate, h.noise_multiplier, MNIST_STEPS, &opts)).collect::<Result<_>>()?;
    let refs: Vec<&dyn DirectionalCurve> = plds.iter().map(|c| c as &dyn DirectionalCurve).collect();
    let schedule = vec![(models.clone(), MNIST_STEPS)];
    let mut pts = Vec::new();
    for i in 0..=m {
        for j in 0..=(m - i) {
            pts.push([i as f64 / m as f64, j as f64 / m as f64, (m - i - j) as f64 / m as f64]);
        }
    }
    let header = ["w1", "w2", "w3", "rs_thm51", "rs_thm52", "lc_alg3", "lc_alg4", "joint_thm61"];
    let mut rows = Vec::new();
    for (k, w) in pts.iter().enumerate() {
        check(interrupt)?;
        progress(k, pts.len());
        let rs51 = rs_dp_eps(w, &single, &orders, DELTA, Conversion::Classic)?.epsilon;
        let rs52 = rs_pld_eps(w, &refs, DELTA)?.upper;
        let steps = lc_steps(w, &schedule)?;
        let lc3 = lc_dp_eps(&steps, &orders, DELTA, Conversion::Classic)?.epsilon;
        let vertex = w.iter().filter(|&&x| x > 0.0).count() == 1;
        let lc4 = if lc_pld || vertex { lc_pld_epsilon(&steps, DELTA, &opts)?.upper } else { f64::NAN };
        // Theorem 6.1 (RDP): Σ_i ε_{α,i} over the models with λ_i > 0 (post-processing of their joint release).
        let joint: Vec<f64> = (0..orders.len()).map(|a| (0..3).filter(|&i| w[i] > 0.0).map(|i| single[i][a]).sum()).collect();
        let j61 = epsilon_from_rdp(&orders, &joint, DELTA, Conversion::Classic)?.epsilon;
        rows.push(vec![w[0], w[1], w[2], rs51, rs52, lc3, lc4, j61]);
    }
    progress(pts.len(), pts.len());
    Ok(Table { header: header.iter().map(|s| s.to_string()).collect(), rows })
}

fn column(t: &Table, name: &str) -> usize {
    t.column(name).expect("column names are fixed in this file")
}

fn frontier_plot(t: &Table) -> PlotKind {
    let curve = |eps: &str, mse: &str, label: &str| {
        let (e, m) = (column(t, eps), column(t, mse));
        Curve { label: label.into(), points: t.rows.iter().map(|r| (r[e], r[m])).collect() }
    };
    PlotKind::Lines {
        x_label: "ε".into(),
        y_label: "MSE".into(),
        curves: vec![
            curve("rs_exact_pld", "rs_mse", "RS exact (PLD)"),
            curve("rs_exact_rdp", "rs_mse", "RS exact (RDP)"),
            curve("rs_thm51", "rs_mse", "RS Theorem 5.1"),
            curve("rs_thm52", "rs_mse", "RS Theorem 5.2"),
            curve("lc_exact", "lc_mse", "LC exact (Gaussian)"),
            curve("lc_rdp", "lc_mse", "LC RDP"),
        ],
    }
}

fn simplex_plot(t: &Table, col: &str, m: usize) -> PlotKind {
    let c = column(t, col);
    PlotKind::Simplex(SimplexGrid {
        corners: ["(C=1, σ=0.5)".into(), "(C=2, σ=0.5)".into(), "(C=1, σ=2)".into()],
        value_label: "ε at δ = 1e-5 (accountant's bound) [nats]".into(),
        cells: t.rows.iter().filter(|r| r[c].is_finite()).map(|r| ([r[0], r[1], r[2]], r[c])).collect(),
        resolution: m,
    })
}

/// The `# source:` text of a table: what it recomputes, and the δ and arithmetic of every ε.
fn source(what: &str) -> String {
    format!("{what}; every epsilon at delta = {DELTA:e}, f64")
}

/// Compute both experiments as data: `merging_mean_estimation.{csv,svg}`, `merging_mnist.csv`
/// and one simplex heat map per accountant, in output order.
/// Errors: interruption, accountant failures.
pub fn outputs(opts: ExperimentOptions, interrupt: &AtomicBool, progress: &mut dyn FnMut(usize, usize)) -> Result<Vec<ExperimentOutput>> {
    let mut out = Vec::new();
    let me = mean_estimation(opts.mean_grid, interrupt)?;
    let me_plot = frontier_plot(&me);
    out.push(ExperimentOutput::Table {
        file: "merging_mean_estimation.csv".into(),
        source: source("DP Model Merging §8.1 recomputed by dpaudit (spec §5, §17; sigma=(0.08,0.16), Delta=0.02)"),
        table: me,
    });
    out.push(ExperimentOutput::Plot { file: "merging_mean_estimation.svg".into(), title: "Mean estimation: MSE vs certified ε (δ = 1e-5)".into(), kind: me_plot });
    let mn = mnist(opts.mnist_lattice, opts.mnist_lc_pld, interrupt, progress)?;
    let m = opts.mnist_lattice;
    let mut maps = vec![
        ("rs_thm51", "MNIST RS, Theorem 5.1 (RDP): ε over π"),
        ("rs_thm52", "MNIST RS, Theorem 5.2 (PLD): ε over π"),
        ("lc_alg3", "MNIST LC, Algorithm 3 (RDP; unsound for T>1, A1): ε over λ"),
    ];
    if opts.mnist_lc_pld {
        maps.push(("lc_alg4", "MNIST LC, Algorithm 4 (PLD; unsound for T>1, A1): ε over λ"));
    }
    maps.push(("joint_thm61", "MNIST LC, Theorem 6.1 joint bound (RDP): ε over λ"));
    let plots: Vec<ExperimentOutput> =
        maps.into_iter().map(|(col, title)| ExperimentOutput::Plot { file: format!("merging_mnist_{col}.svg"), title: title.into(), kind: simplex_plot(&mn, col, m) }).collect();
    out.push(ExperimentOutput::Table {
        file: "merging_mnist.csv".into(),
        source: source("DP Model Merging §8.2 / Appendix H MNIST portfolio recomputed by dpaudit (spec §10, §13, §17)"),
        table: mn,
    });
    out.extend(plots);
    Ok(out)
}

#[cfg(test)]
#[path = "section_8_test.rs"]
mod section_8_test;
