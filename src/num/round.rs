//! Directed rounding of f64 arithmetic, done exactly: the one rounding module of dpaudit.
//!
//! A privacy-loss *upper* bound is rounded towards +∞ (more loss), a *lower* bound towards −∞.
//! The direction is in the name (`add_up`, `mul_down`, …), never a boolean. Each function returns
//! exactly what IEEE 754 arithmetic with the directed rounding attribute would: the round-to-
//! nearest result `r` is computed, the sign of the rounding error `exact − r` is recovered by an
//! error-free transformation, and `r` moves one ulp (`next_up` / `next_down`) only when it lies on
//! the wrong side. Exact results stay exact (no unconditional nudge).
//!
//! * Sum: TwoSum (Knuth, TAOCP vol. 2, 3rd ed., §4.2.2 Theorem B; Møller 1965): `s + e = a + b`
//!   exactly, with no underflow issue, and immune to spurious overflow when `s` is finite (Boldo,
//!   Graillat & Muller 2017, "On the robustness of the 2Sum and Fast2Sum algorithms", Thm 5.1).
//! * Product and quotient: the operands are split exactly into `m·2^k` with `|m| ∈ [1, 2)`, the
//!   nearest result is scaled into the same range, and the sign of `ma·mb − P` (resp. `ma − Q·mb`)
//!   is read from one fused multiply-add, which rounds a nonzero value to a nonzero value of the
//!   same sign because nothing in the scaled problem is near the underflow threshold. This avoids
//!   the failure of the plain `fma(a, b, −a·b)` error term when the product is subnormal
//!   (Boldo & Muller 2011, "Exact and approximated error of the FMA", §2: the error of a product is
//!   representable only without underflow).
//! * Overflow: a finite exact result beyond `f64::MAX` rounds to `±∞` towards its side and to
//!   `±f64::MAX` the other way (IEEE 754-2019 §7.4). Signed zeros follow §6.3: an exact zero sum of
//!   opposite operands is `−0` when rounding down, `+0` otherwise.
//! * NaN and infinite operands: the IEEE result (NaN, or the exact infinite result).
//!
//! Tested against MPFR with `Round::Up` / `Round::Down` (see `round_test.rs`).

use std::cmp::Ordering;

/// `x = m·2^k` with `|m| ∈ [1, 2)`, exactly, for finite nonzero `x`.
fn split(x: f64) -> (f64, i32) {
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE { (x * 2f64.powi(64), -64) } else { (x, 0) };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1023u64 << 52));
    (m, e + bias)
}

/// `x·2^k`, exact whenever the result is a normal number or `x` is scaled towards the normal
/// range from below (up-scaling never drops bits).
fn scale(mut x: f64, mut k: i32) -> f64 {
    while k > 1000 {
        x *= 2f64.powi(1000);
        k -= 1000;
    }
    while k < -1000 {
        x *= 2f64.powi(-1000);
        k += 1000;
    }
    x * 2f64.powi(k)
}

