//! Theorem 3.11 (Zhu & Wang 2019, as restated by Dong, Chen, Özgür 2025; spec §13): RDP of the
//! Poisson-subsampled Gaussian mechanism, the baseline Balanced Iteration Subsampling is compared
//! with. A paper-folder wrapper over the crate's existing binomial sum
//! ([`crate::mechanisms::exact::sgm_rdp_remove_int`], Mironov, Talwar & Zhang 2019), which is
//! exactly the printed expression:
//! `ε_P(α) = (1/(α−1)) ln{(1−γ)^{α−1}(αγ − γ + 1) + Σ_{l=2}^{α} C(α,l)(1−γ)^{α−l} γ^l e^{(l−1)ε(l)}}`,
//! `ε(l) = lc²/(2σ²)`, equal to `(1/(α−1)) ln Σ_{l=0}^{α} C(α,l)(1−γ)^{α−l}γ^l e^{βl(l−1)}` (the
//! `l = 0, 1` terms sum to the first summand). This is the forward divergence of
//! `(1−γ)Q + γN(c, σ²)` against `Q = N(0, σ²)` (Lemma 3.12 with centres `{0, c}`); for this pair
//! the forward direction dominates at integer orders (Mironov, Talwar & Zhang 2019), so it is the
//! mechanism's RDP under add/remove adjacency. Per step; `T` steps compose to `T ε_P`.

use crate::error::{check, Error, Result};
use crate::mechanisms::exact::sgm_rdp_remove_int;
use crate::num::round::widen_up;
use crate::num::Real;

/// `ε_P(α)` at the precision of `proto` (nearest rounding). `γ = 0` gives 0.
///
/// Errors: `γ ∉ [0, 1]`, `σ` or `c` not positive, `α < 2`.
pub fn theorem_3_11_r<R: Real>(gamma: f64, c: f64, sigma: f64, alpha: u64, proto: &R) -> Result<R> {
    check::unit_closed("gamma", gamma)?;
    check::positive("c", c)?;
    check::positive("sigma", sigma)?;
    if !(2..=100_000).contains(&alpha) {
        return Err(Error::invalid("alpha", alpha, "Theorem 3.11 needs an integer order in [2, 100000]"));
    }
    if gamma == 0.0 {
        return Ok(proto.zero());
    }
    // sensitivity c, noise σ  ≡  sensitivity 1, noise σ/c
    Ok(sgm_rdp_remove_int(&proto.cst(gamma), &(proto.cst(sigma) / proto.cst(c)), alpha))
}

/// **Theorem 3.11**: `ε_P(α)` as an **upper bound** in `f64`, rounded up over an allowance of
/// `(4α + 16)u` times the magnitudes of the log-sum-exp's terms (the binomial sum has `α + 1`
/// positive terms with `lnΓ` coefficients of relative error ≲ 4u each).
///
/// Errors: as [`theorem_3_11_r`].
///
/// Example (spec §13): `(α, γ, σ) = (64, 0.01, 0.8)`, `c = 1`: `45.32173187455`.
pub fn theorem_3_11(gamma: f64, c: f64, sigma: f64, alpha: u64) -> Result<f64> {
    let v = theorem_3_11_r(gamma, c, sigma, alpha, &0.0f64)?;
    if gamma == 0.0 {
        return Ok(0.0); // no subsampling: the output does not depend on the record
    }
    // (c/σ)² beyond f64 (σ = 1e−300 or c = 1.7e308), γ > 0: the l = α term alone,
    // γ^α e^{α(α−1)c²/(2σ²)}, exceeds every f64, so +∞ is the upper bound rounded up (issue 25:
    // was a numerical error).
    if v == f64::INFINITY || !(c / sigma).powi(2).is_finite() {
        return Ok(f64::INFINITY);
    }
    if !v.is_finite() {
        return Err(Error::Numerical(format!("Theorem 3.11 overflowed at α = {alpha}")));
    }
    let a = alpha as f64;
    let beta = c * c / (2.0 * sigma * sigma);
    // largest term magnitude: ln C(α, l) ≤ α ln 2, β l(l−1) ≤ βα², l|ln γ| ≤ α|ln γ|
    let mag = a * std::f64::consts::LN_2 + beta * a * a + a * (gamma.ln().abs() + (-gamma).ln_1p().abs()) + (a - 1.0) * v.abs();
    let u = f64::EPSILON / 2.0;
    Ok(widen_up(v + (4.0 * a + 16.0) * u * mag / (a - 1.0), 2).max(0.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 25 (card fuzz): σ = 1e−300 or c = 1.7e308 was a numerical error; the l = α term
    /// γ^α e^{α(α−1)c²/(2σ²)} alone exceeds every f64, so the upper bound is +∞; γ = 0 stays 0.
    /// Spec §13's example still holds: (α, γ, σ) = (64, 0.01, 0.8), c = 1: 45.32173187455.
    #[test]
    fn theorem_3_11_beyond_f64_is_an_infinite_upper_bound() {
        assert_eq!(theorem_3_11(0.4, 1.0, 1e-300, 8).unwrap(), f64::INFINITY);
        assert_eq!(theorem_3_11(0.4, 1.7e308, 2.0, 8).unwrap(), f64::INFINITY);
        assert_eq!(theorem_3_11(0.0, 1.0, 1e-300, 8).unwrap(), 0.0);
        let v = theorem_3_11(0.01, 1.0, 0.8, 64).unwrap();
        assert!((v / 45.32173187455 - 1.0).abs() < 1e-11, "{v}");
    }
}
