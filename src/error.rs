//! Typed errors. Every variant names the offending parameter, value, or file and line, so that
//! the binary can print one clear line (`dpaudit: <reason>`) and exit with status 2.

use thiserror::Error;

/// The library's error type. Invalid input is always reported through this enum, never by a
/// panic, a NaN or a silently clamped number.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum Error {
    /// A numeric parameter outside its valid domain, e.g. `σ ≤ 0`, `q ∉ [0, 1]`, `δ ∉ (0, 1)`.
    #[error("invalid {name} = {value}: {reason}")]
    InvalidParameter { name: String, value: String, reason: String },
    /// A mechanism, method or accountant name that dpaudit does not know.
    #[error("unknown {kind} '{name}' (expected one of: {expected})")]
    UnknownName { kind: String, name: String, expected: String },
    /// A malformed input file (TOML audit spec, CSV golden or claims file).
    #[error("{file}:{line}: {message}")]
    Parse { file: String, line: usize, message: String },
    /// An I/O failure, with the path involved.
    #[error("{path}: {message}")]
    Io { path: String, message: String },
    /// A requested combination that the method does not support (e.g. exact T-fold composition
    /// of the subsampled Gaussian, which has no closed form).
    #[error("not supported: {0}")]
    Unsupported(String),
    /// A numerical procedure could not reach the accuracy needed to return a certified value.
    #[error("numerical failure: {0}")]
    Numerical(String),
    /// Parameters a computation needs were not given (`what` names it, e.g. a paper's result).
    #[error("missing parameter(s) of {what}: {names}{hint}")]
    MissingParameters { what: String, names: String, hint: String },
    /// The run was interrupted (Ctrl-C) before it finished.
    #[error("interrupted")]
    Interrupted,
}

/// Result alias used across the crate.
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// Convenience constructor for [`Error::InvalidParameter`].
    pub fn invalid(name: &str, value: impl std::fmt::Display, reason: &str) -> Self {
        Error::InvalidParameter { name: name.to_string(), value: value.to_string(), reason: reason.to_string() }
    }
}

/// Validation helpers used at API boundaries. Each returns the value unchanged when valid.
pub mod check {
    use super::{Error, Result};

    /// A finite, strictly positive real (noise multipliers, sensitivities, scales).
    pub fn positive(name: &str, x: f64) -> Result<f64> {
        if x.is_finite() && x > 0.0 { Ok(x) } else { Err(Error::invalid(name, x, "must be a finite number > 0")) }
    }
    /// A probability in the closed interval [0, 1] (sampling rates).
    pub fn unit_closed(name: &str, x: f64) -> Result<f64> {
        if (0.0..=1.0).contains(&x) { Ok(x) } else { Err(Error::invalid(name, x, "must lie in [0, 1]")) }
    }
    /// A probability in the open interval (0, 1) (δ targets, confidence levels).
    pub fn unit_open(name: &str, x: f64) -> Result<f64> {
        if x > 0.0 && x < 1.0 { Ok(x) } else { Err(Error::invalid(name, x, "must lie in the open interval (0, 1)")) }
    }
    /// A finite real number (ε may be negative).
    pub fn finite(name: &str, x: f64) -> Result<f64> {
        if x.is_finite() { Ok(x) } else { Err(Error::invalid(name, x, "must be a finite number")) }
    }
    /// A count ≥ 1 (number of composed steps).
    pub fn at_least_one(name: &str, n: u64) -> Result<u64> {
        if n >= 1 { Ok(n) } else { Err(Error::invalid(name, n, "must be at least 1")) }
    }
}
