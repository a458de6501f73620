//! Remark 3.9 (Dong, Chen, Özgür 2025; spec §14) for any number `T` of batches by Monte Carlo:
//! `D_α(A‖B) = (1/(α−1)) ln E_{x∼A}[(a/b)^{α−1}]` (and `D_α(B‖A)` with the roles swapped) for
//! `A = (1/T)Σ_t N(2c e_t, σ²I_T)`, `B = (1/T)Σ_t N(c e_t, σ²I_T)`, with
//! `ln(a/b)(x) = lse_t((2c x_t − 2c²)/σ²) − lse_t((c x_t − c²/2)/σ²)` (the `‖x‖²` terms cancel).
//! The ratio is symmetric in the coordinates, so sampling from one component (`J = 0`) has the
//! same law as sampling from the mixture. Samples are drawn in batches into an `ndarray` matrix
//! (`batch × T`), from ChaCha8 streams keyed by the seed.
//!
//! **Not certified.** The integrand is unbounded, so the finite-sample bounds of
//! [`crate::mc::bounds`] (means of `[0, 1]` variables) do not apply; the interval reported is the
//! CLT interval `mean ± z·se` mapped through `ln(·)/(α − 1)` — an estimate. The analytic ceiling
//! `αc²/(2σ²)` (quasi-convexity, spec §14) is checked by the caller.

use crate::papers::balanced_iteration::mixture_pair::check_order;
use crate::error::{Error, Result};
use crate::papers::balanced_iteration::section_3_3::shuffle::signal;
use std::sync::atomic::{AtomicBool, Ordering};
use crate::mc::summary::MeanSummary;
use crate::mechanisms::SimRng;
use crate::num::special::ln_sum_exp;
use ndarray::Array2;
use rand::SeedableRng;
use rand_distr::{Distribution, StandardNormal};

/// A Monte Carlo estimate of a Rényi divergence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct McDivergence {
    /// `ln(mean)/(α − 1)`.
    pub estimate: f64,
    /// Delta-method standard error of `estimate`.
    pub std_error: f64,
    pub samples: u64,
}

impl McDivergence {
    /// The CLT interval `estimate ± z·std_error` (an estimate, not a guarantee).
    pub fn interval(&self, z: f64) -> (f64, f64) {
        (self.estimate - z * self.std_error, self.estimate + z * self.std_error)
    }
}

/// Normal draws per batch (rows × T).
const BATCH: usize = 1 << 20;

/// Monte Carlo `D_α(A‖B)` (`forward`) or `D_α(B‖A)` of the spec §14 instance with `t` batches,
/// `samples` draws, stream `seed`. Errors: `t < 2`, invalid `c`, `σ`, order; `samples < 2`.
///
/// Example (spec §14, `T = 10, c = σ = 1, α = 2`, MC): `D(A‖B) = 0.72971 ± 3.1e−4`,
/// `D(B‖A) = 0.421335 ± 7.7e−5`.
///
/// Computed at `σ = 1` with `c/σ` ([`signal`]: scale invariance; no `c²`/`σ²` overflow); stops
/// with [`Error::Interrupted`] once `interrupt` is set (checked every sample row; a batch holds
/// at most 2²⁰ normal draws, so `T = 10000` stays responsive; issue 25).
pub fn remark_3_9_shuffle_mc(t: u64, c: f64, sigma: f64, alpha: u64, forward: bool, samples: u64, seed: u64, interrupt: Option<&AtomicBool>) -> Result<McDivergence> {
    let (c, sigma) = (signal(c, sigma)?, 1.0);
    check_order(alpha)?;
    if t < 2 || t > 10_000 {
        return Err(Error::invalid("T", t, "the shuffled instance needs 2 <= T <= 10000 batches"));
    }
    if samples < 2 {
        return Err(Error::invalid("samples", samples, "need at least 2"));
    }
    let (tt, s2, am1) = (t as usize, sigma * sigma, alpha as f64 - 1.0);
    let centre = if forward { 2.0 * c } else { c };
    let mut rng = SimRng::seed_from_u64(seed);
    let mut left = samples as usize;
    // log-terms kept for a max-shifted mean (the integrand can be large)
    let mut batch_logs = Vec::with_capacity(samples as usize);
    let mut u = vec![0.0; tt];
    let mut v = vec![0.0; tt];
    let rows = (BATCH / tt).max(1);
    while left > 0 {
        let b = left.min(rows);
        let x = Array2::from_shape_fn((b, tt), |(_, j)| {
            let z: f64 = StandardNormal.sample(&mut rng);
            sigma * z + if j == 0 { centre } else { 0.0 }
        });
        for row in x.rows() {
            if interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
                return Err(Error::Interrupted);
            }
            for (j, &xj) in row.iter().enumerate() {
                u[j] = (2.0 * c * xj - 2.0 * c * c) / s2;
                v[j] = (c * xj - c * c / 2.0) / s2;
            }
            let ln_ratio = ln_sum_exp(&u) - ln_sum_exp(&v);
            batch_logs.push(am1 * if forward { ln_ratio } else { -ln_ratio });
        }
        left -= b;
    }
    let m = batch_logs.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = MeanSummary::default();
    for l in &batch_logs {
        sum.push((l - m).exp());
    }
    let mean = sum.mean;
    let se = (sum.variance() / sum.n as f64).sqrt();
    Ok(McDivergence { estimate: (m + mean.ln()) / am1, std_error: se / (mean * am1), samples })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spec §14, T = 10 (MC in the spec too): agreement within 4 combined standard errors;
    /// below the unamplified ceiling αc²/(2σ²); T = 2 against the exact quadrature of shuffle.rs.
    #[test]
    fn spec_values_t10_and_t2() {
        for (s, a, fwd, want, want_se) in [(1.0, 2u64, true, 0.72971, 3.1e-4), (1.0, 2, false, 0.421335, 7.7e-5), (2.0, 4, true, 0.134307, 1.7e-4)] {
            let r = remark_3_9_shuffle_mc(10, 1.0, s, a, fwd, 400_000, 7, None).unwrap();
            let tol = 4.0 * (r.std_error + want_se);
            assert!((r.estimate - want).abs() < tol, "σ = {s}, α = {a}, fwd = {fwd}: {r:?}");
            assert!(r.estimate < a as f64 / (2.0 * s * s));
        }
        let exact = crate::papers::balanced_iteration::section_3_3::shuffle::remark_3_9_shuffle_t2(1.0, 1.0, 2, true).unwrap();
        let r = remark_3_9_shuffle_mc(2, 1.0, 1.0, 2, true, 400_000, 3, None).unwrap();
        assert!((r.estimate - exact).abs() < 5.0 * r.std_error, "{r:?} vs {exact}");
    }

    /// Issue 25: T = 10000 (4e8 normal draws at the card's 20000 samples) ran on for seconds after
    /// the interrupt flag; now a set flag stops it at the first row.
    #[test]
    fn interrupt_stops_a_large_run() {
        let flag = AtomicBool::new(true);
        let t = std::time::Instant::now();
        let r = remark_3_9_shuffle_mc(10_000, 1.0, 1.0, 2, true, 20_000, 0, Some(&flag));
        assert_eq!(r, Err(Error::Interrupted));
        assert!(t.elapsed().as_secs_f64() < 0.5, "{:?}", t.elapsed());
    }
}
