//! Tests of [`crate::num::root`]: closed-form roots in f64 and MPFR, bad brackets, and that the
//! returned side really bounds the root (checked against MPFR closed forms, not against bisection).

use super::*;
use crate::num::Mp;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rug::Float;

fn ok<T>(x: T) -> Result<T, RootError> {
    Ok(x)
}

/// √2 is the root of x² − 2 on [1, 2]; bisection to adjacent f64s must end on the two f64s
/// around √2. Oracle: MPFR √2 at 200 bits (independent of the bisection).
#[test]
fn sqrt2_f64_adjacent_bracket_encloses_mpfr_sqrt2() {
    let b = root_bracket(|x: &f64| ok(Float::with_val(200, x * x) < 2), Bracket::new(1.0, 2.0), &Stop::adjacent()).unwrap();
    let s = Float::with_val(200, 2).sqrt();
    assert!(b.lo < s && s < b.hi, "{b:?}");
    assert_eq!(b.lo.next_up(), b.hi);
}

/// ln 2 is the root of e^{−x} = 1/2 (decreasing). MPFR-evaluated g at 256 bits so the bracket
/// test is exact; oracle: MPFR ln 2 at 300 bits.
#[test]
fn ln2_mpfr_bracket_encloses_closed_form() {
    let prec = 256;
    let half = Mp::new(prec, 0.5);
    let stop = Stop { max_iter: 400, abs: Mp::new(prec, 0.0), rel: Mp::new(prec, 2f64.powi(-240)), combine: Combine::Sum, midpoint: Midpoint::Arithmetic };
    let b = root_of_bracket(|x: &Mp| ok((-x.clone()).exp()), &half, Monotone::Decreasing, Bracket::new(Mp::new(prec, 0.0), Mp::new(prec, 4.0)), &stop).unwrap();
    let ln2 = Float::with_val(300, rug::float::Constant::Log2);
    assert!(b.lo.0 < ln2 && ln2 < b.hi.0);
    let w = Float::with_val(300, &b.hi.0 - &b.lo.0);
    assert!(w <= Float::with_val(300, 2f64.powi(-239)), "width {w}");
}

/// ∛10 as the root of x³ = 10 (increasing) at 128 bits: both sides asked for, each on its side
/// of MPFR's cbrt at 200 bits.
#[test]
fn cbrt10_mpfr_sides() {
    let prec = 128;
    let ten = Mp::new(prec, 10.0);
    let stop = Stop { max_iter: 500, abs: Mp::new(prec, 0.0), rel: Mp::new(prec, 0.0), combine: Combine::Sum, midpoint: Midpoint::FromLo };
    // Cube at 400 bits: exact for a 128-bit x, so g is the exact (monotone) x³.
    let g = |x: &Mp| {
        let y = Mp(Float::with_val(400, &x.0));
        ok(y.clone() * y.clone() * y)
    };
    let lo = root_of(g, &ten, Monotone::Increasing, Bracket::new(Mp::new(prec, 1.0), Mp::new(prec, 10.0)), &stop, Side::Lower).unwrap();
    let hi = root_of(g, &ten, Monotone::Increasing, Bracket::new(Mp::new(prec, 1.0), Mp::new(prec, 10.0)), &stop, Side::Upper).unwrap();
    let c = Float::with_val(200, 10).cbrt();
    assert!(lo.0 < c && c < hi.0);
    let mut next = lo.0.clone();
    next.next_up();
    assert_eq!(next, hi.0);
}

/// Random targets t ∈ (1e−300, 1): the root of e^{−x} = t is −ln t. With e^{−x} evaluated in
/// MPFR at 160 bits (correctly rounded, monotone), Side::Upper must be ≥ −ln t and Side::Lower
/// ≤ −ln t, checked against MPFR −ln t at 300 bits, and the two ends within the tolerance.
/// 2000 seeded cases.
#[test]
fn returned_side_bounds_the_root_random() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..2000 {
        let t: f64 = 10f64.powf(-rng.gen_range(0.0..300.0)) * rng.gen_range(0.1..1.0);
        let stop = Stop::width(0.0, rng.gen_range(0.0..1e-6), 2000);
        let below = |x: &f64| ok(Float::with_val(160, -x).exp() > t);
        let up = root(below, Bracket::new(0.0, 800.0), &stop, Side::Upper).unwrap();
        let down = root(below, Bracket::new(0.0, 800.0), &stop, Side::Lower).unwrap();
        let r = -Float::with_val(300, t).ln();
        assert!(Float::with_val(300, up) >= r, "t={t} up={up}");
        assert!(Float::with_val(300, down) <= r, "t={t} down={down}");
        assert!(up - down <= stop.rel * up || down.next_up() == up, "t={t} [{down}, {up}]");
    }
}

