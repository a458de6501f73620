//! The Section 3 / Appendix B cards against independent numbers: the spec's computed examples
//! (mixtures_fdp §3.1–§3.5: hand-checkable rationals for the two-point pairs, 10-digit closed
//! forms for the divergences) and Gaussian closed forms (`G_μ`, spec §1.5).
#![allow(clippy::excessive_precision)]

use super::testing::{close, eval, val};

const EX: [(&str, &str); 5] = [("w", "0.5,0.5"), ("p1", "0.6,0.4"), ("q1", "0.4,0.6"), ("p2", "0.9,0.1"), ("q2", "0.1,0.9")];

fn with(extra: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
    EX.iter().copied().chain(extra.iter().copied()).collect()
}

#[test]
fn lemma_3_1_matches_spec_3_1() {
    // spec §3.1 example 1: T vs J at α = 0.05, 0.1, 0.25, 0.4; δ at ε = 0: J 0.5, mixture 0.5
    for (a, t, j) in [("0.05", 0.85, 0.55), ("0.1", 0.70, 0.475), ("0.25", 0.25, 0.25), ("0.4", 0.20, 0.15)] {
        let ev = eval("Lemma 3.1", &with(&[("alpha", a), ("epsilon", "0")]));
        close(&ev, "T_mixture", t, 1e-12);
        close(&ev, "J", j, 1e-12);
        close(&ev, "delta_J", 0.5, 1e-12);
        close(&ev, "delta_mixture", 0.5, 1e-12);
    }
    // the paper's parametric form at t = 1 (q/p > 1): α_1 = 0.4, α_2 = 0.1 → α = 0.25,
    // bound = ½ f_1(0.4) + ½ f_2(0.1) = ½(0.4) + ½(0.1) = 0.25 (f_i(α) read off the two-point chains)
    let ev = eval("Lemma 3.1", &with(&[("t", "1")]));
    close(&ev, "alpha_tc", 0.25, 1e-15);
    close(&ev, "bound_tc", 0.25, 1e-12);
    close(&ev, "T_mixture_tc", 0.25, 1e-12);
}

#[test]
fn proposition_3_2_symmetry() {
    // mirrored pairs: J is symmetric; an asymmetric component T((½,½),(1,0)) has |f − f⁻¹| = ½ at 0
    let ev = eval("Proposition 3.2", &with(&[("alpha", "0.2")]));
    close(&ev, "asymmetry", 0.0, 1e-15);
    close(&ev, "J", val(&ev, "J_inverse"), 1e-15);
    let ev = eval("Proposition 3.2", &[("w", "0.5,0.5"), ("p1", "0.5,0.5"), ("q1", "1,0"), ("p2", "0.9,0.1"), ("q2", "0.1,0.9")]);
    close(&ev, "asymmetry_1", 0.5, 1e-15);
    close(&ev, "asymmetry_2", 0.0, 1e-15);
}

#[test]
fn proposition_3_3_and_corollaries_match_spec_3_3() {
    // spec §3.3 table: KL 0.5493061443 vs 0.9194363417; e^{R_2} 2.3333333333 vs 4.6388888889;
    // H_1.5 0.375 = 0.375
    let ev = eval("Proposition 3.3", &with(&[]));
    close(&ev, "D_mixture", 0.5493061443, 1e-10);
    close(&ev, "bound", 0.9194363417, 1e-10);
    close(&ev, "l_F_J", 0.9194363417, 1e-10);
    // the printed middle expression lacks the weights: Σ_i KL_i = 2 × 0.9194363417
    close(&ev, "bound_printed", 2.0 * 0.9194363417, 2e-10);
    let ev = eval("Proposition 3.3", &with(&[("divergence", "power"), ("order", "2")]));
    close(&ev, "bound", 4.6388888889, 1e-10);
    let ev = eval("Corollary B.6", &with(&[("order", "2")]));
    close(&ev, "D_mixture", 2.3333333333, 1e-10);
    close(&ev, "bound", 4.6388888889, 1e-10);
    close(&ev, "renyi_mixture", (7.0f64 / 3.0).ln(), 1e-12);
    let ev = eval("Corollary B.5", &with(&[("gamma", "1.5")]));
    close(&ev, "D_mixture", 0.375, 1e-15);
    close(&ev, "bound", 0.375, 1e-14);
}

#[test]
fn proposition_b_2_and_corollary_b_3_match_the_gaussian_closed_form() {
    // one component: J = G_μ; at s = 1 both are Φ(−μ/2) (μ = 1: 0.308537538726, spec §1.5)
    let ev = eval("Proposition B.2", &[("w", "1"), ("mu", "1"), ("s", "1")]);
    close(&ev, "alpha_s", 0.308537538726, 1e-12);
    close(&ev, "J_s", 0.308537538726, 1e-12);
    // G_1(0.1) = 0.610856308355, G_2(0.1) = 0.236240415894 (spec §1.5)
    let ev = eval("Corollary B.3", &[("w", "1"), ("mu", "1"), ("alpha", "0.1")]);
    close(&ev, "J", 0.610856308355, 1e-11);
    let ev = eval("Corollary B.3", &[("w", "0.5,0.5"), ("mu", "2,2"), ("alpha", "0.1")]);
    close(&ev, "J", 0.236240415894, 1e-11);
    close(&ev, "J_direct", 0.236240415894, 1e-9);
    // two different components: slope matching equals the direct minimisation
    let ev = eval("Corollary B.3", &[("w", "0.3,0.7"), ("mu", "0.5,2"), ("alpha", "0.2")]);
    close(&ev, "J", val(&ev, "J_direct"), 1e-9);
}

#[test]
fn proposition_b_1_counterexample_of_spec_3_5() {
    // P1 = δ_a, Q1 = δ_b, P2 = Q2 = δ_c, w = w' = (½, ½): exact (0.5 − α)_+, printed 0.5(1 − α)
    for (a, exact, printed) in [("0.1", 0.4, 0.45), ("0.25", 0.25, 0.375), ("0.4", 0.1, 0.3)] {
        let ev = eval("Proposition B.1", &[("w", "0.5,0.5"), ("w2", "0.5,0.5"), ("p1", "1,0,0"), ("q1", "0,1,0"), ("p2", "0,0,1"), ("q2", "0,0,1"), ("alpha", a)]);
        close(&ev, "T_exact", exact, 1e-15);
        close(&ev, "bound_printed", printed, 1e-15);
        assert!(val(&ev, "bound_corrected") <= exact + 1e-15);
    }
}
