//! The two merging mechanisms of *DP Model Merging* (spec §4): eq. (4) random selection (RS)
//! and eq. (5) linear combination (LC). Both are post-processing of the input models; the
//! weights must not depend on the data.

use crate::papers::model_merging::common::conventions::{validate_simplex, SIMPLEX_TOL};
use crate::error::{Error, Result};
use crate::num::special::neumaier_sum;
use rand::Rng;

/// Eq. (4) (DP Model Merging), the RS bucket of a uniform draw `u ∈ [0, 1)`: the first index
/// `i` with `u < π_1 + … + π_i` (cumulative sums), skipping `π_i = 0`; when rounding leaves `u`
/// above the last cumulative sum, the last bucket with positive weight absorbs it (spec §4
/// hazards). Exact (deterministic given `u`).
///
/// Domain: `pi` on the simplex (tolerance [`SIMPLEX_TOL`]), `u ∈ [0, 1)`.
/// Errors: invalid weights or `u ∉ [0, 1)`.
pub fn rs_index(pi: &[f64], u: f64) -> Result<usize> {
    validate_simplex("pi", pi, SIMPLEX_TOL)?;
    if !(0.0..1.0).contains(&u) {
        return Err(Error::invalid("u", u, "must lie in [0, 1)"));
    }
    let mut cum = 0.0;
    let mut last_pos = 0;
    for (i, &p) in pi.iter().enumerate() {
        if p <= 0.0 {
            continue;
        }
        last_pos = i;
        cum += p;
        if u < cum {
            return Ok(i);
        }
    }
    Ok(last_pos)
}

/// Eq. (4) (DP Model Merging), random selection: draw `I ~ Cat(π)` with one uniform draw from
/// `rng` (independent of the data) and return `θ_I`. Only the marginal law of each model
/// matters for privacy (Theorems 5.1/5.2). Exact sampler (see [`rs_index`]).
///
/// Domain: `models.len() == pi.len() ≥ 1`, `pi` on the simplex.
/// Errors: length mismatch, invalid weights.
pub fn rs_sample<'a, T, G: Rng + ?Sized>(models: &'a [T], pi: &[f64], rng: &mut G) -> Result<&'a T> {
    if models.len() != pi.len() {
        return Err(Error::invalid("pi", format!("{} weights", pi.len()), &format!("needs one weight per model ({} models)", models.len())));
    }
    let u: f64 = rng.gen();
    Ok(&models[rs_index(pi, u)?])
}

/// Eq. (5) (DP Model Merging), linear combination: `θ = Σ_i λ_i θ_i`, component-wise with
/// Neumaier-compensated summation (error ≤ 2u·Σ|λ_i θ_ik| per component). At a vertex
/// `λ = e_k` the result is `θ_k` bitwise.
///
/// Domain: at least one model, all of one length, finite entries; `lambda` on the simplex.
/// Errors: empty input, length mismatch, non-finite parameters, invalid weights.
pub fn lc_combine(models: &[Vec<f64>], lambda: &[f64]) -> Result<Vec<f64>> {
    if models.is_empty() {
        return Err(Error::invalid("models", "[]", "needs at least one model"));
    }
    if models.len() != lambda.len() {
        return Err(Error::invalid("lambda", format!("{} weights", lambda.len()), &format!("needs one weight per model ({} models)", models.len())));
    }
    validate_simplex("lambda", lambda, SIMPLEX_TOL)?;
    let p = models[0].len();
    for (i, m) in models.iter().enumerate() {
        if m.len() != p {
            return Err(Error::invalid(&format!("model {}", i + 1), format!("{} parameters", m.len()), &format!("all models need {p} parameters")));
        }
        if let Some(x) = m.iter().find(|x| !x.is_finite()) {
            return Err(Error::invalid(&format!("model {} parameter", i + 1), x, "must be finite"));
        }
    }
    Ok((0..p).map(|k| neumaier_sum(models.iter().zip(lambda).filter(|(_, &l)| l > 0.0).map(|(m, &l)| l * m[k]))).collect())
}

#[cfg(test)]
#[path = "mergers_test.rs"]
mod mergers_test;