/// Burden & Faires Thm 2.1: n halvings of [0, 1] leave width exactly 2⁻ⁿ (dyadic ends are exact).
#[test]
fn fixed_iterations_halve_the_width() {
    let b = root_bracket(|x: &f64| ok(*x < 0.3), Bracket::new(0.0, 1.0), &Stop::iterations(10)).unwrap();
    assert_eq!(b.hi - b.lo, 2f64.powi(-10));
    assert!(b.lo < 0.3 && 0.3 <= b.hi);
}

/// Geometric midpoint on a bracket spanning 300 decades: the root 1e−200 of x ≥ 1e−200.
#[test]
fn geometric_midpoint_reaches_tiny_roots() {
    let stop = Stop::width(0.0, 1e-12, 400).with_midpoint(Midpoint::Geometric);
    let b = root_bracket(|x: &f64| ok(*x < 1e-200), Bracket::new(1e-300, 1.0), &stop).unwrap();
    assert!(b.lo < 1e-200 && 1e-200 <= b.hi);
    assert!((b.hi - b.lo) <= 1e-12 * b.hi);
}

/// √(lo·hi) midpoint: e^{−20} as the threshold of ln x ≤ −20 on [1e−9, 1e3], to adjacent f64s
/// (oracle: MPFR e^{−20} at 200 bits; the predicate is MPFR's correctly rounded ln).
#[test]
fn geometric_of_product_midpoint_brackets_exp_minus_20() {
    let stop = Stop::adjacent().with_midpoint(Midpoint::GeometricOfProduct);
    let b = root_bracket(|x: &f64| ok(Float::with_val(200, x).ln() <= -20), Bracket::new(1e-9, 1e3), &stop).unwrap();
    let e = Float::with_val(200, -20).exp();
    assert!(b.lo <= e && e < b.hi && b.lo.next_up() == b.hi, "{b:?}");
}

#[test]
fn no_sign_change_is_an_error() {
    let e = root(|x: &f64| ok(*x < 5.0), Bracket::new(0.0, 1.0), &Stop::adjacent(), Side::Upper).unwrap_err();
    assert_eq!(e, RootError::NoSignChange { lo: 0.0, hi: 1.0, below_lo: true, below_hi: true });
    let e = root(|x: &f64| ok(*x < -1.0), Bracket::new(0.0, 1.0), &Stop::adjacent(), Side::Lower).unwrap_err();
    assert!(matches!(e, RootError::NoSignChange { below_lo: false, .. }));
    // Decreasing function whose target is above both ends.
    let e = root_of(|x: &f64| ok(-x), &5.0, Monotone::Decreasing, Bracket::new(0.0, 1.0), &Stop::adjacent(), Side::Upper).unwrap_err();
    assert!(matches!(e, RootError::NoSignChange { .. }));
}

#[test]
fn reversed_or_nan_bracket_is_an_error() {
    let e = root(|x: &f64| ok(*x < 0.5), Bracket::new(1.0, 0.0), &Stop::adjacent(), Side::Upper).unwrap_err();
    assert_eq!(e, RootError::InvalidBracket { lo: 1.0, hi: 0.0 });
    let e = root(|x: &f64| ok(*x < 0.5), Bracket::established(f64::NAN, 1.0), &Stop::adjacent(), Side::Upper).unwrap_err();
    assert!(matches!(e, RootError::InvalidBracket { .. }));
    let e = root(|x: &Mp| ok(x.0 < 0.5), Bracket::new(Mp::new(64, 0.0), Mp::new(64, f64::NAN)), &Stop { max_iter: 10, abs: Mp::new(64, 0.0), rel: Mp::new(64, 0.0), combine: Combine::Sum, midpoint: Midpoint::Arithmetic }, Side::Upper).unwrap_err();
    assert!(matches!(e, RootError::InvalidBracket { .. }));
}

