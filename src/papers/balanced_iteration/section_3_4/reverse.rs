//! The reverse direction `R_α = D_α(Q‖P)` of Theorem 3.1 (Dong, Chen, Özgür 2025; spec §1.4–§1.6,
//! §6–§8): the terms the two-sided Theorem 3.1 value
//! ([`crate::papers::balanced_iteration::section_3_1::theorem_3_1`]) is built from.
//!
//! * Lemma 3.15 (exact split): `R_α = D_α(Q‖Q') + D_α(Q'‖P)`, `Q' = N((ck/d)1, σ² I)`.
//! * Corollary 3.17 (Proposition A.1): `D_α(Q‖Q') = s_α = αc²k²/(2σ²d)`.
//! * Corollary 3.19 (from Lemma 3.18, **false as stated**, spec §8): the paper's reverse term
//!   `R^paper = s_α + (d/(2(α−1)))[αv − ln(1 + α(e^v − 1))]`, `v = c²k(d−k)/(σ²d²)` — with the
//!   exponent `σ²d` the derivation yields (the theorem's `σ²d²` and the `+(1−α)` of (3) are typos,
//!   spec §1.4). **Not an upper bound on `R_α` in general**: never used for certified accounting.
//! * The certified replacement (spec §1.5, Jensen on the orthogonal part):
//!   `R^∞ = αc²k²/(2σ²d) + c²k(d−k)/(2σ²d) ≥ R_α`.

use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::error::{Error, Result};
use crate::num::quad::integrate_split;
use crate::num::round::widen_up;
use crate::num::{Mp, Real};

/// **Corollary 3.17** (Proposition A.1): `D_α(Q‖Q') = s_α = αc²k²/(2σ²d)`, rounded up (a few
/// correctly rounded operations, widened by 4 ulps). Any real `α > 1` is fine here; integer orders
/// are validated for uniformity with Theorem 3.1.
pub fn corollary_3_17(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    let (x, k, d) = (pair.c / pair.sigma, pair.k as f64, pair.d as f64);
    Ok(widen_up(alpha as f64 * x * x * k * k / (2.0 * d), 4))
}

/// `(α, c, k, d, σ)` of the pair in `R` (α any real > 1 for the closed forms below).
fn consts_r<R: Real>(pair: &MixturePair, alpha: f64, proto: &R) -> (R, R, R, R, R) {
    (proto.cst(alpha), proto.cst(pair.c), proto.cst(pair.k as f64), proto.cst(pair.d as f64), proto.cst(pair.sigma))
}

/// Corollary 3.17's `s_α = αc²k²/(2σ²d)` at the precision of `proto` (nearest; any real `α > 1`,
/// Proposition A.1 needs no integrality): the MPFR twin of [`corollary_3_17`].
pub fn corollary_3_17_r<R: Real>(pair: &MixturePair, alpha: f64, proto: &R) -> R {
    let (a, c, k, d, s) = consts_r(pair, alpha, proto);
    let x = c / s; // (c/σ)², not c²/σ²: c = σ = 1e−300 would be 0/0 in f64 (issue 25)
    a * x.clone() * x * k.clone() * k / (proto.cst(2.0) * d)
}

/// Lemma 3.18's right-hand side `(d/(2(α−1)))[αv − ln(1 + α(e^v − 1))]`, `v = c²k(d−k)/(σ²d²)`,
/// at the precision of `proto` (the twin of [`lemma_3_18_bound`]; the bracket directly, which
/// at MPFR precision loses only `log₂(1/(αv))` of its bits to cancellation).
pub fn lemma_3_18_bound_r<R: Real>(pair: &MixturePair, alpha: f64, proto: &R) -> R {
    let (a, c, k, d, s) = consts_r(pair, alpha, proto);
    let x = c / s;
    let v = x.clone() * x * k.clone() * (d.clone() - k) / (d.clone() * d.clone());
    d / (proto.cst(2.0) * (a.clone() - proto.one())) * a2_bracket(a, v)
}

/// `R^paper_α = s_α + ` Lemma 3.18's bound (Corollary 3.19) at the precision of `proto` (the twin
/// of [`corollary_3_19_paper`]; not an upper bound on `R_α`, see there).
pub fn corollary_3_19_paper_r<R: Real>(pair: &MixturePair, alpha: f64, proto: &R) -> R {
    corollary_3_17_r(pair, alpha, proto) + lemma_3_18_bound_r(pair, alpha, proto)
}

