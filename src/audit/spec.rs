//! Audit specs: the TOML format of `audits/*.toml` (documented for users in `audits/README.md`).
//!
//! This module is data only: it parses and rejects malformed or unknown keys with `file:line`.
//! Turning a spec into validated requests is [`super::plan`]'s job.

use crate::error::{Error, Result};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// A whole audit spec file.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// Shown at the top of reports.
    pub title: Option<String>,
    pub description: Option<String>,
    /// Settings applied to every check unless the check overrides them.
    #[serde(default)]
    pub defaults: Settings,
    /// The checks, in order (TOML `[[check]]` tables).
    #[serde(default)]
    pub check: Vec<CheckSpec>,
    /// The file the spec was read from (for messages; not a TOML key).
    #[serde(skip)]
    pub file: String,
}

/// Evaluation settings (all optional; `None` = the library default).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    /// Any of `exact`, `fft`, `mc` (or `all`).
    pub methods: Option<Vec<String>>,
    pub seed: Option<u64>,
    /// MPFR precision in bits for the exact method.
    pub precision: Option<u32>,
    /// Confidence level of Monte Carlo intervals, in (0, 1).
    pub confidence: Option<f64>,
    /// Monte Carlo sample count (default: chosen by the library).
    pub mc_samples: Option<usize>,
}

/// One `[[check]]`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckSpec {
    /// Unique name, used in reports (its position in the file is kept for messages).
    pub name: toml::Spanned<String>,
    /// Optional free text shown in the report.
    pub note: Option<String>,
    pub mechanism: String,
    pub noise_multiplier: f64,
    pub sensitivity: Option<f64>,
    pub sampling_rate: Option<f64>,
    /// Number of self-compositions (default 1).
    pub steps: Option<u64>,
    /// Ask for ε at this δ (exactly one of `delta`, `epsilon`).
    pub delta: Option<f64>,
    /// Ask for δ at this ε.
    pub epsilon: Option<f64>,
    /// Overrides of [`Settings`] (kept as separate keys: serde's `flatten` cannot be combined
    /// with `deny_unknown_fields`).
    pub methods: Option<Vec<String>>,
    pub seed: Option<u64>,
    pub precision: Option<u32>,
    pub confidence: Option<f64>,
    pub mc_samples: Option<usize>,
    /// Criterion: the intervals of all methods that produced one overlap pairwise (default true).
    pub require_overlap: Option<bool>,
    /// Criterion: per method, `width ≤ r · |midpoint|`, e.g. `{ fft = 1e-3 }`.
    #[serde(default)]
    pub max_rel_width: BTreeMap<String, f64>,
    /// Criterion: every interval's upper end is > 0 (a tiny δ is not flushed to zero).
    pub require_positive_upper: Option<bool>,
    /// Reference values from other tools or papers, with their sources.
    #[serde(default)]
    pub reference: Vec<ReferenceSpec>,
    /// Line of the check's `name` key in the file (for messages; not a TOML key).
    #[serde(skip)]
    pub line: usize,
}

/// A reference value (or interval) and what is expected of it.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceSpec {
    /// Where the number comes from: tool + version + call, or paper + table.
    pub source: String,
    /// A point value (for `inside`, `upper_bound`, `lower_bound`, `info`).
    pub value: Option<f64>,
    /// An interval (for `encloses`, or `inside` with an interval reference).
    pub lower: Option<f64>,
    pub upper: Option<f64>,
    /// `inside` (default), `encloses`, `upper_bound`, `lower_bound` or `info`.
    pub expect: Option<String>,
    /// Absolute slack around `value` for `inside` (e.g. the rounding of a quoted value).
    pub abs_tol: Option<f64>,
    /// The methods whose intervals are compared (default: the certified ones, `exact` and `fft`).
    pub methods: Option<Vec<String>>,
}

impl CheckSpec {
    /// This check's settings over `defaults`.
    pub fn settings(&self, defaults: &Settings) -> Settings {
        Settings {
            methods: self.methods.clone().or_else(|| defaults.methods.clone()),
            seed: self.seed.or(defaults.seed),
            precision: self.precision.or(defaults.precision),
            confidence: self.confidence.or(defaults.confidence),
            mc_samples: self.mc_samples.or(defaults.mc_samples),
        }
    }
}

impl Spec {
    /// Parse spec text; `file` is used in error messages.
    pub fn parse(file: &str, text: &str) -> Result<Spec> {
        if text.trim().is_empty() {
            return Err(Error::Parse { file: file.into(), line: 1, message: "empty audit spec (expected at least one [[check]])".into() });
        }
        let spec: Spec = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
            Error::Parse { file: file.into(), line, message: one_line(e.message()) }
        })?;
        let mut spec = spec;
        if spec.check.is_empty() {
            return Err(Error::Parse { file: file.into(), line: 1, message: "audit spec has no [[check]] entries".into() });
        }
        spec.file = file.to_string();
        for c in &mut spec.check {
            c.line = line_of(text, c.name.span().start);
        }
        Ok(spec)
    }

    /// Read and parse a spec file.
    pub fn read(path: &Path) -> Result<Spec> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
            path: shown.clone(),
            message: if e.kind() == std::io::ErrorKind::NotFound { "audit spec not found".into() } else { e.to_string() },
        })?;
        Spec::parse(&shown, &text)
    }
}

/// 1-based line number of byte offset `pos` in `text`.
pub fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
