//! Certified `(ε, δ)` of Balanced Iteration Subsampling **beyond RDP** (issue 11, spec §11): the
//! hockey-stick divergences `δ(ε) = max(H_{e^ε}(P‖Q), H_{e^ε}(Q‖P))` of the pair of Theorem 3.1
//! / Theorem 3.8 with `d = T` (each record in exactly `k` of `T` iterations, Gaussian noise σ,
//! clip `c`, add/remove adjacency), which dominates the whole `T`-iteration run for hockey-stick
//! divergences (spec §11). Entry points: [`certified_delta`], [`certified_epsilon`].
//!
//! Routes (the returned [`BisDp::route`] names the one used):
//! * `k = T`: every record is in every iteration; the pair is `N(0, σ²I_T)` against
//!   `N(c1, σ²I_T)`, i.e. the Gaussian mechanism with `μ = c√T/σ` (Dong, Roth & Su 2022,
//!   Corollary 2.13): **exact**, certified by `repr::gdp` in MPFR.
//! * `k = 1`: **exact**, `lognormal_sum.rs` (the 1-of-T allocation; both directions, lattice
//!   law of the likelihood-ratio sum, certified enclosure; width ≈ `h e^{−ε}` in ε).
//! * `1 < k < T`: **upper** end from the decomposition into one-use allocations
//!   (`allocation_compose.rs`, the reduction of Feldman & Shenfeld 2025 proven there for this
//!   pair); **lower** end from a post-processing of BIS itself, the sum statistic
//!   `Σ_t x_t`: `N(0, Tσ²)` against `N(kc, Tσ²)`, the Gaussian mechanism with
//!   `μ = kc/(σ√T)` (data processing inequality; certified by `repr::gdp`). The lower end is a
//!   valid lower bound for BIS (not for the decomposition), the upper end is valid for BIS.
//!
//! `ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}`. From certified δ intervals: any ε with `δ_U(ε) ≤ δ` is an upper
//! bound on `ε(δ)` and any ε with `δ_L(ε) > δ` a lower bound (δ is non-increasing), found by
//! bisection; the ends are rounded outward.

use crate::papers::balanced_iteration::section_3_3::allocation_compose::fs25_upper_curves;
use crate::papers::balanced_iteration::section_3_3::lognormal_sum::{LatticeOptions, LognormalSum};
use crate::papers::balanced_iteration::mixture_pair::MAX_D;
use crate::error::{check, Error, Result};
use crate::num::Interval;
use crate::repr::gdp::Gdp;
use serde::Serialize;
use std::time::Instant;

/// Options of the certified computation.
#[derive(Clone, Copy, Debug)]
pub struct BisOptions {
    /// Target `ε_U − ε_L ≤ eps_rel_accuracy·ε_L` (k = 1; for `1 < k < T` it sets the grid of the
    /// upper end only).
    pub eps_rel_accuracy: f64,
    /// Target `δ_U − δ_L ≤ delta_rel_accuracy·δ_U` for δ(ε) queries (k = 1).
    pub delta_rel_accuracy: f64,
    /// FFT length cap (memory ≈ 130 bytes per point).
    pub max_fft_len: usize,
    /// Refinement passes (k = 1).
    pub max_passes: usize,
    /// MPFR precision of the Gaussian closed forms.
    pub prec: u32,
}

impl Default for BisOptions {
    fn default() -> Self {
        BisOptions { eps_rel_accuracy: 1e-3, delta_rel_accuracy: 1e-2, max_fft_len: 1 << 23, max_passes: 4, prec: 128 }
    }
}

/// A certified `(ε, δ)` statement for Balanced Iteration Subsampling.
#[derive(Clone, Debug, Serialize)]
pub struct BisDp {
    pub t: u64,
    pub k: u64,
    pub sigma: f64,
    pub c: f64,
    /// The queried ε (δ(ε) query) or δ (ε(δ) query).
    pub query: f64,
    /// Certified interval for δ(ε) or ε(δ).
    pub interval: Interval,
    /// "exact k = 1", "exact k = T (Gaussian)", or "FS25 decomposition upper + sum-statistic Gaussian lower".
    pub route: String,
    /// Per direction (remove = `H(P‖Q)`, add = `H(Q‖P)`): the δ or ε interval of that direction
    /// alone (for `1 < k < T`: upper end of the decomposition and the common lower bound).
    pub remove: Interval,
    pub add: Interval,
    /// Lattice step `h` of the likelihood-ratio sum (0 for the Gaussian route).
    pub grid_step: f64,
    /// FFT length of the last pass.
    pub fft_len: usize,
    pub passes: usize,
    pub seconds: f64,
    /// Whether the accuracy target was met.
    pub target_met: bool,
}

