//! A discrete privacy-loss distribution on a uniform grid with an atom at `+∞`
//! (foundations spec §4.1).
//!
//! Masses `w_k ≥ 0` sit on the losses `x_k = k·h`, `k ∈ [k_lo, k_hi]`, plus `w_∞` at `+∞`. The
//! same type carries per-step *upper* objects (their composition over-estimates every δ(ε)) and
//! *lower* objects (under-estimates); which one a value is, is recorded by the constructor that
//! built it ([`DiscretePld::from_tails_upper`] / [`DiscretePld::from_tails_lower`]).
//!
//! Both constructors take **tail sums** `S_k = Σ_{j ≥ k} w_j + w_∞`. This is the form in which
//! the soundness argument is made (see `discretise.rs`): a non-negative measure whose tail sums
//! dominate those of a valid dominating pair gives larger `E[g(L)]` for every non-decreasing
//! `g ≥ 0`, in particular for `g(ℓ) = (1 − e^{ε−ℓ})_+` and for its composition (each factor
//! replaced in turn; the integrand of the composed profile is coordinatewise non-decreasing).

use crate::num::special::neumaier_sum;

/// Unit roundoff of f64.
pub(crate) const U: f64 = f64::EPSILON / 2.0;

/// `x` moved `k` ulps towards ±∞ (one widening helper for the crate: [`crate::num::round`]).
pub(crate) use crate::num::round::{widen_down as down_ulps, widen_up as up_ulps};

/// A discrete PLD on the grid `k·h` with an atom at `+∞`.
#[derive(Clone, Debug, PartialEq)]
pub struct DiscretePld {
    /// Grid step `h > 0` (chosen so that `k·h` is exact in f64 for every index used).
    pub h: f64,
    /// Index of `masses[0]`.
    pub k_lo: i64,
    /// `masses[i]` is the mass at the loss `(k_lo + i)·h`.
    pub masses: Vec<f64>,
    /// Mass at `+∞`.
    pub inf_mass: f64,
}

impl DiscretePld {
    /// Highest grid index carried (`k_lo − 1` when empty).
    pub fn k_hi(&self) -> i64 {
        self.k_lo + self.masses.len() as i64 - 1
    }

    /// The loss `k·h` of grid index `k` (exact for the grid steps used by the accountant).
    pub fn loss(&self, k: i64) -> f64 {
        k as f64 * self.h
    }

    /// Upper object from tail sums `tails[i] = S_{k_lo+i}` for `i = 0..=n`, where `tails[n]` is
    /// the mass at `+∞`. Each mass `S_k − S_{k+1}` is rounded **up** (more mass moved to higher
    /// losses can only increase δ), so the tail sums of the result are ≥ the given ones.
    /// The caller guarantees that `tails` is non-increasing.
    pub fn from_tails_upper(h: f64, k_lo: i64, tails: &[f64]) -> DiscretePld {
        let n = tails.len() - 1;
        let masses = (0..n)
            .map(|i| {
                let (a, b) = (tails[i], tails[i + 1]);
                // Rounding up: the exact difference is ≥ 0, next_up of the nearest is ≥ it.
                if a <= b { 0.0 } else { (a - b).next_up() }
            })
            .collect();
        DiscretePld { h, k_lo, masses, inf_mass: tails[n] }
    }

    /// Lower object from non-increasing tail sums (see [`DiscretePld::from_tails_upper`]); each
    /// mass is rounded **down** (and the result stays ≥ 0 because the exact difference is ≥ 0),
    /// so the tail sums of the result are ≤ the given ones.
    pub fn from_tails_lower(h: f64, k_lo: i64, tails: &[f64]) -> DiscretePld {
        let n = tails.len() - 1;
        let masses = (0..n)
            .map(|i| {
                let (a, b) = (tails[i], tails[i + 1]);
                // Rounding down, clipped at the exact lower bound 0.
                if a <= b { 0.0 } else { (a - b).next_down().max(0.0) }
            })
            .collect();
        DiscretePld { h, k_lo, masses, inf_mass: tails[n] }
    }

    /// Σ finite masses (Neumaier; estimate with relative error ≤ ~2u).
    pub fn finite_mass(&self) -> f64 {
        neumaier_sum(self.masses.iter().copied())
    }

    /// Σ_k w_k² (used by the floating-point error model of the FFT, §4.6).
    pub fn l2_norm(&self) -> f64 {
        neumaier_sum(self.masses.iter().map(|w| w * w)).sqrt()
    }

