//! End-to-end tests of the certified accountant against independent values: closed forms of
//! μ-GDP (Dong, Roth & Su 2022, Cor. 2.13, evaluated here in log space with `ln_ndtr`), binomial
//! sums for randomized response, the Laplace closed form (foundations §2.2), and the reference
//! values of foundations §8.1 (dp-accounting 0.6.0 / prv-accountant 0.2.0).

use super::*;
use crate::mechanisms::{Direction, Mechanism};
use crate::num::Interval;
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



/// δ(ε) of the T-fold binary randomized response with parameter ε0: the composed loss is
/// `ε0(2K − T)` with `K ~ Bin(T, π)`, `π = e^{ε0}/(1 + e^{ε0})` (foundations §2.3, §1.5 item 7),
/// so `δ(ε) = Σ_k P(K = k)(1 − e^{ε − ε0(2k − T)})_+` — a finite sum evaluated in log space.
fn rr_delta(eps0: f64, t: u64, eps: f64) -> f64 {
    let ln_pi = -(-eps0).exp().ln_1p();
    let ln_1mpi = -eps0.exp().ln_1p();
    let mut terms = Vec::new();
    for k in 0..=t {
        let loss = eps0 * (2.0 * k as f64 - t as f64);
        if loss > eps {
            let lp = ln_binom(t as f64, k as f64) + k as f64 * ln_pi + (t - k) as f64 * ln_1mpi;
            terms.push(lp.exp() * -(eps - loss).exp_m1());
        }
    }
    crate::num::special::neumaier_sum(terms)
}

/// ε(δ) for a decreasing δ(·) by bisection on [0, hi].
fn invert(f: impl Fn(f64) -> f64, delta: f64, hi: f64) -> f64 {
    let (mut lo, mut hi) = (0.0, hi);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if f(mid) > delta { lo = mid } else { hi = mid }
    }
    0.5 * (lo + hi)
}

#[test]
fn randomized_response_t_fold_matches_binomial_sum() {
    for (s, t) in [(1.0, 1u64), (2.0, 20), (0.7, 60)] {
        let eps0 = 1.0 / s;
        let rr = Mechanism::from_name("randomized-response", s, None, None).unwrap();
        let exact = invert(|e| rr_delta(eps0, t, e), 1e-5, eps0 * t as f64 + 1.0);
        let (iv, d) = epsilon_interval(&[(rr.clone(), t)], 1e-5, &PldOptions::default()).unwrap();
        assert!(iv.contains(exact), "RR ε0={eps0} T={t}: exact {exact} not in {iv}");
        assert!(iv.width() <= 1e-3 * exact, "RR ε0={eps0} T={t}: {iv} (passes {:?})", d.passes);
        for e in [0.0, 0.3 * exact, exact] {
            let dx = rr_delta(eps0, t, e);
            let pld = compose_mechanisms(&[(rr.clone(), t)], &PldOptions { grid_step: Some(d.grid_step), ..PldOptions::default() }).unwrap();
            let dv = pld.delta(e);
            assert!(dv.contains(dx), "RR ε0={eps0} T={t} ε={e}: exact δ {dx:e} not in {dv}");
        }
    }
}

/// Laplace, one step: δ(ε) = 1 − e^{(ε−ε0)/2} on |ε| ≤ ε0 (foundations §2.2), so
/// ε(δ) = ε0 + 2 ln(1 − δ) for δ < 1 − e^{−ε0}.
#[test]
fn laplace_one_step_matches_closed_form() {
    for s in [0.5, 1.0, 3.0] {
        let eps0 = 1.0 / s;
        let lap = Mechanism::from_name("laplace", s, None, None).unwrap();
        for delta in [1e-5f64, 0.05] {
            let exact = eps0 + 2.0 * (-delta).ln_1p();
            let (iv, _) = epsilon_interval(&[(lap.clone(), 1)], delta, &PldOptions::default()).unwrap();
            assert!(iv.contains(exact), "Laplace ε0={eps0} δ={delta}: exact {exact} not in {iv}");
            assert!(iv.width() <= 1e-3 * exact, "Laplace ε0={eps0} δ={delta}: {iv}");
        }
        let e = 0.3 * eps0;
        let (dv, _) = delta_interval(&[(lap.clone(), 1)], e, &PldOptions::default()).unwrap();
        let exact = -((e - eps0) / 2.0).exp_m1();
        assert!(dv.contains(exact) && dv.width() <= 1e-3 * exact, "Laplace δ({e}) = {exact} vs {dv}");
    }
}

