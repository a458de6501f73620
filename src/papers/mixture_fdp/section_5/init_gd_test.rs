//! Section 5 (Theorem 5.1, the worst-case remark, Examples D.1–D.3, the true output pair)
//! against the spec's computed values (§5.5, §5.6; 12 decimals, from 200-node Gauss–Legendre per
//! piece), closed forms, and the mpmath/numpy anchor script `golden/anchors/mixture_fdp/init_gd.py`.

use crate::papers::mixture_fdp::section_5::init_gd::*;
use crate::papers::mixture_fdp::commands::init_gd::{init_gd_report, InitGdRequest, Target};
use crate::papers::mixture_fdp::section_5::init_gd_truth::OutputPair;
use crate::repr::Gdp;
use std::sync::atomic::AtomicBool;

fn clip(c: f64) -> Shift {
    Shift::Clipped { a: 1.0, c, sigma: 1.0 }
}

/// spec §5.5: (c, t, α(t), β(t), G_c(α(t))).
const TABLE: [(f64, f64, f64, f64, f64); 12] = [
    (0.5, -1.0, 0.009698620878, 0.968262305112, 0.966954604318),
    (0.5, 0.0, 0.413169677220, 0.413169677220, 0.389508172524),
    (0.5, 0.5, 0.812377534925, 0.087999649118, 0.082767902515),
    (1.0, -1.0, 0.045221558042, 0.797572860053, 0.755865585471),
    (1.0, -0.5, 0.124524718928, 0.634133781868, 0.560667303644),
    (1.0, 0.0, 0.353696431493, 0.353696431493, 0.266103630000),
    (1.0, 1.0, 0.797572860053, 0.045221558042, 0.033402544730),
    (2.0, -1.0, 0.048110850099, 0.665467750934, 0.368229379805),
    (2.0, 0.0, 0.303485591143, 0.303485591143, 0.068692700345),
    (2.0, 0.5, 0.539442272568, 0.109240932838, 0.017907183872),
    (f64::INFINITY, -1.0, 0.045352218113, 0.649022827524, -1.0),
    (f64::INFINITY, 0.0, 0.295511541451, 0.295511541451, -1.0),
];

#[test]
fn theorem_5_1_points_equal_the_spec_table() {
    for (c, t, a, b, g) in TABLE {
        let (ga, gb) = theorem_5_1_alpha_beta(&clip(c), t).unwrap();
        assert!((ga - a).abs() <= 1e-12 && (gb - b).abs() <= 1e-12, "c={c} t={t}: {ga} {gb}");
        // J(α(t)) by bisection on t equals β(t), rounded down
        let j = theorem_5_1_eval(&clip(c), a).unwrap();
        assert!(j <= b + 1e-12 && (j - b).abs() <= 1e-9, "c={c} t={t}: J = {j}");
        if g >= 0.0 {
            let base = no_init_baseline(&clip(c)).unwrap().tradeoff(ga).unwrap();
            assert!((base - g).abs() <= 1e-12 && gb > base, "c={c} t={t}: G_c = {base}");
        }
        // the paper's two branches are the |μ_I| form (spec §5.2)
        let (pa, pb) = theorem_5_1_printed_alpha_beta(&clip(c), t).unwrap();
        assert!((pa - ga).abs() <= 1e-15 && (pb - gb).abs() <= 1e-15);
    }
    // symmetric: α(t) = β(−t) (spec §5.2 [D])
    let (a, _) = theorem_5_1_alpha_beta(&clip(1.0), 0.8).unwrap();
    let (_, b) = theorem_5_1_alpha_beta(&clip(1.0), -0.8).unwrap();
    assert!((a - b).abs() <= 1e-14);
}

