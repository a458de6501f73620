//! `dpaudit._dpaudit`: the compiled half of the Python package (issue 12, "A Python entry for
//! accountants' test suites"). A thin binding: a claims CSV in (the format of `docs/claims.md`),
//! the JSON array of `dpaudit claims --json` out — [`dpaudit::claims::parse_claims`], then
//! [`dpaudit::claims::audit_claims_with`], then [`dpaudit::claims::report::to_json`]. Everything
//! else (events, the `Verdict` class, `assert_sound`) is pure Python in `python/dpaudit/`.
//!
//! The audit runs with the GIL released; Ctrl-C (a pending `KeyboardInterrupt`) stops it through
//! the engine's interruption flag and is re-raised.

use dpaudit::claims::{audit_claims_with, parse_claims, report, ClaimOptions};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// A library error as the Python `ValueError("dpaudit: …")` (bad input, unsupported claim).
fn value_error(e: dpaudit::Error) -> PyErr {
    PyValueError::new_err(format!("dpaudit: {e}"))
}

/// Parse and validate a claims CSV; returns the number of claims (`ValueError` naming the line
/// and column of the first malformed row otherwise).
#[pyfunction]
fn _parse_csv(text: &str) -> PyResult<usize> {
    parse_claims(text, "claims").map(|c| c.len()).map_err(value_error)
}

/// Audit every claim of a claims CSV; returns the JSON array of `dpaudit claims --json` (one
/// object per row, input order). Options as `dpaudit claims` (`docs/claims.md`).
#[pyfunction]
#[pyo3(signature = (text, confidence=0.999, time_budget=60.0, tolerance=1e-9, seed=0, monte_carlo=false, precision=256))]
#[allow(clippy::too_many_arguments)]
fn _audit_csv(py: Python<'_>, text: &str, confidence: f64, time_budget: f64, tolerance: f64, seed: u64, monte_carlo: bool, precision: u32) -> PyResult<String> {
    let claims = parse_claims(text, "claims").map_err(value_error)?;
    let opts = ClaimOptions { confidence, time_budget, tolerance, seed, monte_carlo, precision, ..ClaimOptions::default() };
    opts.validate().map_err(value_error)?;
    let interrupt = AtomicBool::new(false);
    let mut signal: Option<PyErr> = None;
    let outcome = py.detach(|| {
        std::thread::scope(|s| {
            let worker = s.spawn(|| audit_claims_with(&claims, &opts, &interrupt));
            while !worker.is_finished() {
                std::thread::sleep(Duration::from_millis(50));
                if signal.is_none() {
                    if let Err(e) = Python::attach(|py| py.check_signals()) {
                        signal = Some(e);
                        interrupt.store(true, Ordering::SeqCst);
                    }
                }
            }
            worker.join()
        })
    });
    if let Some(e) = signal {
        return Err(e);
    }
    match outcome {
        Ok(Ok(verdicts)) => Ok(report::to_json(&verdicts).to_string()),
        Ok(Err(e)) => Err(value_error(e)),
        Err(_) => Err(PyRuntimeError::new_err("dpaudit: the audit panicked (a bug in dpaudit; please report the claim)")),
    }
}

/// Version of the dpaudit crate this module was built from.
#[pyfunction]
fn _version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _dpaudit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_parse_csv, m)?)?;
    m.add_function(wrap_pyfunction!(_audit_csv, m)?)?;
    m.add_function(wrap_pyfunction!(_version, m)?)?;
    Ok(())
}
