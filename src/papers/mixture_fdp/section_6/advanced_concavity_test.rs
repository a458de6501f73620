//! Tests of Section 6 / Appendix E against the spec's computed examples (§6.2–§6.6) and exact
//! mixture chains, never against the code's own output.

use crate::papers::mixture_fdp::section_6::advanced_concavity::*;
use crate::papers::mixture_fdp::appendix_f::examples_f::{example_f_1_pairs, example_f_2_pairs};
use crate::papers::mixture_fdp::section_3::joint_concavity::{lemma_3_1_bound, mixture_tradeoff, Pair};
use crate::repr::TradeOff;

fn four_point() -> [Pair; 2] {
    [Pair::new(&[0.0, 0.5, 0.5, 0.0], &[0.5, 0.0, 0.0, 0.5]), Pair::new(&[0.15, 0.35, 0.35, 0.15], &[0.35, 0.15, 0.15, 0.35])]
}

/// Spec §6.4 counterexample: T(P_w, Q_w)(0.09) = 0.09, the special case gives 0.273 (C of
/// 0.27543); the general form with (0.2, 0.31) overshoots by 0.120; both corrected forms hold.
#[test]
fn lemma_6_3_counterexample_and_corrections() {
    let pairs = four_point();
    let t = mixture_tradeoff(&[0.7, 0.3], &pairs).unwrap();
    assert!((t.eval(0.09).unwrap() - 0.09).abs() < 1e-12);
    let sp = lemma_6_3_special_printed(&pairs, 0.3).unwrap();
    assert!((sp.eval(0.09).unwrap() - 0.273).abs() < 1e-12, "{}", sp.eval(0.09).unwrap());
    assert!(lemma_6_3_special_corrected(&pairs, 0.3).unwrap().is_below(&t, 1e-12));
    let gp = lemma_6_3_printed(&pairs, 0.3, 0.2, 0.31).unwrap();
    let worst = (0..=1000).map(|k| k as f64 / 1000.0).map(|a| gp.eval(a).unwrap() - t.eval(a).unwrap()).fold(f64::MIN, f64::max);
    assert!((worst - 0.120).abs() < 1e-3, "{worst}");
    assert!(lemma_6_3_corrected(&pairs, 0.3, 0.2, 0.31).unwrap().is_below(&t, 1e-12));
    assert!(lemma_6_3_printed(&pairs, 0.3, 0.3, 0.2).is_err());
}

/// When `γ(1 − w) = w(1 − η)`, `k₁ = k₂ = 1` and `F[h] = (Σ c h_ij*)*` is the joint combination
/// `J_c` (built independently by merging segments); and `F[Id] ≤ Id` always (`S ≥ max(−1, y)`).
#[test]
fn advanced_f_with_unit_scales_is_the_joint_combination() {
    let pairs = four_point();
    let h = cross(&pairs).unwrap();
    let (w, gamma, eta) = (0.4, 0.2, 0.7);
    let f = advanced_f(&h, w, gamma, eta).unwrap();
    let c = [(1.0 - w) * (1.0 - gamma), (1.0 - w) * gamma, w * (1.0 - eta), w * eta];
    let j = TradeOff::joint(&c, &[h[0][0].clone(), h[0][1].clone(), h[1][0].clone(), h[1][1].clone()]).unwrap();
    assert!(f.is_below(&j, 1e-13) && j.is_below(&f, 1e-13));
    let id = TradeOff::identity();
    let hid = [[id.clone(), id.clone()], [id.clone(), id.clone()]];
    assert!(advanced_f(&hid, 0.4, 0.1, 0.9).unwrap().is_below(&id, 1e-15));
}

/// Spec §6.5 counterexample: P0 = (½, ½), Q0 = (1, 0), w = ¼: T(0.625) = 0.125 vs 0.1875;
/// H_1.5(P‖Q) = 0.1875. The corrected form is below T; the symmetric case agrees with it.
#[test]
fn proposition_6_4_asymmetric_counterexample() {
    let pair = Pair::new(&[0.5, 0.5], &[1.0, 0.0]);
    let t = swap_mixture(&pair, 0.25).unwrap();
    let t0 = pair.tradeoff().unwrap();
    assert!((t.eval(0.625).unwrap() - 0.125).abs() < 1e-15);
    assert!((proposition_6_4_printed(&t0, 0.25).unwrap().eval(0.625).unwrap() - 0.1875).abs() < 1e-15);
    assert!((hockey_stick(&[0.625, 0.375], &[0.875, 0.125], 1.5).unwrap() - 0.1875).abs() < 1e-15);
    assert!(proposition_6_4_corrected(&t0, 0.25).unwrap().is_below(&t, 1e-15));
    let sym = Pair::new(&[0.75, 0.25], &[0.25, 0.75]);
    let s0 = sym.tradeoff().unwrap();
    let (a, b) = (proposition_6_4_printed(&s0, 0.2).unwrap(), proposition_6_4_corrected(&s0, 0.2).unwrap());
    assert!(a.is_below(&b, 1e-15) && b.is_below(&a, 1e-15) && a.is_below(&swap_mixture(&sym, 0.2).unwrap(), 1e-15));
    assert!(proposition_6_4_printed(&s0, 0.6).is_err());
}

