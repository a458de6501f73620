//! Tests of Definition 2.1 (hockey-stick divergence of finite pmfs) against the spec §2 table
//! (closed forms computed for the spec), MPFR at 256 bits, and the §2 invariants as proptests.

use super::*;
use crate::num::special::ndtr;
use crate::num::Mp;
use crate::repr::gdp;
use proptest::prelude::*;

/// Randomized response with parameter ε0 as a pair of pmfs on {0, 1} (spec §2 "Ground truth").
fn rr(eps0: f64) -> (Vec<f64>, Vec<f64>) {
    let a = eps0.exp() / (1.0 + eps0.exp());
    (vec![a, 1.0 - a], vec![1.0 - a, a])
}

/// N(μ, 1) and N(0, 1) binned on cells of width h over [−14, 14 + μ] plus two tail cells: a
/// post-processing of the Gaussian pair, so its H_ε is ≤ the closed form and converges as h → 0.
fn binned_gaussian(mu: f64, h: f64) -> (Vec<f64>, Vec<f64>) {
    let (lo, hi) = (-14.0, 14.0 + mu);
    let n = ((hi - lo) / h).ceil() as usize;
    let edges: Vec<f64> = (0..=n).map(|k| lo + k as f64 * h).collect();
    let cell = |m: f64| -> Vec<f64> {
        let mut v = vec![ndtr(lo - m)];
        v.extend(edges.windows(2).map(|w| ndtr(w[1] - m) - ndtr(w[0] - m)));
        v.push(ndtr(-(edges[n] - m)));
        let s: f64 = v.iter().sum();
        v.iter().map(|x| x / s).collect()
    };
    (cell(mu), cell(0.0))
}

#[test]
fn spec_table_gaussian_rows_closed_form_and_binned_pmfs() {
    // spec §2 computed examples
    let rows = [(1.0, 0.5, 0.2384217081), (1.0, 1.0, 0.1269367375), (1.0, 2.0, 0.02092363582), (0.5, 1.0, 0.006829594983)];
    for (mu, eps, want) in rows {
        let closed = gdp::delta(&mu, &eps);
        assert!((closed - want).abs() <= 1e-9 * want, "closed form μ={mu} ε={eps}: {closed}");
        let (p, q) = binned_gaussian(mu, 2e-3);
        let h = hockey_stick(&p, &q, eps).unwrap();
        // binning is post-processing: never above the continuous value; O(h²) below it
        assert!(h <= closed + 1e-12, "binned {h} > closed {closed}");
        assert!(closed - h < 2e-6, "binned {h} vs closed {closed}");
    }
}

#[test]
fn spec_table_randomized_response_row() {
    let (p, q) = rr(1.0);
    let h = hockey_stick(&p, &q, 0.5).unwrap();
    assert!((h - 0.2876491366).abs() < 1e-10, "{h}");
    // closed form max{0, (e^{ε0} − e^ε)/(1 + e^{ε0})} on 0 ≤ ε ≤ ε0, both orders
    for eps in [0.0, 0.1, 0.5, 0.9, 1.0, 1.5] {
        let want = ((1f64.exp() - f64::exp(eps)) / (1.0 + 1f64.exp())).max(0.0);
        assert!((delta_profile(&p, &q, eps).unwrap() - want).abs() < 1e-15, "ε={eps}");
    }
    assert!(is_dp(&p, &q, 1.0, 0.0, 1e-15).unwrap());
    assert!(!is_dp(&p, &q, 0.5, 0.28, 1e-12).unwrap());
}

#[test]
fn f64_agrees_with_mpfr_256() {
    let p = [0.5, 0.25, 0.125, 0.125 - 1e-300, 1e-300, 0.0];
    let q = [0.1, 0.2, 0.3, 0.4 - 5e-320, 0.0, 5e-320];
    for eps in [-3.0, -0.2, 0.0, 0.3, 1.7, 700.0, 800.0] {
        let pm: Vec<Mp> = p.iter().map(|x| Mp::new(256, *x)).collect();
        let qm: Vec<Mp> = q.iter().map(|x| Mp::new(256, *x)).collect();
        let exact = hockey_stick_r(&pm, &qm, &Mp::new(256, eps)).to_f64();
        let got = hs_unchecked(&p, &q, eps);
        assert!((got - exact).abs() <= 4e-16 * exact.abs().max(1e-300), "ε={eps}: {got} vs {exact}");
    }
    // ε = 800: e^ε overflows f64, but only the atoms outside supp Q remain (1e-300)
    assert_eq!(hs_unchecked(&p, &q, 800.0), 1e-300);
}

#[test]
fn eps_for_delta_inverts_the_rr_profile() {
    let (p, q) = rr(1.0);
    // δ(ε) = (e − e^ε)/(1 + e) ⇒ ε(δ) = ln(e − δ(1 + e))
    for d in [0.01, 0.1, 0.2876491366] {
        let want = (1f64.exp() - d * (1.0 + 1f64.exp())).ln();
        let got = pmf_eps_for_delta(&p, &q, d).unwrap();
        assert!(got >= want - 1e-12 && got - want < 1e-11, "δ={d}: {got} vs {want}");
    }
    assert_eq!(pmf_eps_for_delta(&p, &q, 0.5).unwrap(), 0.0);
    // mass 0.2 outside supp Q: δ < 0.2 is unreachable
    let (p2, q2) = (vec![0.8, 0.2], vec![1.0, 0.0]);
    assert_eq!(pmf_eps_for_delta(&p2, &q2, 0.1).unwrap(), f64::INFINITY);
}

