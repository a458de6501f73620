//! Confidence bounds against independent values: closed forms (K = 0, K = n), mpmath at 40
//! digits (bisection on mpmath.betainc), a direct binomial-tail sum with Loader's ln C(n, k),
//! and hand-computed margins.

#![allow(clippy::excessive_precision)] // reference values are quoted with all the digits of their source

use super::bounds::*;
use super::summary::MeanSummary;
use crate::num::special::{ln_binom, ln_sum_exp};
use rand::{Rng, SeedableRng};

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

#[test]
fn clopper_pearson_k0_and_kn_closed_forms() {
    // K = 0: m_U = 1 − β^{1/n}; K = n: m_L = β^{1/n}. Tolerance 1e−10 relative (beta_reg accuracy).
    for &n in &[10u64, 1000, 200_000] {
        for &beta in &[0.05f64, 1e-3, 1e-6] {
            let want_u = -(beta.ln() / n as f64).exp_m1();
            assert!(rel(clopper_pearson_upper(0, n, beta), want_u) < 1e-10, "n={n} beta={beta}");
            let want_l = (beta.ln() / n as f64).exp();
            assert!(rel(clopper_pearson_lower(n, n, beta), want_l) < 1e-10, "n={n} beta={beta}");
            assert_eq!(clopper_pearson_lower(0, n, beta), 0.0);
            assert_eq!(clopper_pearson_upper(n, n, beta), 1.0);
        }
    }
}

#[test]
fn clopper_pearson_matches_mpmath() {
    // mpmath 1.3.0, 40 digits, bisection on betainc(regularized=True):
    // k=5, n=10, β=0.025: [0.18708602844739853418, 0.81291397155260146582] (the textbook 95 % CP);
    // k=150, n=20000, β=1e−4: [0.005438757822306064851, 0.010038633409078585138]. Tol 1e−9 rel.
    assert!(rel(clopper_pearson_lower(5, 10, 0.025), 0.18708602844739853418) < 1e-9);
    assert!(rel(clopper_pearson_upper(5, 10, 0.025), 0.81291397155260146582) < 1e-9);
    assert!(rel(clopper_pearson_lower(150, 20000, 1e-4), 0.005438757822306064851) < 1e-9);
    assert!(rel(clopper_pearson_upper(150, 20000, 1e-4), 0.010038633409078585138) < 1e-9);
}

/// `ln P(Bin(n, m) ≤ k)` by a direct log-sum of the terms (independent of statrs).
fn ln_binom_cdf(k: u64, n: u64, m: f64) -> f64 {
    let terms: Vec<f64> = (0..=k).map(|j| ln_binom(n as f64, j as f64) + j as f64 * m.ln() + (n - j) as f64 * (-m).ln_1p()).collect();
    ln_sum_exp(&terms)
}

/// `ln P(Bin(n, m) ≥ k)` by a direct log-sum of the upper terms (relative accuracy in the tail).
fn ln_binom_sf(k: u64, n: u64, m: f64) -> f64 {
    let terms: Vec<f64> = (k..=n).map(|j| ln_binom(n as f64, j as f64) + j as f64 * m.ln() + (n - j) as f64 * (-m).ln_1p()).collect();
    ln_sum_exp(&terms)
}

#[test]
fn clopper_pearson_solves_binomial_tail_equation() {
    // The defining equations P(Bin(n, m_U) ≤ k) = β and P(Bin(n, m_L) ≥ k) = β, checked with a
    // direct binomial sum; tolerance 1e−7 relative on β (sum of ~1e5 terms in f64).
    for &(k, n, beta) in &[(7u64, 100u64, 1e-3), (76_000, 200_000, 1e-6), (3, 200_000, 1e-4)] {
        let mu = clopper_pearson_upper(k, n, beta);
        assert!(rel(ln_binom_cdf(k, n, mu).exp(), beta) < 1e-7, "upper k={k} n={n}");
        let ml = clopper_pearson_lower(k, n, beta);
        let sf = ln_binom_sf(k, n, ml).exp();
        assert!(rel(sf, beta) < 1e-7, "lower k={k} n={n}: {sf} vs {beta}");
    }
}

#[test]
fn margins_match_hand_computation() {
    // Python: sqrt(2*0.1*ln(2/0.02)/101) + 7*ln(2/0.02)/(3*100) = 0.20294820582265788;
    // sqrt(ln(1/0.01)/(2*400)) = 0.07587135646925731; exp(−2·400·0.05²) = 0.1353352832366128.
    assert!(rel(maurer_pontil_margin(101, 0.1, 0.02), 0.20294820582265788) < 1e-14);
    assert!(rel(hoeffding_margin(400, 0.01), 0.07587135646925731) < 1e-14);
    let s = MeanSummary { n: 400, mean: 0.3, m2: 0.0, hits: 0 };
    assert!(rel(p_value_above(&s, BoundMethod::Hoeffding, 0.25), 0.1353352832366128) < 1e-14);
    assert_eq!(p_value_above(&s, BoundMethod::Hoeffding, 0.35), 1.0);
    assert!(maurer_pontil_margin(1, 0.0, 0.1).is_infinite());
}

#[test]
fn p_values_are_dual_to_lower_bounds() {
    // p(c) at c = lower bound at level β equals β (up to bisection tolerance, 1e−6 relative).
    let s = MeanSummary { n: 20_000, mean: 0.2, m2: 0.12 * 19_999.0, hits: 4_100 };
    for &beta in &[0.05, 1e-4] {
        for m in [BoundMethod::ClopperPearson, BoundMethod::EmpiricalBernstein] {
            let lo = mean_bounds(&s, m, beta, beta).lower;
            let p = p_value_above(&s, m, lo);
            assert!(rel(p, beta) < 1e-6, "{m:?} beta={beta}: p={p}");
        }
    }
    let empty = MeanSummary { n: 1000, mean: 0.0, m2: 0.0, hits: 0 };
    assert_eq!(p_value_above(&empty, BoundMethod::ClopperPearson, 1e-9), 1.0);
    assert_eq!(p_value_above(&empty, BoundMethod::EmpiricalBernstein, 1e-9), 1.0);
}

#[test]
fn coverage_of_one_sided_bounds() {
    // 2000 seeded experiments of n = 200 Bernoulli(0.1) (continuous part: the same values).
    // Each one-sided bound at β = 0.05 fails with probability ≤ 0.05, so the failure count is
    // ≤ Bin(2000, 0.05), whose 1 − 1e−6 quantile is < 150; assert ≤ 150 (α ≤ 1e−6 per check).
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(42);
    let (m, n, beta) = (0.1, 200, 0.05);
    let mut fails = [0u32; 4];
    for _ in 0..2000 {
        let mut s = MeanSummary::default();
        for _ in 0..n {
            let x = if rng.gen::<f64>() < m { 1.0 } else { 0.0 };
            s.hits += x as u64;
            s.push(x);
        }
        for (i, meth) in [BoundMethod::ClopperPearson, BoundMethod::EmpiricalBernstein].iter().enumerate() {
            let iv = mean_bounds(&s, *meth, beta, beta);
            fails[2 * i] += (iv.upper < m) as u32;
            fails[2 * i + 1] += (iv.lower > m) as u32;
        }
    }
    assert!(fails.iter().all(|&f| f <= 150), "{fails:?}");
    // Clopper–Pearson is not grossly conservative here: some failures must occur (P(0 of 2000)
    // is astronomically small when the one-sided error is ≥ 0.01).
    assert!(fails[0] + fails[1] > 0, "{fails:?}");
}
