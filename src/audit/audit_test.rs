//! Unit tests of spec parsing, planning, judging and exporting. Expected values are worked out
//! by hand from the criteria's definitions in `audits/README.md`.

use super::engine::{AuditReport, CheckResult, Outcome};
use super::entry::{EntryStatus, Tally};
use super::plan::{CheckKind, Criteria, Expect, Plan, PlannedCheck};
use super::report::{audit_json, audit_markdown, profile_json};
use super::spec::Spec;
use super::verdict::judge;
use crate::error::Error;
use crate::mechanisms::Mechanism;
use crate::num::Interval;
use crate::profile::{Method, MethodOutcome, ProfileReport, ProfileRequest, Query};

fn profile_parts(c: &PlannedCheck) -> (&ProfileRequest, &Criteria) {
    match &c.kind {
        CheckKind::Profile { request, criteria } => (request, criteria),
        other => panic!("expected a profile check, got {}", other.name()),
    }
}

const ONE_CHECK: &str = r#"
title = "t"
[[check]]
name = "g"
mechanism = "gaussian"
noise_multiplier = 1.0
delta = 1e-5
methods = ["exact", "fft"]
max_rel_width = { fft = 1e-3 }
  [[check.reference]]
  source = "mpmath-50"
  value = 4.3771780956812246
"#;

