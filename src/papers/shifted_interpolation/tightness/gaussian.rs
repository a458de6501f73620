//! Tightness instances (spec §10): explicit one-dimensional losses whose NoisyGD / NoisyCGD
//! outputs are Gaussian with equal variances, so their trade-off is exactly `G_{gap/std}`. Each
//! is computed from the instance's own iteration (mean gap and variance recursions, step by step),
//! never from a theorem's closed form, and is a **lower** bound on the worst-case privacy loss
//! (the instance is one admissible pair of datasets). Units: the gap and the standard deviation
//! are divided by the per-step noise std `ησ`, so the per-step gradient shift is `r = L/(bσ)`.
//!
//! * Linear instance (Theorems 4.1, 4.4): `f_i ≡ 0`, `f'_{i*}(x) = L x` — the step map is the
//!   identity (`c = 1`).
//! * Quadratic instance (Theorems 4.2, 4.5): `f_i(x) = (h/2)x²`, `f'_{i*}(x) = (h/2)x² + L x`,
//!   Hessian `h ∈ [m, M]`, step map `x ↦ (1 − ηh)x`; with `h = m` and `c = 1 − ηm` it attains
//!   Theorem 4.2 exactly.

use crate::error::{check, Error, Result};

/// Largest number of steps evaluated step by step.
pub const MAX_STEPS: u64 = 10_000_000;

/// The exact μ of a Gaussian instance: `T` steps of `x ↦ a·x + noise` (noise std 1 per step)
/// where the two runs differ by a shift `r` at the steps `k` (1-based) with `touched(k)`.
/// Mean gap `g_k = a g_{k−1} + r·[touched(k)]`, variance `v_k = a² v_{k−1} + 1`; returns
/// `|g_T|/√v_T` (the trade-off of `N(0, v)` vs `N(g, v)` is `G_{|g|/√v}`).
/// Errors: r not finite ≥ 0; `a` not finite; T = 0 or above [`MAX_STEPS`].
pub fn gaussian_instance(r: f64, a: f64, steps: u64, touched: impl Fn(u64) -> bool) -> Result<f64> {
    if !(r.is_finite() && r >= 0.0) {
        return Err(Error::invalid("ratio r", r, "must be a finite number ≥ 0"));
    }
    check::finite("step factor", a)?;
    check::at_least_one("number of steps T", steps)?;
    if steps > MAX_STEPS {
        return Err(Error::invalid("number of steps T", steps, "the instance is evaluated step by step: at most 1e7"));
    }
    let (mut gap, mut var) = (0.0f64, 0.0f64);
    for k in 1..=steps {
        gap = a * gap + if touched(k) { r } else { 0.0 };
        var = a * a * var + 1.0;
    }
    Ok(gap.abs() / var.sqrt())
}

/// Linear instance of NoisyGD (spec §4.1): exactly `G_{√T r}` — equals Theorem 4.1.
pub fn linear_gd(r: f64, t: u64) -> Result<f64> {
    gaussian_instance(r, 1.0, t, |_| true)
}

/// Quadratic instance of NoisyGD with step factor `a = 1 − ηh` (spec §4.2); with `h = m`,
/// `a = c = 1 − ηm` it equals Theorem 4.2.
pub fn quadratic_gd(r: f64, a: f64, t: u64) -> Result<f64> {
    gaussian_instance(r, a, t, |_| true)
}

/// The largest quadratic-instance μ over Hessians `h ∈ [m, M]` (grid of `grid + 1` equally
/// spaced values, endpoints included) for NoisyGD with step η: a lower bound on the worst case
/// (spec §9 item 7). Returns `(h, μ)`. Errors: as [`gaussian_instance`]; `0 < m ≤ M`, η > 0.
pub fn best_quadratic_gd(r: f64, eta: f64, m: f64, big_m: f64, t: u64, grid: u32) -> Result<(f64, f64)> {
    check::positive("learning rate eta", eta)?;
    check::positive("strong convexity m", m)?;
    if !(big_m.is_finite() && big_m >= m) {
        return Err(Error::invalid("smoothness M", big_m, "must be finite and ≥ m"));
    }
    let mut best = (m, quadratic_gd(r, 1.0 - eta * m, t)?);
    for i in 1..=grid.max(1) {
        let h = m + (big_m - m) * i as f64 / grid.max(1) as f64;
        let v = quadratic_gd(r, 1.0 - eta * h, t)?;
        if v > best.1 {
            best = (h, v);
        }
    }
    Ok(best)
}

/// Linear instance of NoisyCGD (spec §5.1): the differing datum shifts one step per epoch and
/// the step map is the identity: exactly `G_{r √(E/l)}` (Theorem 4.4 gives `r √E`).
pub fn linear_cgd(r: f64, batches: u64, e: u64) -> Result<f64> {
    check::at_least_one("batches per epoch l", batches)?;
    check::at_least_one("number of epochs E", e)?;
    gaussian_instance(r, 1.0, batches.saturating_mul(e), |k| k % batches == 0)
}

/// Quadratic instance of NoisyCGD (spec §5.2) with the differing datum in the last batch (the
/// worst position): step factor `a = 1 − ηh`, shift `r` at steps `l, 2l, …, El`. With
/// `a = c = 1 − ηm` it gives `μ_inst = r (1 − c^{lE})/(1 − c^l) √((1 − c²)/(1 − c^{2lE}))` ≤
/// Theorem 4.5.
pub fn quadratic_cgd(r: f64, a: f64, batches: u64, e: u64) -> Result<f64> {
    check::at_least_one("batches per epoch l", batches)?;
    check::at_least_one("number of epochs E", e)?;
    gaussian_instance(r, a, batches.saturating_mul(e), |k| k % batches == 0)
}

#[cfg(test)]
#[path = "gaussian_test.rs"]
mod tightness_test;
