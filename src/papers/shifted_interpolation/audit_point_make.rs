//! The constructor shared by the side-claim points ([`super::audit_points`]) and the soundness
//! points ([`super::audit_points_bounds`]) of this paper (its own file so that neither of those
//! imports the other: no import cycle, `tests/layers.rs`).

use super::PAPER;
use crate::error::Result;
use crate::papers::{AuditPoint, Finding, Tested, Verdict};
use serde_json::json;

/// What deciding a point yields: verdict, evidence, data and findings.
pub type Made = (Verdict, String, serde_json::Value, Vec<Finding>);

/// Build a point by running `make`; a failing computation becomes Inconclusive with the error
/// in the evidence and no findings (never a panic).
pub fn point(id: &str, results: &[&str], title: &str, tests: Tested, make: fn() -> Result<Made>) -> AuditPoint {
    let (verdict, evidence, data, findings) = make().unwrap_or_else(|e| (Verdict::Inconclusive, format!("computation failed: {e}"), json!({"error": e.to_string()}), Vec::new()));
    AuditPoint { paper: PAPER.into(), id: id.into(), results: results.iter().map(|s| s.to_string()).collect(), title: title.into(), verdict, tests, findings, evidence, data }
}
