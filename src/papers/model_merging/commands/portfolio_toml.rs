//! TOML reader of portfolios (format: `docs/merging.md`). Strict: unknown keys, missing fields,
//! keys that do not belong to the model's mechanism and out-of-domain values are
//! [`Error::Parse`] errors naming the file and the line of the offending key.

use super::{line_of, validate_hyper, DeltaTable, Model, ModelKind, Portfolio, Provenance, RdpTable};
use crate::error::{Error, Result};
use crate::papers::model_merging::common::conventions::Adjacency;
use serde::Deserialize;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    name: Option<String>,
    provenance: Option<Spanned<String>>,
    adjacency: Option<Spanned<String>>,
    #[serde(default)]
    model: Vec<Spanned<RawModel>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawModel {
    mechanism: Option<Spanned<String>>,
    name: Option<Spanned<String>>,
    utility: Option<Spanned<f64>>,
    sampling_rate: Option<Spanned<f64>>,
    noise_multiplier: Option<Spanned<f64>>,
    clip: Option<Spanned<f64>>,
    learning_rate: Option<Spanned<f64>>,
    steps: Option<Spanned<i64>>,
    compositions: Option<Spanned<i64>>,
    rdp: Option<Spanned<RawRdp>>,
    delta: Option<Spanned<RawDelta>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRdp {
    orders: Vec<f64>,
    epsilons: Vec<f64>,
}

/// `deltas` (both directions equal) or `remove` + `add`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawDelta {
    epsilons: Vec<f64>,
    deltas: Option<Vec<f64>>,
    remove: Option<Vec<f64>>,
    add: Option<Vec<f64>>,
}

/// Parse portfolio TOML `text`; `file` is used in messages.
pub fn parse_toml(file: &str, text: &str) -> Result<Portfolio> {
    let err = |pos: usize, message: String| Error::Parse { file: file.into(), line: line_of(text, pos), message };
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let pos = e.span().map(|s| s.start).unwrap_or(0);
        err(pos, e.message().split_whitespace().collect::<Vec<_>>().join(" "))
    })?;
    let provenance = match &raw.provenance {
        None => return Err(err(0, "missing field `provenance` (independent_runs | same_run_checkpoints)".into())),
        Some(p) => parse_provenance(p.get_ref()).ok_or_else(|| err(p.span().start, format!("unknown provenance '{}' (expected independent_runs or same_run_checkpoints)", p.get_ref())))?,
    };
    let adjacency = match &raw.adjacency {
        None => Adjacency::AddRemove,
        Some(a) => match a.get_ref().as_str() {
            "add_remove" => Adjacency::AddRemove,
            "replace_one" => Adjacency::ReplaceOne,
            other => return Err(err(a.span().start, format!("unknown adjacency '{other}' (expected add_remove or replace_one)"))),
        },
    };
    if raw.model.is_empty() {
        return Err(err(text.len(), "portfolio has no [[model]] entries".into()));
    }
    let mut models = Vec::with_capacity(raw.model.len());
    for (i, m) in raw.model.iter().enumerate() {
        models.push(parse_model(i, m, text, &err)?);
    }
    for (i, m) in models.iter().enumerate() {
        if models[..i].iter().any(|o| o.name == m.name) {
            return Err(Error::Parse { file: file.into(), line: m.line, message: format!("duplicate model name '{}'", m.name) });
        }
        if adjacency == Adjacency::ReplaceOne && matches!(m.kind, ModelKind::DpSgd { .. }) {
            return Err(Error::Parse { file: file.into(), line: m.line, message: "DP-SGD models are accounted under add/remove adjacency (spec §1.2); adjacency = \"replace_one\" is only allowed for curve models".into() });
        }
    }
    Ok(Portfolio { file: file.into(), name: raw.name, provenance, adjacency, models })
}

pub(super) fn parse_provenance(s: &str) -> Option<Provenance> {
    match s.trim() {
        "independent_runs" => Some(Provenance::IndependentRuns),
        "same_run_checkpoints" => Some(Provenance::SameRunCheckpoints),
        _ => None,
    }
}

