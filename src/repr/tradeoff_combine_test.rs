//! Tests of `tradeoff_combine.rs` and `log_delta.rs` against the computed examples of
//! mixtures_fdp §3.1 (Lemma 3.1 example: mixture, joint, pointwise values), the δ-additivity of
//! the joint combination checked with the direct hockey-stick oracle, and a 256-bit MPFR direct
//! sum for δ down to 1e−14 and below.
#![allow(clippy::excessive_precision)]

use super::tradeoff::TradeOff;
use super::tradeoff_test::hockey;
use super::LogPair;
use rug::ops::Pow;
use rug::Float;

fn lemma_3_1_pairs() -> ([f64; 2], [f64; 2], [f64; 2], [f64; 2]) {
    ([0.6, 0.4], [0.4, 0.6], [0.9, 0.1], [0.1, 0.9])
}

#[test]
fn joint_and_pointwise_differ_as_in_spec_3_1() {
    // spec §3.1 example 1 / §1.9: at α = 0.05, mixture 0.85 ≥ joint 0.55; pointwise 0.7375.
    let (p1, q1, p2, q2) = lemma_3_1_pairs();
    let (f1, f2) = (TradeOff::from_pair(&p1, &q1).unwrap(), TradeOff::from_pair(&p2, &q2).unwrap());
    let j = TradeOff::joint(&[0.5, 0.5], &[f1.clone(), f2.clone()]).unwrap();
    let pw = TradeOff::pointwise(&[0.5, 0.5], &[f1, f2]).unwrap();
    let mix = TradeOff::from_pair(&[0.75, 0.25], &[0.25, 0.75]).unwrap();
    for (a, t, jv) in [(0.05, 0.85, 0.55), (0.1, 0.70, 0.475), (0.25, 0.25, 0.25), (0.4, 0.20, 0.15)] {
        assert!((mix.eval(a).unwrap() - t).abs() < 1e-15, "mixture at {a}");
        assert!((j.eval(a).unwrap() - jv).abs() < 1e-15, "joint at {a}: {}", j.eval(a).unwrap());
    }
    assert!((pw.eval(0.05).unwrap() - 0.7375).abs() < 1e-15);
    // J vertices (0,1),(0.05,0.55),(0.25,0.25),(0.55,0.05),(1,0)
    let xy: Vec<(f64, f64)> = j.vertices().iter().map(|v| (v.x, v.y)).collect();
    let want = [(0.0, 1.0), (0.05, 0.55), (0.25, 0.25), (0.55, 0.05), (1.0, 0.0)];
    assert_eq!(xy.len(), want.len(), "{xy:?}");
    for (g, w) in xy.iter().zip(want) {
        assert!((g.0 - w.0).abs() < 1e-15 && (g.1 - w.1).abs() < 1e-15, "{xy:?}");
    }
    // J ≤ pointwise ≤ Id, J ≤ mixture
    assert!(j.is_below(&pw, 1e-15) && j.is_below(&mix, 1e-15));
    assert!(!pw.is_below(&j, 1e-3), "pointwise and joint must differ");
}

#[test]
fn joint_delta_is_the_weighted_sum_of_hockey_sticks() {
    // spec §1.9 [D]: δ_J(ε) = Σ w_i δ_{f_i}(ε), checked against the direct sum Σ (q − γ p)_+.
    let p1 = [0.5, 0.3, 0.2];
    let q1 = [0.2, 0.3, 0.5];
    let p2 = [0.05, 0.15, 0.8];
    let q2 = [0.6, 0.3, 0.1];
    let w = [0.3, 0.7];
    let j = TradeOff::joint(&w, &[TradeOff::from_pair(&p1, &q1).unwrap(), TradeOff::from_pair(&p2, &q2).unwrap()]).unwrap();
    for eps in [0.0, 0.2, 0.7, 1.5, 2.5] {
        let g = f64::exp(eps);
        let want = w[0] * hockey(&q1, &p1, g) + w[1] * hockey(&q2, &p2, g);
        let got = j.delta_qp(eps).unwrap();
        assert!(got >= want - 1e-16 && got - want < 1e-14, "eps {eps}: {got} vs {want}");
        let got_log = j.delta_qp_log(eps).unwrap();
        assert!(got_log >= want - 1e-16 && got_log - want < 1e-14, "eps {eps}: log {got_log} vs {want}");
    }
}

#[test]
fn combinations_reject_bad_weights() {
    let f = TradeOff::identity();
    assert!(TradeOff::joint(&[0.5], &[f.clone(), f.clone()]).is_err());
    assert!(TradeOff::pointwise(&[0.6, 0.6], &[f.clone(), f.clone()]).is_err());
    assert!(TradeOff::pointwise(&[-0.5, 1.5], &[f.clone(), f]).is_err());
    assert!(TradeOff::joint(&[], &[]).is_err());
}

/// 256-bit MPFR `H_γ(P‖Q) = Σ (p_j − γ q_j)_+` with `p_j = C(N, j) s^j (1−s)^{N−j}`.
fn mpfr_binomial_hockey(n: u32, s: f64, t: f64, eps: f64) -> f64 {
    let prec = 256;
    let g = Float::with_val(prec, eps).exp();
    let mut acc = Float::with_val(prec, 0);
    for j in 0..=n {
        let c = Float::with_val(prec, rug::Integer::from(rug::Integer::binomial_u(n, j)));
        let pj = c.clone() * Float::with_val(prec, s).pow(j) * Float::with_val(prec, 1.0 - s).pow(n - j);
        let qj = c * Float::with_val(prec, t).pow(j) * Float::with_val(prec, 1.0 - t).pow(n - j);
        let d = pj - g.clone() * qj;
        if d > 0 {
            acc += d;
        }
    }
    acc.to_f64()
}

