//! Tests of δ(ε) intervals against closed forms and spec reference values.
//! Each statistical assertion fails with probability ≤ 1 − confidence (stated per test) when the
//! code is correct; all runs are seeded, so the outcomes are deterministic.

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
}
