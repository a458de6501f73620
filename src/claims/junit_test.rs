use super::*;

fn case(name: &str, outcome: CaseOutcome, detail: &str) -> Case {
    Case { name: name.into(), classname: "dpaudit.claims.acc".into(), seconds: 0.25, outcome, detail: detail.into() }
}

#[test]
fn rendered_xml_parses_counts_and_escapes() {
    let suites = [Suite {
        name: "claims: a&b.csv".into(),
        seconds: 1.5,
        cases: vec![
            case("ok", CaseOutcome::Passed, ""),
            case("bad <1>", CaseOutcome::Failed { kind: "unsound".into(), message: "ε \"claimed\" < truth & more".into() }, "line 3\u{7}bell"),
            case("maybe", CaseOutcome::Skipped { message: "inconclusive: 'κ'".into() }, "note"),
        ],
    }];
    let xml = render("dpaudit claims", &suites);
    let doc = roxmltree::Document::parse(&xml).unwrap_or_else(|e| panic!("{e}\n{xml}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "testsuites");
    assert_eq!((root.attribute("tests"), root.attribute("failures"), root.attribute("skipped"), root.attribute("errors")), (Some("3"), Some("1"), Some("1"), Some("0")));
    let suite = root.children().find(|n| n.has_tag_name("testsuite")).unwrap();
    assert_eq!(suite.attribute("name"), Some("claims: a&b.csv"));
    let cases: Vec<_> = suite.children().filter(|n| n.has_tag_name("testcase")).collect();
    assert_eq!(cases.len(), 3);
    assert_eq!(cases[1].attribute("name"), Some("bad <1>"));
    let failure = cases[1].children().find(|n| n.has_tag_name("failure")).unwrap();
    assert_eq!(failure.attribute("message"), Some("ε \"claimed\" < truth & more"));
    assert_eq!(failure.attribute("type"), Some("unsound"));
    // The BEL control character (not allowed in XML 1.0) became U+FFFD.
    let out = cases[1].children().find(|n| n.has_tag_name("system-out")).unwrap();
    assert_eq!(out.text(), Some("line 3\u{FFFD}bell"));
    assert!(cases[2].children().any(|n| n.has_tag_name("skipped") && n.attribute("message") == Some("inconclusive: 'κ'")));
    assert_eq!(cases[0].children().filter(|n| n.is_element()).count(), 0);
    assert_eq!(cases[0].attribute("time"), Some("0.250"));
}
