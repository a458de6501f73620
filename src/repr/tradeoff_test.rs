//! Tests of `tradeoff.rs` / `tradeoff_build.rs` against the computed examples of mixtures_fdp
//! §1.1, §1.8, shifted_interpolation §2.6, and independent oracles written here: the direct
//! hockey-stick sum `Σ (p − γq)_+` and a brute-force trade-off over all deterministic tests.
// Reference values are quoted with all the digits of their source.
#![allow(clippy::excessive_precision)]

use super::gdp::{self, Gdp};
use super::tradeoff::{TradeOff, CONVEX_TOL};
use crate::error::Error;

/// Oracle: `H_γ(P‖Q) = Σ_j (p_j − γ q_j)_+` (mixtures_fdp §1.1).
pub(super) fn hockey(p: &[f64], q: &[f64], gamma: f64) -> f64 {
    p.iter().zip(q).map(|(a, b)| (a - gamma * b).max(0.0)).sum()
}

/// Oracle: `T(P, Q)(a)` by brute force over all rejection regions S (type I `P(S)`, type II
/// `1 − Q(S)`), randomising between two tests (lower convex envelope), for supports ≤ 8.
pub(super) fn brute_tradeoff(p: &[f64], q: &[f64], a: f64) -> f64 {
    let n = p.len();
    let pts: Vec<(f64, f64)> = (0..1u32 << n)
        .map(|s| {
            let (mut ps, mut qs) = (0.0, 0.0);
            for j in 0..n {
                if s >> j & 1 == 1 {
                    ps += p[j];
                    qs += q[j];
                }
            }
            (ps, 1.0 - qs)
        })
        .collect();
    let mut best = f64::INFINITY;
    for &(x1, y1) in &pts {
        if x1 <= a {
            best = best.min(y1);
            for &(x2, y2) in &pts {
                if x2 > a {
                    let t = (a - x1) / (x2 - x1);
                    best = best.min(y1 + t * (y2 - y1));
                }
            }
        }
    }
    best
}

fn assert_valid(f: &TradeOff) {
    TradeOff::from_chain(f.vertices().to_vec()).expect("chain must stay a valid convex trade-off function");
}

#[test]
fn hockey_stick_example_mixtures_1_1() {
    // mixtures_fdp §1.1: P = (0.5, 0.3, 0.2), Q = (0.2, 0.3, 0.5): H_1(P‖Q) = 0.3,
    // H_1.5(P‖Q) = 0.2, H_2.5(P‖Q) = 0, H_1.5(Q‖P) = 0.2.
    let f = TradeOff::from_pair(&[0.5, 0.3, 0.2], &[0.2, 0.3, 0.5]).unwrap();
    let close = |a: f64, b: f64| (a - b).abs() < 1e-15;
    assert!(close(f.delta_pq(0.0).unwrap(), 0.3));
    assert!(close(f.delta_pq(1.5f64.ln()).unwrap(), 0.2));
    assert!(close(f.delta_pq(2.5f64.ln()).unwrap(), 0.0));
    assert!(close(f.delta_qp(1.5f64.ln()).unwrap(), 0.2));
    // the pair is symmetric under swapping, so f = f⁻¹
    assert!(f.is_symmetric(1e-15));
}

