//! Tests of Section 3 / Appendix B against the spec's computed examples (§3.1, §3.3, §3.5) and
//! brute-force minimisation (Corollary B.3), never against the code's own output.

use crate::papers::mixture_fdp::section_3::joint_concavity::*;
use crate::repr::TradeOff;

fn ex1() -> (Vec<f64>, Vec<Pair>) {
    (vec![0.5, 0.5], vec![Pair::new(&[0.6, 0.4], &[0.4, 0.6]), Pair::new(&[0.9, 0.1], &[0.1, 0.9])])
}

/// Spec §3.1 example 1: T vs J at four α (values printed in the spec).
#[test]
fn lemma_3_1_example_1_values() {
    let (w, pairs) = ex1();
    let (t, j) = (mixture_tradeoff(&w, &pairs).unwrap(), lemma_3_1_bound(&w, &pairs).unwrap());
    for (a, tv, jv) in [(0.05, 0.85, 0.55), (0.1, 0.70, 0.475), (0.25, 0.25, 0.25), (0.4, 0.20, 0.15)] {
        assert!((t.eval(a).unwrap() - tv).abs() < 1e-12, "T({a})");
        assert!((j.eval(a).unwrap() - jv).abs() < 1e-12, "J({a})");
    }
    // δ additivity (spec §3.1 example 2): δ_J(0) = ½·0.2 + ½·0.8 = 0.5 = TV of the mixture
    assert!((j.delta_qp(0.0).unwrap() - 0.5).abs() < 1e-12);
    assert!((t.delta_qp(0.0).unwrap() - 0.5).abs() < 1e-12);
}

/// Spec §3.2: mirrored pairs give a symmetric J; an asymmetric component breaks it.
#[test]
fn proposition_3_2_symmetric_and_not() {
    let (w, pairs) = ex1();
    assert!(proposition_3_2_asymmetry(&w, &pairs).unwrap() < 1e-14);
    let asym = vec![Pair::new(&[0.5, 0.5], &[1.0, 0.0]), Pair::new(&[0.9, 0.1], &[0.1, 0.9])];
    assert!(proposition_3_2_asymmetry(&w, &asym).unwrap() > 0.1);
}

/// Spec §3.3 table (KL, e^{R_2}, H_1.5) and the l_F cross-check on J.
#[test]
fn proposition_3_3_table() {
    let (w, pairs) = ex1();
    for (fd, mix, sum) in [(FDiv::Kl, 0.5493061443, 0.9194363417), (FDiv::Power(2.0), 2.3333333333, 4.6388888889), (FDiv::HockeyStick(1.5), 0.375, 0.375)] {
        let (m, s) = proposition_3_3(&w, &pairs, fd).unwrap();
        assert!((m - mix).abs() < 1e-9 && (s - sum).abs() < 1e-9, "{fd:?}: {m} {s}");
    }
    let j = lemma_3_1_bound(&w, &pairs).unwrap();
    assert!((l_f(&j, FDiv::Kl).unwrap() - 0.9194363417).abs() < 1e-9);
    // spec §1.3 example: KL((0.75, 0.25) ‖ (0.25, 0.75)) = ½ ln 3
    assert!((f_divergence(&Pair::new(&[0.75, 0.25], &[0.25, 0.75]), FDiv::Kl).unwrap() - 0.5 * 3f64.ln()).abs() < 1e-15);
    assert!(f_divergence(&Pair::new(&[0.5, 0.5], &[1.0, 0.0]), FDiv::Power(2.0)).unwrap().is_infinite());
    assert!(f_divergence(&Pair::new(&[0.5], &[1.0]), FDiv::Power(1.0)).is_err());
}

/// Corollary B.3 for G_1, G_2: the slope-matched point equals the brute-force minimum of
/// `½G_1(a₁) + ½G_2(a₂)` over `½a₁ + ½a₂ = α(s)` (grid of 2·10⁵ splits).
#[test]
fn corollary_b_3_matches_brute_force() {
    let gm = |mu: f64, a: f64| crate::repr::gdp::tradeoff(&mu, &a);
    for s in [0.5, 1.0, 3.0] {
        let (a, b) = corollary_b_3_gaussian(&[0.5, 0.5], &[1.0, 2.0], s).unwrap();
        let n = 200_000;
        let mut best = f64::INFINITY;
        for k in 0..=n {
            let a1 = (2.0 * a).min(1.0) * k as f64 / n as f64;
            let a2 = 2.0 * a - a1;
            if (0.0..=1.0).contains(&a2) {
                best = best.min(0.5 * gm(1.0, a1) + 0.5 * gm(2.0, a2));
            }
        }
        assert!(b <= best + 1e-12 && b >= best - 1e-7, "s = {s}: {b} vs {best}");
    }
    assert!(corollary_b_3_gaussian(&[1.0], &[0.0], 1.0).is_err());
    assert!(corollary_b_3_gaussian(&[1.0], &[1.0], -1.0).is_err());
}

/// Spec §3.5 counterexample: exact (0.5 − α)_+, printed 0.5(1 − α); the corrected J_π is exact.
#[test]
fn proposition_b_1_counterexample_table() {
    let c = CrossPairs { p: [vec![1.0, 0.0, 0.0], vec![0.0, 0.0, 1.0]], q: [vec![0.0, 1.0, 0.0], vec![0.0, 0.0, 1.0]] };
    let w = [0.5, 0.5];
    let (t, pr, co) = (c.exact(w, w).unwrap(), c.proposition_b_1_printed(w, w).unwrap(), c.proposition_b_1_corrected(w, w).unwrap());
    for (a, tv, pv) in [(0.1, 0.4, 0.45), (0.25, 0.25, 0.375), (0.4, 0.1, 0.3)] {
        assert!((t.eval(a).unwrap() - tv).abs() < 1e-15 && (pr.eval(a).unwrap() - pv).abs() < 1e-15);
        assert!(co.eval(a).unwrap() <= t.eval(a).unwrap() + 1e-15);
    }
    assert!(co.is_below(&t, 1e-15) && !pr.is_below(&t, 1e-3));
    // different weights: corrected stays below the exact curve
    let c2 = CrossPairs { p: [vec![0.6, 0.4], vec![0.9, 0.1]], q: [vec![0.4, 0.6], vec![0.1, 0.9]] };
    let (w1, w2) = ([0.7, 0.3], [0.4, 0.6]);
    assert!(c2.proposition_b_1_corrected(w1, w2).unwrap().is_below(&c2.exact(w1, w2).unwrap(), 1e-14));
    let _ = TradeOff::identity();
}
