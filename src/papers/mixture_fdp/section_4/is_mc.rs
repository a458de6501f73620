//! Importance-sampled Monte Carlo of the privacy loss of the FMT23 pair `(P, Q)` (mixtures spec
//! §4.6 item 2 and §10.3 last bullet): a third, sampling-based confirmation of the exact pair's
//! `δ(ε) = H_{e^ε}(P‖Q)` down to δ ≈ 1e−14, where plain Monte Carlo sees nothing. An **estimate
//! with a stated confidence**, not a certified bound; independent of `shuffling.rs`'s sums (it
//! only shares the definition of the pair, spec §4.1).
//!
//! **Estimator.** Under `P`, draw `C ~ Binom(m, p_c)` (`m = n − 1`, `p_c = 2w`), `A | C ~
//! Binom(C, ½)`; the observation is `(A+1, C−A)` (probability `1 − w`, a draw of `P₀`) or
//! `(A, C−A+1)` (probability `w`, a draw of `Q₀`), with privacy loss
//! `L(a, b) = ln(((1−w)a + wb)/((1−w)b + wa))` (spec §4.1 atoms). The component flag is summed
//! out exactly (conditional expectation), so
//! `δ(ε) = E[ḡ(C, A)]`, `ḡ = (1−w) h(A+1, C−A) + w h(A, C−A+1)`, `h = (1 − e^{ε−L})_+ ∈ [0, 1)`.
//! The proposal tilts both counts exponentially, `∝ P(C, A) e^{sC + tA}`, with `s = −ρt`,
//! `ρ = r/(1+r)`, `r = (e^ε(1−w) − w)/(1 − w − e^ε w)` (the event `L(A+1, C−A) > ε` is
//! `A − ρC > −1/(1+r)`, so the tilt is a Chernoff tilt of `A − ρC`): it is again a product of
//! binomials, `C ~ Binom(m, p')`, `p' = p_c u/(1 − p_c + p_c u)`, `u = e^{s}(1 + e^t)/2`, and
//! `A | C ~ Binom(C, θ)`, `θ = 1/(1 + e^{−t})`. The weight of the proposal **as sampled** (its
//! f64 parameters `p'`, `θ`) is exact and log-linear:
//! `ln dP/dProp = a₀ + a₁C + a₂A`, `a₀ = m ln((1−p_c)/(1−p'))`,
//! `a₁ = ln(p_c/p') − ln((1−p_c)/(1−p')) − ln 2 − ln(1−θ)`, `a₂ = ln((1−θ)/θ) < 0`.
//!
//! **Certified range.** `Y = e^{a₀+a₁C+a₂A} ḡ(C, A) ≤ B = e^{a₀ + M}`, `M = max` of
//! `a₁C + a₂A + ln ḡ` over every `(C, A)` with `ḡ > 0`, computed exactly by enumeration (for each
//! `C`, `A` upwards from below the boundary; `a₂ < 0` and `ln ḡ ≤ 0` let the scan stop once
//! `a₁C + a₂A` falls below the running maximum). `Y/B ∈ [0, 1]`, and the mean of `Y/B` is bounded
//! by empirical Bernstein (Maurer & Pontil 2009, Theorem 4; `mc::bounds`), as the tilted estimator
//! of `mc::tilt` does. `t` minimises `ln B(t)` (a Chernoff bound on δ), a deterministic function
//! of `(n, ε₀, ε)` chosen **before** any sample is drawn. `M` and the scale are widened by
//! `LN_ALLOW = 1e−9` in the exponent, covering every f64 evaluation error (≲ 1e−11 here: the
//! exponent is a sum of `≤ 3` products of `≤ 10⁶`-sized counts with coefficients accurate to a few
//! ulps) and the f64 rounding of `p_c`.
//!
//! **Reproducibility**: `mc::stream` chunks (1024 draws, one ChaCha8 stream per (seed, label,
//! chunk)), bit-identical whatever the thread count. Cost: two binomial draws per sample; the
//! range computation enumerates `O(n)` counts per `t`, so `n ≤ 10⁶`.
//!
//! Assumes the FMT23 reduction only in what it is compared with (the pair `(P, Q)` itself is a
//! well-defined pair of distributions).

use crate::papers::mixture_fdp::section_4::shuffling::Shuffle;
use crate::error::{check, Error, Result};
use crate::mc::bounds::{mean_bounds, BoundMethod};
use crate::mc::stream::{run_chunks, RunControl, StreamKey};
use crate::mc::summary::MeanSummary;
use crate::mc::tilt::minimise_log;
use crate::num::round::{mul_down, mul_up};
use crate::num::Interval;
use rand_distr::{Binomial, Distribution};
use std::sync::atomic::AtomicBool;

/// Allowance (absolute, in the exponent) for f64 evaluation of the log-weights and of `M`.
const LN_ALLOW: f64 = 1e-9;

