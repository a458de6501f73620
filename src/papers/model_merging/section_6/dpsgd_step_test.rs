//! Tests of the Section 6.2 per-step quantities against the spec's example A (§9, computed
//! independently for the spec) and the invariants of §9.

use super::*;
use proptest::prelude::*;

fn example_a() -> Vec<StepHyper> {
    vec![StepHyper::new(0.01, 1.0, 1.0, 0.1).unwrap(), StepHyper::new(0.02, 2.0, 1.0, 0.1).unwrap()]
}

#[test]
fn example_a_matches_spec() {
    let p = lc_step(&[0.5, 0.5], &example_a()).unwrap();
    assert!((p.s_lambda - 0.111803398875).abs() < 1e-12);
    assert_eq!(p.w, vec![0.05, 0.05]);
    let want = [(0.0, 0.9702), (0.4472135955, 0.0296), (0.894427191, 0.0002)];
    assert_eq!(p.atoms.len(), 3);
    for (a, (s, r)) in p.atoms.iter().zip(want) {
        assert!((a.shift - s).abs() < 1e-10, "{a:?}");
        assert!((a.prob - r).abs() < 1e-15, "{a:?}");
    }
    let subs = subsets(&[0.5, 0.5], &example_a()).unwrap();
    assert_eq!(subs.len(), 4);
}

#[test]
fn vertex_is_the_subsampled_gaussian() {
    let p = lc_step(&[0.0, 1.0], &example_a()).unwrap();
    let want = StepPair::sgm(0.02, 2.0).unwrap();
    assert_eq!(p.atoms.len(), 2);
    for (a, b) in p.atoms.iter().zip(&want.atoms) {
        assert!((a.shift - b.shift).abs() < 1e-14 && (a.prob - b.prob).abs() < 1e-15);
    }
}

#[test]
fn non_private_model_with_positive_weight_is_infinite_only_without_other_noise() {
    let h = vec![StepHyper::new(0.5, 0.0, 1.0, 0.1).unwrap(), StepHyper::new(0.5, 1.0, 1.0, 0.1).unwrap()];
    // Model 2 noise keeps s_λ > 0: finite (A19).
    let p = lc_step(&[0.5, 0.5], &h).unwrap();
    assert!(!p.is_non_private() && p.s_lambda > 0.0);
    // Only the non-private model: infinite shift.
    let p = lc_step(&[1.0, 0.0], &h).unwrap();
    assert!(p.is_non_private());
    // Virtual step everywhere it matters: trivial.
    let v = vec![StepHyper::virtual_step(1.0), StepHyper::new(0.5, 1.0, 1.0, 0.1).unwrap()];
    assert!(lc_step(&[1.0, 0.0], &v).unwrap().is_trivial());
}

/// Regression (found by the surrogate-PLD review): a +∞ shift was collapsed into the zero atom
/// (|∞ − 0| ≤ tol·∞), so a non-private step was accounted as free.
#[test]
fn infinite_shift_is_never_merged_into_zero() {
    let p = StepPair::from_atoms(&[(0.0, 0.99), (f64::INFINITY, 0.01)]).unwrap();
    assert_eq!(p.atoms.len(), 2);
    assert!(p.is_non_private() && !p.is_trivial());
    let h = vec![StepHyper::new(0.3, 0.0, 1.0, 0.1).unwrap(), StepHyper::new(0.5, 0.0, 1.0, 0.1).unwrap()];
    let p = lc_step(&[0.5, 0.5], &h).unwrap();
    assert!(p.is_non_private());
    assert!((p.zero_mass() - 0.35).abs() < 1e-15);
}

#[test]
fn bad_inputs_are_errors() {
    assert!(StepHyper::new(1.5, 1.0, 1.0, 0.1).is_err());
    assert!(StepHyper::new(0.5, -1.0, 1.0, 0.1).is_err());
    assert!(StepHyper::new(0.5, 1.0, 0.0, 0.1).is_err());
    assert!(lc_step(&[0.5, 0.6], &example_a()).is_err());
    assert!(lc_step(&[1.0], &example_a()).is_err());
    assert!(StepPair::from_atoms(&[(0.0, 0.5), (1.0, 0.4)]).is_err());
    assert!(StepPair::from_atoms(&[(-1.0, 1.0)]).is_err());
}

proptest! {
    /// Σ ρ_J = 1, Σ_{J∋i} ρ_J = q_i, Δ_∅ = 0 (spec §9 invariants).
    #[test]
    fn rho_marginals(qs in prop::collection::vec(0.0f64..=1.0, 1..6), seed in 0u64..1000) {
        let n = qs.len();
        let hyper: Vec<StepHyper> = qs.iter().enumerate().map(|(i, &q)| StepHyper::new(q, 0.5 + (i as f64) * 0.3, 1.0 + (seed % 3) as f64, 0.1).unwrap()).collect();
        let lambda = vec![1.0 / n as f64; n];
        let subs = subsets(&lambda, &hyper).unwrap();
        let total: f64 = subs.iter().map(|s| s.rho).sum();
        prop_assert!((total - 1.0).abs() < 1e-12);
        for i in 0..n {
            let m: f64 = subs.iter().filter(|s| s.mask >> i & 1 == 1).map(|s| s.rho).sum();
            prop_assert!((m - qs[i]).abs() < 1e-12);
        }
        for s in &subs { if s.mask == 0 { prop_assert_eq!(s.shift, 0.0); } }
        let p = lc_step(&lambda, &hyper).unwrap();
        let t: f64 = p.atoms.iter().map(|a| a.prob).sum();
        prop_assert!((t - 1.0).abs() < 1e-12);
        prop_assert!(p.atoms.windows(2).all(|w| w[0].shift < w[1].shift));
    }

    /// Invariance under common rescaling of all λ_i η_i and of all C_i (spec §9).
    #[test]
    fn shifts_are_scale_invariant(k in 0.1f64..10.0, l1 in 0.01f64..0.99) {
        let base = example_a();
        let lambda = [l1, 1.0 - l1];
        let p = lc_step(&lambda, &base).unwrap();
        let scaled: Vec<StepHyper> = base.iter().map(|h| StepHyper { clip: h.clip * k, learning_rate: h.learning_rate / k.sqrt(), ..*h }).collect();
        let q = lc_step(&lambda, &scaled).unwrap();
        prop_assert_eq!(p.atoms.len(), q.atoms.len());
        for (a, b) in p.atoms.iter().zip(&q.atoms) {
            prop_assert!((a.shift - b.shift).abs() <= 1e-12 * a.shift.max(1.0));
        }
    }
}
