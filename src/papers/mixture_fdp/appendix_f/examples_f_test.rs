//! Tests of the Gaussian closed forms against the spec's 10-digit tables (§6.1, §6.6, §6.7, §6.8).

use crate::papers::mixture_fdp::appendix_f::examples_f::*;

/// Spec §6.7 table (μ = 1, w = 1/3).
#[test]
fn example_f_3_table() {
    let rows = [
        (0.01, 0.9350918346, 0.9193451332, 0.9350918346),
        (0.05, 0.8103259848, 0.7799078388, 0.8103259848),
        (0.1, 0.7072375389, 0.6763544030, 0.7072375389),
        (0.3, 0.4447865802, 0.4447167183, 0.4447865802),
        (0.5, 0.2724368360, 0.2447167183, 0.2484632430),
        (0.8, 0.0885101910, 0.0424695640, 0.0543284947),
    ];
    for (a, e, l, c) in rows {
        let v = example_f_3(1.0, 1.0 / 3.0, a).unwrap();
        assert!((v[0] - e).abs() < 1e-10 && (v[1] - l).abs() < 1e-10 && (v[2] - c).abs() < 1e-10, "{a}: {v:?}");
    }
}

/// Spec §6.6 table (exact vs claimed) and the corrected form below the exact curve.
#[test]
fn proposition_e_1_gaussian_table() {
    for (a, e, c) in [(0.01, 0.9270005276, 0.9488188760), (0.05, 0.8054281542, 0.8452444886), (0.1, 0.7185395861, 0.7554281542)] {
        let v = proposition_e_1_gaussian(1.0, 0.5, a).unwrap();
        assert!((v[0] - e).abs() < 1e-10 && (v[1] - c).abs() < 1e-10, "{a}: {v:?}");
        assert!(v[2] <= v[0]);
    }
}

/// Spec §6.1 table and §6.8 F.4 (G_1(0.5) = 0.1586552539).
#[test]
fn proposition_6_1_gaussian_and_f_4() {
    for (a, t, j) in [(0.05, 0.9177102094, 0.7404889772), (0.2, 0.6792636869, 0.4370791723), (0.5, 0.2934679378, 0.1586552539)] {
        assert!((proposition_6_1_gaussian(1.0, a).unwrap() - t).abs() < 1e-10);
        assert!((g(1.0, a) - j).abs() < 1e-10);
    }
    assert_eq!(example_f_4(1.0, 0.5).unwrap()[0], 0.5);
    assert!((example_f_4(1.0, 0.5).unwrap()[1] - 0.1586552539).abs() < 1e-10);
    assert!(proposition_6_1_gaussian(0.0, 0.5).is_err() && example_f_3(1.0, 1.0, 0.5).is_err());
}

/// Eq. (3) as printed is negative in the middle piece (sign typo): x̄ − f(x̄) − α < 0.
#[test]
fn eq_3_printed_middle_is_negative() {
    let v = eq_3_printed_middle(1.0 / 3.0, 1.0, 0.4);
    assert!(v < 0.0);
    assert!(sym_mix_gaussian(1.0 / 3.0, 1.0, 0.4).unwrap() > 0.0);
}
