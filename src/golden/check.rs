//! Comparing a golden file against the code: every compared column of every row is recomputed by
//! each route (f64 production code, the MPFR oracle, the certified FFT accountant) and checked
//! against the stored 256-bit value within the file's tolerance.
//!
//! Rule: a *point* result passes when `|got − expected| ≤ tol(expected)`; an *interval* result
//! (exact, fft) passes when `lower − tol ≤ expected ≤ upper + tol`, i.e. the certified interval
//! contains the stored value up to the tolerance that covers the value's rounding to f64.

use super::registry::{Generator, Inputs, Route, RouteValue};
use super::table::GoldenTable;
use super::tolerance::Tolerance;
use crate::error::{Error, Result};
use std::path::Path;

/// One failed comparison, with everything needed to print `file:line column …`.
#[derive(Clone, Debug, PartialEq)]
pub struct Regression {
    pub file: String,
    pub line: usize,
    pub column: String,
    pub route: Route,
    pub expected: f64,
    /// The recomputed value: a number, an interval `[lo, hi]`, or `error: …`.
    pub got: String,
    pub tolerance: Tolerance,
}

impl std::fmt::Display for Regression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}:{}: column {} ({} route): expected {:e}, got {}, tolerance {}",
            self.file,
            self.line,
            self.column,
            self.route.name(),
            self.expected,
            self.got,
            self.tolerance
        )
    }
}

/// Totals of a check run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CheckSummary {
    pub files: usize,
    pub rows: usize,
    /// Comparisons made (row × column × route that applies).
    pub comparisons: usize,
    /// Comparisons skipped because a route does not apply to the row (e.g. no closed form).
    pub skipped: usize,
    pub regressions: Vec<Regression>,
}

/// Check one parsed golden table against its generator on the given routes.
pub fn check_table(gen: &Generator, table: &GoldenTable, routes: &[Route], summary: &mut CheckSummary) -> Result<()> {
    let header: Vec<&str> = table.header.iter().map(String::as_str).collect();
    if header != gen.header {
        return Err(Error::Parse {
            file: table.path.clone(),
            line: 3,
            message: format!("header '{}' does not match the generator's '{}'", header.join(","), gen.header.join(",")),
        });
    }
    let compared = table.tolerances.columns();
    for col in gen.outputs {
        if !compared.contains(col) {
            return Err(Error::Parse { file: table.path.clone(), line: 2, message: format!("no tolerance given for output column '{col}'") });
        }
    }
    summary.files += 1;
    for row in &table.rows {
        summary.rows += 1;
        let inputs = Inputs { path: &table.path, line: row.line, header: &table.header, fields: &row.fields };
        let expected: Vec<f64> = gen
            .outputs
            .iter()
            .map(|c| table.number(row, table.column(c).expect("header checked above")))
            .collect::<Result<_>>()?;
        // Validate the inputs once (a malformed input is a file error, not a regression).
        for (i, name) in gen.header.iter().enumerate() {
            if !gen.outputs.contains(name) && gen.text_inputs.iter().all(|t| t != name) {
                table.number(row, i)?;
            }
        }
        for &route in routes {
            let got = match (gen.recompute)(&inputs, route) {
                Ok(v) => v,
                Err(Error::Parse { file, line, message }) => return Err(Error::Parse { file, line, message }),
                Err(Error::Unsupported(_)) => vec![RouteValue::NotApplicable; gen.outputs.len()],
                Err(e) => vec![RouteValue::Failed(e.to_string()); gen.outputs.len()],
            };
            for ((col, &exp), value) in gen.outputs.iter().zip(&expected).zip(got) {
                let tol = table.tolerances.get(col, route.name()).expect("checked above");
                let allowed = tol.allowed(exp);
                let (ok, shown) = match value {
                    RouteValue::NotApplicable => {
                        summary.skipped += 1;
                        continue;
                    }
                    RouteValue::Point(x) => (x == exp || (x - exp).abs() <= allowed, format!("{x:e}")),
                    RouteValue::Interval(iv) => (
                        exp == iv.lower || exp == iv.upper || (iv.lower - allowed <= exp && exp <= iv.upper + allowed),
                        format!("[{:e}, {:e}]", iv.lower, iv.upper),
                    ),
                    RouteValue::Failed(msg) => (false, format!("error: {msg}")),
                };
                summary.comparisons += 1;
                if !ok {
                    summary.regressions.push(Regression {
                        file: table.path.clone(),
                        line: row.line,
                        column: col.to_string(),
                        route,
                        expected: exp,
                        got: shown,
                        tolerance: tol,
                    });
                }
            }
        }
    }
    Ok(())
}

/// Check every registered golden file in `dir` on the given routes. A registered file that is
/// missing or malformed is an error (exit 2), a value outside tolerance a [`Regression`] (exit 1).
pub fn check_dir(dir: &Path, routes: &[Route]) -> Result<CheckSummary> {
    if !dir.is_dir() {
        return Err(Error::Io { path: dir.display().to_string(), message: "golden directory not found".into() });
    }
    let mut summary = CheckSummary::default();
    for gen in super::registry::generators() {
        let table = GoldenTable::read(&dir.join(gen.file))?;
        check_table(gen, &table, routes, &mut summary)?;
    }
    Ok(summary)
}
