use super::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a / b - 1.0).abs() <= rel
}

#[test]
fn proposition_5_1_spec_examples() {
    // spec §8.3 table: (G, m, M, η, T) → c, μ_T, μ_∞, G/√m.
    let rows = [
        (1.0, 1.0, 10.0, 0.05, 100u64, 0.981592032576, 0.987420882907, 1.0),
        (2.0, 0.5, 2.0, 0.1, 1000, 2.79284800875, 2.79284800875, 2.82842712475),
        (1.0, 1.0, 1.0, 0.01, 1_000_000, 0.997496867163, 0.997496867163, 1.0),
        (1.0, 1.0, 10.0, 0.001, 10_000_000, 0.999749968742, 0.999749968742, 1.0),
    ];
    for (g, m, big_m, eta, t, mu_t, mu_inf, em) in rows {
        let c = crate::papers::shifted_interpolation::setting::contraction_factor(eta, m, big_m).unwrap();
        assert!(close(proposition_5_1(g, eta, c, t).unwrap(), mu_t, 1e-11));
        assert!(close(proposition_5_1_stationary(g, eta, c).unwrap(), mu_inf, 1e-11));
        assert!(close(corollary_5_2(g, m).unwrap(), em, 1e-11));
    }
}

#[test]
fn remark_5_3_instance_attains_proposition_5_1() {
    // c = 1 − ηm: the instance's recursion equals the bound (Remark 5.3), at finite T and T = ∞.
    for (g, m, eta, t) in [(1.0, 1.0, 0.05, 100u64), (2.0, 0.5, 0.1, 1000), (0.7, 3.0, 0.2, 7)] {
        let c = 1.0 - eta * m;
        let inst = remark_5_3(g, m, eta, Some(t)).unwrap();
        let bound = proposition_5_1(g, eta, c, t).unwrap();
        assert!(bound >= inst && (bound / inst - 1.0).abs() < 1e-12, "{bound} vs {inst}");
        let st = remark_5_3(g, m, eta, None).unwrap();
        assert!(close(st, g * ((2.0 - eta * m) / (2.0 * m)).sqrt(), 1e-14));
        assert!(proposition_5_1_stationary(g, eta, c).unwrap() >= st);
    }
    // η → 0: exponential mechanism G/√m.
    assert!(close(remark_5_3(1.0, 2.0, 1e-9, None).unwrap(), 1.0 / 2f64.sqrt(), 1e-9));
    assert!(remark_5_3(1.0, 1.0, 2.0, None).is_err());
}

#[test]
fn corollary_5_4_spec_examples() {
    // spec §8.4: (L_F, D, η) → ν, closed, exact min over ν.
    for (l, d, eta, nu, closed, best) in [(1.0, 1.0, 0.3, 4u64, 1.44913767462, 1.41617638575), (2.0, 3.0, 0.07, 22, 3.4756294394, 3.46427835051), (1.0, 1.0, 0.01, 100, 1.41421356237, 1.41421356237)] {
        assert!(close(corollary_5_4_closed(l, d, eta, 1_000_000).unwrap(), closed, 1e-11));
        assert!(close(corollary_5_4_best(l, d, eta, 1_000_000).unwrap().1, best, 1e-11));
        assert!(corollary_5_4_closed(l, d, eta, nu - 1).is_err());
    }
    assert!(close(corollary_5_4_limit(1.0, 1.0).unwrap(), 2f64.sqrt(), 1e-14));
    assert!(corollary_5_4_limit(0.0, 1.0).is_err());
    assert!(corollary_5_4_window(1.0, -1.0, 0.1, 3).is_err());
}

/// Issue 25 (card fuzz): at η = 5e−324 the f64 route took √(η/2), and η/2 rounds to 0: the
/// *upper* bound μ was printed as 0. With c = 0.5, T = 1 (Lemma C.6's factor is 1),
/// μ = G√(η/2) = √(2^−1074/2) = 1.5717277847026287e−162 (mpmath, 30 digits).
#[test]
fn proposition_5_1_at_the_smallest_step_size_is_not_zero() {
    let mu = proposition_5_1(1.0, 5e-324, 0.5, 1).unwrap();
    let want = 1.571_727_784_702_628_7e-162;
    assert!(mu >= want && mu <= want * (1.0 + 1e-13), "{mu}");
}

/// Remark 5.3's stationary μ and Corollary 5.4's window μ(ν) near the subnormal range (issue 25:
/// ∞/∞ = NaN and a printed ∞ against a finite value). References: mpmath at 800 digits from the
/// printed closed forms, `golden/anchors/shifted_interpolation/anchors_issue25_langevin.py`.
#[test]
fn langevin_mu_near_the_subnormal_range() {
    let rel = |x: f64, want: f64| ((x - want) / want).abs();
    let stat = remark_5_3(1.0, 5e-324, 0.05, None).unwrap();
    assert!(rel(stat, 4.498_913_794_543_196_4e161) < 1e-14, "{stat}");
    let stat = remark_5_3(1.0, 1e-300, 0.05, None).unwrap();
    assert!(rel(stat, 9.999_999_999_999_999_9e149) < 1e-14, "{stat}");
    // The recursion at ηm = 5e−302 (c rounds to 1 in f64; the limit G√(Tη/2) is exact to 1e−300).
    let at_t = remark_5_3(1.0, 1e-300, 0.05, Some(100)).unwrap();
    assert!(rel(at_t, 1.581_138_830_084_189_7) < 1e-14, "{at_t}");
    for (nu, want) in [(100, 3.181_212_452_095_196_2e160), (4, 1.590_606_226_047_598_1e161)] {
        let w = corollary_5_4_window(1.0, 1.0, 5e-324, nu).unwrap();
        assert!(w >= want && rel(w, want) < 1e-13, "ν = {nu}: {w} vs {want}");
    }
}
