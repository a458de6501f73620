//! The Section 4 cards against independent numbers: the spec's computed examples (mixtures_fdp
//! §4.2–§4.5, 50-digit evaluations made for the specification), the mpmath anchors
//! `golden/anchors/mixture_fdp/corollary_4_3.csv` (every atom sorted by its exact ratio), and the
//! card anchors `golden/anchors/mixture_fdp/cards.py` (its output quoted below).
#![allow(clippy::excessive_precision)]

use super::testing::{close, eval, not_computed, rel, val};

#[test]
fn proposition_4_1_knots_at_t_match_spec_example_a() {
    // spec §4.2 computed example A (n = 4, ε₀ = 1): (t, α(t), β(t))
    for (t, a, b) in [("0.3333333333333333", 0.019452395344, 0.550931009036), ("0.5", 0.119726487664, 0.350382824396), ("2", 0.550931009036, 0.019452395344), ("3", 0.609288195069, 0.0)] {
        let ev = eval("Proposition 4.1", &[("n", "4"), ("eps0", "1"), ("t", t)]);
        close(&ev, "alpha_t", a, 1e-12);
        close(&ev, "beta_t", b, 1e-12);
        close(&ev, "alpha_bar_t", 1.0 - a, 1e-12);
        close(&ev, "rho_t", 1.0 - b, 1e-12);
    }
}

#[test]
fn proposition_4_1_small_ends_match_spec_example_b() {
    // spec §4.2 computed example B (n = 10⁴, ε₀ = 4.444): tails to full relative accuracy
    let ev = eval("Proposition 4.1", &[("n", "10000"), ("eps0", "4.444"), ("t", "0.25")]);
    rel(&ev, "alpha_t", 3.66216953623e-20, 1e-9);
    rel(&ev, "rho_t", 1.49441457589e-19, 1e-9);
    let ev = eval("Proposition 4.1", &[("n", "10000"), ("eps0", "4.444"), ("t", "2")]);
    rel(&ev, "alpha_bar_t", 2.48438810703e-7, 1e-9);
    rel(&ev, "beta_t", 1.20405191895e-07, 1e-9);
}

#[test]
fn proposition_4_1_t0_at_alpha_and_its_knots_match_mpmath() {
    // golden/anchors/mixture_fdp/cards.py (every atom, exact ratios, mpmath 50 digits):
    // (n, ε₀, α) → T0, t*, left knot α, right knot β
    let cases = [
        ("4", "1", "0.1", 0.38983579972444555761, 0.5, 0.019452395344246546664, 0.35038282439583141498),
        ("20", "0.5", "0.3", 0.5011683631486029875, 7.0 / 8.0, 0.27768895572154182723, 0.48462753571811791037),
        ("50", "2", "0.05", 0.84709688557380569699, 5.0 / 11.0, 0.048988613761278196523, 0.84304276864871352956),
        ("200", "3", "0.4", 0.41791225591856446732, 1.0, 0.3640490499143376027, 0.3640490499143376027),
    ];
    for (n, e0, a, t0, t, la, rb) in cases {
        let ev = eval("Proposition 4.1", &[("n", n), ("eps0", e0), ("alpha", a)]);
        close(&ev, "T0", t0, 1e-12);
        close(&ev, "knot_t", t, 1e-15);
        close(&ev, "knot_left_alpha", la, 1e-12);
        close(&ev, "knot_right_beta", rb, 1e-12);
        let iv = ev.output("T0").unwrap().interval().unwrap();
        assert!(iv.contains(t0) && iv.width() < 1e-10, "({n}, {e0}, {a}): {iv:?}");
    }
    // no query given: the outputs say what to give
    let ev = eval("Proposition 4.1", &[("n", "4"), ("eps0", "1")]);
    assert!(not_computed(&ev, "T0").contains("alpha=") && not_computed(&ev, "alpha_t").contains("t="));
}

#[test]
fn theorem_4_2_x_bar_and_c_f_s_match_spec_and_mpmath() {
    // spec §4.3 computed examples 2 and 3 (n = 10⁴, ε₀ = 4.444)
    let ev = eval("Theorem 4.2", &[("n", "10000"), ("eps0", "4.444"), ("alpha", "0.1")]);
    close(&ev, "x_bar", 0.460768015036, 1e-11);
    close(&ev, "f_S_x_bar", 0.488119168176, 1e-11);
    close(&ev, "C_fS", 0.8754964982, 1e-9);
    assert!(not_computed(&ev, "T_exact_pair").contains("n <= 2000"));
    // cards.py: (n, ε₀, α) → x̄, f_S(x̄), f_S(α), C(f_S)(α)
    let cases = [
        ("4", "1", "0.3", 0.11972648766430707131, 0.6354019339663731892, 0.45512842163068026051, 0.45512842163068026051),
        ("20", "0.5", "0.05", 0.34716661358421920613, 0.60264533224406820996, 0.92921915607087042387, 0.92921915607087042387),
        ("20", "0.5", "0.5", 0.34716661358421920613, 0.60264533224406820996, 0.45126665221637110017, 0.44981194582828741609),
        ("50", "2", "0.9", 0.32931813389945592902, 0.49609969230412370409, 0.044795965025224206892, 0.035651197929527283037),
    ];
    for (n, e0, a, xb, fxb, fs, c) in cases {
        let ev = eval("Theorem 4.2", &[("n", n), ("eps0", e0), ("alpha", a)]);
        close(&ev, "x_bar", xb, 1e-12);
        close(&ev, "f_S_x_bar", fxb, 1e-12);
        close(&ev, "f_S", fs, 1e-12);
        let got = val(&ev, "C_fS");
        assert!(got <= c && c - got < 1e-11, "({n}, {e0}, {a}): C(f_S) {got} vs {c}");
        // the bound lies below the exact pair's trade-off (spec §4.3 example 4)
        assert!(got <= val(&ev, "T_exact_pair") + 1e-13, "({n}, {e0}, {a})");
    }
    // the knot value of f_S (spec §4.2 example A: t = 1/3 → f_S = 0.782014404776)
    let ev = eval("Theorem 4.2", &[("n", "4"), ("eps0", "1"), ("t", "0.3333333333333333"), ("epsilon", "0.5")]);
    close(&ev, "f_S_t", 0.782014404776, 1e-12);
    close(&ev, "delta", 0.185914017254, 1e-12);
}

