//! Workload files of `dpaudit compare` (issue 13, fourth bullet; format in `docs/compare.md`).
//!
//! A workload is one query "ε at δ" of one of two sampling schemes of the Gaussian mechanism
//! with noise multiplier σ over T steps:
//!
//! * `scheme = "poisson"` (default): Poisson sampling at rate q, composed T times — the DP-SGD
//!   step every Poisson accountant supports;
//! * `scheme = "allocation"`: each record in exactly `selected` = k uniformly random of the T
//!   steps (Balanced Iteration Subsampling, Dong, Chen & Özgür 2025, Theorem 3.8; *random
//!   allocation* in Feldman & Shenfeld 2025), the whole run — compared with the allocation
//!   accountants (issue 11).
//!
//! The file is TOML:
//!
//! ```toml
//! title = "my workloads"          # optional
//! [[workload]]
//! name = "DP-SGD, 10 epochs"      # optional (default: built from the parameters)
//! mechanism = "poisson-subsampled-gaussian"   # optional; the only mechanism supported
//! scheme = "poisson"              # optional: "poisson" (default) or "allocation"
//! sampling_rate = 0.01            # q in (0, 1]; poisson only
//! # selected = 4                  # k in [1, T]; allocation only (then no sampling_rate)
//! noise_multiplier = 1.0          # σ >= 1e-3
//! steps = 1000                    # 1 <= T <= 2^40
//! delta = 1e-5                    # δ in (0, 1)
//! ```
//!
//! Validation happens here, once: unknown keys, missing keys, bad values and duplicate names are
//! [`Error::Parse`] naming the file and the line of the offending `[[workload]]`.

use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use serde::Deserialize;
use std::path::Path;

/// The default workload file, relative to the repository root (the current directory).
pub const DEFAULT_WORKLOADS: &str = "audits/compare/default.toml";

/// The only mechanism name accepted in a workload.
pub const MECHANISM: &str = "poisson-subsampled-gaussian";

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFile {
    title: Option<String>,
    #[serde(default)]
    workload: Vec<toml::Spanned<RawWorkload>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWorkload {
    name: Option<String>,
    mechanism: Option<String>,
    scheme: Option<String>,
    sampling_rate: Option<f64>,
    selected: Option<i64>,
    noise_multiplier: f64,
    steps: i64,
    delta: f64,
}

/// One validated workload.
#[derive(Clone, Debug, PartialEq)]
pub struct Workload {
    /// Unique within its file.
    pub name: String,
    /// Poisson sampling rate q ∈ (0, 1]; for the allocation scheme the per-step rate k/T (the
    /// rate of the Poisson scheme it is usually compared with).
    pub sampling_rate: f64,
    /// `Some(k)`: the allocation scheme, each record in exactly k of the T steps; `None`: Poisson.
    pub selected: Option<u64>,
    /// Noise multiplier σ (noise standard deviation / sensitivity), ≥ 1e-3.
    pub noise_multiplier: f64,
    /// Number of compositions T, 1 ≤ T ≤ 2⁴⁰.
    pub steps: u64,
    /// The δ at which ε(δ) is asked, in (0, 1).
    pub delta: f64,
    /// 1-based line of its `[[workload]]` header in the file (for messages).
    pub line: usize,
}

impl Workload {
    /// The mechanism of one Poisson step (sensitivity 1); meaningful for the Poisson scheme only.
    pub fn mechanism(&self) -> Mechanism {
        Mechanism::PoissonSubsampledGaussian { noise_multiplier: self.noise_multiplier, sensitivity: 1.0, sampling_rate: self.sampling_rate }
    }
}

/// A validated workload file.
#[derive(Clone, Debug, PartialEq)]
pub struct WorkloadSet {
    /// The file's `title`, or its path.
    pub title: String,
    /// The path it was read from (as given).
    pub file: String,
    /// At least one workload, in file order.
    pub workloads: Vec<Workload>,
}

impl WorkloadSet {
    /// Parse and validate `text`; `file` is used in messages.
    /// Errors: [`Error::Parse`] with `file:line` for malformed TOML, unknown or missing keys,
    /// values out of range, duplicate names or an empty file.
    pub fn parse(file: &str, text: &str) -> Result<WorkloadSet> {
        let perr = |line: usize, message: String| Error::Parse { file: file.to_string(), line, message };
        let raw: RawFile = toml::from_str(text).map_err(|e| {
            let line = e.span().map(|s| line_of(text, s.start)).unwrap_or(1);
            perr(line, e.message().split_whitespace().collect::<Vec<_>>().join(" "))
        })?;
        if raw.workload.is_empty() {
            return Err(perr(1, "no [[workload]] entries (expected at least one)".into()));
        }
        let mut workloads: Vec<Workload> = Vec::with_capacity(raw.workload.len());
        for spanned in &raw.workload {
            let line = line_of(text, spanned.span().start);
            let w = validate(spanned.get_ref(), line).map_err(|m| perr(line, m))?;
            if let Some(other) = workloads.iter().find(|o| o.name == w.name) {
                return Err(perr(line, format!("duplicate workload name '{}' (first at line {})", w.name, other.line)));
            }
            workloads.push(w);
        }
        Ok(WorkloadSet { title: raw.title.unwrap_or_else(|| file.to_string()), file: file.to_string(), workloads })
    }

    /// Read and validate a workload file. Errors: [`Error::Io`] naming the path; as [`Self::parse`].
    pub fn read(path: &Path) -> Result<WorkloadSet> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
            path: shown.clone(),
            message: if e.kind() == std::io::ErrorKind::NotFound { "workload file not found".into() } else { e.to_string() },
        })?;
        // A UTF-8 byte-order mark is accepted, as in claims CSV.
        WorkloadSet::parse(&shown, text.strip_prefix('\u{feff}').unwrap_or(&text))
    }
}

