//! Proposition 3.1 (DP Model Merging): "no free lunch" for mechanism-agnostic mergers
//! (spec `merging.md` §3, audit A11).
//!
//! The paper's threshold [`prop31_threshold`] is implemented as printed. The proof's two-point
//! mechanism is *not* (ε₂, δ)-DP in the reverse order ([`proof_theta2_check`]), and the statement
//! is false for some parameters; the audit-derived quantities [`prop31_pi_plus`], [`prop31_t1`]
//! and [`prop31_tau_rob`] (**audit-derived, not from the paper**) give the corrected picture, and
//! [`two_point_merger_worst_delta`] decides robustness of a concrete merger by computation.
//!
//! Domain of every function: `0 ≤ ε' < ε₂ < ∞`, `δ, δ' ∈ [0, 1)` (spec §3 "Reference computation").

use crate::papers::model_merging::section_2::hockey_stick::hs_unchecked;
use crate::error::{Error, Result};
use crate::num::Real;

fn validate(eps_p: f64, eps2: f64, delta: f64, delta_p: f64) -> Result<()> {
    if !(eps_p.is_finite() && eps_p >= 0.0) {
        return Err(Error::invalid("eps_prime", eps_p, "must be finite and ≥ 0"));
    }
    if !(eps2.is_finite() && eps2 > eps_p) {
        return Err(Error::invalid("eps2", eps2, "must be finite and > eps_prime (Proposition 3.1: ε₁ < ε' < ε₂)"));
    }
    for (n, d) in [("delta", delta), ("delta_prime", delta_p)] {
        if !(0.0..1.0).contains(&d) {
            return Err(Error::invalid(n, d, "must lie in [0, 1)"));
        }
    }
    Ok(())
}

/// Proposition 3.1 (DP Model Merging), main-text form:
/// `T_paper = (1 − e^{−ε'}(1 − δ')) / (1 − e^{−ε₂}(1 − δ))`, evaluated as
/// `(−expm1(−ε') + e^{−ε'}δ') / (−expm1(−ε₂) + e^{−ε₂}δ)`. Exact up to rounding; may be ≥ 1
/// (the claim is then vacuous; the raw value is returned). Errors: outside the domain above.
pub fn prop31_threshold(eps_p: f64, eps2: f64, delta: f64, delta_p: f64) -> Result<f64> {
    validate(eps_p, eps2, delta, delta_p)?;
    Ok(prop31_threshold_r(&eps_p, &eps2, &delta, &delta_p))
}

/// [`prop31_threshold`] in any precision (no validation): the same operations in `R`.
pub fn prop31_threshold_r<R: Real>(eps_p: &R, eps2: &R, delta: &R, delta_p: &R) -> R {
    let num = -(-eps_p.clone()).exp_m1() + (-eps_p.clone()).exp() * delta_p.clone();
    let den = -(-eps2.clone()).exp_m1() + (-eps2.clone()).exp() * delta.clone();
    num / den
}

/// Proposition 3.1 (DP Model Merging), appendix form
/// `(e^{−ε'}δ' + 1 − e^{−ε'}) / (1 − e^{−ε₂}(1 − δ))`, written literally (no expm1) so that
/// tests can confirm both printed forms agree. Errors as [`prop31_threshold`].
pub fn prop31_threshold_appendix(eps_p: f64, eps2: f64, delta: f64, delta_p: f64) -> Result<f64> {
    validate(eps_p, eps2, delta, delta_p)?;
    Ok(((-eps_p).exp() * delta_p + 1.0 - (-eps_p).exp()) / (1.0 - (-eps2).exp() * (1.0 - delta)))
}

/// Audit-derived, not from the paper (spec §3, A11): `π⁺ = δ + (1 − δ)(e^{ε₂} − e^{ε'})/(1 + e^{ε₂})`,
/// the largest `H_{ε'}` of any (ε₂, δ)-DP mechanism, attained by [`canonical_pair`]. Evaluated as
/// `δ + (1−δ)·e^{ε'}·expm1(ε₂ − ε')/(1 + e^{ε₂})` with the exponentials shifted by `e^{−ε₂}` (no
/// overflow). Exact up to rounding. Errors as [`prop31_threshold`] (δ' is not used).
pub fn prop31_pi_plus(eps_p: f64, eps2: f64, delta: f64) -> Result<f64> {
    validate(eps_p, eps2, delta, 0.0)?;
    Ok(prop31_pi_plus_r(&eps_p, &eps2, &delta))
}

