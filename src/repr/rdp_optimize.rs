//! RDP curve → (ε, δ): the minimum over conversion formulas and over orders (foundations spec §3
//! "Optimising over α").
//!
//! Any order gives a valid bound, so the minimum over a grid is always an upper bound; a
//! continuous search only improves tightness. Each result reports the winning formula and
//! order, and flags (as Opacus does) when the optimum sits at an end of the grid or range, where
//! a wider grid might give a smaller value. All returned ε and δ are upper bounds rounded up
//! (the per-order formulas of [`crate::repr::rdp_to_dp`] round up; min over valid bounds is valid).

use super::rdp::{check_order, log_spaced_orders, RdpCurve};
use super::rdp_to_dp::{exp_up, Formula};
use crate::error::{check, Error, Result};
use serde::{Deserialize, Serialize};

/// ε from an RDP bound, with the formula and order that achieved it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EpsilonFromRdp {
    /// Upper bound on ε (rounded up); `+∞` if no formula applies at any order.
    pub epsilon: f64,
    /// The winning formula.
    pub formula: Formula,
    /// The winning order α.
    pub order: f64,
    /// The optimum is at the first or last order of the grid (or an end of the continuous
    /// range): a wider grid may give a smaller ε. False when ε = 0 (cannot improve).
    pub at_grid_end: bool,
}

/// δ from an RDP bound, with the formula and order that achieved it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DeltaFromRdp {
    /// Upper bound on δ (rounded up, ≤ 1, never flushed to 0 above e^{−745}).
    pub delta: f64,
    /// Upper bound on ln δ (use below 1e−300).
    pub ln_delta: f64,
    pub formula: Formula,
    pub order: f64,
    /// As for [`EpsilonFromRdp::at_grid_end`] (false when δ = 0).
    pub at_grid_end: bool,
}

/// The order range and coarse grid of the continuous search ([`epsilon_continuous`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct OrderRange {
    pub min: f64,
    pub max: f64,
    /// Number of log-spaced orders of the coarse grid (≥ 3).
    pub coarse_points: usize,
}

impl Default for OrderRange {
    /// 200 log-spaced orders in [1.01, 10⁴] (foundations §3, "Continuous optimisation").
    fn default() -> Self {
        OrderRange { min: 1.01, max: 1e4, coarse_points: 200 }
    }
}

/// `min` over `formulas` and over the orders of `curve` of the ε bound at `delta`.
///
/// Errors: δ ∉ (0, 1); `formulas` empty. Ties go to the earlier formula, then the smaller order.
pub fn epsilon_for_delta(curve: &RdpCurve, delta: f64, formulas: &[Formula]) -> Result<EpsilonFromRdp> {
    check::unit_open("delta", delta)?;
    check_formulas(formulas)?;
    let n = curve.len();
    let mut best: Option<(f64, Formula, usize)> = None;
    for (i, (a, r)) in curve.iter().enumerate() {
        for &f in formulas {
            let e = f.epsilon_up(a, r, delta)?;
            if best.map_or(true, |b| e < b.0) {
                best = Some((e, f, i));
            }
        }
    }
    let (e, f, i) = best.expect("curve and formulas are non-empty");
    Ok(EpsilonFromRdp { epsilon: e, formula: f, order: curve.orders()[i], at_grid_end: e > 0.0 && (i == 0 || i == n - 1) })
}

/// `min` over `formulas` and over the orders of `curve` of the δ bound at `eps ≥ 0`.
///
/// Errors: ε not finite or < 0; `formulas` empty.
pub fn delta_for_epsilon(curve: &RdpCurve, eps: f64, formulas: &[Formula]) -> Result<DeltaFromRdp> {
    check_formulas(formulas)?;
    let n = curve.len();
    let mut best: Option<(f64, Formula, usize)> = None;
    for (i, (a, r)) in curve.iter().enumerate() {
        for &f in formulas {
            let l = f.ln_delta_up(a, r, eps)?;
            if best.map_or(true, |b| l < b.0) {
                best = Some((l, f, i));
            }
        }
    }
    let (l, f, i) = best.expect("curve and formulas are non-empty");
    Ok(DeltaFromRdp { delta: exp_up(l).min(1.0), ln_delta: l, formula: f, order: curve.orders()[i], at_grid_end: l > f64::NEG_INFINITY && (i == 0 || i == n - 1) })
}

