//! MPFR-backed real numbers (through `rug`), carrying their own precision.
//!
//! `Mp` implements [`Real`]: every operation is correctly rounded to nearest at the precision of
//! its left operand (MPFR semantics). Precision is chosen by the caller with [`Mp::new`] and
//! propagates through [`Real::cst`]; there is no global precision.

use super::real::Real;
use rug::float::{Constant, Round};
use rug::Float;
use std::fmt;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// Default MPFR precision in bits used by the exact (oracle) route.
pub const DEFAULT_PREC: u32 = 256;

/// The MPFR precisions (bits) a user may ask for, in every command and API (`profile`, `audit`,
/// `claims`, `eval`): at least 64 (more than f64, so that two-precision bounds mean something),
/// at most 65536 (beyond it the special functions take minutes per value).
pub const PREC_RANGE: std::ops::RangeInclusive<u32> = 64..=65536;

/// Validate a user-given precision against [`PREC_RANGE`] (the error names the value).
pub fn check_precision(bits: u32) -> crate::error::Result<u32> {
    if PREC_RANGE.contains(&bits) {
        Ok(bits)
    } else {
        Err(crate::error::Error::invalid("precision", bits, &format!("must be between {} and {} bits", PREC_RANGE.start(), PREC_RANGE.end())))
    }
}

/// An MPFR float. The precision is that of the wrapped [`rug::Float`].
#[derive(Clone, Debug, PartialEq, PartialOrd)]
pub struct Mp(pub Float);

impl Mp {
    /// `x` at `prec` bits (exact for every finite f64).
    pub fn new(prec: u32, x: f64) -> Mp {
        Mp(Float::with_val(prec, x))
    }
    /// Parse a decimal string at `prec` bits (rounded to nearest). Used for constants that are
    /// not f64-representable, e.g. `"1e-5"`.
    pub fn parse(prec: u32, s: &str) -> Option<Mp> {
        Float::parse(s).ok().map(|v| Mp(Float::with_val(prec, v)))
    }
    /// A decimal string with `digits` significant digits.
    pub fn to_string_digits(&self, digits: usize) -> String {
        self.0.to_string_radix(10, Some(digits))
    }
}

/// The two-precision error bound of a value computed at `prec` bits (`v1`) and at `2·prec` bits
/// (`v2`): `|v1 − v2| + 2^{4−prec}·|v2|` (foundations §6.3, precision protocol). The formulas are
/// exact and MPFR rounds every operation correctly; the propagation bound is this empirical
/// agreement, not an interval-arithmetic proof.
pub fn two_prec_err(v1: &Mp, v2: &Mp, prec: u32) -> Mp {
    let rel = v2.cst(2f64.powi(4 - prec as i32));
    (v1.clone() - v2.clone()).abs() + v2.abs() * rel
}

/// The interval `v2 ± two_prec_err(v1, v2, prec)` with its ends rounded outward to f64; a value
/// infinite at both precisions (same sign) gives the point interval at that infinity. `None` for
/// NaN or for values that disagree in being finite.
pub fn two_prec_interval(v1: &Mp, v2: &Mp, prec: u32) -> Option<super::Interval> {
    if v1.is_nan() || v2.is_nan() {
        return None;
    }
    if !v1.is_finite() || !v2.is_finite() {
        let (a, b) = (v1.to_f64(), v2.to_f64());
        return if a == b { Some(super::Interval::point(a)) } else { None };
    }
    let err = two_prec_err(v1, v2, prec);
    Some(super::Interval { lower: (v2.clone() - err.clone()).to_f64_down(), upper: (v2.clone() + err).to_f64_up() })
}

/// `ln Φ(x)` for very negative `x` from the asymptotic expansion of the Mills ratio
/// (Abramowitz & Stegun 1964, 26.2.12): `Φ(x) = φ(x)/|x| · (1 − 1/x² + 1·3/x⁴ − 1·3·5/x⁶ + …)`,
/// so `ln Φ(x) = −x²/2 − ln √(2π) − ln |x| + ln S`. The series alternates and, while its terms
/// decrease, the truncation error is below the first omitted term (A&S 26.2.12, remainder);
/// terms are summed until one is below `2^{−prec−8}`, so the result carries the working
/// precision. Used by [`Real::ln_ndtr`] only where `Φ(x)` itself underflows MPFR (|x| ≳ 3.8e4,
/// where `1/x² < 7e−10` and the terms fall fast). Precondition: `x < −2`, finite.
pub fn ln_ndtr_asymptotic(x: &Mp) -> Mp {
    let half = x.cst(0.5);
    let ln_sqrt_2pi = (x.cst(2.0) * x.pi()).sqrt().ln();
    -(x.clone() * x.clone()) * half - ln_sqrt_2pi - x.abs().ln() + ln_mills_sum(x)
}

/// `ln S(x)` of the Mills-ratio series `S(x) = 1 − 1/x² + 1·3/x⁴ − 1·3·5/x⁶ + …` (Abramowitz &
/// Stegun 1964, 26.2.12; `Φ(−|x|) = φ(x)/|x| · S(x)`), generic over [`Real`]: terms are summed
/// while they decrease and until one is below `2^{−prec−8}` (the series alternates, so the
/// truncation error is below the first omitted term). Accurate to the working precision when
/// `x² ≥ 2 (prec + 10) ln 2` (the smallest term is then below the tolerance).
pub fn ln_mills_sum<R: Real>(x: &R) -> R {
    let inv_x2 = x.one() / (x.clone() * x.clone());
    let tol = x.cst(2f64.powi(-(x.prec() as i32) - 8));
    let mut term = x.one();
    let mut sum = x.one();
    for k in 1..=10_000u32 {
        let next = -(term.clone() * x.cst(f64::from(2 * k - 1)) * inv_x2.clone());
        if next.abs() >= term.abs() {
            break; // the asymptotic series has started to grow: stop at its smallest term
        }
        term = next;
        sum = sum + term.clone();
        if term.abs() < tol {
            break;
        }
    }
    sum.ln()
}

