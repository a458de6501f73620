//! Definition 2.1 (DP Model Merging): (ε, δ)-differential privacy of finite-outcome mechanisms
//! through the hockey-stick divergence (spec `merging.md` §1.3, §2).
//!
//! `H_ε(P, Q) = sup_S {P(S) − e^ε Q(S)} = Σ_k (P_k − e^ε Q_k)_+` for pmfs on a common finite
//! outcome set; `M` is (ε, δ)-DP on the pair iff `max{H_ε(P,Q), H_ε(Q,P)} ≤ δ` (both orders,
//! spec §1.3 "Profiles"). Everything here is the *exact* value up to floating-point rounding
//! (≈ n·u relative in the type's precision); nothing is rounded in a chosen direction except
//! [`eps_for_delta`], whose result is the upper end of the final bisection bracket (more loss).
//!
//! Other helpers of this paper module (Proposition 3.1 checks, tightness constructions, audit
//! points) call these functions; the pmfs are validated once at this boundary.

use crate::error::{Error, Result};
use crate::num::root::{root, Bracket, Midpoint, Side, Stop};
use crate::num::special::neumaier_sum;
use crate::num::Real;

/// Absolute tolerance on `Σ_k P_k = 1` accepted by the validating wrappers.
pub const PMF_TOL: f64 = 1e-9;

/// Definition 2.1 (DP Model Merging), spec §2 "Reference computation", generic over [`Real`]:
/// `H_ε(P, Q) = Σ_k (P_k − e^ε Q_k)_+` for any real ε.
///
/// Numerics (spec §2 "Numerical hazards"): the sign of each term is decided in log space
/// (`ln P_k` against `ε + ln Q_k`), a positive term is evaluated as `−P_k·expm1(ε + ln Q_k − ln P_k)`
/// so that neither `e^ε` nor `e^ε Q_k` is ever formed (no overflow for ε ≫ 709, no underflow for
/// subnormal `Q_k`); atoms with `Q_k = 0 < P_k` contribute `P_k` for every ε; atoms with `P_k = 0`
/// contribute nothing. Guarantee: exact up to rounding. Precondition (unchecked here; see
/// [`hockey_stick`]): equal lengths, entries ≥ 0, ε not NaN.
pub fn hockey_stick_r<R: Real>(p: &[R], q: &[R], eps: &R) -> R {
    let zero = eps.zero();
    let mut sum = zero.clone();
    for (pk, qk) in p.iter().zip(q) {
        if *pk <= zero {
            continue; // P_k = 0: (0 − e^ε Q_k)_+ = 0 (§1.6 rule 6: zero masses are skipped)
        }
        if *qk <= zero {
            sum = sum + pk.clone(); // Q_k = 0 < P_k: the atom is outside supp Q
            continue;
        }
        let d = eps.clone() + qk.ln() - pk.ln(); // ln(e^ε Q_k / P_k)
        if d < zero {
            sum = sum - pk.clone() * d.exp_m1();
        }
    }
    sum
}

/// Validate a pair of pmfs: same non-zero length, finite entries ≥ 0, each summing to 1 within
/// [`PMF_TOL`]. Errors name the offending pmf and index.
pub fn validate_pmfs(p: &[f64], q: &[f64]) -> Result<()> {
    if p.is_empty() || p.len() != q.len() {
        return Err(Error::invalid("pmf lengths", format!("{} and {}", p.len(), q.len()), "must be equal and non-zero"));
    }
    for (name, v) in [("P", p), ("Q", q)] {
        if let Some((k, x)) = v.iter().enumerate().find(|(_, x)| !(x.is_finite() && **x >= 0.0)) {
            return Err(Error::invalid(&format!("{name}[{k}]"), x, "pmf entries must be finite and ≥ 0"));
        }
        let s = neumaier_sum(v.iter().copied());
        if (s - 1.0).abs() > PMF_TOL {
            return Err(Error::invalid(&format!("sum of {name}"), s, "a pmf must sum to 1 (tolerance 1e-9)"));
        }
    }
    Ok(())
}

/// Definition 2.1 (DP Model Merging), f64: `H_ε(P, Q)` of two finite pmfs (see
/// [`hockey_stick_r`]); the sum of the positive terms is compensated (Neumaier).
/// Guarantee: exact up to rounding; result in `[max(0, 1 − e^ε) − O(u), 1 + O(u)]`.
/// Errors: invalid pmfs ([`validate_pmfs`]); ε NaN.
pub fn hockey_stick(p: &[f64], q: &[f64], eps: f64) -> Result<f64> {
    validate_pmfs(p, q)?;
    if eps.is_nan() {
        return Err(Error::invalid("epsilon", eps, "must not be NaN"));
    }
    Ok(hs_unchecked(p, q, eps))
}

