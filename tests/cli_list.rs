//! `dpaudit list`: every registered result with a valid verdict; verdict files; the recorded
//! verdicts agree with a live run (so stale verdicts fail CI).

use assert_cmd::Command;
use serde_json::Value;
use std::io::Write;

fn list(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("dpaudit").unwrap().arg("list").args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

const RESULTS: [&str; 16] = [
    "Definition 2.1", "Proposition 3.1", "Lemma 4.1", "Theorem 4.2", "Theorem 5.1", "Algorithm 1", "Theorem 5.2", "Algorithm 2",
    "Theorem 6.1", "Theorem 6.2", "Algorithm 3", "Lemma 6.3", "Theorem 6.4", "Corollary 6.5", "Algorithm 4", "Proposition 7.1",
];

#[test]
fn list_json_has_every_result_with_valid_verdicts() {
    let (code, out, err) = list(&["--json"]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = serde_json::from_str(&out).unwrap();
    for r in RESULTS {
        let row = rows.iter().find(|x| x["result"] == r && x["paper"] == "model_merging").unwrap_or_else(|| panic!("{r} missing"));
        assert!(["exact", "upper", "lower", "estimate"].contains(&row["guarantee"].as_str().unwrap()), "{row}");
        assert!(["holds", "counterexample", "inconclusive", "not_audited"].contains(&row["audit_verdict"].as_str().unwrap()), "{row}");
        assert!(row["function"].as_str().unwrap().starts_with("crate::papers::model_merging::"));
        assert!(["holds", "unsound", "inconclusive", "not_audited"].contains(&row["soundness"].as_str().unwrap()), "{row}");
        assert!(["holds", "defect found", "inconclusive", "not_audited"].contains(&row["statement"].as_str().unwrap()), "{row}");
        for f in row["findings"].as_array().unwrap() {
            assert!(f["id"].is_string() && f["summary"].is_string(), "{f}");
            assert!(["counterexample", "typo", "limitation", "reading", "observation"].contains(&f["kind"].as_str().unwrap()), "{f}");
        }
    }
    // issue 8 acceptance: Theorem 6.1's bound holds, with a tightness finding (A16); A1 makes the
    // LC accounting for T > 1 unsound.
    let row = |r: &str| rows.iter().find(|x| x["result"] == r).unwrap().clone();
    let t61 = row("Theorem 6.1");
    assert_eq!((t61["soundness"].as_str(), t61["statement"].as_str()), (Some("holds"), Some("defect found")), "{t61}");
    assert_eq!(t61["soundness_points"], serde_json::json!(["S-Thm6.1"]));
    assert!(t61["findings"].as_array().unwrap().iter().any(|f| f["id"] == "A16" && f["kind"] == "counterexample" && f["tests"] == "tightness"), "{t61}");
    assert_eq!(t61["audit_verdict"], "counterexample", "worst of the two, for compatibility");
    for r in ["Theorem 6.2", "Corollary 6.5", "Algorithm 3", "Algorithm 4"] {
        let x = row(r);
        assert_eq!(x["soundness"], "unsound", "{x}");
        assert!(x["soundness_points"].as_array().unwrap().contains(&serde_json::json!("A1")), "{x}");
    }
    let l63 = row("Lemma 6.3");
    assert_eq!((l63["soundness"].as_str(), l63["statement"].as_str()), (Some("holds"), Some("holds")), "A4 is a reading: {l63}");
    let (code, text, _) = list(&[]);
    assert_eq!(code, 0);
    assert!(text.contains("Theorem 6.2") && text.contains("16 results"), "{text}");
    assert!(text.contains("holds (S-Thm6.1)") && text.contains("defect found (A16)") && text.contains("unsound (A1)"), "{text}");
    assert!(text.contains("A16 [counterexample] Theorem 6.1:"), "{text}");
}

#[test]
fn verdicts_file_overrides_recorded_verdicts() {
    let report = r#"{"generated": "test", "audit_points": [
        {"paper": "model_merging", "id": "X1", "results": ["Theorem 5.1"], "title": "t", "verdict": "counterexample", "evidence": "", "data": null},
        {"paper": "model_merging", "id": "X2", "results": ["Theorem 5.1", "Lemma 4.1"], "title": "t", "verdict": "holds", "evidence": "", "data": null}]}"#;
    let mut f = tempfile::Builder::new().suffix(".json").tempfile().unwrap();
    f.write_all(report.as_bytes()).unwrap();
    let (code, out, err) = list(&["--json", "--verdicts", f.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let rows: Vec<Value> = serde_json::from_str(&out).unwrap();
    let v = |r: &str| rows.iter().find(|x| x["result"] == r).unwrap()["audit_verdict"].as_str().unwrap().to_string();
    assert_eq!(v("Theorem 5.1"), "counterexample");
    assert_eq!(v("Lemma 4.1"), "holds");
    assert_eq!(v("Theorem 6.2"), "not_audited");
    // points without `tests`/`findings` (older files) read as bound points
    let s = |r: &str| rows.iter().find(|x| x["result"] == r).unwrap()["soundness"].as_str().unwrap().to_string();
    assert_eq!((s("Theorem 5.1"), s("Lemma 4.1"), s("Theorem 6.2")), ("unsound".into(), "holds".into(), "not_audited".into()));
    let mut bad = tempfile::Builder::new().suffix(".json").tempfile().unwrap();
    bad.write_all(b"{\"checks\": []}").unwrap();
    let (code, _, err) = list(&["--verdicts", bad.path().to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
}

/// The recorded verdicts (`audits/verdicts/model_merging.json`, embedded in the binary) must
/// agree with a live run of every audit point: regenerate with `dpaudit list --record-verdicts`.
#[test]
fn recorded_verdicts_match_a_live_run() {
    let text = std::fs::read_to_string("audits/verdicts/model_merging.json").unwrap();
    let recorded = dpaudit::papers::registry::parse_points("model_merging.json", &text).unwrap();
    let live = dpaudit::papers::model_merging::audit_points::all_points(&std::sync::atomic::AtomicBool::new(false));
    let key = |p: &dpaudit::papers::AuditPoint| (p.id.clone(), p.verdict, p.results.clone(), p.tests, p.findings.iter().map(|f| (f.kind, f.results.clone())).collect::<Vec<_>>());
    let mut a: Vec<_> = recorded.iter().map(key).collect();
    let mut b: Vec<_> = live.iter().map(key).collect();
    a.sort_by(|x, y| x.0.cmp(&y.0));
    b.sort_by(|x, y| x.0.cmp(&y.0));
    assert_eq!(a, b, "recorded verdicts are stale: run `dpaudit list --record-verdicts`");
}