    /// The profile of this object, `w_∞ + Σ_{x_k > ε} w_k (−expm1(ε − x_k))` (spec §4.1), summed
    /// with Neumaier's method. An estimate in f64 (relative error ≲ n·u); the certified
    /// evaluation of composed objects is in `curve.rs`.
    pub fn delta_estimate(&self, eps: f64) -> f64 {
        let terms = self.masses.iter().enumerate().filter_map(|(i, &w)| {
            let x = self.loss(self.k_lo + i as i64);
            if x > eps { Some(w * -(eps - x).exp_m1()) } else { None }
        });
        self.inf_mass + neumaier_sum(terms)
    }

    /// Mean and variance of the finite part, normalised by its mass (estimates, used only to
    /// centre searches).
    pub fn mean_var(&self) -> (f64, f64) {
        let m0 = self.finite_mass();
        if m0 <= 0.0 {
            return (0.0, 0.0);
        }
        let m1 = neumaier_sum(self.masses.iter().enumerate().map(|(i, w)| w * self.loss(self.k_lo + i as i64))) / m0;
        let m2 = neumaier_sum(self.masses.iter().enumerate().map(|(i, w)| {
            let d = self.loss(self.k_lo + i as i64) - m1;
            w * d * d
        })) / m0;
        (m1, m2)
    }

    /// Upper bound on `ln Σ_k w_k e^{λ x_k}` (the discrete moment-generating function of the
    /// finite part, foundations §4.4 "discrete" route), for any real λ.
    ///
    /// Evaluated as `λ x_anchor + ln Σ_k w_k r^{|k − anchor|}` with `r = e^{−|λ| h} ≤ 1` and the
    /// anchor at the end that makes every factor ≤ 1 (no overflow). The powers are formed by
    /// repeated multiplication; the sum is inflated by a relative `4(n+4)u` and an absolute
    /// `1e−279·(1 + Σw)` (terms below 1e−280 are skipped) before the logarithm, and the
    /// logarithm is rounded up. Returns −∞ for an empty or zero-mass object.
    pub fn ln_mgf_up(&self, lambda: f64) -> f64 {
        let n = self.masses.len();
        if n == 0 {
            return f64::NEG_INFINITY;
        }
        let r = (-(lambda.abs()) * self.h).exp();
        // Four interleaved partial sums with geometric factors (vectorisable). Plain recursive
        // summation has relative error ≤ n·u and the powers ≤ (n/4 + 3)u; both are covered by
        // the inflation below.
        let m = &self.masses;
        let r2 = r * r;
        let r4 = r2 * r2;
        let mut p = [1.0f64, r, r2, r2 * r];
        let mut lanes = [0.0f64; 4];
        let mut i = 0usize;
        // Index of the i-th term counted from the anchor end.
        let at = |i: usize| if lambda >= 0.0 { m[n - 1 - i] } else { m[i] };
        while i + 4 <= n {
            if p[0] < 1e-280 {
                // Every remaining term is below 1e−280·w (p decreases); covered by the absolute
                // slack below, and stopping avoids slow subnormal arithmetic.
                i = n;
                break;
            }
            for l in 0..4 {
                lanes[l] += at(i + l) * p[l];
                p[l] *= r4;
            }
            i += 4;
        }
        for l in 0..n.saturating_sub(i).min(4) {
            lanes[l] += at(i + l) * p[l];
        }
        let anchor = if lambda >= 0.0 { self.k_hi() } else { self.k_lo };
        let s = ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])).max(0.0);
        if s == 0.0 && self.masses.iter().all(|&w| w <= 0.0) {
            return f64::NEG_INFINITY;
        }
        // Rounding up: inflate the sum for the accumulated relative errors (products, sums and
        // powers of r, ≤ 3.25·n·u) and for the neglected or underflowed terms (≤ 1e−280·Σw).
        let s_up = s * (1.0 + 4.0 * (n as f64 + 4.0) * U) + 1e-279 * (1.0 + self.finite_mass());
        let base = lambda * self.loss(anchor);
        let l = s_up.ln();
        up_ulps(base + l, 2) + 4.0 * U * (base.abs() + l.abs())
    }
}

/// Round a grid step down to a value with a 16-bit significand, so that `k·h` is exact in f64
/// for every `|k| < 2^37` (the grid losses, their sums and `ε − k·h` are then free of
/// representation error). The relative change is below 2^−15.
pub fn snap_grid_step(h: f64) -> f64 {
    if !(h.is_finite() && h > 0.0) {
        return h;
    }
    let e = h.log2().floor() as i32;
    let scale = 2f64.powi(15 - e);
    let m = (h * scale).floor();
    let s = m / scale;
    if s > 0.0 { s } else { h }
}