#[test]
fn asymmetric_example_mixtures_1_8() {
    // mixtures_fdp §1.8: P0 = (½, ½), Q0 = (1, 0): f = (0,1),(0.5,0),(1,0); f⁻¹ = (0,0.5),(1,0);
    // C(f) = (0,0.5),(0.5,0),(1,0); δ(0) of C(f) = 0.5 = max of the two H_1.
    let f = TradeOff::from_pair(&[0.5, 0.5], &[1.0, 0.0]).unwrap();
    let xy = |g: &TradeOff| g.vertices().iter().map(|v| (v.x, v.y)).collect::<Vec<_>>();
    assert_eq!(xy(&f), vec![(0.0, 1.0), (0.5, 0.0), (1.0, 0.0)]);
    let inv = f.inverse();
    assert_eq!(xy(&inv), vec![(0.0, 0.5), (1.0, 0.0)]);
    let c = f.symmetrize();
    assert_valid(&c);
    assert_eq!(xy(&c), vec![(0.0, 0.5), (0.5, 0.0), (1.0, 0.0)]);
    // δ values are rounded up (by at most a couple of ulps here)
    for d in [c.delta_qp(0.0).unwrap(), f.delta_two_sided(0.0).unwrap()] {
        assert!(d >= 0.5 && d - 0.5 < 1e-15, "{d}");
    }
    assert!(c.is_symmetric(0.0));
    // inverse of T(P, Q) is T(Q, P)
    let g = TradeOff::from_pair(&[1.0, 0.0], &[0.5, 0.5]).unwrap();
    assert_eq!(xy(&inv), xy(&g));
}

#[test]
fn from_pair_matches_brute_force_and_hockey_stick() {
    let p = [0.1, 0.25, 0.05, 0.3, 0.0, 0.3];
    let q = [0.3, 0.05, 0.05, 0.2, 0.1, 0.3];
    let f = TradeOff::from_pair(&p, &q).unwrap();
    assert_valid(&f);
    for i in 0..=100 {
        let a = i as f64 / 100.0;
        let (got, want) = (f.eval(a).unwrap(), brute_tradeoff(&p, &q, a));
        assert!((got - want).abs() < 1e-14, "a={a}: {got} vs {want}");
    }
    for eps in [-1.0, -0.2, 0.0, 0.3, 1.0, 2.0, 5.0] {
        let g = f64::exp(eps);
        assert!((f.delta_pq(eps).unwrap() - hockey(&p, &q, g)).abs() < 1e-15);
        assert!((f.delta_qp(eps).unwrap() - hockey(&q, &p, g)).abs() < 1e-15);
    }
    // Q(p = 0) = 0.1 > δ: ε_qp is infinite; P(q = 0) = 0 so ε_pq is finite
    assert_eq!(f.epsilon_qp(0.05).unwrap(), f64::INFINITY);
    assert!(f.epsilon_pq(0.05).unwrap().is_finite());
}

#[test]
fn epsilon_inverse_closed_form_agrees_with_bisection() {
    let f = TradeOff::from_pair(&[0.1, 0.25, 0.05, 0.3, 0.3], &[0.35, 0.05, 0.05, 0.2, 0.35]).unwrap();
    for d in [1e-3, 0.01, 0.05, 0.1, 0.2] {
        let e = f.epsilon_pq(d).unwrap();
        // independent path: bisection on the (monotone) δ_pq
        let (mut lo, mut hi) = (0.0f64, 20.0f64);
        for _ in 0..200 {
            let m = 0.5 * (lo + hi);
            if f.delta_pq(m).unwrap() > d {
                lo = m
            } else {
                hi = m
            }
        }
        assert!(e >= lo && (e - hi).abs() < 1e-12, "delta={d}: {e} vs [{lo}, {hi}]");
        assert!(f.delta_pq(e).unwrap() <= d * (1.0 + 1e-12));
    }
}

#[test]
fn eps_delta_tradeoff() {
    // f_{ε,δ}(a) = max{0, 1 − δ − e^ε a, e^{−ε}(1 − δ − a)} (DRS §2): compare with the formula,
    // and it is exactly (ε, δ)-DP: δ_qp(ε) = δ, ε_qp(δ) = ε.
    let (eps, d) = (1.0f64, 0.01);
    let f = TradeOff::eps_delta(eps, d).unwrap();
    assert_valid(&f);
    for i in 0..=50 {
        let a = i as f64 / 50.0;
        let want = (1.0 - d - eps.exp() * a).max((-eps).exp() * (1.0 - d - a)).max(0.0);
        assert!((f.eval(a).unwrap() - want).abs() < 1e-15);
    }
    assert!((f.delta_qp(eps).unwrap() - d).abs() < 1e-15);
    assert!((f.epsilon_qp(d).unwrap() - eps).abs() < 1e-14);
    assert!(f.is_symmetric(1e-15));
    assert_valid(&TradeOff::eps_delta(0.0, 0.2).unwrap());
    assert_valid(&TradeOff::eps_delta(2.0, 0.0).unwrap());
    assert_valid(&TradeOff::eps_delta(2.0, 1.0).unwrap());
}

