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
    /// Prefix of the final status line (default `audit`), e.g. `dpaudit nightly`.
    pub label: Option<String>,
    /// Other spec files whose checks run first (paths relative to this file's directory); each
    /// included check keeps its own file's `[defaults]`. Resolved by [`Spec::read`].
    #[serde(default)]
    pub include: Vec<String>,
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
    /// The text it was read from (to name the line of an `include` in messages).
    #[serde(skip)]
    text: String,
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
    /// Profile check: the mechanism (with `noise_multiplier`); exactly one of `mechanism`,
    /// `claims`, `paper` and `golden` says the check's kind.
    pub mechanism: Option<String>,
    pub noise_multiplier: Option<f64>,
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
    /// Claims check: a claims CSV (issue 4 format), relative to the current directory.
    pub claims: Option<String>,
    /// Claims check: the expected verdicts of a fixture (`id,expected,…` CSV).
    pub expected: Option<String>,
    /// Claims check: accountant names (`*` matches any text) whose values are documented lower
    /// values, not guarantees (e.g. `prv_accountant-*:lower`).
    pub lower_values: Option<Vec<String>>,
    /// Claims check: accountant names whose values are estimates, not guarantees.
    pub estimates: Option<Vec<String>>,
    /// Claims check: time budget in seconds (default 60) and Monte Carlo evidence (default true).
    pub time_budget: Option<f64>,
    pub monte_carlo: Option<bool>,
    /// Paper check: the paper key ([`crate::papers::Paper::key`]).
    pub paper: Option<String>,
    /// Paper check: also recompute the paper's experiments (`quick` or `full`) when the report
    /// is written (`--out DIR`): CSV tables and SVG plots under `DIR/experiments/`.
    pub experiments: Option<String>,
    /// Golden check: the directory of golden files, and optionally the routes (`f64`, `exact`, `fft`).
    pub golden: Option<String>,
    pub routes: Option<Vec<String>>,
    /// Line of the check's `name` key in the file (for messages; not a TOML key).
    #[serde(skip)]
    pub line: usize,
    /// The file the check was read from when it was included from another spec (not a TOML key).
    #[serde(skip)]
    pub file: Option<String>,
    /// Directory that relative `claims`, `expected` and `golden` paths are resolved against: the
    /// spec file's directory (not a TOML key).
    #[serde(skip)]
    pub base_dir: std::path::PathBuf,
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
        if spec.check.is_empty() && spec.include.is_empty() {
            return Err(Error::Parse { file: file.into(), line: 1, message: "audit spec has no [[check]] entries and no include".into() });
        }
        spec.file = file.to_string();
        let base = Path::new(file).parent().map(Path::to_path_buf).unwrap_or_default();
        for c in &mut spec.check {
            c.line = line_of(text, c.name.span().start);
            c.base_dir = base.clone();
        }
        Ok(spec)
    }

    /// Prepend the checks of the `include`d specs (recursively, at most 8 levels deep), with
    /// their own defaults folded into each check's overrides.
    fn resolve_includes(&mut self, depth: usize) -> Result<()> {
        if self.include.is_empty() {
            return Ok(());
        }
        if depth >= 8 {
            return Err(Error::Parse { file: self.file.clone(), line: 1, message: "include nested more than 8 levels (a cycle?)".into() });
        }
        let base = Path::new(&self.file).parent().map(Path::to_path_buf).unwrap_or_default();
        let mut checks = Vec::new();
        for inc in std::mem::take(&mut self.include) {
            let path = base.join(&inc);
            if !path.is_file() {
                let line = self.include_line(&inc);
                let why = if path.exists() { "is not a file" } else { "not found" };
                return Err(Error::Parse { file: self.file.clone(), line, message: format!("include '{inc}': {} {why}", path.display()) });
            }
            let mut sub = Spec::read_depth(&path, depth + 1)?;
            for mut c in sub.check.drain(..) {
                let s = c.settings(&sub.defaults);
                (c.methods, c.seed, c.precision, c.confidence, c.mc_samples) = (s.methods, s.seed, s.precision, s.confidence, s.mc_samples);
                c.file.get_or_insert_with(|| sub.file.clone());
                checks.push(c);
            }
        }
        checks.append(&mut self.check);
        self.check = checks;
        Ok(())
    }

    /// Line of the `include` entry naming `inc` (1 if not found).
    fn include_line(&self, inc: &str) -> usize {
        let quoted = [format!("\"{inc}\""), format!("'{inc}'")];
        self.text.find(&quoted[0]).or_else(|| self.text.find(&quoted[1])).map_or(1, |pos| line_of(&self.text, pos))
    }

    /// Read and parse a spec file, with its `include`s.
    pub fn read(path: &Path) -> Result<Spec> {
        Spec::read_depth(path, 0)
    }

    fn read_depth(path: &Path, depth: usize) -> Result<Spec> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
            path: shown.clone(),
            message: if e.kind() == std::io::ErrorKind::NotFound { "audit spec not found".into() } else { e.to_string() },
        })?;
        // A UTF-8 byte-order mark is accepted, as in claims CSV.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let mut spec = Spec::parse(&shown, text)?;
        spec.text = text.to_string();
        spec.resolve_includes(depth)?;
        if spec.check.is_empty() {
            return Err(Error::Parse { file: shown, line: 1, message: "audit spec has no [[check]] entries (its includes add none)".into() });
        }
        Ok(spec)
    }
}

/// 1-based line number of byte offset `pos` in `text`.
pub fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}
