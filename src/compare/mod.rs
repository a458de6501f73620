//! `dpaudit compare` (issue 13, fourth bullet): a side-by-side tightness and runtime benchmark of
//! ε(δ) accountants for the Poisson-subsampled Gaussian — what a maintainer runs before a
//! release. Documented for users in `docs/compare.md`.
//!
//! Pipeline: a workload file ([`workloads`]) → the interleaved run of dpaudit's certified FFT
//! accountant and the installed Python accountants ([`engine`], [`runner`]) → per workload and
//! accountant the value, its verdict against dpaudit's certified interval, tightness and runtime
//! ([`judge`], [`result`]) → Markdown + JSON ([`report`]) and SVG ([`plot`]) as bytes; the
//! caller writes them all or nothing ([`crate::outfiles`]).
//!
//! Layer: beside `golden`/`audit` (uses `pld`, `claims::verdict`, `audit::plots`).

pub mod engine;
pub mod judge;
pub mod machine;
pub mod plot;
pub mod report;
pub mod result;
pub mod runner;
pub mod workloads;

pub use engine::{compare, CompareRequest};
pub use result::CompareReport;
pub use runner::Accountant;
pub use workloads::{Workload, WorkloadSet, DEFAULT_WORKLOADS};

#[cfg(test)]
mod fixture_test;
