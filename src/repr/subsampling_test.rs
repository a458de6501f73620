//! Tests of `C_p` (Definition 4.7, shifted_interpolation spec §2.6) against independent numbers:
//! the spec's table (scipy, 12 digits), a numerically convexified `min(f_p, f_p⁻¹)` built from a
//! dense sample of `f_p` (a different code path: hull of sampled points, no closed form), and the
//! one-step profile via `1 − min_α(e^ε α + C(α))` on that hull (spec §10 oracle).

use super::subsampling::*;
use super::tradeoff::TradeOff;
use crate::num::special::ndtr;

/// Spec §2.6 table: (p, μ, α_x, α_y, values at α = 1e−4, 0.01, 0.05, 0.3, 0.5, 0.8, 0.99).
const ALPHAS: [f64; 7] = [1e-4, 0.01, 0.05, 0.3, 0.5, 0.8, 0.99];
const TABLE: [(f64, f64, f64, f64, [f64; 7]); 3] = [
    (0.25, 2.5, 0.105649773667, 0.697175113167, [0.972070258061, 0.850267357964, 0.761558764996, 0.502824886833, 0.302824886833, 0.0272698314018, 1.06382219792e-05]),
    (0.025, 2.0 / 3.0, 0.369441340182, 0.624030726827, [0.999874117835, 0.989037767476, 0.947150226694, 0.693585872247, 0.493472067009, 0.194294959526, 0.00910113713644]),
    (0.01, 1.0, 0.308537538726, 0.687633212049, [0.999868261828, 0.989176377519, 0.947904889772, 0.696171798704, 0.496170750775, 0.196385840476, 0.00921787250137]),
];

#[test]
fn closed_form_matches_spec_table() {
    for (p, mu, ax, ay, vals) in TABLE {
        let c = SubsampledGdp::new(p, mu).unwrap();
        assert!((c.alpha_x() - ax).abs() < 1e-11 && (c.alpha_y() - ay).abs() < 1e-11, "p={p} mu={mu}");
        for (a, want) in ALPHAS.iter().zip(vals) {
            let got = c.tradeoff(*a).unwrap();
            assert!((got - want).abs() <= 1e-11 * want.max(1e-3), "p={p} mu={mu} a={a}: {got} vs {want}");
        }
    }
}

/// `f_p` sampled densely in `z = Φ⁻¹(1 − α)` (chord error ≤ μ h²/8 ≈ 1e−10 for h = 2e−5), then
/// [`subsample`] = hull of the samples of `f_p` and of their reflections. Agrees with the closed
/// form to 1e−9 at the spec's α (acceptance criterion of issue 9).
#[test]
fn closed_form_equals_numerically_convexified_min() {
    for (p, mu, _, _, _) in TABLE {
        let n = 850_000;
        let mut pts = vec![(0.0, 1.0)];
        for i in 0..=n {
            let z = 8.5 - 17.0 * i as f64 / n as f64;
            let a = ndtr(-z);
            let g = ndtr(z - mu);
            if a > 0.0 && a < 1.0 {
                pts.push((a, p * g + (1.0 - p) * (1.0 - a)));
            }
        }
        pts.push((1.0, 0.0));
        pts.dedup_by(|b, a| b.0 <= a.0);
        let f = TradeOff::from_points(&pts).unwrap();
        // subsample() mixes with Id itself: pass f_p's G-part through p = 1 after building f_p.
        let hull = subsample(&f, 1.0).unwrap();
        let c = SubsampledGdp::new(p, mu).unwrap();
        for a in ALPHAS {
            let (num, closed) = (hull.eval(a).unwrap(), c.tradeoff(a).unwrap());
            assert!((num - closed).abs() < 1e-9, "p={p} mu={mu} a={a}: hull {num} vs closed {closed}");
        }
        // one-step profile: 1 − min_α(e^ε α + C(α)) on the hull vs the amplification identity
        for e in [0.0, 0.05, 0.5, 1.0, 2.0] {
            let (num, closed) = (hull.delta_qp(e).unwrap(), c.delta(e).unwrap());
            assert!((num - closed).abs() < 1e-9, "p={p} mu={mu} eps={e}: {num} vs {closed}");
        }
    }
}

/// `subsample` of a PL `G_μ` lower bound is below the closed form (monotonicity of `C_p`).
#[test]
fn subsample_of_lower_bound_is_below_closed_form() {
    let g = crate::repr::Gdp::new(1.0).unwrap();
    let eps: Vec<f64> = (0..80).map(|i| -4.0 + 0.1 * i as f64).collect();
    let lo = crate::repr::convert::gdp_tradeoff_lower(g, &eps).unwrap();
    let c = SubsampledGdp::new(0.1, 1.0).unwrap();
    let s = subsample(&lo, 0.1).unwrap();
    for i in 1..100 {
        let a = i as f64 / 100.0;
        assert!(s.eval(a).unwrap() <= c.tradeoff(a).unwrap() + 1e-12, "a={a}");
    }
    assert!(s.is_symmetric(1e-12));
}