#[test]
fn delta_equals_the_spec_and_is_rounded_up() {
    let table = [(0.5, [4.253557175971e-02, 5.374109993272e-03, 7.264554071789e-06]), (1.0, [1.605596653069e-01, 7.950220046627e-02, 1.209735191857e-02]), (2.0, [2.804498778315e-01, 2.037533994892e-01, 1.042980472692e-01]), (f64::INFINITY, [3.004529959497e-01, 2.276970620993e-01, 1.341889210332e-01])];
    for (c, ds) in table {
        for (e, want) in [0.5, 1.0, 2.0].iter().zip(ds) {
            let d = theorem_5_1_delta(&clip(c), *e).unwrap();
            assert!(d >= want * (1.0 - 1e-12) && d <= want * (1.0 + 1e-10), "c={c} eps={e}: {d} vs {want}");
        }
    }
    // log space far below 1e-14 (mpmath 30 digits, anchor script, middle piece split in 200): c = 0.5
    for (e, want) in [(6.0, 1.08071841082907e-33), (10.0, 7.47868566216508e-89)] {
        let d = theorem_5_1_delta(&clip(0.5), e).unwrap();
        assert!(d >= want && d <= want * (1.0 + 1e-9), "eps={e}: {d}");
    }
    // ε(δ) inverts δ(ε), upper end
    let d1 = theorem_5_1_delta(&clip(1.0), 1.0).unwrap();
    let e = theorem_5_1_epsilon(&clip(1.0), d1).unwrap();
    assert!(e >= 1.0 - 1e-9 && e <= 1.0 + 1e-9, "{e}");
    assert!(theorem_5_1_delta(&clip(1.0), e).unwrap() <= d1 * (1.0 + 1e-12));
}

#[test]
fn constant_shift_is_the_gaussian_trade_off() {
    // spec §5.6 item 3: μ_I ≡ c gives J = G_c (DRS closed forms)
    let g = Gdp::new(1.3).unwrap();
    let s = Shift::Constant { mu: 1.3 };
    for t in [-2.0, 0.0, 0.4] {
        let (a, b) = theorem_5_1_alpha_beta(&s, t).unwrap();
        assert!((b - g.tradeoff(a).unwrap()).abs() <= 1e-14);
    }
    for e in [0.0, 0.5, 3.0] {
        let (d, want) = (theorem_5_1_delta(&s, e).unwrap(), g.delta(e).unwrap());
        assert!(d >= want && d <= want * (1.0 + 1e-10));
    }
}

#[test]
fn signed_remark_lies_above_the_proven_curve() {
    // spec §5.5 "Signed-envelope misuse" (c = 1): (0.382852, 0.382852) at t = 0 instead of
    // (0.353696, 0.353696); (0.197228, 0.667017) at t = −1 (mpmath: 0.382852419751, 0.197228201484, 0.667017396082)
    let (a0, b0) = remark_signed_alpha_beta(&clip(1.0), 0.0).unwrap();
    let (a1, b1) = remark_signed_alpha_beta(&clip(1.0), -1.0).unwrap();
    assert!((a0 - 0.382852419751).abs() < 1e-11 && (b0 - 0.382852419751).abs() < 1e-11);
    assert!((a1 - 0.197228201484).abs() < 1e-11 && (b1 - 0.667017396082).abs() < 1e-11);
    assert!(b0 > theorem_5_1_eval(&clip(1.0), a0).unwrap() && b1 > theorem_5_1_eval(&clip(1.0), a1).unwrap());
}

#[test]
fn logistic_envelopes_and_example_d_1() {
    // Example D.3 (anchor script, mpmath): M = 2, σ = 1, ε = 1: corrected 0.3411956698, printed 0.0628043749135
    let d = theorem_5_1_delta(&example_d_3(2.0, 1.0).unwrap(), 1.0).unwrap();
    assert!((d / 0.3411956698 - 1.0).abs() < 1e-9, "{d}");
    let p = theorem_5_1_delta(&Shift::LogisticPrinted { m: 2.0 }, 1.0).unwrap();
    assert!((p / 0.0628043749135 - 1.0).abs() < 1e-10, "{p}");
    // the envelope lies in [M/2σ, M/σ]
    let s = example_d_3(2.0, 0.5).unwrap();
    assert!((s.mu(0.0) - 2.0).abs() < 1e-15 && s.mu(30.0) <= 4.0 && s.mu(30.0) > 3.999);
    // Example D.1 output pair and the Rényi remark (spec §5.4: R_2(N(0,1)‖N(1,2)) = 0.47717)
    assert_eq!(example_d_1_output_pair(3, 1.0, 1.0).unwrap(), [(3.0, 5.0), (2.0, 2.0)]);
    let r = gaussian_renyi(2.0, 0.0, 1.0, 1.0, 2.0).unwrap();
    assert!((r - 0.47717436955922377).abs() < 1e-14);
    assert!(gaussian_renyi(2.0, 1.0, 2.0, 0.0, 1.0).unwrap().is_infinite() && gaussian_renyi(1.99, 1.0, 2.0, 0.0, 1.0).unwrap().is_finite());
    assert!(example_d_1(1.0, 1.0).is_ok() && no_init_baseline(&example_d_1(1.0, 1.0).unwrap()).is_err());
}

