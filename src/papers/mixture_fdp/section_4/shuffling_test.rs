//! Tests of Section 4 (`shuffling.rs`, `shuffling_mp.rs`, `rr.rs`) against the spec's computed
//! examples (mixtures_fdp §4.2–4.5: 50-digit evaluations), the paper's printed Table 1 digits,
//! the 256-bit MPFR route (exact binomials, no log space) and the exact chains built from atoms.
#![allow(clippy::excessive_precision)]

use crate::papers::mixture_fdp::section_4::rr::{binary_rr_delta, k_rr_delta};
use crate::papers::mixture_fdp::section_4::knots::{f_s_at_knot, proposition_4_1_knot};
use crate::papers::mixture_fdp::section_4::shuffling::*;
use crate::papers::mixture_fdp::section_4::shuffling_mp::{corollary_4_3_delta_mp, exact_pair_delta_mp};
use crate::repr::TradeOff;

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}
fn big() -> Shuffle {
    Shuffle::new(10_000, 4.444).unwrap()
}

#[test]
fn proposition_4_1_knots_match_spec_example_a() {
    // spec §4.2 computed example A (n = 4, ε₀ = 1): (t, α, β, f_S(α)).
    let s = Shuffle::new(4, 1.0).unwrap();
    for (ta, tb, a, b, fs) in [(1, 3, 0.019452395344, 0.550931009036, 0.782014404776), (1, 2, 0.119726487664, 0.350382824396, 0.635401933966), (1, 1, 0.350382824396, 0.119726487664, 0.404745597235), (2, 1, 0.550931009036, 0.019452395344, 0.250535791085), (3, 1, 0.609288195069, 0.0, 0.210157176329)] {
        let k = proposition_4_1_knot(&s, ta, tb).unwrap();
        assert!((k[0] - a).abs() < 1e-12 && (k[3] - b).abs() < 1e-12, "t = {ta}/{tb}: {k:?}");
        assert!((f_s_at_knot(&s, &k) - fs).abs() < 1e-12);
    }
}

#[test]
fn proposition_4_1_knots_match_spec_example_b_tails() {
    // spec §4.2 example B (n = 10⁴, ε₀ = 4.444): tails kept to full relative accuracy.
    let s = big();
    let k = proposition_4_1_knot(&s, 1, 4).unwrap();
    assert!(rel(k[0], 3.66216953623e-20) < 1e-9 && rel(k[2], 1.49441457589e-19) < 1e-9, "{k:?}");
    let k = proposition_4_1_knot(&s, 2, 1).unwrap();
    assert!(rel(k[1], 2.48438810703e-7) < 1e-9 && rel(k[3], 1.20405191895e-07) < 1e-9, "{k:?}");
    assert!(rel(f_s_at_knot(&s, &k), 1.23378751305e-07) < 1e-9);
}

#[test]
fn proposition_4_1_knots_lie_on_the_brute_force_chain() {
    // spec §4.2 cross-check: the PL chain from every atom passes through every knot.
    for (n, e0) in [(5u64, 1.0), (20, 0.5), (50, 2.0)] {
        let s = Shuffle::new(n, e0).unwrap();
        let chain = proposition_4_1_chain(&s).unwrap();
        for (ta, tb) in [(1, 3), (1, 2), (2, 3), (1, 1), (3, 2), (2, 1), (4, 1)] {
            let k = proposition_4_1_knot(&s, ta, tb).unwrap();
            assert!((chain.eval(k[0]).unwrap() - k[3]).abs() < 1e-13, "({n}, {e0}) t = {ta}/{tb}");
        }
        assert!(chain.is_symmetric(1e-12), "T(P0, Q0) must be symmetric ({n}, {e0})");
    }
}

#[test]
fn theorem_4_2_vertices_match_spec_n4() {
    // spec §4.3 computed example 1: vertices of C(f_S) for n = 4, ε₀ = 1.
    let c = theorem_4_2_chain(&Shuffle::new(4, 1.0).unwrap()).unwrap();
    let want = [(0.0, 0.819445371397), (0.019452395344, 0.782014404776), (0.119726487664, 0.635401933966), (0.635401933966, 0.119726487664), (0.782014404776, 0.019452395344), (0.819445371397, 0.0), (1.0, 0.0)];
    // same function: the chain through the spec's vertices, and every chain vertex on the
    // spec's polyline (a collinear vertex on the slope −1 segment may remain)
    let spec = TradeOff::from_points(&want).unwrap();
    for (x, y) in want {
        assert!((c.eval(x).unwrap() - y).abs() < 1e-11, "C(f_S)({x})");
    }
    for v in c.vertices() {
        assert!((spec.eval(v.x).unwrap() - v.y).abs() < 1e-11, "vertex {v:?}");
    }
}

