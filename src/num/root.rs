//! Root finding on monotone functions with a guaranteed bracket: the one bisection of dpaudit.
//!
//! dpaudit inverts privacy profiles (ε ↦ δ is non-increasing), confidence bounds (p ↦ CDF) and
//! similar monotone maps. A certified answer must stay on the safe side of the root, so [`root`]
//! keeps a bracket `[lo, hi]` in which the root provably lies — `below(lo)` holds and `below(hi)`
//! does not — and returns the end the caller asks for with [`Side`]: [`Side::Upper`] for an upper
//! bound (e.g. the ε where `δ(ε) ≤ δ` was verified), [`Side::Lower`] for a lower bound.
//!
//! * Generic over the precision: `T: Real`, i.e. `f64` or [`crate::num::Mp`] (MPFR).
//! * The test is a predicate `below(x)` ("x lies below the root"); [`root_of`] builds it from a
//!   monotone function and a target, and reports a NaN value as an error instead of silently
//!   taking one side.
//! * A bad bracket (no sign change, NaN ends, `lo > hi`) is an error ([`RootError`]), never a
//!   silently returned end.
//! * Stopping ([`Stop`]): width `hi − lo ≤ abs + rel·|hi|` (or `max(abs, rel·|hi|)`), or the midpoint no longer lies strictly
//!   inside (adjacent floats at the working precision), or `max_iter` halvings. The returned end
//!   is within the final width of the root, on the requested side.
//!
//! Source: bisection method (Burden & Faires, *Numerical Analysis*, 9th ed., §2.1, Theorem 2.1:
//! after n halvings `|p_n − p| ≤ (b − a)/2ⁿ`); the one-sided bracket is the certified-rounding
//! convention of foundations §1.2 (report the end where the inequality was verified).

use super::real::Real;
use thiserror::Error;

/// Which end of the final bracket [`root`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// `lo`: `below(lo)` holds, so `lo ≤ root` (a certified lower bound).
    Lower,
    /// `hi`: `below(hi)` fails, so `hi ≥ root` (a certified upper bound).
    Upper,
}

/// A bracket `[lo, hi]` of the root.
#[derive(Clone, Debug, PartialEq)]
pub struct Bracket<T> {
    pub lo: T,
    pub hi: T,
    /// Whether [`root`] must evaluate `below` at both ends to check the sign change. `false` only
    /// through [`Bracket::established`].
    check_ends: bool,
}

impl<T> Bracket<T> {
    /// A bracket whose ends [`root`] checks: `below(lo)` must hold and `below(hi)` must fail.
    pub fn new(lo: T, hi: T) -> Bracket<T> {
        Bracket { lo, hi, check_ends: true }
    }
    /// A bracket whose sign change the caller has already established (it evaluated both ends,
    /// e.g. while expanding `hi`, or an end is known from the mathematics). [`root`] still checks
    /// `lo ≤ hi` and that neither end is NaN, but does not re-evaluate `below` there.
    pub fn established(lo: T, hi: T) -> Bracket<T> {
        Bracket { lo, hi, check_ends: false }
    }
    /// The end on `side`.
    pub fn end(self, side: Side) -> T {
        match side {
            Side::Lower => self.lo,
            Side::Upper => self.hi,
        }
    }
}

/// How the next trial point is computed from `[lo, hi]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Midpoint {
    /// `(lo + hi)/2` (for f64 the same value as `0.5·(lo + hi)`).
    Arithmetic,
    /// `lo + (hi − lo)/2` (no overflow for huge ends of the same sign).
    FromLo,
    /// `√lo·√hi` (no underflow of `lo·hi`), for positive brackets spanning orders of magnitude.
    Geometric,
    /// `√(lo·hi)` (one rounding fewer than [`Midpoint::Geometric`]; only for positive brackets
    /// whose product neither underflows nor overflows). Kept so that callers written with it
    /// (`mean_estimation::crossover_delta`) return the same bits.
    GeometricOfProduct,
}

