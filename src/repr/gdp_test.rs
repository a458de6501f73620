//! Tests of `gdp.rs` against the spec tables (mpmath-50 values) and mpmath values computed for
//! these tests (`mpmath 1.3.0`, `mp.dps = 60`, the DRS Corollary 2.13 formula
//! `ncdf(-e/mu + mu/2) - exp(e)*ncdf(-e/mu - mu/2)` evaluated directly).
// Reference values are quoted with all the digits of their source.
#![allow(clippy::excessive_precision)]

use super::gdp::{self, clt_mu_poisson_estimate, clt_mu_replace_estimate, ln_delta_with_error, Gdp};
use crate::error::Error;
use crate::num::{Mp, Real};

/// Relative tolerance for f64 evaluation of the log-form profile (ln_ndtr is accurate to
/// ~1e−14 relative; the log1mexp step amplifies by at most ~10 at these parameters).
const F64_REL: f64 = 1e-12;
/// Relative tolerance for 256-bit MPFR values compared with 17-digit spec values (the spec
/// digits themselves are rounded at ~5e−18 relative).
const MP_REL: f64 = 2e-16;

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

fn mp_delta(mu: &str, eps: &str) -> f64 {
    gdp::delta(&Mp::parse(256, mu).unwrap(), &Mp::parse(256, eps).unwrap()).to_f64()
}
fn mp_ln_delta(mu: &str, eps: &str) -> f64 {
    gdp::ln_delta(&Mp::parse(256, mu).unwrap(), &Mp::parse(256, eps).unwrap()).to_f64()
}

#[test]
fn profile_matches_foundations_8_3_in_f64_and_mpfr() {
    // foundations §8.3 (mpmath-50): Gaussian μ = 1, δ(0), δ(1), δ(2), δ(10); μ = 0.5, δ(3).
    let cases = [
        ("1", "0", 0.38292492254802621),
        ("1", "1", 0.12693673750664395),
        ("1", "2", 0.020923635821113731),
        ("1", "10", 9.8127058268469559e-23),
        ("0.5", "3", 3.4009117356735288e-10),
    ];
    for (mu, eps, want) in cases {
        let g = Gdp::new(mu.parse().unwrap()).unwrap();
        let got = g.delta(eps.parse().unwrap()).unwrap();
        assert!(rel(got, want) < F64_REL, "f64 mu={mu} eps={eps}: {got} vs {want}");
        let got_mp = mp_delta(mu, eps);
        assert!(rel(got_mp, want) < MP_REL, "mpfr mu={mu} eps={eps}: {got_mp} vs {want}");
        let b = g.delta_bounds(eps.parse().unwrap(), 256).unwrap();
        assert!(b.lower <= want * (1.0 + 1e-16) && want * (1.0 - 1e-16) <= b.upper, "bounds {b} vs {want}");
    }
}

#[test]
fn tiny_delta_mu_0_2_eps_8_in_log_space() {
    // foundations §8.3: μ = 0.2, ε = 8: log δ = −805.91300004621127 (δ ≈ 9.9e−351, below f64);
    // the spec notes the f64 log form gives −805.9130000461868 (2.4e−11 off): tolerance 1e−10.
    let want = -805.91300004621127;
    let got = Gdp::new(0.2).unwrap().ln_delta(8.0).unwrap();
    assert!((got - want).abs() < 1e-12, "f64 erfcx form {got}");
    let log_form = gdp::ln_delta(&0.2f64, &8.0f64);
    assert!((log_form - want).abs() < 1e-10, "f64 log form {log_form}");
    let got_mp = mp_ln_delta("0.2", "8");
    assert!(rel(got_mp, want) < MP_REL, "mpfr {got_mp}");
}