/// Check one raw workload; the message names the key and the value.
fn validate(r: &RawWorkload, line: usize) -> std::result::Result<Workload, String> {
    if let Some(m) = &r.mechanism {
        if m != MECHANISM {
            return Err(format!("mechanism = '{m}' is not supported (the compared accountants share only '{MECHANISM}')"));
        }
    }
    let t = r.steps;
    let (q, selected) = match r.scheme.as_deref().unwrap_or("poisson") {
        "poisson" => {
            if r.selected.is_some() {
                return Err("selected is a key of scheme = \"allocation\" (this workload is Poisson)".into());
            }
            let q = r.sampling_rate.ok_or("missing sampling_rate (required by scheme = \"poisson\")")?;
            if !(q > 0.0 && q <= 1.0) {
                return Err(format!("sampling_rate = {q} must lie in (0, 1]"));
            }
            (q, None)
        }
        "allocation" => {
            if r.sampling_rate.is_some() {
                return Err("sampling_rate is a key of scheme = \"poisson\"; the allocation scheme takes selected = k".into());
            }
            let k = r.selected.ok_or("missing selected = k (required by scheme = \"allocation\")")?;
            if k < 1 || k > t.max(1) {
                return Err(format!("selected = {k} must lie in [1, steps = {t}]"));
            }
            (k as f64 / t as f64, Some(k as u64))
        }
        other => return Err(format!("scheme = '{other}' is not known (expected \"poisson\" or \"allocation\")")),
    };
    let s = r.noise_multiplier;
    if !(s.is_finite() && s >= 1e-3) {
        return Err(format!("noise_multiplier = {s} must be a finite number >= 1e-3"));
    }
    if r.steps < 1 || r.steps as u64 > crate::profile::MAX_STEPS {
        return Err(format!("steps = {} must lie in [1, 2^40]", r.steps));
    }
    let d = r.delta;
    if !(d > 0.0 && d < 1.0) {
        return Err(format!("delta = {d} must lie in the open interval (0, 1)"));
    }
    let name = match &r.name {
        Some(n) if n.trim().is_empty() => return Err("name must not be empty".into()),
        Some(n) => n.trim().to_string(),
        None => match selected {
            None => format!("q={q} σ={s} T={} δ={d:e}", r.steps),
            Some(k) => format!("allocation k={k} σ={s} T={} δ={d:e}", r.steps),
        },
    };
    Ok(Workload { name, sampling_rate: q, selected, noise_multiplier: s, steps: r.steps as u64, delta: d, line })
}

/// 1-based line number of byte offset `pos` in `text`.
fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

#[cfg(test)]
#[path = "workloads_test.rs"]
mod workloads_test;
