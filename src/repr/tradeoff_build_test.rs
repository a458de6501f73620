//! Tests of the exact orders of `tradeoff_build.rs` against an independent oracle: MPFR products
//! at 128 bits (exact for two 53-bit mantissas, with MPFR's exponent range: no underflow), and
//! the shuffled pair whose far
//! components made the old comparison non-transitive (`dpaudit shuffle --users 1000
//! --local-epsilon 2 --tradeoff-csv F` panicked in `sort_by`).

use super::{cmp_abscissa_total, cmp_ratio};
use crate::num::special::ln_binom;
use crate::repr::tradeoff::{TradeOff, Vertex};
use rug::Float;
use std::cmp::Ordering;

/// Oracle: `p_a q_b` vs `p_b q_a`, each product exact in 128-bit MPFR.
fn exact_order(a: (f64, f64), b: (f64, f64)) -> Ordering {
    let prod = |x: f64, y: f64| Float::with_val(128, x) * Float::with_val(128, y);
    prod(a.0, b.1).partial_cmp(&prod(b.0, a.1)).expect("finite")
}

/// Deterministic spread of masses over the whole f64 range, subnormals and 0 included.
fn masses() -> Vec<f64> {
    let mut out = vec![0.0, f64::from_bits(1), f64::from_bits(3), 2.5e-320, f64::MIN_POSITIVE, 1e-300, 0.5, 1.0];
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..60 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let e = -((x % 1075) as i32);
        let m = 1.0 + (x >> 11) as f64 / (1u64 << 53) as f64;
        // two normal factors: the product rounds once, into the subnormal range when e < −1022
        out.push(m * 2f64.powi(e / 2) * 2f64.powi(e - e / 2));
    }
    out
}

#[test]
fn cmp_ratio_is_the_exact_order_down_to_subnormal_masses() {
    let ms = masses();
    let atoms: Vec<(f64, f64)> = ms.iter().flat_map(|&p| ms.iter().step_by(7).map(move |&q| (p, q))).filter(|(p, q)| *p > 0.0 || *q > 0.0).collect();
    for a in &atoms {
        for b in atoms.iter().step_by(3) {
            assert_eq!(cmp_ratio(*a, *b), exact_order(*a, *b), "{a:?} vs {b:?}");
        }
    }
    // the triple that broke transitivity before: cross products ~2^-1201 underflowed to 0 = 0
    let (a1, a2, a3) = ((2f64.powi(-600), 2f64.powi(-601)), (2f64.powi(-601), 2f64.powi(-600)), (2f64.powi(-600), 2f64.powi(-600)));
    assert_eq!(cmp_ratio(a2, a3), Ordering::Less);
    assert_eq!(cmp_ratio(a3, a1), Ordering::Less);
    assert_eq!(cmp_ratio(a2, a1), Ordering::Less);
}

#[test]
fn cmp_abscissa_total_is_transitive_when_x_and_x_bar_disagree_about_one_half() {
    // x and x̄ computed from opposite ends can disagree by an ulp about the side of ½
    let v = |x: f64, x_bar: f64| Vertex { x, x_bar, rho: 0.5, y: 0.5 };
    let pts = [v(0.5, 0.5000000000000001), v(0.5, 0.4999999999999999), v(0.5000000000000001, 0.5), v(0.3, 0.7), v(0.7, 0.3)];
    for a in &pts {
        for b in &pts {
            for c in &pts {
                if cmp_abscissa_total(a, b) != Ordering::Greater && cmp_abscissa_total(b, c) != Ordering::Greater {
                    assert_ne!(cmp_abscissa_total(a, c), Ordering::Greater, "{a:?} {b:?} {c:?}");
                }
            }
        }
    }
}

/// The pair `(P, Q)` of the shuffling reduction (mixtures spec §4.1) written out here from its
/// definition: components `i < n`, weight `Binom(n−1, 2/(e^{ε₀}+1))(i)`, atoms `(a, i+1−a)`.
fn shuffled_pair(n: u64, eps0: f64) -> (Vec<f64>, Vec<f64>) {
    let w = 1.0 / (eps0.exp() + 1.0);
    let pc = 2.0 * w;
    let m = (n - 1) as f64;
    let (mut p, mut q) = (Vec::new(), Vec::new());
    for i in 0..n {
        let fi = i as f64;
        let lw = ln_binom(m, fi) + fi * pc.ln() + (m - fi) * (1.0 - pc).ln();
        let lp = |k: u64| if k > i { f64::NEG_INFINITY } else { lw + ln_binom(fi, k as f64) - fi * std::f64::consts::LN_2 };
        for a in 0..=i + 1 {
            let p0 = if a == 0 { 0.0 } else { lp(a - 1).exp() };
            let q0 = lp(a).exp();
            p.push((1.0 - w) * p0 + w * q0);
            q.push((1.0 - w) * q0 + w * p0);
        }
    }
    (p, q)
}

#[test]
fn from_pair_of_the_shuffled_pair_n_1000_eps0_2_orders_its_atoms() {
    // regression: this pair made sort_by panic ("comparison does not implement a total order")
    let (p, q) = shuffled_pair(1000, 2.0);
    let f = TradeOff::from_pair(&p, &q).expect("chain");
    // independent check: δ at ε = 0 is the total variation Σ (p − q)_+ of the atoms
    let tv: f64 = p.iter().zip(&q).map(|(a, b)| (a - b).max(0.0)).sum();
    let d0 = f.delta_two_sided(0.0).unwrap();
    assert!((d0 - tv).abs() <= 1e-12 * tv, "{d0} vs {tv}");
    for (n, e0) in [(1000u64, 1.5), (500, 2.0), (300, 2.0)] {
        let (p, q) = shuffled_pair(n, e0);
        assert!(TradeOff::from_pair(&p, &q).is_ok(), "({n}, {e0})");
    }
}