#[test]
fn delta_near_1e_minus_300_is_not_flushed() {
    // mpmath-60: μ = 1, ε = 37: δ = 1.4764695344425281147e−293; ε = 38: δ = 1.1945656474951888e−309
    // (subnormal in f64), ln δ = −711.32101109074907829.
    let g = Gdp::new(1.0).unwrap();
    let d37 = g.delta(37.0).unwrap();
    assert!(rel(d37, 1.4764695344425281147e-293) < 1e-11, "{d37}");
    let l38 = g.ln_delta(38.0).unwrap();
    assert!((l38 - -711.32101109074907829).abs() < 1e-9, "{l38}");
    let b = g.delta_bounds(38.0, 256).unwrap();
    assert!(b.upper > 0.0 && b.lower <= 1.1945656474951888e-309 && 1.1945656474951888e-309 <= b.upper * (1.0 + 1e-12), "{b}");
}

#[test]
fn profile_matches_mixtures_table_1_5() {
    // mixtures_fdp §1.5 computed examples of δ_{G_μ}(ε) (13 significant digits).
    let rows = [
        (0.5, [1.974126513658e-01, 5.244032328767e-02, 6.829594983115e-03, 9.439168634947e-06]),
        (1.0, [3.829249225480e-01, 2.384217081349e-01, 1.269367375066e-01, 2.092363582111e-02]),
        (2.0, [6.826894921371e-01, 5.991856185339e-01, 5.098616600547e-01, 3.318979987768e-01]),
    ];
    for (mu, ds) in rows {
        for (eps, want) in [0.0, 0.5, 1.0, 2.0].into_iter().zip(ds) {
            let got = Gdp::new(mu).unwrap().delta(eps).unwrap();
            assert!(rel(got, want) < 1e-12, "mu={mu} eps={eps}: {got} vs {want}");
        }
    }
}

#[test]
fn negative_epsilon_matches_mpmath() {
    // mpmath-60: μ = 1, ε = −1: δ = 0.67881797488662791595.
    let got = Gdp::new(1.0).unwrap().delta(-1.0).unwrap();
    assert!(rel(got, 0.67881797488662791595) < F64_REL, "{got}");
}

#[test]
fn epsilon_for_delta_matches_spec() {
    // foundations §8.3: μ = 1, ε(1e−5) = 4.3771780956812246 (mpmath-50);
    // shifted_interpolation §2.8 (12 digits): (0.5, 1e−5) → 1.99309140442, (2, 1e−3) →
    // 7.58127992457, (0.9924913969, 1e−5) → 4.3391585723, (4.714045207910317, 1e−5) → 30.5062799927.
    let g = Gdp::new(1.0).unwrap();
    let e = g.epsilon_for_delta(1e-5).unwrap();
    assert!(e.contains(4.3771780956812246) || (e.upper - 4.3771780956812246).abs() < 1e-12, "{e}");
    assert!(e.width() < 1e-12);
    let b = g.epsilon_bounds(1e-5, 256).unwrap();
    assert!(b.contains(4.3771780956812246) && b.width() < 1e-14, "{b}");
    for (mu, d, want, tol) in [(0.5, 1e-5, 1.99309140442, 1e-10), (2.0, 1e-3, 7.58127992457, 1e-10), (0.9924913969, 1e-5, 4.3391585723, 1e-9), (4.714045207910317, 1e-5, 30.5062799927, 1e-9)] {
        let got = Gdp::new(mu).unwrap().epsilon_for_delta(d).unwrap().upper;
        assert!((got - want).abs() < tol, "mu={mu}: {got} vs {want}");
    }
    // δ ≥ δ(0) gives ε = 0
    assert_eq!(g.epsilon_for_delta(0.5).unwrap().upper, 0.0);
}

