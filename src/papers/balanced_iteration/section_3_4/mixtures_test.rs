use super::*;

/// Lemma 3.12 literal sum for a two-point mixture equals the Poisson binomial sum
/// `(1/(α−1)) ln Σ_l C(α,l)(1−γ)^{α−l}γ^l e^{βl(l−1)}` computed here by hand.
#[test]
fn lemma_3_12_matches_the_binomial_sum_of_a_two_point_mixture() {
    let (g, s) = (0.3, 1.2);
    let m = Mixture::new(vec![vec![0.0], vec![1.0]], vec![1.0 - g, g], s).unwrap();
    let beta = 1.0 / (2.0 * s * s);
    for a in 2..=8u64 {
        let mut sum = 0.0;
        let mut binom = 1.0;
        for l in 0..=a {
            sum += binom * (1.0 - g).powi((a - l) as i32) * g.powi(l as i32) * (beta * (l * l - l) as f64).exp();
            binom = binom * (a - l) as f64 / (l + 1) as f64;
        }
        let want = sum.ln() / (a - 1) as f64;
        assert!((lemma_3_12(&m, a).unwrap() - want).abs() < 1e-13 * want, "α = {a}");
    }
}

/// Spec §4: Lemma 3.13's symmetry condition is essential — centres {0, c e₁}, weights ½ violate
/// it and the inequality fails (c = σ = 1, α = 5: 1.65789386644 > 1.33384868989); the balanced
/// mixture satisfies it.
#[test]
fn lemma_3_13_condition_is_essential() {
    let m = Mixture::new(vec![vec![0.0], vec![1.0]], vec![0.5, 0.5], 1.0).unwrap();
    assert!(!lemma_3_13_condition(&m));
    assert!(lemma_3_13(&m, 5).is_err());
    let (lhs, rhs) = (lemma_3_12(&m, 5).unwrap(), lemma_3_13_rhs(&m, 5));
    assert!((lhs - 1.65789386644).abs() < 1e-10 && (rhs - 1.33384868989).abs() < 1e-10 && lhs > rhs);
    let b = Mixture::balanced(5, 2, 1.0, 1.0).unwrap();
    assert!(lemma_3_13_condition(&b));
    assert!(lemma_3_13(&b, 4).unwrap() >= lemma_3_12(&b, 4).unwrap());
}

#[test]
fn bad_mixtures_are_errors() {
    assert!(Mixture::new(vec![], vec![], 1.0).is_err());
    assert!(Mixture::new(vec![vec![0.0], vec![1.0, 2.0]], vec![0.5, 0.5], 1.0).is_err());
    assert!(Mixture::new(vec![vec![0.0], vec![1.0]], vec![0.5, 0.6], 1.0).is_err());
    assert!(Mixture::new(vec![vec![0.0]], vec![1.0], 0.0).is_err());
    let m = Mixture::new(vec![vec![0.0], vec![1.0]], vec![0.5, 0.5], 1.0).unwrap();
    assert!(lemma_3_12(&m, 1).is_err() && lemma_3_12(&m, 30).is_err());
}
