//! Proposition 2.3 (Mironov 2017, Proposition 3, as restated by Dong, Chen, Özgür 2025; spec §9):
//! an `(α, ε(α))`-RDP mechanism is `(ε(α) + ln(1/δ)/(α − 1), δ)`-DP for every `δ ∈ (0, 1)`.
//! A paper-folder wrapper over the crate's conversion [`Formula::Mironov`]
//! ([`crate::repr::rdp_to_dp`]), minimised over a finite set of integer orders
//! ([`crate::repr::rdp_optimize`]), and its inverse `δ(ε) = min(1, exp min_α (α−1)(ε(α) − ε))`
//! in log space. Both are upper bounds rounded up; the minimising order is reported (and whether
//! it sits at an end of the grid, where a wider grid may help).

use crate::error::{Error, Result};
use crate::repr::rdp::RdpCurve;
use crate::repr::rdp_optimize::{delta_for_epsilon, epsilon_for_delta, DeltaFromRdp, EpsilonFromRdp};
use crate::repr::rdp_to_dp::Formula;

fn curve(orders: &[u64], values: &[f64]) -> Result<RdpCurve> {
    if orders.len() != values.len() || orders.is_empty() {
        return Err(Error::invalid("orders", orders.len(), "need one RDP value per order and at least one order"));
    }
    RdpCurve::new(orders.iter().map(|&a| a as f64).collect(), values.to_vec())
}

/// **Proposition 2.3**: `min_α [ε(α) + ln(1/δ)/(α − 1)]` over the curve `(orders, values)` (each
/// value an upper bound on the RDP at that order), as an upper bound on ε, with the order.
///
/// Errors: δ ∉ (0, 1); orders ≤ 1; values negative or NaN; length mismatch.
///
/// Example (spec §9): Poisson `γ = 0.4, σ = 2`, 10 steps, orders 2..256: `ε(10⁻⁵) = 4.10354341262`.
pub fn proposition_2_3_epsilon(orders: &[u64], values: &[f64], delta: f64) -> Result<EpsilonFromRdp> {
    epsilon_for_delta(&curve(orders, values)?, delta, &[Formula::Mironov])
}

/// **Proposition 2.3** inverted: `δ(ε) = min(1, exp min_α (α − 1)(ε(α) − ε))`, an upper bound.
///
/// Errors: ε negative or not finite; as [`proposition_2_3_epsilon`].
pub fn proposition_2_3_delta(orders: &[u64], values: &[f64], eps: f64) -> Result<DeltaFromRdp> {
    delta_for_epsilon(&curve(orders, values)?, eps, &[Formula::Mironov])
}