/// Largest `n` accepted (the range `M` enumerates every count `C ≤ n − 1`, per tilt tried).
pub const MAX_USERS: u64 = 1_000_000;

/// The tilted proposal at one `t` and everything the weights need.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct IsTilt {
    /// Tilt of `A` (the tilt of `C` is `−ρt`).
    pub t: f64,
    /// `C ~ Binom(m, p_tilt)` under the proposal.
    pub p_tilt: f64,
    /// `A | C ~ Binom(C, theta)` under the proposal.
    pub theta: f64,
    /// `ln dP/dProp(C, A) = a0 + a1 C + a2 A`.
    pub a0: f64,
    pub a1: f64,
    pub a2: f64,
    /// `M = max (a1 C + a2 A + ln ḡ(C, A))` over `ḡ > 0` (not yet widened).
    pub m_max: f64,
}

impl IsTilt {
    /// `ln B = a0 + M` (`B ≥ Y` on every sample; before the allowance).
    pub fn ln_b(&self) -> f64 {
        self.a0 + self.m_max
    }
}

/// The pair's setting at one ε: `w`, `e^ε`, `m = n − 1`, `p_c`, the boundary slope `ρ`.
#[derive(Clone, Copy, Debug)]
pub struct IsSetting {
    pub w: f64,
    pub g: f64,
    pub m: u64,
    pub pc: f64,
    pub rho: f64,
}

impl IsSetting {
    /// Errors: ε not finite, ε < 0, or ε ≥ ε₀ (δ = 0 exactly there: nothing to sample);
    /// n > [`MAX_USERS`].
    pub fn new(s: &Shuffle, eps: f64) -> Result<IsSetting> {
        if !(eps.is_finite() && eps >= 0.0 && eps < s.eps0) {
            return Err(Error::invalid("epsilon", eps, "must be a finite number in [0, eps0) for importance sampling (delta = 0 for eps >= eps0)"));
        }
        if s.n > MAX_USERS {
            return Err(Error::invalid("number of users n", s.n, "importance sampling enumerates every count: n ≤ 1e6"));
        }
        let (w, g) = (s.w(), eps.exp());
        let r = (g * (1.0 - w) - w) / (1.0 - w - g * w);
        Ok(IsSetting { w, g, m: s.n - 1, pc: 2.0 * w, rho: r / (1.0 + r) })
    }

    /// `h(a, b) = (1 − e^{ε − L(a, b)})_+`, `L = ln(((1−w)a + wb)/((1−w)b + wa))` (spec §4.1).
    #[inline]
    fn h(&self, a: f64, b: f64) -> f64 {
        let num = (1.0 - self.w) * a + self.w * b;
        let den = (1.0 - self.w) * b + self.w * a;
        if num <= 0.0 {
            return 0.0;
        }
        (1.0 - self.g * den / num).max(0.0)
    }

    /// `ḡ(C, A) = (1−w) h(A+1, C−A) + w h(A, C−A+1)`: the flag (P₀ or Q₀ draw) summed out.
    #[inline]
    pub fn g_bar(&self, c: u64, a: u64) -> f64 {
        let (c, a) = (c as f64, a as f64);
        (1.0 - self.w) * self.h(a + 1.0, c - a) + self.w * self.h(a, c - a + 1.0)
    }

    /// The proposal at `t > 0` with its weights and range `M`.
    pub fn tilt(&self, t: f64) -> IsTilt {
        let s = -self.rho * t;
        let u = s.exp() * (1.0 + t.exp()) * 0.5;
        let p_tilt = self.pc * u / (1.0 - self.pc + self.pc * u);
        let theta = 1.0 / (1.0 + (-t).exp());
        let (l1pc, l1pp) = ((-self.pc).ln_1p(), (-p_tilt).ln_1p());
        // ln θ = −ln(1 + e^{−t}), ln(1 − θ) = −ln(1 + e^{t}) (no cancellation)
        let (ln_th, ln_1mth) = (-(-t).exp().ln_1p(), -softplus(t));
        let a0 = self.m as f64 * (l1pc - l1pp);
        let a1 = (self.pc.ln() - p_tilt.ln()) - (l1pc - l1pp) - std::f64::consts::LN_2 - ln_1mth;
        let a2 = ln_1mth - ln_th;
        let mut tl = IsTilt { t, p_tilt, theta, a0, a1, a2, m_max: f64::NEG_INFINITY };
        tl.m_max = self.range(&tl);
        tl
    }

    /// `M = max_{ḡ(C,A) > 0} (a1 C + a2 A + ln ḡ(C, A))` by enumeration (module doc).
    fn range(&self, tl: &IsTilt) -> f64 {
        let mut best = f64::NEG_INFINITY;
        let r_over = self.rho; // boundary A ≈ ρC − 1/(1+r); start two below it
        for c in 0..=self.m {
            let start = ((r_over * c as f64).floor() - 2.0).max(0.0) as u64;
            let mut a = start;
            while a <= c {
                let base = tl.a1 * c as f64 + tl.a2 * a as f64;
                if base < best {
                    break; // a2 < 0 and ln ḡ ≤ 0: no larger A can beat `best`
                }
                let gb = self.g_bar(c, a);
                if gb > 0.0 {
                    best = best.max(base + gb.ln());
                }
                a += 1;
            }
        }
        best
    }