/// When [`root`] stops. It always stops when the midpoint is no longer strictly inside the
/// bracket, whatever the tolerances.
#[derive(Clone, Debug, PartialEq)]
pub struct Stop<T> {
    /// At most this many halvings.
    pub max_iter: usize,
    /// Stop when `hi − lo ≤ abs + rel·|hi|` ([`Combine::Sum`]) or `≤ max(abs, rel·|hi|)`
    /// ([`Combine::Max`]).
    pub abs: T,
    pub rel: T,
    pub combine: Combine,
    pub midpoint: Midpoint,
}

/// How [`Stop`]'s absolute and relative tolerances combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// `abs + rel·|hi|`.
    Sum,
    /// `max(abs, rel·|hi|)`.
    Max,
}

impl Stop<f64> {
    /// Bisect until the ends are adjacent f64s (≤ 2100 halvings cover every f64 bracket).
    pub fn adjacent() -> Stop<f64> {
        Stop { max_iter: 2100, abs: 0.0, rel: 0.0, combine: Combine::Sum, midpoint: Midpoint::Arithmetic }
    }
    /// Width tolerance `abs + rel·|hi|`, at most `max_iter` halvings.
    pub fn width(abs: f64, rel: f64, max_iter: usize) -> Stop<f64> {
        Stop { max_iter, abs, rel, combine: Combine::Sum, midpoint: Midpoint::Arithmetic }
    }
    /// Width tolerance `max(abs, rel·|hi|)`, at most `max_iter` halvings.
    pub fn width_max(abs: f64, rel: f64, max_iter: usize) -> Stop<f64> {
        Stop { max_iter, abs, rel, combine: Combine::Max, midpoint: Midpoint::Arithmetic }
    }
    /// Exactly `n` halvings unless the bracket reaches adjacent floats first.
    pub fn iterations(n: usize) -> Stop<f64> {
        Stop { max_iter: n, abs: 0.0, rel: 0.0, combine: Combine::Sum, midpoint: Midpoint::Arithmetic }
    }
}

impl<T> Stop<T> {
    /// The same stop with another midpoint rule.
    pub fn with_midpoint(mut self, midpoint: Midpoint) -> Stop<T> {
        self.midpoint = midpoint;
        self
    }
}

/// Why [`root`] could not return a bracket end.
#[derive(Clone, Debug, Error, PartialEq)]
pub enum RootError {
    /// `lo > hi` or an end is NaN.
    #[error("root finding: invalid bracket [{lo}, {hi}]")]
    InvalidBracket { lo: f64, hi: f64 },
    /// The predicate does not change between the ends (`below(lo)` false or `below(hi)` true).
    #[error("root finding: no sign change on [{lo}, {hi}] (below(lo) = {below_lo}, below(hi) = {below_hi})")]
    NoSignChange { lo: f64, hi: f64, below_lo: bool, below_hi: bool },
    /// The function evaluated to NaN at `at` (only [`root_of`]).
    #[error("root finding: function is NaN at {at}")]
    NotANumber { at: f64 },
}

impl From<RootError> for crate::error::Error {
    fn from(e: RootError) -> Self {
        crate::error::Error::Numerical(e.to_string())
    }
}

