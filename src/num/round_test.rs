//! Tests of [`crate::num::round`] against MPFR (rug) with `Round::Up` / `Round::Down`: the exact
//! result is formed at 2200 bits (sums and products exactly; quotients rounded in the same
//! direction, which composes), then rounded to f64 by MPFR in the tested direction (subnormals and
//! overflow included). Results must agree bit for bit, signed zeros included.

use super::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rug::float::Round;
use rug::Float;

const P: u32 = 2200;

#[derive(Clone, Copy)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

fn mpfr(op: Op, a: f64, b: f64, r: Round) -> f64 {
    let (x, y) = (Float::with_val(P, a), Float::with_val(P, b));
    let z = match op {
        Op::Add => Float::with_val_round(P, &x + &y, r).0,
        Op::Sub => Float::with_val_round(P, &x - &y, r).0,
        Op::Mul => Float::with_val_round(P, &x * &y, r).0,
        Op::Div => Float::with_val_round(P, &x / &y, r).0,
    };
    z.to_f64_round(r)
}

fn ours(op: Op, a: f64, b: f64, up: bool) -> f64 {
    match (op, up) {
        (Op::Add, true) => add_up(a, b),
        (Op::Add, false) => add_down(a, b),
        (Op::Sub, true) => sub_up(a, b),
        (Op::Sub, false) => sub_down(a, b),
        (Op::Mul, true) => mul_up(a, b),
        (Op::Mul, false) => mul_down(a, b),
        (Op::Div, true) => div_up(a, b),
        (Op::Div, false) => div_down(a, b),
    }
}

/// Bit-for-bit agreement with MPFR in both directions (NaN: both NaN); counts the cases checked.
fn check(op: Op, a: f64, b: f64) -> usize {
    for (up, r) in [(true, Round::Up), (false, Round::Down)] {
        let got = ours(op, a, b, up);
        let want = mpfr(op, a, b, r);
        if want.is_nan() {
            assert!(got.is_nan(), "{a:e} {b:e}: want NaN, got {got:e}");
        } else {
            assert_eq!(got.to_bits(), want.to_bits(), "op {} a={a:e} ({:#x}) b={b:e} ({:#x}) up={up}: got {got:e}, MPFR {want:e}", op as u8, a.to_bits(), b.to_bits());
            // One-sided: the result is on the stated side of the exact value (checked in MPFR).
            if want.is_finite() && op as u8 != Op::Div as u8 {
                let exact = match op {
                    Op::Add => Float::with_val(P, Float::with_val(P, a) + b),
                    Op::Sub => Float::with_val(P, Float::with_val(P, a) - b),
                    _ => Float::with_val(P, Float::with_val(P, a) * b),
                };
                if up { assert!(Float::with_val(P, got) >= exact) } else { assert!(Float::with_val(P, got) <= exact) }
            }
        }
    }
    1
}

fn edges() -> Vec<f64> {
    let mut v = vec![
        0.0,
        -0.0,
        1.0,
        -1.0,
        f64::MIN_POSITIVE,
        f64::MIN_POSITIVE.next_down(),
        f64::from_bits(1),
        f64::from_bits(3),
        f64::MAX,
        f64::MAX.next_down(),
        f64::INFINITY,
        f64::NEG_INFINITY,
        1.0 + f64::EPSILON,
        1.0 - f64::EPSILON / 2.0,
        0.1,
        1.0 / 3.0,
        3.0,
        2f64.powi(-537),
        2f64.powi(511),
        2f64.powi(-1000),
        1e-310,
        1.5,
    ];
    let neg: Vec<f64> = v.iter().map(|x| -x).collect();
    v.extend(neg);
    v
}

#[test]
fn edge_pairs_agree_with_mpfr() {
    let e = edges();
    let mut n = 0;
    for &a in &e {
        for &b in &e {
            for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
                n += check(op, a, b);
            }
        }
    }
    assert!(n > 7000, "{n}");
}

