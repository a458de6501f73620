//! The registry of golden files: for each file, the function that generates its rows with the
//! MPFR oracle (`dpaudit golden regen`) and the function that recomputes its compared columns by
//! each route (`dpaudit golden check`).

use super::table::{GoldenRow, GoldenTable};
use crate::error::Result;
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
            _ => Err(crate::Error::UnknownName { kind: "golden route".into(), name: s.into(), expected: "f64, exact, fft".into() }),
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

/// Read access to the input columns of one row.
pub struct Inputs<'a> {
    pub table: &'a GoldenTable,
    pub row: &'a GoldenRow,
}

impl Inputs<'_> {
    /// Numeric input column `name`.
    pub fn num(&self, name: &str) -> Result<f64> {
        let col = self.col(name)?;
        self.table.number(self.row, col)
    }
    /// Text input column `name`.
    pub fn text(&self, name: &str) -> Result<&str> {
        let col = self.col(name)?;
        Ok(self.row.fields[col].as_str())
    }
    fn col(&self, name: &str) -> Result<usize> {
        self.table.column(name).ok_or_else(|| crate::Error::Parse {
            file: self.table.path.clone(),
            line: 3,
            message: format!("missing column '{name}'"),
        })
    }
    /// A parse error located at this row.
    pub fn error(&self, message: String) -> crate::Error {
        crate::Error::Parse { file: self.table.path.clone(), line: self.row.line, message }
    }
}

/// One golden file and how to generate and check it.
pub struct Generator {
    /// File name inside the golden directory.
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

/// Every registered golden file.
pub fn generators() -> &'static [Generator] {
    use super::gen_profiles::{GAUSSIAN_PROFILE, LAPLACE_PROFILE, RR_PROFILE, SGM_ONE_STEP};
    use super::gen_rdp_epsilon::{GAUSSIAN_EPSILON, SGM_RDP};
    use super::gen_model_merging as mm;
    static ALL: [Generator; 17] = [
        GAUSSIAN_PROFILE,
        LAPLACE_PROFILE,
        RR_PROFILE,
        SGM_ONE_STEP,
        SGM_RDP,
        GAUSSIAN_EPSILON,
        // DP Model Merging (golden/model_merging/)
        mm::PROP_3_1,
        mm::LEMMA_4_1_THM_4_2,
        mm::THM_5_1_ALG_1,
        mm::THM_5_2_ALG_2,
        mm::THM_6_1,
        mm::THM_6_2_ALG_3,
        mm::LEMMA_6_3,
        mm::THM_6_4,
        mm::COR_6_5_ALG_4,
        mm::PROP_7_1,
        mm::DEF_2_1,
    ];
    &ALL
}

/// The generator for a file name, if registered.
pub fn find(file: &str) -> Option<&'static Generator> {
    generators().iter().find(|g| g.file == file)
}
