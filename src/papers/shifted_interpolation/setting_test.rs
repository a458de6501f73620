use super::*;

#[test]
fn contraction_factor_matches_lemmas_2_8_2_9() {
    // c = 1 − ηm when η ≤ 2/(m+M) (spec §1.3).
    assert!((contraction_factor(0.1, 1.0, 10.0).unwrap() - 0.9).abs() < 1e-15);
    // c = ηM − 1 beyond 2/(m+M): η = 0.19, m = 1, M = 10 → max(0.81, 0.9) = 0.9.
    assert!((contraction_factor(0.19, 1.0, 10.0).unwrap() - 0.9).abs() < 1e-15);
    // Convex: c = 1 up to η = 2/M.
    assert_eq!(contraction_factor(0.2, 0.0, 10.0).unwrap(), 1.0);
}

#[test]
fn contraction_factor_rejects_non_contractive_steps() {
    for (eta, m, big_m) in [(0.2, 1.0, 10.0), (0.3, 1.0, 10.0), (0.0, 1.0, 1.0), (0.1, -1.0, 1.0), (0.1, 2.0, 1.0), (f64::NAN, 1.0, 1.0), (0.21, 0.0, 10.0)] {
        let e = contraction_factor(eta, m, big_m).unwrap_err().to_string();
        assert!(e.starts_with("invalid"), "{e}");
    }
}

#[test]
fn ratio_is_l_over_b_sigma() {
    // MNIST: clip 5 → L = 10, b = 1500, σ = 0.01 → r = 2/3 (spec §7.1).
    let r = ratio(10.0, 1500, 0.01).unwrap();
    assert!((r - 2.0 / 3.0).abs() < 1e-15 && r >= 2.0 / 3.0);
    assert!(ratio(0.0, 1, 1.0).is_err());
    assert!(ratio(1.0, 0, 1.0).is_err());
    assert!(ratio(1.0, 1, -1.0).is_err());
}

#[test]
fn check_contraction_rejects_outside_unit_interval() {
    for c in [0.0, -0.5, 1.0000001, f64::NAN, f64::INFINITY] {
        assert!(check_contraction(c).is_err(), "{c}");
    }
    assert!(check_strict_contraction(1.0).is_err());
}

#[test]
fn geometric_has_the_c_to_1_limit_without_cancellation() {
    // (1 − c^k)/(1 − c) = Σ_{j<k} c^j; c = 1 − 1e-12, k = 1000: 1000 − 499500e-12 + … (series).
    let c = 1.0 - 1e-12;
    let want = 1000.0 - 1e-12 * 999.0 * 1000.0 / 2.0;
    assert!((geometric(&c, &1000.0) - want).abs() < 1e-9, "{}", geometric(&c, &1000.0));
    assert_eq!(geometric(&1.0, &7.0), 7.0);
    // c = 0.5, k = 3: 1 + 0.5 + 0.25.
    assert!((geometric(&0.5, &3.0) - 1.75).abs() < 1e-15);
    assert!((pow_c(&0.5, &3.0) - 0.125).abs() < 1e-16);
}