#[test]
fn tradeoff_matches_tables() {
    // mixtures_fdp §1.5 (12 digits) and shifted_interpolation §2.3 examples of G_μ(a).
    let rows = [
        (0.5, [0.966101060877, 0.782760919573, 0.308537538726]),
        (1.0, [0.907637751926, 0.610856308355, 0.158655253931]),
        (2.0, [0.627919414565, 0.236240415894, 0.022750131948]),
        (3.0, [0.250266252533, 0.042857426173, 0.001349898032]),
    ];
    for (mu, ys) in rows {
        for (a, want) in [0.01, 0.1, 0.5].into_iter().zip(ys) {
            let got = Gdp::new(mu).unwrap().tradeoff(a).unwrap();
            assert!((got - want).abs() < 1e-12, "mu={mu} a={a}: {got} vs {want}");
        }
    }
    assert!((Gdp::new(1.0).unwrap().tradeoff(0.05).unwrap() - 0.740488977159).abs() < 1e-12);
    assert!((Gdp::new(3.0).unwrap().tradeoff(0.2).unwrap() - 0.0154491976154).abs() < 1e-12);
    // mpmath-60: G_1(1e−10) = 0.9999999586967711563, G_1(0.999) = 2.1547066907875809617e−5
    let g1 = Gdp::new(1.0).unwrap();
    assert!(rel(g1.tradeoff(1e-10).unwrap(), 0.9999999586967711563) < 1e-14);
    assert!(rel(g1.tradeoff(0.999).unwrap(), 2.1547066907875809617e-5) < 1e-11);
    // MPFR at 256 bits agrees with the f64 path
    let mp = gdp::tradeoff(&Mp::new(256, 1.0), &Mp::new(256, 0.1)).to_f64();
    assert!(rel(mp, 0.610856308355) < 1e-11);
    assert_eq!(g1.tradeoff(0.0).unwrap(), 1.0);
    assert_eq!(g1.tradeoff(1.0).unwrap(), 0.0);
    assert_eq!(Gdp::new(0.0).unwrap().tradeoff(0.25).unwrap(), 0.75);
}

#[test]
fn composition_and_rdp() {
    // shifted_interpolation §2.5: G_0.3 ⊗ G_0.4 = G_0.5 (DRS Corollary 3.3).
    let c = Gdp::compose(&[Gdp::new(0.3).unwrap(), Gdp::new(0.4).unwrap()]).unwrap();
    assert!(c.mu() >= 0.5 && c.mu() - 0.5 < 1e-15, "{}", c.mu());
    let t = Gdp::new(0.5).unwrap().self_compose(100).unwrap();
    assert!(t.mu() >= 5.0 && t.mu() - 5.0 < 1e-14);
    // Mironov 2017 Prop. 7: α μ²/2 (exact value for μ = 1, α = 3: 1.5)
    let g = Gdp::from_noise_multiplier(1.0).unwrap();
    let r = g.rdp(3.0).unwrap();
    assert!(r >= 1.5 && r - 1.5 < 1e-15);
    let curve = g.to_rdp(&[2.0, 4.0]).unwrap();
    assert!(curve.values()[1] >= 2.0 && curve.values()[1] < 2.0 + 1e-14);
    assert!(Gdp::compose(&[]).is_err());
}

#[test]
fn clt_estimates_match_tables() {
    // foundations §8.1 R18: q = 0.01, σ = 1, T = 1000: μ = 0.4145216313365378,
    // ε(1e−5) = 1.6177118087467202, δ(1) = 0.0017593783959540185.
    let mu = clt_mu_poisson_estimate(0.01, 1.0, 1000).unwrap();
    assert!(rel(mu, 0.4145216313365378) < 1e-14, "{mu}");
    let g = Gdp::new(mu).unwrap();
    assert!((g.epsilon_for_delta(1e-5).unwrap().upper - 1.6177118087467202).abs() < 1e-10);
    assert!(rel(g.delta(1.0).unwrap(), 0.0017593783959540185) < 1e-11);
    // shifted_interpolation §2.10 table: (p, K, μ) → two-sided μ_CLT
    for (p, k, m, want) in [(0.025, 2000, 2.0 / 3.0, 1.02531099685), (0.01, 5000, 0.2, 0.15377045841), (0.01, 1000, 1.0, 0.540794534628), (0.05, 20, 2.0, 2.30218187508)] {
        let got = clt_mu_replace_estimate(p, k, m).unwrap();
        assert!(rel(got, want) < 1e-10, "p={p} K={k} mu={m}: {got} vs {want}");
    }
}

