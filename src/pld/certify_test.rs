//! End-to-end tests of the certified accountant against independent values: closed forms of
//! μ-GDP (Dong, Roth & Su 2022, Cor. 2.13, evaluated here in log space with `ln_ndtr`), binomial
//! sums for randomized response, the Laplace closed form (foundations §2.2), and the reference
//! values of foundations §8.1 (dp-accounting 0.6.0 / prv-accountant 0.2.0).

use super::*;
use crate::mechanisms::{Direction, Mechanism};
use crate::num::special::{ln_binom, ln_ndtr};

/// ln δ(ε) of μ-GDP: ln[Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)], in log space.
fn gdp_ln_delta(mu: f64, eps: f64) -> f64 {
    let la = ln_ndtr(-eps / mu + mu / 2.0);
    let lb = ln_ndtr(-eps / mu - mu / 2.0);
    let d = (eps + lb - la).min(0.0);
    la + if d > -std::f64::consts::LN_2 { (-d.exp_m1()).ln() } else { (-d.exp()).ln_1p() }
}

/// ε(δ) of μ-GDP by bisection on the decreasing ln δ(ε) (bracket: the zCDP bound of §2.1).
fn gdp_epsilon(mu: f64, delta: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, mu * mu / 2.0 + mu * (2.0 * (1.0 / delta).ln()).sqrt() + 1.0);
    let target = delta.ln();
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if gdp_ln_delta(mu, mid) > target { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

fn gauss(sigma: f64) -> Mechanism {
    Mechanism::from_name("gaussian", sigma, None, None).unwrap()
}

fn sgm() -> Mechanism {
    Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap()
}

fn check_gdp(sigma: f64, t: u64) {
    let mu = (t as f64).sqrt() / sigma;
    let exact = gdp_epsilon(mu, 1e-5);
    let (iv, diag) = epsilon_interval(&[(gauss(sigma), t)], 1e-5, &PldOptions::default()).unwrap();
    assert!(iv.contains(exact), "σ={sigma} T={t}: exact ε {exact} not in {iv}");
    assert!(iv.width() <= 1e-3 * exact, "σ={sigma} T={t}: width {:e} > 1e−3·ε = {:e} ({:?})", iv.width(), 1e-3 * exact, diag.passes);
    assert!(diag.target_met);
}

#[test]
fn gdp_sigma_half() {
    for t in [1, 100, 10_000] {
        check_gdp(0.5, t);
    }
}

#[test]
fn gdp_sigma_one() {
    for t in [1, 100, 10_000] {
        check_gdp(1.0, t);
    }
}

#[test]
fn gdp_sigma_four() {
    for t in [1, 100, 10_000] {
        check_gdp(4.0, t);
    }
}

/// Heterogeneous composition: `G_{μ1}^{⊗T1} ⊗ G_{μ2}^{⊗T2} = G_{√(T1 μ1² + T2 μ2²)}` (DRS 2022, §3).
#[test]
fn heterogeneous_gaussians_compose_to_gdp() {
    let (s1, t1, s2, t2) = (0.8, 30u64, 2.5, 200u64);
    let mu = (t1 as f64 / (s1 * s1) + t2 as f64 / (s2 * s2)).sqrt();
    let exact = gdp_epsilon(mu, 1e-6);
    let (iv, _) = epsilon_interval(&[(gauss(s1), t1), (gauss(s2), t2)], 1e-6, &PldOptions::default()).unwrap();
    assert!(iv.contains(exact), "exact {exact} not in {iv}");
    assert!(iv.width() <= 1e-3 * exact);
    // δ at a fixed ε as well.
    let eps = 0.8 * exact;
    let d_exact = gdp_ln_delta(mu, eps).exp();
    let (dv, _) = delta_interval(&[(gauss(s1), t1), (gauss(s2), t2)], eps, &PldOptions::default()).unwrap();
    assert!(dv.contains(d_exact), "δ exact {d_exact:e} not in {dv}");
    assert!(dv.width() <= 1e-3 * d_exact);
}

/// Foundations §8.1: R5/R7 (ε ≈ 1.82824), R14 (prv_accountant width 0.0202), R11 (add 1.41667),
/// R5/R7/R15 (δ(1) ≈ 0.0026124).
#[test]
fn sgm_reference_values() {
    let (iv, _) = epsilon_interval(&[(sgm(), 1000)], 1e-5, &PldOptions::default()).unwrap();
    assert!(iv.contains(1.8282) && iv.contains(1.82824), "{iv}");
    assert!(iv.width() < 0.0202 && iv.width() <= 1e-3 * iv.lower, "{iv}");
    let (dv, _) = delta_interval(&[(sgm(), 1000)], 1.0, &PldOptions::default()).unwrap();
    assert!(dv.contains(0.0026124), "{dv}");
    assert!(dv.width() <= 1e-3 * dv.upper, "{dv}");
    let pld = compose_mechanisms(&[(sgm(), 1000)], &PldOptions::default()).unwrap();
    let by_dir = pld.epsilon_by_direction(1e-5);
    let add = by_dir.iter().find(|(d, _)| *d == Direction::Add).unwrap().1;
    let rem = by_dir.iter().find(|(d, _)| *d == Direction::Remove).unwrap().1;
    assert!(add.contains(1.41667), "add {add}");
    assert!(rem.contains(1.82824), "remove {rem}");
    // The maximum over directions is the remove direction here (§1.3 item 3).
    assert_eq!(pld.epsilon(1e-5), Interval { lower: rem.lower.max(add.lower), upper: rem.upper.max(add.upper) });
}

/// Privacy buckets at h = 1e−4 reproduce dp-accounting's R10 bracket [1.7782397, 1.8782397]
/// (same grid, rounding up / down; our h is snapped by < 2e−6 relative).
#[test]
fn sgm_privacy_buckets_match_dp_accounting() {
    let opts = PldOptions { grid_step: Some(1e-4), discretisation: Discretisation::PrivacyBuckets, ..PldOptions::default() };
    let (iv, _) = epsilon_interval(&[(sgm(), 1000)], 1e-5, &opts).unwrap();
    assert!((iv.upper - 1.8782397279073135).abs() < 2e-4, "{iv}");
    assert!((iv.lower - 1.7782397279070383).abs() < 2e-4, "{iv}");
}

use crate::num::Interval;

#[test]
#[ignore]
fn timing_probe() {
    for h in [None, Some(1e-4)] {
        let opts = PldOptions { grid_step: h, ..PldOptions::default() };
        let t0 = std::time::Instant::now();
        let (iv, d) = epsilon_interval(&[(sgm(), 1000)], 1e-5, &opts).unwrap();
        eprintln!("h={h:?}: {iv} in {:?}; passes {:?}", t0.elapsed(), d.passes.iter().map(|p| (p.grid_step, p.fft_len, p.seconds)).collect::<Vec<_>>());
    }
}