fn validate(t: u64, k: u64, sigma: f64, c: f64) -> Result<()> {
    if !(1..=MAX_D).contains(&t) {
        return Err(Error::invalid("T", t, &format!("the number of iterations must lie in [1, {MAX_D}]")));
    }
    if !(1..=t).contains(&k) {
        return Err(Error::invalid("k", k, &format!("uses per record must lie in [1, T] = [1, {t}]")));
    }
    check::positive("sigma", sigma)?;
    check::positive("c", c)?;
    Ok(())
}

/// Bisection for `ε(δ)` ends: the smallest ε found with `upper(ε) ≤ δ` and the largest with
/// `lower(ε) > δ` (module doc). `f` returns `(δ_L, δ_U)`.
fn invert<F: FnMut(f64) -> (f64, f64)>(mut f: F, delta: f64) -> Interval {
    // Upper end.
    let (l0, u0) = f(0.0);
    let eps_u = if u0 <= delta {
        0.0
    } else {
        let mut hi = 1.0;
        while f(hi).1 > delta && hi < 1e3 {
            hi *= 2.0;
        }
        if f(hi).1 > delta {
            f64::INFINITY
        } else {
            let mut lo = 0.0;
            for _ in 0..64 {
                let mid = 0.5 * (lo + hi);
                if f(mid).1 <= delta { hi = mid } else { lo = mid }
            }
            hi
        }
    };
    // Lower end.
    let eps_l = if l0 <= delta {
        0.0
    } else {
        let mut lo = 0.0;
        let mut hi = if eps_u.is_finite() { eps_u.max(1e-300) } else { 1e3 };
        if f(hi).0 > delta {
            lo = hi;
        } else {
            for _ in 0..64 {
                let mid = 0.5 * (lo + hi);
                if f(mid).0 > delta { lo = mid } else { hi = mid }
            }
        }
        lo
    };
    // Outward: the ends are already certified points; one ulp outward for the report.
    Interval { lower: if eps_l > 0.0 { eps_l.next_down() } else { 0.0 }, upper: eps_u.next_up().max(eps_l) }
}

/// Gaussian route: `δ_μ(ε)` interval (MPFR).
fn gauss_delta(mu: f64, eps: f64, prec: u32) -> Result<Interval> {
    Gdp::new(mu)?.delta_bounds(eps, prec)
}

fn gauss_eps(mu: f64, delta: f64, prec: u32) -> Result<Interval> {
    Gdp::new(mu)?.epsilon_bounds(delta, prec)
}

/// The finest lattice step whose lattice of `Y` (up to the truncation point `y₀` of the tail
/// budget) fits in half the FFT cap. Errors ([`Error::Unsupported`]): `c/σ` so large that `y₀`
/// overflows (no lattice can hold the likelihood ratio).
fn lattice_step_floor(a: f64, budget: f64, opts: &BisOptions) -> Result<f64> {
    let y0 = LognormalSum::truncation_point(a, budget);
    let h_min = 2.2 * y0 / opts.max_fft_len as f64;
    if h_min.is_finite() {
        Ok(h_min)
    } else {
        Err(Error::Unsupported(format!("c/σ = {a} is too large for the certified hockey-stick route: the likelihood ratio's lattice overflows f64 (the RDP bound still applies)")))
    }
}

/// Lattice options for step `h` at tail budget `budget`.
fn lattice(h: f64, budget: f64, max_len: usize) -> LatticeOptions {
    LatticeOptions { h, trunc_budget: budget, tail_level: (budget * 1e-3).max(1e-300), max_len }
}

