//! The Section 6 / Appendix A, E, F cards against independent numbers: the spec's computed
//! examples and counterexamples (mixtures_fdp §6.1–§6.8: rationals checkable by hand for the
//! discrete instances, mpmath 40 digits for the Gaussian ones, `golden/anchors/mixture_fdp/
//! sections_3_6.py`), hand computations quoted in each test, and Gaussian closed forms.
#![allow(clippy::excessive_precision)]

use super::testing::{close, eval, val};

#[test]
fn proposition_6_1_corrected_criterion_and_gaussian_counterexample() {
    // Example F.2's instance (disjoint supports): equality, and the printed identity holds too
    let ev = eval("Proposition 6.1", &[("w", "0.5,0.5"), ("p1", "0.6,0.4,0,0"), ("q1", "0.4,0.6,0,0"), ("p2", "0,0,0.9,0.1"), ("q2", "0,0,0.1,0.9"), ("alpha", "0.05")]);
    assert_eq!((val(&ev, "equality"), val(&ev, "condition_printed")), (1.0, 1.0));
    close(&ev, "gap", 0.0, 1e-15);
    close(&ev, "T_mixture", 0.55, 1e-12);
    // spec §6.1: θ = 1, T(½N(1,1) + ½N(−1,1), N(0,1)) vs J = G_1 at α = 0.05, 0.2, 0.5
    for (a, t, j) in [("0.05", 0.9177102094, 0.7404889772), ("0.2", 0.6792636869, 0.4370791723), ("0.5", 0.2934679378, 0.1586552539)] {
        let ev = eval("Proposition 6.1", &[("theta", "1"), ("alpha", a)]);
        close(&ev, "T_gaussian", t, 1e-9);
        close(&ev, "J_gaussian", j, 1e-9);
    }
    // same support, one pair's ratios differ: not equal (corrected), though both pairs mirror
    let ev = eval("Proposition 6.1", &[("w", "0.5,0.5"), ("p1", "0.6,0.4"), ("q1", "0.4,0.6"), ("p2", "0.9,0.1"), ("q2", "0.1,0.9")]);
    assert_eq!(val(&ev, "equality"), 0.0);
    close(&ev, "gap", 0.30, 1e-12); // at α = 0.05: 0.85 − 0.55 (spec §3.1)
}

#[test]
fn lemma_a_4_is_an_identity_on_a_hand_computed_instance() {
    // p0 = q1 = (0.2, 0.3, 0.5), p1 = (0.5, 0.3, 0.2), w = ½, γ = 1.5: γ' = 1.25, η = 5/6;
    // P = (0.35, 0.3, 0.35), Q = p0: H_1.25(P‖Q) = 0.35 − 0.25 = 0.1;
    // (1 − η)P0 + ηQ1 = p0: ½ H_1.5(p1‖p0) = ½ (0.5 − 0.3) = 0.1
    let ev = eval("Lemma A.4", &[("p0", "0.2,0.3,0.5"), ("p1", "0.5,0.3,0.2"), ("q1", "0.2,0.3,0.5"), ("w", "0.5"), ("gamma", "1.5")]);
    close(&ev, "lhs", 0.1, 1e-15);
    close(&ev, "rhs", 0.1, 1e-15);
    close(&ev, "gamma_prime", 1.25, 1e-15);
    close(&ev, "eta", 1.25 / 1.5, 1e-15);
}

#[test]
fn lemma_6_2_matches_spec_6_3() {
    // spec §6.3: w = 0.3, γ = 0.1, η = 0.8, e^ε' = 2: e^ε0 = 2.040816326531, e^ε1 = 1.904761904762,
    // lhs 0.07, rhs 0.178571428571
    let ev = eval("Lemma 6.2", &[("p1", "0.6,0.4"), ("q1", "0.4,0.6"), ("p2", "0.9,0.1"), ("q2", "0.1,0.9"), ("w", "0.3"), ("gamma", "0.1"), ("eta", "0.8"), ("epsilon", "0.6931471805599453")]);
    close(&ev, "lhs", 0.07, 1e-12);
    close(&ev, "rhs", 0.178571428571, 1e-11);
    close(&ev, "eps0", 2.040816326531f64.ln(), 1e-11);
    close(&ev, "eps1", 1.904761904762f64.ln(), 1e-11);
}

#[test]
fn lemma_6_3_counterexample_of_spec_6_4() {
    // spec §6.4: T(P_w, Q_w)(0.09) = 0.09; the printed special case gives C(·)(0.09) = 0.273
    let ev = eval("Lemma 6.3", &[("p1", "0,0.5,0.5,0"), ("q1", "0.5,0,0,0.5"), ("p2", "0.15,0.35,0.35,0.15"), ("q2", "0.35,0.15,0.15,0.35"), ("w", "0.3"), ("gamma", "0.2"), ("eta", "0.31"), ("alpha", "0.09")]);
    close(&ev, "T_exact", 0.09, 1e-12);
    close(&ev, "bound_special_printed", 0.273, 5e-4);
    assert!(val(&ev, "bound_special") <= 0.09 + 1e-12 && val(&ev, "bound") <= 0.09 + 1e-12);
    assert!(val(&ev, "bound_printed") > 0.09, "the printed general form overshoots here (spec: by up to 0.120)");
}