/// `R^∞_α = αc²k²/(2σ²d) + c²k(d−k)/(2σ²d)` at the precision of `proto` (the twin of
/// [`reverse_certified`]).
pub fn reverse_certified_r<R: Real>(pair: &MixturePair, alpha: f64, proto: &R) -> R {
    let (a, c, k, d, s) = consts_r(pair, alpha, proto);
    let x = c / s;
    (a * k.clone() * k.clone() + k.clone() * (d.clone() - k)) * x.clone() * x / (proto.cst(2.0) * d)
}

/// The `d = 2` reverse bound of [`reverse_proven_d2`] at the precision of `proto` (its twin):
/// `αc²/(4σ²) + (1/(2(α−1)))[αw − ln(1 + α(e^w − 1))]`, `w = c²/(2σ²)`.
pub fn reverse_proven_d2_r<R: Real>(c: f64, sigma: f64, alpha: f64, proto: &R) -> R {
    let (a, c, s) = (proto.cst(alpha), proto.cst(c), proto.cst(sigma));
    let x = c / s;
    let w = x.clone() * x / proto.cst(2.0);
    let shift = a.clone() * w.clone() / proto.cst(2.0);
    shift + a2_bracket(a.clone(), w) / (proto.cst(2.0) * (a - proto.one()))
}

/// **Corollary 3.19** as the appendix derivation yields it (exponent `σ²d`): the paper's reverse
/// term `R^paper_α`. Flagged: it rests on Lemma 3.18, which is false as stated (audit point A1:
/// `d = 2, k = 1, c = σ = 1, α = 2`: exact `R_2 = 0.569043 > R^paper = 0.550167`). For
/// reproduction of the paper only. `ln(1 + α(e^v − 1))` as `ln_1p(α·expm1(v))`; the bracket's
/// series is used when `αv < 1e−4` (spec §1.7). Nearest rounding.
pub fn corollary_3_19_paper(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    Ok(corollary_3_17_r(pair, alpha as f64, &0.0f64) + lemma_3_18_bound(pair, alpha)?)
}

/// The bracket of Proposition A.2 with `Σ₂ = e^w Σ₁` (Lemma 3.18, Corollary 3.19 (balanced
/// iteration)): `αw − ln(1 + α(e^w − 1))` for `w ≥ 0`, in the precision of `a` (nearest).
/// Three forms of the same quantity: in f64 its series when `αw < 1e−4` (cancellation; spec §1.7;
/// MPFR keeps the direct form, whose truncation-free value it resolves);
/// directly for `w ≤ 1`; for `w > 1` as `(α − 1)w − ln(α − (α − 1)e^{−w})` (factor `e^w` out of
/// the logarithm: no `e^w` overflow, and `w = +∞` gives `+∞`, not `∞ − ∞`; issue 25).
pub fn a2_bracket<R: Real>(a: R, w: R) -> R {
    let one = a.one();
    if a.prec() <= 53 && (a.clone() * w.clone()) < a.cst(1e-4) {
        let a1 = a.clone() - one.clone();
        let w2 = w.clone() * w.clone();
        let (two, six) = (a.cst(2.0), a.cst(6.0));
        a.clone() * a1.clone() / two.clone() * w2.clone() - a.clone() * a1 * (two * a - one) / six * w2 * w
    } else if w <= one {
        a.clone() * w.clone() - (a * w.exp_m1()).ln_1p()
    } else {
        let a1 = a.clone() - one;
        a1.clone() * w.clone() - (a - a1 * (-w).exp()).ln()
    }
}

/// **Lemma 3.18**'s right-hand side as stated: `D_α(Q''‖N(0, σ²e^v I_d)) =
/// (d/(2(α−1)))[αv − ln(1 + α(e^v − 1))]` (Proposition A.2 with `Σ₂ = e^v Σ₁`),
/// `v = c²k(d−k)/(σ²d²)`. The lemma claims it bounds the orthogonal part `D_α(Q''‖P'')` of the
/// reverse divergence; **false as stated** (spec §8; audit point A1). Nearest rounding.
pub fn lemma_3_18_bound(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    let (c, k, d, s) = (pair.c, pair.k as f64, pair.d as f64, pair.sigma);
    let a = alpha as f64;
    let x = c / s;
    let v = x * x * k * (d - k) / (d * d);
    Ok(d / (2.0 * (a - 1.0)) * a2_bracket(a, v))
}

