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
    // Issue 14: a claimed ε = −0 is tightness +0 (printed "0.0000", not "-0.0000").
    assert!(tightness(-0.0, &iv(1.9, 2.0)).unwrap().is_sign_positive());
    assert_eq!(tightness(1.0, &iv(0.5, f64::INFINITY)), None);
    assert!((required_accuracy(2.02, &iv(1.99, 2.01)) - 0.01).abs() < 1e-12);
    assert_eq!(required_accuracy(1.0, &iv(0.0, f64::INFINITY)), 0.0);
}

mod props {
    use super::super::verdict::{decide, Verdict};
    use crate::num::Interval;
    use proptest::prelude::*;

    fn ordered(a: f64, b: f64) -> Interval {
        Interval { lower: a.min(b), upper: a.max(b) }
    }

    proptest! {
        /// With consistent intervals (both contain the same truth: δ(ε_c) vs δ_c ordered like
        /// ε(δ_c) vs ε_c), the rule never contradicts itself, and it is monotone: a claim with a
        /// larger ε (and the δ interval at that ε, which can only move down) is never judged worse.
        #[test]
        fn verdicts_are_consistent_and_monotone(
            e_true in 0.1f64..10.0, e_w in 0.0f64..0.5, e_claim in 0.0f64..12.0, bump in 0.0f64..2.0,
        ) {
            let delta_c = 1e-5;
            // A synthetic decreasing profile δ(ε) = δ_c · exp(e_true − ε), so that ε(δ_c) = e_true.
            let prof = |e: f64| delta_c * (e_true - e).exp();
            let te = ordered(e_true * (1.0 - e_w), e_true * (1.0 + e_w));
            let td = |e: f64| ordered(prof(e) * (1.0 - e_w), prof(e) * (1.0 + e_w));
            let (v1, n1) = decide(e_claim, delta_c, &te, &td(e_claim), 1e-9);
            prop_assert!(n1.is_none());
            let (v2, _) = decide(e_claim + bump, delta_c, &te, &td(e_claim + bump), 1e-9);
            // `decide` never answers not_checked (that is the engine's, for rows it did not reach).
            prop_assert!(v1 != Verdict::NotChecked && v2 != Verdict::NotChecked);
            let rank = |v: Verdict| match v { Verdict::Unsound => 0, Verdict::Inconclusive | Verdict::NotChecked => 1, Verdict::Sound => 2 };
            prop_assert!(rank(v2) >= rank(v1), "{:?} at ε {} then {:?} at ε {}", v1, e_claim, v2, e_claim + bump);
            // The verdict agrees with the truth whenever it is not inconclusive.
            if v1 == Verdict::Sound { prop_assert!(e_claim >= e_true); }
            if v1 == Verdict::Unsound { prop_assert!(e_claim < e_true); }
        }
    }
}
