//! Tests of `profile.rs` and `convert.rs`: Gaussian profile values (foundations §8.3, mpmath-50),
//! the inverse ε(δ) rounded toward the larger ε, tabulated profiles against the exact Gaussian
//! curve (MPFR, 128 bits), two directions kept apart, and the trade-off ↔ profile duality
//! against the direct hockey-stick sum.
// Reference values are quoted with all the digits of their source.
#![allow(clippy::excessive_precision)]

use super::convert::{gdp_profile, gdp_tradeoff_down, gdp_tradeoff_lower, profile_to_tradeoff, rdp_to_profile, tradeoff_to_profile};
use super::profile::{DeltaCurve, PrivacyProfile, TabulatedDelta};
use super::rdp::dp_accounting_default_orders;
use super::rdp_optimize::epsilon_for_delta;
use super::rdp_to_dp::Formula;
use super::tradeoff::TradeOff;
use super::tradeoff_test::hockey;
use super::Gdp;
use crate::error::Error;

#[test]
fn gaussian_profile_and_inverse() {
    // foundations §8.3: μ = 1: δ(1) = 0.12693673750664395, ε(1e−5) = 4.3771780956812246.
    let p = gdp_profile(Gdp::new(1.0).unwrap());
    assert!(((p.delta(1.0).unwrap() - 0.12693673750664395) / 0.12693673750664395).abs() < 1e-13);
    let e = p.epsilon_for_delta(1e-5).unwrap();
    // Direction: the reported upper end is ≥ the true ε (to f64 evaluation accuracy) and tight.
    assert!(e.upper >= 4.3771780956812246 - 1e-13 && e.upper - 4.3771780956812246 < 1e-12, "{e}");
    assert!(e.lower <= e.upper);
    assert!(p.delta(e.upper).unwrap() <= 1e-5);
    // δ ≥ δ(0) gives 0; small δ near 1e−300 still inverts (log-space curve)
    assert_eq!(p.epsilon_for_delta(0.5).unwrap().upper, 0.0);
    let tiny = p.epsilon_for_delta(1e-300).unwrap();
    assert!(tiny.upper.is_finite() && p.ln_delta(tiny.upper).unwrap() <= (1e-300f64).ln());
}

#[test]
fn two_directions_are_kept_apart() {
    // remove: μ = 1 Gaussian; add: μ = 0.5 Gaussian. δ = max; ε(δ) from the worse (μ = 1).
    let g1 = Gdp::new(1.0).unwrap();
    let g2 = Gdp::new(0.5).unwrap();
    let p = PrivacyProfile::new(
        DeltaCurve::from_ln_fn(move |e| g1.ln_delta(e).unwrap()),
        DeltaCurve::from_fn(move |e| g2.delta(e).unwrap()),
    );
    assert!(!p.is_symmetric());
    let (r, a) = p.delta_by_direction(1.0).unwrap();
    assert!(r > a && p.delta(1.0).unwrap() == r);
    let e = p.epsilon_for_delta(1e-5).unwrap().upper;
    assert!((e - 4.3771780956812246).abs() < 1e-12);
    // swap: the maximum does not depend on which direction is worse
    let q = PrivacyProfile::new(p.add().clone(), p.remove().clone());
    assert_eq!(q.delta(1.0).unwrap(), p.delta(1.0).unwrap());
}

#[test]
fn atom_at_infinity_gives_infinite_epsilon() {
    // δ(ε) ≥ p_∞ = 1e−3 for all ε (foundations §1.5 item 8): ε(1e−4) = +∞.
    let p = PrivacyProfile::symmetric(DeltaCurve::from_fn(|e: f64| 1e-3 + 0.5 * (-e.max(0.0)).exp()));
    let e = p.epsilon_for_delta(1e-4).unwrap();
    assert_eq!(e.upper, f64::INFINITY);
    assert!(p.epsilon_for_delta(2e-3).unwrap().upper.is_finite());
}

#[test]
fn tabulated_profile_is_an_upper_bound() {
    // Gaussian μ = 1 tabulated on ε ∈ {0, 0.5, …, 6} from certified upper bounds; evaluated
    // between and outside the grid it stays above the exact δ (MPFR 128-bit lower ends).
    let g = Gdp::new(1.0).unwrap();
    let eps: Vec<f64> = (0..=12).map(|i| 0.5 * i as f64).collect();
    let d: Vec<f64> = eps.iter().map(|&e| g.delta_bounds(e, 128).unwrap().upper).collect();
    let t = TabulatedDelta::new(eps.clone(), d.clone()).unwrap();
    for i in 0..=160 {
        let e = -1.0 + 0.05 * i as f64;
        let exact = g.delta_bounds(e, 128).unwrap().lower;
        let up = t.delta_up(e);
        assert!(up >= exact, "eps={e}: {up} < {exact}");
        assert!(up <= 1.0);
    }
    for (&e, &di) in eps.iter().zip(&d) {
        assert_eq!(t.delta_up(e), di);
    }
    // its inverse is ≥ the exact ε (and within the grid spacing)
    let p = PrivacyProfile::symmetric(DeltaCurve::Table(t));
    let e = p.epsilon_for_delta(1e-3).unwrap().upper;
    let exact = g.epsilon_bounds(1e-3, 128).unwrap();
    assert!(e >= exact.lower && e - exact.upper < 0.5, "{e} vs {exact}");
    // running-minimum tightening: a later larger value is replaced
    let t2 = TabulatedDelta::new(vec![0.0, 1.0, 2.0], vec![0.3, 0.4, 0.1]).unwrap();
    assert_eq!(t2.deltas(), &[0.3, 0.3, 0.1]);
}

