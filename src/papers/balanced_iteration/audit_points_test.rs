use super::*;

#[test]
fn every_point_is_decided_with_its_findings() {
    let never = AtomicBool::new(false);
    let pts = all_points(&never);
    assert_eq!(pts.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(), ["S-Lemma3.12", "S-Cor3.14", "A7", "S-Thm3.11", "S-Prop2.3"]);
    for p in &pts {
        assert_eq!(p.paper, PAPER);
        assert_eq!(p.verdict, Verdict::Holds, "{}: {}", p.id, p.evidence);
        assert!(p.data.get("error").is_none(), "{}", p.id);
    }
    // A7 (spec §4): 1.65789386644 > 1.33384868989 at c = σ = 1, α = 5
    let a7 = &pts[2];
    assert!((a7.data["rows"][0]["lhs"].as_f64().unwrap() - 1.65789386644).abs() < 1e-10);
    assert!((a7.data["rows"][0]["rhs"].as_f64().unwrap() - 1.33384868989).abs() < 1e-10);
    assert!(a7.findings.iter().any(|f| f.kind == FindingKind::Observation));
    // S-Thm3.11: spec §13's (64, 0.01, 0.8) = 45.32173187455
    assert!((pts[3].data["rows"][5]["theorem_3_11"].as_f64().unwrap() - 45.32173187455).abs() < 1e-9);
}

#[test]
fn an_interrupted_run_stops_early() {
    let stop = AtomicBool::new(true);
    assert!(all_points(&stop).is_empty());
}
