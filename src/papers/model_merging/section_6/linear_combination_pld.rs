//! Corollary 6.5 and Algorithm 4 (DP Model Merging): compose the per-step surrogate PLDs of a
//! linearly combined DP-SGD trajectory with the certified FFT accountant (spec `merging.md` §13).
//!
//! Algorithm 4, restated per direction (audit A7): every distinct step becomes a
//! [`LossStep`] whose `remove` law is the forward surrogate loss `ℓ̃(Y)`, `Y ∼ P̃`, and whose `add`
//! law is the reverse one `−ℓ̃(Z)`, `Z ∼ Q̃` (audit A4: both in the P-convention of the PLD engine),
//! `symmetric = false`. `crate::pld` composes each direction separately and takes the maximum
//! only at the end. The result is a certified interval `[lower, upper]` for the ε (or δ) of the
//! product of surrogate pairs — exact up to the engine's error model, upper end rounded towards
//! more privacy loss.
//!
//! **Soundness for T > 1.** The product of surrogate pairs dominates the merged trajectory only
//! if every step is dominated *conditionally on everything released before* (assumption (e) of
//! §9). For merged DP-SGD the step-t gradients are taken at the unreleased per-model iterates,
//! and the exact computation of `audit_points/hidden_state.rs` (audit A1) shows the true ε can be far larger
//! (ε(1e−5) = 10.94 vs the accounted 3.79). For T > 1 these numbers are **not** a privacy
//! certificate of the merged model in general; report Theorem 6.1's joint-release bound instead
//! (see [`crate::papers::model_merging::audit_points::hidden_state::lc_t_gt_1_soundness_note`]). For T = 1 they are sound.
//!
//! Non-private steps (`s_λ = 0` with a positive shift) put mass at `+∞`: the upper ε is `+∞`
//! whenever that mass exceeds δ.

use crate::papers::model_merging::section_6::dpsgd_step::StepPair;
use crate::error::{Error, Result};
use crate::mechanisms::mixture_gaussian::MixtureGaussianLoss;
use crate::mechanisms::Direction;
use crate::num::Interval;
use crate::pld::{compose_losses, delta_interval_losses, epsilon_interval_losses, CertifiedPld, LossStep, PldDiagnostics, PldOptions};
use std::sync::Arc;

/// The PLD-engine step of one surrogate pair repeated `count` times. The label encodes every atom
/// bit-exactly, so only identical steps are merged. Errors: invalid atoms, `count = 0`.
pub fn loss_step(step: &StepPair, count: u64) -> Result<LossStep> {
    if count == 0 {
        return Err(Error::invalid("count", 0, "must be at least 1"));
    }
    let atoms: Vec<(f64, f64)> = step.atoms.iter().map(|a| (a.shift, a.prob)).collect();
    let bits: Vec<(u64, u64)> = atoms.iter().map(|(a, r)| (a.to_bits(), r.to_bits())).collect();
    let fwd = MixtureGaussianLoss::new(&atoms, Direction::Remove)?;
    let rev = MixtureGaussianLoss::new(&atoms, Direction::Add)?;
    Ok(LossStep { label: format!("lc_surrogate{bits:?}"), remove: Arc::new(fwd), add: Arc::new(rev), symmetric: false, count })
}

/// Steps that cost something (trivial steps — all shifts 0 — are dropped: their PLD is the atom at 0).
fn nontrivial(steps: &[(StepPair, u64)]) -> Result<Vec<LossStep>> {
    if steps.is_empty() {
        return Err(Error::invalid("steps", "[]", "at least one step is required"));
    }
    steps.iter().filter(|(s, _)| !s.is_trivial()).map(|(s, t)| loss_step(s, *t)).collect()
}

/// Compose the surrogate PLDs of `steps` (each `(pair, count)`), both directions (Algorithm 4
/// steps 1–3). Errors: no non-trivial step, and as [`crate::pld::compose_losses`].
pub fn lc_pld_compose(steps: &[(StepPair, u64)], opts: &PldOptions) -> Result<CertifiedPld> {
    let parts = nontrivial(steps)?;
    if parts.is_empty() {
        return Err(Error::invalid("steps", "all trivial", "nothing to compose (every shift is 0)"));
    }
    compose_losses(&parts, opts)
}

