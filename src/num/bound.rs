//! Rounding-direction-aware bound types.
//!
//! A privacy-loss *upper* bound must be rounded towards more loss, a *lower* bound towards less.
//! The direction is carried by the type ([`Interval`]'s two ends) and by the function names of
//! [`crate::num::round`] (`add_up`, `mul_down`, …), never by a boolean flag.

use super::round::{add_up, sub_down};
use serde::{Deserialize, Serialize};

/// A closed interval `[lower, upper]` that is certified (or, for Monte Carlo, holds with a stated
/// confidence) to contain a true value. Invariant: `lower ≤ upper`; either end may be infinite.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub lower: f64,
    pub upper: f64,
}

impl Interval {
    /// Build an interval; returns `None` if an end is NaN or `lower > upper`.
    pub fn new(lower: f64, upper: f64) -> Option<Interval> {
        if lower.is_nan() || upper.is_nan() || lower > upper {
            None
        } else {
            Some(Interval { lower, upper })
        }
    }
    /// The degenerate interval `[x, x]`.
    pub fn point(x: f64) -> Interval {
        Interval { lower: x, upper: x }
    }
    /// `[x − r, x + r]` with both ends rounded outward.
    pub fn around(x: f64, r: f64) -> Interval {
        Interval { lower: sub_down(x, r), upper: add_up(x, r) }
    }
    pub fn contains(&self, x: f64) -> bool {
        self.lower <= x && x <= self.upper
    }
    pub fn width(&self) -> f64 {
        self.upper - self.lower
    }
    pub fn midpoint(&self) -> f64 {
        0.5 * (self.lower + self.upper)
    }
    /// Whether the two intervals share at least one point.
    pub fn overlaps(&self, other: &Interval) -> bool {
        self.lower <= other.upper && other.lower <= self.upper
    }
    /// Smallest interval containing both.
    pub fn hull(&self, other: &Interval) -> Interval {
        Interval { lower: self.lower.min(other.lower), upper: self.upper.max(other.upper) }
    }
    /// Intersection, if not empty.
    pub fn intersect(&self, other: &Interval) -> Option<Interval> {
        Interval::new(self.lower.max(other.lower), self.upper.min(other.upper))
    }
    /// Widen outward by `k` ulps at each end.
    pub fn widen_ulps(&self, k: u32) -> Interval {
        Interval { lower: super::round::widen_down(self.lower, k), upper: super::round::widen_up(self.upper, k) }
    }
}

impl std::fmt::Display for Interval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{:.6e}, {:.6e}]", self.lower, self.upper)
    }
}