/// Bounded losses: δ is exactly 0 above the largest composed loss, and the certified upper
/// bound must be exactly 0 there too; unbounded losses far below the floor give a positive
/// upper bound (the floor), never 0.
#[test]
fn floors_and_exact_zeros() {
    let rr = Mechanism::from_name("randomized-response", 1.0, None, None).unwrap();
    let pld = compose_mechanisms(&[(rr, 10)], &PldOptions { grid_step: Some(1.0 / 64.0), ..PldOptions::default() }).unwrap();
    let dv = pld.delta(10.5);
    assert_eq!((dv.lower, dv.upper), (0.0, 0.0), "{dv}");
    let g = gauss(1.0);
    let pld = compose_mechanisms(&[(g, 10)], &PldOptions::default()).unwrap();
    let eps = 60.0; // exact δ ≈ e^{−(ε − μ²/2)²/(2μ²)} ≈ 1e−70, far below the f64 floor
    let exact = gdp_ln_delta(10f64.sqrt(), eps).exp();
    let dv = pld.delta(eps);
    assert!(dv.upper > 0.0 && dv.upper >= exact && dv.lower <= exact, "{dv} vs {exact:e}");
}

#[test]
fn invalid_input_is_a_typed_error() {
    let g = gauss(1.0);
    assert!(epsilon_interval(&[(g.clone(), 10)], 0.0, &PldOptions::default()).is_err());
    assert!(epsilon_interval(&[(g.clone(), 10)], 1.5, &PldOptions::default()).is_err());
    assert!(delta_interval(&[(g.clone(), 10)], f64::NAN, &PldOptions::default()).is_err());
    assert!(epsilon_interval(&[(g.clone(), 0)], 1e-5, &PldOptions::default()).is_err());
    assert!(epsilon_interval(&[], 1e-5, &PldOptions::default()).is_err());
    let bad = PldOptions { grid_step: Some(-1.0), ..PldOptions::default() };
    assert!(compose_mechanisms(&[(g.clone(), 10)], &bad).is_err());
    let bad = PldOptions { eps_rel_accuracy: 0.0, ..PldOptions::default() };
    assert!(compose_mechanisms(&[(g, 10)], &bad).is_err());
}

/// Foundations §8.3 (mpmath-50): SGM q = 0.1, σ = 1, one step, at ε = −0.05 the add direction
/// dominates (0.073639…) and at ε = 0.5 the add profile is exactly 0 (remove 2.0325e−3).
#[test]
fn sgm_one_step_directions_spec_8_3() {
    let m = Mechanism::from_name("sgm", 1.0, None, Some(0.1)).unwrap();
    let pld = compose_mechanisms(&[(m, 1)], &PldOptions::default()).unwrap();
    let at = |e: f64, d: Direction| pld.delta_by_direction(e).into_iter().find(|(x, _)| *x == d).unwrap().1;
    assert!(at(-0.05, Direction::Remove).contains(0.058827525975977758), "{}", at(-0.05, Direction::Remove));
    assert!(at(-0.05, Direction::Add).contains(0.073639196970066031), "{}", at(-0.05, Direction::Add));
    assert!(pld.delta(-0.05).contains(0.073639196970066031));
    assert!(at(0.5, Direction::Remove).contains(2.032536920340358e-3));
    // The add loss is bounded by −ln(1 − q) ≈ 0.105 < 0.5: δ_add(0.5) = 0 exactly, certified as 0.
    assert_eq!(at(0.5, Direction::Add).upper, 0.0);
}

/// Heterogeneous SGM + Gaussian: dropping a mechanism is post-processing, so ε of the
/// composition is at least ε of each part; the basic composition theorem gives
/// `ε(δ1 + δ2) ≤ ε1(δ1) + ε2(δ2)` (Dwork & Roth 2014, Thm 3.16).
#[test]
fn heterogeneous_sgm_and_gaussian_respect_basic_composition() {
    let (s, g) = (sgm(), gauss(3.0));
    let opts = PldOptions::default();
    let (e_s, _) = epsilon_interval(&[(s.clone(), 500)], 5e-6, &opts).unwrap();
    let (e_g, _) = epsilon_interval(&[(g.clone(), 20)], 5e-6, &opts).unwrap();
    let (e_both, _) = epsilon_interval(&[(s.clone(), 500), (g.clone(), 20)], 1e-5, &opts).unwrap();
    let (e_both_tight, _) = epsilon_interval(&[(s, 500), (g, 20)], 5e-6, &opts).unwrap();
    assert!(e_both.upper <= e_s.upper + e_g.upper, "{e_both} vs {e_s} + {e_g}");
    assert!(e_both_tight.upper >= e_s.lower.max(e_g.lower), "{e_both_tight} vs {e_s}, {e_g}");
    // Merging duplicate entries: (g, 10) twice is (g, 20).
    let a = compose_mechanisms(&[(gauss(2.0), 10), (gauss(2.0), 10)], &PldOptions { grid_step: Some(1e-3), ..opts.clone() }).unwrap();
    let b = compose_mechanisms(&[(gauss(2.0), 20)], &PldOptions { grid_step: Some(1e-3), ..opts }).unwrap();
    assert_eq!(a.epsilon(1e-6), b.epsilon(1e-6));
}

