//! What a paper declares about its golden files, independent of how `golden/` reads, checks and
//! writes them: a [`Generator`] per file (rows from the MPFR oracle, recomputation of each row
//! by each [`Route`]) and the read access [`Inputs`] to one row's input columns.
//!
//! These types sit at the paper layer so that a paper's generators (in its own folder) never
//! import `golden/`; `golden/` re-exports them (`crate::golden::{Generator, Route, …}`).

use crate::error::{Error, Result};
use crate::num::fmt::parse_number;
use crate::num::Interval;

/// Precision (bits) of the oracle that generates golden values.
pub const GOLDEN_PREC: u32 = 256;

/// A way of recomputing a golden value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Route {
    /// The f64 production code (closed forms in `crate::mechanisms`).
    F64,
    /// The MPFR oracle `crate::exact` at [`GOLDEN_PREC`] bits.
    Exact,
    /// The certified FFT accountant (`crate::profile` with `Method::Fft`).
    Fft,
}

impl Route {
    pub const ALL: [Route; 3] = [Route::F64, Route::Exact, Route::Fft];

    pub fn name(&self) -> &'static str {
        match self {
            Route::F64 => "f64",
            Route::Exact => "exact",
            Route::Fft => "fft",
        }
    }

    /// Parse `f64`, `exact` or `fft`.
    pub fn parse(s: &str) -> Result<Route> {
        match s.trim().to_ascii_lowercase().as_str() {
            "f64" => Ok(Route::F64),
            "exact" => Ok(Route::Exact),
            "fft" => Ok(Route::Fft),
            _ => Err(Error::UnknownName { kind: "golden route".into(), name: s.into(), expected: "f64, exact, fft".into() }),
        }
    }
}

/// What a route produced for one compared column.
#[derive(Clone, Debug, PartialEq)]
pub enum RouteValue {
    Point(f64),
    Interval(Interval),
    /// The route does not cover this row (e.g. no f64 closed form for a fractional order).
    NotApplicable,
    /// The route failed with an error (counted as a regression).
    Failed(String),
}

/// Read access to the input columns of one row of a golden file.
pub struct Inputs<'a> {
    /// File path as shown in messages (`path:line`).
    pub path: &'a str,
    /// 1-based line of the row in the file.
    pub line: usize,
    pub header: &'a [String],
    pub fields: &'a [String],
}

impl Inputs<'_> {
    /// Numeric input column `name` (`inf`/`-inf` accepted), naming file:line on error.
    pub fn num(&self, name: &str) -> Result<f64> {
        let col = self.col(name)?;
        parse_number(&self.fields[col])
            .ok_or_else(|| self.error(format!("column '{}': '{}' is not a number", self.header[col], self.fields[col])))
    }
    /// Text input column `name`.
    pub fn text(&self, name: &str) -> Result<&str> {
        let col = self.col(name)?;
        Ok(self.fields[col].as_str())
    }
    fn col(&self, name: &str) -> Result<usize> {
        self.header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| Error::Parse { file: self.path.to_string(), line: 3, message: format!("missing column '{name}'") })
    }
    /// A parse error located at this row.
    pub fn error(&self, message: String) -> Error {
        Error::Parse { file: self.path.to_string(), line: self.line, message }
    }
}

/// One golden file and how to generate and check it.
#[derive(Clone, Copy)]
pub struct Generator {
    /// File name inside the golden directory (a paper's files live in `<paper key>/`).
    pub file: &'static str,
    /// First comment line (without `# `): source formula/route, precision, generator.
    pub source: &'static str,
    /// Second comment line (without `# tolerance: `), with the reason for each value in the
    /// generator's doc comment.
    pub tolerance: &'static str,
    pub header: &'static [&'static str],
    /// The compared (output) columns; every other column is an input.
    pub outputs: &'static [&'static str],
    /// Input columns holding text rather than numbers (e.g. `direction`).
    pub text_inputs: &'static [&'static str],
    /// All rows, computed with the oracle at [`GOLDEN_PREC`] bits, formatted for the file.
    pub rows: fn() -> Result<Vec<Vec<String>>>,
    /// Recompute the output columns of one row by one route (same order as `outputs`).
    pub recompute: fn(&Inputs, Route) -> Result<Vec<RouteValue>>,
}

/// Helpers every paper's generators share (`use crate::papers::golden_table::helpers::*`).
pub mod helpers {
    use super::{Inputs, RouteValue, GOLDEN_PREC};
    use crate::error::Result;
    use crate::num::fmt::format_number as fmt;
    use crate::num::Mp;

    /// `x` at the oracle's precision ([`GOLDEN_PREC`] bits).
    pub fn mp(x: f64) -> Mp {
        Mp::new(GOLDEN_PREC, x)
    }

    /// Read the numeric columns `names` of a row.
    pub fn read(inp: &Inputs, names: &[&str]) -> Result<Vec<f64>> {
        names.iter().map(|n| inp.num(n)).collect()
    }

    /// Rows = inputs followed by the oracle's outputs, formatted for the file.
    pub fn rows_of(inputs: &[Vec<f64>], oracle: fn(&[f64]) -> Result<Vec<f64>>) -> Result<Vec<Vec<String>>> {
        inputs
            .iter()
            .map(|x| {
                let out = oracle(x)?;
                Ok(x.iter().chain(&out).map(|v| fmt(*v)).collect())
            })
            .collect()
    }

    /// Point values of a route.
    pub fn points(v: Vec<f64>) -> Vec<RouteValue> {
        v.into_iter().map(RouteValue::Point).collect()
    }
}