#[test]
fn bad_input_is_a_typed_error() {
    for mu in [f64::NAN, -1.0, f64::INFINITY] {
        assert!(matches!(Gdp::new(mu), Err(Error::InvalidParameter { .. })), "mu={mu}");
    }
    let g = Gdp::new(1.0).unwrap();
    assert!(g.delta(f64::NAN).is_err());
    assert!(g.epsilon_for_delta(0.0).is_err());
    assert!(g.epsilon_for_delta(1.0).is_err());
    assert!(g.tradeoff(1.5).is_err());
    assert!(g.self_compose(0).is_err());
    assert!(g.delta_bounds(1.0, 10).is_err());
    assert!(Gdp::from_noise_multiplier(0.0).is_err());
    assert!(clt_mu_poisson_estimate(1.5, 1.0, 10).is_err());
}

#[test]
fn mu_zero_is_perfect_privacy() {
    let g = Gdp::new(0.0).unwrap();
    assert_eq!(g.delta(0.5).unwrap(), 0.0);
    assert_eq!(g.epsilon_for_delta(1e-9).unwrap().upper, 0.0);
    // δ(ε) = 1 − e^ε for ε < 0 (G_0 = Id)
    assert!(rel(g.delta(-1.0).unwrap(), 1.0 - (-1.0f64).exp()) < 1e-15);
}


/// Issue 25: the Gaussian δ(ε) at huge ε lost every digit to the cancellation in
/// `ε + ln Φ(−b) − ln Φ(−a)` (δ(10⁶⁰) was reported as exactly 0, δ(10³⁵) as [0, 1]). Reference:
/// mpmath at 400 digits, `ln δ = ln Φ(−a) + ln(−expm1(ε + ln Φ(−b) − ln Φ(−a)))` with
/// `a = ε − ½`, `b = ε + ½` (μ = 1); compared as `ln δ + a²/2` to keep the digits that matter.
#[test]
fn ln_delta_at_huge_epsilon_keeps_its_digits() {
    for (eps, want) in [("1e20", -93.022_342_252_966_500_102_5), ("1e35", -162.099_895_042_787_870_623), ("1e60", -277.229_149_692_490_154_824)] {
        // 512 bits: a²/2 ≈ 2^398 at ε = 10⁶⁰ must keep ~1e−9 absolute in the comparison.
        let e = Mp::parse(512, eps).unwrap();
        let mu = Mp::new(512, 1.0);
        let (v, err) = ln_delta_with_error(&mu, &e);
        let a = e.clone() - Mp::new(512, 0.5);
        let shifted = (v.clone() + a.clone() * a / Mp::new(512, 2.0)).to_f64();
        assert!((shifted - want).abs() < 1e-9, "ε = {eps}: ln δ + a²/2 = {shifted}, mpmath {want}");
        assert!(err.to_f64() < 1e-6 * v.abs().to_f64(), "ε = {eps}: error bound {err}");
    }
}

/// Issue 25: σ = 1e100 (μ = 1e−100) was refused ("numerical failure … NaN"): `ln Φ(8.7e75)`
/// was NaN in f64, and `ln Φ(−b) − ln Φ(−a)` cancelled to 0 in f64 and MPFR alike, giving
/// δ(0) = 0. Reference: mpmath at 500 digits, `ln(Φ(−a) − e^ε Φ(−b))`.
#[test]
fn huge_noise_keeps_delta_positive_and_accurate() {
    let mu = 1e-100;
    for (eps, want) in [(0.0, -231.177_447_832_609_241_14), (1e-101, -231.305_662_613_477_414_4), (-1e-100, -230.178_483_080_555_261_46), (1e-99, -285.811_631_335_526_924_33)] {
        let f = Gdp::new(mu).unwrap().ln_delta(eps).unwrap();
        assert!((f - want).abs() < 1e-12 * want.abs(), "f64 ε = {eps}: {f} vs {want}");
        let (v, err) = ln_delta_with_error(&Mp::new(256, mu), &Mp::new(256, eps));
        assert!((v.to_f64() - want).abs() <= err.to_f64() + 1e-15 * want.abs(), "MPFR ε = {eps}: {v} ± {err} vs {want}");
        assert!(err.to_f64() < 1e-60, "MPFR ε = {eps}: error bound {err}");
    }
    assert_eq!(crate::num::special::ln_ndtr(8.656490694694843e75), 0.0);
}
