//! Tests of Theorems 4.8–4.10 against independent numbers: the spec's computed tables (§6.2,
//! §6.3; scipy, 12 digits), the Gaussian closed form (p = 1 collapses every `C_p` factor), and
//! for Theorem 4.8 at t = 1 the one-step instance's hockey-stick divergence by direct quadrature
//! of the two densities (spec §6.1: the bound is attained).

use super::*;
use crate::num::special::ndtr;
use crate::pld::{delta_interval_fdp, PldOptions};
use crate::repr::Gdp;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

/// Spec §6.2 table (CLT surrogate = estimate; formula check): best K, μ code form, code grid
/// (min over nu = 100..4900, K = nu + 1), μ conservative at the same K.
#[test]
fn thm_4_9_clt_surrogate_matches_spec_table() {
    let rows = [(0.01, 0.2, 0.99, 5000u64, 739u64, 0.134036043683, 0.135640129088, 0.134152685993), (0.0025, 0.05, 0.98, 80000, 426, 0.00552849669495, 0.0056382994087, 0.00553506333661), (0.04, 0.8, 0.995, 20000, 1091, 6.60828268475, 6.60975949495, 6.64551259919)];
    for (p, r, c, t, k, mu, grid, cons) in rows {
        let (kb, mb) = thm_4_9_best_k_clt(p, r, c, t, Thm49Form::Code).unwrap();
        assert_eq!(kb, k);
        assert!(close(mb, mu, 1e-10), "{mb} vs {mu}");
        let g = (1..=49).map(|i| thm_4_9_clt_mu_estimate(p, r, c, t, 100 * i + 1, Thm49Form::Code).unwrap()).fold(f64::INFINITY, f64::min);
        assert!(close(g, grid, 1e-10), "{g} vs {grid}");
        let mc = thm_4_9_clt_mu_estimate(p, r, c, t, k, Thm49Form::Conservative).unwrap();
        assert!(close(mc, cons, 1e-10), "{mc} vs {cons}");
    }
}

/// Spec §6.3 table rows 1 and 4 (D = 1): best ν and μ for θ = 1/2 and θ = 9/10.
#[test]
fn thm_4_10_clt_surrogate_matches_spec_table() {
    for (p, lb, s, eta, t, nu, mu, nu9, mu9) in [(0.01, 0.5, 3.0, 0.1, 5000u64, 809u64, 0.234443787344, 2574u64, 0.293812340425), (0.01, 1.0, 3.0, 0.1, 5000, 305, 0.381949641083, 1068, 0.456240324682)] {
        let r = lb / s;
        let (n, m) = thm_4_10_best_nu_clt(p, r, &Constrained::half(1.0, eta, s), t).unwrap();
        assert_eq!(n, nu);
        assert!(close(m, mu, 1e-10), "{m} vs {mu}");
        let (n9, m9) = thm_4_10_best_nu_clt(p, r, &Constrained { d: 1.0, eta, sigma: s, theta: 0.9 }, t).unwrap();
        assert_eq!(n9, nu9);
        assert!(close(m9, mu9, 1e-10), "{m9} vs {mu9}");
    }
}

