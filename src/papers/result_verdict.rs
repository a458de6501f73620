//! A result's two verdicts, from the audit points that concern it (issue 8, "verdicts that say
//! what failed").
//!
//! * **soundness** — over the points that test the bound ([`Tested::Bound`]): `unsound` if one
//!   is a counterexample, else `inconclusive` if one is undecided, else `holds` if any was
//!   checked, else `not_audited`.
//! * **statement** — over the points that test a side claim (tightness, convention, typo,
//!   unproven step, algorithm as printed, experiment settings): `defect found` if one reports a
//!   counterexample or a typo concerning the result, else `inconclusive` if one is undecided, else
//!   `holds` (limitations, readings and observations are listed but are not defects; a finding
//!   may be scoped to some of the point's results);
//!   `not_audited` when no point concerns the result at all.
//!
//! `audit_verdict` (kept for compatibility) is the worst of the two in the old vocabulary:
//! counterexample (unsound, or a finding of kind counterexample) > inconclusive > holds >
//! not_audited. A typo makes the statement `defect found` but is not a counterexample (the word
//! is reserved for a printed statement false under the paper's own definitions), so a result
//! whose only defect is a typo keeps `holds` there; `statement` and `findings` show the typo.

use super::audit_point::{AuditPoint, FindingKind, Tested, Verdict};
use serde::Serialize;

/// Is the bound ≥ the truth?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Soundness {
    Holds,
    Unsound,
    Inconclusive,
    NotAudited,
}

impl Soundness {
    pub fn name(&self) -> &'static str {
        match self {
            Soundness::Holds => "holds",
            Soundness::Unsound => "unsound",
            Soundness::Inconclusive => "inconclusive",
            Soundness::NotAudited => "not_audited",
        }
    }
}

/// Do the statement's side claims hold as printed?
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Statement {
    #[serde(rename = "holds")]
    Holds,
    #[serde(rename = "defect found")]
    DefectFound,
    #[serde(rename = "inconclusive")]
    Inconclusive,
    #[serde(rename = "not_audited")]
    NotAudited,
}

impl Statement {
    pub fn name(&self) -> &'static str {
        match self {
            Statement::Holds => "holds",
            Statement::DefectFound => "defect found",
            Statement::Inconclusive => "inconclusive",
            Statement::NotAudited => "not_audited",
        }
    }
}

/// One finding as `dpaudit list --json` shows it under a result.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultFinding {
    /// The audit point (`A16`).
    pub id: String,
    pub kind: FindingKind,
    /// What the point tests (`tightness`, `bound`, …).
    pub tests: Tested,
    pub summary: String,
}

/// The two verdicts of one result and the points behind each.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ResultVerdict {
    pub soundness: Soundness,
    /// The bound points that decided `soundness` (the counterexamples when unsound, the
    /// undecided ones when inconclusive, else every bound point).
    pub soundness_points: Vec<String>,
    pub statement: Statement,
    /// The side-claim points that decided `statement` (likewise).
    pub statement_points: Vec<String>,
    /// Every finding concerning the result, in point order.
    pub findings: Vec<ResultFinding>,
}

impl ResultVerdict {
    /// The worst of the two in the old single-verdict vocabulary (module doc).
    pub fn audit_verdict(&self) -> Verdict {
        let has = |k: FindingKind| self.findings.iter().any(|f| f.kind == k);
        let typo_only = self.statement == Statement::DefectFound && has(FindingKind::Typo) && !has(FindingKind::Counterexample);
        if self.soundness == Soundness::Unsound || (self.statement == Statement::DefectFound && !typo_only) {
            Verdict::Counterexample
        } else if self.soundness == Soundness::Inconclusive || self.statement == Statement::Inconclusive {
            Verdict::Inconclusive
        } else if self.soundness == Soundness::Holds || self.statement == Statement::Holds || typo_only {
            Verdict::Holds
        } else {
            Verdict::NotAudited
        }
    }
}

/// The verdicts of `result` of `paper` over `points` (rules in the module doc).
pub fn result_verdict(points: &[AuditPoint], paper: &str, result: &str) -> ResultVerdict {
    let mine: Vec<&AuditPoint> = points.iter().filter(|p| p.paper == paper && p.results.iter().any(|r| r == result) && p.verdict != Verdict::NotAudited).collect();
    let ids = |f: &dyn Fn(&AuditPoint) -> bool| mine.iter().filter(|p| f(p)).map(|p| p.id.clone()).collect::<Vec<_>>();
    // A counterexample point fails `result` unless its counterexample findings are all scoped to
    // other results (points without findings, e.g. from older files, fail every result).
    let fails = |p: &AuditPoint| p.verdict == Verdict::Counterexample && (p.findings.is_empty() || p.findings.iter().any(|f| f.kind == FindingKind::Counterexample && f.concerns(result)));
    let bound = |p: &AuditPoint| p.tests == Tested::Bound;
    let side = |p: &AuditPoint| p.tests != Tested::Bound;
    let unsound = ids(&|p| bound(p) && fails(p));
    let undecided_b = ids(&|p| bound(p) && p.verdict == Verdict::Inconclusive);
    let (soundness, soundness_points) = if !unsound.is_empty() {
        (Soundness::Unsound, unsound)
    } else if !undecided_b.is_empty() {
        (Soundness::Inconclusive, undecided_b)
    } else {
        let all = ids(&bound);
        (if all.is_empty() { Soundness::NotAudited } else { Soundness::Holds }, all)
    };
    let defect = ids(&|p| side(p) && (fails(p) || p.findings.iter().any(|f| f.kind.is_defect() && f.concerns(result))));
    let undecided_s = ids(&|p| side(p) && p.verdict == Verdict::Inconclusive);
    let (statement, statement_points) = if !defect.is_empty() {
        (Statement::DefectFound, defect)
    } else if !undecided_s.is_empty() {
        (Statement::Inconclusive, undecided_s)
    } else {
        (if mine.is_empty() { Statement::NotAudited } else { Statement::Holds }, ids(&side))
    };
    let findings = mine
        .iter()
        .flat_map(|p| p.findings.iter().filter(|f| f.concerns(result)).map(|f| ResultFinding { id: p.id.clone(), kind: f.kind, tests: p.tests, summary: f.summary.clone() }))
        .collect();
    ResultVerdict { soundness, soundness_points, statement, statement_points, findings }
}

#[cfg(test)]
#[path = "result_verdict_test.rs"]
mod result_verdict_test;