    /// The tilt minimising `ln B(t)` over `t ∈ [1e−3, 30]` (`mc::tilt::minimise_log`).
    pub fn best_tilt(&self) -> IsTilt {
        let (t, _) = minimise_log(&|t| self.tilt(t).ln_b(), 1e-3, 30.0);
        self.tilt(t)
    }
}

#[inline]
fn softplus(x: f64) -> f64 {
    if x > 35.0 { x + (-x).exp().ln_1p() } else { x.exp().ln_1p() }
}

/// Options of [`is_delta`].
#[derive(Clone, Copy, Debug)]
pub struct IsOptions {
    /// Draws of `(C, A)` (≥ 100).
    pub samples: usize,
    /// Two-sided confidence `c ∈ (0, 1)`; error `β = 1 − c`, split evenly over the two sides.
    pub confidence: f64,
    pub seed: u64,
}

/// An importance-sampled estimate of the exact pair's δ(ε).
#[derive(Clone, Debug)]
pub struct IsEstimate {
    pub eps: f64,
    /// Holds with probability ≥ `confidence` (an estimate, not certified).
    pub interval: Interval,
    /// `B · mean(Y/B)`.
    pub point: f64,
    pub samples: usize,
    pub confidence: f64,
    pub tilt: IsTilt,
    /// `B` rounded up (the range of `Y`).
    pub b_up: f64,
    /// Sample variance of `Y/B`.
    pub variance: f64,
}

/// Importance-sampled Monte Carlo of `δ(ε) = H_{e^ε}(P‖Q)` of the FMT23 pair (module doc), with a
/// two-sided empirical-Bernstein interval at `opts.confidence`. Interrupt: checked between chunks.
/// Errors: ε ∉ [0, ε₀), n > 10⁶, samples < 100, confidence ∉ (0, 1), [`Error::Interrupted`].
pub fn is_delta(s: &Shuffle, eps: f64, opts: &IsOptions, interrupt: Option<&AtomicBool>) -> Result<IsEstimate> {
    check::unit_open("confidence", opts.confidence)?;
    if opts.samples < 100 {
        return Err(Error::invalid("samples", opts.samples, "must be at least 100"));
    }
    let set = IsSetting::new(s, eps)?;
    let tl = set.best_tilt();
    if !tl.ln_b().is_finite() {
        return Err(Error::Numerical(format!("importance-sampling range not finite at eps = {eps} (t = {})", tl.t)));
    }
    let m_up = tl.m_max + LN_ALLOW;
    let dist_c = Binomial::new(set.m, tl.p_tilt).map_err(|e| Error::Numerical(format!("tilted count law: {e}")))?;
    let key = StreamKey::new(opts.seed, &format!("mixture_fdp/is/n={}/eps0={:016x}/eps={:016x}", s.n, s.eps0.to_bits(), eps.to_bits()));
    let ctl = RunControl { progress: None, interrupt };
    let chunks = run_chunks(opts.samples, &key, &ctl, |rng, len| {
        let mut sum = MeanSummary::default();
        for _ in 0..len {
            let c = dist_c.sample(rng);
            let a = if c == 0 { 0 } else { Binomial::new(c, tl.theta).map_or(0, |d| d.sample(rng)) };
            let gb = set.g_bar(c, a);
            let y = if gb > 0.0 { ((tl.a1 * c as f64 + tl.a2 * a as f64 - m_up).exp() * gb).min(1.0) } else { 0.0 };
            sum.push(y);
        }
        sum
    })?;
    let mut summary = MeanSummary::default();
    for c in &chunks {
        summary.merge(c);
    }
    let beta = 1.0 - opts.confidence;
    let m = mean_bounds(&summary, BoundMethod::EmpiricalBernstein, 0.5 * beta, 0.5 * beta);
    let ln_scale = tl.a0 + m_up;
    let (b_down, b_up) = ((ln_scale - LN_ALLOW).exp().next_down(), (ln_scale + LN_ALLOW).exp().next_up());
    let interval = Interval { lower: mul_down(m.lower, b_down), upper: mul_up(m.upper, b_up).min(1.0) };
    let point = (summary.mean * ln_scale.exp()).clamp(interval.lower, interval.upper);
    Ok(IsEstimate { eps, interval, point, samples: opts.samples, confidence: opts.confidence, tilt: tl, b_up, variance: summary.variance() })
}

#[cfg(test)]
#[path = "is_mc_test.rs"]
mod is_mc_test;