/// The reverse bound that **is** proven for `d = 2, k = 1` (spec §8 "What is true": Lemma 3.18's
/// single-crossing argument is valid in the one direction orthogonal to `1`):
/// `R^{(1)}_α = αc²/(4σ²) + (1/(2(α−1)))[αc²/(2σ²) − ln(1 + α(e^{c²/(2σ²)} − 1))] ≥ D_α(Q‖P)`.
/// The certified reverse term of Corollary 3.7 (dropout). Rounded up (8 ulps of each summand's
/// magnitude; the bracket is a difference of two O(αβ) terms).
///
/// Example (spec §8, `c = σ = 1, α = 2`): 0.5841017171 (exact `R_2 = 0.5690425999547`).
pub fn reverse_proven_d2(c: f64, sigma: f64, alpha: u64) -> Result<f64> {
    MixturePair::new(2, 1, c, sigma)?;
    check_order(alpha)?;
    let a = alpha as f64;
    let x = c / sigma;
    let w = x * x / 2.0;
    let shift = a * w / 2.0;
    let orth = a2_bracket(a, w) / (2.0 * (a - 1.0));
    let mag = shift + a * w / (2.0 * (a - 1.0)) + orth.abs();
    Ok(widen_up(shift + orth + 16.0 * f64::EPSILON * mag, 2))
}

/// **The certified reverse bound `R^∞_α`** (spec §1.5; Lemma 3.15 + Corollary 3.17 + Jensen:
/// `q''/p'' ≤ e^{r²/(2σ²)}`): `αc²k²/(2σ²d) + c²k(d−k)/(2σ²d) ≥ D_α(Q‖P)`, rounded up.
pub fn reverse_certified(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    Ok(widen_up(reverse_certified_r(pair, alpha as f64, &0.0f64), 4))
}

/// The exact reverse divergence `R_α = D_α(Q‖P)` for `d = 2, k = 1` (test and audit oracle): by
/// Lemma 3.15, `R_α = s_α + (1/(α−1)) ln(e^{(α−1)a²/(2σ²)} E_{x∼N(0,σ²)}[cosh(ax/σ²)^{−(α−1)}])`,
/// `a = c/√2`, the expectation by tanh–sinh quadrature at 128 bits over `[0, 60σ]` (even
/// integrand; the tail beyond is below `e^{−1800}`).
///
/// Errors: quadrature did not converge to 1e−25.
pub fn reverse_exact_d2(c: f64, sigma: f64, alpha: u64) -> Result<f64> {
    MixturePair::new(2, 1, c, sigma)?; // validates c, σ
    check_order(alpha)?;
    let p = Mp::new(128, 0.0);
    let (cc, s) = (p.cst(c), p.cst(sigma));
    let a = cc.clone() / p.cst(2.0).sqrt();
    let s2 = s.clone() * s.clone();
    let am1 = p.cst(alpha as f64 - 1.0);
    let two_pi = p.cst(2.0) * p.pi();
    let f = |x: &Mp| -> Mp {
        let dens = (-(x.clone() * x.clone()) / (p.cst(2.0) * s2.clone())).exp() / (two_pi.clone().sqrt() * s.clone());
        dens * (-(am1.clone() * (a.clone() * x.clone() / s2.clone()).cosh().ln())).exp() * p.cst(2.0)
    };
    let q = integrate_split(f, &[p.zero(), s.clone(), p.cst(8.0) * s.clone(), p.cst(60.0) * s.clone()], &p.cst(1e-30), 14);
    if q.err.to_f64() > 1e-25 {
        return Err(Error::Numerical(format!("reverse quadrature error {:e}", q.err.to_f64())));
    }
    let orth = (am1.clone() * a.clone() * a / (p.cst(2.0) * s2) + q.value.ln()) / am1;
    Ok(alpha as f64 * c * c / (2.0 * sigma * sigma * 2.0) + orth.to_f64())
}

#[cfg(test)]
#[path = "reverse_test.rs"]
mod reverse_test;