/// Move the nearest result `r` one ulp when the exact value lies on the other side.
/// `err` is the sign of `exact − r`.
fn step(r: f64, err: Ordering, up: Direction) -> f64 {
    match (up, err) {
        (Direction::Up, Ordering::Greater) => r.next_up(),
        (Direction::Down, Ordering::Less) => r.next_down(),
        _ => r,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Direction {
    Up,
    Down,
}

/// Finite operands whose nearest result overflowed to `r = ±∞`: the exact value is beyond
/// `±f64::MAX`, so rounding towards it keeps `±∞` and rounding away gives `±f64::MAX`.
fn overflowed(r: f64, dir: Direction) -> f64 {
    match (dir, r > 0.0) {
        (Direction::Up, true) | (Direction::Down, false) => r,
        (Direction::Up, false) => -f64::MAX,
        (Direction::Down, true) => f64::MAX,
    }
}

fn sign(x: f64) -> Ordering {
    x.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

fn add_dir(a: f64, b: f64, dir: Direction) -> f64 {
    let s = a + b;
    if !(a.is_finite() && b.is_finite()) {
        return s;
    }
    if !s.is_finite() {
        return overflowed(s, dir);
    }
    if s == 0.0 {
        // Exact zero (a sum that rounds to zero is exact). IEEE 754 §6.3: −0 when rounding down
        // unless both operands are +0; +0 when rounding up unless both are −0.
        let neg = match dir {
            Direction::Down => a.is_sign_negative() || b.is_sign_negative(),
            Direction::Up => a.is_sign_negative() && b.is_sign_negative(),
        };
        return if neg { -0.0 } else { 0.0 };
    }
    // TwoSum: s + e = a + b exactly.
    let bp = s - a;
    let e = (a - (s - bp)) + (b - bp);
    step(s, sign(e), dir)
}

fn mul_dir(a: f64, b: f64, dir: Direction) -> f64 {
    let p = a * b;
    if !(a.is_finite() && b.is_finite()) || a == 0.0 || b == 0.0 {
        return p;
    }
    if !p.is_finite() {
        return overflowed(p, dir);
    }
    let ((ma, ea), (mb, eb)) = (split(a), split(b));
    // exact − p has the sign of ma·mb − p·2^{−(ea+eb)}; the scaled p lies in [1, 4] (or is 0
    // after underflow), and ma·mb − P is a nonzero multiple of 2^{−104} or zero: one FMA gives
    // its sign.
    let pp = scale(p, -(ea + eb));
    step(p, sign(ma.mul_add(mb, -pp)), dir)
}

fn div_dir(a: f64, b: f64, dir: Direction) -> f64 {
    let q = a / b;
    if !(a.is_finite() && b.is_finite()) || a == 0.0 || b == 0.0 {
        return q;
    }
    if !q.is_finite() {
        return overflowed(q, dir);
    }
    let ((ma, ea), (mb, eb)) = (split(a), split(b));
    // a/b − q = (ma − Q·mb)/mb · 2^{ea−eb} with Q = q·2^{eb−ea} ∈ [1/2, 2] (or 0): the sign of
    // the error is sign(ma − Q·mb)·sign(mb).
    let qq = scale(q, eb - ea);
    let r = sign((-qq).mul_add(mb, ma));
    let err = if mb < 0.0 { r.reverse() } else { r };
    step(q, err, dir)
}

/// `a + b` rounded towards +∞ (exactly as IEEE 754 roundTowardPositive).
pub fn add_up(a: f64, b: f64) -> f64 {
    add_dir(a, b, Direction::Up)
}
/// `a + b` rounded towards −∞.
pub fn add_down(a: f64, b: f64) -> f64 {
    add_dir(a, b, Direction::Down)
}
/// `a − b` rounded towards +∞.
pub fn sub_up(a: f64, b: f64) -> f64 {
    add_dir(a, -b, Direction::Up)
}
/// `a − b` rounded towards −∞.
pub fn sub_down(a: f64, b: f64) -> f64 {
    add_dir(a, -b, Direction::Down)
}
/// `a · b` rounded towards +∞.
pub fn mul_up(a: f64, b: f64) -> f64 {
    mul_dir(a, b, Direction::Up)
}
/// `a · b` rounded towards −∞.
pub fn mul_down(a: f64, b: f64) -> f64 {
    mul_dir(a, b, Direction::Down)
}
/// `a / b` rounded towards +∞.
pub fn div_up(a: f64, b: f64) -> f64 {
    div_dir(a, b, Direction::Up)
}
/// `a / b` rounded towards −∞.
pub fn div_down(a: f64, b: f64) -> f64 {
    div_dir(a, b, Direction::Down)
}

/// `a + b` rounded to nearest, then moved one ulp towards +∞: never below the exact sum, at
/// most two ulps above it. Cheaper than [`add_up`] (no error-free transformation), for hot loops
/// where the extra ulp is harmless (the certified profile recurrences of `pld/curve.rs`).
///
/// Why it is an upper bound for every pair of operands: round-to-nearest is off by at most half
/// the spacing of the floating-point numbers at the result (in the subnormal range, at most
/// 2^−1075, half the uniform spacing 2^−1074), and `next_up` moves by a full spacing above it; a
/// nearest result of +∞ stays +∞, one of −∞ becomes −f64::MAX, which is above any exact value
/// that rounds to −∞ (IEEE 754-2019 §4.3.1, §7.4). NaN stays NaN.
#[inline]
pub fn add_up_loose(a: f64, b: f64) -> f64 {
    (a + b).next_up()
}
/// `a + b` rounded to nearest, then one ulp towards −∞: never above the exact sum (see
/// [`add_up_loose`]).
#[inline]
pub fn add_down_loose(a: f64, b: f64) -> f64 {
    (a + b).next_down()
}
/// `a · b` rounded to nearest, then one ulp towards +∞: never below the exact product (the
/// argument of [`add_up_loose`]; an underflowed product is off by at most 2^−1075).
#[inline]
pub fn mul_up_loose(a: f64, b: f64) -> f64 {
    (a * b).next_up()
}
/// `a · b` rounded to nearest, then one ulp towards −∞: never above the exact product.
#[inline]
pub fn mul_down_loose(a: f64, b: f64) -> f64 {
    (a * b).next_down()
}

/// `x` moved `k` ulps towards +∞: an upper end for a value known only to within `k` ulps of `x`
/// (e.g. a libm result with a documented error bound). Not a rounding of exact arithmetic.
pub fn widen_up(mut x: f64, k: u32) -> f64 {
    for _ in 0..k {
        x = x.next_up();
    }
    x
}
/// `x` moved `k` ulps towards −∞ (see [`widen_up`]).
pub fn widen_down(mut x: f64, k: u32) -> f64 {
    for _ in 0..k {
        x = x.next_down();
    }
    x
}

#[cfg(test)]
#[path = "round_test.rs"]
mod round_test;
