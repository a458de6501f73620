//! The second terms of Theorem 3.1's expressions (2) and (3) **as printed** (Dong, Chen, Özgür
//! 2025, Theorem 3.1; spec §1.4), and the chain of Remark 3.2. For regression and audit only —
//! never for accounting (spec §1.2): both printed terms carry typos (exponent `σ²d²` where the
//! derivation yields `σ²d`; a stray `+(1−α)` in the numerator of (3)) and are unsound.

use crate::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14;
use crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward;
use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::papers::balanced_iteration::section_3_4::reverse::corollary_3_19_paper;
use crate::error::Result;

/// `ln(1 + α(e^v − 1)) − v = ln(α − (α − 1)e^{−v})` for `v > 1`, `ln_1p(α·expm1(v)) − v` below
/// (the logarithm of both printed terms with `e^v` factored out: finite for every `v ≥ 0`).
fn ln_tail(a: f64, v: f64) -> f64 {
    if v > 1.0 {
        (a - (a - 1.0) * (-v).exp()).ln()
    } else {
        (a * v.exp_m1()).ln_1p() - v
    }
}

/// **Theorem 3.1, second term of (2) as printed** (numerator exponent `αc²k(d−k)/(σ²d²)`):
/// `R^(2) = s_α + (1/(2(α−1)))[αv − d ln(1 + α(e^v − 1))]`, `v = c²k(d−k)/(σ²d²)`,
/// `s_α = αc²k²/(2σ²d)`. Typo (spec §1.4 (i)); can be negative (`d = 10, k = 1, c = σ = 1, α = 2`:
/// −0.6728229241). Nearest rounding.
///
/// Computed as `x²·κ − d·ln_tail(v)/(2(α−1))`, `x = c/σ`, `κ = αk²/(2d) + (α − d)k(d−k)/(2(α−1)d²)`
/// (both `s_α` and `v` are multiples of `x²`): exact algebra, but `x² = ∞` (`c/σ > 1.3e154`) now
/// gives the limit `±∞` by the sign of `κ` (was `∞ − ∞ = NaN`; issue 25).
pub fn printed_eq2_reverse(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    let (x, k, d, a) = (pair.c / pair.sigma, pair.k as f64, pair.d as f64, alpha as f64);
    let x2 = x * x;
    let kappa = a * k * k / (2.0 * d) + (a - d) * k * (d - k) / (2.0 * (a - 1.0) * d * d);
    let v = x2 * k * (d - k) / (d * d);
    let quad = if kappa == 0.0 { 0.0 } else { x2 * kappa };
    Ok(quad - d * ln_tail(a, v) / (2.0 * (a - 1.0)))
}

/// **Theorem 3.1, second term of (3) as printed**: `s_α + (1/(2(α−1)))[ln(e^{αv} + 1 − α) −
/// d ln(1 + α(e^v − 1))]`. Typo (spec §1.4 (ii)); `None` where the printed logarithm's argument
/// `e^{αv} + 1 − α` is not positive (the expression is undefined there; never clamped).
///
/// As the printed (2) plus `ln(1 − (α − 1)e^{−αv})/(2(α−1))` (the two differ only in
/// `ln(e^{αv} + 1 − α) = αv + ln(1 − (α − 1)e^{−αv})`): no `e^{αv}` overflow (`c = 710`: was
/// `∞ − ∞ = NaN`; issue 25).
pub fn printed_eq3_reverse(pair: &MixturePair, alpha: u64) -> Result<Option<f64>> {
    let eq2 = printed_eq2_reverse(pair, alpha)?;
    let (x, k, d, a) = (pair.c / pair.sigma, pair.k as f64, pair.d as f64, alpha as f64);
    let v = x * x * k * (d - k) / (d * d);
    let t = (a - 1.0) * (-a * v).exp();
    if t >= 1.0 {
        return Ok(None);
    }
    Ok(Some(eq2 + (-t).ln_1p() / (2.0 * (a - 1.0))))
}

/// The quantities Remark 3.2 orders, at one pair and order: the first terms of (1)/(2)
/// (`F_α`, equal by Lemma 3.12) and of (3) (`G_α`), and the second terms as printed in (2), (3)
/// and as derived (`R^paper`). The second term of (1) (the exact `R_α`) is computed by the audit
/// from `reverse_exact`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Remark32 {
    pub forward: f64,
    pub forward_bound: f64,
    pub reverse_eq2_printed: f64,
    pub reverse_eq3_printed: Option<f64>,
    pub reverse_paper: f64,
}

/// **Remark 3.2**'s chain at one pair and order (spec §2). Errors: the exact forward term is
/// unaffordable; invalid order.
pub fn remark_3_2(pair: &MixturePair, alpha: u64) -> Result<Remark32> {
    Ok(Remark32 {
        forward: theorem_3_1_forward(pair, alpha)?,
        forward_bound: corollary_3_14(pair, alpha)?,
        reverse_eq2_printed: printed_eq2_reverse(pair, alpha)?,
        reverse_eq3_printed: printed_eq3_reverse(pair, alpha)?,
        reverse_paper: corollary_3_19_paper(pair, alpha)?,
    })
}

#[cfg(test)]
#[path = "printed_test.rs"]
mod printed_test;
