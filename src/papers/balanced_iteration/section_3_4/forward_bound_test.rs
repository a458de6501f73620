use super::*;
use crate::num::Mp;
use crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward;
use crate::papers::balanced_iteration::section_3_4::mixtures::{lemma_3_13_rhs, Mixture};

fn pair(d: u64, k: u64, sigma: f64) -> MixturePair {
    MixturePair::new(d, k, 1.0, sigma).unwrap()
}

/// Spec §11 (T = 10, k = 4, σ = 2) and §1.8 / §5 computed examples (c = 1).
#[test]
fn spec_examples() {
    for (d, k, s, a, want) in [
        (10u64, 4u64, 2.0, 2u64, 0.4200666512529),
        (10, 4, 2.0, 3, 0.6451971836236),
        (10, 4, 2.0, 4, 0.8804023012658),
        (10, 4, 2.0, 8, 1.921205187514),
        (10, 4, 2.0, 32, 11.03833185771),
        (10, 4, 2.0, 16, 4.461146225294),
        (3, 1, 0.8, 3, 1.420715053693),
        (4, 2, 1.3, 3, 1.018731213953),
        (60, 24, 2.0, 8, 11.35949215458),
        (3, 1, 1.0, 10, 3.914773613053),
        (8, 1, 1.0, 8, 2.041190296479),
        (2, 1, 1.0, 8, 3.325002747358),
        (3, 1, 1.0, 32, 14.9013879364),
    ] {
        let g = corollary_3_14(&pair(d, k, s), a).unwrap();
        assert!((g - want).abs() / want < 1e-10, "G_{a}({d},{k},{s}) = {g}, spec {want}");
    }
    // k = 1 closed form: ln((e^{αc²/(2σ²)} + d − 1)/d) = ln((e⁴ + 2)/3) at d = 3, σ = 1, α = 8
    let (g, closed) = (corollary_3_14(&pair(3, 1, 1.0), 8).unwrap(), ((4f64.exp() + 2.0) / 3.0).ln());
    assert!(g >= closed && g - closed < 1e-13);
}

/// Lemma 3.13: G_α ≥ F_α (exact), equality at α = 2; and G equals the literal N² sum of the
/// lemma's right-hand side.
#[test]
fn g_bounds_f_and_equals_the_literal_pair_sum() {
    for (d, k, s) in [(10u64, 4u64, 2.0), (4, 2, 1.0), (5, 2, 0.7), (3, 1, 0.5), (7, 5, 1.5)] {
        let p = pair(d, k, s);
        let curve = corollary_3_14_curve(&p, &(2..=12).collect::<Vec<_>>()).unwrap();
        for a in 2..=12u64 {
            let (f, g) = (theorem_3_1_forward(&p, a).unwrap(), corollary_3_14(&p, a).unwrap());
            // both rounded up by their own a-priori allowances (F's is larger, ≤ 1e-11 relative)
            assert!(g >= f * (1.0 - 1e-11), "({d},{k},{s},{a}): G {g} < F {f}");
            if a == 2 {
                assert!((g - f).abs() / f < 1e-11);
            }
            assert!((curve[a as usize - 2] - g).abs() <= 1e-13 * g);
        }
        if d <= 7 {
            let lit = lemma_3_13_rhs(&Mixture::balanced(d as usize, k as usize, 1.0, s).unwrap(), 5);
            assert!((corollary_3_14(&p, 5).unwrap() - lit).abs() / lit < 1e-12);
        }
    }
}

#[test]
fn f64_upper_bound_against_mpfr() {
    for (d, k, s, a) in [(1000u64, 400u64, 2.0, 256u64), (60, 24, 2.0, 8), (10, 4, 0.3, 64), (1000, 1, 1.0, 4096)] {
        let p = pair(d, k, s);
        let hi = corollary_3_14_r(&p, a, &Mp::new(256, 0.0)).unwrap();
        let g = corollary_3_14(&p, a).unwrap();
        assert!(g >= hi.to_f64_up() && (g - hi.to_f64()).abs() <= 1e-11 * hi.to_f64(), "({d},{k},{s},{a}): {g} vs {}", hi.to_f64());
    }
}

/// Issue 25 (card fuzz): G_α with αc²/(2σ²) beyond f64 (c = 1e300, σ = 1e−300, c = 1.7e308) was
/// a numerical error; its true value exceeds every f64, so the upper bound is +∞. Near the edge
/// the log-sum stays finite: k = 1, d = 10, c = 30, σ = 1, α = 2 gives
/// `G = ln((e^{900} + 9)/10) = 900 − ln 10 = 897.697414907005954…` (mpmath, 30 digits), though
/// e^{900} itself overflows f64.
#[test]
fn g_alpha_beyond_f64_is_an_infinite_upper_bound() {
    for (c, s) in [(1e300, 1.0), (1.7e308, 1.0), (1.0, 1e-300), (1.0, 5e-324)] {
        let p = MixturePair::new(10, 4, c, s).unwrap();
        assert_eq!(corollary_3_14(&p, 8).unwrap(), f64::INFINITY, "c = {c}, σ = {s}");
    }
    let g = corollary_3_14(&MixturePair::new(10, 1, 30.0, 1.0).unwrap(), 2).unwrap();
    let want = 897.697_414_907_005_95;
    assert!(g >= want && g <= want * (1.0 + 1e-13), "{g}");
}
