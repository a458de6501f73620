//! Expected values come from the spec (§1.8, §11: the spec's DP / brute-force numbers), from the
//! row-need DP / EGF of `forward_exact` (a different algorithm: `forward_r`, never this module's
//! route) and from that DP in 256-bit MPFR. The lead's mpmath prototype of the quadrature route
//! (Chebyshev + Golub–Welsch + multiset sum at 120 digits) only confirmed the idea on the spec
//! §11 values; no number here is taken from it.

use super::*;
use crate::num::{Mp, Real};
use crate::papers::balanced_iteration::section_3_1::forward_exact::forward_r;
use crate::papers::balanced_iteration::section_3_1::lognormal_gauss;
use crate::papers::balanced_iteration::section_3_1::lognormal_gauss::{certified_rule, certified_rule_from, gauss_rule_at, rule_eta, ETA_MAX};

fn pair(d: u64, k: u64, c: f64, sigma: f64) -> MixturePair {
    MixturePair::new(d, k, c, sigma).unwrap()
}

fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / b.abs()
}

/// Spec §11 table (T = 10, k = 4, c = 1, σ = 2; the spec's exact DP values), α = 2, 3, 4, 8
/// from one walk (α_max = 8) and α = 32 from a second (α_max = 32, 5.3e6 multisets).
#[test]
fn spec_section_11_table_to_1e_10() {
    let p = pair(10, 4, 1.0, 2.0);
    let f = theorem_3_1_forward_quadrature_curve(&p, 8).unwrap();
    for (a, want) in [(2usize, 0.4200666512529), (3, 0.6314515282145), (4, 0.8439209896775), (8, 1.708831912463)] {
        assert!(rel(f[a - 2], want) < 1e-10, "F_{a} = {} vs spec {want}", f[a - 2]);
    }
    let f32 = theorem_3_1_forward_quadrature_curve(&p, 32).unwrap();
    assert!(rel(f32[30], 10.66374004505) < 1e-10, "F_32 = {} vs spec 10.66374004505", f32[30]);
    assert!(rel(f32[14], 3.627635086) < 1e-9, "F_16 = {} vs spec 3.627635086", f32[14]);
}

/// Spec §1.8 brute-force / DP examples with 1 < k' (including the complement cases k > d/2 and
/// T = 20, k = 8, α = 8).
#[test]
fn spec_brute_force_examples() {
    for (d, k, c, s, a, want) in [
        (4u64, 2u64, 1.0, 1.3, 3u64, 0.9866218314288),
        (5, 2, 1.0, 1.0, 3, 1.529159075090),
        (6, 3, 1.5, 2.5, 5, 1.441174520933),
        (5, 3, 1.0, 0.9, 2, 2.499643135211),
        (6, 4, 1.0, 1.1, 3, 3.524384162247),
        (20, 8, 1.0, 2.0, 8, 3.402333142911),
    ] {
        let f = theorem_3_1_forward_quadrature_curve(&pair(d, k, c, s), a).unwrap()[a as usize - 2];
        assert!(rel(f, want) < 1e-10, "F_{a}({d},{k},c={c},σ={s}) = {f}, spec {want}");
    }
}

/// Against the row-need DP (f64 log domain, `forward_r`) on a grid with 1 < k < d − 1: every
/// order 2..=α_max from one walk, within 1e-11 relative, and never below the DP by more than
/// the DP's own nearest rounding.
#[test]
fn agrees_with_the_row_need_dp_on_a_grid() {
    for (d, k, amax) in [(5u64, 2u64, 12u64), (5, 3, 12), (8, 2, 12), (8, 3, 12), (8, 5, 10), (12, 2, 12), (12, 3, 10), (12, 5, 8)] {
        for s in [0.7, 1.0, 2.0] {
            let p = pair(d, k, 1.0, s);
            let f = theorem_3_1_forward_quadrature_curve(&p, amax).unwrap();
            for a in 2..=amax {
                let dp = forward_r(&p, a, &0.0f64).unwrap();
                let q = f[a as usize - 2];
                assert!(rel(q, dp) < 1e-11 && q >= dp * (1.0 - 1e-13), "({d},{k},σ={s}) α = {a}: quadrature {q} vs DP {dp}");
            }
        }
    }
}

/// Large orders (β α(α−1) from 245 to 760): here the rule needs hundreds of MPFR bits and its
/// weights fall below the f64 range (1e−365 at β = 2, α = 20). The f64 upper bound is ≥ the
/// 256-bit MPFR DP and within 1e-11 of it.
#[test]
fn large_orders_against_the_mpfr_dp() {
    for (d, k, s, a) in [(6u64, 2u64, 0.5, 20u64), (10, 3, 0.6, 16), (7, 5, 0.7, 16), (8, 3, 0.5, 16)] {
        let p = pair(d, k, 1.0, s);
        assert!(p.beta() * (a * (a - 1)) as f64 >= 200.0);
        let hi = forward_r(&p, a, &Mp::new(256, 0.0)).unwrap();
        let q = theorem_3_1_forward_quadrature_curve(&p, a).unwrap()[a as usize - 2];
        assert!(q >= hi.to_f64_up(), "({d},{k},σ={s},α={a}): quadrature {q} below MPFR {}", hi.to_f64());
        assert!(rel(q, hi.to_f64()) < 1e-11, "({d},{k},σ={s},α={a}): quadrature {q} vs MPFR {}", hi.to_f64());
    }
}

