//! Tests of δ(ε) intervals against closed forms and spec reference values.
//! Each statistical assertion fails with probability ≤ 1 − confidence (stated per test) when the
//! code is correct; all runs are seeded, so the outcomes are deterministic.

#![allow(clippy::excessive_precision)] // reference values are quoted with all the digits of their source

use super::estimate::delta_interval;
use super::options::McOptions;
use crate::mechanisms::Mechanism;

fn gaussian(sigma: f64) -> Mechanism {
    Mechanism::from_name("gaussian", sigma, None, None).unwrap()
}

#[test]
fn gaussian_mu1_delta_at_1_contains_closed_form() {
    // foundations §8.3 (mpmath-50): δ(1) = 0.12693673750664395 for μ = 1. α = 1e−3.
    let opts = McOptions { seed: 1, ..McOptions::default() };
    let est = delta_interval(&gaussian(1.0), 1, 1.0, &opts).unwrap();
    eprintln!("{est:?}");
    assert!(est.interval.contains(0.12693673750664395), "{:?}", est.interval);
}

#[test]
fn gaussian_mu1_delta_at_10_tilted_contains_closed_form() {
    // foundations §8.3: δ(10) = 9.8127058268469559e−23 for μ = 1; only reachable by tilting. α = 1e−3.
    let opts = McOptions { seed: 2, ..McOptions::default() };
    let est = delta_interval(&gaussian(1.0), 1, 10.0, &opts).unwrap();
    eprintln!("{est:?}");
    assert!(est.interval.contains(9.8127058268469559e-23), "{:?}", est.interval);
    assert!(est.method.contains("tilt"));
}

#[test]
fn sgm_delta_at_1_contains_reference() {
    // foundations §8.1 R5/R7/R15: δ(1) = 2.6124e−3 (q = 0.01, σ = 1, T = 1000). α = 1e−3.
    let mech = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let opts = McOptions { seed: 3, ..McOptions::default() };
    let t0 = std::time::Instant::now();
    let est = delta_interval(&mech, 1000, 1.0, &opts).unwrap();
    eprintln!("{est:#?} {:?}", t0.elapsed());
    assert!(est.interval.contains(2.6124e-3), "{:?}", est.interval);
    // Add direction alone (R11, dp-accounting CTD per direction): 7.946402330769586e−4.
    assert!(part(&est, crate::mechanisms::Direction::Add).contains(7.946402330769586e-4), "{est:?}");
}

fn part(est: &super::McEstimate, dir: crate::mechanisms::Direction) -> crate::num::Interval {
    est.parts.iter().find(|p| p.direction == dir).unwrap().interval
}

#[test]
fn sgm_one_step_per_direction_matches_closed_forms() {
    // foundations §8.3 (mpmath-50), one step: q = 0.01, σ = 1, ε = 0.01: remove
    // 1.9002737053015713e−3, add 6.4414170053958666e−12 (tiny: needs the add-direction tilt);
    // q = 0.1, σ = 1, ε = −0.05: remove 0.058827525975977758, add 0.073639196970066031.
    // Each call: all intervals jointly at α = 1e−3.
    use crate::mechanisms::Direction::{Add, Remove};
    let opts = McOptions { seed: 5, ..McOptions::default() };
    let m = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let est = delta_interval(&m, 1, 0.01, &opts).unwrap();
    assert!(part(&est, Remove).contains(1.9002737053015713e-3), "{est:?}");
    assert!(part(&est, Add).contains(6.4414170053958666e-12), "{est:?}");
    // ε is 5e−5 below sup L_add = −ln(0.99): the acceptance floor of the rejection tilt limits λ,
    // so the interval is wide, but still far below what untilted sampling can give (≈ 4e−5).
    assert!(part(&est, Add).upper < 1e-9, "add tilt ineffective: {:?}", part(&est, Add));
    let m = Mechanism::from_name("sgm", 1.0, None, Some(0.1)).unwrap();
    let est = delta_interval(&m, 1, -0.05, &opts).unwrap();
    assert!(part(&est, Remove).contains(0.058827525975977758), "{est:?}");
    assert!(part(&est, Add).contains(0.073639196970066031), "{est:?}");
    assert!(est.interval.contains(0.073639196970066031));
}