/// k = 1 passes: returns the final law and the intersected interval of the query.
fn k1_passes<Q: Fn(&LognormalSum) -> (Interval, Interval, Interval)>(t: u64, a: f64, opts: &BisOptions, budget: f64, query: Q, want: impl Fn(&Interval) -> (f64, f64), next_h: impl Fn(&Interval, f64) -> f64) -> Result<(Interval, Interval, Interval, f64, usize, usize, bool)> {
    // Finest step whose lattice of Y (up to y₀, at the truncation budget) fits in half the FFT
    // cap; a finer target is clamped to it (the result stays certified, only wider).
    let h_min = lattice_step_floor(a, budget, opts)?;
    let mut h = 0.02f64.max(2.0 * h_min);
    let mut best: Option<(Interval, Interval, Interval)> = None;
    let (mut used_h, mut len, mut passes, mut met) = (h, 0, 0, false);
    for _ in 0..opts.max_passes.max(1) {
        let s = match LognormalSum::new(t, a, &lattice(h, budget, opts.max_fft_len)) {
            Ok(s) => s,
            Err(e) if best.is_some() => {
                let _ = e;
                break;
            }
            Err(e) => return Err(e),
        };
        passes += 1;
        used_h = s.h;
        len = s.len;
        let (iv, r, ad) = query(&s);
        let merged = match best {
            None => (iv, r, ad),
            Some((b, br, ba)) => (
                b.intersect(&iv).ok_or_else(|| Error::Numerical(format!("certified passes disagree: {b} and {iv}")))?,
                br.intersect(&r).unwrap_or(r),
                ba.intersect(&ad).unwrap_or(ad),
            ),
        };
        best = Some(merged);
        let (width, target) = want(&merged.0);
        if width <= target {
            met = true;
            break;
        }
        let hn = next_h(&merged.0, s.h).min(0.9 * s.h).max(h_min);
        if !(hn > 0.0) || hn >= 0.95 * s.h {
            break;
        }
        h = hn;
    }
    let (iv, r, ad) = best.expect("at least one pass");
    Ok((iv, r, ad, used_h, len, passes, met))
}

/// Certified `δ(ε)` of Balanced Iteration Subsampling (module doc for the routes).
/// Errors: `T ∉ [1, 10⁶]`, `k ∉ [1, T]`, σ or c not finite and > 0, ε not finite; `c/σ` too
/// large for any lattice, or a composition beyond the FFT cap ([`Error::Unsupported`]).
pub fn certified_delta(t: u64, k: u64, sigma: f64, c: f64, eps: f64, opts: &BisOptions) -> Result<BisDp> {
    validate(t, k, sigma, c)?;
    check::finite("epsilon", eps)?;
    let t0 = Instant::now();
    let mk = |interval, route: &str, remove, add, h, len, passes, met| BisDp {
        t, k, sigma, c, query: eps, interval, route: route.to_string(), remove, add, grid_step: h, fft_len: len, passes,
        seconds: t0.elapsed().as_secs_f64(), target_met: met,
    };
    if k == t {
        let iv = gauss_delta(c * (t as f64).sqrt() / sigma, eps, opts.prec)?;
        return Ok(mk(iv, "exact k = T (Gaussian mechanism, mu = c sqrt(T)/sigma)", iv, iv, 0.0, 0, 0, true));
    }
    let a = c / sigma;
    if k == 1 {
        let q = |s: &LognormalSum| {
            let (r, ad) = (s.delta_pq(eps), s.delta_qp(eps));
            (Interval { lower: r.lower.max(ad.lower), upper: r.upper.max(ad.upper) }, r, ad)
        };
        let rel = opts.delta_rel_accuracy;
        let (iv, r, ad, h, len, passes, met) = k1_passes(t, a, opts, 1e-13, q, |b| (b.width(), rel * b.upper), |b, h| {
            // Width is first order in h.
            h * (0.7 * rel * b.upper / b.width().max(1e-300)).clamp(1.0 / 32.0, 1.0)
        })?;
        return Ok(mk(iv, "exact k = 1 (random 1-of-T allocation)", r, ad, h, len, passes, met));
    }
    let (h, len) = fs25_grid(t, k, 1.0, opts);
    let h = h.max(lattice_step_floor(a, 1e-13, opts)?);
    let (cr, ca) = fs25_upper_curves(t, k, a, &lattice(h, 1e-13, opts.max_fft_len), h, opts.max_fft_len)?;
    let low = gauss_delta(k as f64 * c / (sigma * (t as f64).sqrt()), eps, opts.prec)?;
    let (ur, ua) = (cr.delta(eps), ca.delta(eps));
    let up = ur.max(ua).max(low.lower);
    let iv = Interval { lower: low.lower, upper: up };
    Ok(mk(iv, "FS25 decomposition upper + sum-statistic Gaussian lower", Interval { lower: low.lower, upper: ur.max(low.lower) }, Interval { lower: low.lower, upper: ua.max(low.lower) }, h, len, 1, true))
}