#[test]
fn tabulate_keeps_both_directions() {
    let g = Gdp::new(1.0).unwrap();
    let p = PrivacyProfile::new(DeltaCurve::from_fn(move |e| g.delta(e).unwrap()), DeltaCurve::from_fn(|_| 0.0));
    let t = p.tabulate(&[0.0, 1.0, 2.0]).unwrap();
    assert_eq!(t.delta_by_direction(1.0).unwrap(), (g.delta(1.0).unwrap(), 0.0));
}

#[test]
fn tradeoff_profile_duality() {
    // foundations §1.7: f = T(P, Q) → δ_remove = H(P‖Q), δ_add = H(Q‖P) (direct sums as oracle).
    let (p, q) = ([0.6, 0.3, 0.1], [0.2, 0.3, 0.5]);
    let f = TradeOff::from_pair(&p, &q).unwrap();
    let prof = tradeoff_to_profile(&f);
    assert!(!prof.is_symmetric());
    for e in [-0.5, 0.0, 0.4, 1.0, 1.5] {
        let (r, a) = prof.delta_by_direction(e).unwrap();
        assert!((r - hockey(&p, &q, e.exp())).abs() < 1e-15 && (a - hockey(&q, &p, e.exp())).abs() < 1e-15, "eps={e}");
    }
    // and back: the grid lower bound with ε at ± the log-likelihood ratios reproduces f
    let ratios: Vec<f64> = vec![-(3.0f64.ln()), 0.0, 3.0f64.ln(), -(5.0f64.ln()), 5.0f64.ln()];
    let mut grid = ratios.clone();
    grid.sort_by(f64::total_cmp);
    let back = profile_to_tradeoff(&prof, &grid).unwrap();
    assert!(back.is_below(&f, 1e-15) && f.is_below(&back, 1e-14));
}

#[test]
fn gdp_conversions() {
    // PL lower bound of G_1 is below G_1 (MPFR value rounded down) at many points.
    let g = Gdp::new(1.0).unwrap();
    let grid: Vec<f64> = (0..=80).map(|i| -4.0 + 0.1 * i as f64).collect();
    let f = gdp_tradeoff_lower(g, &grid).unwrap();
    assert!(f.is_symmetric(1e-12));
    for i in 0..=100 {
        let a = i as f64 / 100.0;
        let exact = gdp_tradeoff_down(g, a, 128).unwrap();
        assert!(f.eval(a).unwrap() <= exact + 1e-15, "a={a}");
    }
    // the PL profile is then ≥ the exact profile
    for e in [0.0, 0.5, 1.0, 2.0, 3.0] {
        assert!(f.delta_qp(e).unwrap() >= g.delta_bounds(e, 128).unwrap().lower);
    }
}

#[test]
fn rdp_profile_inverse_equals_min_over_orders() {
    // ε(δ) of the RDP profile (root finding on min_α δ_α(ε)) equals min_α ε_α(δ)
    // (rdp_optimize): two different code paths for the same quantity.
    let curve = Gdp::new(1.0).unwrap().to_rdp(&dp_accounting_default_orders()).unwrap();
    let prof = rdp_to_profile(&curve, &Formula::CLOSED_FORM).unwrap();
    for d in [1e-8, 1e-5, 1e-3] {
        let a = prof.epsilon_for_delta(d).unwrap().upper;
        let b = epsilon_for_delta(&curve, d, &Formula::CLOSED_FORM).unwrap().epsilon;
        assert!((a - b).abs() < 1e-11 * b, "delta={d}: {a} vs {b}");
        assert!(a >= Gdp::new(1.0).unwrap().epsilon_bounds(d, 128).unwrap().upper);
    }
    assert!(rdp_to_profile(&curve, &[]).is_err());
}

#[test]
fn bad_curves_are_typed_errors() {
    let nan = PrivacyProfile::symmetric(DeltaCurve::from_fn(|_| f64::NAN));
    assert!(matches!(nan.delta(0.0), Err(Error::Numerical(_))));
    assert!(matches!(nan.epsilon_for_delta(1e-5), Err(Error::Numerical(_))));
    let neg = PrivacyProfile::symmetric(DeltaCurve::from_fn(|_| -0.1));
    assert!(neg.delta(0.0).is_err());
    let ok = PrivacyProfile::symmetric(DeltaCurve::from_fn(|_| 0.1));
    assert!(ok.delta(f64::NAN).is_err());
    assert!(ok.epsilon_for_delta(0.0).is_err() && ok.epsilon_for_delta(1.0).is_err());
    assert!(TabulatedDelta::new(vec![], vec![]).is_err());
    assert!(TabulatedDelta::new(vec![1.0, 0.0], vec![0.1, 0.1]).is_err());
    assert!(TabulatedDelta::new(vec![0.0], vec![1.5]).is_err());
    assert!(TabulatedDelta::new(vec![800.0], vec![0.1]).is_err());
    assert!(DeltaCurve::table(vec![0.0], vec![f64::NAN]).is_err());
}
