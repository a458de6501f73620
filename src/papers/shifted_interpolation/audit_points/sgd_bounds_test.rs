//! The NoisySGD soundness points hold with their finding kinds, and their instances reproduce
//! independent numbers (spec §2.6 one-step δ; the Gaussian closed form).

use super::*;

/// The mixture-pair δ at one component of weight 1 is the GDP profile (Lemma A.3 closed form),
/// and the t = 1 linear instance gives the spec §2.6 one-step δ (scipy, 12 digits).
#[test]
fn instance_profiles_match_closed_forms() {
    let pair = MixturePair { w: vec![1.0], m: vec![2.0], sd: 1.0 };
    assert!((pair.delta(3.0) - 0.183813076544).abs() < 1e-11, "{}", pair.delta(3.0));
    let one = linear_instance(0.25, 2.5, 1);
    assert!((one.delta(1.0) - 0.128761329239).abs() < 1e-11, "{}", one.delta(1.0));
    // projected instance with a huge interval ≈ the unprojected one-step pair
    assert!((projected_one_step_delta(0.25, 2.5, 60.0, 1.0) - 0.128761329239).abs() < 1e-10);
}

#[test]
fn soundness_points_hold_with_their_findings() {
    for (p, kind) in [(s_definition_4_7(), FindingKind::Observation), (s_theorem_4_8(), FindingKind::Observation), (s_theorem_4_9(), FindingKind::Observation), (s_theorem_4_10(), FindingKind::Observation), (s_lemma_a_5(), FindingKind::Limitation)] {
        println!("{}: {}", p.id, p.evidence);
        assert_eq!(p.verdict, Verdict::Holds, "{}: {}", p.id, p.evidence);
        assert_eq!(p.tests, Tested::Bound);
        assert_eq!(p.findings[0].kind, kind, "{}", p.id);
    }
}