#[test]
fn laplace_and_randomized_response_one_step() {
    // foundations §8.3 (mpmath-50): Laplace b = 1, ε = 0.5: 0.22119921692859513; randomized
    // response ε0 = 1, ε = 0.5: 0.28764913664496792. Laplace ε = 0.99 (tilted regime):
    // δ = 1 − e^{(ε−ε0)/2} = −expm1(−0.005) (§2.2). α = 1e−3 each.
    let opts = McOptions { seed: 6, ..McOptions::default() };
    let lap = Mechanism::from_name("laplace", 1.0, None, None).unwrap();
    assert!(delta_interval(&lap, 1, 0.5, &opts).unwrap().interval.contains(0.22119921692859513));
    let est = delta_interval(&lap, 1, 0.99, &opts).unwrap();
    assert!(est.interval.contains(-(-0.005f64).exp_m1()), "{est:?}");
    // ε ≥ T·ε0: δ = 0 exactly, no sampling.
    let est = delta_interval(&lap, 3, 3.0, &opts).unwrap();
    assert_eq!((est.interval.lower, est.interval.upper), (0.0, 0.0));
    let rr = Mechanism::from_name("rr", 1.0, None, None).unwrap();
    assert!(delta_interval(&rr, 1, 0.5, &opts).unwrap().interval.contains(0.28764913664496792));
}

#[test]
fn randomized_response_composed_matches_binomial_sum() {
    // T = 30, ε0 = 1, ε = 10 (δ ≈ 1e−5, tilted): exact δ = Σ_k C(30,k) π^k (1−π)^{30−k}
    // (1 − e^{ε − (2k − 30)})_+ with π = e/(1+e), summed here directly. α = 1e−3.
    let (t, e0, eps) = (30u64, 1.0f64, 10.0f64);
    let pi = e0.exp() / (1.0 + e0.exp());
    let exact: f64 = (0..=t)
        .map(|k| {
            let s = e0 * (2.0 * k as f64 - t as f64);
            let lp = crate::num::special::ln_binom(t as f64, k as f64) + k as f64 * pi.ln() + (t - k) as f64 * (1.0 - pi).ln();
            if s > eps { lp.exp() * -(eps - s).exp_m1() } else { 0.0 }
        })
        .sum();
    let rr = Mechanism::from_name("rr", 1.0, None, None).unwrap();
    let est = delta_interval(&rr, t, eps, &McOptions { seed: 8, ..McOptions::default() }).unwrap();
    assert!(est.interval.contains(exact), "{exact} not in {:?}", est);
    assert!(est.method.contains("tilt"));
}

#[test]
fn untilted_path_and_p_values() {
    // Tilt::Off: Bernoulli form + Clopper–Pearson; μ = 1, δ(1) = 0.12693673750664395. α = 1e−3.
    let opts = McOptions { seed: 9, tilt: super::Tilt::Off, ..McOptions::default() };
    let est = delta_interval(&gaussian(1.0), 1, 1.0, &opts).unwrap();
    assert!(est.interval.contains(0.12693673750664395), "{est:?}");
    assert!(est.method.contains("Clopper-Pearson"));
    // p-values (§5.5): a claim 10 % below the truth is rejected overwhelmingly (200 000 samples,
    // relative standard error 0.6 %), a claim above the upper end gives no evidence.
    let p_low = est.p_value_delta_exceeds(0.9 * 0.12693673750664395).unwrap();
    assert!(p_low < 1e-12, "{p_low}");
    assert!(est.p_value_delta_exceeds(est.interval.upper * 1.01).unwrap() > 0.5);
    // Same for the tilted, two-direction SGM estimate.
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let est = delta_interval(&sgm, 100, 0.5, &McOptions { seed: 4, samples: 20_000, ..McOptions::default() }).unwrap();
    assert!(est.p_value_delta_exceeds(0.8 * est.point).unwrap() < 1e-6);
    assert!(est.p_value_delta_exceeds(est.interval.upper).unwrap() > 1e-3);
}

#[test]
fn invalid_input_is_a_typed_error() {
    let g = gaussian(1.0);
    let o = McOptions::default();
    assert!(matches!(delta_interval(&g, 0, 1.0, &o), Err(crate::Error::InvalidParameter { .. })));
    assert!(matches!(delta_interval(&g, 1, f64::NAN, &o), Err(crate::Error::InvalidParameter { .. })));
    let bad = McOptions { confidence: 1.0, ..McOptions::default() };
    assert!(matches!(delta_interval(&g, 1, 1.0, &bad), Err(crate::Error::InvalidParameter { .. })));
    let bad = McOptions { samples: 10, ..McOptions::default() };
    assert!(matches!(delta_interval(&g, 1, 1.0, &bad), Err(crate::Error::InvalidParameter { .. })));
    for d in [0.0, 1.0, f64::NAN, -1e-3] {
        assert!(matches!(super::epsilon_interval(&g, 1, d, &o), Err(crate::Error::InvalidParameter { .. })));
    }
}