/// A binding FFT length cap gives a wider interval that is still certified, and says so.
#[test]
fn fft_cap_gives_wider_certified_interval() {
    let opts = PldOptions { max_fft_len: 1024, ..PldOptions::default() };
    let (iv, d) = epsilon_interval(&[(sgm(), 1000)], 1e-5, &opts).unwrap();
    assert!(iv.contains(1.82824), "{iv}");
    assert!(!d.target_met && d.fft_len <= 1024, "{d:?}");
    assert!(d.fft_len_capped || d.notes.iter().any(|n| n.contains("cap")), "{:?}", d.notes);
    let opts = PldOptions { max_fft_len: 4096, grid_step: Some(1e-4), ..PldOptions::default() };
    let (iv, d) = epsilon_interval(&[(sgm(), 1000)], 1e-5, &opts).unwrap();
    assert!(iv.contains(1.82824) && d.grid_step > 1e-4 && !d.notes.is_empty(), "{iv} {:?}", d.notes);
}


/// Regression (found by the CLI tests): δ(ε) queries far below the FFT floor refined the grid
/// pass after pass (minutes) instead of stopping at the certified floor. The exact value here is
/// ~2.7e−86 (Gaussian μ = 1, ε = 20, foundations §2.1 formula), so the certified interval must
/// contain it and the run must stop after one pass.
#[test]
fn tiny_delta_query_stops_at_the_certified_floor() {
    let g = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
    let (iv, diag) = crate::pld::delta_interval(&[(g, 1)], 20.0, &crate::pld::PldOptions::default()).unwrap();
    assert!(iv.lower <= 2.7e-86 && iv.upper >= 2.6e-86, "{iv}");
    assert!(iv.upper > 0.0 && iv.upper < 1e-8, "{iv}");
    assert_eq!(diag.passes.len(), 1);
    let s = Mechanism::from_name("sgm", 2.0, None, Some(0.01)).unwrap();
    let (iv, diag) = crate::pld::delta_interval(&[(s, 1)], 1.0, &crate::pld::PldOptions::default()).unwrap();
    assert!(iv.lower == 0.0 && iv.upper > 0.0 && iv.upper < 1e-8, "{iv}");
    assert_eq!(diag.passes.len(), 1);
}

/// Regression (found by the claims audit): at a very fine accuracy target the cell search of
/// `merge.rs` called `clamp` with bounds inverted by one ulp and panicked. It must now return a
/// certified interval that still contains the reference value 1.82824 (foundations §8.1 R5/R7).
#[test]
fn fine_accuracy_target_does_not_panic() {
    let s = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
    let opts = crate::pld::PldOptions { eps_rel_accuracy: 1e-6, max_passes: 2, ..Default::default() };
    let (iv, _) = crate::pld::epsilon_interval(&[(s, 1000)], 1e-5, &opts).unwrap();
    assert!(iv.lower <= 1.82824 && 1.82823 <= iv.upper, "{iv}");
}

/// Issue 13, the T = 10³ anomaly of the small-δ bench (q = 0.001, σ = 0.8, δ = 1e−8): the first
/// pass's lower end sits on the untilted floating-point floor (width ≈ 0.46, 380× the
/// discretisation model), and refining by that ratio jumped to h/32 (width 2.8e−6·ε, N = 93 312
/// plus a tilted N = 720 000). The schedule must now take the model step instead: the target
/// (1e−3·ε) is met with a step no finer than 1e−4. References (independent accountants,
/// 2026-11-26): dp_accounting 0.6.0 PLD ε = 0.9975194 (h = 2e−5, an estimate), prv_accountant
/// 0.2.0 (eps_error 1e−3) estimate 0.9975201 in [0.9963824, 0.9986579].
#[test]
fn small_delta_first_pass_on_the_floor_does_not_overshoot() {
    let m = Mechanism::PoissonSubsampledGaussian { noise_multiplier: 0.8, sensitivity: 1.0, sampling_rate: 0.001 };
    let (iv, d) = epsilon_interval(&[(m, 1000)], 1e-8, &PldOptions::default()).unwrap();
    assert!(iv.lower <= 0.9975194 && 0.9975201 <= iv.upper, "{iv:?} misses the accountants' estimates");
    assert!(iv.width() <= 1e-3 * iv.lower, "target not met: {iv:?}");
    assert!(d.grid_step >= 1e-4, "schedule overshot: final h = {:e}, passes {:?}", d.grid_step, d.passes);
}

