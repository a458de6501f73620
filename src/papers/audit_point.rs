//! One audited statement of a paper and its verdict. Paper modules produce these; the audit engine
//! puts them in reports and `dpaudit list` shows the latest verdict per result.

use serde::{Deserialize, Serialize};

/// What a reported number guarantees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Guarantee {
    /// The exact value (up to stated floating-point or MPFR error).
    Exact,
    /// An upper bound on privacy loss (rounded towards more loss).
    Upper,
    /// A lower bound on privacy loss (rounded towards less loss).
    Lower,
    /// An estimate with no one-sided guarantee (e.g. a point Monte Carlo estimate).
    Estimate,
}

/// The outcome of auditing one statement of a paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The statement was checked numerically (against an independent ground truth) and held on
    /// every case tried. Not a proof.
    Holds,
    /// A concrete instance (parameters in the evidence) violates the statement as printed.
    Counterexample,
    /// The check could not decide (e.g. Monte Carlo error bars too wide, or the point is a
    /// question of interpretation).
    Inconclusive,
    /// No audit has been run for this result.
    NotAudited,
}

impl Verdict {
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Counterexample => "counterexample",
            Verdict::Inconclusive => "inconclusive",
            Verdict::NotAudited => "not_audited",
        }
    }
}

/// What an audit point tests: the result's **bound** (soundness — is the stated bound ≥ the
/// truth?) or a **side claim** of the statement. Decides which of a result's two verdicts the
/// point feeds ([`crate::papers::result_verdict`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tested {
    /// The bound itself. Points recorded before this field existed read as `bound` (the
    /// conservative choice: their counterexamples count against soundness).
    #[default]
    Bound,
    /// A tightness or equality claim ("equality holds", a strict gap).
    Tightness,
    /// A convention or notation the statement relies on.
    Convention,
    /// Typography: symbol slips, rendering.
    Typo,
    /// A step the paper uses without proof, or an implicit assumption.
    UnprovenStep,
    /// An algorithm as printed (its steps, arguments, cost).
    Algorithm,
    /// The setting of the paper's experiments (sampling, conversion, adjacency, choices).
    Experiment,
}

impl Tested {
    pub fn name(&self) -> &'static str {
        match self {
            Tested::Bound => "bound",
            Tested::Tightness => "tightness",
            Tested::Convention => "convention",
            Tested::Typo => "typo",
            Tested::UnprovenStep => "unproven_step",
            Tested::Algorithm => "algorithm",
            Tested::Experiment => "experiment",
        }
    }
}

/// What kind of finding an audit point reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FindingKind {
    /// The printed statement is false under the paper's own definitions (parameters given).
    Counterexample,
    /// A slip in the text (symbol, rendering); the intended statement is clear.
    Typo,
    /// True as stated (e.g. asymptotically) but fails in a regime users hit (where given).
    Limitation,
    /// Ambiguous text: which readings, and what each gives.
    Reading,
    /// No claim of the paper is contradicted.
    Observation,
}

impl FindingKind {
    /// Every kind, most serious first (the order reports group by).
    pub const ALL: [FindingKind; 5] = [FindingKind::Counterexample, FindingKind::Typo, FindingKind::Limitation, FindingKind::Reading, FindingKind::Observation];
    pub fn name(&self) -> &'static str {
        match self {
            FindingKind::Counterexample => "counterexample",
            FindingKind::Typo => "typo",
            FindingKind::Limitation => "limitation",
            FindingKind::Reading => "reading",
            FindingKind::Observation => "observation",
        }
    }
    /// A defect of the printed statement (counterexample or typo): makes a result's `statement`
    /// verdict "defect found".
    pub fn is_defect(&self) -> bool {
        matches!(self, FindingKind::Counterexample | FindingKind::Typo)
    }
}

/// One finding of an audit point: its kind and a one-line summary with the deciding parameters
/// and numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    pub kind: FindingKind,
    pub summary: String,
    /// The results (of the point's) the finding concerns; empty = all of the point's results.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<String>,
}

impl Finding {
    pub fn new(kind: FindingKind, summary: impl Into<String>) -> Finding {
        Finding { kind, summary: summary.into(), results: Vec::new() }
    }
    /// Restrict the finding to `results`.
    pub fn only(mut self, results: &[&str]) -> Finding {
        self.results = results.iter().map(|s| s.to_string()).collect();
        self
    }
    /// Does the finding concern `result` (of a point whose results include it)?
    pub fn concerns(&self, result: &str) -> bool {
        self.results.is_empty() || self.results.iter().any(|r| r == result)
    }
}

