//! Verdict of one claim from certified intervals (issue 4, "Verdicts"; `docs/claims.md`).
//!
//! Let `δ(ε)` be the true privacy profile of the composed mechanism (maximum over the add/remove
//! directions, foundations §1.2–1.3) and `ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}`. A claim `(ε_c, δ_c)`
//! holds iff `δ(ε_c) ≤ δ_c`, equivalently iff `ε(δ_c) ≤ ε_c` (δ is continuous and
//! non-increasing, §1.5 item 8). Given certified intervals `[δ_L, δ_U] ∋ δ(ε_c)` and
//! `[ε_L, ε_U] ∋ ε(δ_c)` and the numerical tolerance κ:
//!
//! * **unsound** iff `δ_L > δ_c (1 + κ)` or `ε_L > ε_c (1 + κ)` (either proves `δ(ε_c) > δ_c`);
//! * **sound** iff `δ_U ≤ δ_c` or `ε_U ≤ ε_c` (either proves `δ(ε_c) ≤ δ_c`);
//! * **inconclusive** otherwise;
//! * **not_checked** when the time budget ran out before the row's first certified pass started
//!   (issue 14, F5): nothing was computed for the row, so it is neither sound nor unsound.
//!
//! Certified intervals cannot prove both; if they do (an engine's error model was violated) the
//! row is inconclusive with a note.

use crate::num::Interval;
use serde::{Deserialize, Serialize};

/// The verdict on one claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A certified upper bound of the truth is within the claim.
    Sound,
    /// A certified lower bound of the truth exceeds the claim (by more than the tolerance).
    Unsound,
    /// Neither could be certified within the time budget.
    Inconclusive,
    /// The time budget ran out before the row's first certified pass started (never produced by
    /// [`decide`]; never counts as sound).
    #[serde(rename = "not_checked")]
    NotChecked,
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Unsound => "unsound",
            Verdict::Inconclusive => "inconclusive",
            Verdict::NotChecked => "not_checked",
        }
    }
}

/// Apply the rule of the module doc. Returns the verdict and, when the intervals contradict
/// each other, a note.
pub fn decide(eps_claim: f64, delta_claim: f64, true_epsilon: &Interval, true_delta: &Interval, tolerance: f64) -> (Verdict, Option<String>) {
    let slack = 1.0 + tolerance;
    let unsound_by_delta = true_delta.lower > delta_claim * slack;
    let unsound_by_eps = true_epsilon.lower > eps_claim * slack;
    let sound_by_delta = true_delta.upper <= delta_claim;
    let sound_by_eps = true_epsilon.upper <= eps_claim;
    let unsound = unsound_by_delta || unsound_by_eps;
    let sound = sound_by_delta || sound_by_eps;
    match (unsound, sound) {
        (true, false) => (Verdict::Unsound, None),
        (false, true) => (Verdict::Sound, None),
        (false, false) => (Verdict::Inconclusive, None),
        (true, true) => (
            Verdict::Inconclusive,
            Some(format!(
                "certified intervals contradict each other (true ε {true_epsilon}, true δ {true_delta}); an engine error model was violated — please report"
            )),
        ),
    }
}

/// Relative distance of the claim from the truth that a finer pass must resolve: the smaller of
/// `|ε_c − ε̂|/ε̂` and `|δ_c − δ̂|/δ̂` translated to ε, where `ε̂`, `δ̂` are the interval
/// midpoints. Used only to choose the next accuracy (never for a verdict).
pub fn required_accuracy(eps_claim: f64, true_epsilon: &Interval) -> f64 {
    let mid = true_epsilon.midpoint();
    if !(mid.is_finite() && mid > 0.0) {
        return 0.0;
    }
    (eps_claim - mid).abs() / mid
}

/// `claimed ε / certified upper true ε` (`None` when the upper bound is 0 or not finite). A
/// claimed ε = −0 gives +0 (`x + 0.0` maps −0 to +0; issue 14: it printed as "-0.0000").
pub fn tightness(eps_claim: f64, true_epsilon: &Interval) -> Option<f64> {
    if true_epsilon.upper.is_finite() && true_epsilon.upper > 0.0 {
        Some(eps_claim / true_epsilon.upper + 0.0)
    } else {
        None
    }
}

/// `claimed value / certified upper true value` of a divergence kind (`None` when that upper
/// bound is 0 or not finite).
pub fn value_tightness(claimed: f64, truth: &Interval) -> Option<f64> {
    tightness(claimed, truth)
}
