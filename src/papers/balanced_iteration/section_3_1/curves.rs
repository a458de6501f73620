//! RDP curves over a grid of integer orders for accounting (Dong, Chen, Özgür 2025): the
//! whole-run curve of Balanced Iteration Subsampling (Theorem 3.8 = Theorem 3.1 at `d = T`),
//! the per-iteration curve of disjoint model splitting (Theorem 3.4 = Theorem 3.1 at `k = 1`),
//! and the Poisson baseline (Theorem 3.11). Used by `dpaudit partition`
//! ([`crate::papers::balanced_iteration::commands::partition_report`]) and the experiments.
//!
//! The forward term is the exact `F_α` (spec §1.3) where its cost fits a budget, else
//! Corollary 3.14's `G_α ≥ F_α` (Lemma 3.13) — both upper bounds on `D_α(P‖Q)`, so the curve is
//! an upper bound either way; which orders are exact is reported. For `min(k, T − k) = 1` one EGF
//! power gives every order ([`theorem_3_1_forward_k1_curve`]).

use crate::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14_curve;
use crate::papers::balanced_iteration::section_3_1::forward_exact::{dp_ops, theorem_3_1_forward_dp, theorem_3_1_forward_k1_curve};
use crate::papers::balanced_iteration::section_3_1::forward_quadrature::{quadrature_cost, theorem_3_1_forward_quadrature_curve};
use crate::papers::balanced_iteration::section_3_1::lognormal_gauss::{multiset_count, node_count, MAX_MULTISETS};
use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::papers::balanced_iteration::section_3_3::poisson::theorem_3_11;
use crate::papers::balanced_iteration::section_3_1::theorem_3_1::ReverseTerm;
use crate::papers::balanced_iteration::section_3_4::reverse::{corollary_3_19_paper, reverse_certified};
use crate::error::{Error, Result};
use crate::num::round::widen_up;

/// Default budget of [`forward_curve`]: estimated elementary operations (the units of
/// [`dp_ops`] and [`quadrature_cost`]) spent on the exact `F_α` of **one whole curve** — about a
/// second (`T = 10, k = 4`: exact up to `α = 20` by one quadrature walk; `T = 5, k = 2`: up
/// to `α ≈ 38` by the DP). Above it the curve takes Corollary 3.14's `G_α`.
pub const EXACT_BUDGET: f64 = 3.0e7;

/// Estimated cost (log-domain terms) of the exact `F_α` by the row-need DP (spec §1.3 D).
pub fn dp_cost(pair: &MixturePair, alpha: u64) -> f64 {
    dp_ops(pair, alpha) / 10.0
}

/// A forward curve and which of its orders are exact.
#[derive(Clone, Debug, PartialEq)]
pub struct ForwardCurve {
    /// Upper bound on `D_α(P‖Q)` at each order (exact `F_α` rounded up, or `G_α`).
    pub values: Vec<f64>,
    /// `true` where the value is the exact `F_α` (else Corollary 3.14's `G_α`).
    pub exact: Vec<bool>,
}

/// The largest order of `sorted` (ascending) up to which the exact forward term fits `budget`
/// operations: by one Gauss-quadrature walk ([`quadrature_cost`] at that order) or by the DP at
/// every order up to it (the sum of [`dp_ops`]). Returns the number of such orders and whether
/// the quadrature walk is the route that fits.
fn exact_prefix(pair: &MixturePair, sorted: &[u64], budget: f64) -> (usize, bool) {
    let (mut n_dp, mut n_quad, mut dp_sum) = (0, 0, 0.0);
    for (i, &a) in sorted.iter().enumerate() {
        dp_sum += dp_ops(pair, a);
        if dp_sum <= budget {
            n_dp = i + 1;
        }
        if multiset_count(pair.d, node_count(a)) <= MAX_MULTISETS && quadrature_cost(pair, a) <= budget {
            n_quad = i + 1;
        }
        if dp_sum > budget && quadrature_cost(pair, a) > budget {
            break;
        }
    }
    if n_quad > n_dp { (n_quad, true) } else { (n_dp, false) }
}

/// The forward term of Theorem 3.1 at every order of `orders`: exact `F_α` (Lemma 3.12 /
/// spec §1.3) where `min(k, d − k) = 1` (one EGF power for all orders), or at the lowest orders
/// whose total cost fits `budget` ([`EXACT_BUDGET`]; one Gauss-quadrature walk when that is the
/// route that fits, else the DP order by order); Corollary 3.14's `G_α` at the other orders
/// (and wherever it is smaller: both are upper bounds). Upper bound. The budget bounds the work
/// of the whole curve, so a long order grid (2..256) costs no more than a short one.
///
/// Errors: invalid orders.
pub fn forward_curve(pair: &MixturePair, orders: &[u64], budget: f64) -> Result<ForwardCurve> {
    let max = orders.iter().map(|&a| check_order(a)).collect::<Result<Vec<u64>>>()?.into_iter().max().unwrap_or(2);
    if pair.k.min(pair.d - pair.k) == 1 {
        let all = theorem_3_1_forward_k1_curve(pair, max)?;
        return Ok(ForwardCurve { values: orders.iter().map(|&a| all[a as usize - 2]).collect(), exact: vec![true; orders.len()] });
    }
    let g = corollary_3_14_curve(pair, orders)?;
    let mut sorted = orders.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let (mut n, quad) = exact_prefix(pair, &sorted, budget);
    let mut exact_values: Vec<f64> = Vec::new();
    if quad && n > 0 {
        match theorem_3_1_forward_quadrature_curve(pair, sorted[n - 1]) {
            Ok(all) => exact_values = sorted[..n].iter().map(|&a| all[a as usize - 2]).collect(),
            Err(Error::Unsupported(_)) | Err(Error::Numerical(_)) => {
                // the walk is not applicable here (node span, precision): the DP within budget
                n = dp_prefix(pair, &sorted, budget);
            }
            Err(e) => return Err(e),
        }
    }
    if exact_values.is_empty() {
        for &a in &sorted[..n] {
            match theorem_3_1_forward_dp(pair, a) {
                Ok(f) => exact_values.push(f),
                Err(Error::Unsupported(_)) => break,
                Err(e) => return Err(e),
            }
        }
    }
    let mut values = Vec::with_capacity(orders.len());
    let mut exact = Vec::with_capacity(orders.len());
    for (&a, ga) in orders.iter().zip(g) {
        match sorted.iter().position(|&b| b == a).and_then(|i| exact_values.get(i)) {
            Some(&f) => {
                values.push(f.min(ga));
                exact.push(true);
            }
            None => {
                values.push(ga);
                exact.push(false);
            }
        }
    }
    Ok(ForwardCurve { values, exact })
}

/// The number of lowest orders of `sorted` whose DP costs sum to at most `budget`.
fn dp_prefix(pair: &MixturePair, sorted: &[u64], budget: f64) -> usize {
    let mut sum = 0.0;
    sorted.iter().take_while(|&&a| {
        sum += dp_ops(pair, a);
        sum <= budget
    }).count()
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