impl fmt::Display for Mp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0.to_string_radix(10, Some(25)))
    }
}

macro_rules! binop {
    ($tr:ident, $m:ident) => {
        impl $tr for Mp {
            type Output = Mp;
            fn $m(self, rhs: Mp) -> Mp {
                Mp($tr::$m(self.0, rhs.0))
            }
        }
    };
}
binop!(Add, add);
binop!(Sub, sub);
binop!(Mul, mul);
binop!(Div, div);

impl Neg for Mp {
    type Output = Mp;
    fn neg(self) -> Mp {
        Mp(-self.0)
    }
}

impl Real for Mp {
    fn prec(&self) -> u32 {
        self.0.prec()
    }
    fn cst(&self, x: f64) -> Self {
        Mp(Float::with_val(self.0.prec(), x))
    }
    fn to_f64(&self) -> f64 {
        self.0.to_f64()
    }
    fn to_f64_up(&self) -> f64 {
        self.0.to_f64_round(Round::Up)
    }
    fn to_f64_down(&self) -> f64 {
        self.0.to_f64_round(Round::Down)
    }
    fn exp(&self) -> Self {
        Mp(self.0.clone().exp())
    }
    fn exp_m1(&self) -> Self {
        Mp(self.0.clone().exp_m1())
    }
    fn ln(&self) -> Self {
        Mp(self.0.clone().ln())
    }
    fn ln_1p(&self) -> Self {
        Mp(self.0.clone().ln_1p())
    }
    fn sqrt(&self) -> Self {
        Mp(self.0.clone().sqrt())
    }
    fn abs(&self) -> Self {
        Mp(self.0.clone().abs())
    }
    fn powf(&self, y: &Self) -> Self {
        Mp(Float::with_val(self.0.prec(), rug::ops::Pow::pow(&self.0, &y.0)))
    }
    fn erf(&self) -> Self {
        Mp(self.0.clone().erf())
    }
    fn erfc(&self) -> Self {
        Mp(self.0.clone().erfc())
    }
    fn ln_gamma(&self) -> Self {
        Mp(self.0.clone().ln_gamma())
    }
    fn tanh(&self) -> Self {
        Mp(self.0.clone().tanh())
    }
    fn sinh(&self) -> Self {
        Mp(self.0.clone().sinh())
    }
    fn cosh(&self) -> Self {
        Mp(self.0.clone().cosh())
    }
    fn pi(&self) -> Self {
        Mp(Float::with_val(self.0.prec(), Constant::Pi))
    }
    /// log Φ(x) = log(erfc(−x/√2)/2) for x ≤ 0 and log1p(−erfc(x/√2)/2) for x > 0. MPFR's
    /// exponent range makes the first form exact to working precision for every x of practical
    /// size (erfc(26) ≈ 1e−296 is far from MPFR's underflow).
    fn ln_ndtr(&self) -> Self {
        let s2 = self.cst(2.0).sqrt();
        if self.0.is_sign_negative() || self.0.is_zero() {
            let phi = (-self.clone() / s2).erfc() / self.cst(2.0);
            if phi.0.is_zero() && self.0.is_finite() {
                // Φ(x) underflowed MPFR's exponent range (x ≲ −3.8e4): use the Mills-ratio series.
                return ln_ndtr_asymptotic(self);
            }
            phi.ln()
        } else {
            (-((self.clone() / s2).erfc() / self.cst(2.0))).ln_1p()
        }
    }
    /// Φ⁻¹(p): start from the f64 value, then Newton on `log Φ(x) = log p` (quadratic
    /// convergence; each step doubles the correct bits, so ⌈log2(prec/50)⌉ + 2 steps suffice).
    fn ndtri(&self) -> Self {
        let half = self.cst(0.5);
        if *self > half {
            return -(self.one() - self.clone()).ndtri();
        }
        let x0 = super::special::ndtri(self.to_f64());
        let mut x = self.cst(x0);
        let lp = self.ln();
        let ln_sqrt_2pi = (self.cst(2.0) * self.pi()).sqrt().ln();
        for _ in 0..64 {
            let lphi = x.ln_ndtr();
            let g = lphi.clone() - lp.clone();
            // d/dx log Φ(x) = φ(x)/Φ(x) = exp(−x²/2 − log √(2π) − log Φ(x))
            let dg = (-(x.clone() * x.clone()) / self.cst(2.0) - ln_sqrt_2pi.clone() - lphi).exp();
            let step = g / dg;
            x = x - step.clone();
            let tol = x.abs().max(self.one()) * self.cst(2f64.powi(-(self.prec() as i32) + 4));
            if step.abs() <= tol {
                break;
            }
        }
        x
    }
    fn is_finite(&self) -> bool {
        self.0.is_finite()
    }
    fn is_nan(&self) -> bool {
        self.0.is_nan()
    }
}