#[test]
fn bad_parameters_are_errors() {
    assert!(theorem_5_1_delta(&clip(0.0), 1.0).is_err());
    assert!(theorem_5_1_delta(&Shift::Clipped { a: 1.0, c: 1.0, sigma: 0.0 }, 1.0).is_err());
    assert!(theorem_5_1_delta(&clip(1.0), -0.1).is_err());
    assert!(theorem_5_1_delta(&clip(1.0), f64::NAN).is_err());
    assert!(theorem_5_1_eval(&clip(1.0), 1.5).is_err());
    assert!(theorem_5_1_epsilon(&clip(1.0), 0.0).is_err());
    assert!(example_d_2(1.0, f64::INFINITY, 1.0).is_err() && example_d_3(-1.0, 1.0).is_err());
    assert!(gaussian_renyi(1.0, 0.0, 1.0, 0.0, 1.0).is_err());
}

#[test]
fn true_output_pair_matches_the_spec_and_stays_below_theorem_5_1() {
    // spec §5.6 table (grid accuracy ≈ 1e-6), δ_true / δ_J; numpy brute force in the anchor script agrees
    let table = [((1u64, 1.0), [0.149300, 0.098956, 0.035006]), ((2, 1.0), [0.123638, 0.068749, 0.016185]), ((5, 1.0), [0.182319, 0.131753, 0.061128]), ((2, 2.0), [0.273778, 0.224715, 0.145834])];
    for ((n, c), ds) in table {
        let pair = OutputPair::LeastSquares { n, a: 1.0, c, sigma: 1.0 };
        for (e, want) in [0.25, 0.5, 1.0].iter().zip(ds) {
            let d = pair.delta(*e).unwrap();
            assert!((d - want).abs() <= 2e-6, "n={n} c={c} eps={e}: {d}");
            assert!(d <= theorem_5_1_delta(&clip(c), *e).unwrap());
        }
    }
    // D.1 without clipping: the outputs are Gaussian; closed form (anchor script, mpmath: two
    // Gaussians of unequal variances) n = 1, ε = 1: see the anchor output
    let pair = OutputPair::LeastSquares { n: 1, a: 1.0, c: f64::INFINITY, sigma: 1.0 };
    assert!(pair.delta(1.0).unwrap() <= theorem_5_1_delta(&clip(f64::INFINITY), 1.0).unwrap());
    // trade-off by duality is below-or-at... ≥ J at a few α (T ≥ J, both orders)
    let pair = OutputPair::LeastSquares { n: 2, a: 1.0, c: 1.0, sigma: 1.0 };
    for a in [0.05, 0.3] {
        let j = theorem_5_1_eval(&clip(1.0), a).unwrap();
        assert!(pair.tradeoff(0, a).unwrap() >= j && pair.tradeoff(1, a).unwrap() >= j);
    }
    assert!(OutputPair::LeastSquares { n: 0, a: 1.0, c: 1.0, sigma: 1.0 }.delta(1.0).is_err());
}

