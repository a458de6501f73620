//! How far a claim is from the truth, relative to the claim (issue 12, "Every verdict shows its
//! margin"; `docs/claims.md` §3): certified enclosures of `ε_true/ε_c − 1` and
//! `δ_true/δ_c − 1`, and, for an unsound row, whether the claim is wrong by more than
//! [`BEYOND_ROUNDING`] or only by about the rounding of an accountant's printed digits.
//!
//! Example (dp_accounting 0.6.0's own test values): δ_c = 0.78760074 against the true
//! δ = 0.78760074136… is unsound, correctly, with `δ_true/δ_c − 1 ≈ 1.7e−9`, and is counted as
//! "within 1e−6" so that nobody mistakes it for a formula bug.

use super::result::ClaimVerdict;
use super::verdict::Verdict;
use crate::num::round::{div_down, div_up, sub_down, sub_up};
use crate::num::Interval;

/// An unsound claim whose certified relative excess (in ε or δ) is at most this is reported as
/// "within rounding" (typically the claim is the truth rounded to the digits it was printed
/// with); beyond it, as a real violation.
pub const BEYOND_ROUNDING: f64 = 1e-6;

/// The certified relative excesses of one row.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margin {
    /// Encloses `ε_true/ε_c − 1` (ε_true = ε(δ_c)).
    pub epsilon: Interval,
    /// Encloses `δ_true/δ_c − 1` (δ_true = δ(ε_c)).
    pub delta: Interval,
    /// Divergence kinds (`rdp`, `gdp`, `zcdp`; issue 12): encloses `v_true/v_c − 1` of the kind's
    /// value (ρ or μ); `None` for the (ε, δ) kinds, whose `epsilon`/`delta` margins apply.
    pub value: Option<Interval>,
}

/// Enclosure of `x/c − 1` over `x ∈ truth` for a claim `c ≥ 0`, rounded outward. For `c = 0`
/// an end is 0 where the truth's end is 0 (claim and truth agree) and `+∞` where it is positive.
pub fn excess(truth: &Interval, c: f64) -> Interval {
    if c == 0.0 {
        let end = |x: f64| if x > 0.0 { f64::INFINITY } else { 0.0 };
        return Interval { lower: end(truth.lower), upper: end(truth.upper) };
    }
    Interval { lower: sub_down(div_down(truth.lower, c), 1.0), upper: sub_up(div_up(truth.upper, c), 1.0) }
}

/// The margin of a reported row.
pub fn margin(v: &ClaimVerdict) -> Margin {
    let value = match (v.kind.value(), v.kind_truth) {
        (Some(c), Some(t)) => Some(excess(&t, c)),
        (Some(c), None) => Some(excess(&Interval { lower: 0.0, upper: f64::INFINITY }, c)),
        _ => None,
    };
    Margin { epsilon: excess(&v.true_epsilon, v.epsilon), delta: excess(&v.true_delta, v.delta), value }
}

impl Margin {
    /// The certified violation: the larger of the two lower ends (positive only when the truth
    /// provably exceeds the claim in ε or in δ); for a divergence kind, the lower end of the
    /// value's excess.
    pub fn certified_violation(&self) -> f64 {
        match self.value {
            Some(v) => v.lower,
            None => self.epsilon.lower.max(self.delta.lower),
        }
    }
}

/// How an unsound row is counted in the summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// Certified relative excess above [`BEYOND_ROUNDING`].
    Beyond,
    /// Unsound, but by at most [`BEYOND_ROUNDING`] relative (rounding of printed digits).
    WithinRounding,
}

/// The kind of violation of an unsound row (`None` for other verdicts).
pub fn violation(v: &ClaimVerdict) -> Option<Violation> {
    (v.verdict == Verdict::Unsound).then(|| {
        if margin(v).certified_violation() > BEYOND_ROUNDING {
            Violation::Beyond
        } else {
            Violation::WithinRounding
        }
    })
}

#[cfg(test)]
#[path = "margin_test.rs"]
mod tests;
