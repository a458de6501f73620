//! The real-number trait: one formula, two precisions.
//!
//! Bounds and closed forms are written once, generic over [`Real`], and evaluated either in `f64`
//! or in MPFR through [`crate::num::Mp`]. The precision is carried by the values themselves
//! (an `Mp` knows its number of bits); constants are created with [`Real::cst`], which gives the
//! constant the precision of `self`. Nothing is global.
//!
//! Special functions that need different algorithms in the two precisions (log Φ, Φ⁻¹) are trait
//! methods: `f64` uses the stable algorithms of [`crate::num::special`], MPFR evaluates the
//! mathematical definition directly (it has no underflow below 1e−300 and correct rounding).

use std::fmt::{Debug, Display};
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A real number type usable by every formula in dpaudit.
///
/// Contract: arithmetic is rounded to nearest in the type's precision; [`Real::prec`] reports the
/// number of significand bits (53 for `f64`). Functions follow the usual mathematical domains and
/// return NaN outside them (callers validate inputs first, see [`crate::error::check`]).
pub trait Real:
    Clone
    + Debug
    + Display
    + PartialOrd
    + Send
    + Sync
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// Significand bits of this value's precision.
    fn prec(&self) -> u32;
    /// The constant `x` at the precision of `self` (exact: every f64 is representable).
    fn cst(&self, x: f64) -> Self;
    /// Rounded to the nearest f64.
    fn to_f64(&self) -> f64;
    /// Rounded to an f64 that is ≥ `self` (use for reported upper bounds).
    fn to_f64_up(&self) -> f64;
    /// Rounded to an f64 that is ≤ `self` (use for reported lower bounds).
    fn to_f64_down(&self) -> f64;

    fn exp(&self) -> Self;
    fn exp_m1(&self) -> Self;
    fn ln(&self) -> Self;
    fn ln_1p(&self) -> Self;
    fn sqrt(&self) -> Self;
    fn abs(&self) -> Self;
    fn powf(&self, y: &Self) -> Self;
    fn erf(&self) -> Self;
    fn erfc(&self) -> Self;
    /// ln Γ(x) for x > 0.
    fn ln_gamma(&self) -> Self;
    fn tanh(&self) -> Self;
    fn sinh(&self) -> Self;
    fn cosh(&self) -> Self;
    /// π at this precision.
    fn pi(&self) -> Self;
    /// log Φ(x), Φ the standard normal CDF; accurate for all finite x (no underflow).
    fn ln_ndtr(&self) -> Self;
    /// Φ⁻¹(p) for p ∈ (0, 1), accurate down to p = 1e−300.
    fn ndtri(&self) -> Self;
    fn is_finite(&self) -> bool;
    fn is_nan(&self) -> bool;

    /// Standard normal CDF Φ(x).
    fn ndtr(&self) -> Self {
        self.ln_ndtr().exp()
    }
    fn max(self, other: Self) -> Self {
        if other > self { other } else { self }
    }
    fn min(self, other: Self) -> Self {
        if other < self { other } else { self }
    }
    fn zero(&self) -> Self {
        self.cst(0.0)
    }
    fn one(&self) -> Self {
        self.cst(1.0)
    }
    /// log(1 − eˣ) for x ≤ 0 (Mächler 2012): `ln(−expm1(x))` if x > −ln 2, else `ln_1p(−exp(x))`.
    fn ln_1m_exp(&self) -> Self {
        if *self > self.cst(-std::f64::consts::LN_2) {
            (-self.exp_m1()).ln()
        } else {
            (-self.exp()).ln_1p()
        }
    }
    /// log(eᵃ + eᵇ) without overflow.
    fn ln_add_exp(&self, b: &Self) -> Self {
        let (hi, lo) = if *self >= *b { (self.clone(), b.clone()) } else { (b.clone(), self.clone()) };
        if !hi.is_finite() {
            return hi;
        }
        hi.clone() + (lo - hi).exp().ln_1p()
    }
    /// log(eᵃ − eᵇ) for a ≥ b (−∞ when equal).
    fn ln_sub_exp(&self, b: &Self) -> Self {
        self.clone() + (b.clone() - self.clone()).ln_1m_exp()
    }
}

impl Real for f64 {
    fn prec(&self) -> u32 {
        53
    }
    fn cst(&self, x: f64) -> Self {
        x
    }
    fn to_f64(&self) -> f64 {
        *self
    }
    fn to_f64_up(&self) -> f64 {
        *self
    }
    fn to_f64_down(&self) -> f64 {
        *self
    }
    fn exp(&self) -> Self {
        f64::exp(*self)
    }
    fn exp_m1(&self) -> Self {
        f64::exp_m1(*self)
    }
    fn ln(&self) -> Self {
        f64::ln(*self)
    }
    fn ln_1p(&self) -> Self {
        f64::ln_1p(*self)
    }
    fn sqrt(&self) -> Self {
        f64::sqrt(*self)
    }
    fn abs(&self) -> Self {
        f64::abs(*self)
    }
    fn powf(&self, y: &Self) -> Self {
        f64::powf(*self, *y)
    }
    fn erf(&self) -> Self {
        crate::num::special::erf(*self)
    }
    fn erfc(&self) -> Self {
        crate::num::special::erfc(*self)
    }
    fn ln_gamma(&self) -> Self {
        crate::num::special::ln_gamma(*self)
    }
    fn tanh(&self) -> Self {
        f64::tanh(*self)
    }
    fn sinh(&self) -> Self {
        f64::sinh(*self)
    }
    fn cosh(&self) -> Self {
        f64::cosh(*self)
    }
    fn pi(&self) -> Self {
        std::f64::consts::PI
    }
    fn ln_ndtr(&self) -> Self {
        crate::num::special::ln_ndtr(*self)
    }
    fn ndtri(&self) -> Self {
        crate::num::special::ndtri(*self)
    }
    fn is_finite(&self) -> bool {
        f64::is_finite(*self)
    }
    fn is_nan(&self) -> bool {
        f64::is_nan(*self)
    }
}
