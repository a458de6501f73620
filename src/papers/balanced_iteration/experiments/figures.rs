//! The paper's Figures 1 and 2 recomputed and Figure 3's Poisson-PLD column (Dong, Chen, Özgür
//! 2025; recipes and computed values of spec §15), as data for `dpaudit audit` (CSV + SVG).
//!
//! * **Figure 1** (`ε = 3, δ = 1e−5, d = 3, γ = 0.1`, noise versus `T`): the smallest σ meeting
//!   the target by Proposition 2.3 over orders 2..128 of `T ×` the joint forward RDP of Poisson
//!   subsampling + model splitting ([`crate::papers::balanced_iteration::section_3_2::two_part`], spec §3), for the fully split model
//!   (`c₁ = 0, c₂ = 1`) and the two-part model (`c₁ = c₂ = 1`), each without (`d = 1`,
//!   "baseline") and with (`d = 3`, "amplified") splitting. Forward only, as the paper (spec §17
//!   item 12: the reverse direction of this pair is not treated).
//! * **Figure 2** (`T = 10, k = 4, σ = 2`, `ε(α)` versus `α`): the exact forward term `F_α`
//!   (Theorem 3.1 / Lemma 3.12, spec §1.3 D; computed up to [`FIGURE_2_EXACT_MAX`]), Corollary
//!   3.14's `G_α` and Poisson's `10 ε_P(α; γ = 0.4)` (Theorem 3.11).
//! * **Figure 3, Poisson PLD** (`ε = 8, γ = 0.4, σ = 2`): the certified δ interval of `T`
//!   composed Poisson-subsampled Gaussian steps ([`crate::pld`]). Spec §15 (discretisation 1e−4):
//!   1.37e−7 / 2.18e−6 / 1.61e−5 at `T = 40 / 50 / 60`; largest `T` with `δ ≤ 1e−5` is 57.

use crate::papers::balanced_iteration::section_2::conversion::proposition_2_3_epsilon;
use crate::papers::balanced_iteration::experiments::FIGURE_3;
use crate::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14_curve;
use crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward_curve;
use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::papers::balanced_iteration::section_3_3::poisson::theorem_3_11;
use crate::papers::balanced_iteration::section_3_2::two_part::two_part_forward_curve;
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::Interval;
use crate::papers::experiment::{Curve, DataTable, ExperimentOutput, ExperimentSize, PlotKind};
use std::sync::atomic::{AtomicBool, Ordering};

/// Figure 1's target and setting: `ε`, `δ`, `γ`, `d`.
pub const FIGURE_1: (f64, f64, f64, u64) = (3.0, 1e-5, 0.1, 3);
/// Figure 1's iteration counts (spec §15 table).
pub const FIGURE_1_T: [u64; 4] = [100, 500, 1000, 2000];
/// Figure 1's four curves: (label, `c₁`, `d`).
pub const FIGURE_1_CURVES: [(&str, f64, u64); 4] = [("fully_split_baseline", 0.0, 1), ("fully_split_amplified", 0.0, 3), ("two_part_baseline", 1.0, 1), ("two_part_amplified", 1.0, 3)];
/// Highest order at which Figure 2 evaluates the exact `F_α` (the DP's cost grows as `C(α + 4, 4)`).
pub const FIGURE_2_EXACT_MAX: u64 = 32;

/// Proposition 2.3's ε(1e−5) of `T ×` the two-part forward curve (orders 2..128).
pub fn figure_1_epsilon(t: u64, c1: f64, d: u64, sigma: f64) -> Result<f64> {
    let (_, delta, gamma, _) = FIGURE_1;
    let orders: Vec<u64> = (2..=128).collect();
    let curve: Vec<f64> = two_part_forward_curve(gamma, c1, 1.0, d, sigma, &orders)?.into_iter().map(|v| v * t as f64).collect();
    Ok(proposition_2_3_epsilon(&orders, &curve, delta)?.epsilon)
}

