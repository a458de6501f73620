//! Tests of this file's audit points: each point's verdict and deciding numbers, and the
//! `verdict_for` ordering rule.

use super::*;
use crate::papers::model_merging::audit_points::verdict_for;

fn own() -> Vec<AuditPoint> {
    points(&AtomicBool::new(false))
}

fn get<'a>(v: &'a [AuditPoint], id: &str) -> &'a AuditPoint {
    v.iter().find(|p| p.id == id).unwrap_or_else(|| panic!("no point {id}"))
}

#[test]
fn own_points_have_the_expected_verdicts() {
    let v = own();
    let expect = [
        ("A8", Verdict::Holds), // a typo finding, not a counterexample (audit_points::kinds)
        ("A11", Verdict::Counterexample),
        ("S-Prop3.1", Verdict::Counterexample),
        ("A16", Verdict::Counterexample),
        ("S-Thm6.1", Verdict::Holds),
        ("A18", Verdict::Inconclusive),
        ("S-Prop7.1", Verdict::Holds),
        ("A22", Verdict::Inconclusive),
        ("A23", Verdict::Inconclusive),
    ];
    for (id, want) in expect {
        let p = get(&v, id);
        assert_eq!(p.verdict, want, "{id}: {}", p.evidence);
        assert_eq!(p.paper, "model_merging");
        assert!(!p.evidence.contains("computation failed"), "{id}: {}", p.evidence);
    }
    // deciding numbers (spec §3/§19 values, independent of this code)
    let a11 = &get(&v, "A11").data;
    assert!((a11["identity_pi_plus"].as_f64().unwrap() - 0.2876491366).abs() < 1e-10);
    assert!((a11["rr_tau_rob"].as_f64().unwrap() - 0.5999501583).abs() < 1e-10);
    assert!((a11["proof_reverse_h"].as_f64().unwrap() - 0.864666).abs() < 1e-6);
    let a8 = &get(&v, "A8").data;
    assert!(a8["printed"].as_f64().unwrap() > a8["literal"].as_f64().unwrap(), "δ′ = 1e-5 < δ = 1e-3 gives a larger ε");
}

#[test]
fn interrupted_points_are_inconclusive_not_missing() {
    let v = points(&AtomicBool::new(true));
    assert_eq!(v.len(), 11);
    assert!(v.iter().all(|p| p.verdict == Verdict::Inconclusive && p.evidence.contains("interrupted")));
}

#[test]
fn verdict_for_takes_the_worst() {
    let mk = |id: &str, r: &str, v: Verdict| AuditPoint {
        paper: "p".into(),
        id: id.into(),
        results: vec![r.into()],
        title: String::new(),
        verdict: v,
        tests: Default::default(),
        findings: Vec::new(),
        evidence: String::new(),
        data: serde_json::Value::Null,
    };
    let pts = vec![
        mk("a", "Theorem 1", Verdict::Holds),
        mk("b", "Theorem 1", Verdict::Inconclusive),
        mk("c", "Theorem 2", Verdict::Holds),
        mk("d", "Theorem 3", Verdict::Counterexample),
        mk("e", "Theorem 3", Verdict::Inconclusive),
        mk("f", "Theorem 4", Verdict::NotAudited),
    ];
    assert_eq!(verdict_for(&pts, "Theorem 1"), Verdict::Inconclusive);
    assert_eq!(verdict_for(&pts, "Theorem 2"), Verdict::Holds);
    assert_eq!(verdict_for(&pts, "Theorem 3"), Verdict::Counterexample);
    assert_eq!(verdict_for(&pts, "Theorem 4"), Verdict::NotAudited);
    assert_eq!(verdict_for(&pts, "Theorem 9"), Verdict::NotAudited);
    let own = own();
    assert_eq!(verdict_for(&own, "Proposition 3.1"), Verdict::Counterexample);
    assert_eq!(verdict_for(&own, "Proposition 7.1"), Verdict::Inconclusive);
}
