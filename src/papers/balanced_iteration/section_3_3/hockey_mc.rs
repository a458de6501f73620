//! Hockey-stick Monte Carlo of the exact Balanced Iteration Subsampling pair (spec §11,
//! "Independent ground truth for DP guarantees"): an **estimate with a stated confidence**, the
//! ground truth that every certified or RDP-derived δ must meet (spec §16 row "DP conversion").
//!
//! Pair (spec §0.3 with `d = T`): `Q = N(0, σ²I_T)`, `P = C(T,k)⁻¹ Σ_{|S|=k} N(c1_S, σ²I_T)`.
//! Privacy loss `L(x) = ln(p/q)(x) = ln e_k(w) − ln C(T,k) − kc²/(2σ²)`, `w_t = e^{c x_t/σ²}`
//! (`e_k` the elementary symmetric polynomial; `p/q = C(T,k)⁻¹ Σ_S Π_{t∈S} e^{(c x_t − c²/2)/σ²}`).
//! `e_k` is computed in log space by the recursion `e_j ← e_j + w_t e_{j−1}` over `t`
//! (log-sum-exp, `O(Tk)` per sample; every term is positive, so no cancellation).
//!
//! Estimators (bounded integrands in `[0, 1]`): `H_{e^ε}(P‖Q) = E_P[(1 − e^{ε−L})_+]` with
//! `x ~ P` (uniform k-subset, shifted Gaussian), and `H_{e^ε}(Q‖P) = E_Q[(1 − e^{ε+L})_+]` with
//! `x ~ Q` (the loss of the reversed pair is `−L`). One sample serves every ε of the query.
//! Two-sided intervals by empirical Bernstein (Maurer & Pontil 2009, Theorem 4; `mc::bounds`),
//! error `β = 1 − confidence` split over the two sides of each interval (no multiplicity
//! correction across ε or directions: each interval holds at its own level).
//! Reproducible: `mc::stream` chunks (one ChaCha stream per (seed, label, chunk)).

use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::error::{check, Error, Result};
use crate::mc::bounds::{mean_bounds, BoundMethod};
use crate::mc::stream::{run_chunks, RunControl, StreamKey};
use crate::mc::summary::MeanSummary;
use crate::num::special::ln_binom;
use crate::num::Interval;
use rand::seq::index::sample;
use rand_distr::{Distribution, StandardNormal};
use std::sync::atomic::AtomicBool;

/// Options of [`hockey_stick_mc`].
#[derive(Clone, Copy, Debug)]
pub struct McOptions {
    /// Samples per direction (≥ 100).
    pub samples: usize,
    /// Two-sided confidence in (0, 1).
    pub confidence: f64,
    pub seed: u64,
}

/// Monte Carlo intervals at one ε.
#[derive(Clone, Copy, Debug)]
pub struct McPoint {
    pub eps: f64,
    /// `H_{e^ε}(P‖Q)`: interval at `confidence`, and the sample mean.
    pub pq: Interval,
    pub pq_mean: f64,
    /// `H_{e^ε}(Q‖P)`.
    pub qp: Interval,
    pub qp_mean: f64,
}

/// `ln e_k(w)` from `ln w_t` (log-space recursion, module doc). `le` is scratch of length k + 1.
fn ln_elementary(lw: &[f64], k: usize, le: &mut [f64]) -> f64 {
    le.iter_mut().for_each(|v| *v = f64::NEG_INFINITY);
    le[0] = 0.0;
    for (t, &l) in lw.iter().enumerate() {
        let top = k.min(t + 1);
        for j in (1..=top).rev() {
            let b = l + le[j - 1];
            let a = le[j];
            le[j] = if a == f64::NEG_INFINITY {
                b
            } else if a >= b {
                a + (b - a).exp().ln_1p()
            } else {
                b + (a - b).exp().ln_1p()
            };
        }
    }
    le[k]
}

