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
    pub verdict: Verdict,
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
        AuditPoint { paper: paper.into(), id: id.into(), results: results.iter().map(|s| s.to_string()).collect(), title: title.into(), verdict, evidence, data }
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
