//! Every implemented result of every paper (`dpaudit list`), with the latest audit verdict of
//! each result.
//!
//! Each paper's registry ([`crate::papers::Paper::registry`]; all of them: [`entries`]) names
//! each result exactly as the paper numbers it, the Rust function implementing it, its guarantee,
//! its golden file and its spec section. Verdicts come from the recorded audit points in
//! `audits/verdicts/<paper>.json` (embedded at compile time; overridable at run time with
//! `dpaudit list --verdicts FILE`), regenerated only by an explicit `dpaudit list
//! --record-verdicts` ([`crate::papers::verdicts::record_all`]). A test
//! (`tests/papers_complete.rs`) checks that the recorded file agrees with a live run, so stale
//! verdicts fail CI.
//!
//! Only papers with a module appear; no entries are invented for papers not yet implemented.

use super::audit_point::{AuditPoint, Guarantee, Verdict};
use super::card::Card;
use super::result_verdict::{result_verdict, ResultFinding, Soundness, Statement};
use crate::error::{Error, Result};
use serde::Serialize;

/// One implemented result: its [`Card`] with the paper it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RegistryEntry {
    /// Paper key ([`crate::papers::Paper::key`]).
    pub paper: &'static str,
    /// The result as the paper numbers it (`Theorem 6.2`, `Algorithm 3`, …).
    pub result: &'static str,
    /// Rust path of the function implementing it.
    pub function: &'static str,
    /// What the function's number guarantees.
    pub guarantee: Guarantee,
    /// Golden file (relative to `golden/`) holding its reference values.
    pub golden: &'static str,
    /// Section of the paper's implementation spec (`shared/spec/<paper>.md`).
    pub spec: &'static str,
    /// The result card (parameters, outputs, evaluator, example).
    #[serde(skip)]
    pub card: &'static Card,
}

impl RegistryEntry {
    /// The entry of `card` of `paper`.
    pub fn of(paper: &'static str, card: &'static Card) -> RegistryEntry {
        RegistryEntry { paper, result: card.result, function: card.function, guarantee: card.guarantee, golden: card.golden, spec: card.spec, card }
    }
}

/// Every registry entry of every paper in [`crate::papers::ALL`], papers in `ALL` order.
pub fn entries() -> Vec<RegistryEntry> {
    super::ALL.iter().flat_map(|p| p.cards.iter().map(move |c| RegistryEntry::of(p.key, c))).collect()
}

/// Path (relative to the crate root) of the recorded verdicts of `paper`.
pub fn recorded_path(paper: &str) -> String {
    format!("audits/verdicts/{paper}.json")
}

/// The recorded audit points embedded in the binary (all papers, in `ALL` order).
pub fn recorded_points() -> Result<Vec<AuditPoint>> {
    let mut out = Vec::new();
    for p in super::ALL {
        // Not validated: validation itself reads these (the build's own recorded results).
        out.extend(parse_unvalidated(&format!("{} (embedded)", p.recorded_verdicts_path()), p.recorded_verdicts())?);
    }
    Ok(out)
}

/// Parse audit points from JSON: either an array of points or an object with an
/// `audit_points` array (e.g. a nightly `report.json`).
pub fn parse_points(file: &str, text: &str) -> Result<Vec<AuditPoint>> {
    let points = parse_unvalidated(file, text)?;
    validate_points(file, &points)?;
    Ok(points)
}

/// [`parse_points`] without [`validate_points`].
fn parse_unvalidated(file: &str, text: &str) -> Result<Vec<AuditPoint>> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| Error::Parse { file: file.into(), line: e.line(), message: e.to_string() })?;
    let arr = match &v {
        serde_json::Value::Array(_) => v.clone(),
        serde_json::Value::Object(o) => match o.get("audit_points") {
            Some(a @ serde_json::Value::Array(_)) => a.clone(),
            _ => return Err(Error::Parse { file: file.into(), line: 1, message: "expected an array of audit points or an object with an `audit_points` array".into() }),
        },
        _ => return Err(Error::Parse { file: file.into(), line: 1, message: "expected an array of audit points".into() }),
    };
    let points: Vec<AuditPoint> = serde_json::from_value(arr).map_err(|e| Error::Parse { file: file.into(), line: 1, message: format!("not a list of audit points: {e}") })?;
    Ok(points)
}