/// [`prop31_pi_plus`] in any precision (no validation).
pub fn prop31_pi_plus_r<R: Real>(eps_p: &R, eps2: &R, delta: &R) -> R {
    // (e^{ε₂} − e^{ε'})/(1 + e^{ε₂}) = e^{ε'−ε₂}·expm1(ε₂ − ε') / (e^{−ε₂} + 1)
    let frac = (eps_p.clone() - eps2.clone()).exp() * (eps2.clone() - eps_p.clone()).exp_m1() / ((-eps2.clone()).exp() + eps2.one());
    delta.clone() + (delta.one() - delta.clone()) * frac
}

/// Audit-derived, not from the paper (spec §3): the sufficient threshold obtained by redoing the
/// paper's argument with an admissible two-point θ₂, `T₁ = (δ' + e^{ε'} − 1)/(π⁺ + e^{ε'} − 1)`.
/// Errors as [`prop31_threshold`].
pub fn prop31_t1(eps_p: f64, eps2: f64, delta: f64, delta_p: f64) -> Result<f64> {
    validate(eps_p, eps2, delta, delta_p)?;
    Ok(prop31_t1_r(&eps_p, &eps2, &delta, &delta_p))
}

/// [`prop31_t1`] in any precision (no validation).
pub fn prop31_t1_r<R: Real>(eps_p: &R, eps2: &R, delta: &R, delta_p: &R) -> R {
    let pi = prop31_pi_plus_r(eps_p, eps2, delta);
    let g = eps_p.exp_m1();
    (delta_p.clone() + g.clone()) / (pi + g)
}

/// Audit-derived, not from the paper (spec §3): the largest robust TV found by the spec's linear
/// program, `τ_rob = min{1, (δ' + ½(e^{ε'} − 1))/(π⁺ + ½(e^{ε'} − 1))}`. Mergers with
/// `τ(h) ≤ τ_rob` can be (ε', δ')-DP for every admissible pair (e.g. [`rr_merger`]); whenever
/// `τ_rob > T_paper` the proposition as printed is false. Errors as [`prop31_threshold`].
pub fn prop31_tau_rob(eps_p: f64, eps2: f64, delta: f64, delta_p: f64) -> Result<f64> {
    validate(eps_p, eps2, delta, delta_p)?;
    Ok(prop31_tau_rob_r(&eps_p, &eps2, &delta, &delta_p))
}

/// [`prop31_tau_rob`] in any precision (no validation).
pub fn prop31_tau_rob_r<R: Real>(eps_p: &R, eps2: &R, delta: &R, delta_p: &R) -> R {
    let pi = prop31_pi_plus_r(eps_p, eps2, delta);
    let g = eps_p.exp_m1() / eps_p.cst(2.0);
    ((delta_p.clone() + g.clone()) / (pi + g)).min(eps_p.one())
}

/// The canonical four-outcome (ε, δ)-DP pair (Kairouz–Oh–Viswanath 2015, used in spec §3):
/// `P = (δ, (1−δ)e^ε/(1+e^ε), (1−δ)/(1+e^ε), 0)`, `Q` the mirror image. Every (ε, δ)-DP pair is a
/// post-processing of it. Errors: ε not finite or < 0; δ ∉ [0, 1).
pub fn canonical_pair(eps: f64, delta: f64) -> Result<(Vec<f64>, Vec<f64>)> {
    if !(eps.is_finite() && eps >= 0.0) {
        return Err(Error::invalid("epsilon", eps, "must be finite and ≥ 0"));
    }
    if !(0.0..1.0).contains(&delta) {
        return Err(Error::invalid("delta", delta, "must lie in [0, 1)"));
    }
    let hi = (1.0 - delta) / (1.0 + (-eps).exp()); // (1−δ)e^ε/(1+e^ε) without overflow
    let lo = (1.0 - delta) - hi;
    Ok((vec![delta, hi, lo, 0.0], vec![0.0, lo, hi, delta]))
}

