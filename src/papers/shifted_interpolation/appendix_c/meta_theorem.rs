//! Appendix C: the shifted-interpolation meta-theorem (Theorem C.3, spec §3.1) and the four
//! optimisation problems its applications reduce to, Lemmas C.6, C.8, C.10, C.11 (spec §3.2–3.5).
//!
//! Each lemma gives `min Σ a_k²` over the shift sequences `a` allowed by the meta-theorem: the
//! shifted-interpolation bound is then `μ = √(min Σ a_k²)/ς` with `ς = ησ` the per-step noise
//! standard deviation. The closed forms are written once, generic over [`Real`] (f64 for the
//! library, MPFR for the golden files); the f64 wrappers validate their input and round up
//! ([`mu_up`]: a larger `Σ a²` is a larger μ, less private). The limits `c → 1` go through
//! [`geometric`] (`expm1`/`log1p`, spec §9 item 15).

use crate::papers::shifted_interpolation::setting::{check_contraction, check_count, check_diameter, geometric, mu_up, pow_c};
use crate::error::{check, Error, Result};
use crate::num::Real;

/// Lemma C.6 (Bok, Su, Altschuler 2024; spec §3.2): constant sensitivity `s`, contraction `c`,
/// `T` steps, zero initial gap: `min Σ a_k² = s² (1 + c)(1 − c^T)/((1 − c)(1 + c^T))`, attained
/// by `a_k ∝ c^{T−k}`; written `s² (1 + c)·g(T)/(1 + c^T)` with `g(T) = (1 − c^T)/(1 − c)`, whose
/// `c = 1` limit is `T s²` (composition). Precondition: `c ∈ (0, 1]`, `s ≥ 0`, `T ≥ 1`.
pub fn lemma_c6_value<R: Real>(c: &R, t: &R, s: &R) -> R {
    let one = c.one();
    s.clone() * s.clone() * (one.clone() + c.clone()) * geometric(c, t) / (one + pow_c(c, t))
}

/// Lemma C.8 (spec §3.3): `c = 1`, initial gap `D`, constant sensitivity `s`, window of `ν`
/// steps: `min Σ a_k² = (D + ν s)²/ν` (constant shifts `a_k = D/ν + s`).
pub fn lemma_c8_value<R: Real>(d: &R, s: &R, nu: &R) -> R {
    let x = d.clone() + nu.clone() * s.clone();
    x.clone() * x / nu.clone()
}

/// Lemma C.10 (spec §3.4): cyclic batches, `c ∈ (0, 1]`, `l` batches per epoch, window of
/// `N = l(E − 1)` steps with sensitivity `s` once per epoch:
/// `min Σ a_k² = s² c^{2l−2} (1 − c²)/(1 − c^l)² · (1 − c^N)/(1 + c^N)`, written
/// `s² c^{2l−2} (1 + c) g(N)/(g(l)² (1 + c^N))` (limit `s² (E − 1)/l` at `c = 1`).
pub fn lemma_c10_value<R: Real>(c: &R, l: &R, e: &R, s: &R) -> R {
    let one = c.one();
    let n = l.clone() * (e.clone() - one.clone());
    let gl = geometric(c, l);
    let lead = pow_c(c, &(l.clone() * c.cst(2.0) - c.cst(2.0)));
    s.clone() * s.clone() * lead * (one.clone() + c.clone()) * geometric(c, &n) / (gl.clone() * gl * (one + pow_c(c, &n)))
}

/// Lemma C.11 (spec §3.5): cyclic batches, `c = 1`, initial gap `D`, window of `q` whole epochs
/// of `l` steps with sensitivity `s` once per epoch: `min Σ a_k² = (D + q s)²/(q l)`.
pub fn lemma_c11_value<R: Real>(d: &R, s: &R, q: &R, l: &R) -> R {
    let x = d.clone() + q.clone() * s.clone();
    x.clone() * x / (q.clone() * l.clone())
}

fn check_shift(s: f64) -> Result<f64> {
    if s.is_finite() && s >= 0.0 {
        Ok(s)
    } else {
        Err(Error::invalid("sensitivity s", s, "must be a finite number ≥ 0"))
    }
}

/// Lemma C.6 in f64, rounded up. Errors: `c ∉ (0, 1]`, `s` negative or not finite, `T = 0`.
pub fn lemma_c6(c: f64, t: u64, s: f64) -> Result<f64> {
    check_contraction(c)?;
    check_count("number of steps T", t)?;
    check_shift(s)?;
    Ok(mu_up(lemma_c6_value(&c, &(t as f64), &s)))
}

/// Lemma C.8 in f64, rounded up. Errors: `D ≤ 0`, `s` negative, `ν = 0`.
pub fn lemma_c8(d: f64, s: f64, nu: u64) -> Result<f64> {
    check_diameter(d)?;
    check_shift(s)?;
    check_count("window length nu", nu)?;
    Ok(mu_up(lemma_c8_value(&d, &s, &(nu as f64))))
}

/// The integer window minimising Lemma C.8 over `ν ∈ {1, …, max_nu}`: `(D + νs)²/ν` is strictly
/// convex in real `ν > 0` with minimiser `D/s`, so the integer optimum is its floor or ceiling
/// (clamped to the range). Returns `(ν, value)`, value rounded up. Errors as [`lemma_c8`];
/// `s = 0` gives `ν = max_nu`.
pub fn lemma_c8_best(d: f64, s: f64, max_nu: u64) -> Result<(u64, f64)> {
    check_diameter(d)?;
    check_shift(s)?;
    check_count("largest window length", max_nu)?;
    let real = if s > 0.0 { d / s } else { f64::INFINITY };
    best_integer(real, max_nu, |nu| lemma_c8(d, s, nu))
}

/// Lemma C.10 in f64, rounded up. Errors: `c ∉ (0, 1]`, `l = 0`, `E = 0`, `s` negative.
pub fn lemma_c10(c: f64, l: u64, e: u64, s: f64) -> Result<f64> {
    check_contraction(c)?;
    check_count("batches per epoch l", l)?;
    check_count("number of epochs E", e)?;
    check_shift(s)?;
    Ok(mu_up(lemma_c10_value(&c, &(l as f64), &(e as f64), &s)))
}

/// Lemma C.11 in f64, rounded up. Errors: `D ≤ 0`, `s` negative, `q = 0`, `l = 0`.
pub fn lemma_c11(d: f64, s: f64, q: u64, l: u64) -> Result<f64> {
    check_diameter(d)?;
    check_shift(s)?;
    check_count("window epochs q", q)?;
    check_count("batches per epoch l", l)?;
    Ok(mu_up(lemma_c11_value(&d, &s, &(q as f64), &(l as f64))))
}

/// Minimise a function of an integer `k ∈ {1, …, max}` that is convex in the real variable with
/// real minimiser `real`: evaluate the floor and ceiling of `real` clamped to the range (ties go
/// to the smaller `k`).
pub(crate) fn best_integer(real: f64, max: u64, f: impl Fn(u64) -> Result<f64>) -> Result<(u64, f64)> {
    check::at_least_one("largest window", max)?;
    let clamp = |x: f64| -> u64 {
        if !(x >= 1.0) {
            1
        } else if x >= max as f64 {
            max
        } else {
            x as u64
        }
    };
    let lo = clamp(real.floor());
    let hi = clamp(real.ceil());
    let (vl, vh) = (f(lo)?, f(hi)?);
    Ok(if vh < vl { (hi, vh) } else { (lo, vl) })
}

#[cfg(test)]
#[path = "meta_theorem_test.rs"]
mod meta_theorem_test;