fn parse_model(i: usize, sm: &Spanned<RawModel>, text: &str, err: &dyn Fn(usize, String) -> Error) -> Result<Model> {
    let m = sm.get_ref();
    let start = sm.span().start;
    let mech = m.mechanism.as_ref().ok_or_else(|| err(start, format!("model {}: missing field `mechanism` (dp-sgd, gaussian or curves)", i + 1)))?;
    let line_pos = mech.span().start;
    let name = m.name.as_ref().map(|n| n.get_ref().trim().to_string()).unwrap_or_else(|| format!("model {}", i + 1));
    if name.is_empty() {
        return Err(err(m.name.as_ref().map(|n| n.span().start).unwrap_or(line_pos), "model name must not be empty".into()));
    }
    let utility = match &m.utility {
        Some(u) if !u.get_ref().is_finite() => return Err(err(u.span().start, format!("utility = {} must be finite", u.get_ref()))),
        u => u.as_ref().map(|u| *u.get_ref()),
    };
    // Keys allowed per mechanism; any other present key is an error at its own line.
    let present: [(&str, Option<usize>); 8] = [
        ("sampling_rate", m.sampling_rate.as_ref().map(|x| x.span().start)),
        ("noise_multiplier", m.noise_multiplier.as_ref().map(|x| x.span().start)),
        ("clip", m.clip.as_ref().map(|x| x.span().start)),
        ("learning_rate", m.learning_rate.as_ref().map(|x| x.span().start)),
        ("steps", m.steps.as_ref().map(|x| x.span().start)),
        ("compositions", m.compositions.as_ref().map(|x| x.span().start)),
        ("rdp", m.rdp.as_ref().map(|x| x.span().start)),
        ("delta", m.delta.as_ref().map(|x| x.span().start)),
    ];
    let mech_name = mech.get_ref().trim().to_ascii_lowercase().replace('_', "-");
    let allowed: &[&str] = match mech_name.as_str() {
        "dp-sgd" | "dpsgd" => &["sampling_rate", "noise_multiplier", "clip", "learning_rate", "steps"],
        "gaussian" => &["noise_multiplier", "compositions"],
        "curves" => &["rdp", "delta"],
        other => return Err(err(line_pos, format!("unknown mechanism '{other}' (expected dp-sgd, gaussian or curves)"))),
    };
    for (key, pos) in present {
        if let Some(p) = pos {
            if !allowed.contains(&key) {
                return Err(err(p, format!("key `{key}` does not apply to mechanism '{mech_name}' (allowed: {})", allowed.join(", "))));
            }
        }
    }
    let need_f = |x: &Option<Spanned<f64>>, key: &str| x.as_ref().map(|v| (*v.get_ref(), v.span().start)).ok_or_else(|| err(line_pos, format!("model '{name}': missing field `{key}` for mechanism '{mech_name}'")));
    let kind = match mech_name.as_str() {
        "gaussian" => {
            let (s, p) = need_f(&m.noise_multiplier, "noise_multiplier")?;
            if !(s.is_finite() && s > 0.0) {
                return Err(err(p, format!("noise_multiplier = {s} must be finite and > 0")));
            }
            let k = m.compositions.as_ref().map(|c| (*c.get_ref(), c.span().start)).unwrap_or((1, line_pos));
            if k.0 < 1 {
                return Err(err(k.1, format!("compositions = {} must be at least 1", k.0)));
            }
            ModelKind::Gaussian { noise_multiplier: s, compositions: k.0 as u64 }
        }
        "curves" => {
            if m.rdp.is_none() && m.delta.is_none() {
                return Err(err(line_pos, format!("model '{name}': mechanism 'curves' needs an `rdp` and/or a `delta` table")));
            }
            let rdp = m.rdp.as_ref().map(|r| rdp_table(r.get_ref()).map_err(|e| err(r.span().start, format!("model '{name}': rdp: {e}")))).transpose()?;
            let delta = m.delta.as_ref().map(|d| delta_table(d.get_ref()).map_err(|e| err(d.span().start, format!("model '{name}': delta: {e}")))).transpose()?;
            ModelKind::Curves { rdp, delta }
        }
        _ => {
            let (q, pq) = need_f(&m.sampling_rate, "sampling_rate")?;
            let (s, ps) = need_f(&m.noise_multiplier, "noise_multiplier")?;
            let (c, pc) = need_f(&m.clip, "clip")?;
            let (eta, pe) = need_f(&m.learning_rate, "learning_rate")?;
            let (t, pt) = m.steps.as_ref().map(|v| (*v.get_ref(), v.span().start)).ok_or_else(|| err(line_pos, format!("model '{name}': missing field `steps` for mechanism 'dp-sgd'")))?;
            match validate_hyper(q, s, c, eta, t) {
                Ok((hyper, steps)) => ModelKind::DpSgd { hyper, steps },
                Err((key, msg)) => {
                    let p = match key {
                        "sampling_rate" => pq,
                        "noise_multiplier" => ps,
                        "clip" => pc,
                        "learning_rate" => pe,
                        _ => pt,
                    };
                    return Err(err(p, format!("model '{name}': {msg}")));
                }
            }
        }
    };
    Ok(Model { name, utility, kind, line: line_of(text, line_pos) })
}

