//! OPT-1: the optimal conversion of a single RDP bound `D_α ≤ r` to (ε, δ), by the Bernoulli
//! reduction of foundations spec §3 (Asoodeh, Liao, Calmon, Kosut, Sankar 2020,
//! arXiv:2001.05990, derive the optimal single-order conversion).
//!
//! ```text
//! δ_OPT1(ε) = sup { p − e^ε q : p, q ∈ [0,1], p^α q^{1−α} + (1−p)^α (1−q)^{1−α} ≤ e^{(α−1) r} }
//! ```
//! Exact because mapping the output to the indicator of the optimal event `{L > ε}` gives a
//! Bernoulli pair with the same `H_{e^ε}` and no larger Rényi divergence, and every Bernoulli
//! pair is itself a mechanism.
//!
//! Algorithm. The feasible set is convex (`(p, q) ↦ Σ p^α q^{1−α}` is jointly convex, being a
//! sum of perspectives of `t ↦ t^α`), so for each `q` the largest feasible `p = p*(q)` is a
//! concave, non-decreasing function on `(0, e^{−r}]` (`p*(q) = 1` beyond) and
//! `h(q) = p*(q) − e^ε q` is concave, hence unimodal in `u = ln q`. `p*(q)` is found by
//! bisection on `ln p` (keeping the infeasible end, an over-estimate), `h` is maximised by golden
//! section on `u`, and the maximum over the final bracket `[a, b]` is bounded by
//! `p*(b) − e^ε a` (monotonicity of `p*`).
//!
//! Guarantee: an upper bound on δ up to the floating-point evaluation of the constraint near its
//! boundary; a relative safety margin `REL_MARGIN` is added for that, and the result is capped by
//! the closed-form G and F bounds (foundations §3: OPT-1 ≤ min(G, F)), so it is never looser than
//! them. The uncapped part is *not* proof-grade like M/G/F.

use super::rdp_formula::{check_eps, check_rdp_value, Formula};
use super::rdp::check_order;
use crate::error::{check, Error, Result};
use crate::num::root::{root, root_of, Bracket, Midpoint, Monotone, RootError, Side, Stop};
use crate::num::special::{ln_1m_exp, ln_add_exp};

/// Relative safety margin on δ for the floating-point localisation of the boundary and maximum.
const REL_MARGIN: f64 = 1e-9;
/// Smallest `ln q` searched; `q ∈ [0, e^{U_LO}]` is covered by the bracket bound `p*(b) − 0`.
const U_LO: f64 = -700.0;

/// Upper bound on `ln δ_OPT1(ε)` for an `(α, r)`-RDP mechanism, `ε ≥ 0`. Capped at 0.
///
/// Errors: α not finite or ≤ 1; r NaN or < 0; ε not finite or < 0.
pub fn ln_delta_up(alpha: f64, r: f64, eps: f64) -> Result<f64> {
    check_order(alpha)?;
    check_rdp_value(r)?;
    check_eps(eps)?;
    if r == f64::INFINITY {
        return Ok(0.0);
    }
    if r == 0.0 {
        // D_α = 0 forces P = Q, hence δ(ε) = (1 − e^ε)_+ = 0 for ε ≥ 0.
        return Ok(f64::NEG_INFINITY);
    }
    let c = (alpha - 1.0) * r;
    let gamma = eps.exp();
    let u_hi = -r; // for q ≥ e^{−r}, p = 1 is feasible and h = 1 − γq is decreasing
    let h = |u: f64| p_star_ln(alpha, c, u).exp() - gamma * u.exp();
    // Golden-section search for the maximum of the unimodal h on [U_LO, u_hi].
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let (mut a, mut b) = (U_LO.min(u_hi), u_hi);
    let mut x1 = b - g * (b - a);
    let mut x2 = a + g * (b - a);
    let (mut f1, mut f2) = (h(x1), h(x2));
    for _ in 0..200 {
        if b - a <= 1e-15 * a.abs().max(1.0) {
            break;
        }
        if f1 < f2 {
            a = x1;
            x1 = x2;
            f1 = f2;
            x2 = a + g * (b - a);
            f2 = h(x2);
        } else {
            b = x2;
            x2 = x1;
            f2 = f1;
            x1 = b - g * (b - a);
            f1 = h(x1);
        }
    }
    // max over q ∈ [e^a, e^b] of p*(q) − γq ≤ p*(e^b) − γ e^a (p* non-decreasing); when the
    // bracket touches U_LO, q down to 0 is covered by taking the lower end q = 0.
    let q_lo = if a <= U_LO { 0.0 } else { a.exp() };
    let bound = p_star_ln(alpha, c, b).exp() - gamma * q_lo;
    if bound <= 0.0 {
        return Ok(f64::NEG_INFINITY);
    }
    // Direction: up by the relative safety margin (see module doc). G and F are closed-form upper
    // bounds on OPT-1 (foundations §3), so the minimum with them is still an upper bound.
    let g = Formula::BalleG.ln_delta_up_closed(alpha, r, eps)?;
    let f = Formula::AsoodehF.ln_delta_up_closed(alpha, r, eps)?;
    Ok((bound.ln() + REL_MARGIN).min(g).min(f).min(0.0))
}

