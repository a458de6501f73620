use super::*;
use crate::papers::audit_point::Finding;

fn point(id: &str, results: &[&str], v: Verdict, tests: Tested, findings: Vec<Finding>) -> AuditPoint {
    AuditPoint {
        paper: "p".into(),
        id: id.into(),
        results: results.iter().map(|s| s.to_string()).collect(),
        title: String::new(),
        verdict: v,
        tests,
        findings,
        evidence: String::new(),
        data: serde_json::Value::Null,
    }
}

/// The Theorem 6.1 shape: the bound holds, a tightness side claim fails → soundness holds,
/// statement defect found, old verdict counterexample.
#[test]
fn tightness_counterexample_does_not_make_the_bound_unsound() {
    let pts = vec![
        point("S", &["T"], Verdict::Holds, Tested::Bound, vec![]),
        point("A", &["T"], Verdict::Counterexample, Tested::Tightness, vec![Finding::new(FindingKind::Counterexample, "equality fails at λ = e₁")]),
    ];
    let r = result_verdict(&pts, "p", "T");
    assert_eq!((r.soundness, r.statement), (Soundness::Holds, Statement::DefectFound));
    assert_eq!((r.soundness_points.clone(), r.statement_points.clone()), (vec!["S".to_string()], vec!["A".to_string()]));
    assert_eq!(r.findings.len(), 1);
    assert_eq!((r.findings[0].id.as_str(), r.findings[0].kind), ("A", FindingKind::Counterexample));
    assert_eq!(r.audit_verdict(), Verdict::Counterexample);
}

#[test]
fn bound_counterexample_is_unsound_whatever_else() {
    let pts = vec![
        point("S", &["T"], Verdict::Holds, Tested::Bound, vec![]),
        point("A1", &["T", "U"], Verdict::Counterexample, Tested::Bound, vec![Finding::new(FindingKind::Counterexample, "x")]),
        point("Q", &["T"], Verdict::Inconclusive, Tested::Bound, vec![]),
    ];
    let r = result_verdict(&pts, "p", "T");
    assert_eq!((r.soundness, r.soundness_points.clone()), (Soundness::Unsound, vec!["A1".to_string()]));
    assert_eq!(r.statement, Statement::Holds, "no side-claim point: nothing found");
    assert_eq!(result_verdict(&pts, "p", "U").soundness, Soundness::Unsound);
    assert_eq!(result_verdict(&pts[2..], "p", "T").soundness, Soundness::Inconclusive);
}

/// Limitations, readings and observations are listed but are not defects; a typo is; a finding
/// restricted to another result does not count here.
#[test]
fn only_counterexamples_and_typos_are_defects() {
    let mk = |k: FindingKind| point("X", &["T", "U"], Verdict::Holds, Tested::Algorithm, vec![Finding::new(k, "s")]);
    for k in [FindingKind::Limitation, FindingKind::Reading, FindingKind::Observation] {
        let r = result_verdict(&[mk(k)], "p", "T");
        assert_eq!((r.soundness, r.statement, r.audit_verdict()), (Soundness::NotAudited, Statement::Holds, Verdict::Holds), "{k:?}");
        assert_eq!(r.findings.len(), 1);
    }
    // A typo is a defect of the statement but not a counterexample: the old single verdict
    // keeps `holds` (shifted interpolation's Theorem 4.6, whose only defect is the E* table typo).
    let typo = result_verdict(&[mk(FindingKind::Typo), mk(FindingKind::Limitation)], "p", "T");
    assert_eq!((typo.statement, typo.audit_verdict()), (Statement::DefectFound, Verdict::Holds));
    let scoped = point("A9", &["T", "U"], Verdict::Counterexample, Tested::Tightness, vec![Finding::new(FindingKind::Limitation, "l"), Finding::new(FindingKind::Counterexample, "c").only(&["T"])]);
    let (t, u) = (result_verdict(std::slice::from_ref(&scoped), "p", "T"), result_verdict(std::slice::from_ref(&scoped), "p", "U"));
    assert_eq!((t.statement, t.findings.len()), (Statement::DefectFound, 2));
    assert_eq!((u.findings.len(), u.findings[0].kind, u.statement), (1, FindingKind::Limitation, Statement::Holds));
    // a counterexample point without findings (an older verdicts file) fails every result
    let bare = point("B", &["T", "U"], Verdict::Counterexample, Tested::Tightness, vec![]);
    assert_eq!(result_verdict(&[bare], "p", "U").statement, Statement::DefectFound);
}

#[test]
fn undecided_and_unaudited() {
    let pts = vec![point("R", &["T"], Verdict::Inconclusive, Tested::Experiment, vec![Finding::new(FindingKind::Reading, "r")]), point("N", &["V"], Verdict::NotAudited, Tested::Bound, vec![])];
    let r = result_verdict(&pts, "p", "T");
    assert_eq!((r.soundness, r.statement, r.audit_verdict()), (Soundness::NotAudited, Statement::Inconclusive, Verdict::Inconclusive));
    let v = result_verdict(&pts, "p", "V");
    assert_eq!((v.soundness, v.statement, v.audit_verdict()), (Soundness::NotAudited, Statement::NotAudited, Verdict::NotAudited));
    assert_eq!(result_verdict(&pts, "other", "T").statement, Statement::NotAudited);
    assert_eq!(serde_json::to_value(Statement::DefectFound).unwrap(), "defect found");
    assert_eq!(serde_json::to_value(Soundness::NotAudited).unwrap(), "not_audited");
}
