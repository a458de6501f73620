//! Exporters: a [`ProfileReport`] or an [`AuditReport`] as bytes — a text table, Markdown, JSON.
//! Nothing here touches the file system (the CLI writes the bytes via temp file + rename).
//!
//! JSON conventions (also documented in the README): each method key (`exact`, `fft`, `mc`) holds
//! `{"lower": x, "upper": y}` for the asked quantity, or `null` when the method does not apply or
//! was not requested (the reason is under `details`); infinite ends are the strings `"inf"` /
//! `"-inf"`, since JSON has no infinity.

use super::format::{fmt_num, fmt_secs, json_number, table};
use super::plan::{describe_mechanism, describe_query, method_name, REPORT_ORDER};
use crate::mechanisms::Mechanism;
use crate::profile::{Method, ProfileReport, Query};
use serde_json::{json, Map, Value};

/// The quantity a query asks for: `epsilon` or `delta`.
pub fn quantity(q: &Query) -> &'static str {
    match q {
        Query::EpsilonAt { .. } => "epsilon",
        Query::DeltaAt { .. } => "delta",
    }
}

pub(crate) fn query_json(q: &Query) -> Value {
    match q {
        Query::EpsilonAt { delta } => json!({"quantity": "epsilon", "delta": json_number(*delta)}),
        Query::DeltaAt { epsilon } => json!({"quantity": "delta", "epsilon": json_number(*epsilon)}),
    }
}

/// The mechanism's parameters, with `"mechanism"` set to the CLI spelling of its name.
pub(crate) fn mechanism_json(m: &Mechanism) -> Value {
    let mut v = serde_json::to_value(m).unwrap_or(Value::Null);
    if let Value::Object(o) = &mut v {
        o.insert("mechanism".into(), json!(m.name()));
    }
    v
}

/// The JSON object of one profile evaluation (the `dpaudit profile --json` output).
pub fn profile_json(report: &ProfileReport, requested: &[Method]) -> Value {
    let mut obj = Map::new();
    obj.insert("mechanism".into(), mechanism_json(&report.mechanism));
    obj.insert("steps".into(), json!(report.steps));
    obj.insert("query".into(), query_json(&report.query));
    let mut details = Map::new();
    for m in REPORT_ORDER {
        if m == Method::Cf && !requested.contains(&m) && report.get(m).is_none() {
            continue; // the opt-in route appears only when asked for
        }
        let name = method_name(m);
        let (value, detail) = match report.get(m) {
            Some(o) => {
                let value = match o.interval {
                    Some(iv) => json!({"lower": json_number(iv.lower), "upper": json_number(iv.upper)}),
                    None => Value::Null,
                };
                let status = if o.interval.is_some() { "ok" } else { "not applicable" };
                (value, json!({"status": status, "guarantee": o.guarantee, "detail": o.detail, "seconds": o.seconds}))
            }
            None if requested.contains(&m) => (Value::Null, json!({"status": "not applicable", "detail": "no outcome reported"})),
            None => (Value::Null, json!({"status": "not requested"})),
        };
        obj.insert(name.into(), value);
        details.insert(name.into(), detail);
    }
    obj.insert("agree".into(), json!(report.agree));
    obj.insert("details".into(), Value::Object(details));
    Value::Object(obj)
}

/// Rows `method, lower, upper, width, guarantee, time, detail` for the requested methods.
pub fn profile_rows(report: &ProfileReport, requested: &[Method]) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for m in REPORT_ORDER {
        if !requested.contains(&m) && report.get(m).is_none() {
            continue;
        }
        let row = match report.get(m) {
            Some(o) => match o.interval {
                Some(iv) => vec![
                    method_name(m).to_string(),
                    fmt_num(iv.lower),
                    fmt_num(iv.upper),
                    format!("{:.2e}", iv.width()),
                    o.guarantee.clone(),
                    fmt_secs(o.seconds),
                    o.detail.clone(),
                ],
                None => vec![method_name(m).into(), "—".into(), "—".into(), "—".into(), "not applicable".into(), fmt_secs(o.seconds), o.detail.clone()],
            },
            None => vec![method_name(m).into(), "—".into(), "—".into(), "—".into(), "not applicable".into(), "".into(), "no outcome reported".into()],
        };
        rows.push(row);
    }
    rows
}

/// Characters of the detail column shown in the terminal table.
const DETAIL_WIDTH: usize = 72;

const PROFILE_HEADER: [&str; 7] = ["method", "lower", "upper", "width", "guarantee", "time", "detail"];

/// The human-readable output of `dpaudit profile`: a title line, the table, an agreement line.
pub fn profile_text(report: &ProfileReport, requested: &[Method]) -> String {
    let mut s = format!(
        "{} × T = {}: {}\n",
        describe_mechanism(&report.mechanism),
        report.steps,
        describe_query(&report.query)
    );
    // The terminal table shortens long diagnostics; --json and --out keep them whole.
    let rows: Vec<Vec<String>> = profile_rows(report, requested)
        .into_iter()
        .map(|mut r| {
            if let Some(d) = r.last_mut() {
                if d.chars().count() > DETAIL_WIDTH {
                    *d = d.chars().take(DETAIL_WIDTH - 1).collect::<String>() + "…";
                }
            }
            r
        })
        .collect();
    s.push_str(&table(&PROFILE_HEADER, &rows));
    s.push_str(&agreement_line(report));
    s.push('\n');
    s
}

/// `agree: yes — …` or `agree: NO — …`.
pub fn agreement_line(report: &ProfileReport) -> String {
    let n = report.outcomes.iter().filter(|o| o.interval.is_some()).count();
    if report.agree {
        format!("agree: yes — the {n} interval(s) are consistent")
    } else {
        format!("agree: NO — the {n} intervals are not consistent (exit status 1)")
    }
}

pub use super::report_audit::{audit_json, audit_markdown, SCHEMA_VERSION};

/// Pretty JSON bytes with a final newline.
pub fn to_bytes(v: &Value) -> Vec<u8> {
    let mut s = serde_json::to_string_pretty(v).unwrap_or_else(|_| "null".into());
    s.push('\n');
    s.into_bytes()
}