/// Grid for the decomposition route: loss step ≈ `0.3·acc·ε_hint/k` (rounding every loss up
/// costs ≈ `k·h` in ε), never finer than `1e−5`; the callers coarsen it further to the lattice
/// floor of [`lattice_step_floor`] (a wider but still certified interval instead of a refusal).
fn fs25_grid(_t: u64, k: u64, eps_hint: f64, opts: &BisOptions) -> (f64, usize) {
    let h = (0.3 * opts.eps_rel_accuracy * eps_hint.max(0.1) / k as f64).max(1e-5);
    (h, 0)
}

/// Certified `ε(δ)` of Balanced Iteration Subsampling (module doc). Errors: as
/// [`certified_delta`], and δ ∉ (0, 1).
pub fn certified_epsilon(t: u64, k: u64, sigma: f64, c: f64, delta: f64, opts: &BisOptions) -> Result<BisDp> {
    validate(t, k, sigma, c)?;
    check::unit_open("delta", delta)?;
    let t0 = Instant::now();
    let mk = |interval, route: &str, remove, add, h, len, passes, met| BisDp {
        t, k, sigma, c, query: delta, interval, route: route.to_string(), remove, add, grid_step: h, fft_len: len, passes,
        seconds: t0.elapsed().as_secs_f64(), target_met: met,
    };
    if k == t {
        let iv = gauss_eps(c * (t as f64).sqrt() / sigma, delta, opts.prec)?;
        return Ok(mk(iv, "exact k = T (Gaussian mechanism, mu = c sqrt(T)/sigma)", iv, iv, 0.0, 0, 0, true));
    }
    let a = c / sigma;
    let budget = (1e-5 * delta).min(1e-10);
    if k == 1 {
        let q = |s: &LognormalSum| {
            let both = invert(|e| {
                let (r, ad) = (s.delta_pq(e), s.delta_qp(e));
                (r.lower.max(ad.lower), r.upper.max(ad.upper))
            }, delta);
            let r = invert(|e| { let r = s.delta_pq(e); (r.lower, r.upper) }, delta);
            let ad = invert(|e| { let r = s.delta_qp(e); (r.lower, r.upper) }, delta);
            (both, r, ad)
        };
        let acc = opts.eps_rel_accuracy;
        let (iv, r, ad, h, len, passes, met) = k1_passes(t, a, opts, budget, q, |b| (b.width(), acc * b.lower), |b, h| {
            let e = if b.upper.is_finite() { 0.5 * (b.lower + b.upper) } else { b.lower.max(0.1) };
            // Width ≈ h e^{−ε}: aim at 0.7 of the target.
            let model = 0.7 * acc * e.max(1e-3) * e.exp();
            let measured = h * (0.7 * acc * b.lower.max(1e-3) / b.width().max(1e-300));
            model.min(measured).clamp(h / 256.0, h)
        })?;
        return Ok(mk(iv, "exact k = 1 (random 1-of-T allocation)", r, ad, h, len, passes, met));
    }
    let low = gauss_eps(k as f64 * c / (sigma * (t as f64).sqrt()), delta, opts.prec)?;
    let (h, len) = fs25_grid(t, k, low.lower, opts);
    let h = h.max(lattice_step_floor(a, budget, opts)?);
    let (cr, ca) = fs25_upper_curves(t, k, a, &lattice(h, budget, opts.max_fft_len), h, opts.max_fft_len)?;
    let (ur, ua) = (cr.epsilon(delta), ca.epsilon(delta));
    let up = ur.max(ua).max(low.lower);
    let iv = Interval { lower: low.lower, upper: up };
    Ok(mk(iv, "FS25 decomposition upper + sum-statistic Gaussian lower", Interval { lower: low.lower, upper: ur.max(low.lower) }, Interval { lower: low.lower, upper: ua.max(low.lower) }, h, len, 1, true))
}

#[cfg(test)]
#[path = "hockey_stick_test.rs"]
mod hockey_stick_test;