/// What the proof's two-point θ₂ satisfies, in both orders (spec §3 "Ground truth").
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ProofMechanismCheck {
    /// `p' = e^{−ε₂}(1 − δ)`, the probability of `a` under D'.
    pub p_prime: f64,
    /// `H_{ε₂}(θ₂(D), θ₂(D'))` (equals δ: this order is fine).
    pub forward: f64,
    /// `H_{ε₂}(θ₂(D'), θ₂(D))` = `1 − p'` (must be ≤ δ for admissibility).
    pub reverse: f64,
    /// `reverse − δ` (> 0: the mechanism is not (ε₂, δ)-DP).
    pub excess: f64,
}

/// Appendix A proof of Proposition 3.1 (DP Model Merging): θ₂(D) = a always; θ₂(D') = a with
/// probability `p' = e^{−ε₂}(1 − δ)`, b otherwise. Both orders of the hockey-stick divergence at
/// ε₂, computed with [`crate::papers::model_merging::section_2::hockey_stick`] on the pmfs over {a, b}. Errors as [`canonical_pair`].
pub fn proof_theta2_check(eps2: f64, delta: f64) -> Result<ProofMechanismCheck> {
    canonical_pair(eps2, delta)?; // same validation
    let p_prime = (-eps2).exp() * (1.0 - delta);
    let (pd, pd2) = ([1.0, 0.0], [p_prime, 1.0 - p_prime]);
    let forward = hs_unchecked(&pd, &pd2, eps2);
    let reverse = hs_unchecked(&pd2, &pd, eps2);
    Ok(ProofMechanismCheck { p_prime, forward, reverse, excess: reverse - delta })
}

/// The symmetric randomized-response merger of spec §3: it outputs the bit `1{a ∈ A}` of the
/// second model (fixed set A) kept with probability `(1 + τ)/2`. Returns the output laws
/// `(h(·, a∈A), h(·, b∉A))` on {1, 0}; their total variation is τ. Errors: τ ∉ [0, 1].
pub fn rr_merger(tau: f64) -> Result<(Vec<f64>, Vec<f64>)> {
    crate::error::check::unit_closed("tau", tau)?;
    let keep = 0.5 * (1.0 + tau);
    Ok((vec![keep, 1.0 - keep], vec![1.0 - keep, keep]))
}

/// Worst case, over every (ε₂, δ)-DP θ₂ with values in {a, b} (θ₁ fixed), of the merged
/// output's δ at ε', `max{H_{ε'}(P_out, Q_out), H_{ε'}(Q_out, P_out)}`, for a merger whose output
/// laws are `h_a = h(x, a)`, `h_b = h(x, b)` (pmfs on a common finite set).
///
/// Exact: every such θ₂ is the canonical pair post-processed by a kernel {1..4} → {a, b}
/// (Kairouz–Oh–Viswanath 2015); the output δ is convex in that kernel (joint convexity of
/// `H`), so the maximum is attained at one of the 16 deterministic placements, all enumerated
/// here (the adversary of the spec's LP). The merger is (ε', δ')-DP for all such θ₂ iff the
/// result is ≤ δ'. Errors: invalid pmfs, parameters outside the domain.
pub fn two_point_merger_worst_delta(h_a: &[f64], h_b: &[f64], eps_p: f64, eps2: f64, delta: f64) -> Result<f64> {
    crate::papers::model_merging::section_2::hockey_stick::validate_pmfs(h_a, h_b)?;
    validate(eps_p, eps2, delta, 0.0)?;
    let (pc, qc) = canonical_pair(eps2, delta)?;
    let mut worst = 0.0_f64;
    for f in 0u32..16 {
        let push = |w: &[f64]| -> Vec<f64> {
            (0..h_a.len())
                .map(|k| (0..4).map(|j| w[j] * if f >> j & 1 == 1 { h_b[k] } else { h_a[k] }).sum())
                .collect()
        };
        let (po, qo) = (push(&pc), push(&qc));
        worst = worst.max(hs_unchecked(&po, &qo, eps_p)).max(hs_unchecked(&qo, &po, eps_p));
    }
    Ok(worst)
}

#[cfg(test)]
#[path = "no_free_lunch_test.rs"]
mod no_free_lunch_test;
