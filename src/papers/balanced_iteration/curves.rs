//! RDP curves over a grid of integer orders for accounting (Dong, Chen, Özgür 2025): the
//! whole-run curve of Balanced Iteration Subsampling (Theorem 3.8 = Theorem 3.1 at `d = T`),
//! the per-iteration curve of disjoint model splitting (Theorem 3.4 = Theorem 3.1 at `k = 1`),
//! and the Poisson baseline (Theorem 3.11). Used by `dpaudit partition`
//! ([`super::partition_report`]) and the experiments.
//!
//! The forward term is the exact `F_α` (spec §1.3) where its cost fits a budget, else
//! Corollary 3.14's `G_α ≥ F_α` (Lemma 3.13) — both upper bounds on `D_α(P‖Q)`, so the curve is
//! an upper bound either way; which orders are exact is reported. For `min(k, T − k) = 1` one EGF
//! power gives every order ([`theorem_3_1_forward_k1_curve`]).

use super::forward_bound::corollary_3_14_curve;
use super::forward_exact::{theorem_3_1_forward, theorem_3_1_forward_k1_curve, theorem_3_1_forward_orders};
use super::mixture_pair::{check_order, MixturePair};
use super::poisson::theorem_3_11;
use super::reverse::{corollary_3_19_paper, reverse_certified, ReverseTerm};
use crate::error::{Error, Result};
use crate::num::round::widen_up;

/// Default budget of [`forward_curve`]: largest estimated number of log-domain terms
/// `d·k'·C(α + k', k')·(α + 1)` of one exact row-need DP (spec §1.3 D cost) — a fraction of a
/// second (`T = 10, k = 4`: exact up to `α = 17`).
pub const EXACT_BUDGET: f64 = 5.0e6;

/// Estimated cost (log-domain terms) of the exact `F_α` by the row-need DP (spec §1.3 D).
pub fn dp_cost(pair: &MixturePair, alpha: u64) -> f64 {
    let kk = pair.k.min(pair.d - pair.k) as f64;
    let a = alpha as f64;
    let states = crate::num::special::ln_binom(a + kk, kk).exp();
    pair.d as f64 * kk * states * (a + 1.0)
}

/// A forward curve and which of its orders are exact.
#[derive(Clone, Debug, PartialEq)]
pub struct ForwardCurve {
    /// Upper bound on `D_α(P‖Q)` at each order (exact `F_α` rounded up, or `G_α`).
    pub values: Vec<f64>,
    /// `true` where the value is the exact `F_α` (else Corollary 3.14's `G_α`).
    pub exact: Vec<bool>,
}

/// The forward term of Theorem 3.1 at every order of `orders`: exact `F_α` (Lemma 3.12 /
/// spec §1.3) where `min(k, d − k) = 1` (one EGF power for all orders) or the DP's cost
/// ([`dp_cost`]) is at most `budget` (those orders from one call of
/// [`theorem_3_1_forward_orders`]: one Gauss-quadrature walk when cheaper than the DP);
/// Corollary 3.14's `G_α` otherwise. Upper bound.
///
/// Errors: invalid orders.
pub fn forward_curve(pair: &MixturePair, orders: &[u64], budget: f64) -> Result<ForwardCurve> {
    let max = orders.iter().map(|&a| check_order(a)).collect::<Result<Vec<u64>>>()?.into_iter().max().unwrap_or(2);
    if pair.k.min(pair.d - pair.k) == 1 {
        let all = theorem_3_1_forward_k1_curve(pair, max)?;
        return Ok(ForwardCurve { values: orders.iter().map(|&a| all[a as usize - 2]).collect(), exact: vec![true; orders.len()] });
    }
    let g = corollary_3_14_curve(pair, orders)?;
    // the exact orders (DP cost within the budget) from one call: a single quadrature walk when
    // that is the cheaper exact route (forward_exact::theorem_3_1_forward_orders)
    let gated: Vec<u64> = orders.iter().copied().filter(|&a| dp_cost(pair, a) <= budget).collect();
    let exact_values: Option<Vec<f64>> = match theorem_3_1_forward_orders(pair, &gated) {
        Ok(v) => Some(v),
        Err(Error::Unsupported(_)) => None,
        Err(e) => return Err(e),
    };
    let mut values = Vec::with_capacity(orders.len());
    let mut exact = Vec::with_capacity(orders.len());
    for (&a, ga) in orders.iter().zip(g) {
        if dp_cost(pair, a) <= budget {
            let f = match &exact_values {
                Some(v) => Ok(v[gated.iter().position(|&b| b == a).expect("gated order")]),
                None => theorem_3_1_forward(pair, a),
            };
            match f {
                Ok(f) => {
                    values.push(f.min(ga));
                    exact.push(true);
                    continue;
                }
                Err(Error::Unsupported(_)) => {}
                Err(e) => return Err(e),
            }
        }
        values.push(ga);
        exact.push(false);
    }
    Ok(ForwardCurve { values, exact })
}

/// The reverse term at `alpha`: `R^∞` (certified, spec §1.5) or `R^paper` (Corollary 3.19,
/// flagged: Lemma 3.18 is false).
pub fn reverse_term(pair: &MixturePair, alpha: u64, reverse: ReverseTerm) -> Result<f64> {
    match reverse {
        ReverseTerm::Certified => reverse_certified(pair, alpha),
        ReverseTerm::Paper => corollary_3_19_paper(pair, alpha),
    }
}

/// **Theorem 3.1** over a grid: `times · max(forward, reverse)` at each order (Remark 3.10's
/// composition of `times` independent runs, RDP composition). With [`ReverseTerm::Certified`]
/// an upper bound on the RDP of the pair in both directions; with [`ReverseTerm::Paper`] the
/// paper's value (not certified). Rounded up.
///
/// Errors: invalid orders; `times = 0`.
pub fn theorem_3_1_curve(pair: &MixturePair, orders: &[u64], reverse: ReverseTerm, times: u64, forward: &ForwardCurve) -> Result<Vec<f64>> {
    if times == 0 {
        return Err(Error::invalid("epochs", times, "need at least one"));
    }
    orders
        .iter()
        .zip(&forward.values)
        .map(|(&a, &f)| Ok(widen_up(f.max(reverse_term(pair, a, reverse)?) * times as f64, 1)))
        .collect()
}

/// **Theorem 3.11** × `steps` (RDP composition of `steps` Poisson-subsampled Gaussian steps,
/// rate `γ`, sensitivity `c`, noise `σ`) at each order. Rounded up.
///
/// Errors: as [`theorem_3_11`].
pub fn poisson_curve(gamma: f64, c: f64, sigma: f64, orders: &[u64], steps: u64) -> Result<Vec<f64>> {
    orders.iter().map(|&a| Ok(widen_up(theorem_3_11(gamma, c, sigma, a)? * steps as f64, 1))).collect()
}

#[cfg(test)]
#[path = "curves_test.rs"]
mod curves_test;
