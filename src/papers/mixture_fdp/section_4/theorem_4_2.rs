//! Theorem 4.2's trade-off function at any α for any n (mixtures spec §4.3), from Proposition
//! 4.1's knots ([`super::knots`]) — no chain of all atoms:
//!
//! * `f_S = 2w Id + (1 − 2w) T(P₀, Q₀)` (pointwise, spec §1.9), PL with the knots of `T(P₀, Q₀)`:
//!   `f_S(α(t)) = 2w(1 − α(t)) + (1 − 2w)β(t)`, slope `−2w − (1 − 2w)/t` on the segment ending at
//!   knot `t`;
//! * `x̄ = P₀[L < 1]` (the slope of `f_S` is −1 exactly at `t = 1`) and
//!   `f_S(x̄) = 2w(1 − x̄) + (1 − 2w) Q₀[L ≥ 1]` (spec §4.3 [D]);
//! * `C(f_S)(α) = f_S(α)` on `[0, x̄]`, `x̄ + f_S(x̄) − α` on `[x̄, f_S(x̄)]` (eq. (3) with its sign
//!   fixed, spec §1.8), `f_S⁻¹(α)` beyond.
//!
//! Each value comes with the absolute error bound of the knots it uses.

use super::knots::{knot, smallest_ratio, t0_at, Knot};
use super::shuffling::Shuffle;
use crate::error::Result;
use std::sync::atomic::AtomicBool;

/// `f_S` at a knot of `T(P₀, Q₀)`: `2w(1 − α) + (1 − 2w)β`, `1 − α` from its small end.
pub fn f_s_knot(s: &Shuffle, k: &Knot) -> f64 {
    2.0 * s.w() * k.alpha_bar + s.one_minus_2w() * k.beta
}

/// `(x̄, f_S(x̄), err)` (spec §4.3 [D]): the knot at `t = 1` with the tie excluded.
pub fn x_bar(s: &Shuffle, interrupt: Option<&AtomicBool>) -> Result<(f64, f64, f64)> {
    let k = knot(s, 1, 1, false, interrupt)?;
    Ok((k.alpha, f_s_knot(s, &k), k.err))
}

/// `f_S(α) = 2w(1 − α) + (1 − 2w) T(P₀, Q₀)(α)` with its error bound. Not a privacy bound by
/// itself (it exceeds `T(P, Q)` near α = 1, spec §10.1 item 2). Errors: α ∉ [0, 1].
pub fn f_s_at(s: &Shuffle, alpha: f64, interrupt: Option<&AtomicBool>) -> Result<(f64, f64)> {
    let (t0, err, _, _) = t0_at(s, alpha, interrupt)?;
    Ok((2.0 * s.w() * (1.0 - alpha) + s.one_minus_2w() * t0, err))
}

/// `f_S⁻¹(y) = inf{x : f_S(x) ≤ y}`: the smallest knot `t` with `f_S(α(t)) ≤ y`, then back along
/// the segment ending there (slope `−2w − (1 − 2w)/t`). Errors: interruption.
pub fn f_s_inverse(s: &Shuffle, y: f64, interrupt: Option<&AtomicBool>) -> Result<(f64, f64)> {
    let r = smallest_ratio(s.n, |p, q| Ok(f_s_knot(s, &knot(s, p, q, true, interrupt)?) <= y))?;
    let k = knot(s, r.0, r.1, true, interrupt)?;
    if r.0 == 0 {
        return Ok((0.0, k.err));
    }
    let inv_t = if r.1 == 0 { 0.0 } else { r.1 as f64 / r.0 as f64 };
    let slope = 2.0 * s.w() + s.one_minus_2w() * inv_t;
    let x = k.alpha - (y - f_s_knot(s, &k)).max(0.0) / slope;
    Ok((x.clamp(0.0, 1.0), k.err * (1.0 + 1.0 / slope)))
}

/// Theorem 4.2's `C(f_S)(α)` (spec §4.3), the f-DP guarantee of the shuffled mechanism under the
/// FMT23 reduction: `(value, err)`. Errors: α ∉ [0, 1]; interruption.
pub fn c_f_s_at(s: &Shuffle, alpha: f64, interrupt: Option<&AtomicBool>) -> Result<(f64, f64)> {
    crate::error::check::unit_closed("type I error alpha", alpha)?;
    let (xb, fxb, e) = x_bar(s, interrupt)?;
    if alpha <= xb {
        f_s_at(s, alpha, interrupt)
    } else if alpha <= fxb {
        Ok((xb + fxb - alpha, 2.0 * e))
    } else {
        f_s_inverse(s, alpha, interrupt)
    }
}
