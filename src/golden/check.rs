//! Comparing a golden file against the code: every compared column of every row is recomputed by
//! each route (f64 production code, the MPFR oracle, the certified FFT accountant) and checked
//! against the stored 256-bit value within the file's tolerance.
//!
//! Rule: a *point* result passes when `|got − expected| ≤ tol(expected)`; an *interval* result
//! (exact, fft) passes when `lower − tol ≤ expected ≤ upper + tol`, i.e. the certified interval
//! contains the stored value up to the tolerance that covers the value's rounding to f64.
//!
//! Independent anchors ([`super::anchors`]): the stored value of an anchored row must agree with
//! the anchor within the anchor file's tolerance, and every route's value with the anchor within
//! the route's tolerance plus the anchor's (the same point / interval rule).

use super::anchors::{expected_line, Anchor, AnchorTable};
use super::registry::{Generator, Inputs, Route, RouteValue};
use super::table::{GoldenRow, GoldenTable};
use super::tolerance::Tolerance;
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::path::Path;

/// One failed comparison, with everything needed to print `file:line column …`.
#[derive(Clone, Debug, PartialEq)]
pub struct Regression {
    pub file: String,
    pub line: usize,
    pub column: String,
    /// The route that recomputed the value; `None` when the stored value itself was compared
    /// against an independent anchor.
    pub route: Option<Route>,
    /// The independent anchor compared against (`anchor file:line`); `None` for a route checked
    /// against the stored value.
    pub anchor: Option<String>,
    /// The reference: the stored value, or the anchor's value when `anchor` is set.
    pub expected: f64,
    /// The recomputed (or stored) value: a number, an interval `[lo, hi]`, or `error: …`.
    pub got: String,
    pub tolerance: Tolerance,
}

impl std::fmt::Display for Regression {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match (&self.route, &self.anchor) {
            (Some(r), None) => format!("{} route", r.name()),
            (Some(r), Some(a)) => format!("{} route vs anchor {a}", r.name()),
            (None, Some(a)) => format!("stored value vs anchor {a}"),
            (None, None) => "stored value".to_string(),
        };
        write!(f, "{}:{}: column {} ({what}): expected {:e}, got {}, tolerance {}", self.file, self.line, self.column, self.expected, self.got, self.tolerance)
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
    /// Comparisons against independent anchors (stored values and live routes).
    pub anchor_comparisons: usize,
    pub regressions: Vec<Regression>,
}

impl CheckSummary {
    /// Add the totals of `other` (regressions appended in order).
    pub fn merge(&mut self, other: CheckSummary) {
        self.files += other.files;
        self.rows += other.rows;
        self.comparisons += other.comparisons;
        self.skipped += other.skipped;
        self.anchor_comparisons += other.anchor_comparisons;
        self.regressions.extend(other.regressions);
    }
}

/// Does `value` (a route's result) agree with `expected` within `allowed`? Also its text.
fn agrees(value: &RouteValue, expected: f64, allowed: f64) -> Option<(bool, String)> {
    match value {
        RouteValue::NotApplicable => None,
        RouteValue::Point(x) => Some((*x == expected || (x - expected).abs() <= allowed, format!("{x:e}"))),
        RouteValue::Interval(iv) => Some((
            expected == iv.lower || expected == iv.upper || (iv.lower - allowed <= expected && expected <= iv.upper + allowed),
            format!("[{:e}, {:e}]", iv.lower, iv.upper),
        )),
        RouteValue::Failed(msg) => Some((false, format!("error: {msg}"))),
    }
}

/// Recompute one row's outputs by one route.
fn recompute(gen: &Generator, inputs: &Inputs, route: Route) -> Result<Vec<RouteValue>> {
    match (gen.recompute)(inputs, route) {
        Ok(v) => Ok(v),
        Err(Error::Parse { file, line, message }) => Err(Error::Parse { file, line, message }),
        Err(Error::Unsupported(_)) => Ok(vec![RouteValue::NotApplicable; gen.outputs.len()]),
        Err(e) => Ok(vec![RouteValue::Failed(e.to_string()); gen.outputs.len()]),
    }
}

/// Check one parsed golden table against its generator on the given routes (no anchors; see
/// [`check_file`] for the full check of a file in a golden directory).
pub fn check_table(gen: &Generator, table: &GoldenTable, routes: &[Route], summary: &mut CheckSummary) -> Result<()> {
    check_table_anchored(gen, table, None, routes, summary)
}

