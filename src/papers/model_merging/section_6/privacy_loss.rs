//! Lemma 6.3 (DP Model Merging): the exact per-step privacy loss of a merged DP-SGD step with
//! vector shifts, its samplers and Monte Carlo hockey-stick estimators (spec `merging.md` §11).
//!
//! Given the past (and assumption (e) of §9), the step laws are `P = Σ_J ρ_J N(v_J, s²I)` and
//! `Q = N(0, s²I)` with `v_J = Σ_{i∈J} u_i`, `‖u_i‖ ≤ w_i`, and (eq. (10))
//! `L(y) = ln Σ_J ρ_J exp(⟨y, v_J⟩/s² − ‖v_J‖²/(2s²))`.
//!
//! Monte Carlo (foundations §5): the forward divergence is estimated under `P` with the bounded
//! integrand `(1 − e^{ε−L})_+ ∈ [0,1]`, the reverse one under `Q` with `(1 − e^{ε+L})_+ ∈ [0,1]`;
//! confidence bounds by empirical Bernstein (Maurer & Pontil 2009, Thm 4). Clopper–Pearson does
//! not apply to these non-Bernoulli integrands. Guarantee: each one-sided bound holds with
//! probability ≥ 1 − β/2 (two-sided interval at total level β).

use crate::error::{check, Error, Result};
use crate::mc::bounds::{mean_interval, BoundMethod};
use crate::mc::summary::MeanSummary;
use crate::mechanisms::{Direction, SimRng};
use crate::num::special::ln_sum_exp;
use crate::num::{Interval, Real};
use rand::{Rng, SeedableRng};
use std::sync::atomic::{AtomicBool, Ordering};
use rand_distr::{Distribution, StandardNormal};

/// One merged step with vector shifts: `P = Σ_J ρ_J N(v_J, s²I)` vs `Q = N(0, s²I)` (spec §11).
#[derive(Clone, Debug, PartialEq)]
pub struct VectorStep {
    /// Shifts `v_J` (all of dimension `p`).
    pub v: Vec<Vec<f64>>,
    /// Probabilities `ρ_J` (positive, summing to 1).
    pub rho: Vec<f64>,
    /// Noise scale `s > 0`.
    pub s: f64,
}

impl VectorStep {
    /// Validated constructor. Errors: empty or ragged shifts, non-finite entries, probabilities
    /// not in `[0,1]` or not summing to 1 (±1e−12), `s ≤ 0`.
    pub fn new(v: Vec<Vec<f64>>, rho: Vec<f64>, s: f64) -> Result<VectorStep> {
        check::positive("noise scale s", s)?;
        if v.is_empty() || v.len() != rho.len() {
            return Err(Error::invalid("shifts", v.len(), "need one shift per probability, at least one"));
        }
        let p = v[0].len();
        if p == 0 || v.iter().any(|x| x.len() != p || x.iter().any(|c| !c.is_finite())) {
            return Err(Error::invalid("shifts", "ragged or non-finite", "all shifts must be finite vectors of one dimension"));
        }
        for &r in &rho {
            check::unit_closed("rho", r)?;
        }
        let t: f64 = rho.iter().sum();
        if (t - 1.0).abs() > 1e-12 {
            return Err(Error::invalid("rho", t, "must sum to 1"));
        }
        Ok(VectorStep { v, rho, s })
    }

