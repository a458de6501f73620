//! Tilt normalisers and weight bounds against spec reference values (foundations §8.1, §8.2,
//! mpmath-50 / dp-accounting 0.6.0), and tilted samplers against the identity
//! `E_{P_λ}[e^{−λL}] = 1/Z_λ` (one step).

#![allow(clippy::excessive_precision)] // reference values are quoted with all the digits of their source

use super::stream::StreamKey;
use super::tilt::{ln_c, Family};
use super::tilt_sgm::{sgm_add_ln_z, sgm_remove_tilt};
use crate::mechanisms::{Direction, Mechanism};

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

#[test]
fn sgm_remove_normaliser_matches_rdp_table() {
    // §8.2 (mpmath-50): D_8 = 8.9364390760603189e−4, D_16 = 3.0878507836962446, D_32 =
    // 11.246275937048069 (q = 0.01, σ = 1, remove); ln A_α = (α − 1) D_α. Tolerance 1e−12.
    for &(alpha, d) in &[(8u64, 8.9364390760603189e-4), (16, 3.0878507836962446), (32, 11.246275937048069)] {
        let t = sgm_remove_tilt(0.01, 1.0, alpha);
        assert!(rel(t.ln_a, (alpha - 1) as f64 * d) < 1e-12, "alpha={alpha}: {}", t.ln_a);
        assert_eq!(t.cum.len(), alpha as usize + 1);
        assert_eq!(*t.cum.last().unwrap(), 1.0);
    }
}

#[test]
fn sgm_add_normaliser_matches_rdp_table() {
    // §8.2 add direction (mpmath-50, 12 digits): D_2 = 1.60222649819e−4, D_8 = 5.72388894902e−4,
    // D_32 = 1.69233677997e−3; ln Z_λ = λ D_{1+λ}. Tolerance 1e−10 (table precision).
    for &(alpha, d) in &[(2.0, 1.60222649819e-4), (8.0, 5.72388894902e-4), (32.0, 1.69233677997e-3)] {
        let (ln_z, err, acc) = sgm_add_ln_z(0.01, 1.0, alpha - 1.0).unwrap();
        assert!(rel(ln_z, (alpha - 1.0) * d) < 1e-10, "alpha={alpha}: {ln_z}");
        assert!(err < 1e-12 && acc > 0.0 && acc <= 1.0);
    }
    // Cross-check against the mechanism's integer-order formula for the reverse moment:
    // E_{N(0,σ²)}[e^{λ L_add}] at λ = −3 is A_3 (remove) — different code path (lead's ln_a_int).
    let loss = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap().loss(Direction::Add);
    assert!(rel(sgm_remove_tilt(0.01, 1.0, 3).ln_a, loss.ln_mgf(-3.0)) < 1e-12);
}

#[test]
fn sgm_weight_bounds_match_r2_and_r20() {
    // §8.1 R2 / R20: at T = 1000, ε = 1 the best integer order is α = 6 with
    // B = 0.008346804495572005 (dp-accounting's G conversion); at ε = 1.8282, α = 7 with
    // B = 7.06244e−5 (6 digits).
    let mech = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let fam = Family::new(&mech, Direction::Remove, 1000).unwrap();
    let c = fam.choose(1.0).unwrap();
    assert_eq!(c.lambda, 5.0);
    assert!(rel(c.ln_b.exp(), 0.008346804495572005) < 1e-9, "{}", c.ln_b.exp());
    assert!(c.b_down() <= c.ln_b.exp() && c.ln_b.exp() <= c.b_up());
    let c = fam.choose(1.8282).unwrap();
    assert_eq!(c.lambda, 6.0);
    assert!(rel(c.ln_b.exp(), 7.06244e-5) < 1e-5, "{}", c.ln_b.exp());
    // The G-conversion ε at 1e−5 over integer orders is an upper bound on ε(δ) = 1.8282 and
    // below dp-accounting's RDP ε = 2.1014 (R1, which uses fractional orders too — so allow 1 %).
    let eg = fam.eps_g(1e-5).unwrap();
    assert!(eg > 1.8282 && eg < 2.1014 * 1.01, "{eg}");
}

#[test]
fn gaussian_weight_bound_is_tight_and_valid() {
    // §5.3: μ = 1, ε = 10, λ = 9.5 gives B/δ = 9.47 with δ = 9.8127058268469559e−23 (§8.3).
    // The minimiser must do at least as well, and B ≥ δ (G conversion is an upper bound).
    let fam = Family::new(&Mechanism::from_name("gaussian", 1.0, None, None).unwrap(), Direction::Remove, 1).unwrap();
    let c = fam.choose(10.0).unwrap();
    let ratio = c.ln_b.exp() / 9.8127058268469559e-23;
    assert!((1.0..=9.48).contains(&ratio), "B/δ = {ratio}");
    assert!((c.lambda - 9.5).abs() < 0.5, "lambda {}", c.lambda);
    // ln c_λ closed form at λ = 1: ln(1/4).
    assert!(rel(ln_c(1.0), (0.25f64).ln()) < 1e-15);
}

/// Mean of e^{−λL} under the one-step tilted sampler, with its standard error.
fn tilted_mean_exp(fam: &Family, lambda: f64, n: usize, seed: u64) -> (f64, f64) {
    let smp = fam.sampler(lambda).unwrap();
    let mut rng = StreamKey::new(seed, "tilt-test").chunk_rng(0);
    let xs: Vec<f64> = (0..n).map(|_| (-lambda * smp.sample(&mut rng)).exp()).collect();
    let m = xs.iter().sum::<f64>() / n as f64;
    let v = xs.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1) as f64;
    (m, (v / n as f64).sqrt())
}

#[test]
fn tilted_samplers_satisfy_change_of_measure_identity() {
    // E_{P_λ}[e^{−λL}] = E_P[1]/Z_λ = e^{−ln Z_λ}. Tolerance: 5 standard errors (two-sided normal
    // approximation α ≈ 6e−7 per check), 200 000 draws, seeded.
    let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.05)).unwrap();
    let lap = Mechanism::from_name("laplace", 1.0, None, None).unwrap();
    let rr = Mechanism::from_name("rr", 0.5, None, None).unwrap();
    let cases = [
        (Family::new(&sgm, Direction::Remove, 1).unwrap(), 3.0),
        (Family::new(&sgm, Direction::Add, 1).unwrap(), 7.5),
        (Family::new(&lap, Direction::Remove, 1).unwrap(), 2.3),
        (Family::new(&rr, Direction::Remove, 1).unwrap(), 0.7),
    ];
    for (i, (fam, lambda)) in cases.iter().enumerate() {
        let (ln_z, _) = fam.ln_z_total(*lambda).unwrap();
        let (m, se) = tilted_mean_exp(fam, *lambda, 200_000, i as u64);
        let want = (-ln_z).exp();
        assert!((m - want).abs() < 5.0 * se + 1e-12, "case {i}: {m} ± {se} vs {want}");
    }
}
