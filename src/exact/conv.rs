//! The exact route's second certified engine: **interval convolution** of MPFR-discretised
//! privacy-loss distributions, for compositions that have no closed form (Poisson-subsampled
//! Gaussian, Laplace and randomized response composed `T` times, and heterogeneous compositions
//! of them), independent of the FFT accountant ([`crate::pld`]: no code of it is used).
//!
//! Pipeline (foundations §4 for the objects; the FFT is replaced by direct convolution):
//! 1. one step, one direction ([`super::conv_step`]): an upper object by pessimistic
//!    Connect-the-Dots (Doroshenko et al. 2022, Algorithm 1; foundations §4.2b) and a lower object
//!    by merging loss cells (post-processing) with atoms rounded down to the grid (Meiser &
//!    Mohammadi 2018; foundations §4.2a), all probabilities from the MPFR closed forms of
//!    [`crate::mechanisms::exact`] and rounded outward;
//! 2. `T`-fold and heterogeneous composition ([`super::conv_compose`]) by direct convolution with
//!    the relative f64 error bound of recursive dot products (Higham 2002, §3.1), repeated
//!    squaring (`O(log T)` convolutions), and truncation that moves mass up/to `+∞` (upper) or
//!    down/away (lower);
//! 3. `δ(ε) = w_∞ + Σ_{ℓ>ε} w_ℓ (1 − e^{ε−ℓ})` (foundations §1.5 identity 1, §4.1) summed in MPFR
//!    at 128 bits and widened by `2^{−100}` relative (`n < 2^{27}` non-negative terms, each within
//!    a few ulps at 128 bits), rounded outward; `ε(δ)` by locating the root of each bound in f64 and
//!    certifying the returned ends in MPFR.
//!
//! **Why the result contains the truth.** For each direction, `δ_L(ε) ≤ δ_T(ε) ≤ δ_U(ε)` at every ε:
//! the one-step upper object dominates `(P, Q)` and its masses are rounded up; the lower object is
//! a post-processing with losses rounded down and masses rounded down (proofs in
//! [`super::conv_step`]); composition of dominating pairs preserves the order (Zhu, Dong & Wang
//! 2022, Theorem 10), the composed `δ` is a sum of products of masses with non-negative
//! coefficients (monotone in every mass), and every later operation (convolution rounding,
//! truncation, summation) is rounded towards its side ([`super::conv_compose`]). The profile of
//! the add/remove relation is the maximum over the two directions (foundations §1.3), so
//! `max_d δ_{L,d} ≤ δ ≤ max_d δ_{U,d}`. For `ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}`: an ε with certified
//! `δ_U(ε) ≤ δ` is ≥ ε(δ), and one with certified `δ_L(ε) > δ` is < ε(δ) (δ is non-increasing).
//! The one assumption is the evaluation-error model of the MPFR closed forms
//! ([`super::conv_step`]).
//!
//! **Accuracy and cost.** Both one-step errors are of second order in the grid step `h` for
//! smooth loss densities; the default `h` is [`DEFAULT_H`] (for Laplace and randomized response
//! `h = ε0/m` rounded down, so their atoms at `±ε0` sit on the grid up to rounding, which the
//! lower object's grid offset [`super::conv_step::SHIFT`] absorbs; in a heterogeneous composition
//! only the first such mechanism's atoms are on the grid, the others' cost first-order width).
//! Measured widths (release): subsampled Gaussian q = 0.01, σ = 1, δ = 1e−5: see the report of
//! issue 13 in `docs/exact_conv.md`. Cost: one
//! convolution is `O(N_a N_b)` for supports of `N_a, N_b` points, `≤ 2⌈log₂T⌉` of them per
//! mechanism and direction; the composed support is capped at [`ConvOptions::max_len`] points and
//! `T` at [`MAX_STEPS`] (beyond either the route answers [`Error::Unsupported`]).

