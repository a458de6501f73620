//! The decision rule on hand-made certified intervals (the engines are tested elsewhere).

use super::verdict::{decide, required_accuracy, tightness, Verdict};
use crate::num::Interval;

fn iv(lower: f64, upper: f64) -> Interval {
    Interval { lower, upper }
}

const TOL: f64 = 1e-9;

#[test]
fn sound_when_an_upper_bound_is_within_the_claim() {
    // δ test alone, ε test alone, both.
    assert_eq!(decide(2.0, 1e-5, &iv(1.9, 2.1), &iv(8e-6, 9e-6), TOL).0, Verdict::Sound);
    assert_eq!(decide(2.0, 1e-5, &iv(1.8, 1.9), &iv(5e-6, 2e-5), TOL).0, Verdict::Sound);
    assert_eq!(decide(2.0, 1e-5, &iv(1.8, 2.0), &iv(5e-6, 1e-5), TOL).0, Verdict::Sound); // equality holds
}

#[test]
fn unsound_only_beyond_the_tolerance() {
    assert_eq!(decide(2.0, 1e-5, &iv(2.1, 2.2), &iv(5e-6, 2e-5), TOL).0, Verdict::Unsound);
    assert_eq!(decide(2.0, 1e-5, &iv(1.9, 2.2), &iv(1.1e-5, 2e-5), TOL).0, Verdict::Unsound);
    // Exceeds the claim, but by less than κ = 1e−9 (relative): not unsound, and not sound.
    let (v, _) = decide(2.0, 1e-5, &iv(2.0 * (1.0 + 5e-10), 2.0 * (1.0 + 6e-10)), &iv(1e-5 * (1.0 + 5e-10), 1e-5 * (1.0 + 6e-10)), TOL);
    assert_eq!(v, Verdict::Inconclusive);
    // ε claim 0: any certified positive lower ε is a violation.
    assert_eq!(decide(0.0, 1e-5, &iv(0.1, 0.2), &iv(0.0, 1.0), TOL).0, Verdict::Unsound);
}

#[test]
fn inconclusive_when_the_intervals_straddle_the_claim() {
    let (v, note) = decide(2.0, 1e-5, &iv(1.99, 2.01), &iv(9e-6, 1.1e-5), TOL);
    assert_eq!(v, Verdict::Inconclusive);
    assert!(note.is_none());
    // Unbounded upper ends (e.g. mass at +∞ not certified) never make a row sound.
    assert_eq!(decide(2.0, 1e-5, &iv(1.0, f64::INFINITY), &iv(0.0, 1.0), TOL).0, Verdict::Inconclusive);
}

#[test]
fn contradictory_intervals_are_flagged_not_judged() {
    let (v, note) = decide(2.0, 1e-5, &iv(2.5, 2.6), &iv(1e-6, 2e-6), TOL);
    assert_eq!(v, Verdict::Inconclusive);
    assert!(note.unwrap().contains("contradict"));
}

#[test]
fn tightness_and_required_accuracy() {
    assert_eq!(tightness(2.2, &iv(1.9, 2.0)), Some(1.1));
    assert_eq!(tightness(1.0, &iv(0.0, 0.0)), None);
    assert_eq!(tightness(1.0, &iv(0.5, f64::INFINITY)), None);
    assert!((required_accuracy(2.02, &iv(1.99, 2.01)) - 0.01).abs() < 1e-12);
    assert_eq!(required_accuracy(1.0, &iv(0.0, f64::INFINITY)), 0.0);
}
