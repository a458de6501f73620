//! The routes of [`super`] against the mpmath anchors of
//! `golden/anchors/shifted_interpolation/theorem_4_8.csv` (one step: root of the hockey-stick
//! quadrature; p = 1: the GDP root; p < 1, t = 2: conditioning on the first step's privacy loss)
//! and `definition_4_7.csv` (one-step δ(ε) by hockey-stick quadrature).

use super::*;
use crate::pld::FdpFactor::{Gaussian, SubsampledGaussian};

fn parts(p: f64, mu: f64, t: u64) -> Vec<(FdpFactor, u64)> {
    vec![(SubsampledGaussian { p, mu }, t)]
}

/// One step and all-Gaussian compositions take the closed forms: intervals of ~1e−15 relative
/// width containing the anchors; p < 1 compositions the FFT, containing theirs.
#[test]
fn each_route_contains_the_mpmath_anchors() {
    let o = PldOptions::default();
    for (p, mu, t, delta, truth, closed) in [
        (0.25, 2.5, 1, 1e-5, 11.003_016_187_283_246_856, true),
        (0.025, 2.0 / 3.0, 1, 1e-5, 0.165_163_698_384_557_103_4, true),
        (0.01, 1.0, 1, 1e-6, 0.363_947_839_615_508_536_2, true),
        (1.0, 0.5, 16, 1e-5, 9.997_256_146_434_300_359, true),
        (1.0, 0.1, 100, 1e-5, 4.377_178_095_681_224_890, true),
        (0.05, 1.0, 2, 1e-5, 1.186_777_763_840_705_293, false),
        (0.2, 2.0, 2, 1e-3, 6.165_415_519_419_314_305, false),
    ] {
        let c = epsilon(&parts(p, mu, t), delta, &o).unwrap();
        assert!(c.interval.contains(truth), "p={p} μ={mu} t={t}: {c:?} vs {truth}");
        assert!(c.width_met, "{c:?}");
        if closed {
            assert!(relative_width(c.interval) < 1e-13 && c.note.starts_with("closed form"), "{c:?}");
        } else {
            assert!(c.note.starts_with("certified FFT") && relative_width(c.interval) <= 1e-3, "{c:?}");
        }
    }
    // A Gaussian factor next to a C_1 one is still all-Gaussian: G_0.3 ⊗ G_0.4 = G_0.5.
    let g = epsilon(&[(Gaussian { mu: 0.3 }, 1), (SubsampledGaussian { p: 1.0, mu: 0.4 }, 1)], 1e-5, &o).unwrap();
    let five = epsilon(&[(Gaussian { mu: 0.5 }, 1)], 1e-5, &o).unwrap();
    assert!(g.interval.overlaps(&five.interval) && g.note.contains("every factor Gaussian"), "{g:?} {five:?}");
}

/// δ(ε) of one step: the closed form's enclosure contains the hockey-stick quadrature anchors
/// (ε ≥ 0), and ε < 0 follows the symmetric identity δ(ε) = 1 − e^ε + e^ε δ(−ε).
#[test]
fn one_step_delta_contains_the_quadrature_anchors() {
    let o = PldOptions::default();
    for (p, mu, e, truth) in [(0.25, 2.5, 1.0, 0.128_761_329_238_888_303_4), (0.025, 2.0 / 3.0, 0.1, 7.863_712_516_730_275_1e-5), (0.01, 1.0, 0.05, 3.110_653_954_432_246_9e-4)] {
        let c = delta(&parts(p, mu, 1), e, &o).unwrap();
        let tol = 1e-15 * truth;
        assert!(c.interval.lower <= truth + tol && truth - tol <= c.interval.upper, "{c:?} vs {truth}");
        let neg = delta(&parts(p, mu, 1), -e, &o).unwrap();
        let want = 1.0 - (-e as f64).exp() + (-e as f64).exp() * truth;
        assert!((neg.interval.upper - want).abs() < 1e-10 * want, "{neg:?} vs {want}");
    }
}

/// A factor beyond the accountant's range is an error naming it; a width finer than the default
/// retries (and the intersection stays certified); a bad width is an error.
#[test]
fn out_of_range_factors_and_widths() {
    let e = epsilon(&[(SubsampledGaussian { p: 0.5, mu: 1.0 }, 3), (Gaussian { mu: 1120.0 }, 1)], 1e-5, &PldOptions::default()).unwrap_err();
    assert!(e.to_string().contains("Gaussian factor") && e.to_string().contains("1.120000e3"), "{e}");
    let narrow = epsilon(&parts(0.05, 1.0, 2), 1e-5, &options_for_width(1e-5).unwrap()).unwrap();
    assert!(narrow.interval.contains(1.186_777_763_840_705_293) && (narrow.width_met || narrow.note.contains("asked for")), "{narrow:?}");
    assert!(options_for_width(0.0).is_err() && options_for_width(1.0).is_err() && options_for_width(f64::NAN).is_err());
}
