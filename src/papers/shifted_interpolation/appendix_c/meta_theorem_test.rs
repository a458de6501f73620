use super::*;

/// Σ a_k² of the Cauchy–Schwarz point `a_k ∝ c^{T−k}` of the gap recursion, computed by summing
/// (not the closed form): RHS = s Σ c^{T−k}, Σ a² = RHS²/Σ c^{2(T−k)}.
fn cs_sum(c: f64, weights: &[f64]) -> f64 {
    let n = weights.len();
    let rhs: f64 = weights.iter().enumerate().map(|(k, s)| s * c.powi((n - 1 - k) as i32)).sum();
    let den: f64 = (0..n).map(|k| c.powi(2 * (n - 1 - k) as i32)).sum();
    rhs * rhs / den
}

#[test]
fn lemma_c6_equals_the_cauchy_schwarz_sum() {
    for (c, t) in [(0.1, 5u64), (0.5, 17), (0.9, 50), (0.99, 500)] {
        let v = lemma_c6(c, t, 0.3).unwrap();
        let want = cs_sum(c, &vec![0.3; t as usize]);
        assert!((v / want - 1.0).abs() < 1e-12 && v >= want * (1.0 - 1e-15), "c={c} T={t}: {v} vs {want}");
    }
    // c = 1: composition, T s².
    assert!((lemma_c6(1.0, 40, 0.5).unwrap() - 10.0).abs() < 1e-13);
}

#[test]
fn lemma_c8_is_convex_in_nu_with_minimum_near_d_over_s() {
    // (D + νs)²/ν at D = 1, s = 0.25: real optimum ν = 4, value 4Ds = 1.
    assert!((lemma_c8(1.0, 0.25, 4).unwrap() - 1.0).abs() < 1e-14);
    let (nu, v) = lemma_c8_best(1.0, 0.3, 100).unwrap();
    let brute = (1..=100u64).map(|n| ((1.0 + n as f64 * 0.3).powi(2) / n as f64, n)).fold((f64::INFINITY, 0), |a, b| if b.0 < a.0 { b } else { a });
    assert_eq!(nu, brute.1);
    assert!((v - brute.0).abs() < 1e-13);
    // The window is clamped to the run.
    assert_eq!(lemma_c8_best(10.0, 0.1, 7).unwrap().0, 7);
}

#[test]
fn lemma_c10_equals_the_cauchy_schwarz_sum_over_the_cyclic_window() {
    // Sensitivity at relative steps 1, l+1, …, (E−2)l+1 of N = l(E−1) steps (spec §3.4).
    for (c, l, e) in [(0.5, 3u64, 5u64), (0.9, 10, 4), (0.99, 40, 3), (0.3, 1, 6)] {
        let n = (l * (e - 1)) as usize;
        let w: Vec<f64> = (0..n).map(|k| if k % l as usize == 0 { 1.0 } else { 0.0 }).collect();
        let want = cs_sum(c, &w);
        let v = lemma_c10(c, l, e, 1.0).unwrap();
        assert!((v / want - 1.0).abs() < 1e-12, "c={c} l={l} E={e}: {v} vs {want}");
    }
    // c = 1 limit (E − 1)/l.
    assert!((lemma_c10(1.0, 40, 50, 1.0).unwrap() - 49.0 / 40.0).abs() < 1e-14);
    // c → 1 is continuous (no cancellation).
    let near = lemma_c10(1.0 - 1e-13, 40, 50, 1.0).unwrap();
    assert!((near - 49.0 / 40.0).abs() < 1e-9, "{near}");
    assert!(lemma_c10(0.9, 10, 1, 1.0).unwrap() < 1e-300);
}

#[test]
fn lemma_c11_closed_form() {
    // (D + qs)²/(ql): D = 1, s = 0.25, q = 4, l = 10 → 4/40.
    assert!((lemma_c11(1.0, 0.25, 4, 10).unwrap() - 0.1).abs() < 1e-15);
}

#[test]
fn lemmas_reject_bad_input() {
    assert!(lemma_c6(0.0, 1, 1.0).is_err());
    assert!(lemma_c6(0.5, 0, 1.0).is_err());
    assert!(lemma_c6(0.5, 1, -1.0).is_err());
    assert!(lemma_c8(0.0, 1.0, 1).is_err());
    assert!(lemma_c8(1.0, 1.0, 0).is_err());
    assert!(lemma_c10(1.5, 1, 1, 1.0).is_err());
    assert!(lemma_c11(-1.0, 1.0, 1, 1).is_err());
}
