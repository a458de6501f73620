//! Independent anchors of the golden files: reference values computed *outside* dpaudit's code
//! path — mpmath at 60 digits by the scripts under `golden/anchors/` (written from the spec and
//! paper formulas, run by hand), closed forms, or numbers printed in a paper — one anchor file per
//! golden file, at the same relative path under `golden/anchors/`.
//!
//! ```text
//! # anchors: mpmath 60 digits; literal enumeration of eq. (9) …; script golden/anchors/…
//! # tolerance: step_rdp=rel:1e-13, alg3_eps=rel:1e-13
//! q1,q2,sigma1,sigma2,lambda1,alpha,steps,delta,column,value,source
//! 0.01,0.02,1,2,0.5,2,1000,1e-5,step_rdp,0.0001998364980037271…,literal enumeration …
//! ```
//!
//! The key columns are every non-output column of the golden file, in its order. An anchor whose
//! key equals a golden row's (numerically; text columns as text) *anchors* that row: `golden check`
//! compares the stored value with the anchor within the anchor file's tolerance, and every live
//! route with the anchor within the route's tolerance plus the anchor's. An anchor without a
//! matching golden row is an *extra* row, compared with the live routes only. The golden file's
//! third comment line ([`header_line`]) says which rows are anchored and by what; `golden regen`
//! writes it, `golden check` requires it to be current.

use super::registry::Generator;
use super::table::{parse_number, GoldenTable};
use super::tolerance::{Tolerance, Tolerances};
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// Sub-folder of the golden directory holding the anchor files and the scripts that made them.
pub const ANCHOR_DIR: &str = "anchors";

/// One anchored value.
#[derive(Clone, Debug, PartialEq)]
pub struct Anchor {
    /// 1-based line in the anchor file.
    pub line: usize,
    /// The key fields (the golden file's non-output columns, in order).
    pub key: Vec<String>,
    /// The output column anchored.
    pub column: String,
    pub value: f64,
    /// How this value was computed (free text).
    pub source: String,
}

/// A parsed anchor file.
#[derive(Clone, Debug, PartialEq)]
pub struct AnchorTable {
    pub path: String,
    /// Text after `# anchors: ` — how the values were computed.
    pub method: String,
    /// Allowed |stored − anchor| per anchored column.
    pub tolerances: Tolerances,
    pub anchors: Vec<Anchor>,
}

/// Path of the anchor file of `gen` inside the golden directory `dir`.
pub fn anchor_path(dir: &Path, gen: &Generator) -> PathBuf {
    dir.join(ANCHOR_DIR).join(gen.file)
}

/// The golden file's non-output (key) columns, in order.
pub fn key_columns(gen: &Generator) -> Vec<&'static str> {
    gen.header.iter().copied().filter(|h| !gen.outputs.contains(h)).collect()
}