/// Theorem 4.8 at t = 1 is exact: the instance (gradient 0 vs `L v` on the sampled differing
/// datum) outputs N(0,1) vs (1 − p)N(0,1) + pN(r,1) in units of the noise; its hockey-stick
/// divergence in either order, by Simpson quadrature of the densities, lies in the certified δ
/// interval of `C_p(G_r)` (the larger order equals it).
#[test]
fn thm_4_8_one_step_equals_instance() {
    let (p, r) = (0.05, 1.5);
    let phi = |x: f64| (-0.5 * x * x).exp() / (2.0 * std::f64::consts::PI).sqrt();
    let hs = |e: f64, fwd: bool| {
        let g = e.exp();
        let (a, b, n) = (-14.0, 16.0, 400_000);
        let h = (b - a) / n as f64;
        let f = |x: f64| {
            let (q, m) = (phi(x), (1.0 - p) * phi(x) + p * phi(x - r));
            if fwd { (m - g * q).max(0.0) } else { (q - g * m).max(0.0) }
        };
        (0..=n).map(|i| f(a + i as f64 * h) * if i == 0 || i == n { 1.0 } else if i % 2 == 1 { 4.0 } else { 2.0 }).sum::<f64>() * h / 3.0
    };
    let parts = thm_4_8_factors(p, r, 1).unwrap();
    for e in [0.0, 0.02, 0.1, 0.5] {
        let inst = hs(e, true).max(hs(e, false));
        let (iv, _) = delta_interval_fdp(&parts, e, &PldOptions::default()).unwrap();
        assert!(iv.lower <= inst * (1.0 + 1e-6) && iv.upper >= inst * (1.0 - 1e-6), "eps={e}: instance {inst} vs {iv}");
        // the closed form of the one-step trade-off gives the same δ
        assert!(close(thm_4_8_one_step(p, r).unwrap().delta(e).unwrap(), inst, 1e-6));
    }
    // total variation at ε = 0: p(2Φ(r/2) − 1)
    assert!(close(hs(0.0, true), p * (2.0 * ndtr(0.75) - 1.0), 1e-8));
}

/// p = 1: `C_1(G_μ) = G_μ`, so `f_K = G_{√(K(2r)² + μ_g²)}` (code form) and the conservative form
/// replaces one `(2r)²` by `8r²`; the certified ε (now the GDP closed form itself, its factors'
/// μ rounded up by a few ulps) is not below the GDP ε and within 1e−12 of it.
#[test]
fn thm_4_9_factors_collapse_to_gdp_at_p_one() {
    let (r, c, t, k) = (0.1, 0.9f64, 50u64, 10u64);
    let g = 2.0 * 2f64.sqrt() * r * (c.powi(k as i32) - c.powi(t as i32)) / (1.0 - c);
    for (form, mu2) in [(Thm49Form::Code, k as f64 * 4.0 * r * r + g * g), (Thm49Form::Conservative, (k - 1) as f64 * 4.0 * r * r + 8.0 * r * r + g * g)] {
        let iv = thm_4_9_epsilon(1.0, r, c, t, k, form, 1e-5, &PldOptions::default()).unwrap();
        let exact = Gdp::new(mu2.sqrt()).unwrap().epsilon_bounds(1e-5, 128).unwrap();
        assert!(iv.lower <= exact.upper * (1.0 + 1e-12) && iv.upper >= exact.lower, "{form:?}: {iv} vs {exact}");
    }
    // Theorem 4.10 at p = 1, θ = 1/2: G_{√(8r²ν + 2D²/(η²σ²ν))}
    let k410 = Constrained::half(1.0, 0.1, 3.0);
    let nu = 20u64;
    let mu2 = 8.0 * r * r * nu as f64 + 2.0 / (0.01 * 9.0 * nu as f64);
    let iv = thm_4_10_epsilon(1.0, r, &k410, 100, nu, 1e-5, &PldOptions::default()).unwrap();
    let exact = Gdp::new(mu2.sqrt()).unwrap().epsilon_bounds(1e-5, 128).unwrap();
    assert!(iv.lower <= exact.upper * (1.0 + 1e-12) && iv.upper >= exact.lower, "4.10: {iv} vs {exact}");
}

/// The conservative form is a smaller trade-off function, so its certified ε is not below the
/// code form's (spec §6.2; p = 0.01, r = 0.2, c = 0.99, t = 5000, K = 739).
#[test]
fn thm_4_9_conservative_not_below_code_form() {
    let o = PldOptions::default();
    let code = thm_4_9_epsilon(0.01, 0.2, 0.99, 5000, 739, Thm49Form::Code, 1e-5, &o).unwrap();
    let cons = thm_4_9_epsilon(0.01, 0.2, 0.99, 5000, 739, Thm49Form::Conservative, 1e-5, &o).unwrap();
    assert!(cons.upper >= code.lower, "{cons} vs {code}");
    let (k, best) = thm_4_9_epsilon_best(0.01, 0.2, 0.99, 5000, Thm49Form::Code, 1e-5, &o).unwrap();
    assert_eq!(k, 739);
    assert!(best.upper <= code.upper);
}