/// Reject points that cannot belong to this build (issue 14: `list --verdicts` used to accept
/// them silently): an unknown paper, a result that is neither registered ([`entries`]) nor named
/// by the paper's recorded audit points (e.g. `Section 6.3`), or an id given twice for a paper.
/// The error names the point by its 1-based position in the array.
pub fn validate_points(file: &str, points: &[AuditPoint]) -> Result<()> {
    let recorded = recorded_points().unwrap_or_default();
    let registry = entries();
    let bad = |i: usize, message: String| Error::Parse { file: file.into(), line: 1, message: format!("audit point {}: {message}", i + 1) };
    for (i, p) in points.iter().enumerate() {
        if !super::ALL.iter().any(|q| q.key() == p.paper) {
            let keys: Vec<&str> = super::ALL.iter().map(|q| q.key()).collect();
            return Err(bad(i, format!("unknown paper '{}' (expected one of: {})", p.paper, keys.join(", "))));
        }
        for r in &p.results {
            let registered = registry.iter().any(|e| e.paper == p.paper && e.result == r);
            let named = recorded.iter().any(|q| q.paper == p.paper && q.results.iter().any(|x| x == r));
            if !registered && !named {
                return Err(bad(i, format!("unknown result '{r}' of paper '{}' (see `dpaudit list`)", p.paper)));
            }
        }
        if points[..i].iter().any(|q| q.paper == p.paper && q.id == p.id) {
            return Err(bad(i, format!("duplicate id '{}' of paper '{}'", p.id, p.paper)));
        }
    }
    Ok(())
}

/// The worst verdict over the points of `paper` that concern `result` (counterexample >
/// inconclusive > holds); `NotAudited` if none — the paper module's `verdict_for` on that
/// paper's points.
pub fn verdict_of(points: &[AuditPoint], paper: &str, result: &str) -> Verdict {
    let mine: Vec<AuditPoint> = points.iter().filter(|p| p.paper == paper).cloned().collect();
    match super::ALL.iter().find(|p| p.key() == paper) {
        Some(p) => p.verdict_for(&mine, result),
        None => Verdict::NotAudited,
    }
}

/// The ids of the points of `paper` that concern `result`.
pub fn points_of(points: &[AuditPoint], paper: &str, result: &str) -> Vec<String> {
    points.iter().filter(|p| p.paper == paper && p.results.iter().any(|r| r == result)).map(|p| p.id.clone()).collect()
}

/// One row of `dpaudit list`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ListRow {
    pub paper: String,
    pub result: String,
    pub function: String,
    pub guarantee: Guarantee,
    pub golden: String,
    pub spec: String,
    /// The worst of `soundness` and `statement` in the old vocabulary (kept for compatibility).
    pub audit_verdict: Verdict,
    /// Every audit point concerning the result.
    pub audit_points: Vec<String>,
    /// Is the bound ≥ the truth ([`super::result_verdict`])?
    pub soundness: Soundness,
    /// The bound points behind `soundness`.
    pub soundness_points: Vec<String>,
    /// Do the side claims hold as printed?
    pub statement: Statement,
    /// The side-claim points behind `statement`.
    pub statement_points: Vec<String>,
    /// Every finding concerning the result: point id, kind, what the point tests, summary.
    pub findings: Vec<ResultFinding>,
}

/// The registry joined with the verdicts of `points` (two verdicts per result, see
/// [`super::result_verdict`]).
pub fn list_rows(points: &[AuditPoint]) -> Vec<ListRow> {
    entries()
        .iter()
        .map(|e| {
            let v = result_verdict(points, e.paper, e.result);
            ListRow {
                paper: e.paper.into(),
                result: e.result.into(),
                function: e.function.into(),
                guarantee: e.guarantee,
                golden: e.golden.into(),
                spec: e.spec.into(),
                audit_verdict: v.audit_verdict(),
                audit_points: points_of(points, e.paper, e.result),
                soundness: v.soundness,
                soundness_points: v.soundness_points,
                statement: v.statement,
                statement_points: v.statement_points,
                findings: v.findings,
            }
        })
        .collect()
}

#[cfg(test)]
#[path = "registry_test.rs"]
mod registry_test;