/// A NaN value of g anywhere it is evaluated (here √(x − 0.7) below 0.7) is an error, not a side.
#[test]
fn nan_value_is_an_error() {
    let e = root_of(|x: &f64| ok((x - 0.7).sqrt()), &0.1, Monotone::Increasing, Bracket::established(0.0, 1.0), &Stop::adjacent(), Side::Upper).unwrap_err();
    assert_eq!(e, RootError::NotANumber { at: 0.5 });
}

/// Errors of the caller's function come back unchanged (here the crate error type).
#[test]
fn caller_errors_pass_through() {
    use crate::error::Error;
    let e: Error = root(|x: &f64| if *x > 0.6 { Err(Error::Unsupported("x > 0.6".into())) } else { Ok(*x < 0.55) }, Bracket::established(0.0, 1.0), &Stop::adjacent(), Side::Upper).unwrap_err();
    assert_eq!(e, Error::Unsupported("x > 0.6".into()));
    let e: Error = root(|x: &f64| Ok(*x < 2.0), Bracket::new(0.0, 1.0), &Stop::adjacent(), Side::Upper).unwrap_err();
    assert!(matches!(e, Error::Numerical(_)));
}

/// Bit-pattern bisection: ∛2 as the root of x³ = 2 on [0, 2] ends on the two f64s around MPFR's
/// ∛2 (200 bits); a tiny root 4e−12 (root of x = 4e−12, exact comparison) is found to adjacent
/// f64s in at most 64 evaluations; the threshold of ln x ≤ −700 is e^{−700} (MPFR, 200 bits).
#[test]
fn root_bits_brackets_closed_form_roots() {
    let b = root_bits(|x| ok(Float::with_val(200, x).square() * x < 2), Bracket::new(0.0, 2.0)).unwrap();
    let c = Float::with_val(200, 2).cbrt();
    assert!(b.lo < c && c < b.hi && b.lo.next_up() == b.hi, "{b:?}");

    let t = 4e-12;
    let mut calls = 0;
    let b = root_bits(|x| { calls += 1; ok(x < t) }, Bracket::new(-0.0, 0.5)).unwrap();
    assert_eq!((b.lo, b.hi), (t.next_down(), t));
    assert!(calls <= 66, "{calls} evaluations");

    let b = root_bits(|x| ok(Float::with_val(200, x).ln() <= -700), Bracket::new(0.0, 1.0)).unwrap();
    let e = Float::with_val(200, -700).exp();
    assert!(b.lo <= e && e < b.hi && b.lo.next_up() == b.hi, "{b:?}");
}

/// Bit-pattern bisection refuses negative, NaN and reversed brackets and a missing sign change.
#[test]
fn root_bits_bad_brackets_are_errors() {
    let p = |x: f64| ok(x < 1.0);
    assert!(matches!(root_bits(p, Bracket::new(-1.0, 2.0)), Err(RootError::InvalidBracket { .. })));
    assert!(matches!(root_bits(p, Bracket::new(f64::NAN, 2.0)), Err(RootError::InvalidBracket { .. })));
    assert!(matches!(root_bits(p, Bracket::new(3.0, 2.0)), Err(RootError::InvalidBracket { .. })));
    assert!(matches!(root_bits(p, Bracket::new(2.0, 3.0)), Err(RootError::NoSignChange { .. })));
}

/// (x − 1.3)² + 2 on [−4, 7]: minimiser 1.3, minimum 2 (closed form).
#[test]
fn golden_min_finds_the_minimum_of_a_parabola() {
    let (x, v) = golden_min(|x| (x - 1.3) * (x - 1.3) + 2.0, -4.0, 7.0, 80);
    assert!((x - 1.3).abs() < 1e-7, "{x}");
    assert!((v - 2.0).abs() < 1e-14);
}

/// Integer bisection: the first index with v[j] ≤ 10 in a non-increasing table (found by a scan).
#[test]
fn root_index_finds_the_first_index_below_the_target() {
    let v: Vec<f64> = (0..1000).map(|j| 1e4 / (1.0 + j as f64)).collect();
    let first = v.iter().position(|&x| x <= 10.0).unwrap() as i64;
    let b = root_index(|j| ok(v[j as usize] > 10.0), Bracket::new(0, 999)).unwrap();
    assert_eq!((b.lo, b.hi), (first - 1, first));
    assert!(matches!(root_index(|j| ok(v[j as usize] > 1e9), Bracket::new(0, 999)), Err(RootError::NoSignChange { .. })));
    assert!(matches!(root_index(|_| ok(true), Bracket::new(5, 2)), Err(RootError::InvalidBracket { .. })));
}
