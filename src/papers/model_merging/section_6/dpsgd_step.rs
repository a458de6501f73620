//! Section 6.2 of *DP Model Merging* (spec §9): the per-step quantities of linearly combined
//! DP-SGD models — `w_i = λ_i η_i C_i`, `s_λ = (Σ_i (λ_i η_i σ_i C_i)²)^{1/2}`, `Δ_J = Σ_{i∈J} w_i`,
//! `Δ̃_J = Δ_J / s_λ`, `ρ_J = Π_{i∈J} q_i Π_{i∉J} (1 − q_i)` — and the per-step dominating pair
//! `P̃ = Σ_J ρ_J N(Δ̃_J, 1)` vs `Q̃ = N(0, 1)` that Theorems 6.2 and 6.4 bound.
//!
//! Only the push-forward law of `Δ̃_J` under `J ∼ ρ` matters, so subsets with equal `Δ̃_J` are
//! collapsed into atoms `(a_k, r_k)` (relative tolerance [`COLLAPSE_REL_TOL`]).
//!
//! Assumptions the accounting relies on (spec §9): (a) add/remove adjacency; (b) Poisson
//! sampling independent across models and steps (audit A2); (c) independent noise across
//! models; (d) per-example clipping to `C_i`; (e) — unstated in the paper — the part of the
//! merged update not involving the differing record is identical under both datasets given
//! the released past. (e) fails in general for T > 1 (audit A1, `audit_points/hidden_state.rs`).

use crate::papers::model_merging::common::simplex::Simplex;
use crate::error::{check, Error, Result};
use serde::{Deserialize, Serialize};

/// Relative tolerance under which two normalised shifts are the same atom (spec §10 hazards).
pub const COLLAPSE_REL_TOL: f64 = 1e-13;

/// Largest number of models for which the `2^N` subsets are enumerated.
pub const MAX_MODELS: usize = 20;

/// One model's DP-SGD hyper-parameters at one step (spec §9 symbol table).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepHyper {
    /// Poisson sampling rate `q ∈ [0, 1]`.
    pub sampling_rate: f64,
    /// Noise multiplier `σ ≥ 0` (noise `N(0, (σC)² I)` on the sum of clipped gradients; 0 = non-private).
    pub noise_multiplier: f64,
    /// Clipping norm `C > 0`.
    pub clip: f64,
    /// Effective learning rate `η ≥ 0` (Opacus: raw rate / expected batch size). `η = 0` is a
    /// virtual step (no update and no noise, spec §14).
    pub learning_rate: f64,
}

impl StepHyper {
    /// Validated constructor. Errors: `q ∉ [0,1]`, `σ < 0` or non-finite, `C ≤ 0`, `η < 0`.
    pub fn new(sampling_rate: f64, noise_multiplier: f64, clip: f64, learning_rate: f64) -> Result<StepHyper> {
        let h = StepHyper { sampling_rate, noise_multiplier, clip, learning_rate };
        h.validate()?;
        Ok(h)
    }

    /// The virtual step of spec §14: no update, no noise (`η = 0`).
    pub fn virtual_step(clip: f64) -> StepHyper {
        StepHyper { sampling_rate: 0.0, noise_multiplier: 0.0, clip, learning_rate: 0.0 }
    }

    pub fn validate(&self) -> Result<()> {
        check::unit_closed("sampling rate", self.sampling_rate)?;
        if !(self.noise_multiplier.is_finite() && self.noise_multiplier >= 0.0) {
            return Err(Error::invalid("noise multiplier", self.noise_multiplier, "must be finite and >= 0 (0 = non-private model)"));
        }
        check::positive("clipping norm", self.clip)?;
        if !(self.learning_rate.is_finite() && self.learning_rate >= 0.0) {
            return Err(Error::invalid("learning rate", self.learning_rate, "must be finite and >= 0"));
        }
        Ok(())
    }
}

/// One atom of the collapsed shift law: normalised shift `a = Δ̃_J ≥ 0` (may be `+∞` for a
/// non-private step, see [`StepPair`]) with probability `r`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Atom {
    pub shift: f64,
    pub prob: f64,
}