/// Issue 11's case: T = 20, k = 8, every α = 2..16 from one walk of C(28, 8) = 3 108 105
/// multisets; the DP (cheap at α ≤ 4) agrees at α = 2, 3, 4, the spec's DP value at α = 8, and
/// the curve is non-decreasing in α.
#[test]
fn t20_k8_all_orders_to_16() {
    let p = pair(20, 8, 1.0, 2.0);
    assert_eq!(multiset_count(20, node_count(16)), 3_108_105.0);
    let f = theorem_3_1_forward_quadrature_curve(&p, 16).unwrap();
    assert_eq!(f.len(), 15);
    for a in 2..=4u64 {
        let dp = forward_r(&p, a, &0.0f64).unwrap();
        assert!(rel(f[a as usize - 2], dp) < 1e-11, "α = {a}: {} vs DP {dp}", f[a as usize - 2]);
    }
    assert!(rel(f[6], 3.402333142911) < 1e-10, "F_8 = {} vs spec 3.402333142911", f[6]);
    assert!(f.windows(2).all(|w| w[1] >= w[0]), "{f:?}");
}

/// The certified check: a rule built at too low a precision is caught (construction breaks down
/// or η > ETA_MAX) and the retry loop raises the precision until it is certified. At β = 2 the
/// moments up to m = 41 reach e^{3362}: 24 bits cannot resolve the Hankel recurrence. (At
/// α ≤ 16 the Chebyshev algorithm turned out to need far fewer bits than feared: a 48-bit rule
/// already certifies there, so the stress case uses α = 40.)
#[test]
fn too_low_precision_is_detected_and_retried() {
    let p = pair(4, 2, 1.0, 0.5);
    let low = gauss_rule_at(&p, 40, 24);
    assert!(low.as_ref().map_or(true, |r| r.eta > ETA_MAX), "24-bit rule passed: η = {:?}", low.map(|r| r.eta));
    let rule = certified_rule_from(&p, 40, 24).unwrap();
    assert!(rule.prec > 24 && rule.eta <= ETA_MAX, "prec {} η {}", rule.prec, rule.eta);
    // and the certified rule reproduces the MPFR DP at α = 40 (β α(α−1) = 3120)
    let q = quadrature_ln_w(&p, &rule, 40).unwrap()[38];
    let prec = Mp::new(256, 0.0);
    let f = forward_r(&p, 40, &prec).unwrap();
    let ln_n = crate::papers::balanced_iteration::section_3_1::forward_exact::ln_binom_r(4, 2, &prec);
    let truth = (f * prec.cst(39.0) + prec.cst(40.0) * ln_n).to_f64();
    assert!((q.value - truth).abs() <= q.err && rel(q.value, truth) < 1e-12, "ln W_40: {} ± {} vs MPFR DP {truth}", q.value, q.err);
}

/// The η argument covers a deliberately perturbed rule: nodes and weights moved by ~1e-9
/// relative (so the rule is no longer a Gauss rule), η recomputed by `rule_eta`, and the
/// reported interval `value ± err` for ln W_α still contains the 256-bit MPFR DP's ln W_α, while
/// the error is far above what the unperturbed rule's η would allow (the check is not vacuous).
#[test]
fn eta_bound_covers_a_perturbed_rule() {
    let p = pair(8, 3, 1.0, 1.0);
    let amax = 10;
    let good = certified_rule(&p, amax).unwrap();
    let nodes: Vec<f64> = good.nodes.iter().enumerate().map(|(j, s)| s * (1.0 + 1e-9 * (j as f64 + 1.0))).collect();
    let weights: Vec<(f64, i32)> = good.weights.iter().map(|&(m, e)| (m * (1.0 - 2e-9), e)).collect();
    let eta = rule_eta(&p, &nodes, &weights, amax);
    assert!(eta > 1e-9 && eta < 1e-6, "η = {eta}");
    let bad = lognormal_gauss::GaussRule { nodes, weights, alpha_max: amax, eta, prec: good.prec };
    let lnw = quadrature_ln_w(&p, &bad, amax).unwrap();
    let prec = Mp::new(256, 0.0);
    let ln_n = crate::papers::balanced_iteration::section_3_1::forward_exact::ln_binom_r(8, 3, &prec);
    for a in 2..=amax {
        let f = forward_r(&p, a, &prec).unwrap();
        let truth = (f * prec.cst((a - 1) as f64) + prec.cst(a as f64) * ln_n.clone()).to_f64();
        let w = lnw[a as usize - 2];
        assert!((w.value - truth).abs() <= w.err, "α = {a}: {} ± {} misses {truth}", w.value, w.err);
        assert!((w.value - truth).abs() > 8.0 * good.eta, "α = {a}: the perturbation did not move ln W ({} vs {truth})", w.value);
    }
}

/// Bad requests are errors: α_max outside [2, 4096], a rule used beyond its α_max, and a walk
/// too large (T = 60, α ≤ 64).
#[test]
fn bad_requests_are_errors() {
    let p = pair(10, 4, 1.0, 2.0);
    assert!(theorem_3_1_forward_quadrature_curve(&p, 1).is_err());
    assert!(theorem_3_1_forward_quadrature_curve(&p, 5000).is_err());
    let rule = certified_rule(&p, 4).unwrap();
    assert!(quadrature_ln_w(&p, &rule, 6).is_err());
    assert!(matches!(theorem_3_1_forward_quadrature_curve(&pair(60, 24, 1.0, 2.0), 64), Err(Error::Unsupported(_))));
}
