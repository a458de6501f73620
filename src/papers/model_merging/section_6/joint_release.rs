//! Theorem 6.1 (DP Model Merging): with only per-model privacy profiles, a linear combination is
//! a post-processing of the joint release (θ₁, …, θ_N), so its privacy is bounded by the joint
//! release — and this is tight (spec `merging.md` §8, audit A16).
//!
//! 1. RDP (eq. 7): `ε^LC_α(λ) ≤ Σ_i ε_{α,i}` — [`joint_rdp`].
//! 2. PLD (eq. 8): `δ^LC(ε) ≤ δ_joint(ε) = max_dir H_ε` of the product pair, each direction from
//!    the convolution of that direction's PLDs — [`joint_pld`], [`delta_joint`], [`epsilon_joint`]
//!    (certified FFT intervals; directions composed separately, max taken at the end: A7/A24).
//! 3. Tightness: block embedding `θ_i(D) = (0, …, M'_i(D), …, 0)`; `Σλ_iθ_i` is an invertible
//!    linear image of the joint release **only if every λ_i > 0** (A16), and equality with the sum
//!    needs the worst cases on a common neighbour pair — [`lc_gauss_blocks`], [`gauss_rdp_diag`].
//!
//! Assumption (paper, §6.1): the mechanisms use fresh, mutually independent randomness given D.

use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::round::add_up;
use crate::num::Interval;
use crate::pld::{compose_losses, delta_interval_losses, epsilon_interval_losses, CertifiedPld, LossStep, PldOptions};

/// Theorem 6.1(1) (DP Model Merging), eq. (7): `α ↦ Σ_i ε_{α,i}` for per-model RDP rows given on
/// a common order grid (`table[i][k]` = ε of model i at the k-th order).
/// Guarantee: upper bound on the LC (and joint) RDP at each order, summed with upward rounding;
/// `+∞` entries propagate. Errors: empty table, rows of different lengths, a NaN or negative entry.
pub fn joint_rdp(table: &[Vec<f64>]) -> Result<Vec<f64>> {
    let first = table.first().ok_or_else(|| Error::invalid("RDP table", "[]", "at least one model is required"))?;
    let mut out = vec![0.0; first.len()];
    for (i, row) in table.iter().enumerate() {
        if row.len() != first.len() {
            return Err(Error::invalid(&format!("RDP row of model {i}"), row.len(), &format!("must have {} orders like model 0", first.len())));
        }
        for (k, &v) in row.iter().enumerate() {
            if v.is_nan() || v < 0.0 {
                return Err(Error::invalid(&format!("RDP of model {i} at order index {k}"), v, "must be ≥ 0 (or +inf)"));
            }
            out[k] = add_up(out[k], v); // rounded up: an upper bound on privacy loss
        }
    }
    Ok(out)
}

/// Theorem 6.1(2) (DP Model Merging), eq. (8): the joint-release PLD, each adjacency direction
/// composed separately by the certified FFT accountant (`crate::pld::compose_losses`), the max
/// over directions taken only when δ or ε is read off. `models` are the per-model loss laws (a
/// model trained for T steps is one [`LossStep`] with `count = T`). Guarantee: the returned
/// object's `delta(ε)` / `epsilon(δ)` intervals contain the joint release's exact values.
/// Errors: as `compose_losses` (empty input, invalid options, evaluation failures).
pub fn joint_pld(models: &[LossStep], opts: &PldOptions) -> Result<CertifiedPld> {
    compose_losses(models, opts)
}

/// [`joint_pld`] for standard mechanisms `(mechanism, steps)`.
pub fn joint_pld_mechanisms(models: &[(Mechanism, u64)], opts: &PldOptions) -> Result<CertifiedPld> {
    joint_pld(&steps(models), opts)
}

fn steps(models: &[(Mechanism, u64)]) -> Vec<LossStep> {
    models.iter().map(|(m, t)| LossStep::from_mechanism(m, *t)).collect()
}

/// Theorem 6.1(2): certified `[δ_L, δ_U] ∋ δ_joint(ε)` (max over both orders), with the grid
/// refined until `opts.delta_rel_accuracy` is met. The upper end bounds `δ^LC(ε)` for every λ.
/// Errors: ε not finite, and as [`joint_pld`].
pub fn delta_joint(models: &[(Mechanism, u64)], eps: f64, opts: &PldOptions) -> Result<Interval> {
    Ok(delta_interval_losses(&steps(models), eps, opts)?.0)
}

/// Theorem 6.1(2): certified `[ε_L, ε_U] ∋ ε_joint(δ)`. Errors: δ ∉ (0, 1), and as [`joint_pld`].
pub fn epsilon_joint(models: &[(Mechanism, u64)], delta: f64, opts: &PldOptions) -> Result<Interval> {
    Ok(epsilon_interval_losses(&steps(models), delta, opts)?.0)
}

