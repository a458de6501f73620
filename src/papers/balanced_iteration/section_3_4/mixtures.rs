//! Section 3.4's lemmas for a **general** Gaussian mixture `P = Σ_i ν_i N(m_i, σ² I)` against
//! `Q = N(0, σ² I)` (Dong, Chen, Özgür 2025; spec §3, §4): Lemma 3.12 (the forward divergence as
//! a finite sum, an identity) evaluated literally, and Lemma 3.13 (order α reduced to order 2,
//! under a symmetry condition). Used as test oracles and audit points for the balanced pair;
//! cost `O(N^α)` for Lemma 3.12, `O(N²)` for Lemma 3.13.

use crate::error::{check, Error, Result};
use crate::num::round::widen_up;
use crate::num::special::ln_sum_exp;

/// Largest number of index tuples `N^α` Lemma 3.12's literal sum enumerates.
pub const MAX_TUPLES: f64 = 2.0e7;

/// A validated mixture: centres (scale included) of one dimension, probability weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Mixture {
    pub centres: Vec<Vec<f64>>,
    pub weights: Vec<f64>,
    pub sigma: f64,
}

impl Mixture {
    /// Errors: no centre, centres of different dimensions or non-finite, weights not a
    /// probability vector (within 1e−12), `σ ≤ 0`.
    pub fn new(centres: Vec<Vec<f64>>, weights: Vec<f64>, sigma: f64) -> Result<Mixture> {
        check::positive("sigma", sigma)?;
        if centres.is_empty() || centres.len() != weights.len() {
            return Err(Error::invalid("weights", weights.len(), "need one weight per centre and at least one centre"));
        }
        let dim = centres[0].len();
        if centres.iter().any(|m| m.len() != dim || m.iter().any(|x| !x.is_finite())) {
            return Err(Error::invalid("centres", dim, "every centre needs the same dimension and finite coordinates"));
        }
        let total: f64 = weights.iter().sum();
        if weights.iter().any(|w| !(w.is_finite() && *w >= 0.0)) || (total - 1.0).abs() > 1e-12 {
            return Err(Error::invalid("weights", total, "must be non-negative and sum to 1"));
        }
        Ok(Mixture { centres, weights, sigma })
    }

    fn dot(&self, i: usize, j: usize) -> f64 {
        self.centres[i].iter().zip(&self.centres[j]).map(|(a, b)| a * b).sum()
    }

    /// The balanced mixture of Theorem 3.1: centres `cμ`, `μ ∈ S_{d,k}`, uniform weights.
    /// Errors: invalid parameters; more than 10⁵ centres.
    pub fn balanced(d: usize, k: usize, c: f64, sigma: f64) -> Result<Mixture> {
        crate::papers::balanced_iteration::mixture_pair::MixturePair::new(d as u64, k as u64, c, sigma)?;
        if d > 20 {
            return Err(Error::Unsupported(format!("literal balanced mixture needs d ≤ 20, got {d}")));
        }
        let mut centres = Vec::new();
        for mask in 0u64..(1u64 << d) {
            if mask.count_ones() as usize == k {
                centres.push((0..d).map(|t| if mask >> t & 1 == 1 { c } else { 0.0 }).collect());
            }
            if centres.len() > 100_000 {
                return Err(Error::Unsupported("balanced mixture with more than 1e5 centres".into()));
            }
        }
        let n = centres.len();
        Mixture::new(centres, vec![1.0 / n as f64; n], sigma)
    }
}

/// **Lemma 3.12** (identity): `D_α(P‖Q) = (1/(α−1)) ln Σ_{I ∈ [N]^α} (Π_i ν_{I_i})
/// exp((1/(2σ²)) Σ_{i≠j} m_{I_i}ᵀ m_{I_j})` for integer `α ≥ 2`, evaluated **literally** by
/// enumerating every index tuple (log-sum-exp). Guarantee: exact (f64 nearest, relative error
/// ≲ 1e−13 for the tuple counts allowed). A test oracle: the production forward term
/// ([`crate::papers::balanced_iteration::section_3_1::forward_exact`]) is checked against it on small pairs.
///
/// Errors: `α ∉ [2, 64]`; more than [`MAX_TUPLES`] tuples.
pub fn lemma_3_12(mix: &Mixture, alpha: u64) -> Result<f64> {
    if !(2..=64).contains(&alpha) {
        return Err(Error::invalid("alpha", alpha, "Lemma 3.12's literal sum needs an integer order in [2, 64]"));
    }
    let n = mix.centres.len();
    if (n as f64).powi(alpha as i32) > MAX_TUPLES {
        return Err(Error::Unsupported(format!("Lemma 3.12 literal sum over {n}^{alpha} tuples (> {MAX_TUPLES})")));
    }
    let g: Vec<Vec<f64>> = (0..n).map(|i| (0..n).map(|j| mix.dot(i, j) / (2.0 * mix.sigma * mix.sigma)).collect()).collect();
    let lw: Vec<f64> = mix.weights.iter().map(|w| w.ln()).collect();
    let a = alpha as usize;
    let mut idx = vec![0usize; a];
    let mut terms = Vec::with_capacity((n as f64).powi(alpha as i32) as usize);
    loop {
        let mut t = 0.0;
        for i in 0..a {
            t += lw[idx[i]];
            for j in 0..a {
                if i != j {
                    t += g[idx[i]][idx[j]];
                }
            }
        }
        terms.push(t);
        // next tuple (odometer)
        let mut p = 0;
        while p < a {
            idx[p] += 1;
            if idx[p] < n {
                break;
            }
            idx[p] = 0;
            p += 1;
        }
        if p == a {
            break;
        }
    }
    Ok(ln_sum_exp(&terms) / (alpha as f64 - 1.0))
}

