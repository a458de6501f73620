//! Numeric core: the [`Real`] trait (f64 and MPFR), stable special functions, quadrature, root
//! finding, and rounding-direction-aware bound types. Lowest layer: imports nothing from dpaudit.

pub mod bound;
pub mod fmt;
pub mod mp;
pub mod quad;
pub mod real;
pub mod root;
pub mod round;
pub mod special;

#[cfg(test)]
mod special_test;

pub use bound::Interval;
pub use mp::{Mp, DEFAULT_PREC};
pub use real::Real;