/// [`check_table`] plus the comparisons against independent anchors: the stored value of every
/// anchored row within the anchor tolerance, every route's value within the route's tolerance plus
/// the anchor's, and the extra anchor rows (no golden row) on every route. Rows are checked in
/// parallel; regressions are reported in file order.
pub fn check_table_anchored(gen: &Generator, table: &GoldenTable, anchors: Option<&AnchorTable>, routes: &[Route], summary: &mut CheckSummary) -> Result<()> {
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
    // anchors per golden row, and the extra anchors (no golden row)
    let mut per_row: Vec<Vec<&Anchor>> = vec![Vec::new(); table.rows.len()];
    let mut extra: Vec<&Anchor> = Vec::new();
    if let Some(at) = anchors {
        let matched = at.match_rows(gen, table.rows.iter().map(|r| r.fields.as_slice()));
        for (a, m) in at.anchors.iter().zip(matched) {
            match m {
                Some(i) => per_row[i].push(a),
                None => extra.push(a),
            }
        }
    }
    let outcomes: Vec<Result<CheckSummary>> = table.rows.par_iter().zip(&per_row).map(|(row, anc)| check_row(gen, table, row, anc, anchors, routes)).collect();
    for o in outcomes {
        summary.merge(o?);
    }
    if let Some(at) = anchors {
        // extra rows: one synthetic row per distinct key, located in the anchor file
        let pseudo = GoldenTable { path: at.path.clone(), rows: Vec::new(), ..table.clone() };
        let mut groups: Vec<(GoldenRow, Vec<&Anchor>)> = Vec::new();
        let keys = super::anchors::key_columns(gen);
        for a in extra {
            let mut fields: Vec<String> = gen.header.iter().map(|_| "0".to_string()).collect();
            for (k, v) in keys.iter().zip(&a.key) {
                fields[gen.header.iter().position(|h| h == k).expect("key column")] = v.clone();
            }
            match groups.iter_mut().find(|(r, _)| r.fields == fields) {
                Some((_, g)) => g.push(a),
                None => groups.push((GoldenRow { line: a.line, fields }, vec![a])),
            }
        }
        let outcomes: Vec<Result<CheckSummary>> = groups.par_iter().map(|(row, anc)| check_extra_row(gen, &pseudo, row, anc, at, routes)).collect();
        for o in outcomes {
            summary.merge(o?);
        }
    }
    Ok(())
}

/// One golden row: every route against the stored values and against the row's anchors.
fn check_row(gen: &Generator, table: &GoldenTable, row: &GoldenRow, anchors: &[&Anchor], at: Option<&AnchorTable>, routes: &[Route]) -> Result<CheckSummary> {
    let mut s = CheckSummary { rows: 1, ..CheckSummary::default() };
    let inputs = Inputs { path: &table.path, line: row.line, header: &table.header, fields: &row.fields };
    let expected: Vec<f64> = gen.outputs.iter().map(|c| table.number(row, table.column(c).expect("header checked above"))).collect::<Result<_>>()?;
    // Validate the inputs once (a malformed input is a file error, not a regression).
    validate_inputs(gen, table, row)?;
    // the stored values against the anchors
    for a in anchors {
        let at = at.expect("anchors come from an anchor table");
        let col = gen.outputs.iter().position(|c| *c == a.column).expect("anchor columns are outputs");
        let tol = at.tolerance(&a.column);
        s.anchor_comparisons += 1;
        let stored = expected[col];
        if !(stored == a.value || (stored - a.value).abs() <= tol.allowed(a.value)) {
            s.regressions.push(Regression {
                file: table.path.clone(),
                line: row.line,
                column: a.column.clone(),
                route: None,
                anchor: Some(format!("{}:{}", at.path, a.line)),
                expected: a.value,
                got: format!("{stored:e}"),
                tolerance: tol,
            });
        }
    }
    for &route in routes {
        let got = recompute(gen, &inputs, route)?;
        for ((col, &exp), value) in gen.outputs.iter().zip(&expected).zip(&got) {
            let tol = table.tolerances.get(col, route.name()).expect("checked above");
            let Some((ok, shown)) = agrees(value, exp, tol.allowed(exp)) else {
                s.skipped += 1;
                continue;
            };
            s.comparisons += 1;
            if !ok {
                s.regressions.push(Regression { file: table.path.clone(), line: row.line, column: col.to_string(), route: Some(route), anchor: None, expected: exp, got: shown.clone(), tolerance: tol });
            }
            for a in anchors.iter().filter(|a| a.column == *col) {
                let at = at.expect("anchors come from an anchor table");
                if let Some(r) = anchor_regression(table, row.line, col, route, value, a, at, tol) {
                    s.regressions.push(r);
                }
                s.anchor_comparisons += 1;
            }
        }
    }
    Ok(s)
}

