//! Tests of virtual-step alignment against the spec §14 computed example (values computed for the
//! spec) and its invariants; the segment-wise ground truth uses the SGM pair directly.

use super::*;
use crate::papers::model_merging::common::conventions::{default_orders, epsilon_from_rdp, Conversion};
use crate::papers::model_merging::section_6::dpsgd_step::{lc_step, StepPair};
use crate::papers::model_merging::section_6::linear_combination_rdp::{lc_dp_eps, lc_rdp_curve, lc_steps};
use proptest::prelude::*;

fn hy(q: f64, s: f64) -> StepHyper {
    StepHyper::new(q, s, 1.0, 0.1).unwrap()
}

fn example(t1: u64, t2: u64) -> Vec<Vec<StepHyper>> {
    constant_schedules(&[hy(0.01, 1.0), hy(0.02, 2.0)], &[t1, t2]).unwrap()
}

fn eps_of(aligned: &[Vec<StepHyper>], lam: &[f64]) -> (f64, f64) {
    let steps = lc_steps(lam, &per_step_groups(aligned).unwrap()).unwrap();
    let e = lc_dp_eps(&steps, &default_orders(), 1e-5, Conversion::Classic).unwrap();
    (e.epsilon, e.alpha)
}

/// Spec §14: example-A models, λ = (½, ½), T = (1000, 500): correct 2.509100531 (α = 8), phantom
/// noise 1.731886993 (α = 14, unsound).
#[test]
fn spec_example_correct_vs_phantom() {
    let lam = [0.5, 0.5];
    let (e, a) = eps_of(&align_steps(example(1000, 500)).unwrap(), &lam);
    assert!(((e - 2.509100531) / 2.509100531).abs() < 1e-9, "{e}");
    assert_eq!(a, 8.0);
    let (p, pa) = eps_of(&align_steps_phantom(example(1000, 500)).unwrap(), &lam);
    assert!(((p - 1.731886993) / 1.731886993).abs() < 1e-9, "{p}");
    assert_eq!(pa, 14.0);
    // placement does not matter for time-invariant hyper-parameters
    let (s, _) = eps_of(&align_steps_with(example(1000, 500), Placement::Start).unwrap(), &lam);
    assert!(((s - e) / e).abs() < 1e-12);
}

/// Ground truth: padded accounting = segment-wise accounting, where the padded segment is the
/// SGM pair of the remaining model (atoms {(0, 1−q), (1/σ, q)}, spec §14 invariant).
#[test]
fn padded_equals_segments() {
    let lam = [0.5, 0.5];
    let aligned = align_steps(example(1000, 500)).unwrap();
    let groups = per_step_groups(&aligned).unwrap();
    assert_eq!(groups.len(), 2);
    assert_eq!((groups[0].1, groups[1].1), (500, 500));
    let tail = lc_step(&lam, &groups[1].0).unwrap();
    let sgm = StepPair::sgm(0.01, 1.0).unwrap();
    assert_eq!(tail.atoms.len(), 2);
    for (a, b) in tail.atoms.iter().zip(&sgm.atoms) {
        assert!((a.shift - b.shift).abs() < 1e-14 && (a.prob - b.prob).abs() < 1e-15);
    }
    let orders = default_orders();
    let both = lc_rdp_curve(&[(lc_step(&lam, &[hy(0.01, 1.0), hy(0.02, 2.0)]).unwrap(), 500)], &orders).unwrap();
    let single = lc_rdp_curve(&[(sgm, 500)], &orders).unwrap();
    let sum: Vec<f64> = both.iter().zip(&single).map(|(a, b)| a + b).collect();
    let seg = epsilon_from_rdp(&orders, &sum, 1e-5, Conversion::Classic).unwrap();
    let (e, _) = eps_of(&aligned, &lam);
    assert!(((e - seg.epsilon) / e).abs() < 1e-12);
}

/// `constant_groups` is the materialised route without the T rows: equal group lists for
/// several step-count patterns (ties, one model, the longest model first or last).
#[test]
fn constant_groups_equal_the_materialised_schedule() {
    let h = [hy(0.01, 1.0), hy(0.02, 2.0), hy(0.3, 0.5)];
    for t in [[5u64, 5, 5], [7, 3, 5], [1, 9, 9], [4, 4, 2], [2, 6, 1]] {
        let want = per_step_groups(&align_steps(constant_schedules(&h, &t).unwrap()).unwrap()).unwrap();
        assert_eq!(constant_groups(&h, &t).unwrap(), want, "{t:?}");
    }
    assert_eq!(constant_groups(&h[..1], &[1_000_000_000]).unwrap(), vec![(vec![h[0]], 1_000_000_000)]);
    assert!(constant_groups(&h, &[1, 2]).is_err());
    assert!(constant_groups(&h[..1], &[0]).is_err());
}

#[test]
fn bad_inputs() {
    assert!(align_steps(vec![]).is_err());
    assert!(align_steps(vec![vec![hy(0.1, 1.0)], vec![]]).is_err());
    assert!(per_step_groups(&[vec![hy(0.1, 1.0)], vec![hy(0.1, 1.0); 2]]).is_err());
    assert!(constant_schedules(&[hy(0.1, 1.0)], &[0]).is_err());
    assert!(constant_schedules(&[hy(0.1, 1.0)], &[1, 2]).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Identity for equal T; padded total ≥ accounting of the first min T_i steps; phantom ≤ correct.
    #[test]
    fn prop_alignment_invariants(t1 in 1u64..400, t2 in 1u64..400, l in 0.05f64..0.95, q1 in 0.001f64..0.2, q2 in 0.001f64..0.2) {
        let h = [hy(q1, 1.0), hy(q2, 1.5)];
        let same = constant_schedules(&h, &[t1, t1]).unwrap();
        prop_assert_eq!(align_steps(same.clone()).unwrap(), same);
        let lam = [l, 1.0 - l];
        let s = constant_schedules(&h, &[t1, t2]).unwrap();
        let (padded, _) = eps_of(&align_steps(s.clone()).unwrap(), &lam);
        let tmin = t1.min(t2);
        let (first, _) = eps_of(&constant_schedules(&h, &[tmin, tmin]).unwrap(), &lam);
        prop_assert!(padded >= first * (1.0 - 1e-12), "{padded} < {first}");
        let (phantom, _) = eps_of(&align_steps_phantom(s).unwrap(), &lam);
        prop_assert!(phantom <= padded * (1.0 + 1e-12), "phantom {phantom} > correct {padded}");
    }
}
