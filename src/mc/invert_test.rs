//! Tests of ε(δ) intervals. Each statistical assertion fails with probability ≤ 1 − confidence
//! (= 1e−3 with the default options) when the code is correct; runs are seeded.

#![allow(clippy::excessive_precision)] // reference values are quoted with all the digits of their source

use super::invert::epsilon_interval;
use super::options::McOptions;
use crate::mechanisms::Mechanism;
use crate::num::special::{ln_1m_exp, ln_ndtr};

/// Exact ε(δ) of μ-GDP, computed here independently of the crate's mechanism code:
/// `ln δ(ε) = ln Φ(−a) + ln(1 − exp(ε + ln Φ(−b) − ln Φ(−a)))`, `a = ε/μ − μ/2`, `b = ε/μ + μ/2`
/// (Balle & Wang 2018, Thm 8), inverted by 200 bisection steps on `[0, μ²/2 + μ√(2 ln(1/δ))]`
/// (upper end: the zCDP bound, foundations §2.1).
fn gdp_epsilon(mu: f64, delta: f64) -> f64 {
    let ln_delta = |e: f64| {
        let (a, b) = (e / mu - mu / 2.0, e / mu + mu / 2.0);
        ln_ndtr(-a) + ln_1m_exp((e + ln_ndtr(-b) - ln_ndtr(-a)).min(0.0))
    };
    let (mut lo, mut hi) = (0.0, mu * mu / 2.0 + mu * (2.0 * (1.0 / delta).ln()).sqrt());
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if ln_delta(mid) > delta.ln() { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

#[test]
fn gdp_epsilon_oracle_matches_spec() {
    // foundations §8.3: μ = 1, ε(1e−5) = 4.3771780956812246 (mpmath-50). Tolerance 1e−9.
    assert!((gdp_epsilon(1.0, 1e-5) - 4.3771780956812246).abs() < 1e-9);
}

#[test]
fn gaussian_epsilon_interval_contains_exact() {
    // Issue acceptance: σ ∈ {0.5, 1, 4}, T ∈ {1, 100, 10⁴}, δ = 1e−5. Nine intervals, each at
    // α = 1e−3 (seeded, different seeds per case).
    for (i, &sigma) in [0.5, 1.0, 4.0].iter().enumerate() {
        for (j, &t) in [1u64, 100, 10_000].iter().enumerate() {
            let mech = Mechanism::from_name("gaussian", sigma, None, None).unwrap();
            let opts = McOptions { seed: 10 + (3 * i + j) as u64, ..McOptions::default() };
            let est = epsilon_interval(&mech, t, 1e-5, &opts).unwrap();
            let exact = gdp_epsilon((t as f64).sqrt() / sigma, 1e-5);
            eprintln!("sigma={sigma} T={t}: exact {exact} in {} (rel width {:.2e}) {}", est.interval, est.interval.width() / exact, est.method);
            assert!(est.interval.contains(exact), "sigma={sigma} T={t}: {exact} not in {}", est.interval);
            assert!(est.interval.width() < 0.05 * exact, "too wide: {}", est.interval);
        }
    }
}

#[test]
fn sgm_epsilon_interval_contains_reference() {
    // foundations §8.1: ε(1e−5) ∈ [1.8232367, 1.8282367] (R9/R7 bounds); reference 1.8282.
    // α = 1e−3.
    let mech = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let opts = McOptions { seed: 7, ..McOptions::default() };
    let t0 = std::time::Instant::now();
    let est = epsilon_interval(&mech, 1000, 1e-5, &opts).unwrap();
    eprintln!("{:#?} {:?}", est, t0.elapsed());
    assert!(est.interval.contains(1.8282), "{}", est.interval);
}

/// Exact δ(ε) of T-fold randomized response (ε0 = 1): Σ_k P(K = k)(1 − e^{ε − ε0(2k − T)})_+,
/// K ~ Bin(T, e^{ε0}/(1 + e^{ε0})), summed directly (foundations §2.3 + §1.5 item 1).
fn rr_delta(t: u64, e0: f64, eps: f64) -> f64 {
    let pi = e0.exp() / (1.0 + e0.exp());
    (0..=t)
        .map(|k| {
            let s = e0 * (2.0 * k as f64 - t as f64);
            let lp = crate::num::special::ln_binom(t as f64, k as f64) + k as f64 * pi.ln() + (t - k) as f64 * (1.0 - pi).ln();
            if s > eps { lp.exp() * -(eps - s).exp_m1() } else { 0.0 }
        })
        .sum()
}

#[test]
fn bounded_mechanisms_epsilon_contains_exact() {
    // Randomized response T = 30, δ = 1e−5: exact ε by bisection on the binomial sum.
    // Laplace T = 1 (§2.2): ε(δ) = ε0 + 2 ln(1 − δ) for δ = 0.01. α = 1e−3 each.
    let (t, e0, delta) = (30u64, 1.0, 1e-5);
    let (mut lo, mut hi) = (0.0, t as f64 * e0);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if rr_delta(t, e0, mid) > delta { lo = mid } else { hi = mid }
    }
    let exact = 0.5 * (lo + hi);
    let rr = Mechanism::from_name("rr", 1.0, None, None).unwrap();
    let est = epsilon_interval(&rr, t, delta, &McOptions { seed: 21, ..McOptions::default() }).unwrap();
    assert!(est.interval.contains(exact), "{exact} not in {:?}", est);
    let lap = Mechanism::from_name("laplace", 1.0, None, None).unwrap();
    let exact = 1.0 + 2.0 * (-0.01f64).ln_1p();
    let est = epsilon_interval(&lap, 1, 0.01, &McOptions { seed: 22, ..McOptions::default() }).unwrap();
    assert!(est.interval.contains(exact), "{exact} not in {:?}", est);
    assert!(est.interval.width() < 0.01, "{:?}", est.interval);
}

#[test]
fn degenerate_sampling_rates() {
    // q = 0: L ≡ 0, δ(ε) = (1 − e^ε)_+, so δ(0) = 0 ≤ δ and ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ} = 0
    // exactly (issue 14, F1: this used to be reported as ln(1 − δ) < 0).
    let zero = Mechanism::from_name("sgm", 1.0, None, Some(0.0)).unwrap();
    let est = epsilon_interval(&zero, 100, 1e-3, &McOptions::default()).unwrap();
    assert_eq!((est.interval.lower, est.interval.upper), (0.0, 0.0), "{est:?}");
    // q = 1: both directions are the Gaussian mechanism with μ = 1/σ. α = 1e−3.
    let one = Mechanism::from_name("sgm", 2.0, None, Some(1.0)).unwrap();
    let est = epsilon_interval(&one, 16, 1e-5, &McOptions { seed: 23, ..McOptions::default() }).unwrap();
    let exact = gdp_epsilon(4.0 / 2.0, 1e-5);
    assert!(est.interval.contains(exact), "{exact} not in {:?}", est);
}

#[test]
fn f1_gaussian_sigma10_mc_epsilon_clamped_at_zero() {
    // Issue 14, F1. σ = 10, δ = 0.05: δ(0) = 2Φ(μ/2) − 1 with μ = 0.1 (Balle & Wang 2018, Thm 8
    // at ε = 0) = erf(0.05/√2) = 0.0398776…, below δ, so ε(δ) = 0 exactly. The Monte Carlo
    // interval must lie in the domain ε ≥ 0 and contain 0 (α = 1e−3, seeded).
    let d0 = crate::num::special::erf(0.05 / std::f64::consts::SQRT_2);
    assert!((d0 - 0.039_877_611_7).abs() < 1e-9 && d0 < 0.05, "oracle δ(0) = {d0}");
    let mech = Mechanism::from_name("gaussian", 10.0, None, None).unwrap();
    let est = epsilon_interval(&mech, 1, 0.05, &McOptions::default()).unwrap();
    assert_eq!(est.interval.lower, 0.0, "{est:?}");
    assert!(est.interval.upper >= 0.0 && est.point >= 0.0, "{est:?}");
    // q = 0.001, σ = 1, δ = 1e−3: δ(0) is the total variation distance, and
    // TV((1−q)N(0,1) + qN(1,1), N(0,1)) = q·TV(N(1,1), N(0,1)) = q·(2Φ(½) − 1) ≈ 3.83e−4 < δ in
    // both directions, so ε(δ) = 0.
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.001)).unwrap();
    let est = epsilon_interval(&sgm, 1, 1e-3, &McOptions::default()).unwrap();
    assert_eq!(est.interval.lower, 0.0, "{est:?}");
    assert!(est.interval.upper >= 0.0, "{est:?}");
}
