//! Composed RDP intervals against independently computed values: mpmath at 40 digits (closed
//! forms of Mironov 2017, Props 5–7; the MTZ binomial sum summed directly; quadrature of
//! `A_α = ∫ φ_σ(x)(1 − q + q e^{(2x−1)/(2σ²)})^α dx` for fractional α) and dp_accounting 0.6.0
//! (`_compute_rdp_poisson_subsampled_gaussian(0.01, 1.0, orders)`, orders from its
//! `DEFAULT_RDP_ORDERS`).

use super::*;

fn sgm(q: f64, sigma: f64) -> Mechanism {
    Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sensitivity: 1.0, sampling_rate: q }
}

fn contains_rel(iv: &Interval, x: f64, rel: f64) -> bool {
    iv.lower <= x * (1.0 + rel) && x * (1.0 - rel) <= iv.upper
}

#[test]
fn gaussian_is_exact_when_representable() {
    // α T/(2σ²) = 8·10/8 = 10 exactly.
    let (iv, _) = composed_rdp(&Mechanism::Gaussian { noise_multiplier: 2.0, sensitivity: 1.0 }, 10, 8.0, 128).unwrap();
    assert_eq!((iv.lower, iv.upper), (10.0, 10.0));
    // 2.5·100/8 = 31.25 at a fractional order.
    let (iv, _) = composed_rdp(&Mechanism::Gaussian { noise_multiplier: 2.0, sensitivity: 1.0 }, 100, 2.5, 128).unwrap();
    assert_eq!((iv.lower, iv.upper), (31.25, 31.25));
}

#[test]
fn laplace_and_rr_match_mpmath() {
    // mpmath: 5·(1/(α−1)) ln(α/(2α−1) e^{(α−1)/b} + (α−1)/(2α−1) e^{−α/b}), b = 2, α = 1.5.
    let (iv, _) = composed_rdp(&Mechanism::Laplace { noise_multiplier: 2.0, sensitivity: 1.0 }, 5, 1.5, 128).unwrap();
    assert!(contains_rel(&iv, 0.7798893924286974942, 1e-15) && iv.width() < 1e-14, "{iv}");
    // mpmath: 5·(1/(α−1)) ln(p^α(1−p)^{1−α} + (1−p)^α p^{1−α}), p = e^{1/2}/(1 + e^{1/2}), α = 3.
    let (iv, _) = composed_rdp(&Mechanism::RandomizedResponse { noise_multiplier: 2.0 }, 5, 3.0, 128).unwrap();
    assert!(contains_rel(&iv, 1.512031875281107356, 1e-15) && iv.width() < 1e-14, "{iv}");
}

#[test]
fn sgm_integer_orders_match_the_direct_binomial_sum() {
    // mpmath fsum of C(α,k)(1−q)^{α−k} q^k e^{(k²−k)/(2σ²)}, q = 0.01, σ = 1; times T = 1000.
    for (a, one) in [(2.0, 1.718134220745479381e-4), (16.0, 3.087850783696244616), (32.0, 11.24627593704806886), (256.0, 123.3767703230864652)] {
        let (iv, _) = composed_rdp(&sgm(0.01, 1.0), 1000, a, 128).unwrap();
        assert!(contains_rel(&iv, 1000.0 * one, 1e-14) && iv.width() <= 1e-12 * iv.upper, "α = {a}: {iv}");
    }
}

#[test]
fn sgm_fractional_orders_enclose_the_quadrature_value() {
    // mpmath quadrature of A_α (q = 0.01, σ = 1): D_1.5 = 1.2725374e−4, D_2.5 = 2.1757533e−4
    // (foundations §2.4: exact 2.17575e−4), D_10.9 = 0.38761141130039.
    for (a, d) in [(1.5, 1.272537433274498388e-4), (2.5, 2.175753322818804617e-4), (10.9, 0.3876114113003888879)] {
        let (iv, _) = composed_rdp(&sgm(0.01, 1.0), 1, a, 128).unwrap();
        assert!(iv.contains(d), "α = {a}: {iv} ∌ {d}");
        assert!(iv.upper.is_finite());
        // Above 2 the monotonicity bound D_α ≥ D_⌊α⌋ is positive; on (1, 2) the lower end may be 0.
        assert!(a < 2.0 || iv.lower > 0.0, "α = {a}: {iv}");
    }
}

#[test]
fn dp_accounting_default_orders_are_never_below_the_certified_lower_end() {
    // dp_accounting 0.6.0, q = 0.01, σ = 1, per step (DEFAULT_RDP_ORDERS contains 1.5, 2.0, 2.5,
    // 10.9, 32, 256). Integer orders are exact sums (within 1e−12 of ours); fractional orders are
    // an upper bound (the series summed without signs), e.g. +4 % at α = 1.5, +0.09 % at 2.5.
    let values = [(1.5, 0.00013236850293993048), (2.0, 0.00017181342207455162), (2.5, 0.00021777202424064354), (10.9, 0.3876114113070222), (32.0, 11.246275937048072), (256.0, 123.37677032308648)];
    for (a, v) in values {
        let (iv, _) = composed_rdp(&sgm(0.01, 1.0), 1, a, 128).unwrap();
        assert!(v >= iv.lower, "α = {a}: dp_accounting {v} below the certified lower end {}", iv.lower);
        if a.fract() == 0.0 {
            assert!(contains_rel(&iv, v, 1e-12), "α = {a}: {iv} vs {v}");
        }
    }
}

#[test]
fn bad_orders_are_errors() {
    assert!(composed_rdp(&sgm(0.01, 1.0), 1, 1.0, 128).is_err());
    assert!(composed_rdp(&sgm(0.01, 1.0), 1, f64::NAN, 128).is_err());
    assert!(composed_rdp(&sgm(0.01, 1.0), 1, 2e6, 128).is_err());
    // The chord at α = 2.5 is about 6.7 % above the truth (for small q, (α−1)D_α ≈ α(α−1)q²(e^{1/σ²}−1)/2
    // is nearly quadratic): the interval is certified but not tight.
    let (iv, _) = composed_rdp(&sgm(0.01, 1.0), 1, 2.5, 128).unwrap();
    assert!(iv.upper > 2.3e-4 && iv.upper < 2.4e-4, "{iv}");
    // q = 0: the output does not depend on the data.
    assert_eq!(composed_rdp(&sgm(0.0, 1.0), 7, 3.5, 128).unwrap().0, Interval::point(0.0));
}
