//! The Section 5 cards against independent numbers: the spec's computed examples (mixtures_fdp
//! §5.5, §5.6; mpmath 30 digits and numpy brute force, `golden/anchors/mixture_fdp/init_gd.py`),
//! the card anchors `golden/anchors/mixture_fdp/cards.py`, closed forms (the Gaussian profile,
//! the Rényi divergence of two Gaussians, spec §1.2).
#![allow(clippy::excessive_precision)]

use super::testing::{close, eval, rel, val};

#[test]
fn theorem_5_1_points_and_delta_match_spec_5_5() {
    // (c, t) → (α(t), β(t)), spec §5.5 (a = 1, σ = 1)
    for (c, t, a, b) in [("0.5", "-1", 0.009698620878, 0.968262305112), ("1", "0", 0.353696431493, 0.353696431493), ("2", "0.5", 0.539442272568, 0.109240932838)] {
        let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", c), ("t", t)]);
        close(&ev, "alpha_t", a, 1e-11);
        close(&ev, "beta_t", b, 1e-11);
        // the printed two-branch form is the same curve
        close(&ev, "alpha_t_printed", a, 1e-11);
        close(&ev, "beta_t_printed", b, 1e-11);
    }
    // δ_J(ε): spec §5.5
    for (c, e, d) in [("1", "1", 7.950220046627e-02), ("0.5", "2", 7.264554071789e-06), ("2", "0.5", 2.804498778315e-01)] {
        let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", c), ("epsilon", e)]);
        let got = val(&ev, "delta");
        assert!(got >= d * (1.0 - 1e-12) && got <= d * (1.0 + 1e-10), "c = {c}, ε = {e}: {got}");
    }
    // no clipping (Example D.1): t = −1 and δ_J(1)
    let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("t", "-1"), ("epsilon", "1")]);
    close(&ev, "alpha_t", 0.045352218113, 1e-11);
    close(&ev, "beta_t", 0.649022827524, 1e-11);
    rel(&ev, "delta", 2.276970620993e-01, 1e-10);
}

#[test]
fn theorem_5_1_at_c_1_5_matches_mpmath() {
    // cards.py (printed two-branch form, mp.quad): α(0.3), β(0.3), δ_J(0.75) at c = 1.5
    let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", "1.5"), ("t", "0.3"), ("epsilon", "0.75"), ("alpha", "0.49271647221684640049")]);
    close(&ev, "alpha_t", 0.49271647221684640049, 1e-11);
    close(&ev, "beta_t", 0.16632975543848984987, 1e-11);
    rel(&ev, "delta", 0.19688705694129259222, 1e-10);
    // J(α(t)) = β(t)
    close(&ev, "beta", 0.16632975543848984987, 1e-9);
    // ε(δ) inverts δ(ε)
    let ev2 = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", "1.5"), ("delta", "0.19688705694129259222")]);
    close(&ev2, "epsilon", 0.75, 1e-9);
}

#[test]
fn theorem_5_1_true_delta_of_the_finite_n_pair_matches_spec_5_6() {
    // spec §5.6 item 1 (a = 1, σ = 1; numpy grid, accuracy about 1e-6): δ_true
    for (n, c, e, d) in [("1", "1", "0.25", 0.149300), ("2", "1", "0.5", 0.068749), ("5", "1", "1", 0.061128), ("2", "2", "1", 0.145834)] {
        let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", c), ("n", n), ("epsilon", e)]);
        close(&ev, "delta_true", d, 2e-6);
        assert!(val(&ev, "delta_true") <= val(&ev, "delta"));
    }
    // Example D.1's pair in closed form (cards.py: two Gaussians of unequal variances), n = 3
    let ev = eval("Example D.1", &[("a", "1"), ("sigma", "1"), ("n", "3"), ("epsilon", "1")]);
    close(&ev, "delta_true", 0.15381471978674065533, 1e-9);
    let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("n", "3"), ("epsilon", "1")]);
    close(&ev, "delta_true", 0.15381471978674065533, 1e-9);
}

