//! Rényi divergences between Gaussians with diagonal covariances (Dong, Chen, Özgür 2025,
//! Appendix: Propositions A.1 and A.2, after Gil, Alajaji, Linder 2013; spec §7). Used by
//! Corollary 3.17 (`D_α(Q‖Q') = s_α`) and by Lemma 3.18's comparison Gaussian.

use crate::error::{Error, Result};
use crate::num::Real;

fn check_alpha(alpha: f64) -> Result<()> {
    if alpha > 1.0 && alpha.is_finite() {
        Ok(())
    } else {
        Err(Error::invalid("alpha", alpha, "a Rényi order must be finite and > 1"))
    }
}

/// **Proposition A.1** (equal covariance): `D_α(N(m₁, Σ)‖N(m₂, Σ)) = (α/2)(m₁−m₂)ᵀΣ⁻¹(m₁−m₂)`,
/// `Σ = diag(var)`. Nearest rounding.
///
/// Errors: length mismatch, a variance ≤ 0, α ≤ 1.
///
/// Example (spec §7): `α = 3`, `m₁ − m₂ = (1, 2)`, `Σ = diag(1, 4)`: 3.
pub fn proposition_a_1(diff: &[f64], var: &[f64], alpha: f64) -> Result<f64> {
    check_alpha(alpha)?;
    if diff.len() != var.len() || var.iter().any(|v| !(*v > 0.0 && v.is_finite())) || diff.iter().any(|x| !x.is_finite()) {
        return Err(Error::invalid("var", var.len(), "need one positive finite variance per coordinate of the mean difference"));
    }
    Ok(proposition_a_1_r(diff, var, alpha, &0.0f64))
}

/// Proposition A.1's `(α/2) Σ_i (m₁ − m₂)_i²/Σ_ii` at the precision of `proto`, from the mean
/// difference given in that precision (inputs validated by [`proposition_a_1`]; nearest).
pub fn proposition_a_1_r<R: Real>(diff: &[R], var: &[f64], alpha: f64, proto: &R) -> R {
    let s = diff.iter().zip(var).fold(proto.zero(), |acc, (m, v)| acc + m.clone() * m.clone() / proto.cst(*v));
    proto.cst(alpha) / proto.cst(2.0) * s
}

/// **Proposition A.2** (equal mean): `D_α(N(m, Σ₁)‖N(m, Σ₂)) = (1/(2(α−1))) ln(|Σ₁|^{1−α}|Σ₂|^α /
/// |αΣ₂ + (1−α)Σ₁|)` for diagonal `Σ₁ = diag(v1)`, `Σ₂ = diag(v2)`; `+∞` when `αΣ₂ + (1−α)Σ₁` is not
/// positive definite (the integral diverges). Nearest rounding.
///
/// Example (spec §7, 1-D): `α = 2`, `Σ₁ = 1`, `Σ₂ = 1.5`: 0.05889151782819.
pub fn proposition_a_2(v1: &[f64], v2: &[f64], alpha: f64) -> Result<f64> {
    check_alpha(alpha)?;
    if v1.len() != v2.len() || v1.iter().chain(v2).any(|v| !(*v > 0.0 && v.is_finite())) {
        return Err(Error::invalid("var", v1.len(), "need two equally long lists of positive finite variances"));
    }
    Ok(proposition_a_2_r(v1, v2, alpha, &0.0f64).unwrap_or(f64::INFINITY))
}

/// Proposition A.2's value at the precision of `proto` (inputs validated by
/// [`proposition_a_2`]); `None` when `αΣ₂ + (1−α)Σ₁` is not positive definite (the divergence is
/// `+∞`). Nearest rounding.
///
/// Per coordinate (`x = Σ₁ᵢᵢ`, `y = Σ₂ᵢᵢ`, `m = αy + (1−α)x = x + α(y − x)`) the printed
/// `[(1−α) ln x + α ln y − ln m]/(2(α−1))` rearranged exactly as
/// `½[ln y − ln x + (ln y − ln m)/(α − 1)]`: no `(α−1)·ln` product to overflow and no
/// `2(α−1) = ∞` divisor at `α = 1.7e308` (was NaN; issue 25); where `m` overflows f64 (`y > x`,
/// huge `α`), `ln m = ln α + ln(y − x + x/α)` is taken as `ln α + ln(y − x)` (then `α(y − x) > 1.7e308 ≫ x`).
pub fn proposition_a_2_r<R: Real>(v1: &[f64], v2: &[f64], alpha: f64, proto: &R) -> Option<R> {
    let a = proto.cst(alpha);
    let am1 = a.clone() - proto.one();
    let mut s = proto.zero();
    for (x, y) in v1.iter().zip(v2) {
        let (x, y) = (proto.cst(*x), proto.cst(*y));
        let mix = x.clone() + a.clone() * (y.clone() - x.clone());
        if mix <= proto.zero() {
            return None;
        }
        let ln_mix = if mix.is_finite() { mix.ln() } else { a.ln() + (y.clone() - x.clone()).ln() };
        s = s + y.ln() - x.ln() + (y.ln() - ln_mix) / am1.clone();
    }
    Some(s / proto.cst(2.0))
}

#[cfg(test)]
#[path = "gaussians_test.rs"]
mod gaussians_test;
