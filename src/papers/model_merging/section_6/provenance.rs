//! Section 6.3 (DP Model Merging): recycled checkpoints of one run (spec §15, audit A17).
//!
//! * Random selection needs only each candidate's own privacy profile, so it applies unchanged
//!   to checkpoints of one DP-SGD run; each checkpoint's profile is the composition over the steps
//!   it has seen.
//! * The LC analysis of Theorems 6.2/6.4 needs independent noise and sampling across inputs; it
//!   does **not** apply to checkpoints of one run, so [`lc_dp_eps_for`] refuses it.
//! * Documented fallback ([`checkpoint_fallback_eps`]): a merge `Σ_i λ_i θ^{(t_i)}` of checkpoints
//!   `t_1 < … < t_m` is post-processing of the run's iterates up to `t_k`, `k` = the latest
//!   checkpoint with `λ_k > 0`, so it inherits that checkpoint's own profile (DP-SGD accounting
//!   covers every iterate up to `t_k`). At `λ = e_1` this is checkpoint 1's profile — strictly
//!   better than the last checkpoint's, which contradicts the paper's informal "no better than the
//!   last checkpoint" (audit A17).

use crate::papers::model_merging::common::conventions::{Conversion, EpsilonAtOrder};
use crate::papers::model_merging::section_6::dpsgd_step::{StepHyper, StepPair};
use crate::papers::model_merging::section_6::linear_combination_rdp::{lc_dp_eps, lc_steps};
use crate::error::{check, Error, Result};
use serde::{Deserialize, Serialize};

/// Where the merged inputs come from (spec §15 `MergeInputs` provenance flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Provenance {
    /// Separate DP-SGD runs with independent noise and Poisson sampling (Section 6.2 model).
    #[default]
    IndependentRuns,
    /// Checkpoints of a single DP-SGD run (Section 6.3): correlated inputs.
    SameRunCheckpoints,
}

impl Provenance {
    /// Random selection (Theorems 5.1/5.2) only needs per-candidate profiles: allowed for both.
    pub fn allows_random_selection(&self) -> bool {
        true
    }

    /// Error unless the inputs are independent runs; `what` names the refused accounting.
    pub fn require_independent(&self, what: &str) -> Result<()> {
        match self {
            Provenance::IndependentRuns => Ok(()),
            Provenance::SameRunCheckpoints => Err(Error::Unsupported(format!(
                "{what} assumes independent runs (independent noise and sampling, Section 6.2); checkpoints of one run are not covered (Section 6.3, spec §15) — use random selection or checkpoint_fallback_eps"
            ))),
        }
    }
}

/// Algorithm 3 (LC, RDP) guarded by provenance: [`lc_dp_eps`] for independent runs, a typed
/// `Error::Unsupported` for checkpoints of one run (spec §15). Other errors as [`lc_dp_eps`].
pub fn lc_dp_eps_for(provenance: Provenance, lambda: &[f64], schedule: &[(Vec<StepHyper>, u64)], orders: &[f64], delta: f64, conv: Conversion) -> Result<EpsilonAtOrder> {
    provenance.require_independent("linear-combination accounting (Theorem 6.2 / Algorithm 3)")?;
    lc_dp_eps(&lc_steps(lambda, schedule)?, orders, delta, conv)
}

/// Fallback for LC merges of checkpoints of one run with constant hyper-parameters `hyper`
/// (Poisson rate `q`, noise multiplier `σ`) saved after `checkpoint_steps[i]` steps (strictly
/// increasing): the profile of the latest checkpoint `k` with `λ_k > 0`, i.e. the Poisson-subsampled
/// Gaussian composed over `t_k` steps, converted like Algorithm 3. Returns `(k, ε)` (0-based `k`).
///
/// Guarantee: upper bound (post-processing of the run's first `t_k` iterates). Never smaller than
/// the own profile of the latest positive-weight checkpoint (it is that profile).
/// Errors: λ not on the simplex or of the wrong length, non-increasing or zero step counts,
/// `σ = 0`, and as [`lc_dp_eps`].
pub fn checkpoint_fallback_eps(lambda: &[f64], checkpoint_steps: &[u64], hyper: StepHyper, orders: &[f64], delta: f64, conv: Conversion) -> Result<(usize, EpsilonAtOrder)> {
    crate::papers::model_merging::common::conventions::validate_simplex("lambda", lambda, crate::papers::model_merging::common::conventions::SIMPLEX_TOL)?;
    if lambda.len() != checkpoint_steps.len() {
        return Err(Error::invalid("checkpoints", format!("{} weights, {} checkpoints", lambda.len(), checkpoint_steps.len()), "need one weight per checkpoint"));
    }
    for (i, w) in checkpoint_steps.windows(2).enumerate() {
        if w[1] <= w[0] {
            return Err(Error::invalid(&format!("checkpoint_steps[{}]", i + 2), w[1], "checkpoint step counts must be strictly increasing"));
        }
    }
    check::at_least_one("checkpoint steps", checkpoint_steps[0])?;
    hyper.validate()?;
    let k = lambda.iter().rposition(|&l| l > 0.0).expect("simplex weights have a positive entry");
    let pair = StepPair::sgm(hyper.sampling_rate, hyper.noise_multiplier)?;
    Ok((k, lc_dp_eps(&[(pair, checkpoint_steps[k])], orders, delta, conv)?))
}

#[cfg(test)]
#[path = "provenance_test.rs"]
mod provenance_test;
