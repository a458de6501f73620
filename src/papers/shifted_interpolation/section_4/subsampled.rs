//! Definition 4.7 (the subsampling operator `C_p` applied to `G_μ`) of Bok, Su, Altschuler 2024,
//! "Shifted Interpolation for Differential Privacy" (spec §2.6), as the paper's registry names it
//! (its CLT, Lemma A.5, is [`crate::papers::shifted_interpolation::appendix_a::clt`]).
//!
//! * f64: thin wrappers over [`crate::repr::subsampling`], which holds the closed forms.
//! * MPFR twins (generic over [`Real`], for the result cards' enclosures and the golden files):
//!   [`alpha_x_value`], [`alpha_y_value`], [`tradeoff_value`] (the inverse branch by bisection in
//!   the working precision) and [`ln_delta_value`] (the one-step profile).
//! * Certified one-step queries ([`one_step_delta_bounds`], [`one_step_epsilon_bounds`]): the
//!   closed form of the profile and of its inverse, `ε(δ) = ln(1 + p·expm1(ε_{G_μ}(δ/p)))`, with
//!   the Gaussian part enclosed by [`Gdp`]'s certified MPFR routines (Theorem 4.8 at `t = 1`).

use crate::error::{check, Result};
use crate::num::round::{div_down, div_up, mul_down, mul_up, widen_down, widen_up};
use crate::num::{Interval, Mp, Real};
use crate::repr::{gdp, Gdp, SubsampledGdp};

/// Definition 4.7 (spec §2.6): `C_p(G_μ) = (min{f_p, f_p⁻¹})**` with `f_p = p G_μ + (1 − p) Id`,
/// the trade-off function of one Gaussian step (GDP parameter μ) on a batch sampled without
/// replacement at rate `p = b/n` under replace-one adjacency. Exact (a definition); the returned
/// value evaluates the closed form `f_p` on `[0, α_x]`, the slope −1 segment on `[α_x, α_y]` and
/// `f_p⁻¹` beyond ([`SubsampledGdp::tradeoff`]), and the one-step profile
/// `δ(ε) = p δ_{G_μ}(ln(1 + (e^ε − 1)/p))` ([`SubsampledGdp::delta`]). Errors: p ∉ (0, 1], μ not
/// finite ≥ 0.
pub fn definition_4_7(p: f64, mu: f64) -> Result<SubsampledGdp> {
    SubsampledGdp::new(p, mu)
}

/// Definition 4.7: `C_p(G_μ)(α)` (f64, rounded to nearest; not certified). Errors: as
/// [`definition_4_7`], α ∉ [0, 1].
pub fn definition_4_7_tradeoff(p: f64, mu: f64, alpha: f64) -> Result<f64> {
    definition_4_7(p, mu)?.tradeoff(alpha)
}

/// Definition 4.7: the one-step `δ(ε)` of `C_p(G_μ)` (f64, ≈ 1e−13 relative; not certified; a
/// certified upper bound is [`SubsampledGdp::delta_up`]). Errors: as [`definition_4_7`], ε not
/// finite.
pub fn definition_4_7_delta(p: f64, mu: f64, eps: f64) -> Result<f64> {
    definition_4_7(p, mu)?.delta(eps)
}

/// `α_x = Φ(−μ/2)` (Definition 4.7's closed form, spec §2.6: where the slope of `f_p` is −1).
pub fn alpha_x_value<R: Real>(mu: &R) -> R {
    (-(mu.clone() / mu.cst(2.0))).ndtr()
}

/// `α_y = f_p(α_x) = p Φ(−μ/2) + (1 − p) Φ(μ/2)` (spec §2.6).
pub fn alpha_y_value<R: Real>(p: &R, mu: &R) -> R {
    let h = mu.clone() / mu.cst(2.0);
    p.clone() * (-h.clone()).ndtr() + (p.one() - p.clone()) * h.ndtr()
}

