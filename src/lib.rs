//! # dpaudit — is a differential-privacy accountant's claim sound, and how tight is it?
//!
//! dpaudit holds reference implementations of privacy bounds, evaluated in `f64` and in
//! arbitrary precision (MPFR via `rug`), and cross-checks each quantity three independent ways:
//!
//! 1. **exact** — closed forms and quadrature in MPFR, returned as an interval ([`exact`]);
//! 2. **FFT PLD** — certified pessimistic/optimistic discretisation and FFT composition ([`pld`]);
//! 3. **Monte Carlo** — sampling of the privacy-loss random variable with finite-sample
//!    confidence bounds ([`mc`]).
//!
//! A fourth certified route, **characteristic-function inversion** ([`cf`]), covers the Gaussian
//! and the subsampled Gaussian at a cost that does not grow with the number of steps.
//!
//! ## Layers (each imports only from layers above it in this list)
//! ```text
//! error, outfiles  typed errors; all-or-nothing writing of result files (used by every layer)
//! num        Real trait (f64 / MPFR), special functions, quadrature, roots, Interval
//! repr       RDP curves, privacy profiles, trade-off functions, GDP, conversions
//! mechanisms privacy-loss laws of the standard mechanisms, exact closed forms
//! pld, mc, cf FFT privacy-loss distributions; Monte Carlo engine; characteristic-function inversion
//! profile    the three-way evaluation of δ(ε) / ε(δ) for one mechanism
//! claims     other accountants' (ε, δ) claims in, certified verdicts out
//! papers     one folder per paper: its bounds, audit points and a registry (`dpaudit list`)
//! golden     golden-file reading, comparison and regeneration
//! audit      audit specs, plans, engine, reports
//! compare    side-by-side tightness and runtime of accountants (beside golden/audit)
//! cli        argument parsing and dispatch (the binary is a thin shell over this)
//! ```
//!
//! ## Soundness conventions
//! * A quantity reported as an **upper** bound on privacy loss (δ or ε) is rounded towards more
//!   loss; a **lower** bound towards less. Directions are carried by [`num::Interval`] and by
//!   function names (`add_up`, `to_f64_up`), with a comment on every line that picks one.
//! * Monte Carlo intervals hold with a stated confidence, not with certainty; they are reported
//!   separately from certified intervals and never used to call a claim sound.
//! * Invalid input is an [`error::Error`], never a panic or a NaN.

pub mod error;
pub mod outfiles;
pub mod worker;
pub mod num;
pub mod repr;
pub mod mechanisms;
pub mod pld;
pub mod mc;
pub mod cf;
pub mod exact;
pub mod profile;
pub mod claims;
pub mod golden;
pub mod audit;
pub mod compare;
pub mod papers;
pub mod cli;

#[cfg(test)]
mod conformance_test;

pub use error::{Error, Result};
