//! Remark 3.9 (Dong, Chen, Özgür 2025; spec §14) for `T = 3` batches: the exact Rényi
//! divergences of the shuffled-batch instance `A = ⅓Σ_t N(2c e_t, σ²I₃)` (target present) and
//! `B = ⅓Σ_t N(c e_t, σ²I₃)` (absent), by a 2-D quadrature after the reduction along `1` (as in
//! Lemma 3.15): both are products of a Gaussian along `1/√3` (means `2c/√3`, `c/√3`: shift part
//! `αc²/(2σ²T)`, Proposition A.1) and a mixture of three Gaussians in the orthogonal plane with
//! centres on an equilateral triangle of radius `2c√(2/3)` (A) or `c√(2/3)` (B), the projections
//! of `e_t`. The plane integral `∫ a^α b^{1−α}` is a trapezoid rule on an `ndarray` grid, summed
//! in the log domain (spectrally accurate for these Gaussian-type integrands).

use crate::papers::balanced_iteration::mixture_pair::check_order;
use crate::error::{Error, Result};
use crate::papers::balanced_iteration::section_3_3::shuffle::{clamp_to_ceiling, signal};
use crate::num::special::ln_sum_exp;
use ndarray::Array2;

/// Largest grid (points per axis) accepted.
pub const MAX_AXIS: usize = 6000;

/// `ln(⅓ Σ_t φ₂(x − r v_t))`, `v_t` the unit vectors at angles `2πt/3`, `φ₂` the 2-D
/// `N(0, σ²I)` density.
fn ln_tri_mix(x: f64, y: f64, r: f64, s2: f64) -> f64 {
    let mut t = [0.0; 3];
    for (i, ti) in t.iter_mut().enumerate() {
        let th = 2.0 * std::f64::consts::PI * i as f64 / 3.0;
        let (dx, dy) = (x - r * th.cos(), y - r * th.sin());
        *ti = -(dx * dx + dy * dy) / (2.0 * s2);
    }
    ln_sum_exp(&t) - 3f64.ln() - (2.0 * std::f64::consts::PI * s2).ln()
}

/// The exact `D_α(A‖B)` (`forward = true`) or `D_α(B‖A)` of the shuffled instance with `T = 3`
/// (spec §14). Nearest rounding; the trapezoid step `σ/10` on `[−R, R]²`,
/// `R = (α + 1)·2c√(2/3) + 12σ` (the integrand is a Gaussian of width σ around a point within
/// `(α + 1)·2c√(2/3)` of the origin) — ≈ 1e−12 relative.
///
/// Computed at `σ = 1` and clamped as [`clamp_to_ceiling`] (issue 25).
///
/// Errors: invalid `c`, `σ`, order; `c/σ` above the limit of [`signal`]; grid above [`MAX_AXIS`] points per axis (large `αc/σ`).
///
/// Example (spec §14, `c = σ = 1, α = 2`): `D(A‖B) = 0.9109847916`, `D(B‖A) = 0.686249782`.
pub fn remark_3_9_shuffle_t3(c: f64, sigma: f64, alpha: u64, forward: bool) -> Result<f64> {
    let (c, sigma) = (signal(c, sigma)?, 1.0); // at σ = 1 (scale invariance, see `signal`)
    check_order(alpha)?;
    let (a, s2) = (alpha as f64, sigma * sigma);
    let rho = (2.0f64 / 3.0).sqrt();
    let (rp, rq) = if forward { (2.0 * c * rho, c * rho) } else { (c * rho, 2.0 * c * rho) };
    let r = (a + 1.0) * 2.0 * c * rho + 12.0 * sigma;
    let h = sigma / 10.0;
    let n = (2.0 * r / h).ceil() as usize + 1;
    if n > MAX_AXIS {
        return Err(Error::Unsupported(format!("T = 3 shuffle quadrature needs {n} points per axis (> {MAX_AXIS}) at α = {alpha}, c/σ = {}", c / sigma)));
    }
    let grid = Array2::from_shape_fn((n, n), |(i, j)| {
        let (x, y) = (-r + i as f64 * h, -r + j as f64 * h);
        a * ln_tri_mix(x, y, rp, s2) + (1.0 - a) * ln_tri_mix(x, y, rq, s2)
    });
    let m = grid.fold(f64::NEG_INFINITY, |m, &v| m.max(v));
    let sum: f64 = grid.iter().map(|v| (v - m).exp()).sum();
    let ln_i = m + sum.ln() + 2.0 * h.ln();
    let shift = a * c * c / (2.0 * s2 * 3.0);
    Ok(clamp_to_ceiling(shift + ln_i / (a - 1.0), alpha, c))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spec §14 table, T = 3, σ = 1, α = 2 (the spec's values are quoted to 10 / 9 digits);
    /// never above the unamplified ceiling αc²/(2σ²).
    #[test]
    fn spec_values_t3() {
        let (f, r) = (remark_3_9_shuffle_t3(1.0, 1.0, 2, true).unwrap(), remark_3_9_shuffle_t3(1.0, 1.0, 2, false).unwrap());
        assert!((f - 0.9109847916).abs() < 1e-9, "{f}");
        assert!((r - 0.686249782).abs() < 2e-9, "{r}");
        for (s, a) in [(1.0, 2u64), (1.0, 5), (2.0, 4), (0.7, 8)] {
            let v = remark_3_9_shuffle_t3(1.0, s, a, true).unwrap();
            assert!(v > 0.0 && v <= a as f64 / (2.0 * s * s), "σ = {s}, α = {a}: {v}");
        }
    }
}
