//! `dpaudit._dpaudit`: the compiled half of the Python package (issue 12, "A Python entry for
//! accountants' test suites"). A thin binding: a claims CSV in (the format of `docs/claims.md`),
//! the JSON array of `dpaudit claims --json` out — [`dpaudit::claims::parse_claims`], then
//! [`dpaudit::claims::audit_claims_with`], then [`dpaudit::claims::report::to_json`]. Everything
//! else (events, the `Verdict` class, `assert_sound`) is pure Python in `python/dpaudit/`.
//! Issue 24 adds the result cards: `_evaluate` (one result of a paper by name, the JSON of
//! `dpaudit eval --json`) and `_results` (every card, `dpaudit eval --list --json`).
//!
//! The audit runs with the GIL released; Ctrl-C (a pending `KeyboardInterrupt`) stops it through
//! the engine's interruption flag and is re-raised.

use dpaudit::claims::{audit_claims_with, parse_claims, report, ClaimOptions};
use dpaudit::papers::card::{evaluate, listing, EvalOptions};
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
    let verdicts = interruptible(py, &interrupt, || audit_claims_with(&claims, &opts, &interrupt))?;
    Ok(report::to_json(&verdicts).to_string())
}

/// Evaluate one result card (`dpaudit eval PAPER RESULT NAME=VALUE …`): `params` is a JSON
/// object of name → value text; returns the JSON object of `dpaudit eval --json`. Runs with the
/// GIL released; Ctrl-C stops it (the `KeyboardInterrupt` is re-raised).
#[pyfunction]
#[pyo3(signature = (paper, result, params, precision=None, width=None))]
fn _evaluate(py: Python<'_>, paper: &str, result: &str, params: &str, precision: Option<u32>, width: Option<f64>) -> PyResult<String> {
    let given: Vec<(String, String)> = serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(params)
        .map_err(|e| PyValueError::new_err(format!("dpaudit: parameters are not a JSON object: {e}")))?
        .into_iter()
        .map(|(k, v)| (k, v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())))
        .collect();
    let opts = EvalOptions { precision, width };
    let interrupt = AtomicBool::new(false);
    let ev = interruptible(py, &interrupt, || evaluate(paper, result, &given, &opts, &interrupt))?;
    Ok(serde_json::to_string(&ev).unwrap_or_default())
}

/// Every result card (`dpaudit eval --list --json`), as a JSON array.
#[pyfunction]
fn _results() -> PyResult<String> {
    let cards = listing(None, None).map_err(value_error)?;
    Ok(serde_json::to_string(&cards).unwrap_or_default())
}

/// Run `work` on a worker thread with the GIL released, polling for Ctrl-C every 50 ms (which
/// sets `interrupt`); a library error becomes `ValueError("dpaudit: …")`, a panic `RuntimeError`.
fn interruptible<T: Send>(py: Python<'_>, interrupt: &AtomicBool, work: impl FnOnce() -> dpaudit::Result<T> + Send) -> PyResult<T> {
    let mut signal: Option<PyErr> = None;
    let outcome = py.detach(|| {
        std::thread::scope(|s| {
            let worker = s.spawn(work);
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
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(value_error(e)),
        Err(_) => Err(PyRuntimeError::new_err("dpaudit: the computation panicked (a bug in dpaudit; please report the input)")),
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
    m.add_function(wrap_pyfunction!(_evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(_results, m)?)?;
    m.add_function(wrap_pyfunction!(_version, m)?)?;
    Ok(())
}