/// The per-step dominating pair `P̃ = Σ_k r_k N(a_k, 1)` vs `Q̃ = N(0, 1)` (spec §9).
///
/// Atoms are sorted by shift, collapsed, with positive probabilities summing to 1. When
/// `s_λ = 0` and some model with positive weight can include the record, the shifted atoms have
/// `shift = +∞` (the step is non-private: `D_α = ∞`, mass `Σ r` at `L = +∞`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StepPair {
    pub atoms: Vec<Atom>,
    /// Merged noise scale `s_λ` (0 when the pair was given by atoms only: shifts are already normalised).
    pub s_lambda: f64,
    /// Per-model sensitivities `w_i = λ_i η_i C_i` (empty when given by atoms only).
    pub w: Vec<f64>,
}

impl StepPair {
    /// A pair given directly by normalised atoms `(a_k, r_k)`; collapses and sorts them.
    /// Errors: a negative or NaN shift, a probability outside `[0, 1]`, `|Σ r − 1| > 1e−12`.
    pub fn from_atoms(atoms: &[(f64, f64)]) -> Result<StepPair> {
        let mut v = Vec::with_capacity(atoms.len());
        for &(a, r) in atoms {
            if a.is_nan() || a < 0.0 {
                return Err(Error::invalid("atom shift", a, "must be >= 0"));
            }
            check::unit_closed("atom probability", r)?;
            v.push(Atom { shift: a, prob: r });
        }
        let total = crate::num::special::neumaier_sum(v.iter().map(|x| x.prob));
        if (total - 1.0).abs() > 1e-12 {
            return Err(Error::invalid("atom probabilities", total, "must sum to 1"));
        }
        Ok(StepPair { atoms: collapse(v), s_lambda: 0.0, w: Vec::new() })
    }

    /// The Poisson-subsampled Gaussian step: atoms `{(0, 1−q), (1/σ, q)}` (spec §9 invariants;
    /// the `λ = e_k` vertex). Errors: `q ∉ [0,1]`, `σ ≤ 0`.
    pub fn sgm(q: f64, sigma: f64) -> Result<StepPair> {
        check::unit_closed("sampling rate", q)?;
        check::positive("noise multiplier", sigma)?;
        StepPair::from_atoms(&[(0.0, 1.0 - q), (1.0 / sigma, q)])
    }

    /// Mass `r_0` at shift 0 (0 if none): `inf ℓ = log r_0` (spec §12).
    pub fn zero_mass(&self) -> f64 {
        self.atoms.iter().filter(|a| a.shift == 0.0).map(|a| a.prob).sum()
    }

    /// Largest shift with positive probability (0 for the trivial pair).
    pub fn max_shift(&self) -> f64 {
        self.atoms.iter().filter(|a| a.prob > 0.0).map(|a| a.shift).fold(0.0, f64::max)
    }

    /// True when some positive-probability atom has infinite shift.
    pub fn is_non_private(&self) -> bool {
        self.atoms.iter().any(|a| a.prob > 0.0 && a.shift.is_infinite())
    }

    /// True when every positive-probability atom has shift 0 (the step costs nothing).
    pub fn is_trivial(&self) -> bool {
        self.atoms.iter().all(|a| a.prob == 0.0 || a.shift == 0.0)
    }
}

/// One subset `J` (bit `i` set ⇔ model `i` in `J`) with `ρ_J` and `Δ̃_J`, uncollapsed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Subset {
    pub mask: u32,
    pub rho: f64,
    pub shift: f64,
}

/// Sensitivities `w_i = λ_i η_i C_i` and merged noise scale `s_λ` (spec §9).
/// Errors: λ not on the simplex, invalid hyper-parameters, length mismatch, `N > MAX_MODELS`.
pub fn sensitivities(lambda: &[f64], hyper: &[StepHyper]) -> Result<(Vec<f64>, f64)> {
    sensitivities_simplex(&Simplex::new("lambda", lambda)?, hyper)
}