    /// The structured step of §11: per-model vectors `u_i` (each `‖u_i‖ ≤ w_i` is the caller's
    /// modelling choice), independent Poisson rates `q_i`, shifts `v_J = Σ_{i∈J} u_i` over all
    /// `2^N` subsets (zero-probability subsets skipped). Errors as [`VectorStep::new`], `N > 20`.
    pub fn from_directions(u: &[Vec<f64>], q: &[f64], s: f64) -> Result<VectorStep> {
        if u.len() != q.len() || u.is_empty() || u.len() > 20 {
            return Err(Error::invalid("models", u.len(), "need 1..=20 models with one rate each"));
        }
        let p = u[0].len();
        let (mut v, mut rho) = (Vec::new(), Vec::new());
        for mask in 0u32..(1u32 << u.len()) {
            let mut r = 1.0;
            let mut x = vec![0.0; p];
            for (i, ui) in u.iter().enumerate() {
                check::unit_closed("sampling rate", q[i])?;
                if mask >> i & 1 == 1 {
                    r *= q[i];
                    for (xc, uc) in x.iter_mut().zip(ui) {
                        *xc += uc;
                    }
                } else {
                    r *= 1.0 - q[i];
                }
            }
            if r > 0.0 {
                v.push(x);
                rho.push(r);
            }
        }
        VectorStep::new(v, rho, s)
    }

    /// Dimension `p`.
    pub fn dim(&self) -> usize {
        self.v[0].len()
    }

    /// `L(y)`, eq. (10) ([`exact_pl`]).
    pub fn loss(&self, y: &[f64]) -> f64 {
        exact_pl(y, &self.v, &self.rho, self.s)
    }

    /// Draw `Y ∼ P` into `y` (draw `J ∼ ρ`, then `v_J + s·N(0, I)`).
    pub fn sample_p(&self, rng: &mut SimRng, y: &mut [f64]) {
        let mut u: f64 = rng.gen();
        let mut j = self.rho.len() - 1;
        for (k, &r) in self.rho.iter().enumerate() {
            if u < r {
                j = k;
                break;
            }
            u -= r;
        }
        for (yc, vc) in y.iter_mut().zip(&self.v[j]) {
            let z: f64 = StandardNormal.sample(rng);
            *yc = vc + self.s * z;
        }
    }

    /// Draw `Y ∼ Q = N(0, s²I)` into `y`.
    pub fn sample_q(&self, rng: &mut SimRng, y: &mut [f64]) {
        for yc in y.iter_mut() {
            let z: f64 = StandardNormal.sample(rng);
            *yc = self.s * z;
        }
    }
}

/// Lemma 6.3, eq. (10): `L(y) = ln Σ_J ρ_J exp(⟨y, v_J⟩/s² − ‖v_J‖²/(2s²))` by max-shifted
/// log-sum-exp (zero `ρ_J` skipped). Exact up to f64 rounding. Callers validate the inputs
/// ([`VectorStep::new`]).
pub fn exact_pl(y: &[f64], v: &[Vec<f64>], rho: &[f64], s: f64) -> f64 {
    ln_sum_exp(&exact_pl_terms(y, v, rho, &s))
}

/// Lemma 6.3, eq. (10), in any precision: the log-sum-exp of [`exact_pl`] evaluated in `R`
/// (MPFR enclosures of the card). Same validation contract as [`exact_pl`].
pub fn exact_pl_r<R: Real>(y: &[R], v: &[Vec<R>], rho: &[R], s: &R) -> R {
    let t = exact_pl_terms(y, v, rho, s);
    let m = t.iter().cloned().fold(s.cst(f64::NEG_INFINITY), |a, b| a.max(b));
    if !m.is_finite() {
        return m;
    }
    let sum = t.iter().fold(s.zero(), |acc, x| acc + (x.clone() - m.clone()).exp());
    m + sum.ln()
}

/// The terms `ln ρ_J + ⟨y, v_J⟩/s² − ‖v_J‖²/(2s²)` of eq. (10) over `ρ_J > 0`.
fn exact_pl_terms<R: Real>(y: &[R], v: &[Vec<R>], rho: &[R], s: &R) -> Vec<R> {
    let s2 = s.clone() * s.clone();
    v.iter()
        .zip(rho)
        .filter(|(_, r)| r.to_f64() > 0.0)
        .map(|(vj, r)| {
            let dot = vj.iter().zip(y).fold(s.zero(), |acc, (a, b)| acc + a.clone() * b.clone());
            let nn = vj.iter().fold(s.zero(), |acc, a| acc + a.clone() * a.clone());
            r.ln() + dot / s2.clone() - nn / (s.cst(2.0) * s2.clone())
        })
        .collect()
}