impl AnchorTable {
    /// Parse an anchor file for `gen`; errors name `path:line`.
    pub fn parse(path: &str, text: &str, gen: &Generator) -> Result<AnchorTable> {
        let err = |line: usize, message: String| Error::Parse { file: path.to_string(), line, message };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim_end_matches('\r')));
        let method = match lines.next() {
            Some((_, l)) => l.strip_prefix("# anchors:").map(|m| m.trim().to_string()).filter(|m| !m.is_empty()),
            None => None,
        }
        .ok_or_else(|| err(1, "first line must be '# anchors: <how the values were computed>'".into()))?;
        let (n2, second) = lines.next().ok_or_else(|| err(2, "missing '# tolerance: …' line".into()))?;
        let tol_text = second.strip_prefix("# tolerance:").ok_or_else(|| err(n2, "second line must be '# tolerance: column=rel:X, …'".into()))?;
        let tolerances = Tolerances::parse(tol_text).map_err(|m| err(n2, m))?;
        for c in tolerances.columns() {
            if !gen.outputs.contains(&c) {
                return Err(err(n2, format!("tolerance for '{c}', which is not an output column of {} ({})", gen.file, gen.outputs.join(","))));
            }
        }
        let keys = key_columns(gen);
        let expected: Vec<&str> = keys.iter().copied().chain(["column", "value", "source"]).collect();
        let (n3, head) = lines.next().ok_or_else(|| err(3, "missing CSV header line".into()))?;
        let header: Vec<&str> = head.split(',').map(str::trim).collect();
        if header != expected {
            return Err(err(n3, format!("header '{}' must be '{}'", header.join(","), expected.join(","))));
        }
        let mut anchors: Vec<Anchor> = Vec::new();
        for (n, l) in lines {
            if l.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = l.split(',').map(str::trim).collect();
            if f.len() != expected.len() {
                return Err(err(n, format!("expected {} fields ({}), found {}", expected.len(), expected.join(","), f.len())));
            }
            let k = keys.len();
            for (name, v) in keys.iter().zip(&f[..k]) {
                if !gen.text_inputs.contains(name) && parse_number(v).is_none() {
                    return Err(err(n, format!("key column '{name}': '{v}' is not a number")));
                }
            }
            let column = f[k].to_string();
            if !gen.outputs.contains(&column.as_str()) {
                return Err(err(n, format!("column '{column}' is not an output of {} ({})", gen.file, gen.outputs.join(","))));
            }
            if tolerances.get(&column, "anchor").is_none() {
                return Err(err(n, format!("no tolerance given for anchored column '{column}'")));
            }
            let value = parse_number(f[k + 1]).ok_or_else(|| err(n, format!("value '{}' is not a number", f[k + 1])))?;
            let anchor = Anchor { line: n, key: f[..k].iter().map(|s| s.to_string()).collect(), column, value, source: f[k + 2].to_string() };
            if let Some(dup) = anchors.iter().find(|a| a.column == anchor.column && same_key(gen, &a.key, &anchor.key)) {
                return Err(err(n, format!("duplicate anchor of column '{}' (first at line {})", anchor.column, dup.line)));
            }
            anchors.push(anchor);
        }
        if anchors.is_empty() {
            return Err(err(4, "anchor file has no anchored values".into()));
        }
        Ok(AnchorTable { path: path.to_string(), method, tolerances, anchors })
    }

    /// Read the anchor file of `gen` in the golden directory `dir`. A missing file is an error:
    /// every golden file needs independent anchors.
    pub fn read(dir: &Path, gen: &Generator) -> Result<AnchorTable> {
        let path = anchor_path(dir, gen);
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(&path).map_err(|e| Error::Io { path: shown.clone(), message: format!("anchor file of {}: {e} (every golden file needs independent anchors)", gen.file) })?;
        AnchorTable::parse(&shown, &text, gen)
    }

    /// The anchor tolerance of `column` (checked present by [`AnchorTable::parse`]).
    pub fn tolerance(&self, column: &str) -> Tolerance {
        self.tolerances.get(column, "anchor").unwrap_or(Tolerance { rel: 0.0, abs: 0.0 })
    }

    /// For each anchor, the index of the golden row (given by its full fields) it anchors, if any.
    pub fn match_rows<'a>(&self, gen: &Generator, rows: impl Iterator<Item = &'a [String]> + Clone) -> Vec<Option<usize>> {
        let key_idx: Vec<usize> = key_columns(gen).iter().map(|k| gen.header.iter().position(|h| h == k).expect("key column of the header")).collect();
        self.anchors
            .iter()
            .map(|a| {
                rows.clone().position(|fields| {
                    let key: Vec<String> = key_idx.iter().map(|&i| fields.get(i).cloned().unwrap_or_default()).collect();
                    same_key(gen, &a.key, &key)
                })
            })
            .collect()
    }
}

/// Keys equal: numeric columns as numbers (`1e-5` = `0.00001`), text columns as text.
fn same_key(gen: &Generator, a: &[String], b: &[String]) -> bool {
    a.len() == b.len()
        && key_columns(gen).iter().zip(a.iter().zip(b)).all(|(name, (x, y))| {
            if gen.text_inputs.contains(name) {
                x == y
            } else {
                matches!((parse_number(x), parse_number(y)), (Some(u), Some(v)) if u == v)
            }
        })
}

/// The golden file's `# anchors:` line (without `# `) for data rows `rows` = (line, fields):
/// the anchor file, which rows it anchors (all, or their line numbers), how many values, the
/// extra rows checked against the live routes only, and the anchors' method.
pub fn header_line<'a>(gen: &Generator, anchors: &AnchorTable, rows: &[(usize, &'a [String])]) -> String {
    let matched = anchors.match_rows(gen, rows.iter().map(|(_, f)| *f));
    let mut lines: Vec<usize> = matched.iter().flatten().map(|&i| rows[i].0).collect();
    lines.sort_unstable();
    lines.dedup();
    let values = matched.iter().filter(|m| m.is_some()).count();
    let which = if lines.len() == rows.len() {
        format!("all {} rows ({values} values)", rows.len())
    } else {
        let shown: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        format!("rows at lines {} ({} of {} rows, {values} values)", shown.join(" "), lines.len(), rows.len())
    };
    let mut extra_keys: Vec<&[String]> = Vec::new();
    for (a, m) in anchors.anchors.iter().zip(&matched) {
        if m.is_none() && !extra_keys.iter().any(|k| same_key(gen, k, &a.key)) {
            extra_keys.push(&a.key);
        }
    }
    let extra_values = matched.iter().filter(|m| m.is_none()).count();
    let extra = if extra_keys.is_empty() { String::new() } else { format!(" + {} extra rows ({extra_values} values) checked against the live routes", extra_keys.len()) };
    format!("anchors: {}/{}/{} — {which}{extra}; by: {}", "golden", ANCHOR_DIR, gen.file, anchors.method)
}

/// The `# anchors:` line a parsed golden table must carry.
pub fn expected_line(gen: &Generator, table: &GoldenTable, anchors: &AnchorTable) -> String {
    let rows: Vec<(usize, &[String])> = table.rows.iter().map(|r| (r.line, r.fields.as_slice())).collect();
    header_line(gen, anchors, &rows)
}