#[test]
fn log_space_delta_keeps_relative_accuracy_at_tiny_delta() {
    // P = Binom(200, 0.6), Q = Binom(200, 0.5): H_{e^ε}(P‖Q) from 1e−3 down to below 1e−30.
    // Reference: 256-bit MPFR direct sum. The log-space sum must keep 1e−12 relative accuracy
    // everywhere; the cumulative-sum form `delta_pq` is measured too (see the assertion).
    let n = 200u32;
    let (s, t) = (0.6, 0.5);
    let ln_b = |x: f64, j: u32| crate::num::special::ln_binom(n as f64, j as f64) + j as f64 * x.ln() + (n - j) as f64 * (1.0 - x).ln();
    let lp: Vec<f64> = (0..=n).map(|j| ln_b(s, j)).collect();
    let lq: Vec<f64> = (0..=n).map(|j| ln_b(t, j)).collect();
    let pair = LogPair::new(lp.clone(), lq.clone()).unwrap();
    let chain = TradeOff::from_pair(&lp.iter().map(|x| x.exp()).collect::<Vec<_>>(), &lq.iter().map(|x| x.exp()).collect::<Vec<_>>()).unwrap();
    let mut worst_chain = 0.0f64;
    for eps in [1.0, 5.0, 10.0, 15.0, 20.0, 25.0] {
        let exact = mpfr_binomial_hockey(n, s, t, eps);
        assert!(exact > 0.0);
        let got = pair.delta(eps).unwrap();
        // inputs are f64 log-masses (ln_binom, ~1e−13 relative vs MPFR's exact binomials)
        assert!(((got - exact) / exact).abs() < 1e-12, "eps {eps}: log-space {got:e} vs MPFR {exact:e}");
        let old = chain.delta_pq(eps).unwrap();
        worst_chain = worst_chain.max(((old - exact) / exact).abs());
    }
    // Measured: the existing cumulative-sum form `delta_pq` (tail sums x̄, y accumulated from
    // the small end) keeps the same relative accuracy here, down to δ = 1.5e−16.
    assert!(worst_chain < 1e-12, "cumulative-sum δ lost relative accuracy: {worst_chain:e}");
}

#[test]
fn log_space_delta_below_f64_range() {
    // P = Binom(2000, 0.6), Q = Binom(2000, 0.5), ε = 330: every contributing atom and δ itself
    // are below 1e−308 (the linear chain gives 0); ln H stays accurate (vs 256-bit MPFR).
    let n = 2000u32;
    let ln_b = |x: f64, j: u32| crate::num::special::ln_binom(n as f64, j as f64) + j as f64 * x.ln() + (n - j) as f64 * (1.0 - x).ln();
    let pair = LogPair::new((0..=n).map(|j| ln_b(0.6, j)).collect(), (0..=n).map(|j| ln_b(0.5, j)).collect()).unwrap();
    let eps = 330.0;
    let prec = 256;
    let g = Float::with_val(prec, eps).exp();
    let mut acc = Float::with_val(prec, 0);
    for j in 0..=n {
        let c = Float::with_val(prec, rug::Integer::from(rug::Integer::binomial_u(n, j)));
        let pj = c.clone() * Float::with_val(prec, 0.6).pow(j) * Float::with_val(prec, 0.4).pow(n - j);
        let qj = c * Float::with_val(prec, 0.5).pow(n);
        let d = pj - g.clone() * qj;
        if d > 0 {
            acc += d;
        }
    }
    let want = acc.ln().to_f64();
    let got = pair.ln_hockey_stick(eps).unwrap();
    assert!(want < -709.0 && (got - want).abs() < 1e-10 * want.abs(), "ln H: {got} vs MPFR {want}");

}

#[test]
fn log_space_epsilon_inverts_delta() {
    // ε(δ) by bisection: δ(ε(δ)) ≤ δ < δ(ε(δ) − 1e−9) for the binomial pair above.
    let n = 100u32;
    let ln_b = |x: f64, j: u32| crate::num::special::ln_binom(n as f64, j as f64) + j as f64 * x.ln() + (n - j) as f64 * (1.0 - x).ln();
    let pair = LogPair::new((0..=n).map(|j| ln_b(0.6, j)).collect(), (0..=n).map(|j| ln_b(0.5, j)).collect()).unwrap();
    for delta in [1e-3, 1e-8, 1e-14] {
        let e = pair.epsilon(delta).unwrap();
        let exact_at = mpfr_binomial_hockey(n, 0.6, 0.5, e);
        let exact_before = mpfr_binomial_hockey(n, 0.6, 0.5, e - 1e-9);
        // the f64 log-masses (ln_binom) carry ~1e−13 relative error against MPFR's exact binomials
        assert!(exact_at <= delta * (1.0 + 1e-11) && exact_before > delta, "delta {delta}: eps {e}: {exact_at:e} / {exact_before:e}");
    }
    assert!(pair.epsilon(0.0).is_err() && pair.epsilon(1.5).is_err());
}