fn parse_err(text: &str) -> (usize, String) {
    match Spec::parse("spec.toml", text).and_then(|s| Plan::from_spec(&s)) {
        Err(Error::Parse { file, line, message }) => {
            assert_eq!(file, "spec.toml");
            (line, message)
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn valid_spec_plans_one_line_per_check() {
    let spec = Spec::parse("spec.toml", ONE_CHECK).unwrap();
    let plan = Plan::from_spec(&spec).unwrap();
    assert_eq!(plan.checks.len(), 1);
    let c = &plan.checks[0];
    assert_eq!(c.line, 4, "line of the check's name key");
    let (request, criteria) = profile_parts(c);
    assert_eq!(request.methods, vec![Method::Exact, Method::Fft]);
    assert_eq!(request.query, Query::EpsilonAt { delta: 1e-5 });
    assert_eq!(criteria.references[0].expect, Expect::Inside);
    assert_eq!(criteria.references[0].methods, vec![Method::Exact, Method::Fft], "default: certified methods run");
    let lines = plan.lines();
    assert_eq!(lines.len(), 1);
    assert!(lines[0].starts_with("[1/1] g: gaussian(S=1, C=1) × T=1, ε at δ = 1e-5"), "{}", lines[0]);
}

#[test]
fn unknown_key_is_rejected_with_its_line() {
    let (line, msg) = parse_err(&ONE_CHECK.replace("delta = 1e-5", "delta = 1e-5\ndelat = 2"));
    assert_eq!(line, 8);
    assert!(msg.contains("delat"), "{msg}");
}

#[test]
fn malformed_toml_names_the_line() {
    let (line, _) = parse_err("[[check]]\nname = \"x\"\nmechanism = \n");
    assert_eq!(line, 3);
}

#[test]
fn empty_spec_and_spec_without_checks_are_errors() {
    assert_eq!(parse_err("  \n").0, 1);
    assert!(parse_err("title = \"x\"\n").1.contains("no [[check]]"));
}

#[test]
fn invalid_parameters_name_the_check() {
    let cases = [
        ("noise_multiplier = 1.0", "noise_multiplier = -1.0", "noise multiplier"),
        ("noise_multiplier = 1.0", "noise_multiplier = nan", "noise multiplier"),
        ("delta = 1e-5", "delta = 1.0", "delta"),
        ("delta = 1e-5", "delta = 1e-5\nepsilon = 1.0", "exactly one"),
        ("delta = 1e-5", "", "exactly one"),
        ("mechanism = \"gaussian\"", "mechanism = \"gaussan\"", "unknown mechanism"),
        ("delta = 1e-5", "delta = 1e-5\nsteps = 0", "steps"),
        ("methods = [\"exact\", \"fft\"]", "methods = [\"exact\", \"fast\"]", "unknown method"),
        ("max_rel_width = { fft = 1e-3 }", "max_rel_width = { fft = -1.0 }", "max_rel_width"),
    ];
    for (from, to, needle) in cases {
        let (line, msg) = parse_err(&ONE_CHECK.replace(from, to));
        assert_eq!(line, 4, "{to}: {msg}");
        assert!(msg.starts_with("check 'g': ") && msg.contains(needle), "{to}: {msg}");
    }
}

#[test]
fn duplicate_names_and_bad_references_are_errors() {
    let twice = format!("{ONE_CHECK}\n{}", ONE_CHECK.replace("title = \"t\"", ""));
    assert!(parse_err(&twice).1.contains("earlier check"));
    let enc = ONE_CHECK.replace("value = 4.3771780956812246", "value = 4.3\nexpect = \"encloses\"");
    assert!(parse_err(&enc).1.contains("encloses"));
    let mc = ONE_CHECK.replace("value = 4.3771780956812246", "value = 4.3\nmethods = [\"mc\"]");
    assert!(parse_err(&mc).1.contains("not among the check's methods"));
}

fn outcome(m: Method, iv: Option<(f64, f64)>) -> MethodOutcome {
    MethodOutcome { method: m, interval: iv.map(|(a, b)| Interval { lower: a, upper: b }), guarantee: "g".into(), detail: "d".into(), seconds: 0.0 }
}

fn report(outcomes: Vec<MethodOutcome>) -> ProfileReport {
    ProfileReport {
        mechanism: Mechanism::from_name("gaussian", 1.0, None, None).unwrap(),
        steps: 1,
        query: Query::EpsilonAt { delta: 1e-5 },
        outcomes,
        agree: true,
    }
}

fn criteria(extra: &str) -> super::plan::Criteria {
    let text = ONE_CHECK.replace("methods = [\"exact\", \"fft\"]", "methods = [\"all\"]").replace("max_rel_width = { fft = 1e-3 }", extra);
    let text = text.split("  [[check.reference]]").next().unwrap();
    profile_parts(&Plan::from_spec(&Spec::parse("spec.toml", text).unwrap()).unwrap().checks[0]).1.clone()
}

#[test]
fn overlap_width_and_positive_upper() {
    let c = criteria("max_rel_width = { fft = 1e-3 }\nrequire_positive_upper = true");
    // fft [4.0, 4.01]: width 0.01, |midpoint| 4.005 → relative 2.5e-3 > 1e-3; exact and fft
    // overlap; mc [5, 6] overlaps neither.
    let r = report(vec![outcome(Method::Exact, Some((4.005, 4.005))), outcome(Method::Fft, Some((4.0, 4.01))), outcome(Method::Mc, Some((5.0, 6.0)))]);
    let f = judge(&c, &r);
    let get = |name: &str| f.iter().find(|x| x.criterion == name).unwrap();
    assert!(!get("overlap").passed && get("overlap").message.contains("exact") && get("overlap").message.contains("mc"));
    assert!(!get("width").passed);
    assert!(get("positive-upper").passed);
    let ok = report(vec![outcome(Method::Exact, Some((4.0, 4.0))), outcome(Method::Fft, Some((3.999, 4.001))), outcome(Method::Mc, None)]);
    assert!(judge(&c, &ok).iter().all(|x| x.passed), "{:?}", judge(&c, &ok));
    let zero = report(vec![outcome(Method::Exact, Some((0.0, 0.0))), outcome(Method::Fft, Some((0.0, 0.0)))]);
    assert!(!judge(&c, &zero).iter().find(|x| x.criterion == "positive-upper").unwrap().passed);
    let none = report(vec![outcome(Method::Exact, None)]);
    assert_eq!(judge(&c, &none)[0].criterion, "coverage");
    assert!(!judge(&c, &none)[0].passed);
}

fn with_reference(reference: &str) -> super::plan::Criteria {
    let text = ONE_CHECK.split("  [[check.reference]]").next().unwrap().to_string() + "  [[check.reference]]\n  source = \"s\"\n" + reference;
    profile_parts(&Plan::from_spec(&Spec::parse("spec.toml", &text).unwrap()).unwrap().checks[0]).1.clone()
}

#[test]
fn reference_expectations() {
    // Certified fft interval [1.8230, 1.8290].
    let r = report(vec![outcome(Method::Fft, Some((1.823, 1.829)))]);
    let pass = |refspec: &str| {
        let f = judge(&with_reference(refspec), &r);
        f.iter().find(|x| x.criterion == "reference").unwrap().passed
    };
    assert!(pass("value = 1.8282"));
    assert!(!pass("value = 1.83"));
    assert!(pass("value = 1.8295\nabs_tol = 1e-3"), "slack reaches the interval");
    assert!(pass("lower = 1.8181\nupper = 1.8384\nexpect = \"encloses\""));
    assert!(!pass("lower = 1.825\nupper = 1.8384\nexpect = \"encloses\""), "reference tighter than ours");
    assert!(pass("value = 2.1014\nexpect = \"upper_bound\""));
    // An accountant claiming ε ≤ 1.6177 when the certified lower bound is 1.823: unsound.
    assert!(!pass("value = 1.6177\nexpect = \"upper_bound\""));
    assert!(pass("value = 1.6177\nexpect = \"lower_bound\""));
    assert!(!pass("value = 1.9\nexpect = \"lower_bound\""));
    assert!(pass("value = 1.6177\nexpect = \"info\""));
}

#[test]
fn exporters_summary_first_and_infinities_as_strings() {
    let mut p = report(vec![outcome(Method::Exact, Some((4.0, f64::INFINITY))), outcome(Method::Fft, None)]);
    p.agree = true;
    let plan = Plan::from_spec(&Spec::parse("spec.toml", ONE_CHECK).unwrap()).unwrap();
    let request = profile_parts(&plan.checks[0]).0.clone();
    let j = profile_json(&p, &request.methods);
    assert_eq!(j["exact"]["upper"], "inf");
    assert_eq!(j["exact"]["lower"], 4.0);
    assert!(j["fft"].is_null() && j["details"]["fft"]["status"] == "not applicable");
    assert!(j["mc"].is_null() && j["details"]["mc"]["status"] == "not requested");
    let res = CheckResult { name: "g".into(), note: None, outcome: Outcome::Profile { request, report: Some(p) }, findings: vec![], passed: true, tally: Tally::of([EntryStatus::Pass]), seconds: 0.0 };
    let a = AuditReport { title: "t".into(), label: "audit".into(), description: None, source: "spec.toml".into(), results: vec![res], seconds: 0.0 };
    let md = audit_markdown(&a, &[]);
    let table = md.find("| # | check").unwrap();
    let section = md.find("## 1. g — PASS").unwrap();
    assert!(table < section);
    assert_eq!(a.status_line(), "audit: 1 checks, 1 passed, 0 failed — PASS");
    let js = audit_json(&a, &[]);
    assert_eq!(js["status"], "PASS");
    assert_eq!(js["results"][0]["exact"]["upper"], "inf");
}