#[test]
fn one_step_profile_matches_spec_values() {
    for (p, mu, e, want) in [(0.025, 2.0 / 3.0, 0.1, 7.86371251673e-05), (0.25, 2.5, 1.0, 0.128761329239), (0.01, 1.0, 0.05, 0.000311065395443)] {
        let c = SubsampledGdp::new(p, mu).unwrap();
        let d = c.delta(e).unwrap();
        assert!((d - want).abs() < 1e-11 * want, "{d} vs {want}");
        let up = c.delta_up(e).unwrap();
        assert!(up >= want * (1.0 - 1e-11) && up <= want * (1.0 + 1e-11), "{up} vs {want}");
    }
    // large ε: log form, no overflow; δ(ε) ≤ p δ_G(ε − ln p) … stays finite and positive
    let c = SubsampledGdp::new(0.01, 3.0).unwrap();
    let l = c.ln_delta(800.0).unwrap();
    assert!(l.is_finite() || l == f64::NEG_INFINITY);
}

/// Symmetric profile identity for ε < 0 and the total variation `δ(0) = p(2Φ(μ/2) − 1)`.
#[test]
fn negative_epsilon_and_total_variation() {
    let c = SubsampledGdp::new(0.25, 2.5).unwrap();
    let tv = 0.25 * (2.0 * ndtr(1.25) - 1.0);
    assert!((c.delta(0.0).unwrap() - tv).abs() < 1e-14 && (c.total_variation() - tv).abs() < 1e-15);
    let e: f64 = -0.7;
    let want = 1.0 - e.exp() + e.exp() * c.delta(0.7).unwrap();
    assert!((c.delta(e).unwrap() - want).abs() < 1e-14);
}

/// κ and the CLT μ of Lemma A.5 against spec §2.10 (scipy): an estimate, tested as a formula.
#[test]
fn clt_matches_spec_table() {
    for (p, k, mu, kappa, want) in [(0.025, 2000u64, 2.0 / 3.0, 0.420505056102, 1.02531099685), (0.01, 1000, 1.0, 1.46229364342, 0.540794534628), (0.05, 20, 2.0, 53.0004138597, 2.30218187508)] {
        assert!((clt_kappa(mu) - kappa).abs() < 1e-11 * kappa);
        let got = SubsampledGdp::new(p, mu).unwrap().clt_mu_estimate(k).unwrap();
        assert!((got - want).abs() < 1e-11 * want, "{got} vs {want}");
    }
}

#[test]
fn bad_inputs_are_errors() {
    for (p, mu) in [(0.0, 1.0), (1.1, 1.0), (f64::NAN, 1.0), (0.5, -1.0), (0.5, f64::INFINITY)] {
        assert!(SubsampledGdp::new(p, mu).is_err(), "p={p} mu={mu}");
    }
    let c = SubsampledGdp::new(0.5, 1.0).unwrap();
    assert!(c.tradeoff(1.5).is_err() && c.tradeoff(f64::NAN).is_err() && c.ln_delta(f64::NAN).is_err() && c.delta_up(-1.0).is_err());
    assert!(subsample(&TradeOff::identity(), 2.0).is_err());
}

/// Every row of the mpmath anchors of Definition 4.7 and Lemma A.5
/// (`golden/anchors/shifted_interpolation/{definition_4_7,lemma_a_5}.csv`, 50 digits, written by
/// `noisy_sgd.py` next to them): `C_p(G_μ)(α)` and one-step δ(ε) to 1e−11 relative, CLT μ to
/// 1e−12 and its Lemma A.3 ε to 1e−9.
#[test]
fn closed_form_matches_mpmath_anchors() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/golden/anchors/shifted_interpolation/");
    let rows = |name: &str| -> Vec<Vec<String>> {
        let text = std::fs::read_to_string(format!("{dir}{name}")).unwrap();
        text.lines().filter(|l| !l.starts_with('#')).skip(1).map(|l| l.split(',').map(str::to_string).collect()).collect()
    };
    let num = |f: &[String], i: usize| f[i].parse::<f64>().unwrap();
    let mut n = 0;
    // p, mu, alpha, eps, column, value
    for f in rows("definition_4_7.csv") {
        let (want, c) = (num(&f, 5), SubsampledGdp::new(num(&f, 0), num(&f, 1)).unwrap());
        let got = match f[4].as_str() {
            "tradeoff" => c.tradeoff(num(&f, 2)).unwrap(),
            "delta" => c.delta(num(&f, 3)).unwrap(),
            other => panic!("unknown column {other}"),
        };
        assert!((got - want).abs() <= 1e-11 * want.abs().max(1e-3), "{f:?}: got {got}");
        n += 1;
    }
    // p, k, mu, delta, column, value
    for f in rows("lemma_a_5.csv") {
        let want = num(&f, 5);
        let mu = SubsampledGdp::new(num(&f, 0), num(&f, 2)).unwrap().clt_mu_estimate(num(&f, 1) as u64).unwrap();
        let (got, tol) = match f[4].as_str() {
            "clt_mu" => (mu, 1e-12),
            "clt_eps" => (crate::repr::Gdp::new(mu).unwrap().epsilon_for_delta(num(&f, 3)).unwrap().upper, 1e-9),
            other => panic!("unknown column {other}"),
        };
        assert!((got - want).abs() <= tol * want.abs().max(1e-3), "{f:?}: got {got}");
        n += 1;
    }
    assert_eq!(n, 42 + 10);
}
