use super::*;

#[test]
fn every_point_is_decided_with_its_findings() {
    let never = AtomicBool::new(false);
    let pts = all_points(&never);
    assert_eq!(
        pts.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(),
        ["S-Lemma3.12", "S-Cor3.14", "A7", "S-Thm3.11", "S-Prop2.3", "A1", "A2", "S-Thm3.1", "A3", "A4", "A6", "S-Lemma3.15", "S-Apps", "S-Rem3.10", "A10", "A11", "A13"]
    );
    for p in &pts {
        assert_eq!(p.paper, PAPER);
        let want = if ["A1", "A6"].contains(&p.id.as_str()) { Verdict::Counterexample } else { Verdict::Holds };
        assert_eq!(p.verdict, want, "{}: {}", p.id, p.evidence);
        assert_eq!(p.findings.iter().any(|f| f.kind == FindingKind::Counterexample), want == Verdict::Counterexample, "{}", p.id);
        assert!(p.data.get("error").is_none(), "{}", p.id);
    }
    let by = |id: &str| pts.iter().find(|p| p.id == id).unwrap();
    // A1 (spec §1.4, independently re-derived): d = 2, k = 1, c = σ = 1, α = 2: exact 0.569042599955 > R^paper 0.550166659353
    let a1 = &by("A1").data["rows"][0];
    assert!((a1["exact_reverse"].as_f64().unwrap() - 0.569042599955).abs() < 1e-11 && (a1["r_paper"].as_f64().unwrap() - 0.550166659353).abs() < 1e-11);
    let a1b = &by("A1").data["rows"][1];
    assert!((a1b["exact_reverse"].as_f64().unwrap() - 0.131353475246).abs() < 1e-11 && (a1b["r_paper"].as_f64().unwrap() - 0.128677530792).abs() < 1e-11);
    // A2: no violation of F ≥ R; the margin is small but positive (spec §2: 4.9e-6 over its grid)
    assert!(by("A2").data["violations"].as_array().unwrap().is_empty() && by("A2").data["min_margin"].as_f64().unwrap() > 0.0);
    // A3 (spec §1.4 (i)): printed R^(2) at d = 10, k = 1, c = σ = 1, α = 2 is −0.6728229241
    assert!((by("A3").data["printed_eq2"].as_f64().unwrap() + 0.672822924081).abs() < 1e-11);
    assert!(by("A3").findings.iter().all(|f| f.kind == FindingKind::Typo) && by("A4").findings.iter().all(|f| f.kind == FindingKind::Typo));
    assert!(by("A11").findings.iter().any(|f| f.kind == FindingKind::Limitation));
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