/// Upper bound on `ε_OPT1(δ) = inf{ε ≥ 0 : δ_OPT1(ε) ≤ δ}`, by bisection on ε in
/// `[0, ε_G(δ)]` (OPT-1 ≤ G), returning the upper end of the final bracket.
///
/// Errors: as [`ln_delta_up`], and δ ∉ (0, 1); [`Error::Numerical`] if the bracket is invalid.
pub fn epsilon_up(alpha: f64, r: f64, delta: f64) -> Result<f64> {
    check_order(alpha)?;
    check_rdp_value(r)?;
    check::unit_open("delta", delta)?;
    if r == f64::INFINITY {
        return Ok(f64::INFINITY);
    }
    let target = delta.ln();
    let g = |e: f64| ln_delta_up(alpha, r, e).unwrap_or(0.0);
    if g(0.0) <= target {
        return Ok(0.0);
    }
    let mut hi = Formula::BalleG.epsilon_up_closed(alpha, r, delta)?.max(1e-12);
    for _ in 0..60 {
        if g(hi) <= target {
            break;
        }
        hi *= 2.0;
    }
    // Direction: the upper end of the bracket, where δ_OPT1 ≤ δ holds.
    let stop = Stop::width(0.0, 1e-13, 2000).with_midpoint(Midpoint::FromLo);
    let hi = root_of(|e: &f64| Ok::<_, RootError>(g(*e)), &target, Monotone::Decreasing, Bracket::new(0.0, hi), &stop, Side::Upper)
        .map_err(|e| Error::Numerical(format!("OPT-1 epsilon: no valid bracket for alpha={alpha}, r={r}, delta={delta} ({e})")))?;
    // G and F are valid upper bounds on ε_OPT1 as well (OPT-1 ≤ min(G, F)).
    let gf = Formula::BalleG.epsilon_up_closed(alpha, r, delta)?.min(Formula::AsoodehF.epsilon_up_closed(alpha, r, delta)?);
    Ok(hi.min(gf))
}

/// `ln p*(q)` for `u = ln q ≤ −r`: the largest `ln p ∈ [u, 0]` with `ln C(p, q) ≤ c`, returned
/// as the infeasible end of the final bisection bracket (an over-estimate of `p*`).
fn p_star_ln(alpha: f64, c: f64, u: f64) -> f64 {
    let l1q = ln_1m_exp(u.min(-f64::MIN_POSITIVE));
    let ln_c = |lp: f64| {
        let l1p = if lp >= 0.0 { f64::NEG_INFINITY } else { ln_1m_exp(lp) };
        ln_add_exp(alpha * lp + (1.0 - alpha) * u, alpha * l1p + (1.0 - alpha) * l1q)
    };
    if ln_c(0.0) <= c {
        return 0.0;
    }
    // Bracket: ln C(1, q) > c just checked; ln p = u is feasible (p = q). Direction: the
    // infeasible (upper) end; with no bracket (NaN), ln p = 0, the trivial over-estimate.
    root(|lp: &f64| Ok::<_, RootError>(ln_c(*lp) <= c), Bracket::established(u, 0.0), &Stop::iterations(200), Side::Upper).unwrap_or(0.0)
}