#[test]
fn report_rows_and_bad_input() {
    let never = AtomicBool::new(false);
    let r = init_gd_report(&InitGdRequest { a: 1.0, sigma: 1.0, clip: Some(1.0), target: Target::Delta { epsilon: 1.0 } }, &never).unwrap();
    let (t, b) = (r.rows[0].value.unwrap(), r.rows[1].value.unwrap());
    assert!((t / 7.950220046627e-02 - 1.0).abs() < 1e-10 && (b / 1.269367e-01 - 1.0).abs() < 1e-6, "{t} {b}");
    let csv = r.tradeoff_csv().unwrap();
    assert_eq!(csv.lines().filter(|l| !l.starts_with('#')).count(), 102);
    let d1 = init_gd_report(&InitGdRequest { a: 1.0, sigma: 1.0, clip: None, target: Target::Beta { alpha: 0.295511541451 } }, &never).unwrap();
    assert!((d1.rows[0].value.unwrap() - 0.295511541451).abs() < 1e-9 && d1.rows[1].value.is_none());
    for bad in [
        InitGdRequest { a: 1.0, sigma: 0.0, clip: Some(1.0), target: Target::Delta { epsilon: 1.0 } },
        InitGdRequest { a: f64::NAN, sigma: 1.0, clip: Some(1.0), target: Target::Delta { epsilon: 1.0 } },
        InitGdRequest { a: 1.0, sigma: 1.0, clip: Some(-1.0), target: Target::Delta { epsilon: 1.0 } },
        InitGdRequest { a: 1.0, sigma: 1.0, clip: Some(1.0), target: Target::Delta { epsilon: -1.0 } },
        InitGdRequest { a: 1.0, sigma: 1.0, clip: Some(1.0), target: Target::Epsilon { delta: 1.0 } },
        InitGdRequest { a: 1.0, sigma: 1.0, clip: Some(1.0), target: Target::Beta { alpha: 1.1 } },
    ] {
        assert!(init_gd_report(&bad, &never).is_err(), "{bad:?}");
    }
}

/// Theorem 5.1's J(α) when every |μ_I| is tiny (Example D.2 at c = 1e−300, found by the card fuzz,
/// issue 25: J(0.3) = 0.49999… for the true 0.7). Reference by a sandwich, no quadrature:
/// 0 ≤ |μ_I| ≤ μ̄ = c/σ gives G_μ̄(α) ≤ J(α) ≤ 1 − α, and G_μ̄(α) = Φ(Φ⁻¹(1 − α) − μ̄) = 1 − α to
/// within μ̄·φ(·) < 1e−150 here, so J(α) = 1 − α up to the 1e−11 downward rounding.
#[test]
fn theorem_5_1_eval_with_tiny_shifts_is_one_minus_alpha() {
    for c in [1e-300, 1e-150, 1e-20] {
        let shift = example_d_2(1.0, c, 1.0).unwrap();
        for alpha in [0.01, 0.3, 0.5, 0.9] {
            let j = theorem_5_1_eval(&shift, alpha).unwrap();
            let want = 1.0 - alpha;
            assert!(j <= want && j >= want * (1.0 - 2e-11), "c = {c}, α = {alpha}: J = {j}, want {want}");
        }
    }
}

/// The Gaussian Rényi divergence at huge orders (Example D.1's card at order = 1.7e308 printed
/// NaN, issue 25). References: mpmath at 60 digits of the textbook form
/// `½ln(v2/v1) + ln(v2/v_α)/(2(α−1)) + α(m1−m2)²/(2v_α)`, `v_α = αv2 + (1−α)v1` (v_α < 0: ∞).
#[test]
fn gaussian_renyi_at_huge_orders() {
    for ((order, m1, v1, m2, v2), want) in [((1.7e308, 0.0, 1.0, 1.0, 2.0), 0.846_573_590_279_972_65), ((8.0, 0.0, 1.0, 1.0, 2.0), 0.683_583_934_954_683_24), ((1.5, 1.0, 2.0, 0.0, 1.0), 1.846_573_590_279_972_7)] {
        let d = gaussian_renyi(order, m1, v1, m2, v2).unwrap();
        assert!(((d - want) / want).abs() < 1e-14, "order {order}: {d} vs {want}");
    }
    assert_eq!(gaussian_renyi(1e300, 1.0, 2.0, 0.0, 1.0).unwrap(), f64::INFINITY);
}