#[test]
fn remark_after_theorem_5_1_signed_and_proven_points() {
    // spec §5.5 "Signed-envelope misuse" (c = 1): proven (0.353696, 0.353696) and
    // (0.045222, 0.797573); signed (0.382852, 0.382852) and (0.197228, 0.667017)
    let ev = eval("Remark after Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", "1"), ("t", "0")]);
    close(&ev, "alpha_t", 0.353696431493, 1e-11);
    close(&ev, "alpha_t_signed", 0.382852, 1e-6);
    close(&ev, "beta_t_signed", 0.382852, 1e-6);
    let ev = eval("Remark after Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", "1"), ("t", "-1")]);
    close(&ev, "alpha_t", 0.045221558042, 1e-11);
    close(&ev, "beta_t", 0.797572860053, 1e-11);
    close(&ev, "alpha_t_signed", 0.197228, 1e-6);
    close(&ev, "beta_t_signed", 0.667017, 1e-6);
}

#[test]
fn examples_d_1_d_2_d_3_match_their_anchors() {
    // D.1: the true outputs N(na, (n−1)² + σ²), N((n−1)a, (n−2)² + σ²) and the Rényi remark:
    // R_2(N(0,1) ‖ N(1,2)) = 0.4771743695592 (spec §1.2), the reverse is infinite
    let ev = eval("Example D.1", &[("a", "1"), ("sigma", "1"), ("n", "4"), ("order", "2")]);
    assert_eq!([val(&ev, "mean_0"), val(&ev, "var_0"), val(&ev, "mean_1"), val(&ev, "var_1")], [4.0, 10.0, 3.0, 5.0]);
    close(&ev, "renyi_forward", 0.4771743695592, 1e-12);
    assert_eq!(val(&ev, "renyi_backward"), f64::INFINITY);
    // D.2: Theorem 5.1 at c = 2 and the fixed-start baseline G_2: δ_G2(1) = 5.098616600547e-01,
    // G_2(0.1) = 0.236240415894 (spec §1.5)
    let ev = eval("Example D.2", &[("a", "1"), ("sigma", "1"), ("c", "2"), ("epsilon", "1"), ("alpha", "0.1")]);
    rel(&ev, "delta", 2.037533994892e-01, 1e-10);
    close(&ev, "mu_no_init", 2.0, 0.0);
    rel(&ev, "delta_no_init", 5.098616600547e-01, 1e-11);
    close(&ev, "beta_no_init", 0.236240415894, 1e-11);
    // D.3 (audit point D3; mpmath 32 digits): M = 2, σ = 1, one point with xy = 2 removed
    let ev = eval("Example D.3", &[("M", "2"), ("sigma", "1"), ("epsilon", "1"), ("n", "1"), ("u", "2")]);
    close(&ev, "delta", 0.34119567, 1e-8);
    close(&ev, "delta_printed", 0.06280437, 1e-8);
    close(&ev, "delta_true", 0.15374785, 1e-7);
    assert!(val(&ev, "delta_true") > val(&ev, "delta_printed"), "the printed envelope is beaten");
}

/// Issue 25: `init-gd --a 1 --sigma 1 --clip 1 --epsilon 1e300` (and `--clip 1e-300 --epsilon
/// 1`) printed Theorem 5.1's *upper* δ as 0.0; `--delta 1e-300` and `--epsilon 1e5` were refused.
/// δ ≤ δ_{G_c}(ε) ≤ Φ(−ε/c + c/2) (closed form) bounds the true value.
#[test]
fn theorem_5_1_upper_delta_is_never_0_and_tiny_deltas_are_answered() {
    for (c, e) in [("1", "1e300"), ("1e-300", "1"), ("1", "1e5")] {
        let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", c), ("epsilon", e)]);
        let d = val(&ev, "delta");
        assert!(d > 0.0 && d <= 1e-300, "c = {c}, ε = {e}: {d}");
    }
    // ε = 1e5, c = 1: ln δ ≈ ln Φ(−1e5 + ½) ≈ −5e9; the note carries it
    let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", "1"), ("epsilon", "1e5")]);
    let note = &ev.output("delta").unwrap().note;
    assert!(note.contains("below the f64 range: ln delta <= -4999"), "{note}");
    // δ = 1e-300: ε is finite, and δ_J(ε) ≤ 1e-300 there (closed form: δ_J ≤ δ_G1)
    let ev = eval("Theorem 5.1", &[("a", "1"), ("sigma", "1"), ("c", "1"), ("delta", "1e-300")]);
    let e = val(&ev, "epsilon");
    assert!(e.is_finite() && e > 30.0 && e < 40.0, "{e}");
}
