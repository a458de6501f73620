//! Shuffled fixed-size batches (`shuffle(b, n, gaussian(σ))`, one epoch of `T = n/b` steps): a
//! certified LOWER bound on the true ε(δ) and δ(ε) from an explicit pair of adjacent datasets
//! (issue 12; `docs/claims.md`, "Events"). No upper bound is proven here, so a shuffled row is
//! `unsound` when the lower bound exceeds the claim and `inconclusive` otherwise.
//!
//! **The pair** (balanced_iteration spec §14, "Concrete instance", 1-D gradients clipped to
//! `c = 1`, noise `N(0, σ²)` per batch sum): every non-target record has gradient −1, the
//! target +1. After subtracting the known constant, the `T` noisy batch sums, in units of σ, are
//!
//! * add/remove: with the target `A = (1/T) Σ_t N(2μ e_t, I)`, without it
//!   `B = (1/T) Σ_t N(μ e_t, I)` (the short batch placed uniformly: the choice most favourable
//!   to the shuffler), `μ = 1/σ`;
//! * replace-one: the target replaced by a record with gradient −1: `A` as above,
//!   `B = N(0, I)` (no bump).
//!
//! **Post-processing.** `M = max_t Y_t` has the closed-form laws
//! `P_A(M ≤ m) = Φ(m − h_A) Φ(m)^{T−1}` (the position of the bump does not matter) and
//! `P_B(M ≤ m) = Φ(m − h_B) Φ(m)^{T−1}`. For any threshold `m`, the test `{M > m}` gives
//! `δ(ε) ≥ p_A(m) − e^ε p_B(m)` and hence `ε(δ) ≥ ln((p_A(m) − δ)/p_B(m))` (post-processing
//! cannot increase the hockey-stick divergence, Dwork & Roth 2014 Prop. 2.1; the other phases and
//! epochs of the event are dropped by post-processing too, so the bound of one epoch of one
//! shuffled phase is a bound for the whole event).
//!
//! **Certification.** `m` is chosen in f64 (any `m` is valid); `p_A(m)`, `p_B(m)` are then
//! evaluated in MPFR at 512 bits (`Φ(x) = erfc(−x/√2)/2`, a few dozen correctly rounded
//! operations, relative error far below 2^{−400}), widened by a relative 1e−30 in the safe
//! direction, and the bounds rounded down to f64.

use super::event::{Adjacency, Base, Event, Sampling};
use crate::num::special::ln_ndtr;
use crate::num::Interval;
use rug::float::Round;
use rug::Float;

const PREC: u32 = 512;

/// The bump heights `(h_A, h_B)` and batch count `T` of one shuffled Gaussian phase.
fn instance(sigma: f64, b: u64, n: u64, adj: Adjacency) -> (f64, f64, u64) {
    let mu = 1.0 / sigma;
    let hb = match adj {
        Adjacency::AddRemove => mu,
        Adjacency::ReplaceOne => 0.0,
    };
    (2.0 * mu, hb, n / b)
}

/// `ln P(M > m)` for a bump of height `h` among `T` coordinates, in f64 (for choosing `m`).
fn ln_tail_f64(m: f64, h: f64, t: u64) -> f64 {
    let ln_cdf = ln_ndtr(m - h) + (t - 1) as f64 * ln_ndtr(m);
    let p = -ln_cdf.exp_m1();
    p.ln()
}

/// `P(M > m)` in MPFR.
fn tail_mpfr(m: f64, h: f64, t: u64) -> Float {
    let phi = |x: Float| -> Float {
        let arg = -x / Float::with_val(PREC, 2).sqrt();
        arg.erfc() / 2u32
    };
    let mh = Float::with_val(PREC, m) - Float::with_val(PREC, h);
    let ln_cdf = phi(mh).ln() + phi(Float::with_val(PREC, m)).ln() * Float::with_val(PREC, t - 1);
    -ln_cdf.exp_m1()
}

