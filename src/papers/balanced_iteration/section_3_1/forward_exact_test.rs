use super::*;
use crate::num::Mp;
use crate::papers::balanced_iteration::section_3_4::mixtures::{lemma_3_12, Mixture};

fn pair(d: u64, k: u64, c: f64, sigma: f64) -> MixturePair {
    MixturePair::new(d, k, c, sigma).unwrap()
}

fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / b.abs()
}

/// Spec §11 acceptance table (T = 10, k = 4, c = 1, σ = 2; the spec's exact DP values) and
/// spec §1.8's computed examples (brute force / EGF / partition formula / DP, 10–13 digits).
#[test]
fn spec_examples_to_1e_10() {
    let cases: [(u64, u64, f64, f64, u64, f64); 19] = [
        (10, 4, 1.0, 2.0, 2, 0.4200666512529),
        (10, 4, 1.0, 2.0, 3, 0.6314515282145),
        (10, 4, 1.0, 2.0, 4, 0.8439209896775),
        (10, 4, 1.0, 2.0, 8, 1.708831912463),
        (10, 4, 1.0, 2.0, 32, 10.66374004505),
        (10, 4, 1.0, 2.0, 16, 3.627635086),
        (2, 1, 1.0, 1.0, 2, 0.6201145069583),
        (2, 1, 1.0, 1.0, 3, 0.9772292963966),
        (3, 1, 1.0, 0.8, 3, 1.369364367295),
        (3, 1, 1.0, 1.0, 10, 3.901663184046),
        (4, 2, 1.0, 1.3, 3, 0.9866218314288),
        (5, 2, 1.0, 1.0, 3, 1.529159075090),
        (6, 3, 1.5, 2.5, 5, 1.441174520933),
        (1000, 1, 1.0, 1.0, 40, 13.09224472102),
        (3, 1, 1.0, 0.5, 128, 254.9013877113),
        (5, 3, 1.0, 0.9, 2, 2.499643135211),
        (6, 4, 1.0, 1.1, 3, 3.524384162247),
        (8, 1, 1.0, 1.0, 8, 1.928313490876),
        (3, 1, 1.0, 1.0, 32, 14.90138771133),
    ];
    for (d, k, c, s, a, want) in cases {
        // the routed value (EGF, DP or quadrature) and the DP/EGF alone (the independent check)
        let got = theorem_3_1_forward(&pair(d, k, c, s), a).unwrap();
        let dp = theorem_3_1_forward_dp(&pair(d, k, c, s), a).unwrap();
        // the spec quotes 10–13 digits; 1e-10 relative covers the shortest (3.627635086: 1e-9)
        let tol = if want == 3.627635086 { 1e-9 } else { 1e-10 };
        assert!(rel(got, want) < tol, "F_{a}({d},{k},c={c},σ={s}) = {got}, spec {want}");
        assert!(rel(dp, want) < tol, "DP F_{a}({d},{k},c={c},σ={s}) = {dp}, spec {want}");
    }
}

/// Closed forms for d = 2, k = 1 (spec §1.8): F_2 = ln((e+1)/2), F_3 = ½ ln((e³ + 3e)/4).
#[test]
fn hand_checkable_closed_forms() {
    let e = std::f64::consts::E;
    let p = pair(2, 1, 1.0, 1.0);
    // the f64 value is rounded up by its a-priori rounding allowance (≤ 1e-11 relative here)
    for (a, closed) in [(2, ((e + 1.0) / 2.0).ln()), (3, 0.5 * ((e.powi(3) + 3.0 * e) / 4.0).ln())] {
        let f = theorem_3_1_forward(&p, a).unwrap();
        assert!(f >= closed && rel(f, closed) < 1e-11, "α = {a}: {f} vs {closed}");
    }
}

/// The DP and the EGF against Lemma 3.12's literal sum over every index tuple (a different
/// code path: enumeration of the n^α tuples of centres).
#[test]
fn dp_and_egf_equal_the_literal_lemma_3_12_sum() {
    for (d, k, c, s, a) in [(4usize, 2usize, 1.0, 1.3, 3u64), (5, 2, 1.0, 1.0, 3), (3, 1, 1.0, 0.8, 5), (4, 1, 0.7, 0.6, 6), (5, 3, 1.0, 0.9, 4), (6, 2, 1.0, 2.0, 3), (4, 3, 1.2, 1.0, 4)] {
        let brute = lemma_3_12(&Mixture::balanced(d, k, c, s).unwrap(), a).unwrap();
        let fast = theorem_3_1_forward(&pair(d as u64, k as u64, c, s), a).unwrap();
        // the literal sum is f64 nearest (≲ 1e-13); the production value is rounded up by ≤ 1e-11
        assert!(rel(fast, brute) < 1e-11 && fast >= brute * (1.0 - 1e-13), "({d},{k},{c},{s},{a}): {fast} vs literal {brute}");
    }
}