fn check_weights(lambda: &[f64], n: usize) -> Result<()> {
    if lambda.len() != n {
        return Err(Error::invalid("lambda length", lambda.len(), &format!("must equal the number of models ({n})")));
    }
    crate::papers::model_merging::common::conventions::validate_simplex("lambda", lambda, crate::papers::model_merging::common::conventions::SIMPLEX_TOL)
}

/// Spec §8 test helper (exact): LC of N Gaussian mechanisms noising the **same** query
/// (sensitivity Δ, noise σ_i), `Σλ_iθ_i ~ N(f(D), Σλ_i²σ_i²)`, so
/// `D_α = αΔ²/(2Σ_iλ_i²σ_i²)`. By Cauchy–Schwarz it is ≤ the joint bound `Σ_i αΔ²/(2σ_i²)`,
/// with equality iff `λ_i ∝ 1/σ_i²`. Errors: α ≤ 1, Δ or σ_i not > 0, λ not on the simplex.
pub fn lc_gauss_shared(alpha: f64, sens: f64, sigmas: &[f64], lambda: &[f64]) -> Result<f64> {
    crate::repr::rdp::check_order(alpha)?;
    crate::error::check::positive("sensitivity", sens)?;
    for &s in sigmas {
        crate::error::check::positive("sigma", s)?;
    }
    check_weights(lambda, sigmas.len())?;
    let var: f64 = lambda.iter().zip(sigmas).map(|(l, s)| l * l * s * s).sum();
    Ok(alpha * sens * sens / (2.0 * var))
}

/// Spec §8 test helper (exact): the block-embedding construction of Theorem 6.1(3) with Gaussian
/// blocks (sensitivity Δ_i, noise σ_i, all worst cases on one neighbour pair). For λ_i > 0 the
/// block is rescaled invertibly and contributes `αΔ_i²/(2σ_i²)` whatever λ_i is; a block with
/// λ_i = 0 is erased and contributes 0 (A16: "equality holds" needs every λ_i > 0).
/// Errors as [`lc_gauss_shared`] (per-block sensitivities).
pub fn lc_gauss_blocks(alpha: f64, sens: &[f64], sigmas: &[f64], lambda: &[f64]) -> Result<f64> {
    crate::repr::rdp::check_order(alpha)?;
    if sens.len() != sigmas.len() {
        return Err(Error::invalid("sensitivities length", sens.len(), "must equal the number of sigmas"));
    }
    for (&d, &s) in sens.iter().zip(sigmas) {
        crate::error::check::positive("sensitivity", d)?;
        crate::error::check::positive("sigma", s)?;
    }
    check_weights(lambda, sigmas.len())?;
    Ok(sens.iter().zip(sigmas).zip(lambda).filter(|(_, &l)| l > 0.0).map(|((d, s), _)| alpha * d * d / (2.0 * s * s)).sum())
}

/// Rényi divergence of two Gaussians with a common diagonal covariance,
/// `D_α(N(m, diag v) ‖ N(0, diag v)) = (α/2) Σ_k m_k²/v_k`; a coordinate with `v_k = 0` is a point
/// mass: it contributes 0 if `m_k = 0` and makes the divergence `+∞` otherwise. Exact (standard
/// Gaussian identity; Mironov 2017 Prop. 7 per coordinate and additivity over products).
/// Used as the independent evaluation of the block construction. Errors: α ≤ 1; lengths differ;
/// a variance < 0 or a non-finite entry.
pub fn gauss_rdp_diag(alpha: f64, mean: &[f64], var: &[f64]) -> Result<f64> {
    crate::repr::rdp::check_order(alpha)?;
    if mean.len() != var.len() {
        return Err(Error::invalid("mean length", mean.len(), "must equal the variance length"));
    }
    let mut s = 0.0;
    for (&m, &v) in mean.iter().zip(var) {
        if !(m.is_finite() && v.is_finite() && v >= 0.0) {
            return Err(Error::invalid("Gaussian coordinate", format!("(m={m}, v={v})"), "needs finite m and v ≥ 0"));
        }
        if v == 0.0 {
            if m != 0.0 {
                return Ok(f64::INFINITY);
            }
            continue;
        }
        s += m * m / v;
    }
    Ok(0.5 * alpha * s)
}

/// The block-embedded LC release of Theorem 6.1(3) for Gaussian blocks: per coordinate block i,
/// mean shift `λ_iΔ_i` and variance `λ_i²σ_i²` of `Σλ_iθ_i` (one scalar coordinate per block).
/// Returns `(mean, var)` for [`gauss_rdp_diag`]. Errors as [`lc_gauss_blocks`].
pub fn block_embedding(sens: &[f64], sigmas: &[f64], lambda: &[f64]) -> Result<(Vec<f64>, Vec<f64>)> {
    lc_gauss_blocks(2.0, sens, sigmas, lambda)?; // validation only
    let mean = sens.iter().zip(lambda).map(|(d, l)| l * d).collect();
    let var = sigmas.iter().zip(lambda).map(|(s, l)| l * l * s * s).collect();
    Ok((mean, var))
}

#[cfg(test)]
#[path = "joint_release_test.rs"]
mod joint_release_test;