/// The best threshold for `score(ln p_A, ln p_B)` over a grid of `m` then golden-section refined.
fn best_m(ha: f64, hb: f64, t: u64, score: impl Fn(f64, f64) -> f64) -> Option<f64> {
    let f = |m: f64| {
        let v = score(ln_tail_f64(m, ha, t), ln_tail_f64(m, hb, t));
        if v.is_nan() { f64::NEG_INFINITY } else { v }
    };
    let (lo, hi) = (-2.0, ha + 40.0);
    let n = 4000;
    let (mut best, mut bv) = (lo, f64::NEG_INFINITY);
    for i in 0..=n {
        let m = lo + (hi - lo) * i as f64 / n as f64;
        let v = f(m);
        if v > bv {
            (best, bv) = (m, v);
        }
    }
    if !bv.is_finite() {
        return None;
    }
    let step = (hi - lo) / n as f64;
    let (mut a, mut b) = (best - step, best + step);
    let g = 0.5 * (5f64.sqrt() - 1.0);
    for _ in 0..80 {
        let (c, d) = (b - g * (b - a), a + g * (b - a));
        if f(c) > f(d) { b = d } else { a = c }
    }
    let m = 0.5 * (a + b);
    Some(if f(m) >= bv { m } else { best })
}

/// Certified lower bounds `(ε(δ_c) ≥ …, δ(ε_c) ≥ …)` of the event from its shuffled phases
/// (the largest over the phases), as intervals with upper ends `+∞` / 1.
pub fn shuffle_lower(ev: &Event, adj: Adjacency, eps_c: f64, delta_c: f64) -> (Interval, Interval) {
    let (mut eps_lo, mut delta_lo) = (0.0f64, 0.0f64);
    for p in &ev.phases {
        let (Base::Gaussian { sigma, .. }, Sampling::Shuffle { b, n }) = (p.base, p.sampling) else { continue };
        let (ha, hb, t) = instance(sigma, b, n, adj);
        let (e, d) = phase_lower(ha, hb, t, eps_c, delta_c);
        eps_lo = eps_lo.max(e);
        delta_lo = delta_lo.max(d);
    }
    (Interval { lower: eps_lo, upper: f64::INFINITY }, Interval { lower: delta_lo, upper: 1.0 })
}

/// Lower bounds of one phase (module doc), certified in MPFR.
pub fn phase_lower(ha: f64, hb: f64, t: u64, eps_c: f64, delta_c: f64) -> (f64, f64) {
    let widen_down = Float::with_val(PREC, 1) - Float::with_val(PREC, 1e-30);
    let widen_up = Float::with_val(PREC, 1) + Float::with_val(PREC, 1e-30);
    // ε(δ_c) ≥ ln((p_A − δ_c)/p_B).
    let eps_lo = best_m(ha, hb, t, |la, lb| {
        let pa = la.exp();
        if pa > delta_c { (pa - delta_c).ln() - lb } else { f64::NEG_INFINITY }
    })
    .map(|m| {
        let pa = tail_mpfr(m, ha, t) * &widen_down;
        let pb = tail_mpfr(m, hb, t) * &widen_up;
        let num = pa - Float::with_val(PREC, delta_c);
        if num <= 0 || pb <= 0 {
            return 0.0;
        }
        let v = (num / pb).ln();
        v.to_f64_round(Round::Down).max(0.0)
    })
    .unwrap_or(0.0);
    // δ(ε_c) ≥ p_A − e^{ε_c} p_B.
    let e = eps_c.exp();
    let delta_lo = best_m(ha, hb, t, |la, lb| la.exp() - e * lb.exp())
        .map(|m| {
            let pa = tail_mpfr(m, ha, t) * &widen_down;
            let pb = tail_mpfr(m, hb, t) * &widen_up;
            let v = pa - Float::with_val(PREC, eps_c).exp() * pb;
            v.to_f64_round(Round::Down).clamp(0.0, 1.0)
        })
        .unwrap_or(0.0);
    (eps_lo, delta_lo)
}