/// Large orders (β α(α−1) in the hundreds): the f64 log-domain value is an upper bound on the
/// same sum evaluated in 256-bit MPFR and within 1e-11 of it; MPFR at 256 and 512 bits agree.
#[test]
fn f64_upper_bound_against_mpfr_at_large_orders() {
    for (d, k, c, s, a) in [(6u64, 2u64, 1.0, 0.5, 20u64), (10, 3, 1.0, 0.6, 16), (3, 1, 1.0, 0.5, 128), (7, 5, 1.0, 0.7, 16), (1000, 1, 1.0, 1.0, 40)] {
        let p = pair(d, k, c, s);
        assert!(p.beta() * (a * (a - 1)) as f64 >= 200.0);
        let hi = forward_r(&p, a, &Mp::new(256, 0.0)).unwrap();
        let hi2 = forward_r(&p, a, &Mp::new(512, 0.0)).unwrap();
        assert!(rel(hi.to_f64(), hi2.to_f64()) < 1e-15);
        let f = theorem_3_1_forward(&p, a).unwrap();
        assert!(f >= hi.to_f64_up(), "({d},{k},{s},{a}): f64 {f} below MPFR {}", hi.to_f64());
        assert!(rel(f, hi.to_f64()) < 1e-11, "({d},{k},{s},{a}): f64 {f} vs MPFR {}", hi.to_f64());
    }
}

/// Complement identity (spec §1.3 E), checked on Lemma 3.12's literal sums for k = 3 and k = 2
/// of d = 5 (the production code uses the identity, so it cannot check itself).
#[test]
fn complement_identity_holds_between_literal_sums() {
    let (d, s, a) = (5usize, 0.9, 3u64);
    let p = pair(5, 3, 1.0, s);
    let f3 = lemma_3_12(&Mixture::balanced(d, 3, 1.0, s).unwrap(), a).unwrap();
    let f2 = lemma_3_12(&Mixture::balanced(d, 2, 1.0, s).unwrap(), a).unwrap();
    assert!(rel(f3, f2 + a as f64 * p.beta() * (6.0 - 5.0)) < 1e-12);
    assert!(rel(theorem_3_1_forward(&p, a).unwrap(), f3) < 1e-11);
}

#[test]
fn bad_orders_and_too_large_tables_are_errors() {
    let p = pair(10, 4, 1.0, 2.0);
    assert!(theorem_3_1_forward(&p, 1).is_err());
    assert!(theorem_3_1_forward(&p, 5000).is_err());
    let big = pair(60, 24, 1.0, 2.0);
    assert!(matches!(theorem_3_1_forward(&big, 64), Err(Error::Unsupported(_))));
    assert!(MixturePair::new(10, 0, 1.0, 2.0).is_err() && MixturePair::new(10, 10, 1.0, 2.0).is_err() && MixturePair::new(1, 1, 1.0, 1.0).is_err());
    assert!(MixturePair::new(10, 4, 0.0, 2.0).is_err() && MixturePair::new(10, 4, 1.0, f64::NAN).is_err());
}

/// Rényi curves are non-decreasing in α (shared conformance property), here for F_α.
#[test]
fn forward_term_is_non_decreasing_in_order() {
    let p = pair(10, 4, 1.0, 2.0);
    let v: Vec<f64> = (2..=12).map(|a| theorem_3_1_forward(&p, a).unwrap()).collect();
    assert!(v.windows(2).all(|w| w[1] >= w[0]), "{v:?}");
}

/// The all-orders entry point equals the DP/EGF evaluated to nearest (`forward_r` in f64, an
/// independent route at these sizes) to 1e-12 relative and is never below it — general k by one
/// quadrature walk, k = 1 by one EGF power — and keeps the order of its input. (Against the
/// rounded-up `theorem_3_1_forward_dp` the difference is that route's larger rounding allowance,
/// up to ~2e-12 relative at T = 10, k = 4.)
#[test]
fn all_orders_call_matches_the_per_order_dp() {
    for p in [pair(10, 4, 1.0, 2.0), pair(9, 3, 1.0, 1.0), pair(7, 6, 1.0, 1.5), pair(12, 1, 1.0, 0.8)] {
        let orders = [9u64, 2, 5, 12, 3];
        let all = theorem_3_1_forward_orders(&p, &orders).unwrap();
        // k' = 1: the EGF curve's allowance (largest magnitude over all orders) is ~1e-11
        let tol = if p.k.min(p.d - p.k) == 1 { 1e-10 } else { 1e-12 };
        for (&a, f) in orders.iter().zip(&all) {
            let dp = forward_r(&p, a, &0.0f64).unwrap();
            assert!(rel(*f, dp) < tol && *f >= dp * (1.0 - 1e-14), "({},{}) α = {a}: {f} vs DP {dp}", p.d, p.k);
        }
        let curve = theorem_3_1_forward_curve(&p, 6).unwrap();
        assert_eq!(curve.len(), 5);
        assert!(rel(curve[3], forward_r(&p, 5, &0.0f64).unwrap()) < tol);
    }
    assert!(theorem_3_1_forward_orders(&pair(10, 4, 1.0, 2.0), &[]).unwrap().is_empty());
    assert!(theorem_3_1_forward_orders(&pair(10, 4, 1.0, 2.0), &[3, 1]).is_err());
}