/// `f_p(a) = p G_μ(a) + (1 − p)(1 − a)` (Definition 4.7).
pub fn f_p_value<R: Real>(p: &R, mu: &R, a: &R) -> R {
    p.clone() * gdp::tradeoff(mu, a) + (p.one() - p.clone()) * (a.one() - a.clone())
}

/// `C_p(G_μ)(a)` (Definition 4.7, closed form of spec §2.6) in the working precision of `R`:
/// `f_p(a)` on `[0, α_x]`, `α_x + α_y − a` on `[α_x, α_y]`, and beyond it `f_p⁻¹(a) = Φ(−z)` with
/// `z ≥ μ/2` the root of `h(z) = p Φ(μ − z) + (1 − p) Φ(−z) − (1 − a)` (the upper-tail form of
/// `f_p(Φ(−z)) = a`, no cancellation as `a → 1`): `h` decreases, so Newton steps
/// (`h' = −p φ(μ − z) − (1 − p) φ(z)`) safeguarded by a bisection bracket, to the working
/// precision. Precondition: `p ∈ (0, 1]`, `μ ≥ 0`, `a ∈ [0, 1]`.
pub fn tradeoff_value<R: Real>(p: &R, mu: &R, a: &R) -> R {
    let (ax, ay) = (alpha_x_value(mu), alpha_y_value(p, mu));
    if *a <= ax {
        return f_p_value(p, mu, a);
    }
    if *a <= ay {
        return ax + ay - a.clone();
    }
    if *a >= a.one() {
        return a.zero();
    }
    let (one, two) = (a.one(), a.cst(2.0));
    let target = one.clone() - a.clone();
    let q = one.clone() - p.clone();
    let h = |z: &R| p.clone() * (mu.clone() - z.clone()).ndtr() + q.clone() * (-z.clone()).ndtr() - target.clone();
    let inv_sqrt_2pi = one.clone() / (two.clone() * a.pi()).sqrt();
    let phi = |x: R| (-(x.clone() * x) / two.clone()).exp() * inv_sqrt_2pi.clone();
    let mut lo = mu.clone() / two.clone();
    let mut hi = lo.clone() + one.clone();
    while h(&hi) > a.zero() {
        lo = hi.clone();
        hi = hi.clone() * two.clone() + one.clone();
    }
    let tol = a.cst(2f64.powi(-(a.prec() as i32) - 2));
    let mut z = (lo.clone() + hi.clone()) / two.clone();
    for _ in 0..(4 * a.prec() + 64) {
        let v = h(&z);
        if v > a.zero() {
            lo = z.clone();
        } else {
            hi = z.clone();
        }
        let slope = -(p.clone() * phi(mu.clone() - z.clone()) + q.clone() * phi(z.clone()));
        let newton = z.clone() - v / slope;
        let next = if newton > lo && newton < hi { newton } else { (lo.clone() + hi.clone()) / two.clone() };
        let step = (next.clone() - z.clone()).abs();
        z = next;
        if step <= tol.clone() * z.abs() || hi.clone() - lo.clone() <= tol.clone() * hi.clone() {
            break;
        }
    }
    (-z).ndtr()
}

/// `ln δ(ε)` of `C_p(G_μ)` (Definition 4.7's one-step profile, spec §2.6):
/// `ln p + ln δ_{G_μ}(ln(1 + (e^ε − 1)/p))` for `ε ≥ 0`, and the symmetric identity
/// `δ(ε) = 1 − e^ε + e^ε δ(−ε)` for `ε < 0`; `−∞` when δ = 0. Precondition: `p ∈ (0, 1]`, `μ ≥ 0`.
pub fn ln_delta_value<R: Real>(p: &R, mu: &R, eps: &R) -> R {
    let zero = eps.zero();
    if *eps < zero {
        let d = ln_delta_value(p, mu, &(-eps.clone())).exp();
        return (eps.one() - eps.exp() * (eps.one() - d)).ln();
    }
    let u = (eps.exp_m1() / p.clone()).ln_1p();
    p.ln() + gdp::ln_delta(mu, &u)
}

