//! Remark 3.9 (Dong, Chen, Özgür 2025; spec §14): the balanced analysis does not cover the
//! Shuffle Gaussian Mechanism (fixed batch sizes make the records' assignments dependent). The
//! concrete instance of spec §14 for `T = 2` batches (1-D gradients, add/remove): with the target,
//! `A = ½Σ_t N(2c e_t, σ²I)`; without it, `B = ½Σ_t N(c e_t, σ²I)`. Reduced along `1` (as in
//! Lemma 3.15): shift part `αc²/(4σ²)` (A → B) plus a 1-D divergence between the symmetric
//! two-point mixtures `½[N(±√2c, σ²)]` and `½[N(±c/√2, σ²)]`, by the trapezoid rule.

use crate::papers::balanced_iteration::section_3_4::reverse_exact::ln_trapezoid;
use crate::error::{check, Error, Result};
use crate::papers::balanced_iteration::mixture_pair::check_order;

fn ln_pair_mix(x: f64, m: f64, s2: f64) -> f64 {
    let (a, b) = (-(x - m) * (x - m) / (2.0 * s2), -(x + m) * (x + m) / (2.0 * s2));
    let hi = a.max(b);
    hi + ((a - hi).exp() + (b - hi).exp()).ln() - (2.0f64).ln() - 0.5 * (2.0 * std::f64::consts::PI * s2).ln()
}

/// Largest signal `c/σ` of the spec §14 instance accepted by the quadratures and the Monte Carlo
/// (the T = 2 trapezoid's step is `(4c/σ + 80)/16000 ≤ σ/4` up to here).
pub const MAX_SIGNAL: f64 = 1000.0;

/// The signal `x = c/σ` of the spec §14 instance (Remark 3.9 (balanced iteration)): both
/// divergences depend on `(c, σ)` only through it (`x ↦ σx` maps the instance at `(c/σ, 1)` onto
/// the one at `(c, σ)`, and Rényi divergences are invariant under bijections), so the routines
/// below work at `σ = 1` (no `c²`, `σ²` overflow or `0/0`; issue 25).
///
/// Errors: invalid `c`, `σ`; [`Error::Unsupported`] naming the limit for `c/σ > MAX_SIGNAL`.
pub fn signal(c: f64, sigma: f64) -> Result<f64> {
    check::positive("c", c)?;
    check::positive("sigma", sigma)?;
    let x = c / sigma;
    if x > MAX_SIGNAL {
        return Err(Error::Unsupported(format!("the shuffled instance of Remark 3.9 is computed for c/σ ≤ {MAX_SIGNAL} (got c/σ = {x:e}); both divergences lie in [0, αc²/(2σ²)]")));
    }
    Ok(x)
}

/// A quadrature value of `D_α(A‖B)` or `D_α(B‖A)` at signal `x` clamped to `[0, αx²/2]`: both
/// divergences are non-negative and at most the unamplified `αc²/(2σ²)` (quasi-convexity,
/// spec §14), which below the quadrature's absolute error (≈ 1e−16, tiny `c/σ`) is the only
/// resolved information (`c = 1e−300`: 0, the nearest f64 of the true ≈ 1e−600; was 1e−16).
pub fn clamp_to_ceiling(v: f64, alpha: u64, x: f64) -> f64 {
    v.clamp(0.0, alpha as f64 * x * x / 2.0)
}

/// The exact `D_α(A‖B)` (`forward = true`) or `D_α(B‖A)` of the shuffled instance with `T = 2`
/// (spec §14). Nearest; ≈ 1e−12 relative (trapezoid on `[−(2c + 40σ), 2c + 40σ]`, 16000 steps,
/// at `σ = 1`, see [`signal`]), clamped by [`clamp_to_ceiling`].
///
/// Errors: invalid `c`, `σ`, order; `c/σ > MAX_SIGNAL`.
///
/// Example (spec §14, `c = σ = 1, α = 2`): `D(A‖B) = 0.9514579734159`, `D(B‖A) = 0.794188277735`.
pub fn remark_3_9_shuffle_t2(c: f64, sigma: f64, alpha: u64, forward: bool) -> Result<f64> {
    let x = signal(c, sigma)?;
    check_order(alpha)?;
    let a = alpha as f64;
    let (mp, mq) = if forward { (2f64.sqrt() * x, x / 2f64.sqrt()) } else { (x / 2f64.sqrt(), 2f64.sqrt() * x) };
    let shift = a * x * x / 4.0;
    let r = 2.0 * x + 40.0;
    let ln_i = ln_trapezoid(|z| a * ln_pair_mix(z, mp, 1.0) + (1.0 - a) * ln_pair_mix(z, mq, 1.0), -r, r, 16000);
    Ok(clamp_to_ceiling(shift + ln_i / (a - 1.0), alpha, x))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spec §14 table, T = 2; never above the unamplified αc²/(2σ²).
    #[test]
    fn spec_values_t2() {
        for (s, a, fwd, rev) in [(1.0, 2u64, 0.9514579734159, 0.794188277735), (1.0, 3, 1.47016199084, 1.126327022458), (2.0, 2, 0.1797302765203, 0.1636089249625)] {
            let (f, r) = (remark_3_9_shuffle_t2(1.0, s, a, true).unwrap(), remark_3_9_shuffle_t2(1.0, s, a, false).unwrap());
            assert!((f - fwd).abs() < 1e-10 && (r - rev).abs() < 1e-10, "σ = {s}, α = {a}: {f} {r}");
            assert!(f <= a as f64 / (2.0 * s * s));
        }
    }

    /// Issue 25: c/σ → 0 (c = 1e−300, σ = 1.7e308) gives 0, the nearest f64 of a divergence
    /// at most αc²/(2σ²) < 1e−599 (was ≈ 1e−16 or NaN); c/σ = 10 (unchanged scale invariance)
    /// equals the value at (c, σ) = (1, 0.1); c/σ beyond MAX_SIGNAL is a clean refusal.
    #[test]
    fn extreme_signals() {
        assert_eq!(remark_3_9_shuffle_t2(1e-300, 1.0, 2, true).unwrap(), 0.0);
        assert_eq!(remark_3_9_shuffle_t2(1.0, 1.7e308, 2, false).unwrap(), 0.0);
        let (u, v) = (remark_3_9_shuffle_t2(1e300, 1e301, 3, true).unwrap(), remark_3_9_shuffle_t2(0.1, 1.0, 3, true).unwrap());
        assert!((u - v).abs() <= 1e-14 * v && v > 0.0, "{u} {v}");
        assert!(matches!(remark_3_9_shuffle_t2(1.7e308, 1.0, 2, true), Err(Error::Unsupported(_))));
        assert!(matches!(remark_3_9_shuffle_t2(1.0, 1e-300, 2, true), Err(Error::Unsupported(_))));
    }
}
