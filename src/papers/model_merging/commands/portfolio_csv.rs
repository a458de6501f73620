//! CSV reader of portfolios (format: `docs/merging.md`): one model per row, header required,
//! `#` comment lines, empty cell = absent. Columns: `name, mechanism, sampling_rate,
//! noise_multiplier, clip, learning_rate, steps, compositions, utility, provenance`
//! (`mechanism` and `provenance` required; `provenance` equal on every row). Curve models need
//! arrays and are TOML-only.

use super::toml_input::parse_provenance;
use super::{validate_hyper, Model, ModelKind, Portfolio};
use crate::error::{Error, Result};
use crate::papers::model_merging::common::conventions::Adjacency;

const COLUMNS: [&str; 10] = ["name", "mechanism", "sampling_rate", "noise_multiplier", "clip", "learning_rate", "steps", "compositions", "utility", "provenance"];

/// Parse portfolio CSV `text`; `file` is used in messages.
pub fn parse_csv(file: &str, text: &str) -> Result<Portfolio> {
    let perr = |line: usize, message: String| Error::Parse { file: file.into(), line, message };
    let mut rdr = csv::ReaderBuilder::new().comment(Some(b'#')).trim(csv::Trim::All).flexible(false).from_reader(text.as_bytes());
    let header_line = text.lines().position(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).map(|i| i + 1).unwrap_or(1);
    let headers = rdr.headers().map_err(|e| perr(header_line, format!("cannot read the header: {e}")))?.clone();
    let mut col = [None; 10];
    for (j, h) in headers.iter().enumerate() {
        let k = COLUMNS.iter().position(|c| c.eq_ignore_ascii_case(h)).ok_or_else(|| perr(header_line, format!("unknown column '{h}' (expected: {})", COLUMNS.join(", "))))?;
        if col[k].is_some() {
            return Err(perr(header_line, format!("duplicate column '{h}'")));
        }
        col[k] = Some(j);
    }
    for req in ["mechanism", "provenance"] {
        if col[COLUMNS.iter().position(|c| *c == req).unwrap_or(0)].is_none() {
            return Err(perr(header_line, format!("missing column '{req}'")));
        }
    }
    let mut models: Vec<Model> = Vec::new();
    let mut provenance = None;
    for rec in rdr.records() {
        let rec = rec.map_err(|e| perr(e.position().map(|p| p.line() as usize).unwrap_or(0), e.to_string()))?;
        let line = rec.position().map(|p| p.line() as usize).unwrap_or(0);
        let cell = |name: &str| -> Option<String> {
            let k = COLUMNS.iter().position(|c| *c == name)?;
            col[k].and_then(|j| rec.get(j)).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
        };
        let num = |name: &str| -> Result<Option<f64>> {
            cell(name).map(|s| s.parse::<f64>().map_err(|_| perr(line, format!("{name} = '{s}' is not a number")))).transpose()
        };
        let int = |name: &str| -> Result<Option<i64>> {
            cell(name).map(|s| s.parse::<i64>().map_err(|_| perr(line, format!("{name} = '{s}' is not an integer")))).transpose()
        };
        let p_str = cell("provenance").ok_or_else(|| perr(line, "missing provenance".into()))?;
        let p = parse_provenance(&p_str).ok_or_else(|| perr(line, format!("unknown provenance '{p_str}' (expected independent_runs or same_run_checkpoints)")))?;
        if provenance.is_some_and(|q| q != p) {
            return Err(perr(line, "provenance must be the same on every row".into()));
        }
        provenance = Some(p);
        let name = cell("name").unwrap_or_else(|| format!("model {}", models.len() + 1));
        let utility = num("utility")?;
        if utility.is_some_and(|u| !u.is_finite()) {
            return Err(perr(line, "utility must be finite".into()));
        }
        let mech = cell("mechanism").ok_or_else(|| perr(line, "missing mechanism".into()))?.to_ascii_lowercase().replace('_', "-");
        let given = |names: &[&str]| names.iter().find(|n| cell(n).is_some()).map(|n| n.to_string());
        let kind = match mech.as_str() {
            "dp-sgd" | "dpsgd" => {
                if let Some(k) = given(&["compositions"]) {
                    return Err(perr(line, format!("column `{k}` does not apply to mechanism 'dp-sgd'")));
                }
                let need = |k: &str| num(k)?.ok_or_else(|| perr(line, format!("model '{name}': missing {k} for mechanism 'dp-sgd'")));
                let (q, s, c, eta) = (need("sampling_rate")?, need("noise_multiplier")?, need("clip")?, need("learning_rate")?);
                let t = int("steps")?.ok_or_else(|| perr(line, format!("model '{name}': missing steps for mechanism 'dp-sgd'")))?;
                let (hyper, steps) = validate_hyper(q, s, c, eta, t).map_err(|(_, m)| perr(line, format!("model '{name}': {m}")))?;
                ModelKind::DpSgd { hyper, steps }
            }
            "gaussian" => {
                if let Some(k) = given(&["sampling_rate", "clip", "learning_rate", "steps"]) {
                    return Err(perr(line, format!("column `{k}` does not apply to mechanism 'gaussian'")));
                }
                let s = num("noise_multiplier")?.ok_or_else(|| perr(line, format!("model '{name}': missing noise_multiplier")))?;
                if !(s.is_finite() && s > 0.0) {
                    return Err(perr(line, format!("model '{name}': noise_multiplier = {s} must be finite and > 0")));
                }
                let k = int("compositions")?.unwrap_or(1);
                if k < 1 {
                    return Err(perr(line, format!("model '{name}': compositions = {k} must be at least 1")));
                }
                ModelKind::Gaussian { noise_multiplier: s, compositions: k as u64 }
            }
            "curves" => return Err(perr(line, "mechanism 'curves' needs arrays: use a TOML portfolio".into())),
            other => return Err(perr(line, format!("unknown mechanism '{other}' (expected dp-sgd or gaussian)"))),
        };
        if models.iter().any(|m| m.name == name) {
            return Err(perr(line, format!("duplicate model name '{name}'")));
        }
        models.push(Model { name, utility, kind, line });
    }
    let provenance = provenance.ok_or_else(|| perr(header_line, "portfolio has no model rows".into()))?;
    Ok(Portfolio { file: file.into(), name: None, provenance, adjacency: Adjacency::AddRemove, models })
}
