//! Closed-form bounds on the parts of the subsampled-Gaussian trapezoid sums that lie outside
//! the computed range (used by [`super::sgm_tilt`]).
//!
//! The trapezoid rule on ℝ with step `h` and nodes `x_lo + k·h` (k ∈ ℤ) is truncated to the
//! nodes in `[x_lo, x_last]`. For `f_a(x) = φ_σ(x)·R(x)^{a}` (any real `a`,
//! `R(x) = 1 − q + q e^{w}`, `w = (2x − 1)/(2σ²)`):
//! * for `x ≤ x_lo < 0` we have `w < 0`, so `R ∈ [1 − q, 1]` and `R^a ≤ max(1, (1 − q)^a)`;
//!   `φ_σ` is increasing there, so `h·Σ_{k≥1} f_a(x_lo − kh) ≤ max(1,(1−q)^a)·Φ(x_lo/σ)`
//!   (each term is below the integral over the cell to its right);
//! * for `x ≥ x_last ≥ ½` we have `R ∈ [1, e^{w}]`: if `a ≤ 0`, `R^a ≤ 1` and the sum beyond
//!   `x_last` is `≤ Φ̄(x_last/σ)`; if `a > 0`, `R^a ≤ e^{aw}` and
//!   `φ_σ(x)e^{aw} = e^{a(a−1)/(2σ²)}·φ_σ(x − a)`, decreasing for `x ≥ a`, so the sum is
//!   `≤ e^{a(a−1)/(2σ²)}·Φ̄((x_last − a)/σ)` when `x_last ≥ a`.
//!
//! Rounding: each bound is evaluated in f64 and doubled (upward; the quantities are ≲ 1e−20 of
//! the sums they are added to, so the factor costs nothing and covers the libm error of
//! `ln_ndtr` and `exp` at arguments of size ~50).

use crate::num::special::ln_ndtr;

/// Upper bound on `h·Σ` of `φ_σ(x_k)R(x_k)^a` over the nodes `x_k < x_lo` and `x_k > x_last`
/// (see the module doc). Requires `x_lo < 0` and `x_last ≥ max(½, a)`; returns `+∞` otherwise
/// (which makes the caller's error bound useless rather than wrong).
pub fn trapezoid_tail(q: f64, sigma: f64, a: f64, x_lo: f64, x_last: f64) -> f64 {
    if !(x_lo < 0.0) || x_last < 0.5 || x_last < a {
        return f64::INFINITY;
    }
    let ln1mq = (-q).ln_1p();
    // lower side: max(1, (1−q)^a)·Φ(x_lo/σ)
    let ln_lower = (a * ln1mq).max(0.0) + ln_ndtr(x_lo / sigma);
    // upper side
    let ln_upper = if a <= 0.0 { ln_ndtr(-x_last / sigma) } else { a * (a - 1.0) / (2.0 * sigma * sigma) + ln_ndtr(-(x_last - a) / sigma) };
    // ×2: covers the libm error of ln_ndtr and exp at arguments of size ~50 (the tails are
    // ≲ 1e−20 of the sums they bound, so the factor costs nothing)
    (ln_lower.exp() + ln_upper.exp()) * 2.0 // upward
}
