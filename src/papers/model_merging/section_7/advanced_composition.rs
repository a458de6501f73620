//! Proposition 7.1 (DP Model Merging): for N independent releases of one Gaussian mechanism,
//! the joint-RDP ε (eq. 7 + classic conversion) is never larger than the (ε, δ) advanced
//! composition ε (spec `merging.md` §16, audit A18).
//!
//! With `t = Δ/σ`, `δ' = Nδ + δ₀`:
//! * per release (classic conversion, continuous α): `ε = t²/2 + t√(2 ln(1/δ))`;
//! * advanced composition (Dwork–Rothblum–Vadhan 2010, Thm III.3):
//!   `ε_com = ε√(2N ln(1/δ₀)) + Nε(e^ε − 1)`, guarantee (ε_com, δ');
//! * joint RDP: `ε_RDP = N t²/2 + t√(2N ln(1/δ'))` at `α* = 1 + √(2 ln(1/δ')/(N t²))`.
//!
//! Domain (A18): `δ' < 1` is required (unstated in the paper) — otherwise `ln(1/δ') ≤ 0` and the
//! closed form is undefined; this is a typed error here.

use crate::error::{Error, Result};
use crate::num::Real;

/// The four quantities of Proposition 7.1 (nats).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prop71 {
    /// Per-release ε at δ (classic conversion, continuous α).
    pub eps_single: f64,
    /// Advanced-composition ε at δ' (`+∞` when `e^ε` overflows f64: the inequality then holds trivially).
    pub eps_com: f64,
    /// Joint-RDP ε at δ' (classic conversion, continuous α).
    pub eps_rdp: f64,
    /// The optimal order α* of the joint-RDP conversion.
    pub alpha_star: f64,
    /// `δ' = Nδ + δ₀`.
    pub delta_prime: f64,
}

/// Proposition 7.1 (DP Model Merging), generic over [`Real`]: returns
/// `(eps_single, eps_com, eps_rdp, alpha_star)` from `t`, `n`, `ln(1/δ)`, `ln(1/δ₀)`, `ln(1/δ')`.
/// Exact closed forms (rounded to nearest in `R`); `e^ε − 1` is evaluated as `expm1(ε)`.
/// Precondition (checked by [`prop71`]): all arguments finite and > 0.
pub fn prop71_r<R: Real>(t: &R, n: &R, ln_inv_delta: &R, ln_inv_delta0: &R, ln_inv_delta_p: &R) -> (R, R, R, R) {
    let two = t.cst(2.0);
    let half_t2 = t.clone() * t.clone() / two.clone();
    let eps = half_t2.clone() + t.clone() * (two.clone() * ln_inv_delta.clone()).sqrt();
    let eps_com = eps.clone() * (two.clone() * n.clone() * ln_inv_delta0.clone()).sqrt() + n.clone() * eps.clone() * eps.exp_m1();
    let eps_rdp = n.clone() * half_t2 + t.clone() * (two.clone() * n.clone() * ln_inv_delta_p.clone()).sqrt();
    let alpha = t.one() + (two * ln_inv_delta_p.clone() / (n.clone() * t.clone() * t.clone())).sqrt();
    (eps, eps_com, eps_rdp, alpha)
}

/// Validate the domain of Proposition 7.1 and return `δ' = Nδ + δ₀`.
/// Errors: `t` not finite or ≤ 0; `n = 0`; δ ∉ (0, 1); δ₀ ∉ (0, 1); `δ' ≥ 1` (A18).
pub fn prop71_domain(t: f64, n: u64, delta: f64, delta0: f64) -> Result<f64> {
    crate::error::check::positive("t = Δ/σ", t)?;
    crate::error::check::at_least_one("N", n)?;
    crate::error::check::unit_open("delta", delta)?;
    crate::error::check::unit_open("delta0", delta0)?;
    let dp = n as f64 * delta + delta0;
    if dp >= 1.0 {
        return Err(Error::invalid(
            "delta' = N·delta + delta0",
            dp,
            "Proposition 7.1 needs δ' < 1 (unstated in the paper; audit A18): ln(1/δ') must be > 0",
        ));
    }
    Ok(dp)
}

/// Proposition 7.1 (DP Model Merging) in f64 (spec §16 "Reference computation").
///
/// Guarantee: exact closed forms up to rounding (a few ulps); `eps_com = +∞` when `e^ε`
/// overflows (checked via `expm1(ε) = ∞`). `δ' = Nδ + δ₀` and `ln(1/δ')` are formed with
/// `ln_1p` where δ' is small. The paper states δ ∈ (0, ½); the closed forms are evaluated for
/// δ ∈ (0, 1) (the inequality was also observed to hold there for N = 1, spec §16).
/// Errors: see [`prop71_domain`].
pub fn prop71(t: f64, n: u64, delta: f64, delta0: f64) -> Result<Prop71> {
    let dp = prop71_domain(t, n, delta, delta0)?;
    let (lid, lid0, lidp) = (-delta.ln(), -delta0.ln(), -dp.ln());
    let (eps, com, rdp, alpha) = prop71_r(&t, &(n as f64), &lid, &lid0, &lidp);
    // e^ε overflow: expm1(ε) = ∞ ⇒ ε_com = +∞ (never NaN)
    let eps_com = if eps.exp_m1().is_infinite() { f64::INFINITY } else { com };
    if eps.is_nan() || rdp.is_nan() || alpha.is_nan() || eps_com.is_nan() {
        return Err(Error::Numerical(format!("Proposition 7.1 produced NaN at t={t}, N={n}, δ={delta}, δ₀={delta0}")));
    }
    Ok(Prop71 { eps_single: eps, eps_com, eps_rdp: rdp, alpha_star: alpha, delta_prime: dp })
}

#[cfg(test)]
#[path = "advanced_composition_test.rs"]
mod advanced_composition_test;
