//! Tests of the interval-convolution route against independent oracles: the binomial closed form
//! of composed randomized response (`crate::exact`), an mpmath evaluation of the T-fold Laplace
//! profile (`tests/anchors/laplace_composed.py`), published DP-SGD values (foundations §8.1), and
//! the FFT accountant (`crate::pld`, a different discretisation and composition).

use super::*;
use crate::pld::{delta_interval as fft_delta, epsilon_interval as fft_epsilon, PldOptions};

fn sgm(q: f64, s: f64) -> Mechanism {
    Mechanism::from_name("sgm", s, None, Some(q)).unwrap()
}

fn lap(s: f64) -> Mechanism {
    Mechanism::from_name("laplace", s, None, None).unwrap()
}

fn rr(s: f64) -> Mechanism {
    Mechanism::from_name("randomized-response", s, None, None).unwrap()
}

/// `a` and `b` overlap, and one contains the other's midpoint widened by its own width.
fn agree(a: Interval, b: Interval) {
    assert!(a.lower <= b.upper && b.lower <= a.upper, "disjoint: {a:?} vs {b:?}");
    let (ma, mb) = (0.5 * (a.lower + a.upper), 0.5 * (b.lower + b.upper));
    let ok = (a.lower - a.width() <= mb && mb <= a.upper + a.width()) || (b.lower - b.width() <= ma && ma <= b.upper + b.width());
    assert!(ok, "midpoints far apart: {a:?} vs {b:?}");
}

#[test]
fn rr_composed_contains_the_binomial_closed_form() {
    // Oracle: crate::exact (binomial sum over the number of kept bits, MPFR), not this engine.
    let m = rr(1.0);
    let (d, detail) = delta_interval(&[(m.clone(), 20)], 2.0, &ConvOptions::default()).unwrap();
    let truth = crate::exact::delta(&m, 20, 2.0, 256).unwrap();
    assert!(d.lower <= truth.lower && truth.upper <= d.upper, "{d:?} vs {truth:?}");
    assert!(d.width() <= 2e-3 * truth.upper, "width: {d:?} ({})", detail.describe());
    let (e, _) = epsilon_interval(&[(m.clone(), 20)], 1e-5, &ConvOptions::default()).unwrap();
    let te = crate::exact::epsilon(&m, 20, 1e-5, 256).unwrap();
    assert!(e.lower <= te.upper && te.lower <= e.upper, "{e:?} vs {te:?}");
}

#[test]
fn laplace_composed_contains_the_mpmath_profile() {
    // tests/anchors/laplace_composed.py (mpmath, 40 digits): multinomial over atoms and the
    // Irwin–Hall convolution of the continuous parts.
    let cases = [(1.0, 2, 0.5, 0.35049598998110477769), (1.0, 2, 1.5, 0.12384911904466952322), (2.0, 10, 1.0, 0.30704054318725552757), (2.0, 10, 2.5, 0.070704690136896231891)];
    for (s, t, eps, truth) in cases {
        let (d, detail) = delta_interval(&[(lap(s), t)], eps, &ConvOptions::default()).unwrap();
        assert!(d.lower <= truth && truth <= d.upper, "Laplace S={s} T={t} ε={eps}: {d:?} vs {truth} ({})", detail.describe());
        assert!(d.width() <= 2e-3 * truth, "width {d:?}");
    }
}

#[test]
fn sgm_t1000_agrees_with_published_dp_sgd_values() {
    // Foundations §8.1: truth ε(1e−5) ∈ [1.8232367, 1.8282367] (dp_accounting privacy buckets
    // down R9 / Connect-the-Dots R7, h = 1e−5); δ(1) ∈ [0.0025391867, 0.0026875733] (R9 / R8).
    let m = sgm(0.01, 1.0);
    let (e, _) = epsilon_interval(&[(m.clone(), 1000)], 1e-5, &ConvOptions::default()).unwrap();
    assert!(e.lower <= 1.8282367 && e.upper >= 1.8232367, "{e:?}");
    assert!(e.width() <= 5e-2 * e.upper, "{e:?}"); // measured 3.3 % at h = 2e-3
    let (d, _) = delta_interval(&[(m, 1000)], 1.0, &ConvOptions::default()).unwrap();
    assert!(d.lower <= 0.0026875733 && d.upper >= 0.0025391867, "{d:?}");
}

#[test]
fn sgm_t100_agrees_with_the_fft_and_is_narrow() {
    let parts = [(sgm(0.01, 1.0), 100)];
    let (e, _) = epsilon_interval(&parts, 1e-5, &ConvOptions::default()).unwrap();
    let (f, _) = fft_epsilon(&parts, 1e-5, &PldOptions::default()).unwrap();
    agree(e, f);
    assert!(e.width() <= 1e-2 * e.upper, "{e:?}");
    let (d, _) = delta_interval(&parts, 0.5, &ConvOptions::default()).unwrap();
    let (fd, _) = fft_delta(&parts, 0.5, &PldOptions::default()).unwrap();
    agree(d, fd);
}

#[test]
fn laplace_rr_and_heterogeneous_agree_with_the_fft() {
    let cases: Vec<Vec<(Mechanism, u64)>> = vec![vec![(lap(1.0), 10)], vec![(rr(2.0), 50)], vec![(sgm(0.02, 1.5), 30), (lap(4.0), 5)]];
    for parts in cases {
        let (e, _) = epsilon_interval(&parts, 1e-5, &ConvOptions::default()).unwrap();
        let (f, _) = fft_epsilon(&parts, 1e-5, &PldOptions::default()).unwrap();
        agree(e, f);
        let (d, _) = delta_interval(&parts, 1.0, &ConvOptions::default()).unwrap();
        let (fd, _) = fft_delta(&parts, 1.0, &PldOptions::default()).unwrap();
        agree(d, fd);
    }
}

#[test]
fn too_many_steps_and_the_gaussian_are_unsupported() {
    let e = epsilon_interval(&[(sgm(0.01, 1.0), MAX_STEPS + 1)], 1e-5, &ConvOptions::default()).unwrap_err();
    assert!(matches!(&e, Error::Unsupported(m) if m.contains("10000")), "{e:?}");
    let g = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    assert!(matches!(delta_interval(&[(g, 3)], 1.0, &ConvOptions::default()), Err(Error::Unsupported(_))));
}

#[test]
fn zero_sampling_rate_gives_the_identity_profile() {
    // q = 0: L ≡ 0, so δ(ε) = (1 − e^ε)_+ = 0 at ε ≥ 0 and ε(δ) = 0.
    let (d, _) = delta_interval(&[(sgm(0.0, 1.0), 7)], 0.1, &ConvOptions::default()).unwrap();
    assert_eq!(d, Interval::point(0.0));
}

#[test]
fn profile_exact_answers_for_dp_sgd() {
    use crate::profile::{evaluate, Method, ProfileRequest, Query};
    let mut req = ProfileRequest::new(sgm(0.01, 1.0), 100, Query::EpsilonAt { delta: 1e-5 }).unwrap();
    req.methods = vec![Method::Exact, Method::Fft];
    let r = evaluate(&req).unwrap();
    let ex = r.get(Method::Exact).unwrap();
    assert!(ex.interval.is_some() && ex.detail.contains("interval convolution"), "{ex:?}");
    assert!(r.agree);
}