#[test]
fn delta_grid_lower_bound_and_round_trip() {
    // Gaussian μ = 1: the δ-grid construction is ≤ G_μ (foundations §1.7 "δ → f"), close to it
    // on a dense grid, and the round trip δ → f → δ returns the grid values.
    let g = Gdp::new(1.0).unwrap();
    let eps: Vec<f64> = (0..=120).map(|i| -3.0 + 0.05 * i as f64).collect();
    let d: Vec<f64> = eps.iter().map(|&e| g.delta_bounds(e, 128).unwrap().upper).collect();
    let f = TradeOff::from_symmetric_delta_grid(&eps, &d).unwrap();
    assert_valid(&f);
    for i in 1..200 {
        let a = i as f64 / 200.0;
        let exact = gdp::tradeoff(&crate::num::Mp::new(128, 1.0), &crate::num::Mp::new(128, a));
        let exact = crate::num::Real::to_f64(&exact);
        let lo = f.eval(a).unwrap();
        assert!(lo <= exact + 1e-15 && exact - lo < 2e-3, "a={a}: {lo} vs {exact}");
    }
    for (&e, &di) in eps.iter().zip(&d) {
        assert!((f.delta_qp(e).unwrap() - di).abs() < 1e-12, "eps={e}");
    }
}

#[test]
fn slopes_reproduce_a_symmetric_pl_function() {
    // mixtures_fdp §2.8: for a symmetric PL f, E = {log s : −s a slope of f, s ≥ 1} reproduces f.
    let f = TradeOff::from_pair(&[0.5, 0.3, 0.2], &[0.2, 0.3, 0.5]).unwrap();
    let mut eps = vec![];
    for w in f.vertices().windows(2) {
        let s = -(w[1].y - w[0].y) / (w[1].x - w[0].x);
        if s >= 1.0 {
            eps.push(s.ln());
        }
    }
    eps.sort_by(f64::total_cmp);
    eps.dedup();
    let d: Vec<f64> = eps.iter().map(|&e| f.delta_qp(e).unwrap()).collect();
    let g = TradeOff::from_symmetric_delta_grid(&eps, &d).unwrap();
    for i in 0..=100 {
        let a = i as f64 / 100.0;
        assert!((g.eval(a).unwrap() - f.eval(a).unwrap()).abs() < 1e-14, "a={a}");
    }
}

#[test]
fn symmetrised_subsampled_gaussian_matches_shifted_interpolation_2_6() {
    // shifted_interpolation §2.6: C_p(G_μ), f_p = p G_μ + (1 − p) Id. One-step δ (p, μ, ε):
    // (0.025, 2/3, 0.1) → 7.86371251673e−5; (0.25, 2.5, 1.0) → 0.128761329239;
    // (0.01, 1, 0.05) → 3.11065395443e−4. C_p(G_μ)(α) for (0.25, 2.5): α = 0.05 → 0.761558764996,
    // α = 0.3 → 0.502824886833, α = 0.8 → 0.0272698314018.
    // Here G_μ is replaced by a dense PL lower bound, so C(f_p) is a lower bound: δ is at least
    // the table value and within the discretisation error.
    let cases = [(0.025, 2.0 / 3.0, 0.1, 7.86371251673e-5), (0.25, 2.5, 1.0, 0.128761329239), (0.01, 1.0, 0.05, 3.11065395443e-4)];
    let grid: Vec<f64> = (0..=1600).map(|i| -8.0 + 0.01 * i as f64).collect();
    for (p, mu, eps, want) in cases {
        let lower = super::convert::gdp_tradeoff_lower(Gdp::new(mu).unwrap(), &grid).unwrap();
        let fp = lower.mix_with_identity(p).unwrap();
        assert!(!fp.is_symmetric(1e-6));
        let c = fp.symmetrize();
        assert_valid(&c);
        assert!(c.is_symmetric(1e-12));
        let got = c.delta_qp(eps).unwrap();
        assert!(got >= want * (1.0 - 1e-11) && got <= want * (1.0 + 2e-3), "p={p} mu={mu}: {got} vs {want}");
        // two-sided δ of the unsymmetrised f_p equals δ of C(f_p) (mixtures_fdp §2.7)
        assert!((fp.delta_two_sided(eps).unwrap() - got).abs() < 1e-14);
        if p == 0.25 {
            for (a, w) in [(0.05, 0.761558764996), (0.3, 0.502824886833), (0.8, 0.0272698314018)] {
                let v = c.eval(a).unwrap();
                assert!(v <= w + 1e-12 && w - v < 1e-4, "alpha={a}: {v} vs {w}");
            }
        }
    }
}