#[test]
fn bad_parameters_are_errors() {
    assert!(thm_4_8_factors(0.0, 1.0, 10).is_err() && thm_4_8_factors(1.5, 1.0, 10).is_err() && thm_4_8_factors(0.1, -1.0, 10).is_err() && thm_4_8_factors(0.1, 1.0, 0).is_err());
    for (c, k) in [(1.0, 5u64), (0.0, 5), (f64::NAN, 5), (0.9, 0), (0.9, 11)] {
        assert!(thm_4_9_factors(0.1, 1.0, c, 10, k, Thm49Form::Code).is_err(), "c={c} K={k}");
    }
    let good = Constrained::half(1.0, 0.1, 1.0);
    assert!(thm_4_10_factors(0.1, 1.0, &good, 10, 0).is_err() && thm_4_10_factors(0.1, 1.0, &good, 10, 11).is_err());
    for bad in [Constrained { d: 0.0, ..good }, Constrained { eta: -1.0, ..good }, Constrained { theta: 1.0, ..good }, Constrained { sigma: f64::NAN, ..good }] {
        assert!(thm_4_10_factors(0.1, 1.0, &bad, 10, 5).is_err(), "{bad:?}");
    }
    let e = thm_4_9_factors(0.1, 1.0, 1.0, 10, 5, Thm49Form::Code).unwrap_err().to_string();
    assert!(e.contains("contraction factor c") && e.contains('1'), "{e}");
}

/// The window search certifies the CLT pick, the end point and two grid neighbours: never worse
/// than the previous two-candidate search (recomputed here from the fixed-K functions), and the
/// returned K reproduces the returned interval. Measured on these three settings (2026-11-25):
/// the CLT pick was already the best certified window (K = 748 / 41 / 739, ε upper 0.2002885 /
/// 2.7336909 / 0.4686533), so the grid candidates did not improve on it here; the search is kept
/// because every window is valid and the CLT is only an estimate of the ranking.
#[test]
fn window_search_is_never_worse_than_two_candidates() {
    let o = PldOptions::default();
    for (p, r, c, t) in [(0.01, 0.1, 0.99, 5000u64), (0.05, 0.5, 0.9, 200), (0.01, 0.2, 0.99, 5000)] {
        let (k0, _) = thm_4_9_best_k_clt(p, r, c, t, Thm49Form::Code).unwrap();
        let old = [k0, t].iter().map(|&k| thm_4_9_epsilon(p, r, c, t, k, Thm49Form::Code, 1e-5, &o).unwrap().upper).fold(f64::INFINITY, f64::min);
        let (k, new) = thm_4_9_epsilon_best(p, r, c, t, Thm49Form::Code, 1e-5, &o).unwrap();
        println!("p={p} r={r} c={c} t={t}: CLT K = {k0}, old {old}, new {} at K = {k}", new.upper);
        assert!(new.upper <= old, "{} > {old}", new.upper);
        // the returned K reproduces the returned interval
        assert_eq!(thm_4_9_epsilon(p, r, c, t, k, Thm49Form::Code, 1e-5, &o).unwrap(), new);
    }
    // Theorem 4.10 (spec §6.3 row 1): never worse than the CLT pick alone (the old search)
    let k = Constrained::half(1.0, 0.1, 3.0);
    let (nu0, _) = thm_4_10_best_nu_clt(0.01, 0.5 / 3.0, &k, 5000).unwrap();
    let old = thm_4_10_epsilon(0.01, 0.5 / 3.0, &k, 5000, nu0, 1e-5, &o).unwrap();
    let (nu, new) = thm_4_10_epsilon_best(0.01, 0.5 / 3.0, &k, 5000, 1e-5, &o).unwrap();
    println!("4.10: CLT nu = {nu0} ({}), best nu = {nu} ({})", old.upper, new.upper);
    assert!(new.upper <= old.upper);
}