/// Certified enclosure of the one-step `δ(ε)` of `C_p(G_μ)` (Definition 4.7; Theorem 4.8 at
/// `t = 1`, exact there): `u(ε) = ln(1 + (e^ε − 1)/p)` in MPFR at `prec` bits, moved outward to
/// f64; `δ_{G_μ}` enclosed by [`Gdp::delta_bounds`] (decreasing in u, so the lower end at the
/// upper u); the product with p rounded outward. For `ε < 0`, `1 − e^ε(1 − δ(−ε))` with the
/// same directions. Errors: p ∉ (0, 1]; μ not finite ≥ 0; ε not finite.
pub fn one_step_delta_bounds(p: f64, mu: f64, eps: f64, prec: u32) -> Result<Interval> {
    definition_4_7(p, mu)?;
    check::finite("epsilon", eps)?;
    let g = Gdp::new(mu)?;
    if eps < 0.0 {
        let d = one_step_delta_bounds(p, mu, -eps, prec)?;
        let e = Mp::new(prec, eps).exp();
        // Direction: δ(ε) increases with δ(−ε); MPFR at prec bits, then one f64 ulp outward.
        let lo = (e.one() - e.clone() * (e.one() - Mp::new(prec, d.lower))).to_f64_down();
        let hi = (e.one() - e.clone() * (e.one() - Mp::new(prec, d.upper))).to_f64_up();
        return Ok(Interval { lower: widen_down(lo, 1).max(0.0), upper: widen_up(hi, 1).min(1.0) });
    }
    let u = (Mp::new(prec, eps).exp_m1() / Mp::new(prec, p)).ln_1p();
    let (u_lo, u_hi) = (widen_down(u.to_f64_down(), 1).max(0.0), widen_up(u.to_f64_up(), 1));
    let (lo, hi) = (g.delta_bounds(u_hi, prec)?.lower, g.delta_bounds(u_lo, prec)?.upper);
    Ok(Interval { lower: mul_down(p, lo), upper: mul_up(p, hi).min(1.0) })
}

/// Certified enclosure of the one-step `ε(δ)` of `C_p(G_μ)` (Definition 4.7; Theorem 4.8 at
/// `t = 1`): the inverse of the profile in closed form, `ε = ln(1 + p·expm1(u))` with
/// `u = ε_{G_μ}(δ/p)` enclosed by [`Gdp::epsilon_bounds`] at `δ/p` rounded outward (ε_G
/// decreases in δ), then evaluated in MPFR at `prec` bits and moved outward. `δ ≥ p` (above the
/// profile's `δ(0) < p`) gives `[0, 0]`. Errors: p ∉ (0, 1]; μ not finite ≥ 0; δ ∉ (0, 1).
pub fn one_step_epsilon_bounds(p: f64, mu: f64, delta: f64, prec: u32) -> Result<Interval> {
    definition_4_7(p, mu)?;
    check::unit_open("delta", delta)?;
    if delta >= p {
        return Ok(Interval { lower: 0.0, upper: 0.0 });
    }
    let g = Gdp::new(mu)?;
    let (d_lo, d_hi) = (div_down(delta, p), div_up(delta, p).min(widen_down(1.0, 1)));
    let (u_lo, u_hi) = (g.epsilon_bounds(d_hi, prec)?.lower, g.epsilon_bounds(d_lo, prec)?.upper);
    let back = |u: f64| (Mp::new(prec, p) * Mp::new(prec, u).exp_m1()).ln_1p();
    // Direction: ε increases with u; MPFR at prec bits, then one f64 ulp outward.
    Ok(Interval { lower: widen_down(back(u_lo).to_f64_down(), 1).max(0.0), upper: widen_up(back(u_hi).to_f64_up(), 1) })
}

#[cfg(test)]
#[path = "subsampled_test.rs"]
mod subsampled_test;