/// Issue 13, the 10⁵ → 10⁶ jump of the bench: the first step used to be capped at 0.3/√T
/// whatever ε (an error model `width ≈ 1.2·T·h²` calibrated at ε ≈ 1–2), so at large ε the first
/// pass was far finer than the target needs. At q = 0.1, σ = 1, T = 10⁴, δ = 1e−5 (ε ≈ 127.9) the
/// old schedule ran one pass at h = 3e−3 (width 1.7e−4·ε, N ≈ 2.3× the needed length); the
/// a-priori ε and the normalised model (`schedule.rs`) now aim the first pass at the target:
/// one pass at h ≈ 7e−3. References (dp_accounting 0.6.0 PLD, 2026-11-26, run as
/// `/tmp/dpa/bin/python`: `PLDAccountant(value_discretization_interval=h)`, `.compose(
/// PoissonSampledDpEvent(0.1, GaussianDpEvent(1.0)), 10000)`, `.get_epsilon(1e-5)`):
/// 127.87897768 at h = 1e−4 and 127.87896954 at h = 5e−5.
#[test]
fn large_epsilon_first_pass_aims_at_the_target() {
    let m = Mechanism::PoissonSubsampledGaussian { noise_multiplier: 1.0, sensitivity: 1.0, sampling_rate: 0.1 };
    let (iv, d) = epsilon_interval(&[(m, 10_000)], 1e-5, &PldOptions::default()).unwrap();
    assert!(iv.contains(127.87897768) && iv.contains(127.87896954), "{iv:?} misses dp_accounting's values");
    assert!(iv.width() <= 1e-3 * iv.lower, "target not met: {iv:?}, passes {:?}", d.passes);
    assert_eq!(d.passes.len(), 1, "passes {:?}", d.passes);
    assert!(d.grid_step >= 5e-3, "first pass overshot: h = {:e} (the old cap was 3e−3), passes {:?}", d.grid_step, d.passes);
}

/// The a-priori estimate is the RDP-to-DP conversion (Canonne, Kamath & Steinke 2020, Prop. 12)
/// of the continuous cumulants: an upper bound on ε(δ). For T Gaussian steps (μ-GDP,
/// μ = √T/σ) it must lie above the exact ε (DRS 2022, Cor. 2.13, `gdp_epsilon`) and, the
/// conversion being tight to O(ln λ/λ), within 40 % of it.
#[test]
fn apriori_epsilon_bounds_the_gdp_epsilon() {
    for (sigma, t) in [(1.0, 1u64), (1.0, 100), (4.0, 10_000), (0.5, 1_000)] {
        let mu = (t as f64).sqrt() / sigma;
        let exact = gdp_epsilon(mu, 1e-5);
        let loss = gauss(sigma).loss(Direction::Remove);
        let a = crate::pld::schedule::Apriori::of_direction(&[(loss.as_ref(), t)], 1e-5).unwrap();
        assert!(a.eps >= exact && a.eps <= 1.4 * exact, "σ={sigma} T={t}: a-priori {} vs exact {exact}", a.eps);
        // K(1) = μ² for the Gaussian PLD N(μ²/2, μ²) (Mironov 2017, Prop. 7: D_2 = μ²).
        assert!((a.var - mu * mu).abs() <= 1e-9 * mu * mu, "σ={sigma} T={t}: v = {} vs μ² = {}", a.var, mu * mu);
    }
}

/// Issue 25, "hang": the subsampled Gaussian at σ = 0.001, q = 0.5, T = 10 ran for minutes (one
/// direction's per-step loss range is 5e5 while the other is narrow: 16 points across the
/// narrow one forced 4e6 points per step on the wide one). The first pass now puts at most 2^18
/// points across a step's range and one pass meets the target.
///
/// Independent value: only the cluster where all 10 steps sample the record (probability 2^−10)
/// reaches ε; there L = 10 ln q + Y with Y ~ N(μ²/2, μ²), μ = √10/σ (ln(1 − q + q e^y) = ln q + y
/// up to e^{−5e5}), so δ(ε) = 2^−10·δ_{G_μ}(ε − 10 ln q). mpmath (40 digits) solves
/// δ(ε) = 1e−5 at ε = 5007320.4446 (`findroot` on `log(dG(e)/1024) − log(1e−5)`).
#[test]
fn psg_sigma_one_thousandth_half_sampling_ten_steps_answers_in_one_pass() {
    let m = Mechanism::from_name("sgm", 0.001, None, Some(0.5)).unwrap();
    let (iv, diag) = epsilon_interval(&[(m, 10)], 1e-5, &PldOptions::default()).unwrap();
    assert!(iv.contains(5007320.4446), "{iv}");
    assert!(iv.upper - iv.lower <= 1e-3 * iv.lower, "{iv}");
    assert_eq!(diag.passes.len(), 1, "{:?}", diag.passes);
    assert!(diag.fft_len <= 1 << 23, "{}", diag.fft_len);
}
