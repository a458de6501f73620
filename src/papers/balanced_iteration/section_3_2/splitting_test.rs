use super::*;

/// Spec §10 table (c = 1): forward, certified reverse of Theorem 3.4; Corollary 3.7's proven d = 2
/// reverse (spec §8: σ = 1, α = 2: 0.5841017171; σ = 0.5: 2.68845936980; σ = 2, α = 10: 0.6474163776).
#[test]
fn model_splitting_and_dropout() {
    for (d, s, a, f, ri) in [(3u64, 1.0, 2u64, 0.4528324252639, 0.6666666666667), (3, 1.0, 8, 2.903531719328, 1.666666666667), (8, 1.0, 8, 1.928313490876, 0.9375)] {
        let t = theorem_3_4(d, 1.0, s, a, ReverseTerm::Certified).unwrap();
        assert!((t.forward - f).abs() < 1e-11 * f && (t.reverse - ri).abs() < 1e-11 && t.reverse_certified, "d = {d}, α = {a}");
        assert_eq!(theorem_3_5(d, 1.0, s, a, ReverseTerm::Certified).unwrap(), t);
    }
    for (s, a, want) in [(1.0, 2u64, 0.5841017171), (0.5, 2, 2.68845936980), (2.0, 10, 0.6474163776)] {
        let t = corollary_3_7(1.0, s, a, ReverseTerm::Certified).unwrap();
        assert!((t.reverse - want).abs() < 1e-9, "σ = {s}, α = {a}: {}", t.reverse);
        assert!(t.reverse_certified && t.epsilon >= t.forward);
    }
    // spec §10: d = 2, σ = 1, α = 8: F_8 = 3.307918571700
    assert!((corollary_3_7(1.0, 1.0, 8, ReverseTerm::Paper).unwrap().forward - 3.3079185717).abs() < 1e-9);
}