#[test]
fn invalid_input_is_a_typed_error() {
    assert!(hockey_stick(&[0.5, 0.5], &[1.0], 0.0).is_err());
    assert!(hockey_stick(&[0.5, 0.6], &[0.5, 0.5], 0.0).is_err());
    assert!(hockey_stick(&[1.5, -0.5], &[0.5, 0.5], 0.0).is_err());
    assert!(hockey_stick(&[f64::NAN, 1.0], &[0.5, 0.5], 0.0).is_err());
    assert!(hockey_stick(&[0.5, 0.5], &[0.5, 0.5], f64::NAN).is_err());
    assert!(is_dp(&[0.5, 0.5], &[0.5, 0.5], -1.0, 0.0, 0.0).is_err());
    assert!(is_dp(&[0.5, 0.5], &[0.5, 0.5], 1.0, 1.5, 0.0).is_err());
    assert!(eps_for_delta(|_| Ok(f64::NAN), 0.1, 1.0).is_err());
}

/// A random pmf on `n` letters from positive weights (some letters zeroed).
fn pmf(n: usize) -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec((0.0f64..1.0, prop::bool::weighted(0.15)), n).prop_map(|v| {
        // letter 0 is never zeroed, so the weights never all vanish
        let w: Vec<f64> = v.iter().enumerate().map(|(i, (x, z))| if *z && i > 0 { 0.0 } else { x + 1e-3 }).collect();
        let s: f64 = w.iter().sum();
        w.iter().map(|x| x / s).collect()
    })
}

fn pair() -> impl Strategy<Value = (Vec<f64>, Vec<f64>)> {
    (2usize..7).prop_flat_map(|n| (pmf(n), pmf(n)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// spec §2 invariants: bounds, monotone, TV at 0 symmetric.
    #[test]
    fn bounds_monotone_tv((p, q) in pair(), e1 in -4.0f64..4.0, e2 in -4.0f64..4.0) {
        let (lo, hi) = if e1 <= e2 { (e1, e2) } else { (e2, e1) };
        let (h_lo, h_hi) = (hockey_stick(&p, &q, lo).unwrap(), hockey_stick(&p, &q, hi).unwrap());
        prop_assert!(h_hi <= h_lo + 1e-15);
        for (e, h) in [(lo, h_lo), (hi, h_hi)] {
            prop_assert!(h >= (1.0 - e.exp()).max(0.0) - 1e-12 && h <= 1.0 + 1e-12);
        }
        let tv: f64 = 0.5 * p.iter().zip(&q).map(|(a, b)| (a - b).abs()).sum::<f64>();
        prop_assert!((hockey_stick(&p, &q, 0.0).unwrap() - tv).abs() < 1e-14);
        prop_assert!((hockey_stick(&q, &p, 0.0).unwrap() - tv).abs() < 1e-14);
    }

    /// identity (1.1): H_ε(Q,P) = 1 − e^ε + e^ε H_{−ε}(P,Q), to 1e-12.
    #[test]
    fn identity_1_1((p, q) in pair(), e in -3.0f64..3.0) {
        let lhs = hockey_stick(&q, &p, e).unwrap();
        let rhs = 1.0 - e.exp() + e.exp() * hockey_stick(&p, &q, -e).unwrap();
        prop_assert!((lhs - rhs).abs() < 1e-12, "{} vs {}", lhs, rhs);
    }

    /// post-processing by a random row-stochastic matrix never increases H_ε.
    #[test]
    fn post_processing((p, q) in pair(), rows in prop::collection::vec(pmf(4), 6), e in -2.0f64..3.0) {
        let n = p.len();
        let push = |v: &[f64]| -> Vec<f64> {
            (0..4).map(|j| (0..n).map(|i| v[i] * rows[i][j]).sum()).collect()
        };
        let (pk, qk) = (push(&p), push(&q));
        prop_assert!(hockey_stick(&pk, &qk, e).unwrap() <= hockey_stick(&p, &q, e).unwrap() + 1e-14);
    }

    /// joint convexity: H_ε(Σπ_i P_i, Σπ_i Q_i) ≤ Σπ_i H_ε(P_i, Q_i).
    #[test]
    fn joint_convexity((p1, q1) in (pmf(5), pmf(5)), (p2, q2) in (pmf(5), pmf(5)), w in 0.0f64..1.0, e in -2.0f64..3.0) {
        let mix = |a: &[f64], b: &[f64]| -> Vec<f64> { a.iter().zip(b).map(|(x, y)| w * x + (1.0 - w) * y).collect() };
        let lhs = hockey_stick(&mix(&p1, &p2), &mix(&q1, &q2), e).unwrap();
        let rhs = w * hockey_stick(&p1, &q1, e).unwrap() + (1.0 - w) * hockey_stick(&p2, &q2, e).unwrap();
        prop_assert!(lhs <= rhs + 1e-14);
    }

    /// convex in x = e^ε: the chord between two points lies above the midpoint value.
    #[test]
    fn convex_in_exp_eps((p, q) in pair(), x1 in 0.05f64..5.0, x2 in 0.05f64..5.0) {
        let h = |x: f64| hockey_stick(&p, &q, x.ln()).unwrap();
        prop_assert!(h(0.5 * (x1 + x2)) <= 0.5 * (h(x1) + h(x2)) + 1e-14);
    }
}