/// One audit point (e.g. "A1" of the model-merging spec §19) with its verdict and evidence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AuditPoint {
    /// Paper key, e.g. `model_merging`.
    pub paper: String,
    /// Audit identifier, e.g. `A1`.
    pub id: String,
    /// The results of the paper this point concerns, as the paper numbers them
    /// (`Theorem 6.2`, `Algorithm 3`, …).
    pub results: Vec<String>,
    /// One-line statement of what is audited.
    pub title: String,
    /// Whether the claim the point tests holds under the paper's definitions and intended
    /// reading. `counterexample` exactly when a finding has kind `counterexample`.
    pub verdict: Verdict,
    /// What the point tests (bound or which side claim).
    #[serde(default)]
    pub tests: Tested,
    /// What the point found (may be non-empty whatever the verdict: a limitation, a reading, an
    /// observation or a typo does not contradict the claim).
    #[serde(default)]
    pub findings: Vec<Finding>,
    /// What was computed, with parameters and numbers (Markdown, a few lines).
    pub evidence: String,
    /// Machine-readable parameters and values of the deciding computation.
    pub data: serde_json::Value,
}

/// What deciding an audit point yields: verdict, evidence (Markdown) and data.
pub type Decision = (Verdict, String, serde_json::Value);

impl AuditPoint {
    /// Build a point by running its deciding computation `f`; a failing computation becomes
    /// verdict Inconclusive with the error in the evidence (never a panic or a missing point).
    pub fn decide(paper: &str, id: &str, results: &[&str], title: &str, f: impl FnOnce() -> crate::Result<Decision>) -> AuditPoint {
        let (verdict, evidence, data) = match f() {
            Ok(o) => o,
            Err(e) => (Verdict::Inconclusive, format!("computation failed: {e}"), serde_json::json!({ "error": e.to_string() })),
        };
        AuditPoint { paper: paper.into(), id: id.into(), results: results.iter().map(|s| s.to_string()).collect(), title: title.into(), verdict, tests: Tested::Bound, findings: Vec::new(), evidence, data }
    }
}

/// Run point makers in order, stopping early (returning the points done) once `interrupt` is set.
pub fn run_points(jobs: &[fn() -> AuditPoint], interrupt: &std::sync::atomic::AtomicBool) -> Vec<AuditPoint> {
    let mut out = Vec::new();
    for j in jobs {
        if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        out.push(j());
    }
    out
}

/// One audit point as data: id, the results it concerns, title, what it tests, and the
/// computation that [`make_point`] runs.
pub type Job = (&'static str, &'static [&'static str], &'static str, Tested, fn() -> crate::error::Result<Made>);

/// Run `jobs` in order as points of `paper` ([`make_point`] each), stopping early (returning the
/// points done) once `interrupt` is set.
pub fn run_jobs(paper: &str, jobs: &[Job], interrupt: &std::sync::atomic::AtomicBool) -> Vec<AuditPoint> {
    let mut out = Vec::new();
    for &(id, results, title, tests, make) in jobs {
        if interrupt.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        out.push(make_point(paper, id, results, title, tests, make));
    }
    out
}

/// The worst verdict over the points that concern `result` (e.g. `"Theorem 6.1"`):
/// Counterexample > Inconclusive > Holds; no such point (or only NotAudited ones) → NotAudited.
/// The rule both papers use in [`crate::papers::Paper::verdict_for`].
pub fn worst_verdict(points: &[AuditPoint], result: &str) -> Verdict {
    let rank = |v: Verdict| match v {
        Verdict::Counterexample => 3,
        Verdict::Inconclusive => 2,
        Verdict::Holds => 1,
        Verdict::NotAudited => 0,
    };
    points.iter().filter(|p| p.results.iter().any(|r| r == result)).map(|p| p.verdict).max_by_key(|v| rank(*v)).filter(|v| *v != Verdict::NotAudited).unwrap_or(Verdict::NotAudited)
}

/// What deciding an audit point yields: verdict, evidence, data and findings.
pub type Made = (Verdict, String, serde_json::Value, Vec<Finding>);

/// Build a point of `paper` by running `make`; a failing computation becomes Inconclusive with
/// the error in the evidence and no findings (never a panic). Shared by the papers whose points
/// are plain `fn() -> Result<Made>` computations.
pub fn make_point(paper: &str, id: &str, results: &[&str], title: &str, tests: Tested, make: fn() -> crate::error::Result<Made>) -> AuditPoint {
    let (verdict, evidence, data, findings) =
        make().unwrap_or_else(|e| (Verdict::Inconclusive, format!("computation failed: {e}"), serde_json::json!({"error": e.to_string()}), Vec::new()));
    AuditPoint { paper: paper.into(), id: id.into(), results: results.iter().map(|s| s.to_string()).collect(), title: title.into(), verdict, tests, findings, evidence, data }
}