#[test]
fn conjugate_against_grid_search() {
    let f = TradeOff::from_pair(&[0.1, 0.4, 0.5], &[0.6, 0.3, 0.1]).unwrap();
    for s in [-5.0, -1.0, -0.3, 0.0, 0.7] {
        let grid = (0..=10000).map(|i| i as f64 / 10000.0).map(|x| s * x - f.eval(x).unwrap()).fold(f64::NEG_INFINITY, f64::max);
        let c = f.conjugate(s);
        assert!(c >= grid - 1e-15 && c - grid < 1e-3 * s.abs().max(1.0), "s={s}");
    }
    // 1 + f*(−γ) = H_γ(Q‖P) (mixtures_fdp §1.7)
    let g = 2.0f64;
    assert!((1.0 + f.conjugate(-g) - hockey(&[0.6, 0.3, 0.1], &[0.1, 0.4, 0.5], g)).abs() < 1e-15);
}

#[test]
fn validation_errors() {
    assert!(matches!(TradeOff::from_points(&[(0.0, 1.0)]), Err(Error::InvalidParameter { .. })));
    assert!(TradeOff::from_points(&[(0.1, 1.0), (1.0, 0.0)]).is_err()); // x_0 ≠ 0
    assert!(TradeOff::from_points(&[(0.0, 1.0), (0.9, 0.1)]).is_err()); // no (1, 0)
    assert!(TradeOff::from_points(&[(0.0, 0.8), (0.5, 0.45), (1.0, 0.0)]).is_err()); // concave
    assert!(TradeOff::from_points(&[(0.0, 0.5), (0.5, 0.6), (1.0, 0.0)]).is_err()); // increasing
    assert!(TradeOff::from_points(&[(0.0, 1.2), (1.0, 0.0)]).is_err()); // > 1
    assert!(TradeOff::from_points(&[(0.0, 1.0), (0.2, 0.9), (1.0, 0.0)]).is_err()); // > 1 − x
    assert!(TradeOff::from_points(&[(0.0, f64::NAN), (1.0, 0.0)]).is_err());
    assert!(TradeOff::from_pair(&[0.5, 0.5], &[1.0]).is_err());
    assert!(TradeOff::from_pair(&[0.5, 0.6], &[0.5, 0.5]).is_err());
    assert!(TradeOff::from_pair(&[-0.5, 1.5], &[0.5, 0.5]).is_err());
    assert!(TradeOff::eps_delta(-1.0, 0.1).is_err() && TradeOff::eps_delta(1.0, 1.1).is_err());
    // a δ below (1 − e^ε)_+ is not a valid profile value
    assert!(TradeOff::from_symmetric_delta_grid(&[-1.0], &[0.1]).is_err());
    assert!(TradeOff::from_symmetric_delta_grid(&[], &[]).is_err());
    let f = TradeOff::identity();
    assert!(f.eval(1.5).is_err() && f.delta_qp(f64::NAN).is_err() && f.epsilon_qp(0.0).is_err());
    assert_eq!(f.epsilon_two_sided(1e-9).unwrap(), 0.0);
    let _ = CONVEX_TOL;
}
