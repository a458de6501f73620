use super::*;

/// Each registered function exists: the file named by its path (for a method `m::Type::f`, the
/// file of `m`) declares `pub fn <name>` (a renamed or removed function fails here, not silently
/// in `dpaudit list`).
#[test]
fn every_registered_function_exists() {
    let root = env!("CARGO_MANIFEST_DIR");
    for e in &entries() {
        let path = e.function.strip_prefix("crate::").expect("paths start with crate::");
        let mut parts: Vec<&str> = path.split("::").collect();
        let name = parts.pop().unwrap();
        // a method `module::Type::name` lives in the module's file
        if parts.last().is_some_and(|p| p.starts_with(|c: char| c.is_ascii_uppercase())) {
            parts.pop();
        }
        let file = format!("{root}/src/{}.rs", parts.join("/"));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|_| panic!("{}: {file} missing", e.result));
        let decl = format!("pub fn {name}");
        assert!(text.contains(&format!("{decl}(")) || text.contains(&format!("{decl}<")), "{}: `{decl}` not in {file}", e.result);
    }
}

#[test]
fn results_are_unique_and_numbered() {
    let all = entries();
    for (i, e) in all.iter().enumerate() {
        assert!(all[..i].iter().all(|o| o.result != e.result || o.paper != e.paper), "duplicate {}", e.result);
        let kind = e.result.split(' ').next().unwrap();
        assert!(["Definition", "Proposition", "Lemma", "Theorem", "Corollary", "Algorithm", "Remark", "Example"].contains(&kind), "{}", e.result);
    }
}

fn point(id: &str, results: &[&str], v: Verdict) -> AuditPoint {
    AuditPoint { paper: "model_merging".into(), id: id.into(), results: results.iter().map(|s| s.to_string()).collect(), title: String::new(), verdict: v, tests: Default::default(), findings: Vec::new(), evidence: String::new(), data: serde_json::Value::Null }
}

#[test]
fn verdict_is_worst_over_points() {
    let pts = vec![point("A1", &["Algorithm 3", "Theorem 6.2"], Verdict::Counterexample), point("A3", &["Theorem 6.2"], Verdict::Holds), point("A9", &["Lemma 4.1"], Verdict::Inconclusive)];
    assert_eq!(verdict_of(&pts, "model_merging", "Theorem 6.2"), Verdict::Counterexample);
    assert_eq!(verdict_of(&pts, "model_merging", "Lemma 4.1"), Verdict::Inconclusive);
    assert_eq!(verdict_of(&pts, "model_merging", "Theorem 5.1"), Verdict::NotAudited);
    assert_eq!(verdict_of(&pts, "other", "Theorem 6.2"), Verdict::NotAudited);
    assert_eq!(points_of(&pts, "model_merging", "Theorem 6.2"), vec!["A1", "A3"]);
}

#[test]
fn points_parse_from_array_or_report_object() {
    let pts = vec![point("A1", &["Algorithm 3"], Verdict::Counterexample)];
    let arr = serde_json::to_string(&pts).unwrap();
    assert_eq!(parse_points("a.json", &arr).unwrap(), pts);
    let obj = format!("{{\"generated\": \"x\", \"audit_points\": {arr}}}");
    assert_eq!(parse_points("r.json", &obj).unwrap(), pts);
    assert!(parse_points("r.json", "{\"checks\": []}").is_err());
    assert!(matches!(parse_points("r.json", "[\n{\"id\": 3}"), Err(Error::Parse { .. })));
    assert!(recorded_points().is_ok());
}

#[test]
fn list_verdicts_rejects_unknown_papers_results_and_duplicate_ids() {
    // Issue 14: `list --verdicts` accepted all three silently.
    let mut other = point("A1", &["Algorithm 3"], Verdict::Holds);
    other.paper = "no_such_paper".into();
    let e = parse_points("v.json", &serde_json::to_string(&[other]).unwrap()).unwrap_err();
    assert!(e.to_string().contains("unknown paper 'no_such_paper'"), "{e}");
    let unknown = point("A1", &["Theorem 99.9"], Verdict::Holds);
    let e = parse_points("v.json", &serde_json::to_string(&[unknown]).unwrap()).unwrap_err();
    assert!(e.to_string().contains("unknown result 'Theorem 99.9'"), "{e}");
    let dup = [point("A1", &["Algorithm 3"], Verdict::Holds), point("A1", &["Theorem 6.2"], Verdict::Holds)];
    let e = parse_points("v.json", &serde_json::to_string(&dup).unwrap()).unwrap_err();
    assert!(e.to_string().contains("duplicate id 'A1'") && e.to_string().starts_with("v.json:1: audit point 2"), "{e}");
}

/// Every registered result names a golden file that exists and is registered with the golden
/// checker (so `dpaudit golden check` covers it).
#[test]
fn every_result_has_a_registered_golden_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("golden");
    let registered: Vec<&str> = crate::papers::ALL.iter().flat_map(|p| p.golden_tables().iter().map(|g| g.file)).collect();
    for e in &entries() {
        assert!(root.join(e.golden).is_file(), "{}: golden file {} missing", e.result, e.golden);
        assert!(registered.contains(&e.golden), "{}: golden file {} not registered", e.result, e.golden);
    }
}