/// Bisection on a predicate: for `below` true on `[lo, r)` and false on `[r, hi]` (any monotone
/// split), returns the final bracket `[lo', hi']` with `below(lo')` true, `below(hi')` false, and
/// `lo' ≤ r ≤ hi'`. Errors of `below` are passed through; a bad bracket is a [`RootError`]
/// (converted into the caller's error type `E`).
///
/// Example: the upper end for √2 as the root of `x² − 2` on `[1, 2]`:
/// `root_bracket(|x: &f64| Ok::<_, RootError>(x * x < 2.0), Bracket::new(1.0, 2.0), &Stop::adjacent())?.hi`.
pub fn root_bracket<T, E, P>(mut below: P, bracket: Bracket<T>, stop: &Stop<T>) -> Result<Bracket<T>, E>
where
    T: Real,
    E: From<RootError>,
    P: FnMut(&T) -> Result<bool, E>,
{
    let Bracket { mut lo, mut hi, check_ends } = bracket;
    if lo.is_nan() || hi.is_nan() || lo > hi {
        return Err(RootError::InvalidBracket { lo: lo.to_f64(), hi: hi.to_f64() }.into());
    }
    if check_ends {
        let (below_lo, below_hi) = (below(&lo)?, below(&hi)?);
        if !below_lo || below_hi {
            return Err(RootError::NoSignChange { lo: lo.to_f64(), hi: hi.to_f64(), below_lo, below_hi }.into());
        }
    }
    let two = lo.cst(2.0);
    for _ in 0..stop.max_iter {
        let width = hi.clone() - lo.clone();
        let tol = match stop.combine {
            Combine::Sum => stop.abs.clone() + stop.rel.clone() * hi.abs(),
            Combine::Max => stop.abs.clone().max(stop.rel.clone() * hi.abs()),
        };
        if width <= tol {
            break;
        }
        let mid = match stop.midpoint {
            Midpoint::Arithmetic => (lo.clone() + hi.clone()) / two.clone(),
            Midpoint::FromLo => lo.clone() + width / two.clone(),
            Midpoint::Geometric => lo.sqrt() * hi.sqrt(),
            Midpoint::GeometricOfProduct => (lo.clone() * hi.clone()).sqrt(),
        };
        // Adjacent at the working precision (or a NaN midpoint): the bracket cannot shrink.
        if !(mid > lo && mid < hi) {
            break;
        }
        if below(&mid)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(Bracket { lo, hi, check_ends: false })
}

/// [`root_bracket`], returning the end on `side` (see [`Side`]).
pub fn root<T, E, P>(below: P, bracket: Bracket<T>, stop: &Stop<T>, side: Side) -> Result<T, E>
where
    T: Real,
    E: From<RootError>,
    P: FnMut(&T) -> Result<bool, E>,
{
    Ok(root_bracket(below, bracket, stop)?.end(side))
}

/// The same bisection on integers (grid indices, ordered bit patterns): for `below` true on
/// `[lo, r)` and false on `[r, hi]`, returns the adjacent pair `(r − 1, r)` as a bracket (or the
/// input bracket if it is already at most one wide). Midpoint `lo + (hi − lo)/2`.
pub fn root_index<E, P>(mut below: P, bracket: Bracket<i64>) -> Result<Bracket<i64>, E>
where
    E: From<RootError>,
    P: FnMut(i64) -> Result<bool, E>,
{
    let Bracket { mut lo, mut hi, check_ends } = bracket;
    if lo > hi {
        return Err(RootError::InvalidBracket { lo: lo as f64, hi: hi as f64 }.into());
    }
    if check_ends {
        let (below_lo, below_hi) = (below(lo)?, below(hi)?);
        if !below_lo || below_hi {
            return Err(RootError::NoSignChange { lo: lo as f64, hi: hi as f64, below_lo, below_hi }.into());
        }
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if below(mid)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(Bracket { lo, hi, check_ends: false })
}

/// Bisection on the bit patterns of a non-negative f64 bracket: for `below` true on `[lo, r)` and
/// false on `[r, hi]`, returns the adjacent f64s `(lo', hi')` with `below(lo')`, `!below(hi')`.
/// The order of non-negative f64s is the order of their bit patterns (IEEE 754-2019 §5.10,
/// totalOrder), so this is [`root_index`] on the patterns: at most 64 evaluations, and full
/// relative precision for roots of any size (e.g. a root at 4e−12 in `[0, 0.5]`, where the
/// arithmetic midpoint needs ~40 halvings just to reach its binade). `−0` is read as `+0`.
/// Errors: an end negative or NaN, `lo > hi`, or (for [`Bracket::new`]) no sign change.
pub fn root_bits<E, P>(mut below: P, bracket: Bracket<f64>) -> Result<Bracket<f64>, E>
where
    E: From<RootError>,
    P: FnMut(f64) -> Result<bool, E>,
{
    let Bracket { lo, hi, check_ends } = bracket;
    if !(lo >= 0.0 && hi >= lo) {
        return Err(RootError::InvalidBracket { lo, hi }.into());
    }
    // `+ 0.0` turns −0 into +0 (whose pattern is the smallest).
    let bits = |x: f64| (x + 0.0).to_bits() as i64;
    let b = Bracket { lo: bits(lo), hi: bits(hi), check_ends };
    let r = root_index(|i| below(f64::from_bits(i as u64)), b)?;
    Ok(Bracket { lo: f64::from_bits(r.lo as u64), hi: f64::from_bits(r.hi as u64), check_ends: false })
}

/// Direction of a monotone function for [`root_of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Monotone {
    /// Non-increasing `g`: `x` is below the root iff `g(x) > target` (so `g(hi) ≤ target`).
    Decreasing,
    /// Non-decreasing `g`: `x` is below the root iff `g(x) ≤ target` (so `g(hi) > target`).
    Increasing,
}

/// [`root_bracket`] for `g(x) = target` with a monotone `g` (see [`Monotone`] for which side of
/// the target each end is on). A NaN value of `g` is a [`RootError::NotANumber`].
pub fn root_of_bracket<T, E, G>(mut g: G, target: &T, monotone: Monotone, bracket: Bracket<T>, stop: &Stop<T>) -> Result<Bracket<T>, E>
where
    T: Real,
    E: From<RootError>,
    G: FnMut(&T) -> Result<T, E>,
{
    let below = |x: &T| -> Result<bool, E> {
        let v = g(x)?;
        if v.is_nan() {
            return Err(RootError::NotANumber { at: x.to_f64() }.into());
        }
        Ok(match monotone {
            Monotone::Decreasing => v > *target,
            Monotone::Increasing => v <= *target,
        })
    };
    root_bracket(below, bracket, stop)
}

/// [`root_of_bracket`], returning the end on `side`.
pub fn root_of<T, E, G>(g: G, target: &T, monotone: Monotone, bracket: Bracket<T>, stop: &Stop<T>, side: Side) -> Result<T, E>
where
    T: Real,
    E: From<RootError>,
    G: FnMut(&T) -> Result<T, E>,
{
    Ok(root_of_bracket(g, target, monotone, bracket, stop)?.end(side))
}

/// Find `hi` with `g(hi) ≤ target` by doubling the distance from `start` (at most 200 times),
/// for a non-increasing `g`. Returns `None` if no such point is found below `limit`.
pub fn expand_upper<G: FnMut(f64) -> f64>(mut g: G, start: f64, first_step: f64, target: f64, limit: f64) -> Option<f64> {
    let mut step = first_step.max(1e-12);
    let mut x = start + step;
    for _ in 0..200 {
        if g(x) <= target {
            return Some(x);
        }
        step *= 2.0;
        x = start + step;
        if x > limit {
            return if g(limit) <= target { Some(limit) } else { None };
        }
    }
    None
}

/// Golden-section search for the minimum of a unimodal `f` on `[a, b]`, `iters` shrink steps
/// (each by the factor 0.618…). Returns the better of the two final interior points `(x, f(x))`.
/// Non-unimodal `f`: the result is still a point with its true value (never a fabricated one),
/// so callers minimising an upper bound keep a valid bound.
pub fn golden_min<F: FnMut(f64) -> f64>(mut f: F, mut a: f64, mut b: f64, iters: usize) -> (f64, f64) {
    const G: f64 = 0.618_033_988_749_894_9; // (√5 − 1)/2
    let mut c = b - G * (b - a);
    let mut d = a + G * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..iters {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - G * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + G * (b - a);
            fd = f(d);
        }
    }
    if fc <= fd { (c, fc) } else { (d, fd) }
}

#[cfg(test)]
#[path = "root_test.rs"]
mod root_test;