/// Spec §6.6 discrete analogue: P0 a disjoint atom. The printed bound exceeds the exact curve;
/// the corrected one (f below all three closeness pairs) does not.
#[test]
fn proposition_e_1_disjoint_atom() {
    let (p0, p1, q1) = ([0.0, 0.0, 1.0], [0.6, 0.4, 0.0], [0.4, 0.6, 0.0]);
    let p: Vec<f64> = (0..3).map(|j| 0.5 * p0[j] + 0.5 * p1[j]).collect();
    let q: Vec<f64> = (0..3).map(|j| 0.5 * p0[j] + 0.5 * q1[j]).collect();
    let t = TradeOff::from_pair(&p, &q).unwrap();
    let t1 = TradeOff::from_pair(&p1, &q1).unwrap();
    // exact at α = 0.05: index revealed, ½·1 + ½·T1(0.1) = ½ + ½·(1 − 1.5·0.1) = 0.925
    assert!((t.eval(0.05).unwrap() - 0.925).abs() < 1e-15);
    let pr = proposition_e_1_printed(&t1, 0.5).unwrap();
    // printed: ½(1 − 0.05) + ½T1(0.05) = ½·0.95 + ½·0.925 = 0.9375 > 0.925
    assert!((pr.eval(0.05).unwrap() - 0.9375).abs() < 1e-15);
    let f = closeness_envelope(&[t1.clone(), TradeOff::from_pair(&p0, &p1).unwrap(), TradeOff::from_pair(&p0, &q1).unwrap()]).unwrap();
    assert!(proposition_e_1_corrected(&f, 0.5).unwrap().is_below(&t, 1e-15));
    assert!(proposition_e_1_corrected(&TradeOff::from_pair(&[0.5, 0.5], &[1.0, 0.0]).unwrap(), 0.5).is_err());
}

/// Spec §6.2 (Lemma A.4 is an identity) and §6.3 computed example (e^{ε0} = 2.040816326531,
/// e^{ε1} = 1.904761904762, lhs 0.07, rhs 0.178571428571).
#[test]
fn lemma_a_4_and_lemma_6_2_examples() {
    let (l, r) = lemma_a_4(&[0.5, 0.3, 0.2], &[0.6, 0.3, 0.1], &[0.1, 0.3, 0.6], 0.3, 1.5).unwrap();
    assert!((l - r).abs() < 1e-15 && l > 0.0);
    let pairs = [Pair::new(&[0.6, 0.4], &[0.4, 0.6]), Pair::new(&[0.9, 0.1], &[0.1, 0.9])];
    let (e0, e1, lhs, rhs) = lemma_6_2(&pairs, 0.3, 0.1, 0.8, 2.0).unwrap();
    assert!((e0 - 2.040816326531).abs() < 1e-11 && (e1 - 1.904761904762).abs() < 1e-11);
    assert!((lhs - 0.07).abs() < 1e-14 && (rhs - 0.178571428571).abs() < 1e-11);
    assert!(lemma_6_2(&pairs, 0.3, 0.4, 0.8, 2.0).is_err());
}

/// Proposition 6.1: the paper's identity holds whenever Q1 = Q2, yet T ≠ J (discrete); the
/// corrected criterion says no. Examples F.1 and F.2 satisfy both and T = J (spec §6.8 vertices).
#[test]
fn proposition_6_1_condition_vs_equality() {
    let q = [1.0 / 3.0; 3];
    let pairs = [Pair::new(&[0.2, 0.3, 0.5], &q), Pair::new(&[0.5, 0.3, 0.2], &q)];
    assert!(proposition_6_1_condition([0.5, 0.5], &pairs).unwrap());
    assert!(!joint_is_exact(&[0.5, 0.5], &pairs).unwrap());
    let (t, j) = (mixture_tradeoff(&[0.5, 0.5], &pairs).unwrap(), lemma_3_1_bound(&[0.5, 0.5], &pairs).unwrap());
    assert!(!t.is_below(&j, 1e-3));
    for ex in [example_f_1_pairs(), example_f_2_pairs()] {
        assert!(proposition_6_1_condition([0.5, 0.5], &ex).unwrap() && joint_is_exact(&[0.5, 0.5], &ex).unwrap());
        let (t, j) = (mixture_tradeoff(&[0.5, 0.5], &ex).unwrap(), lemma_3_1_bound(&[0.5, 0.5], &ex).unwrap());
        assert!(t.is_below(&j, 1e-15) && j.is_below(&t, 1e-15));
    }
    let t2 = mixture_tradeoff(&[0.5, 0.5], &example_f_2_pairs()).unwrap();
    for (a, b) in [(0.0, 1.0), (0.05, 0.55), (0.25, 0.25), (0.55, 0.05), (1.0, 0.0)] {
        assert!((t2.eval(a).unwrap() - b).abs() < 1e-15);
    }
}
