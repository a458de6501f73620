//! Seeded Monte Carlo of the quadratic instance of Theorem 4.2 of Bok, Su, Altschuler 2024
//! (spec §4.2 "Monte Carlo confirmation", §10): the two NoisyGD chains `x ← a x + Z` (dataset
//! `S`) and `x ← a x + r + Z` (dataset `S'`), `a = 1 − ηh`, in noise units (`ησ = 1`), from
//! `x_0 = 0`, are simulated step by step. At each α the optimal test of the closed form (reject
//! `S` when `x_T > √v_T Φ⁻¹(1 − α)`, `v_T = Σ_{k<T} a^{2k}`) is applied to both samples; its
//! type I and type II error rates get exact two-sided Clopper–Pearson intervals
//! ([`crate::mc::bounds`]) at error probability `β` per end. They must contain `α` and
//! `G_{μ_inst}(α)`, `μ_inst` from [`crate::papers::shifted_interpolation::tightness::gaussian::quadratic_gd`]; when `c = 1 − ηm` (the
//! instance's `a`) the bound's `G_μ(α)` is inside too (equality), otherwise the whole type II
//! interval lies above it.
//!
//! Reproducibility: the draws come from [`crate::mc::stream`] (ChaCha8 streams keyed by the seed
//! and a label naming the chain and parameters; fixed chunks), so results do not depend on the
//! number of threads.

use crate::error::{check, Error, Result};
use crate::mc::bounds::{clopper_pearson_lower, clopper_pearson_upper};
use crate::mc::stream::{run_chunks, RunControl, StreamKey};
use crate::num::special::ndtri;
use crate::num::Interval;
use rand_distr::{Distribution, StandardNormal};

/// Largest number of simulated chains per dataset.
pub const MAX_RUNS: usize = 10_000_000;

/// The Monte Carlo result at one α.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct McPoint {
    pub alpha: f64,
    /// Clopper–Pearson interval for the type I error rate (should contain α).
    pub type1: Interval,
    /// Clopper–Pearson interval for the type II error rate (should contain `G_{μ_inst}(α)`).
    pub type2: Interval,
}

/// Simulate `runs` chains per dataset for `t` steps (shift `r`, factor `a`) and return the
/// intervals at each α (error probability `beta` per end of each interval).
/// Errors: r not finite ≥ 0, a not finite, t = 0, runs ∉ 1..=[`MAX_RUNS`], α ∉ (0, 1),
/// β ∉ (0, 1), interruption.
pub fn quadratic_mc(r: f64, a: f64, t: u64, alphas: &[f64], runs: usize, seed: u64, beta: f64) -> Result<Vec<McPoint>> {
    if !(r.is_finite() && r >= 0.0) {
        return Err(Error::invalid("ratio r", r, "must be a finite number ≥ 0"));
    }
    check::finite("step factor a", a)?;
    check::at_least_one("number of steps T", t)?;
    check::unit_open("confidence parameter beta", beta)?;
    if !(1..=MAX_RUNS).contains(&runs) {
        return Err(Error::invalid("Monte Carlo runs", runs, &format!("must lie in 1..={MAX_RUNS}")));
    }
    let mut v = 0.0f64;
    for _ in 0..t {
        v = a * a * v + 1.0;
    }
    let thresholds: Vec<f64> = alphas.iter().map(|&al| check::unit_open("type I error alpha", al).map(|al| v.sqrt() * ndtri(1.0 - al))).collect::<Result<_>>()?;
    // Counts of x_T > threshold, per α, for one dataset.
    let count = |shift: f64, label: &str| -> Result<Vec<u64>> {
        let key = StreamKey::new(seed, &format!("si-quadratic-mc/{label}/r={r}/a={a}/t={t}"));
        let chunks = run_chunks(runs, &key, &RunControl::default(), |rng, len| {
            let mut c = vec![0u64; thresholds.len()];
            for _ in 0..len {
                let mut x = 0.0f64;
                for _ in 0..t {
                    let z: f64 = StandardNormal.sample(rng);
                    x = a * x + shift + z;
                }
                for (ci, &th) in c.iter_mut().zip(&thresholds) {
                    *ci += (x > th) as u64;
                }
            }
            c
        })?;
        Ok(chunks.iter().fold(vec![0u64; thresholds.len()], |acc, c| acc.iter().zip(c).map(|(x, y)| x + y).collect()))
    };
    let (above_s, above_s2) = (count(0.0, "S")?, count(r, "S'")?);
    let n = runs as u64;
    let ci = |k: u64| Interval { lower: clopper_pearson_lower(k, n, beta), upper: clopper_pearson_upper(k, n, beta) };
    Ok(alphas.iter().enumerate().map(|(i, &al)| McPoint { alpha: al, type1: ci(above_s[i]), type2: ci(n - above_s2[i]) }).collect())
}

#[cfg(test)]
#[path = "mc_test.rs"]
mod tests;
