//! Tests of Proposition 7.1 against the spec §16 table (computed for the spec), numeric
//! minimisation over α (golden section, and the shared continuous optimiser), MPFR at 256 bits,
//! and the §16 invariants as proptests.

use super::*;
use crate::num::Mp;
use crate::repr::rdp_optimize::{epsilon_continuous, OrderRange};
use crate::repr::rdp_to_dp::Formula;
use proptest::prelude::*;

/// spec §16 computed examples: (t, N, δ, δ₀, ε per release, ε_com, ε_RDP).
const TABLE: [(f64, u64, f64, f64, f64, f64, f64); 5] = [
    (1.0, 2, 1e-5, 1e-5, 5.298525912, 2145.211894, 7.454243000),
    (0.5, 10, 1e-6, 1e-5, 2.753260885, 446.3352820, 8.605194860),
    (0.1, 100, 1e-7, 1e-5, 0.5727692428, 71.76931436, 5.151833678),
    (0.05, 1000, 1e-8, 1e-6, 0.3047354259, 159.2218027, 8.805665188),
    (0.01, 10000, 1e-10, 1e-6, 0.06791140424, 83.41944916, 5.622960741),
];

fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / b.abs()
}

/// Golden-section minimisation of a unimodal f on [lo, hi] (reference independent of prop71).
fn golden_min<F: Fn(f64) -> f64>(f: F, mut lo: f64, mut hi: f64) -> f64 {
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let (mut c, mut d) = (hi - g * (hi - lo), lo + g * (hi - lo));
    while hi - lo > 1e-12 * hi {
        if f(c) < f(d) {
            hi = d;
        } else {
            lo = c;
        }
        c = hi - g * (hi - lo);
        d = lo + g * (hi - lo);
    }
    f(0.5 * (lo + hi))
}

#[test]
fn spec_table_rows() {
    for (t, n, d, d0, eps, com, rdp) in TABLE {
        let r = prop71(t, n, d, d0).unwrap();
        assert!(rel(r.eps_single, eps) < 1e-9, "ε {t},{n}: {}", r.eps_single);
        assert!(rel(r.eps_com, com) < 1e-9, "ε_com {t},{n}: {}", r.eps_com);
        assert!(rel(r.eps_rdp, rdp) < 1e-9, "ε_RDP {t},{n}: {}", r.eps_rdp);
        assert!(r.eps_rdp <= r.eps_com);
    }
}

#[test]
fn eps_rdp_is_the_minimum_over_alpha() {
    for (t, n, d, d0, ..) in TABLE {
        let r = prop71(t, n, d, d0).unwrap();
        let dp = n as f64 * d + d0;
        let obj = |a: f64| n as f64 * a * t * t / 2.0 + (1.0 / dp).ln() / (a - 1.0);
        let m = golden_min(obj, 1.0 + 1e-9, 1e6);
        assert!(rel(m, r.eps_rdp) < 1e-10, "golden {m} vs {}", r.eps_rdp);
        assert!(rel(obj(r.alpha_star), r.eps_rdp) < 1e-13);
        // the shared optimiser (rounds up, grid + golden section) agrees
        let c = epsilon_continuous(|a| n as f64 * a * t * t / 2.0, dp, &[Formula::Mironov], OrderRange::default()).unwrap();
        assert!(c.epsilon >= r.eps_rdp * (1.0 - 1e-12) && rel(c.epsilon, r.eps_rdp) < 1e-8, "{} vs {}", c.epsilon, r.eps_rdp);
    }
}

#[test]
fn f64_matches_mpfr_256() {
    for (t, n, d, d0, ..) in TABLE {
        let r = prop71(t, n, d, d0).unwrap();
        let m = |x: f64| Mp::new(256, x);
        let dp = m(n as f64) * m(d) + m(d0);
        let (e, c, rd, a) = prop71_r(&m(t), &m(n as f64), &-m(d).ln(), &-m(d0).ln(), &-dp.ln());
        for (x, y) in [(r.eps_single, e), (r.eps_com, c), (r.eps_rdp, rd), (r.alpha_star, a)] {
            assert!(rel(x, y.to_f64()) < 1e-14, "{x} vs {}", y.to_f64());
        }
    }
}

#[test]
fn domain_errors_and_overflow() {
    assert!(prop71(1.0, 2, 0.4, 0.3).is_err(), "δ' = 1.1 ≥ 1 (A18)");
    assert!(prop71(1.0, 1, 0.5, 0.5).is_err(), "δ' = 1");
    assert!(prop71(0.0, 1, 1e-5, 1e-5).is_err());
    assert!(prop71(f64::NAN, 1, 1e-5, 1e-5).is_err());
    assert!(prop71(1.0, 0, 1e-5, 1e-5).is_err());
    assert!(prop71(1.0, 1, 0.0, 1e-5).is_err());
    assert!(prop71(1.0, 1, 1e-5, 1.0).is_err());
    // t = 40: ε ≈ 800 + 40√(2 ln 1e5) > 709.78 ⇒ e^ε overflows ⇒ ε_com = +∞, no NaN
    let r = prop71(40.0, 3, 1e-5, 1e-5).unwrap();
    assert_eq!(r.eps_com, f64::INFINITY);
    assert!(r.eps_rdp.is_finite() && r.eps_rdp <= r.eps_com);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// ε_RDP ≤ ε_com on random draws within the domain (spec §16 invariants).
    #[test]
    fn rdp_never_worse(lt in -4.0f64..1.477, n in 1u64..10_000, ld in -12.0f64..-0.302, ld0 in -12.0f64..-1e-3) {
        let (t, d, d0) = (10f64.powf(lt), 10f64.powf(ld), 10f64.powf(ld0));
        prop_assume!(n as f64 * d + d0 < 1.0);
        let r = prop71(t, n, d, d0).unwrap();
        prop_assert!(r.eps_rdp <= r.eps_com, "{:?}", r);
    }

    /// ε_RDP increasing in t and N, decreasing in δ'.
    #[test]
    fn monotone(t in 1e-3f64..10.0, n in 1u64..1000, ld in -12.0f64..-4.0, ld0 in -12.0f64..-4.0, h in 1e-3f64..1.0) {
        let (d, d0) = (10f64.powf(ld), 10f64.powf(ld0));
        let r = prop71(t, n, d, d0).unwrap();
        prop_assert!(prop71(t * (1.0 + h), n, d, d0).unwrap().eps_rdp > r.eps_rdp);
        prop_assert!(prop71(t, n + 1, d, d0).unwrap().eps_rdp > r.eps_rdp);
        prop_assert!(prop71(t, n, d, d0 * (1.0 + h)).unwrap().eps_rdp < r.eps_rdp);
    }
}