use super::conv_compose::{convolve, delta_f64, ops, power, trim, Side};
use super::conv_step::{lower, upper, Obj, StepLaw, PREC};
use crate::error::{check, Error, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::num::{Interval, Mp, Real};

/// Default grid step of the loss axis.
pub const DEFAULT_H: f64 = 2e-3;

/// Largest total number of composed steps this route accepts.
pub const MAX_STEPS: u64 = 10_000;

/// Options of the interval-convolution route.
#[derive(Clone, Debug)]
pub struct ConvOptions {
    /// Grid step (`None`: [`DEFAULT_H`], adjusted to the atoms of Laplace / randomized response).
    pub h: Option<f64>,
    /// Total truncation budget (mass moved by all truncations together, per direction).
    pub tau: f64,
    /// Largest composed support, in grid points.
    pub max_len: usize,
}

impl Default for ConvOptions {
    fn default() -> Self {
        ConvOptions { h: None, tau: 1e-15, max_len: 40_000 }
    }
}

/// What was computed (for the report's detail text).
#[derive(Clone, Debug)]
pub struct ConvDetail {
    pub h: f64,
    /// Largest composed support (grid points) over directions and sides.
    pub len: usize,
    pub tau: f64,
}

impl ConvDetail {
    pub fn describe(&self) -> String {
        format!("interval convolution (Connect-the-Dots upper, merged-cell lower, MPFR {PREC}-bit steps, direct convolution), h = {:.4e}, N = {}, τ = {:.1e}", self.h, self.len, self.tau)
    }
}

/// Composed upper and lower objects for every direction.
pub struct Composed {
    pub h: f64,
    pub dirs: Vec<(Obj, Obj)>,
    pub detail: ConvDetail,
}

fn grid_step(parts: &[(Mechanism, u64)], opts: &ConvOptions) -> Result<f64> {
    let target = opts.h.unwrap_or(DEFAULT_H);
    if !(target.is_finite() && target > 0.0) {
        return Err(Error::invalid("grid step", target, "must be a positive number"));
    }
    if opts.h.is_some() {
        return Ok(target);
    }
    for (m, _) in parts {
        if let Mechanism::Laplace { noise_multiplier: s, .. } | Mechanism::RandomizedResponse { noise_multiplier: s } = *m {
            // ε0 = 1/S exactly in MPFR; h = ε0/k rounded down, so k·h ≤ ε0 and the atoms at ±ε0
            // are at most rounding error above their grid points.
            let e0 = Mp::new(PREC, 1.0) / Mp::new(PREC, s);
            let k = (e0.to_f64() / target).ceil().max(1.0);
            return Ok((e0 / Mp::new(PREC, k)).to_f64_down());
        }
    }
    Ok(target)
}

/// Compose `parts` (mechanism, steps) into certified upper and lower objects per direction.
pub fn compose(parts: &[(Mechanism, u64)], opts: &ConvOptions) -> Result<Composed> {
    let total: u64 = parts.iter().map(|p| p.1).sum();
    if parts.is_empty() || total == 0 {
        return Err(Error::invalid("steps", 0, "at least one composed step is required"));
    }
    if total > MAX_STEPS {
        return Err(Error::Unsupported(format!("interval convolution is limited to T ≤ {MAX_STEPS} composed steps (asked: {total}); use the fft method")));
    }
    if !(opts.tau > 0.0 && opts.tau < 1e-2) {
        return Err(Error::invalid("truncation budget", opts.tau, "must be in (0, 0.01)"));
    }
    let h = grid_step(parts, opts)?;
    let sgm = parts.iter().any(|(m, _)| matches!(m, Mechanism::PoissonSubsampledGaussian { .. }));
    let directions: &[Direction] = if sgm { &[Direction::Remove, Direction::Add] } else { &[Direction::Remove] };
    let n_ops: u64 = parts.iter().map(|p| ops(p.1)).sum::<u64>() + parts.len() as u64;
    let tau_op = opts.tau / 2.0 / n_ops as f64;
    let tau_step = opts.tau / 4.0 / total as f64;
    let one_dir = |dir: Direction| -> Result<(Obj, Obj)> {
        let mut acc: Option<(Obj, Obj)> = None;
        for (mech, t) in parts {
            let Some(law) = StepLaw::of(mech, dir)? else { continue };
            let (t_lo, t_hi) = law.range(mech, dir, tau_step);
            let (k_lo, k_hi) = ((t_lo / h).floor() as i64 - 1, (t_hi / h).ceil() as i64 + 1);
            if (k_hi - k_lo) as usize > opts.max_len {
                return Err(Error::Unsupported(format!("interval convolution: one step of {} needs {} grid points at h = {h:e}, above the limit {}", mech.name(), k_hi - k_lo, opts.max_len)));
            }
            let up = power(&upper(&law, h, k_lo, k_hi), *t, Side::Upper, tau_op, opts.max_len)?;
            let lo = power(&lower(&law, h, t_lo, t_hi), *t, Side::Lower, tau_op, opts.max_len)?;
            acc = Some(match acc {
                None => (up, lo),
                Some((au, al)) => (trim(convolve(&au, &up, Side::Upper, opts.max_len)?, tau_op, Side::Upper), trim(convolve(&al, &lo, Side::Lower, opts.max_len)?, tau_op, Side::Lower)),
            });
        }
        // Every part revealed nothing (q = 0): the loss is 0 surely.
        Ok(acc.unwrap_or_else(|| (Obj { lo: 0, p: vec![1.0], inf: 0.0, shift: 0.0 }, Obj { lo: 0, p: vec![1.0], inf: 0.0, shift: 0.0 })))
    };
    // The directions are independent: one thread each.
    let f = &one_dir;
    let results: Vec<Result<(Obj, Obj)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = directions.iter().map(|&d| scope.spawn(move || f(d))).collect();
        handles.into_iter().map(|hd| hd.join().unwrap_or_else(|_| Err(Error::Numerical("interval convolution: a direction's thread panicked".into())))).collect()
    });
    let dirs = results.into_iter().collect::<Result<Vec<_>>>()?;
    let len = dirs.iter().map(|(u, l)| u.p.len().max(l.p.len())).max().unwrap_or(0);
    Ok(Composed { h, dirs, detail: ConvDetail { h, len, tau: opts.tau } })
}

