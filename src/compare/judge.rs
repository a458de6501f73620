//! The arithmetic of a comparison row: verdict of an accountant's ε against dpaudit's certified
//! interval, tightness, and runtime statistics. Pure functions on numbers (tested on hand-made
//! values in `judge_test.rs`).
//!
//! An accountant's ε at δ is a claim "the mechanism is (ε, δ)-DP", i.e. an upper-bound claim on
//! the true `ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}`. Given dpaudit's certified `[ε_L, ε_U] ∋ ε(δ)`, the
//! verdict is that of the claims audit ([`crate::claims::verdict::decide`], issue 4 "Verdicts"):
//! **unsound** iff `ε_L > ε_c (1 + κ)`, **sound** iff `ε_U ≤ ε_c`, **inconclusive** otherwise,
//! with κ the claims audit's default tolerance ([`crate::claims::ClaimOptions`], 1e−9).

use crate::claims::verdict::{decide, Verdict};
use crate::num::Interval;
use serde::Serialize;

/// The verdict on the claim "ε(δ) ≤ `claim`" given the certified `truth ∋ ε(δ)` (module doc).
/// Only the ε interval is known here, so the δ side of [`decide`] gets the vacuous `[0, 1]`,
/// which can prove nothing. Returns the note of [`decide`] when the two sides contradict.
pub fn verdict(claim: f64, delta: f64, truth: &Interval) -> (Verdict, Option<String>) {
    let vacuous_delta = Interval { lower: 0.0, upper: 1.0 };
    decide(claim, delta, truth, &vacuous_delta, crate::claims::ClaimOptions::default().tolerance)
}

/// Tightness `claim ÷ ε(δ)` over the certified `truth ∋ ε(δ)`: the interval
/// `[claim/ε_U, claim/ε_L]` (widened outward by one ulp at each end for the rounding of the
/// divisions; upper end `+∞` when `ε_L = 0`). `> 1` means the claim is looser than the truth.
/// `None` when `ε_U` is 0 or not finite, or the claim is not finite.
pub fn tightness(claim: f64, truth: &Interval) -> Option<Interval> {
    if !(claim.is_finite() && claim >= 0.0 && truth.upper.is_finite() && truth.upper > 0.0 && truth.lower >= 0.0) {
        return None;
    }
    let hi = if truth.lower > 0.0 { claim / truth.lower } else { f64::INFINITY };
    Some(Interval { lower: claim / truth.upper, upper: hi }.widen_ulps(1))
}

/// `claim ÷ midpoint(truth)`, the single number shown next to the tightness interval.
pub fn tightness_mid(claim: f64, truth: &Interval) -> Option<f64> {
    let m = truth.midpoint();
    (claim.is_finite() && m.is_finite() && m > 0.0).then(|| claim / m)
}

/// Minimum and median of repeated wall-clock measurements (seconds).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Timing {
    pub min: f64,
    /// The middle value; for an even count, the mean of the two middle values.
    pub median: f64,
    /// Number of measurements.
    pub reps: usize,
}

impl Timing {
    /// `None` for no (finite) measurement; non-finite values are ignored.
    pub fn of(seconds: &[f64]) -> Option<Timing> {
        let mut v: Vec<f64> = seconds.iter().copied().filter(|s| s.is_finite()).collect();
        if v.is_empty() {
            return None;
        }
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = if n % 2 == 1 { v[n / 2] } else { 0.5 * (v[n / 2 - 1] + v[n / 2]) };
        Some(Timing { min: v[0], median, reps: n })
    }
}

/// Runtime ratio `accountant ÷ dpaudit` of two statistics (e.g. medians): > 1 means the
/// accountant is slower. `None` when dpaudit's time is 0 or either is not finite.
pub fn ratio(accountant: f64, dpaudit: f64) -> Option<f64> {
    (accountant.is_finite() && dpaudit.is_finite() && dpaudit > 0.0).then(|| accountant / dpaudit)
}

#[cfg(test)]
#[path = "judge_test.rs"]
mod judge_test;