/// Figure 1: the smallest σ (to 1e−9, upper end of the bisection bracket) with `ε ≤ 3`.
pub fn figure_1_sigma(t: u64, c1: f64, d: u64) -> Result<f64> {
    let target = FIGURE_1.0;
    let (mut lo, mut hi) = (0.3, 40.0);
    if figure_1_epsilon(t, c1, d, hi)? > target || figure_1_epsilon(t, c1, d, lo)? <= target {
        return Err(Error::Numerical("Figure 1: σ not bracketed by [0.3, 40]".into()));
    }
    while hi - lo > 1e-9 {
        let mid = 0.5 * (lo + hi);
        if figure_1_epsilon(t, c1, d, mid)? <= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

/// Figure 2 rows `(α, F_α or NaN above the exact limit, G_α, 10 ε_P(α; 0.4))`, `α = 2..=64`.
pub fn figure_2(exact_max: u64) -> Result<Vec<[f64; 4]>> {
    let pair = MixturePair::new(10, 4, 1.0, 2.0)?;
    let orders: Vec<u64> = (2..=64).collect();
    let g = corollary_3_14_curve(&pair, &orders)?;
    // every exact order from one call (one quadrature walk when that is the cheaper exact route)
    let exact = if exact_max >= 2 { theorem_3_1_forward_curve(&pair, exact_max)? } else { Vec::new() };
    orders
        .iter()
        .zip(g)
        .map(|(&a, ga)| {
            let f = if a <= exact_max { exact[a as usize - 2] } else { f64::NAN };
            Ok([a as f64, f, ga, 10.0 * theorem_3_11(0.4, 1.0, 2.0, a)?])
        })
        .collect()
}

/// Figure 3's Poisson-PLD column: the certified δ interval at `ε = 8` of `T` steps.
pub fn figure_3_poisson_pld(t: u64) -> Result<Interval> {
    let (eps, sigma, rate) = FIGURE_3;
    let m = Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sensitivity: 1.0, sampling_rate: rate };
    Ok(crate::pld::delta_interval(&[(m, t)], eps, &crate::pld::PldOptions::default())?.0)
}

/// The `T` of Figure 3's PLD column: multiples of 5 and every `T` in 55..=60.
pub fn figure_3_pld_ts() -> Vec<u64> {
    let mut ts: Vec<u64> = (1..=12).map(|i| 5 * i).chain(56..=59).collect();
    ts.sort_unstable();
    ts
}

fn table(file: &str, source: String, header: &[&str], rows: Vec<Vec<f64>>) -> ExperimentOutput {
    ExperimentOutput::Table { file: file.into(), source, table: DataTable { header: header.iter().map(|s| s.to_string()).collect(), rows } }
}

/// Figures 1, 2 and Figure 3's PLD column as experiment outputs. `Quick` evaluates `F_α` in
/// Figure 2 up to `α = 16`, `Full` up to [`FIGURE_2_EXACT_MAX`]. Stops (returning what is done)
/// once `interrupt` is set.
pub fn outputs(size: ExperimentSize, interrupt: &AtomicBool) -> Result<Vec<ExperimentOutput>> {
    let mut out = Vec::new();
    let mut rows = Vec::new();
    for &t in &FIGURE_1_T {
        if interrupt.load(Ordering::Relaxed) {
            return Ok(out);
        }
        let mut row = vec![t as f64];
        for (_, c1, d) in FIGURE_1_CURVES {
            row.push(figure_1_sigma(t, c1, d)?);
        }
        rows.push(row);
    }
    let curves: Vec<Curve> = FIGURE_1_CURVES.iter().enumerate().map(|(i, (name, _, _))| Curve { label: name.to_string(), points: rows.iter().map(|r| (r[0], r[i + 1])).collect() }).collect();
    out.push(table("balanced_iteration_figure_1.csv", "Balanced Iteration Figure 1: smallest sigma with eps(1e-5) <= 3 by Proposition 2.3 over orders 2..128 of T x the joint forward RDP of Poisson (gamma = 0.1) + model splitting (d = 3 amplified, d = 1 baseline; fully split c1 = 0, two-part c1 = c2 = 1), spec §3/§15".into(), &["T", "fully_split_baseline", "fully_split_amplified", "two_part_baseline", "two_part_amplified"], rows));
    out.push(ExperimentOutput::Plot { file: "balanced_iteration_figure_1.svg".into(), title: "Figure 1: noise sigma for (3, 1e-5)-DP vs T (gamma = 0.1, d = 3; forward RDP, Proposition 2.3)".into(), kind: PlotKind::Lines { x_label: "T".into(), y_label: "sigma".into(), curves } });
    if interrupt.load(Ordering::Relaxed) {
        return Ok(out);
    }
    let exact_max = if size == ExperimentSize::Quick { 16 } else { FIGURE_2_EXACT_MAX };
    let fig2 = figure_2(exact_max)?;
    let names = ["exact_F", "corollary_3_14_G", "poisson_10x"];
    let curves: Vec<Curve> = names.iter().enumerate().map(|(i, n)| Curve { label: n.to_string(), points: fig2.iter().filter(|r| r[i + 1].is_finite()).map(|r| (r[0], r[i + 1])).collect() }).collect();
    out.push(table("balanced_iteration_figure_2.csv", format!("Balanced Iteration Figure 2: eps(alpha) for T = 10, k = 4, sigma = 2: exact forward F (Theorem 3.1 / Lemma 3.12, row-need DP or Gauss quadrature of the lognormal column law; NaN above alpha = {exact_max}), G (Corollary 3.14), Poisson 10 x Theorem 3.11 at gamma = 0.4 (spec §11, §15)"), &["alpha", "exact_F", "corollary_3_14_G", "poisson_10x"], fig2.iter().map(|r| r.to_vec()).collect()));
    out.push(ExperimentOutput::Plot { file: "balanced_iteration_figure_2.svg".into(), title: "Figure 2: RDP eps(alpha) vs alpha (T = 10, k = 4, sigma = 2)".into(), kind: PlotKind::Lines { x_label: "alpha".into(), y_label: "eps(alpha)".into(), curves } });
    let mut rows = Vec::new();
    for t in figure_3_pld_ts() {
        if interrupt.load(Ordering::Relaxed) {
            return Ok(out);
        }
        let iv = figure_3_poisson_pld(t)?;
        rows.push(vec![t as f64, iv.lower, iv.upper]);
    }
    let largest = rows.iter().filter(|r| r[2] <= 1e-5).map(|r| r[0]).fold(0.0, f64::max);
    out.push(table("balanced_iteration_figure_3_poisson_pld.csv", format!("Balanced Iteration Figure 3 (Poisson PLD): certified delta interval at eps = 8, gamma = 0.4, sigma = 2 (crate::pld); largest T with certified delta <= 1e-5: {largest} (spec §15: 57)"), &["T", "delta_lower", "delta_upper"], rows));
    Ok(out)
}

#[cfg(test)]
#[path = "figures_test.rs"]
mod experiments_figures_test;