/// A Monte Carlo estimate of a mean in `[0, 1]` with its confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct McHockeyStick {
    /// Sample mean (estimate).
    pub estimate: f64,
    /// Two-sided empirical-Bernstein interval at total error probability `beta`.
    pub interval: Interval,
    pub n: u64,
    pub beta: f64,
}

/// MC estimate of `H_ε(P, Q) = E_P[(1 − e^{ε−L})_+]` (`Remove`) or `H_ε(Q, P) = E_Q[(1 − e^{ε+L})_+]`
/// (`Add`) for any real ε (spec §11), `n` samples from the seeded ChaCha8 stream `seed`, with a
/// Maurer–Pontil interval at total level `beta`. Errors: `n < 2`, β ∉ (0,1), non-finite ε.
pub fn mc_hockey_stick(step: &VectorStep, eps: f64, dir: Direction, n: u64, seed: u64, beta: f64) -> Result<McHockeyStick> {
    mc_hockey_stick_until(step, eps, dir, n, seed, beta, &AtomicBool::new(false))
}

/// [`mc_hockey_stick`] that returns [`Error::Interrupted`] once `stop` is set (checked every
/// 4096 samples).
pub fn mc_hockey_stick_until(step: &VectorStep, eps: f64, dir: Direction, n: u64, seed: u64, beta: f64, stop: &AtomicBool) -> Result<McHockeyStick> {
    check::finite("epsilon", eps)?;
    check::unit_open("beta", beta)?;
    if n < 2 {
        return Err(Error::invalid("samples", n, "need at least 2"));
    }
    let mut rng = SimRng::seed_from_u64(seed);
    let mut y = vec![0.0; step.dim()];
    let mut s = MeanSummary::default();
    for i in 0..n {
        if i % 4096 == 0 && stop.load(Ordering::Relaxed) {
            return Err(Error::Interrupted);
        }
        let x = match dir {
            Direction::Remove => {
                step.sample_p(&mut rng, &mut y);
                let l = step.loss(&y);
                if l > eps { -(eps - l).exp_m1() } else { 0.0 }
            }
            Direction::Add => {
                step.sample_q(&mut rng, &mut y);
                let l = step.loss(&y);
                if l < -eps { -(eps + l).exp_m1() } else { 0.0 }
            }
        };
        s.push(x);
    }
    Ok(McHockeyStick { estimate: s.mean, interval: mean_interval(&s, BoundMethod::EmpiricalBernstein, beta), n, beta })
}

/// MC of the change-of-measure identities (spec §11 invariants): returns
/// `(mean of e^{L} under Q, its standard error, mean of e^{−L} under P, its standard error)`.
/// Both means equal 1 exactly. Errors: `n < 2`.
pub fn mc_unit_moments(step: &VectorStep, n: u64, seed: u64) -> Result<(f64, f64, f64, f64)> {
    if n < 2 {
        return Err(Error::invalid("samples", n, "need at least 2"));
    }
    let mut rng = SimRng::seed_from_u64(seed);
    let mut y = vec![0.0; step.dim()];
    let (mut sq, mut sp) = (MeanSummary::default(), MeanSummary::default());
    for _ in 0..n {
        step.sample_q(&mut rng, &mut y);
        sq.push(step.loss(&y).exp());
        step.sample_p(&mut rng, &mut y);
        sp.push((-step.loss(&y)).exp());
    }
    let se = |m: &MeanSummary| (m.m2 / (m.n - 1) as f64 / m.n as f64).sqrt();
    Ok((sq.mean, se(&sq), sp.mean, se(&sp)))
}

#[cfg(test)]
#[path = "privacy_loss_test.rs"]
mod privacy_loss_test;