/// Random bit patterns (every exponent, subnormals, ±∞, NaN) and random "nearby" pairs (where
/// sums cancel and products are exact or overflow). 20 000 pairs × 4 operations × 2 directions.
#[test]
fn random_pairs_agree_with_mpfr() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for i in 0..20_000 {
        let a = f64::from_bits(rng.gen());
        let b = match i % 4 {
            0 => f64::from_bits(rng.gen()),
            // Same binade neighbourhood: cancellation in sums, exact differences.
            1 => -a * (1.0 + rng.gen_range(-1e-12..1e-12)),
            // Small integers: many exact products and quotients.
            2 => rng.gen_range(-64i32..64) as f64,
            // Tiny magnitudes: products and quotients in the subnormal range.
            _ => f64::from_bits(rng.gen_range(0..(1u64 << 56))) * if rng.gen() { 1.0 } else { -1.0 },
        };
        for op in [Op::Add, Op::Sub, Op::Mul, Op::Div] {
            check(op, a, b);
        }
    }
}

/// Exact cases stay exact (no nudge): 0.5 + 0.25, 3·0.5, 1/4, 1 − 1.
#[test]
fn exact_results_are_not_moved() {
    assert_eq!(add_up(0.5, 0.25), 0.75);
    assert_eq!(add_down(0.5, 0.25), 0.75);
    assert_eq!(mul_up(3.0, 0.5), 1.5);
    assert_eq!(mul_down(3.0, 0.5), 1.5);
    assert_eq!(div_up(1.0, 4.0), 0.25);
    assert_eq!(div_down(1.0, 4.0), 0.25);
    assert!(sub_down(1.0, 1.0).is_sign_negative() && sub_down(1.0, 1.0) == 0.0);
    assert!(sub_up(1.0, 1.0).is_sign_positive());
}

/// Inexact cases move to the two neighbours: 0.1 + 0.2 lies strictly between the f64s
/// 0.30000000000000004 and its predecessor (decimal arithmetic: 0.1 + 0.2 = 0.3000000000000000166…).
#[test]
fn inexact_results_straddle_the_exact_value() {
    let (u, d) = (add_up(0.1, 0.2), add_down(0.1, 0.2));
    assert_eq!(d.next_up(), u);
    assert_eq!(u, 0.30000000000000004);
    assert_eq!(div_up(1.0, 3.0), (1.0f64 / 3.0).next_up());
    assert_eq!(div_down(1.0, 3.0), 1.0 / 3.0);
}

#[test]
fn widen_moves_k_ulps() {
    assert_eq!(widen_up(1.0, 2), 1.0 + 2.0 * f64::EPSILON);
    assert_eq!(widen_down(1.0, 1), 1.0 - f64::EPSILON / 2.0);
}

/// The loose variants are on the stated side of the exact result and within two ulps of it:
/// checked against the exact MPFR value (2200 bits) on the edge pairs and 20 000 random pairs
/// (every exponent, subnormals, overflow, cancellation).
#[test]
fn loose_variants_bound_the_exact_result() {
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    let e = edges();
    for &a in &e {
        for &b in &e {
            pairs.push((a, b));
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for i in 0..20_000 {
        let a = f64::from_bits(rng.gen());
        let b = match i % 3 {
            0 => f64::from_bits(rng.gen()),
            1 => -a * (1.0 + rng.gen_range(-1e-12..1e-12)),
            _ => f64::from_bits(rng.gen_range(0..(1u64 << 56))),
        };
        pairs.push((a, b));
    }
    let mut checked = 0;
    for (a, b) in pairs {
        for (is_add, up, got) in [(true, true, add_up_loose(a, b)), (true, false, add_down_loose(a, b)), (false, true, mul_up_loose(a, b)), (false, false, mul_down_loose(a, b))] {
            let op = if is_add { Op::Add } else { Op::Mul };
            let r = if up { Round::Up } else { Round::Down };
            let directed = mpfr(op, a, b, r);
            if directed.is_nan() {
                assert!(got.is_nan(), "{a:e} {b:e}");
                continue;
            }
            // On the safe side of the exactly rounded result (hence of the exact value) …
            if up {
                assert!(got >= directed, "up a={a:e} b={b:e}: loose {got:e} < directed {directed:e}");
            } else {
                assert!(got <= directed, "down a={a:e} b={b:e}: loose {got:e} > directed {directed:e}");
            }
            // … and at most two ulps beyond it (finite results).
            if directed.is_finite() && got.is_finite() {
                let far = if up { directed.next_up().next_up() } else { directed.next_down().next_down() };
                assert!(if up { got <= far } else { got >= far }, "a={a:e} b={b:e}: loose {got:e} more than 2 ulps from {directed:e}");
            }
            checked += 1;
        }
    }
    assert!(checked > 80_000, "{checked}");
}
