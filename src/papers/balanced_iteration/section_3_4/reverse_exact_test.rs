use super::*;
use crate::papers::balanced_iteration::section_3_4::reverse::reverse_exact_d2;

/// Spec §1.4 / §1.5 exact R_α (k = 1): d = 10 (1-D Laplace, spec), d = 30, 100, and d = 6, σ = 2.
#[test]
fn spec_values_k1() {
    for (d, s, a, want) in [(10u64, 1.0, 2u64, 0.1437186832704), (30, 1.0, 2, 0.05262442605), (100, 1.0, 4, 0.03284733560), (6, 2.0, 2, 0.04585612119)] {
        let r = reverse_exact_k1(&MixturePair::new(d, 1, 1.0, s).unwrap(), a).unwrap();
        assert!((r - want).abs() < 2e-10 * want.max(1.0) + 1e-11, "d = {d}, σ = {s}, α = {a}: {r}");
    }
}

/// d = 2: the representation (no Lemma 3.15) equals the 128-bit quadrature after Lemma 3.15's split.
#[test]
fn agrees_with_the_d2_quadrature() {
    for (s, a) in [(1.0, 2u64), (1.0, 8), (2.0, 5), (0.5, 2)] {
        let r = reverse_exact_k1(&MixturePair::new(2, 1, 1.0, s).unwrap(), a).unwrap();
        let q = reverse_exact_d2(1.0, s, a).unwrap();
        assert!((r - q).abs() < 1e-10 * q, "σ = {s}, α = {a}: {r} vs {q}");
    }
}

#[test]
fn refuses_k_above_one() {
    assert!(reverse_exact_k1(&MixturePair::new(4, 2, 1.0, 1.0).unwrap(), 2).is_err());
}