#[test]
fn corollary_4_3_reproduces_tables_1_and_2() {
    // spec §4.5 (n = 10⁴, ε₀ = 4.444) and golden/anchors/mixture_fdp/corollary_4_3.csv
    let ev = eval("Corollary 4.3", &[("n", "10000"), ("eps0", "4.444"), ("epsilon", "0.5"), ("delta", "5e-5")]);
    let d = val(&ev, "delta");
    assert!(d >= 3.03086166695553580641143e-6 && rel_of(d, 3.03086166695553580641143e-6) < 1e-10, "{d}");
    let p = val(&ev, "delta_exact_pair");
    assert!(p >= 2.744638046493020751072344e-6 && rel_of(p, 2.744638046493020751072344e-6) < 1e-10, "{p}");
    let r3 = val(&ev, "delta_3rr");
    assert!(r3 <= 2.469560306422638226394424e-6 && rel_of(r3, 2.469560306422638226394424e-6) < 1e-10, "{r3}");
    rel(&ev, "delta_2rr", 4.320986777952970262067244e-8, 1e-10);
    close(&ev, "delta_fmt23", 0.948724279942, 1e-9);
    close(&ev, "epsilon", 0.3995891434, 1e-9);
    close(&ev, "epsilon_exact_pair", 0.397452, 1e-6);
    close(&ev, "epsilon_3rr", 0.394697, 1e-6);
    close(&ev, "epsilon_2rr", 0.298580, 1e-6);
    close(&ev, "epsilon_fmt23", 1.01396545751588, 1e-9);
    close(&ev, "ln_delta", 3.03086166695553580641143e-6f64.ln(), 1e-9);
    close(&ev, "t_eps", 1.0 / (1.0 + 0.5f64.exp_m1() / (4.444f64 / 2.0).tanh()), 1e-15);
}

fn rel_of(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

#[test]
fn corollary_4_3_small_n_mpfr_interval_contains_the_anchor() {
    // anchors: n = 4, ε₀ = 1, ε = 0.5: δ_f-DP 0.1859140172536647167929559, exact pair
    // 0.1123879133654878376238858, literal knot 0.167202459155267238579422 (understates)
    let ev = eval("Corollary 4.3", &[("n", "4"), ("eps0", "1"), ("epsilon", "0.5"), ("delta", "0.2")]);
    let iv = ev.output("delta").unwrap().interval().unwrap();
    assert!(iv.contains(0.1859140172536647167929559) && iv.width() < 1e-15, "{iv:?}");
    let iv = ev.output("delta_exact_pair").unwrap().interval().unwrap();
    assert!(iv.contains(0.1123879133654878376238858), "{iv:?}");
    close(&ev, "delta_literal_knot", 0.167202459155267238579422, 1e-12);
    // the trivial cap: at ε = ε₀ the mechanism is (ε₀, 0)-DP (spec §4.4 [C])
    let ev = eval("Corollary 4.3", &[("n", "4"), ("eps0", "1"), ("epsilon", "1")]);
    close(&ev, "delta", 0.180554628603, 1e-12);
    assert_eq!(val(&ev, "delta_capped"), 0.0);
}

/// Issue 25: `shuffle --users 2 --local-epsilon 1 --epsilon 709.5` printed the f-DP bound's δ as
/// 4.9e−324 (γ̃ = e^ε overflowed and the ratio-0 atoms were dropped); the bound is flat at
/// `(1 − 2w) Σ_i w⁰_i 2^{−i}`, which for n = 2 is `tanh(ε₀/2)·e^{ε₀}/(e^{ε₀} + 1)` (closed form).
#[test]
fn corollary_4_3_delta_at_epsilon_709_5_is_the_flat_limit_not_4_9e_324() {
    let flat = (0.5f64).tanh() * 1f64.exp() / (1f64.exp() + 1.0); // 0.33783…
    for eps in ["709.5", "800", "1e300"] {
        let ev = eval("Corollary 4.3", &[("n", "2"), ("eps0", "1"), ("epsilon", eps), ("delta", "0.3")]);
        let d = val(&ev, "delta");
        assert!(d >= flat && d / flat - 1.0 < 5e-12, "ε = {eps}: {d} vs {flat}");
        // no finite ε reaches δ = 0.3 < the limit
        assert_eq!(val(&ev, "epsilon"), f64::INFINITY, "ε = {eps}");
    }
}

#[test]
fn corollary_4_3_delta_far_below_the_f64_range_keeps_its_logarithm() {
    // n = 10⁵, ε₀ = 1, ε = 0.99: δ is far below 1e-300; ln δ is finite and the f64 upper bound
    // is a positive subnormal, never 0; the exact pair lies below the bound in ln δ
    let ev = eval("Corollary 4.3", &[("n", "100000"), ("eps0", "1"), ("epsilon", "0.99")]);
    let l = val(&ev, "ln_delta");
    assert!(l.is_finite() && l < -700.0, "{l}");
    let d = val(&ev, "delta");
    assert!(d > 0.0 && d <= 1e-300, "{d}");
}