/// Validate an RDP table: equal lengths, orders finite, > 1 and strictly increasing, values ≥ 0
/// (`inf` allowed) and nondecreasing in α (spec §1.3: `D_α` is nondecreasing in α).
fn rdp_table(r: &RawRdp) -> std::result::Result<RdpTable, String> {
    if r.orders.is_empty() || r.orders.len() != r.epsilons.len() {
        return Err(format!("`orders` and `epsilons` must be non-empty and of equal length ({} vs {})", r.orders.len(), r.epsilons.len()));
    }
    for (k, (&a, &e)) in r.orders.iter().zip(&r.epsilons).enumerate() {
        if !(a.is_finite() && a > 1.0) {
            return Err(format!("orders[{}] = {a} must be finite and > 1", k + 1));
        }
        if e.is_nan() || e < 0.0 {
            return Err(format!("epsilons[{}] = {e} must be >= 0", k + 1));
        }
        if k > 0 && a <= r.orders[k - 1] {
            return Err(format!("orders must be strictly increasing (orders[{}] = {a})", k + 1));
        }
        if k > 0 && e < r.epsilons[k - 1] {
            return Err(format!("epsilons must be nondecreasing in the order (epsilons[{}] = {e}); an RDP curve is", k + 1));
        }
    }
    Ok(RdpTable { orders: r.orders.clone(), epsilons: r.epsilons.clone() })
}

/// Validate a δ(ε) table: ε finite and strictly increasing; each direction in `[0, 1]` and
/// nonincreasing (a privacy profile is).
fn delta_table(d: &RawDelta) -> std::result::Result<DeltaTable, String> {
    let (remove, add) = match (&d.deltas, &d.remove, &d.add) {
        (Some(b), None, None) => (b.clone(), b.clone()),
        (None, Some(r), Some(a)) => (r.clone(), a.clone()),
        _ => return Err("give either `deltas` (both directions) or both `remove` and `add`".into()),
    };
    let n = d.epsilons.len();
    if n == 0 || remove.len() != n || add.len() != n {
        return Err(format!("`epsilons` and the δ columns must be non-empty and of equal length ({n}, {}, {})", remove.len(), add.len()));
    }
    for k in 0..n {
        let e = d.epsilons[k];
        if !e.is_finite() || (k > 0 && e <= d.epsilons[k - 1]) {
            return Err(format!("epsilons must be finite and strictly increasing (epsilons[{}] = {e})", k + 1));
        }
        for (col, v) in [("remove", &remove), ("add", &add)] {
            if !(0.0..=1.0).contains(&v[k]) {
                return Err(format!("{col}[{}] = {} must lie in [0, 1]", k + 1, v[k]));
            }
            if k > 0 && v[k] > v[k - 1] {
                return Err(format!("{col} must be nonincreasing in ε ({col}[{}] = {})", k + 1, v[k]));
            }
        }
    }
    Ok(DeltaTable { epsilons: d.epsilons.clone(), remove, add })
}
