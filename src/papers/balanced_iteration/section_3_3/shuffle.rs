//! Remark 3.9 (Dong, Chen, Özgür 2025; spec §14): the balanced analysis does not cover the
//! Shuffle Gaussian Mechanism (fixed batch sizes make the records' assignments dependent). The
//! concrete instance of spec §14 for `T = 2` batches (1-D gradients, add/remove): with the target,
//! `A = ½Σ_t N(2c e_t, σ²I)`; without it, `B = ½Σ_t N(c e_t, σ²I)`. Reduced along `1` (as in
//! Lemma 3.15): shift part `αc²/(4σ²)` (A → B) plus a 1-D divergence between the symmetric
//! two-point mixtures `½[N(±√2c, σ²)]` and `½[N(±c/√2, σ²)]`, by the trapezoid rule.

use crate::papers::balanced_iteration::section_3_4::reverse_exact::ln_trapezoid;
use crate::error::{check, Result};
use crate::papers::balanced_iteration::mixture_pair::check_order;

fn ln_pair_mix(x: f64, m: f64, s2: f64) -> f64 {
    let (a, b) = (-(x - m) * (x - m) / (2.0 * s2), -(x + m) * (x + m) / (2.0 * s2));
    let hi = a.max(b);
    hi + ((a - hi).exp() + (b - hi).exp()).ln() - (2.0f64).ln() - 0.5 * (2.0 * std::f64::consts::PI * s2).ln()
}

/// The exact `D_α(A‖B)` (`forward = true`) or `D_α(B‖A)` of the shuffled instance with `T = 2`
/// (spec §14). Nearest; ≈ 1e−12 relative (trapezoid on `[−(2c + 40σ), 2c + 40σ]`, 16000 steps).
///
/// Example (spec §14, `c = σ = 1, α = 2`): `D(A‖B) = 0.9514579734159`, `D(B‖A) = 0.794188277735`.
pub fn remark_3_9_shuffle_t2(c: f64, sigma: f64, alpha: u64, forward: bool) -> Result<f64> {
    check::positive("c", c)?;
    check::positive("sigma", sigma)?;
    check_order(alpha)?;
    let (a, s2) = (alpha as f64, sigma * sigma);
    let (mp, mq) = if forward { (2f64.sqrt() * c, c / 2f64.sqrt()) } else { (c / 2f64.sqrt(), 2f64.sqrt() * c) };
    let shift = a * c * c / (4.0 * s2);
    let r = 2.0 * c + 40.0 * sigma;
    let ln_i = ln_trapezoid(|x| a * ln_pair_mix(x, mp, s2) + (1.0 - a) * ln_pair_mix(x, mq, s2), -r, r, 16000);
    Ok(shift + ln_i / (a - 1.0))
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
}
