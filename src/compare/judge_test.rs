//! Verdict, tightness and timing arithmetic on hand-made numbers (expected values by hand).

use super::*;

const TRUTH: Interval = Interval { lower: 1.5, upper: 1.6 };

#[test]
fn claim_below_the_certified_lower_end_is_unsound() {
    assert_eq!(verdict(1.4, 1e-5, &TRUTH).0, Verdict::Unsound);
}

#[test]
fn claim_at_or_above_the_certified_upper_end_is_sound() {
    assert_eq!(verdict(1.6, 1e-5, &TRUTH).0, Verdict::Sound);
    assert_eq!(verdict(2.0, 1e-5, &TRUTH).0, Verdict::Sound);
}

#[test]
fn claim_inside_the_certified_interval_is_inconclusive() {
    assert_eq!(verdict(1.55, 1e-5, &TRUTH).0, Verdict::Inconclusive);
    // at the lower end itself: not below it, so not unsound
    assert_eq!(verdict(1.5, 1e-5, &TRUTH).0, Verdict::Inconclusive);
}

#[test]
fn claim_below_the_lower_end_within_the_tolerance_is_not_unsound() {
    // κ = 1e-9: 1.5 / (1 + 1e-10) is below 1.5 by 1.5e-10 < κ·ε
    assert_eq!(verdict(1.5 / (1.0 + 1e-10), 1e-5, &TRUTH).0, Verdict::Inconclusive);
    assert_eq!(verdict(1.5 / (1.0 + 1e-8), 1e-5, &TRUTH).0, Verdict::Unsound);
}

#[test]
fn tightness_is_the_claim_over_the_truth_interval() {
    let t = tightness(1.8, &TRUTH).unwrap();
    // 1.8/1.6 = 1.125 and 1.8/1.5 = 1.2 (by hand), enclosed
    assert!(t.lower <= 1.125 && 1.125 - t.lower < 1e-15, "{t:?}");
    assert!(t.upper >= 1.2 && t.upper - 1.2 < 1e-15, "{t:?}");
    assert!((tightness_mid(1.8, &TRUTH).unwrap() - 1.8 / 1.55).abs() < 1e-15);
}

#[test]
fn tightness_with_a_zero_lower_end_is_unbounded_above() {
    let t = tightness(0.5, &Interval { lower: 0.0, upper: 1.0 }).unwrap();
    assert_eq!(t.upper, f64::INFINITY);
    assert!(t.lower <= 0.5 && t.lower > 0.49);
}

#[test]
fn tightness_is_undefined_for_a_useless_truth() {
    assert!(tightness(1.0, &Interval { lower: 0.0, upper: 0.0 }).is_none());
    assert!(tightness(1.0, &Interval { lower: 1.0, upper: f64::INFINITY }).is_none());
    assert!(tightness(f64::NAN, &TRUTH).is_none());
}

#[test]
fn timing_min_and_median() {
    assert_eq!(Timing::of(&[3.0, 1.0, 2.0]), Some(Timing { min: 1.0, median: 2.0, reps: 3 }));
    assert_eq!(Timing::of(&[4.0, 1.0, 2.0, 10.0]), Some(Timing { min: 1.0, median: 3.0, reps: 4 }));
    assert_eq!(Timing::of(&[0.5]), Some(Timing { min: 0.5, median: 0.5, reps: 1 }));
    assert_eq!(Timing::of(&[f64::NAN, 2.0]), Some(Timing { min: 2.0, median: 2.0, reps: 1 }));
    assert_eq!(Timing::of(&[]), None);
}

#[test]
fn ratio_is_accountant_over_dpaudit() {
    assert_eq!(ratio(0.5, 0.025), Some(20.0));
    assert_eq!(ratio(0.5, 0.0), None);
    assert_eq!(ratio(f64::INFINITY, 1.0), None);
}
