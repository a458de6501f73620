use super::*;
use crate::papers::balanced_iteration::section_3_4::reverse_exact::ln_trapezoid;

fn ln_normal(x: f64, m: f64, v: f64) -> f64 {
    -(x - m) * (x - m) / (2.0 * v) - 0.5 * (2.0 * std::f64::consts::PI * v).ln()
}

/// Spec §7 examples, and 1-D quadrature of ∫ p^α q^{1−α}.
#[test]
fn closed_forms_match_spec_and_quadrature() {
    assert!((proposition_a_1(&[1.0, 2.0], &[1.0, 4.0], 3.0).unwrap() - 3.0).abs() < 1e-15);
    for (a, s2, want) in [(2.0, 1.5, 0.05889151782819), (3.0, 1.2, 0.01924026028403), (5.0, 3.0, 0.3868957713178)] {
        let cf = proposition_a_2(&[1.0], &[s2], a).unwrap();
        let quad = ln_trapezoid(|x| a * ln_normal(x, 0.0, 1.0) + (1.0 - a) * ln_normal(x, 0.0, s2), -40.0, 40.0, 8000) / (a - 1.0);
        assert!((cf - want).abs() < 1e-12 && (quad - want).abs() < 1e-12, "α = {a}: {cf} {quad}");
    }
    assert_eq!(proposition_a_2(&[3.0], &[1.0], 3.0).unwrap(), f64::INFINITY);
    assert!(proposition_a_1(&[1.0], &[0.0], 2.0).is_err() && proposition_a_2(&[1.0], &[1.0], 1.0).is_err());
}

/// Issue 25: α near f64::MAX (was NaN: 2(α − 1) = ∞ and (α − 1)·ln products). References
/// (golden/anchors/balanced_iteration/anchors_issue25_edges.py): mpmath 1.3.0 at 400 digits of the printed closed form ln(v1^{1−α} v2^α/(αv2 + (1−α)v1))/(2(α−1)):
/// (1, 1.5, α = 1.7e308): 0.20273255405408219099 (→ ½ ln 1.5); (1, 1e300, α = 1e10: αv2 + (1−α)v1 ≈ 1e310
/// beyond f64): 345.38776394795556006.
#[test]
fn proposition_a_2_huge_order() {
    let v = proposition_a_2(&[1.0], &[1.5], 1.7e308).unwrap();
    assert!((v - 0.20273255405408219099).abs() < 1e-15, "{v}");
    let v = proposition_a_2(&[1.0], &[1e300], 1e10).unwrap();
    assert!((v - 345.38776394795556006).abs() < 1e-12 * 345.4, "{v}");
    let mp = proposition_a_2_r(&[1.0], &[1.5], 1.7e308, &crate::num::Mp::new(256, 0.0)).unwrap();
    assert!((mp.to_f64() - 0.20273255405408219099).abs() < 1e-15, "{mp}");
    assert_eq!(proposition_a_2(&[1.5], &[1.0], 1.7e308).unwrap(), f64::INFINITY);
}
