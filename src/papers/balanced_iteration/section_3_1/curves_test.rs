use super::*;

fn close(got: f64, want: f64, rel: f64) -> bool {
    got >= want * (1.0 - 1e-12) && (got / want - 1.0).abs() < rel
}

/// Spec §1.8 (k = 1, EGF = partition formula = brute force): every order from one power.
#[test]
fn k1_curve_matches_spec_examples() {
    let p = MixturePair::new(3, 1, 1.0, 0.8).unwrap();
    let c = theorem_3_1_forward_k1_curve(&p, 10).unwrap();
    assert!(close(c[1], 1.369364367295, 1e-11), "{}", c[1]);
    let p = MixturePair::new(1000, 1, 1.0, 1.0).unwrap();
    assert!(close(theorem_3_1_forward_k1_curve(&p, 40).unwrap()[38], 13.09224472102, 1e-11));
    let p = MixturePair::new(3, 1, 1.0, 0.5).unwrap();
    assert!(close(theorem_3_1_forward_k1_curve(&p, 128).unwrap()[126], 254.9013877113, 1e-11));
    // k = d − 1 by the complement identity (spec §1.3 E) from the (3, 1) value: + αβ(2k − d)
    let p = MixturePair::new(3, 2, 1.0, 0.8).unwrap();
    let want = 1.369364367295 + 3.0 / (2.0 * 0.64);
    assert!(close(theorem_3_1_forward_k1_curve(&p, 3).unwrap()[1], want, 1e-11));
}

/// Spec §11 (T = 10, k = 4, σ = 2): exact F at low orders, G_32 = 11.03833185771 where the DP is
/// over the budget; the certified curve takes R^∞ = 0.7 at α = 2.
#[test]
fn forward_curve_switches_to_g_over_budget() {
    let p = MixturePair::new(10, 4, 1.0, 2.0).unwrap();
    let orders = [2u64, 3, 4, 8, 32];
    let fc = forward_curve(&p, &orders, EXACT_BUDGET).unwrap();
    assert_eq!(fc.exact, vec![true, true, true, true, false]);
    for (v, want) in fc.values.iter().zip([0.4200666512529, 0.6314515282145, 0.8439209896775, 1.708831912463, 11.03833185771]) {
        assert!(close(*v, want, 1e-10), "{v} vs {want}");
    }
    let cert = theorem_3_1_curve(&p, &orders, ReverseTerm::Certified, 2, &fc).unwrap();
    assert!(close(cert[0], 1.4, 1e-12), "{}", cert[0]);
    let paper = theorem_3_1_curve(&p, &orders, ReverseTerm::Paper, 1, &fc).unwrap();
    assert!(close(paper[0], 0.4200666512529, 1e-10));
}

/// Spec §13: Theorem 3.11 at (α, γ, σ) = (2, 0.4, 2): 0.04444173933542, ×10 steps.
#[test]
fn poisson_curve_composes() {
    let c = poisson_curve(0.4, 1.0, 2.0, &[2], 10).unwrap();
    assert!(close(c[0], 0.4444173933542, 1e-11), "{}", c[0]);
}
