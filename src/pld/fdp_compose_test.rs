//! Tests of the certified composition of `C_p(G_μ)` and `G_ν` factors against independent
//! numbers: the shifted_interpolation spec's PRV values (§2.10 worked CLT point, §6.1 / §7.2
//! NoisySGD column, computed by the spec author with prv-accountant 0.2.0), its one-step profile
//! values (§2.6, scipy), and the Gaussian closed form (`C_1(G_μ) = G_μ`).

use super::fdp_compose::*;
use super::options::PldOptions;
use crate::repr::Gdp;

fn eps(parts: &[(FdpFactor, u64)], delta: f64) -> crate::num::Interval {
    epsilon_interval_fdp(parts, delta, &PldOptions::default()).unwrap().0
}

/// Spec §9 item 1 / §2.10: p = 0.01, K = 1000, μ = 1, δ = 1e−5. PRV (prv-accountant) estimate
/// 2.1989 (its own error bars [2.1979, 2.1999]); CLT ε = 2.1758 lies below the truth.
#[test]
fn clt_point_certified_interval_contains_prv_and_lies_above_clt() {
    let iv = eps(&[(FdpFactor::SubsampledGaussian { p: 0.01, mu: 1.0 }, 1000)], 1e-5);
    println!("CLT point: certified eps {iv}");
    assert!(iv.contains(2.1989), "{iv}");
    assert!(iv.lower > 2.1758 + 0.01, "{iv}");
    assert!(iv.upper - iv.lower < 5e-3, "{iv}");
}

/// Spec §6.1 / §7.2: MNIST NoisySGD composition (p = 0.025, r = 2/3, t = 40E), printed
/// 4.44 / 6.65 / 10.11; PRV estimates 4.4381 / 6.6538 / 10.1131 (±1e−3).
#[test]
fn mnist_noisy_sgd_composition_column() {
    for (t, printed, prv) in [(2000u64, 4.44, 4.4381), (4000, 6.65, 6.6538), (8000, 10.11, 10.1131)] {
        let iv = eps(&[(FdpFactor::SubsampledGaussian { p: 0.025, mu: 2.0 / 3.0 }, t)], 1e-5);
        println!("MNIST NoisySGD t = {t}: certified eps {iv}");
        assert!(iv.lower <= prv + 1e-3 && iv.upper >= prv - 1e-3, "t={t}: {iv} vs PRV {prv}");
        // the certified upper end (the number to report) rounds to the printed digits
        assert!(((iv.upper * 100.0).round() / 100.0 - printed).abs() < 1e-9, "t={t}: {iv} does not round to {printed}");
        assert!(iv.upper - iv.lower < 0.02, "t={t}: {iv}");
    }
}

/// Heterogeneous: `C_1(G_1)^{⊗16} ⊗ G_3 = G_5` (Definition 4.7 with p = 1; DRS Corollary 3.3),
/// against the GDP closed form ε_5(1e−5) (MPFR enclosure, Lemma A.3).
#[test]
fn heterogeneous_gaussian_limit_matches_closed_form() {
    let iv = eps(&[(FdpFactor::SubsampledGaussian { p: 1.0, mu: 1.0 }, 16), (FdpFactor::Gaussian { mu: 3.0 }, 1)], 1e-5);
    let exact = Gdp::new(5.0).unwrap().epsilon_bounds(1e-5, 128).unwrap();
    assert!(iv.lower <= exact.upper && iv.upper >= exact.lower, "{iv} vs {exact}");
}

/// One step (count 1): δ(ε) intervals contain the spec §2.6 values (scipy, 12 digits).
#[test]
fn one_step_delta_contains_spec_values() {
    for (p, mu, e, want) in [(0.025, 2.0 / 3.0, 0.1, 7.86371251673e-05), (0.25, 2.5, 1.0, 0.128761329239), (0.01, 1.0, 0.05, 0.000311065395443)] {
        let (iv, _) = delta_interval_fdp(&[(FdpFactor::SubsampledGaussian { p, mu }, 1)], e, &PldOptions::default()).unwrap();
        assert!(iv.lower <= want * (1.0 + 1e-10) && iv.upper >= want * (1.0 - 1e-10), "p={p}, mu={mu}, eps={e}: {iv} vs {want}");
    }
}

#[test]
fn bad_factors_are_errors() {
    let o = PldOptions::default();
    for f in [FdpFactor::SubsampledGaussian { p: 0.0, mu: 1.0 }, FdpFactor::SubsampledGaussian { p: 1.5, mu: 1.0 }, FdpFactor::Gaussian { mu: f64::NAN }, FdpFactor::Gaussian { mu: -1.0 }] {
        assert!(epsilon_interval_fdp(&[(f, 3)], 1e-5, &o).is_err(), "{f:?}");
    }
    assert!(epsilon_interval_fdp(&[(FdpFactor::Gaussian { mu: 1.0 }, 0)], 1e-5, &o).is_err());
    assert!(epsilon_interval_fdp(&[], 1e-5, &o).is_err());
}