/// A live route's value against an anchor, within the route's tolerance plus the anchor's.
#[allow(clippy::too_many_arguments)]
fn anchor_regression(table: &GoldenTable, line: usize, col: &str, route: Route, value: &RouteValue, a: &Anchor, at: &AnchorTable, route_tol: Tolerance) -> Option<Regression> {
    let at_tol = at.tolerance(col);
    let tol = Tolerance { rel: route_tol.rel + at_tol.rel, abs: route_tol.abs + at_tol.abs };
    let (ok, shown) = agrees(value, a.value, tol.allowed(a.value))?;
    (!ok).then(|| Regression { file: table.path.clone(), line, column: col.to_string(), route: Some(route), anchor: Some(format!("{}:{}", at.path, a.line)), expected: a.value, got: shown, tolerance: tol })
}

/// An extra anchor row (no golden row): every route against the anchors.
fn check_extra_row(gen: &Generator, pseudo: &GoldenTable, row: &GoldenRow, anchors: &[&Anchor], at: &AnchorTable, routes: &[Route]) -> Result<CheckSummary> {
    let mut s = CheckSummary::default();
    let inputs = Inputs { path: &pseudo.path, line: row.line, header: &pseudo.header, fields: &row.fields };
    for &route in routes {
        let got = recompute(gen, &inputs, route)?;
        for (col, value) in gen.outputs.iter().zip(&got) {
            let tol = pseudo.tolerances.get(col, route.name()).expect("checked above");
            for a in anchors.iter().filter(|a| a.column == *col) {
                if matches!(value, RouteValue::NotApplicable) {
                    continue;
                }
                s.anchor_comparisons += 1;
                if let Some(r) = anchor_regression(pseudo, a.line, col, route, value, a, at, tol) {
                    s.regressions.push(r);
                }
            }
        }
    }
    Ok(s)
}

/// Every numeric input field of `row` parses (a malformed input is a file error naming its line,
/// not a regression).
fn validate_inputs(gen: &Generator, table: &GoldenTable, row: &GoldenRow) -> Result<()> {
    for (i, name) in gen.header.iter().enumerate() {
        if !gen.outputs.contains(name) && gen.text_inputs.iter().all(|t| t != name) {
            table.number(row, i)?;
        }
    }
    Ok(())
}

/// Check one registered golden file of the directory `dir`: read it and its anchor file (both
/// required), require its `# anchors:` line to be current, and compare everything.
pub fn check_file(dir: &Path, gen: &Generator, routes: &[Route], summary: &mut CheckSummary) -> Result<()> {
    let table = GoldenTable::read(&dir.join(gen.file))?;
    let anchors = AnchorTable::read(dir, gen)?;
    // A malformed row is reported at its own line before the anchors line is judged (a corrupted
    // key would otherwise surface only as a stale `# anchors:` line).
    if table.header.iter().map(String::as_str).eq(gen.header.iter().copied()) {
        for row in &table.rows {
            validate_inputs(gen, &table, row)?;
            for c in gen.outputs {
                table.number(row, table.column(c).expect("header checked above"))?;
            }
        }
    }
    let expected = expected_line(gen, &table, &anchors);
    if table.anchors.as_deref() != Some(expected.as_str()) {
        let found = table.anchors.as_deref().map(|a| format!("'# {a}'")).unwrap_or_else(|| "no '# anchors:' line".into());
        return Err(Error::Parse { file: table.path.clone(), line: 3, message: format!("{found} does not describe {}; expected '# {expected}' (run dpaudit golden regen)", anchors.path) });
    }
    check_table_anchored(gen, &table, Some(&anchors), routes, summary)
}

/// Check every registered golden file in `dir` on the given routes, files in parallel. A
/// registered file (or its anchor file) that is missing or malformed is an error (exit 2; the
/// first in registry order is reported), a value outside tolerance a [`Regression`] (exit 1).
pub fn check_dir(dir: &Path, routes: &[Route]) -> Result<CheckSummary> {
    if !dir.is_dir() {
        return Err(Error::Io { path: dir.display().to_string(), message: "golden directory not found".into() });
    }
    let outcomes: Vec<Result<CheckSummary>> = super::registry::generators()
        .par_iter()
        .map(|gen| {
            let mut s = CheckSummary::default();
            check_file(dir, gen, routes, &mut s).map(|_| s)
        })
        .collect();
    let mut summary = CheckSummary::default();
    for o in outcomes {
        summary.merge(o?);
    }
    Ok(summary)
}