/// [`hockey_stick`] without validation (compensated f64 sum of the same terms).
pub(crate) fn hs_unchecked(p: &[f64], q: &[f64], eps: f64) -> f64 {
    let terms = p.iter().zip(q).map(|(&pk, &qk)| {
        if pk <= 0.0 {
            0.0
        } else if qk <= 0.0 {
            pk
        } else {
            let d = eps + qk.ln() - pk.ln();
            if d < 0.0 { -pk * d.exp_m1() } else { 0.0 }
        }
    });
    neumaier_sum(terms)
}

/// Spec §1.3 "Profiles" / §2: `δ(ε) = max{H_ε(P,Q), H_ε(Q,P)}` of one neighbouring pair (both
/// orders). Errors as [`hockey_stick`].
pub fn delta_profile(p: &[f64], q: &[f64], eps: f64) -> Result<f64> {
    Ok(hockey_stick(p, q, eps)?.max(hs_unchecked(q, p, eps)))
}

/// Definition 2.1 (DP Model Merging): is the pair (ε, δ)-DP, i.e. `δ(ε) ≤ δ + tol`?
/// `tol ≥ 0` absorbs rounding of the sum (use ~1e-12 for pmfs of moderate size).
/// Errors: invalid pmfs; ε < 0 or not finite (Definition 2.1 needs ε ≥ 0); δ ∉ [0, 1]; tol < 0.
pub fn is_dp(p: &[f64], q: &[f64], eps: f64, delta: f64, tol: f64) -> Result<bool> {
    if !(eps.is_finite() && eps >= 0.0) {
        return Err(Error::invalid("epsilon", eps, "Definition 2.1 needs a finite ε ≥ 0"));
    }
    crate::error::check::unit_closed("delta", delta)?;
    if !(tol.is_finite() && tol >= 0.0) {
        return Err(Error::invalid("tol", tol, "must be finite and ≥ 0"));
    }
    Ok(delta_profile(p, q, eps)? <= delta + tol)
}

/// Spec §2 `eps_for_delta`: the smallest ε ≥ 0 with `profile(ε) ≤ δ`, by bisection (the profile
/// is non-increasing and continuous in ε). Searches `[0, eps_max]`; returns `0` if `profile(0) ≤ δ`
/// and `+∞` if `profile(eps_max) > δ` (e.g. mass outside the support of the other pmf exceeds δ).
/// Guarantee: upper bound — the returned ε satisfies `profile(ε) ≤ δ` and lies within
/// `max(1e-13, 1e-13·ε)` of the true root (the upper end of the last bracket is returned: more loss).
/// Errors: δ ∉ [0, 1]; `eps_max` not finite or < 0; a profile error or NaN.
pub fn eps_for_delta<F: FnMut(f64) -> Result<f64>>(mut profile: F, delta: f64, eps_max: f64) -> Result<f64> {
    crate::error::check::unit_closed("delta", delta)?;
    if !(eps_max.is_finite() && eps_max >= 0.0) {
        return Err(Error::invalid("eps_max", eps_max, "must be finite and ≥ 0"));
    }
    let mut above = |e: f64| -> Result<bool> {
        let v = profile(e)?;
        if v.is_nan() {
            return Err(Error::Numerical(format!("privacy profile is NaN at ε = {e}")));
        }
        Ok(v > delta)
    };
    if !above(0.0)? {
        return Ok(0.0);
    }
    if above(eps_max)? {
        return Ok(f64::INFINITY);
    }
    // Bracket: above(0) and !above(eps_max) were just checked.
    let stop = Stop::width_max(1e-13, 1e-13, usize::MAX).with_midpoint(Midpoint::FromLo);
    root(|e: &f64| above(*e), Bracket::established(0.0, eps_max), &stop, Side::Upper) // rounded towards more privacy loss: profile(hi) ≤ δ holds
}

/// [`eps_for_delta`] for a pair of finite pmfs: the search range ends at
/// `max_k |ln P_k − ln Q_k|` over atoms in both supports, beyond which both orders are constant.
pub fn pmf_eps_for_delta(p: &[f64], q: &[f64], delta: f64) -> Result<f64> {
    validate_pmfs(p, q)?;
    let top = p
        .iter()
        .zip(q)
        .filter(|(a, b)| **a > 0.0 && **b > 0.0)
        .map(|(a, b)| (a.ln() - b.ln()).abs())
        .fold(0.0_f64, f64::max);
    eps_for_delta(|e| Ok(hs_unchecked(p, q, e).max(hs_unchecked(q, p, e))), delta, top * (1.0 + 1e-12) + 1e-12)
}

#[cfg(test)]
#[path = "hockey_stick_test.rs"]
mod hockey_stick_test;