#[test]
fn theorem_4_2_is_below_the_exact_pair_and_f_s_is_not() {
    // spec §4.3 example 4 / §10.1 items 1, 2: C(f_S) ≤ T(P, Q); f_S itself fails near α = 1
    // (−3.55e−2 at α ≈ 0.79 for (5, 1)).
    for (n, e0) in [(5u64, 1.0), (20, 0.5), (50, 2.0), (200, 3.0)] {
        let s = Shuffle::new(n, e0).unwrap();
        let exact = exact_pair_chain(&s).unwrap();
        assert!(theorem_4_2_chain(&s).unwrap().is_below(&exact, 1e-13), "({n}, {e0})");
    }
    let s = Shuffle::new(5, 1.0).unwrap();
    let t0 = proposition_4_1_chain(&s).unwrap();
    let fs = TradeOff::pointwise(&[2.0 * s.w(), 1.0 - 2.0 * s.w()], &[TradeOff::identity(), t0]).unwrap();
    let exact = exact_pair_chain(&s).unwrap();
    let gap = (0..=1000).map(|k| k as f64 / 1000.0).map(|a| exact.eval(a).unwrap() - fs.eval(a).unwrap()).fold(f64::INFINITY, f64::min);
    assert!((gap + 3.55e-2).abs() < 5e-4, "min T(P,Q) − f_S = {gap}");
}

#[test]
fn theorem_4_2_delta_curve_is_corollary_4_3() {
    // Corollary 4.3 = 1 + C(f_S)*(−e^ε): the chain's δ equals the closed sum.
    for (n, e0) in [(4u64, 1.0), (5, 1.0), (20, 0.5), (50, 2.0)] {
        let s = Shuffle::new(n, e0).unwrap();
        let c = theorem_4_2_chain(&s).unwrap();
        for eps in [0.0, 0.25, 0.5, 1.0] {
            let (a, b) = (c.delta_qp(eps).unwrap(), corollary_4_3_delta(&s, eps).unwrap());
            assert!((a - b).abs() < 1e-11 * b.max(1e-3), "({n}, {e0}, {eps}): chain {a} vs sum {b}");
        }
    }
}

#[test]
fn corollary_4_3_small_n_matches_spec_and_mpfr() {
    // spec §4.4 computed examples (all three box forms agree there).
    let cases = [(4u64, 1.0, 0.0, 0.244871578369), (4, 1.0, 0.25, 0.210866212822), (4, 1.0, 0.5, 0.185914017254), (4, 1.0, 1.0, 0.180554628603), (5, 1.0, 0.25, 0.17728793694), (5, 1.0, 0.5, 0.14576162480), (5, 1.0, 1.0, 0.13199601015), (20, 0.5, 0.25, 6.7953595097e-03), (20, 0.5, 1.0, 1.3689025369e-04), (50, 2.0, 0.5, 4.9555167301e-02), (200, 3.0, 1.0, 5.1494216782e-03)];
    for (n, e0, eps, want) in cases {
        let s = Shuffle::new(n, e0).unwrap();
        let d = corollary_4_3_delta(&s, eps).unwrap();
        assert!(rel(d, want) < 1e-10, "({n}, {e0}, {eps}): {d}");
        let m = corollary_4_3_delta_mp(&s, eps);
        assert!(d >= m && rel(d, m) < 1e-11, "({n}, {e0}, {eps}): f64 {d} vs MPFR {m}");
    }
}

#[test]
fn table_1_reproduced() {
    // spec §4.5 Table 1: δ_f-DP computed (15 digits), the paper's printed digit, the exact pair.
    let s = big();
    let rows: [(f64, f64, f64, f64); 6] = [(0.5, 3.03086166695554e-06, 3e-6, 2.74463804649302e-6), (0.6, 1.27109926196377e-07, 1e-7, 1.0844097109e-07), (0.7, 3.82548010405027e-09, 4e-9, 3.0215265840e-09), (0.8, 8.70092358327086e-11, 9e-11, 6.2430544638e-11), (0.9, 1.58535675564596e-12, 2e-12, 1.0154668655e-12), (1.0, 2.44552070902431e-14, 2e-14, 1.3745826402733e-14)];
    for (eps, spec, printed, pair) in rows {
        let d = corollary_4_3_delta(&s, eps).unwrap();
        assert!(rel(d, spec) < 1e-9, "ε = {eps}: {d:e}");
        let scale = 10f64.powf(printed.log10().floor());
        assert_eq!((d / scale).round(), (printed / scale).round(), "printed digit at ε = {eps}");
        let p = exact_pair_delta(&s, eps).unwrap();
        assert!(rel(p, pair) < 1e-9, "exact pair at ε = {eps}: {p:e}");
        assert!(p <= d);
    }
}