/// Certified `δ(ε)` of one object: MPFR sum (module doc), rounded towards `side`.
fn delta_cert(o: &Obj, h: f64, eps: f64, side: Side) -> f64 {
    let e = Mp::new(PREC, eps);
    let hm = Mp::new(PREC, h);
    let mut s = Mp::new(PREC, 0.0);
    for (i, &w) in o.p.iter().enumerate() {
        if w == 0.0 {
            continue;
        }
        let l = Mp::new(PREC, (o.lo + i as i64) as f64) * hm.clone() - Mp::new(PREC, o.shift);
        if l > e {
            s = s + Mp::new(PREC, w) * -(e.clone() - l).exp_m1();
        }
    }
    s = s + Mp::new(PREC, o.inf);
    let rel = Mp::new(PREC, 2f64.powi(-100));
    match side {
        // Direction: up.
        Side::Upper => (s.clone() + s * rel).to_f64_up().min(1.0),
        // Direction: down.
        Side::Lower => (s.clone() - s * rel).to_f64_down().max(0.0),
    }
}

impl Composed {
    /// Certified interval for `δ(ε)` (max over directions).
    pub fn delta(&self, eps: f64) -> Interval {
        let up = self.dirs.iter().map(|(u, _)| delta_cert(u, self.h, eps, Side::Upper)).fold(0.0, f64::max);
        let lo = self.dirs.iter().map(|(_, l)| delta_cert(l, self.h, eps, Side::Lower)).fold(0.0, f64::max);
        Interval { lower: lo.min(up), upper: up }
    }

    fn side_f64(&self, eps: f64, side: Side) -> f64 {
        self.dirs.iter().map(|(u, l)| delta_f64(if side == Side::Upper { u } else { l }, self.h, eps)).fold(0.0, f64::max)
    }

    fn side_cert(&self, eps: f64, side: Side) -> f64 {
        self.dirs.iter().map(|(u, l)| if side == Side::Upper { delta_cert(u, self.h, eps, side) } else { delta_cert(l, self.h, eps, side) }).fold(0.0, f64::max)
    }

    /// Approximate root of the f64 profile of `side` at level `target` on `ε ≥ 0` (None: +∞).
    fn root(&self, target: f64, side: Side) -> Option<f64> {
        let g = |e: f64| self.side_f64(e, side);
        if g(0.0) <= target {
            return Some(0.0);
        }
        let mut hi = 1.0;
        while g(hi) > target {
            hi *= 2.0;
            if hi > 1e6 {
                return None;
            }
        }
        let mut lo = 0.0;
        for _ in 0..100 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if g(mid) > target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(hi)
    }

    /// Certified interval for `ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}` (module doc).
    pub fn epsilon(&self, delta: f64) -> Result<Interval> {
        // Upper end: smallest certified ε with δ_U(ε) ≤ δ.
        let upper = match self.root(delta, Side::Upper) {
            None => f64::INFINITY,
            Some(r) => {
                let mut e = r;
                let mut step = (r.abs() * 2f64.powi(-40)).max(1e-300);
                loop {
                    if self.side_cert(e, Side::Upper) <= delta {
                        break e;
                    }
                    e += step;
                    step *= 2.0;
                    if step > 1.0 {
                        return Err(Error::Numerical("interval convolution: ε upper end could not be certified".into()));
                    }
                }
            }
        };
        // Lower end: largest certified ε with δ_L(ε) > δ (0 when δ_L(0) ≤ δ).
        let lower = if self.side_cert(0.0, Side::Lower) <= delta {
            0.0
        } else {
            let r = self.root(delta, Side::Lower).unwrap_or(upper).min(upper);
            let mut e = r;
            let mut step = (r.abs() * 2f64.powi(-40)).max(1e-300);
            loop {
                if e <= 0.0 {
                    break 0.0;
                }
                if self.side_cert(e, Side::Lower) > delta {
                    break e;
                }
                e = (e - step).max(0.0);
                step *= 2.0;
            }
        };
        Interval::new(lower, upper).ok_or_else(|| Error::Numerical("interval convolution: ε bracket inverted".into()))
    }
}

/// Certified `δ(ε)` of the composition `parts` and what was computed.
pub fn delta_interval(parts: &[(Mechanism, u64)], eps: f64, opts: &ConvOptions) -> Result<(Interval, ConvDetail)> {
    check::finite("epsilon", eps)?;
    let c = compose(parts, opts)?;
    Ok((c.delta(eps), c.detail.clone()))
}

/// Certified `ε(δ)` of the composition `parts` and what was computed. The truncation budget is
/// lowered to `10⁻³·δ` when that is below `opts.tau`.
pub fn epsilon_interval(parts: &[(Mechanism, u64)], delta: f64, opts: &ConvOptions) -> Result<(Interval, ConvDetail)> {
    check::unit_open("delta", delta)?;
    let mut o = opts.clone();
    o.tau = o.tau.min(1e-3 * delta);
    let c = compose(parts, &o)?;
    Ok((c.epsilon(delta)?, c.detail.clone()))
}

#[cfg(test)]
#[path = "conv_test.rs"]
mod conv_test;
