use super::*;
use crate::papers::balanced_iteration::mixture_pair::MixturePair;

fn pair(d: u64, k: u64, sigma: f64) -> MixturePair {
    MixturePair::new(d, k, 1.0, sigma).unwrap()
}

/// Spec §11 (T = 10, k = 4, σ = 2): R^∞_2 = 0.7 dominates F_2; with R^paper at α = 8 the value
/// is F_8 = 1.708831912463.
#[test]
fn theorem_3_1_carries_its_flag() {
    let p = pair(10, 4, 2.0);
    let c = theorem_3_1(&p, 2, ReverseTerm::Certified).unwrap();
    assert!(c.reverse_certified && c.forward_exact && (c.epsilon - 0.7).abs() < 1e-14);
    let q = theorem_3_1(&p, 8, ReverseTerm::Paper).unwrap();
    assert!(!q.reverse_certified && (q.epsilon - 1.708831912463).abs() < 1e-11);
    // T = 60, k = 24: exact at α = 8 since the Gauss-quadrature route (635 376 multisets), below
    // Corollary 3.14's G_8 = 11.35949215458 (spec §1.8; Lemma 3.13); G at α = 64 (neither exact
    // route affordable)
    let big = theorem_3_1(&pair(60, 24, 2.0), 8, ReverseTerm::Certified).unwrap();
    assert!(big.forward_exact && big.forward > 0.0 && big.forward < 11.35949215458, "{}", big.forward);
    let p60 = pair(60, 24, 2.0);
    let huge = theorem_3_1(&p60, 64, ReverseTerm::Paper).unwrap();
    assert!(!huge.forward_exact && huge.forward == corollary_3_14(&p60, 64).unwrap());
}
