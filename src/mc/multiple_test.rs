//! Bonferroni and Holm on hand-computed examples, plus properties (proptest).

use super::multiple::{bonferroni, holm};
use proptest::prelude::*;

#[test]
fn hand_computed_examples() {
    // α = 0.1, m = 4: Bonferroni threshold 0.025 → rejects p = 0.01, 0.02.
    // Holm: 0.01 ≤ 0.1/4, 0.02 ≤ 0.1/3, 0.03 ≤ 0.1/2, 0.04 ≤ 0.1/1 → rejects all four.
    let p = [0.03, 0.01, 0.04, 0.02];
    assert_eq!(bonferroni(&p, 0.1), vec![false, true, false, true]);
    assert_eq!(holm(&p, 0.1), vec![true, true, true, true]);
    // α = 0.05: sorted 0.001 ≤ 0.0125 (reject), 0.03 > 0.05/3 = 0.0167 → stop.
    let p = [0.04, 0.001, 0.03, 0.2];
    assert_eq!(holm(&p, 0.05), vec![false, true, false, false]);
    assert_eq!(bonferroni(&p, 0.05), vec![false, true, false, false]);
    // α = 0.05: 0.01 ≤ 0.05/3, 0.02 ≤ 0.05/2 (reject), 0.9 > 0.05 → rejects the first two.
    let p = [0.9, 0.02, 0.01];
    assert_eq!(holm(&p, 0.05), vec![false, true, true]);
    assert_eq!(bonferroni(&p, 0.05), vec![false, false, true]);
    // The step-down stops at the first acceptance even if a later p is small enough for its
    // own threshold: p_(1) = 0.03 > 0.05/2 stops, although p_(2) = 0.04 ≤ 0.05/1.
    assert_eq!(holm(&[0.04, 0.03], 0.05), vec![false, false]);
    assert_eq!(holm(&[0.04, 0.02], 0.05), vec![true, true]);
}

#[test]
fn edge_cases() {
    assert!(holm(&[], 0.05).is_empty());
    assert!(bonferroni(&[], 0.05).is_empty());
    assert_eq!(holm(&[f64::NAN, 0.001], 0.05), vec![false, true]);
    assert_eq!(bonferroni(&[f64::NAN, 0.001], 0.05), vec![false, true]);
    assert_eq!(holm(&[0.0, 0.0], 0.0), vec![false, false]);
    assert_eq!(holm(&[0.0], f64::NAN), vec![false]);
    // Boundary: p exactly at the threshold is rejected (≤).
    assert_eq!(bonferroni(&[0.025, 0.5], 0.05), vec![true, false]);
}

proptest! {
    #[test]
    fn holm_contains_bonferroni_and_is_monotone(ps in proptest::collection::vec(0.0f64..1.0, 1..20), a in 0.001f64..0.5) {
        let h = holm(&ps, a);
        let b = bonferroni(&ps, a);
        for i in 0..ps.len() {
            prop_assert!(!b[i] || h[i]);
            // Rejections are downward closed in p: if p_i is rejected so is any p_j ≤ p_i.
            for j in 0..ps.len() {
                if h[i] && ps[j] <= ps[i] { prop_assert!(h[j]); }
            }
        }
        // A larger α never rejects fewer.
        let h2 = holm(&ps, (2.0 * a).min(1.0));
        for i in 0..ps.len() { prop_assert!(!h[i] || h2[i]); }
    }
}