/// [`sensitivities`] for weights already validated. Errors as [`sensitivities`] (without the
/// weight errors).
pub fn sensitivities_simplex(lambda: &Simplex, hyper: &[StepHyper]) -> Result<(Vec<f64>, f64)> {
    if lambda.len() != hyper.len() {
        return Err(Error::invalid("models", format!("{} weights, {} models", lambda.len(), hyper.len()), "need one weight per model"));
    }
    if hyper.len() > MAX_MODELS {
        return Err(Error::invalid("models", hyper.len(), &format!("at most {MAX_MODELS} models are supported")));
    }
    for h in hyper {
        h.validate()?;
    }
    let w: Vec<f64> = lambda.iter().zip(hyper).map(|(l, h)| l * h.learning_rate * h.clip).collect();
    // s_λ = ‖(λ_i η_i σ_i C_i)_i‖₂ via hypot-style accumulation (no overflow for any finite input).
    let s = lambda.iter().zip(hyper).map(|(l, h)| l * h.learning_rate * h.noise_multiplier * h.clip).fold(0.0f64, f64::hypot);
    Ok((w, s))
}

/// All `2^N` subsets with `ρ_J > 0`, uncollapsed (reference for the naive enumeration, spec §10
/// item 3). Shifts are `+∞` for `Δ_J > 0` when `s_λ = 0`; `0/0` (no shift, no noise) is 0.
pub fn subsets(lambda: &[f64], hyper: &[StepHyper]) -> Result<Vec<Subset>> {
    let (w, s) = sensitivities(lambda, hyper)?;
    Ok(subsets_of(&w, s, hyper))
}

/// The subsets of [`subsets`] from the sensitivities `w` and scale `s` of [`sensitivities`].
fn subsets_of(w: &[f64], s: f64, hyper: &[StepHyper]) -> Vec<Subset> {
    let n = hyper.len();
    let mut out = Vec::new();
    for mask in 0u32..(1u32 << n) {
        let mut rho = 1.0;
        let mut delta = 0.0;
        for (i, h) in hyper.iter().enumerate() {
            if mask >> i & 1 == 1 {
                rho *= h.sampling_rate;
                delta += w[i];
            } else {
                rho *= 1.0 - h.sampling_rate;
            }
        }
        if rho == 0.0 {
            continue; // zero-probability subsets are skipped, not logged (spec §1.6 rule 6)
        }
        let shift = if delta == 0.0 {
            0.0
        } else if s == 0.0 {
            f64::INFINITY
        } else {
            delta / s
        };
        out.push(Subset { mask, rho, shift });
    }
    out
}

/// `lc_step` of spec §9: the collapsed per-step pair for weights `λ` and per-model
/// hyper-parameters at this step. Errors as [`sensitivities`].
pub fn lc_step(lambda: &[f64], hyper: &[StepHyper]) -> Result<StepPair> {
    lc_step_simplex(&Simplex::new("lambda", lambda)?, hyper)
}

/// [`lc_step`] for weights already validated. Errors as [`sensitivities_simplex`].
pub fn lc_step_simplex(lambda: &Simplex, hyper: &[StepHyper]) -> Result<StepPair> {
    let (w, s) = sensitivities_simplex(lambda, hyper)?;
    let subs = subsets_of(&w, s, hyper);
    let atoms = collapse(subs.iter().map(|x| Atom { shift: x.shift, prob: x.rho }).collect());
    Ok(StepPair { atoms, s_lambda: s, w })
}

/// Sort by shift and merge shifts equal to relative [`COLLAPSE_REL_TOL`]; drop zero masses.
fn collapse(mut v: Vec<Atom>) -> Vec<Atom> {
    v.retain(|a| a.prob > 0.0);
    v.sort_by(|a, b| a.shift.total_cmp(&b.shift));
    let mut out: Vec<Atom> = Vec::with_capacity(v.len());
    for a in v {
        match out.last_mut() {
            // Infinite shifts (non-private steps) merge only with each other: for a = +∞, b = 0
            // the relative test would read ∞ ≤ ∞ and turn a non-private step into a free one.
            Some(b) if b.shift == a.shift || (a.shift.is_finite() && (a.shift - b.shift).abs() <= COLLAPSE_REL_TOL * a.shift.max(b.shift)) => {
                b.prob += a.prob;
            }
            _ => out.push(a),
        }
    }
    out
}

#[cfg(test)]
#[path = "dpsgd_step_test.rs"]
mod dpsgd_step_test;