#[test]
fn table_1_mpfr_route_agrees() {
    let s = big();
    for eps in [0.5, 1.0] {
        let (d, m) = (corollary_4_3_delta(&s, eps).unwrap(), corollary_4_3_delta_mp(&s, eps));
        assert!(d >= m && rel(d, m) < 1e-11, "ε = {eps}: {d:e} vs MPFR {m:e}");
        let (p, mp) = (exact_pair_delta(&s, eps).unwrap(), exact_pair_delta_mp(&s, eps));
        assert!(p >= mp && rel(p, mp) < 1e-11, "pair ε = {eps}: {p:e} vs MPFR {mp:e}");
    }
}

#[test]
fn table_2_reproduced_and_nested() {
    // spec §4.5 Table 2: ε_f-DP to 1e−8; ε_RR ≤ ε_exact pair ≤ ε_f-DP (checked in δ:
    // δ_3RR(ε_pair) ≤ δ and ε_pair ≤ ε_fdp).
    let s = big();
    for (delta, want, pair) in [(5e-5, 0.3995891434, 0.397452), (3e-6, 0.5003440557, 0.497069), (1e-7, 0.6071432544, 0.602372), (4e-9, 0.6988108264, 0.692499), (9e-11, 0.7991357032, 0.790854), (2e-12, 0.8943255899, f64::NAN), (2e-14, 1.0047498948, f64::NAN)] {
        let e = corollary_4_3_epsilon(&s, delta).unwrap();
        assert!((e - want).abs() < 1e-8 * want.max(1.0) + 5e-11, "δ = {delta}: {e}");
        let ep = exact_pair_epsilon(&s, delta).unwrap();
        if pair.is_finite() {
            assert!((ep - pair).abs() < 1e-6, "pair δ = {delta}: {ep}");
        }
        assert!(ep <= e);
        assert!(k_rr_delta(&s, 3, ep).unwrap() <= delta, "3-RR above δ at ε_pair (δ = {delta})");
    }
}

#[test]
fn rr_lower_bounds_match_spec_and_stay_below() {
    // spec §4.5 Table 1, 3-RR and binary RR columns (7 digits).
    let s = big();
    for (eps, k3, b2) in [(0.5, 2.469560e-06, 4.320987e-08), (1.0, 9.384138e-15, 1.847418e-17)] {
        let (d3, d2) = (k_rr_delta(&s, 3, eps).unwrap(), binary_rr_delta(&s, eps).unwrap());
        assert!(rel(d3, k3) < 1e-6 && rel(d2, b2) < 1e-6, "ε = {eps}: {d3:e} {d2:e}");
        assert!(d2 <= d3 && d3 <= exact_pair_delta(&s, eps).unwrap());
    }
}

#[test]
fn literal_knot_understates_delta() {
    // spec §10.1 item 4: (5, 1, 0.5): literal 0.12846776073 vs correct 0.14576162480.
    for (n, e0, eps, lit, ok) in [(5u64, 1.0, 0.5, 0.12846776073, 0.14576162480), (5, 1.0, 0.25, 0.17617954126, 0.17728793694), (20, 0.5, 0.25, 6.0093786359e-03, 6.7953595097e-03)] {
        let s = Shuffle::new(n, e0).unwrap();
        let l = corollary_4_3_literal_knot_delta(&s, eps).unwrap();
        assert!(rel(l, lit) < 1e-9, "({n}, {e0}, {eps}): literal {l}");
        assert!(rel(corollary_4_3_delta(&s, eps).unwrap(), ok) < 1e-9);
    }
}

#[test]
fn trivial_cap_restores_eps0_dp() {
    // spec §4.4 [C] / §10.1 item 6: n = 4, ε₀ = 1: δ_f-DP(1) = 0.1806 but the capped δ is 0.
    let s = Shuffle::new(4, 1.0).unwrap();
    assert!(rel(corollary_4_3_delta(&s, 1.0).unwrap(), 0.180554628603) < 1e-10);
    assert_eq!(corollary_4_3_delta_capped(&s, 1.0).unwrap(), 0.0);
    // below ε₀ the cap is (e − e^ε)/(e + 1)
    let c = corollary_4_3_delta_capped(&s, 0.5).unwrap();
    let cap = (1f64.exp() - 0.5f64.exp()) / (1f64.exp() + 1.0);
    assert!(rel(c, cap.min(0.185914017254)) < 1e-10);
}

#[test]
fn bad_parameters_are_errors() {
    assert!(Shuffle::new(1, 1.0).is_err());
    assert!(Shuffle::new(10, 0.0).is_err());
    assert!(Shuffle::new(10, f64::NAN).is_err());
    let s = Shuffle::new(10, 1.0).unwrap();
    assert!(corollary_4_3_delta(&s, -0.1).is_err());
    assert!(corollary_4_3_epsilon(&s, 0.0).is_err());
    assert!(k_rr_delta(&s, 2, 0.1).is_err());
    assert!(corollary_4_3_literal_knot_delta(&s, f64::INFINITY).is_err());
}