/// ε(δ) minimised over a continuous order `α ∈ [range.min, range.max]`, for an RDP bound given
/// as a function `rdp(α)` (it must be a valid upper bound at *every* real order, e.g. an exact
/// fractional-order RDP; foundations §3: "RDP at fractional orders must be exact").
///
/// Method (foundations §3): evaluate every formula on `range.coarse_points` log-spaced orders;
/// for each formula refine its best grid order by golden section on `log(α − 1)` between the
/// neighbouring grid orders; keep the best grid value as a fallback (the objective is unimodal in
/// practice but not proven so). `at_grid_end` flags an optimum at `range.min` or `range.max`.
///
/// Errors: δ ∉ (0, 1); bad range; `rdp(α)` NaN or negative ([`Error::Numerical`]).
pub fn epsilon_continuous<F: Fn(f64) -> f64>(rdp: F, delta: f64, formulas: &[Formula], range: OrderRange) -> Result<EpsilonFromRdp> {
    check::unit_open("delta", delta)?;
    continuous(rdp, formulas, range, |f, a, r| f.epsilon_up(a, r, delta)).map(|(v, f, a, end)| EpsilonFromRdp { epsilon: v, formula: f, order: a, at_grid_end: end && v > 0.0 })
}

/// δ(ε) minimised over a continuous order, as [`epsilon_continuous`] (objective `ln δ`).
pub fn delta_continuous<F: Fn(f64) -> f64>(rdp: F, eps: f64, formulas: &[Formula], range: OrderRange) -> Result<DeltaFromRdp> {
    super::rdp_to_dp::check_eps(eps)?;
    continuous(rdp, formulas, range, |f, a, r| f.ln_delta_up(a, r, eps)).map(|(l, f, a, end)| DeltaFromRdp {
        delta: exp_up(l).min(1.0),
        ln_delta: l,
        formula: f,
        order: a,
        at_grid_end: end && l > f64::NEG_INFINITY,
    })
}

/// Shared driver: returns (best value, formula, order, at an end of the range).
fn continuous<F, O>(rdp: F, formulas: &[Formula], range: OrderRange, objective: O) -> Result<(f64, Formula, f64, bool)>
where
    F: Fn(f64) -> f64,
    O: Fn(Formula, f64, f64) -> Result<f64>,
{
    check_formulas(formulas)?;
    check_order(range.min)?;
    check_order(range.max)?;
    if range.coarse_points < 3 || range.min >= range.max {
        return Err(Error::invalid("order range", format!("[{}, {}] with {} points", range.min, range.max, range.coarse_points), "need min < max and at least 3 points"));
    }
    let grid = log_spaced_orders(range.min, range.max, range.coarse_points)?;
    let eval_r = |a: f64| -> Result<f64> {
        let r = rdp(a);
        if r.is_nan() || r < 0.0 {
            return Err(Error::Numerical(format!("RDP function returned {r} at order {a}")));
        }
        Ok(r)
    };
    let rs: Vec<f64> = grid.iter().map(|&a| eval_r(a)).collect::<Result<_>>()?;
    let n = grid.len();
    let mut best: Option<(f64, Formula, f64, bool)> = None;
    for &f in formulas {
        // coarse grid for this formula
        let mut vals = Vec::with_capacity(n);
        for (&a, &r) in grid.iter().zip(&rs) {
            vals.push(objective(f, a, r)?);
        }
        let (i, &v0) = vals.iter().enumerate().fold((0, &f64::INFINITY), |acc, (i, v)| if *v < *acc.1 { (i, v) } else { acc });
        let mut cand = (v0, f, grid[i], i == 0 || i == n - 1);
        if v0.is_finite() {
            // golden section on t = ln(α − 1) between the neighbours of the best grid order
            let lo = grid[i.saturating_sub(1)];
            let hi = grid[(i + 1).min(n - 1)];
            let obj = |t: f64| -> Result<f64> {
                let a = 1.0 + t.exp();
                objective(f, a, eval_r(a)?)
            };
            let (t, v) = golden_min(obj, (lo - 1.0).ln(), (hi - 1.0).ln())?;
            if v < cand.0 {
                cand = (v, f, 1.0 + t.exp(), cand.3);
            }
        }
        if best.map_or(true, |b| cand.0 < b.0) {
            best = Some(cand);
        }
    }
    Ok(best.expect("formulas are non-empty"))
}

/// Golden-section minimisation of `f` on `[a, b]` (relative tolerance 1e−12 in t); returns the
/// best point evaluated and its value.
fn golden_min<O: Fn(f64) -> Result<f64>>(f: O, mut a: f64, mut b: f64) -> Result<(f64, f64)> {
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let mut x1 = b - g * (b - a);
    let mut x2 = a + g * (b - a);
    let (mut f1, mut f2) = (f(x1)?, f(x2)?);
    let mut best = if f1 <= f2 { (x1, f1) } else { (x2, f2) };
    for _ in 0..200 {
        if (b - a).abs() <= 1e-12 * (a.abs() + b.abs()).max(1e-3) {
            break;
        }
        if f1 <= f2 {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - g * (b - a);
            f1 = f(x1)?;
            if f1 < best.1 {
                best = (x1, f1);
            }
        } else {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + g * (b - a);
            f2 = f(x2)?;
            if f2 < best.1 {
                best = (x2, f2);
            }
        }
    }
    Ok(best)
}

fn check_formulas(formulas: &[Formula]) -> Result<()> {
    if formulas.is_empty() {
        return Err(Error::invalid("conversion formulas", "[]", "at least one formula is required"));
    }
    Ok(())
}
