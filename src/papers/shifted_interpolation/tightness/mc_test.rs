use super::*;
use crate::papers::shifted_interpolation::section_4::noisy_gd;
use crate::papers::shifted_interpolation::setting::contraction_factor;
use crate::papers::shifted_interpolation::tightness::gaussian;
use crate::repr::Gdp;

const ALPHAS: [f64; 5] = [0.01, 0.05, 0.1, 0.3, 0.5];

#[test]
fn monte_carlo_attains_theorem_4_2_when_c_is_1_minus_eta_m() {
    // Spec §4.2 row 1: η = 0.1, m = 1, M = 10, r = 0.1, T = 50, c = 0.9, μ = 0.433649175026; the
    // spec's G_μ(α) = 0.97080, 0.88709, 0.80175, 0.53615, 0.33227 (rounded to 5 digits).
    let c = contraction_factor(0.1, 1.0, 10.0).unwrap();
    assert!((c - 0.9).abs() < 1e-15);
    let bound = noisy_gd::theorem_4_2(0.1, 1, 1.0, 50, c).unwrap();
    assert!((bound - 0.433649175026).abs() < 1e-11);
    let pts = quadratic_mc(0.1, 1.0 - 0.1 * 1.0, 50, &ALPHAS, 200_000, 12345, 1e-7).unwrap();
    let spec = [0.97080, 0.88709, 0.80175, 0.53615, 0.33227];
    for (pt, s) in pts.iter().zip(spec) {
        let g = Gdp::new(bound).unwrap().tradeoff(pt.alpha).unwrap();
        assert!((g - s).abs() < 6e-6, "{g} vs spec {s}");
        assert!(pt.type1.lower <= pt.alpha && pt.alpha <= pt.type1.upper, "{pt:?}");
        assert!(pt.type2.lower <= g && g <= pt.type2.upper, "{pt:?} vs G = {g}");
        assert!(pt.type2.upper - pt.type2.lower < 0.015);
    }
}

#[test]
fn monte_carlo_stays_above_theorem_4_2_when_c_exceeds_1_minus_eta_m() {
    // Spec §4.2 row 4: η = 0.45, m = 1, M = 4: c = ηM − 1 = 0.8 > 1 − ηm = 0.55; r = 1/3, T = 20:
    // bound 0.988536486656, instance (h = m) μ = 0.618636515670834 (mpmath).
    let c = contraction_factor(0.45, 1.0, 4.0).unwrap();
    let bound = noisy_gd::theorem_4_2(1.0 / 3.0, 1, 1.0, 20, c).unwrap();
    assert!((bound - 0.988536486656).abs() < 1e-11);
    let inst = gaussian::quadratic_gd(1.0 / 3.0, 0.55, 20).unwrap();
    assert!((inst - 0.618636515670834).abs() < 1e-12);
    let pts = quadratic_mc(1.0 / 3.0, 0.55, 20, &ALPHAS, 200_000, 777, 1e-7).unwrap();
    for pt in &pts {
        let (gi, gb) = (Gdp::new(inst).unwrap().tradeoff(pt.alpha).unwrap(), Gdp::new(bound).unwrap().tradeoff(pt.alpha).unwrap());
        assert!(pt.type2.lower <= gi && gi <= pt.type2.upper, "{pt:?} vs {gi}");
        assert!(pt.type2.lower > gb, "bound not strictly below the instance at α = {}", pt.alpha);
    }
}

#[test]
fn same_seed_same_intervals_and_bad_input() {
    let a = quadratic_mc(0.5, 0.9, 5, &[0.1], 3000, 1, 1e-3).unwrap();
    assert_eq!(a, quadratic_mc(0.5, 0.9, 5, &[0.1], 3000, 1, 1e-3).unwrap());
    assert_ne!(a, quadratic_mc(0.5, 0.9, 5, &[0.1], 3000, 2, 1e-3).unwrap());
    assert!(quadratic_mc(-1.0, 0.9, 5, &[0.1], 10, 1, 1e-3).is_err());
    assert!(quadratic_mc(0.5, 0.9, 0, &[0.1], 10, 1, 1e-3).is_err());
    assert!(quadratic_mc(0.5, 0.9, 5, &[1.0], 10, 1, 1e-3).is_err());
    assert!(quadratic_mc(0.5, 0.9, 5, &[0.1], 0, 1, 1e-3).is_err());
}