#[test]
fn proposition_6_4_counterexample_of_spec_6_5() {
    // P0 = (½, ½), Q0 = (1, 0), w = ¼: at α = 0.625 T(P, Q) = 0.125, printed C(f_S) = 0.1875;
    // H_1.5(P‖Q) = 0.1875 (two-sided δ at ε = ln 1.5)
    let ev = eval("Proposition 6.4", &[("p0", "0.5,0.5"), ("q0", "1,0"), ("w", "0.25"), ("alpha", "0.625"), ("epsilon", "0.4054651081081644")]);
    close(&ev, "T_exact", 0.125, 1e-15);
    close(&ev, "bound_printed", 0.1875, 1e-15);
    assert!(val(&ev, "bound") <= 0.125 + 1e-15);
    close(&ev, "delta_exact", 0.1875, 1e-12);
    assert!(val(&ev, "delta") >= 0.1875 - 1e-12);
}

#[test]
fn proposition_e_1_gaussian_counterexample_of_spec_6_6() {
    // P0 = N(100, 1), P1 = N(0, 1), Q1 = N(1, 1), w = ½: exact vs claimed at α = 0.01, 0.05, 0.1
    for (a, exact, claimed) in [("0.01", 0.9270005276, 0.9488188760), ("0.05", 0.8054281542, 0.8452444886), ("0.1", 0.7185395861, 0.7554281542)] {
        let ev = eval("Proposition E.1", &[("w", "0.5"), ("alpha", a), ("mu", "1")]);
        close(&ev, "T_gaussian", exact, 1e-9);
        close(&ev, "bound_gaussian_printed", claimed, 1e-9);
        assert!(val(&ev, "bound_gaussian") <= exact);
    }
}

#[test]
fn examples_f_match_spec_6_7_and_6_8() {
    // F.1: everything perfectly distinguishable
    let ev = eval("Example F.1", &[("w", "0.3,0.7"), ("alpha", "0.4"), ("epsilon", "1")]);
    assert_eq!((val(&ev, "T_mixture"), val(&ev, "J"), val(&ev, "equality"), val(&ev, "delta")), (0.0, 0.0, 1.0, 1.0));
    // F.2: the mixture equals J of spec §3.1: vertices (0.05, 0.55), (0.25, 0.25), (0.55, 0.05)
    for (a, v) in [("0.05", 0.55), ("0.25", 0.25), ("0.55", 0.05)] {
        let ev = eval("Example F.2", &[("w", "0.5,0.5"), ("alpha", a)]);
        close(&ev, "T_mixture", v, 1e-12);
        close(&ev, "J", v, 1e-12);
        assert_eq!(val(&ev, "equality"), 1.0);
    }
    // F.3 (μ = 1, w = 1/3, spec §6.7 table): exact, Lemma 3.1, C(·) at α = 0.05, 0.5, 0.8; δ(0.5), δ(1)
    for (a, exact, l31, c) in [("0.05", 0.8103259848, 0.7799078388, 0.8103259848), ("0.5", 0.2724368360, 0.2447167183, 0.2484632430), ("0.8", 0.0885101910, 0.0424695640, 0.0543284947)] {
        let ev = eval("Example F.3", &[("mu", "1"), ("w", "0.3333333333333333"), ("alpha", a)]);
        close(&ev, "exact", exact, 1e-9);
        close(&ev, "lemma_3_1", l31, 1e-9);
        close(&ev, "bound", c, 1e-9);
    }
    for (e, d) in [("0.5", 0.1291862381), ("1", 0.0556069564)] {
        let ev = eval("Example F.3", &[("mu", "1"), ("w", "0.3333333333333333"), ("alpha", "0.5"), ("epsilon", e)]);
        close(&ev, "delta", d, 1e-9);
    }
    // eq. (3): the corrected middle piece is on the curve, the printed one is not
    let ev = eval("Example F.3", &[("mu", "1"), ("w", "0.3333333333333333"), ("alpha", "0.4")]);
    close(&ev, "middle_corrected", val(&ev, "bound"), 1e-12);
    assert!(val(&ev, "middle_printed") < 0.0);
    // F.4: Id vs G_1(0.5) = 0.158655253931 (spec §1.5)
    let ev = eval("Example F.4", &[("mu", "1"), ("alpha", "0.5")]);
    close(&ev, "exact", 0.5, 0.0);
    close(&ev, "lemma_3_1", 0.158655253931, 1e-11);
    close(&ev, "proposition_6_4", 0.5, 0.0);
}