/// Certified `[ε_L, ε_U]` of `ε(δ)` for the composed surrogate pairs (max over directions, A7),
/// with the engine's diagnostics. All-trivial input gives `[0, 0]`.
/// Errors: `δ ∉ (0,1)`, invalid steps, engine errors.
pub fn lc_pld_epsilon_diag(steps: &[(StepPair, u64)], delta: f64, opts: &PldOptions) -> Result<(Interval, Option<PldDiagnostics>)> {
    let parts = nontrivial(steps)?;
    crate::error::check::unit_open("delta", delta)?;
    if parts.is_empty() {
        return Ok((Interval::point(0.0), None));
    }
    // Mass at +∞ of the forward composition: 1 − Π(1 − p_∞)^T (foundations §4.3). If it exceeds δ,
    // δ(ε) ≥ p_∞ > δ for every ε, so ε(δ) = +∞ exactly (decided here, before the FFT).
    let ln_keep: f64 = steps.iter().map(|(s, t)| *t as f64 * (-s.atoms.iter().filter(|a| a.shift.is_infinite()).map(|a| a.prob).sum::<f64>()).ln_1p()).sum();
    if -ln_keep.exp_m1() > delta {
        return Ok((Interval::point(f64::INFINITY), None));
    }
    let (iv, d) = epsilon_interval_losses(&parts, delta, opts)?;
    Ok((iv, Some(d)))
}

/// Corollary 6.5 + Algorithm 4: certified `[ε_L, ε_U]` of the surrogate composition at `δ`
/// (see the module doc for the T > 1 caveat). Errors as [`lc_pld_epsilon_diag`].
pub fn lc_pld_epsilon(steps: &[(StepPair, u64)], delta: f64, opts: &PldOptions) -> Result<Interval> {
    Ok(lc_pld_epsilon_diag(steps, delta, opts)?.0)
}

/// Certified `[δ_L, δ_U]` of `max_dir δ_dir(ε)` (Algorithm 4 step 4). All-trivial input gives
/// `(1 − e^ε)_+`. Errors: non-finite ε, invalid steps, engine errors.
pub fn lc_pld_delta(steps: &[(StepPair, u64)], eps: f64, opts: &PldOptions) -> Result<Interval> {
    let parts = nontrivial(steps)?;
    crate::error::check::finite("epsilon", eps)?;
    if parts.is_empty() {
        return Ok(Interval::point((-eps.exp_m1()).max(0.0)));
    }
    Ok(delta_interval_losses(&parts, eps, opts)?.0)
}

/// Outcome of Algorithm 4's acceptance test `δ^LC(ε′) ≤ δ′` with a certified interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Feasibility {
    /// `δ_U ≤ δ′`: the weights are accepted with certainty (for the surrogate composition).
    Feasible,
    /// `δ_L > δ′`: certainly rejected.
    Infeasible,
    /// `δ_L ≤ δ′ < δ_U`: the interval straddles the target (refine the grid).
    Undecided,
}

/// Algorithm 4 step 5 for one λ (its steps): compare the certified δ interval at `eps_target`
/// with `delta_target`. Errors as [`lc_pld_delta`], `δ′ ∉ (0,1)`.
pub fn lc_pld_feasible(steps: &[(StepPair, u64)], eps_target: f64, delta_target: f64, opts: &PldOptions) -> Result<Feasibility> {
    crate::error::check::unit_open("delta", delta_target)?;
    let iv = lc_pld_delta(steps, eps_target, opts)?;
    Ok(if iv.upper <= delta_target {
        Feasibility::Feasible
    } else if iv.lower > delta_target {
        Feasibility::Infeasible
    } else {
        Feasibility::Undecided
    })
}

#[cfg(test)]
#[path = "linear_combination_pld_test.rs"]
mod linear_combination_pld_test;