/// Privacy loss `L(x) = ln(p/q)(x)` of the pair at a point `x` (module doc).
pub fn privacy_loss(pair: &MixturePair, x: &[f64]) -> f64 {
    let s2 = pair.sigma * pair.sigma;
    let lw: Vec<f64> = x.iter().map(|&xt| pair.c * xt / s2).collect();
    let mut le = vec![0.0; pair.k as usize + 1];
    ln_elementary(&lw, pair.k as usize, &mut le) - pair.ln_n() - pair.k as f64 * pair.beta()
}

/// Monte Carlo of `H_{e^ε}(P‖Q)` and `H_{e^ε}(Q‖P)` of the exact pair at every `eps`, with
/// empirical-Bernstein intervals at `opts.confidence` (module doc). Interrupt: between chunks.
/// Errors: invalid pair (see [`MixturePair::new`]), non-finite ε, samples < 100, confidence ∉
/// (0, 1), T > 10⁴, [`Error::Interrupted`].
pub fn hockey_stick_mc(pair: &MixturePair, eps: &[f64], opts: &McOptions, interrupt: Option<&AtomicBool>) -> Result<Vec<McPoint>> {
    check::unit_open("confidence", opts.confidence)?;
    if opts.samples < 100 {
        return Err(Error::invalid("samples", opts.samples, "must be at least 100"));
    }
    for &e in eps {
        check::finite("epsilon", e)?;
    }
    if pair.d > 10_000 {
        return Err(Error::invalid("T", pair.d, "Monte Carlo of the T-dimensional pair is limited to T ≤ 10⁴"));
    }
    let (t, k) = (pair.d as usize, pair.k as usize);
    let (c, sigma) = (pair.c, pair.sigma);
    let s2 = sigma * sigma;
    let shift = pair.ln_n() + pair.k as f64 * pair.beta();
    let ctl = RunControl { progress: None, interrupt };
    let run = |under_p: bool| -> Result<Vec<MeanSummary>> {
        let label = format!("balanced_iteration/hockey_mc/{}/T={t}/k={k}/c={:016x}/s={:016x}", if under_p { "P" } else { "Q" }, c.to_bits(), sigma.to_bits());
        let key = StreamKey::new(opts.seed, &label);
        let chunks = run_chunks(opts.samples, &key, &ctl, |rng, len| {
            let mut sums = vec![MeanSummary::default(); eps.len()];
            let (mut lw, mut le) = (vec![0.0; t], vec![0.0; k + 1]);
            for _ in 0..len {
                for v in lw.iter_mut() {
                    let z: f64 = StandardNormal.sample(rng);
                    *v = c * (sigma * z) / s2;
                }
                if under_p {
                    for i in sample(rng, t, k).into_iter() {
                        lw[i] += c * c / s2;
                    }
                }
                let l = ln_elementary(&lw, k, &mut le) - shift;
                let l_dir = if under_p { l } else { -l };
                for (s, &e) in sums.iter_mut().zip(eps) {
                    s.push((-(e - l_dir).exp_m1()).max(0.0));
                }
            }
            sums
        })?;
        let mut tot = vec![MeanSummary::default(); eps.len()];
        for ch in &chunks {
            for (a, b) in tot.iter_mut().zip(ch) {
                a.merge(b);
            }
        }
        Ok(tot)
    };
    let (sp, sq) = (run(true)?, run(false)?);
    let beta = 1.0 - opts.confidence;
    Ok(eps
        .iter()
        .enumerate()
        .map(|(i, &e)| McPoint {
            eps: e,
            pq: mean_bounds(&sp[i], BoundMethod::EmpiricalBernstein, 0.5 * beta, 0.5 * beta),
            pq_mean: sp[i].mean,
            qp: mean_bounds(&sq[i], BoundMethod::EmpiricalBernstein, 0.5 * beta, 0.5 * beta),
            qp_mean: sq[i].mean,
        })
        .collect())
}

/// `ln C(T, k)` (re-exported for callers checking the loss normalisation).
pub fn ln_choose(t: u64, k: u64) -> f64 {
    ln_binom(t as f64, k as f64)
}

#[cfg(test)]
#[path = "hockey_mc_test.rs"]
mod hockey_mc_test;
