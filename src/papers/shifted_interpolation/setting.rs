//! The setting shared by every result (spec §1): validation of the parameters, the per-step
//! sensitivity-to-noise ratio `r = L/(bσ)` and the contraction factor of Lemmas 2.8/2.9.
//!
//! Every public function of this paper validates its input here and returns
//! [`Error::InvalidParameter`] naming the parameter (never a NaN, a panic or a silently wrong
//! number). Upper bounds on μ are rounded towards more privacy loss by [`mu_up`].

use crate::error::{check, Error, Result};
use crate::num::round::{div_up, mul_down, mul_up, widen_up};
use crate::num::Real;

/// Ulps added to every closed-form μ evaluated in f64 (see [`mu_up`]).
pub const MU_ULPS: u32 = 32;

/// An f64 closed form moved up by [`MU_ULPS`] ulps: the closed forms of this paper are at most
/// ~12 elementary operations (`ln_1p`, `exp_m1`, `exp`, `sqrt`, `+`, `×`, `÷`), each within 1 ulp
/// (libm: ≤ 1 ulp), and every one of them is evaluated in a form whose condition number is ≤ 1
/// (`(1 − c^k)/(1 − c)` as `−expm1(k ln c)/(1 − c)`: `|y e^y/expm1(y)| ≤ 1` for `y ≤ 0`), so the
/// accumulated relative error is below 16 u; 32 ulps make the upward rounding certain.
/// Direction: up (a larger μ is less private).
pub fn mu_up(x: f64) -> f64 {
    widen_up(x, MU_ULPS)
}

/// Gradient sensitivity `L` (Definition 2.10; replace-one, spec §1.1): finite and > 0.
pub fn check_sensitivity(l: f64) -> Result<f64> {
    check::positive("gradient sensitivity L", l)
}

/// Noise rate σ (the Gaussian is added to the averaged gradient, spec §1.2): finite and > 0.
pub fn check_sigma(sigma: f64) -> Result<f64> {
    check::positive("noise rate sigma", sigma)
}

/// Learning rate η: finite and > 0.
pub fn check_eta(eta: f64) -> Result<f64> {
    check::positive("learning rate eta", eta)
}

/// Diameter `D` of the constraint set: finite and > 0 (constrained results only).
pub fn check_diameter(d: f64) -> Result<f64> {
    check::positive("diameter D", d)
}

/// Contraction factor `c ∈ (0, 1]` of the step map (spec §1.3). `c = 1` is the convex case.
pub fn check_contraction(c: f64) -> Result<f64> {
    if c > 0.0 && c <= 1.0 {
        Ok(c)
    } else {
        Err(Error::invalid("contraction factor c", c, "must lie in (0, 1] (c = max(|1 − ηm|, |1 − ηM|), spec §1.3)"))
    }
}

/// Contraction factor `c < 1` (strongly convex results stated only for `c < 1`).
pub fn check_strict_contraction(c: f64) -> Result<f64> {
    if c > 0.0 && c < 1.0 {
        Ok(c)
    } else {
        Err(Error::invalid("contraction factor c", c, "must lie in (0, 1) for a strongly convex guarantee"))
    }
}

/// Batch size / dataset size (`n`, `b`, batches per epoch `l`, epochs `E`): at least 1.
pub fn check_count(name: &str, k: u64) -> Result<u64> {
    check::at_least_one(name, k)
}

/// Per-step sensitivity-to-noise ratio `r = L/(bσ)` (spec §1.2; the learning rate cancels),
/// rounded up. `b = n` for full-batch NoisyGD. Errors: L, σ not finite > 0; b = 0.
pub fn ratio(l: f64, b: u64, sigma: f64) -> Result<f64> {
    check_sensitivity(l)?;
    check_sigma(sigma)?;
    check_count("batch size b", b)?;
    // Direction: up (r multiplies every μ).
    Ok(div_up(l, mul_down(b as f64, sigma)))
}

/// Contraction factor of one gradient step on `m`-strongly convex, `M`-smooth losses
/// (Lemmas 2.8/2.9; spec §1.3): `c = max(|1 − ηm|, |1 − ηM|)`, valid for `η ∈ (0, 2/M)`, where it
/// is `< 1` when `m > 0`. `m = 0` (convex only) gives `c = 1` for `η ∈ (0, 2/M]`.
///
/// Errors: `m` not finite or < 0; `M` not finite > 0 or `M < m`; `η ∉ (0, 2/M)` (`(0, 2/M]` when
/// `m = 0`): outside that range the step is not contractive and no result of the paper applies.
pub fn contraction_factor(eta: f64, m: f64, big_m: f64) -> Result<f64> {
    check_eta(eta)?;
    if !(m.is_finite() && m >= 0.0) {
        return Err(Error::invalid("strong convexity m", m, "must be a finite number ≥ 0"));
    }
    check::positive("smoothness M", big_m)?;
    if big_m < m {
        return Err(Error::invalid("smoothness M", big_m, "must be ≥ the strong convexity m"));
    }
    let limit = 2.0 / big_m;
    let ok = if m == 0.0 { eta <= limit } else { eta < limit };
    if !ok {
        return Err(Error::invalid("learning rate eta", eta, &format!("must lie in (0, 2/M) = (0, {limit}) for the gradient step to be contractive (Lemmas 2.8/2.9)")));
    }
    if m == 0.0 {
        return Ok(1.0);
    }
    // Direction: up (a larger c is the weaker contraction, a larger μ).
    let a = (1.0 - mul_down(eta, m)).abs();
    let b = (1.0 - mul_up(eta, big_m)).abs().max((1.0 - mul_down(eta, big_m)).abs());
    Ok(widen_up(a.max(b), 2).min(1.0))
}

/// `c^k` for `c ∈ (0, 1]`, `k ≥ 0`: `exp(k · ln_1p(c − 1))` (no underflow surprise: `0` when the
/// power is below the smallest subnormal, which every caller treats as its limit).
pub fn pow_c<R: Real>(c: &R, k: &R) -> R {
    (k.clone() * (c.clone() - c.one()).ln_1p()).exp()
}

/// `(1 − c^k)/(1 − c)` for `c ∈ (0, 1]`, `k ≥ 0`, with its limit `k` at `c = 1`
/// (spec §9 item 15): `−expm1(k ln c)/(1 − c)`, no cancellation as `c → 1`.
pub fn geometric<R: Real>(c: &R, k: &R) -> R {
    let one = c.one();
    if *c == one {
        return k.clone();
    }
    let lc = (c.clone() - one.clone()).ln_1p();
    -(k.clone() * lc).exp_m1() / (one - c.clone())
}

#[cfg(test)]
#[path = "setting_test.rs"]
mod setting_test;