/// Does the mixture satisfy **Lemma 3.13's symmetry condition** — for `J, K` i.i.d. `∼ ν`, the
/// law of `m_Jᵀ m_K` given `J` does not depend on `J`? (Compared as weighted value lists,
/// values to 1e−12.)
pub fn lemma_3_13_condition(mix: &Mixture) -> bool {
    let n = mix.centres.len();
    let law = |j: usize| {
        let mut v: Vec<(f64, f64)> = (0..n).map(|k| (mix.dot(j, k), mix.weights[k])).collect();
        v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
        let mut merged: Vec<(f64, f64)> = Vec::new();
        for (x, w) in v {
            match merged.last_mut() {
                Some(last) if (last.0 - x).abs() <= 1e-12 * (1.0 + x.abs()) => last.1 += w,
                _ => merged.push((x, w)),
            }
        }
        merged
    };
    let first = law(0);
    (0..n).filter(|&j| mix.weights[j] > 0.0).all(|j| {
        let l = law(j);
        l.len() == first.len() && l.iter().zip(&first).all(|(a, b)| (a.0 - b.0).abs() <= 1e-12 * (1.0 + a.0.abs()) && (a.1 - b.1).abs() <= 1e-12)
    })
}

/// **Lemma 3.13**: under its symmetry condition ([`lemma_3_13_condition`]),
/// `D_α(P‖Q) ≤ D_2(Σ ν_i N(m_i, (2σ²/α) I) ‖ N(0, (2σ²/α) I)) = ln E_{J,K∼ν} exp(α m_Jᵀ m_K/(2σ²))`
/// for integer `α ≥ 2` (spec §4). Guarantee: upper bound (f64 log-sum-exp over `N²` terms,
/// rounded up by 4 ulps over a `(N² + 4)u(|value| + max term)` allowance).
///
/// Errors: `α < 2`; the mixture violates the symmetry condition (the inequality then fails, e.g.
/// centres `{0, c e_1}`, spec §4).
pub fn lemma_3_13(mix: &Mixture, alpha: u64) -> Result<f64> {
    if alpha < 2 {
        return Err(Error::invalid("alpha", alpha, "Lemma 3.13 needs an integer order ≥ 2"));
    }
    if !lemma_3_13_condition(mix) {
        return Err(Error::invalid("centres", "mixture", "Lemma 3.13's symmetry condition fails (the law of m_Jᵀm_K given J depends on J)"));
    }
    let v = lemma_3_13_rhs(mix, alpha);
    let n = mix.centres.len() as f64;
    let u = f64::EPSILON / 2.0;
    Ok(widen_up(v + (n * n + 4.0) * u * (v.abs() + 1.0), 4))
}

/// The right-hand side of Lemma 3.13 without checking its condition (to exhibit that the
/// condition is needed, spec §4): `ln Σ_{J,K} ν_J ν_K exp(α m_Jᵀ m_K/(2σ²))`, nearest rounding.
pub fn lemma_3_13_rhs(mix: &Mixture, alpha: u64) -> f64 {
    let n = mix.centres.len();
    let mut terms = Vec::with_capacity(n * n);
    for j in 0..n {
        for k in 0..n {
            terms.push(mix.weights[j].ln() + mix.weights[k].ln() + alpha as f64 * mix.dot(j, k) / (2.0 * mix.sigma * mix.sigma));
        }
    }
    ln_sum_exp(&terms)
}

#[cfg(test)]
#[path = "mixtures_test.rs"]
mod mixtures_test;
