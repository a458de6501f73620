//! Claims, paper and golden checks: spec validation, row roles, entry statuses and the status
//! line. Expected statuses follow the tables of `audits/README.md` (worked by hand).

use super::claims_check::{classify, glob_match, Role};
use super::engine::{AuditReport, CheckResult, Outcome};
use super::entry::{EntryStatus, Tally};
use super::paper_check;
use super::plan::{CheckKind, Plan};
use super::spec::Spec;
use crate::claims::{ClaimVerdict, RouteKind, Verdict};
use crate::error::Error;
use crate::num::Interval;

fn verdict(v: Verdict) -> ClaimVerdict {
    let iv = Interval { lower: 1.0, upper: 1.1 };
    ClaimVerdict {
        id: "r".into(),
        accountant: "acc".into(),
        mechanism: "gaussian".into(),
        noise_multiplier: 1.0,
        sensitivity: 1.0,
        sampling_rate: None,
        steps: 1,
        epsilon: 1.0,
        delta: 1e-5,
        verdict: v,
        true_epsilon: iv,
        true_delta: iv,
        tightness: Some(1.0 / 1.1),
        route: RouteKind::Exact,
        method: String::new(),
        mc_evidence: None,
        seconds: 0.0,
        notes: vec![],
        line: 3,
        kind: crate::claims::ClaimKind::EpsDelta,
        kind_truth: None,
        sigma_min: None,
    }
}

#[test]
fn globs() {
    assert!(glob_match("prv_accountant-*:lower", "prv_accountant-0.2.0:lower"));
    assert!(!glob_match("prv_accountant-*:lower", "prv_accountant-0.2.0:upper"));
    assert!(glob_match("*", ""));
    assert!(glob_match("a*b*c", "aXbYc") && !glob_match("a*b*c", "acb"));
    assert!(glob_match("exact", "exact") && !glob_match("exact", "exactly"));
    assert!(!glob_match("ab*ba", "aba"), "prefix and suffix must not overlap");
}

#[test]
fn roles_and_expected_verdicts() {
    use EntryStatus::{Fail, Info, Pass};
    use Verdict::{Sound, Unsound};
    let table = [
        (Role::Guarantee, None, Sound, Pass),
        (Role::Guarantee, None, Unsound, Fail),
        (Role::Guarantee, None, Verdict::Inconclusive, EntryStatus::Inconclusive),
        (Role::LowerValue, None, Unsound, Pass),
        (Role::LowerValue, None, Sound, Fail),
        (Role::LowerValue, None, Verdict::Inconclusive, EntryStatus::Inconclusive),
        (Role::Estimate, None, Unsound, Info),
        (Role::Estimate, None, Sound, Info),
        // Issue 14, F5: a row the time budget did not reach never passes as sound.
        (Role::Guarantee, None, Verdict::NotChecked, EntryStatus::Inconclusive),
        (Role::LowerValue, None, Verdict::NotChecked, EntryStatus::Inconclusive),
        (Role::Estimate, None, Verdict::NotChecked, Info),
        (Role::Guarantee, Some(Sound), Verdict::NotChecked, Fail),
        // Fixtures: detected → pass; missed, false alarm or undecided → fail, whatever the role.
        (Role::Guarantee, Some(Unsound), Unsound, Pass),
        (Role::Guarantee, Some(Unsound), Sound, Fail),
        (Role::Guarantee, Some(Unsound), Verdict::Inconclusive, Fail),
        (Role::Guarantee, Some(Sound), Unsound, Fail),
        (Role::Guarantee, Some(Sound), Sound, Pass),
        (Role::Estimate, Some(Sound), Verdict::Inconclusive, Fail),
    ];
    for (role, expected, got, want) in table {
        let (st, msg) = classify(&verdict(got), role, expected);
        assert_eq!(st, want, "{role:?} expected {expected:?} got {got:?}: {msg}");
    }
    assert!(classify(&verdict(Sound), Role::Guarantee, Some(Unsound)).1.starts_with("MISSED"));
    assert!(classify(&verdict(Unsound), Role::Guarantee, Some(Sound)).1.starts_with("FALSE ALARM"));
}

#[test]
fn paper_verdicts_map_to_findings_not_failures() {
    use crate::papers::Verdict as P;
    assert_eq!(paper_check::status(P::Holds), EntryStatus::Pass);
    assert_eq!(paper_check::status(P::Counterexample), EntryStatus::Finding);
    assert_eq!(paper_check::status(P::Inconclusive), EntryStatus::Inconclusive);
    assert_eq!(paper_check::status(P::NotAudited), EntryStatus::Info);
}

fn plan_err(text: &str) -> String {
    match Spec::parse("s.toml", text).and_then(|s| Plan::from_spec(&s)) {
        Err(Error::Parse { message, .. }) => message,
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn kinds_are_exclusive_and_keys_belong_to_their_kind() {
    assert!(plan_err("[[check]]\nname = \"x\"\n").contains("exactly one of mechanism, claims, paper, golden"));
    assert!(plan_err("[[check]]\nname = \"x\"\npaper = \"model_merging\"\ngolden = \"golden\"\n").contains("exactly one"));
    assert!(plan_err("[[check]]\nname = \"x\"\npaper = \"model_merging\"\ndelta = 1e-5\n").contains("mechanism checks only"));
    assert!(plan_err("[[check]]\nname = \"x\"\npaper = \"model_merging\"\ntime_budget = 3.0\n").contains("claims checks only"));
    assert!(plan_err("[[check]]\nname = \"x\"\npaper = \"no_such_paper\"\n").contains("no_such_paper"));
    assert!(plan_err("[[check]]\nname = \"x\"\nmechanism = \"gaussian\"\nnoise_multiplier = 1.0\ndelta = 1e-5\nexpected = \"e.csv\"\n").contains("claims or golden"));
    assert!(plan_err("[[check]]\nname = \"x\"\nclaims = \"/nonexistent/claims.csv\"\n").contains("nonexistent"));
    let root = env!("CARGO_MANIFEST_DIR");
    let spec = format!(
        "label = \"dpaudit t\"\n[[check]]\nname = \"k\"\nclaims = \"{root}/audits/claims/known_bugs.csv\"\nexpected = \"{root}/audits/claims/known_bugs.expected.csv\"\ntime_budget = 5.0\nmonte_carlo = false\n[[check]]\nname = \"p\"\npaper = \"model_merging\"\n"
    );
    let plan = Plan::from_spec(&Spec::parse("s.toml", &spec).unwrap()).unwrap();
    assert_eq!(plan.label, "dpaudit t");
    match &plan.checks[0].kind {
        CheckKind::Claims(p) => {
            assert_eq!(p.claims.len(), 47);
            assert_eq!(p.expected.as_ref().unwrap().1.len(), 47);
            assert_eq!(p.options.time_budget, 5.0);
            assert!(!p.options.monte_carlo);
        }
        other => panic!("claims check expected, got {}", other.name()),
    }
    assert_eq!(plan.checks[1].kind.name(), "paper");
    assert!(plan.lines()[0].contains("47 rows") && plan.lines()[0].contains("expected verdicts"), "{}", plan.lines()[0]);
}

#[test]
fn status_line_counts_entries_and_findings_do_not_fail() {
    let check = |tally: Tally| CheckResult {
        name: "c".into(),
        note: None,
        outcome: Outcome::Paper { paper: "p".into(), points: vec![], experiments: vec![] },
        findings: vec![],
        passed: tally.fail == 0,
        tally,
        seconds: 0.0,
    };
    let a = Tally::of([EntryStatus::Pass, EntryStatus::Pass, EntryStatus::Finding, EntryStatus::Inconclusive]);
    let mut r = AuditReport { title: "t".into(), label: "dpaudit nightly".into(), description: None, source: "s".into(), results: vec![check(a)], seconds: 0.0 };
    assert_eq!(r.status_line(), "dpaudit nightly: 4 checks, 2 passed, 0 failed, 1 findings, 1 inconclusive — PASS");
    r.results.push(check(Tally::of([EntryStatus::Fail, EntryStatus::Info])));
    assert_eq!(r.status_line(), "dpaudit nightly: 6 checks, 2 passed, 1 failed, 1 findings, 1 inconclusive, 1 info — FAIL");
}

#[test]
fn includes_come_first_with_their_own_defaults_and_file() {
    let tmp = tempfile::tempdir().unwrap();
    let base = "[defaults]\nseed = 7\n[[check]]\nname = \"inc\"\nmechanism = \"gaussian\"\nnoise_multiplier = 1.0\ndelta = 1e-5\nmethods = [\"exact\"]\n";
    std::fs::write(tmp.path().join("base.toml"), base).unwrap();
    let top = "include = [\"base.toml\"]\n[defaults]\nseed = 3\n[[check]]\nname = \"own\"\nmechanism = \"gaussian\"\nnoise_multiplier = 2.0\ndelta = 1e-5\nmethods = [\"exact\"]\n";
    std::fs::write(tmp.path().join("top.toml"), top).unwrap();
    let plan = Plan::from_spec(&Spec::read(&tmp.path().join("top.toml")).unwrap()).unwrap();
    let names: Vec<&str> = plan.checks.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["inc", "own"]);
    let seed = |i: usize| match &plan.checks[i].kind {
        CheckKind::Profile { request, .. } => request.seed,
        _ => panic!("profile check expected"),
    };
    assert_eq!((seed(0), seed(1)), (7, 3), "each check keeps its own file's defaults");
    // An error in an included check names the included file and its line.
    std::fs::write(tmp.path().join("base.toml"), base.replace("noise_multiplier = 1.0", "noise_multiplier = -1.0")).unwrap();
    match Spec::read(&tmp.path().join("top.toml")).and_then(|s| Plan::from_spec(&s)) {
        Err(Error::Parse { file, line, .. }) => assert!(file.ends_with("base.toml") && line == 4, "{file}:{line}"),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

/// The paper section groups findings by kind, most serious first, in markdown and JSON.
#[test]
fn paper_findings_are_grouped_by_kind() {
    use crate::papers::{AuditPoint, Finding, FindingKind, Tested, Verdict as P};
    let pt = |id: &str, v: P, t: Tested, f: Vec<Finding>| AuditPoint { paper: "model_merging".into(), id: id.into(), results: vec!["Theorem 6.1".into()], title: format!("title {id}"), verdict: v, tests: t, findings: f, evidence: format!("evidence {id}"), data: serde_json::Value::Null };
    let points = vec![
        pt("A21", P::Holds, Tested::Algorithm, vec![Finding::new(FindingKind::Observation, "obs")]),
        pt("A16", P::Counterexample, Tested::Tightness, vec![Finding::new(FindingKind::Counterexample, "equality fails")]),
        pt("S-Thm6.1", P::Holds, Tested::Bound, vec![]),
    ];
    let groups = super::report_audit::findings_by_kind(&points);
    let kinds: Vec<FindingKind> = groups.iter().map(|g| g.0).collect();
    assert_eq!(kinds, [FindingKind::Counterexample, FindingKind::Observation]);
    assert_eq!(groups[0].1[0].0.id, "A16");
    let report = AuditReport { title: "t".into(), label: "t".into(), description: None, source: "s".into(), seconds: 0.0, results: vec![CheckResult { name: "p".into(), note: None, outcome: Outcome::Paper { paper: "model_merging".into(), points, experiments: vec![] }, findings: vec![], passed: true, tally: Tally::default(), seconds: 0.0 }] };
    let md = super::report_audit::audit_markdown(&report, &[]);
    let (c, o) = (md.find("### Counterexamples").unwrap(), md.find("### Observations").unwrap());
    assert!(c < o && md.contains("- **A16** (Theorem 6.1; tests tightness, verdict counterexample): equality fails"), "{md}");
    let js = super::report_audit::audit_json(&report, &[]);
    let by = &js["results"][0]["findings_by_kind"];
    assert_eq!(by["counterexample"][0]["id"], "A16");
    assert_eq!(by["observation"][0]["tests"], "algorithm");
    assert_eq!(by["typo"].as_array().unwrap().len(), 0);
    assert_eq!(js["results"][0]["points"][1]["findings"][0]["kind"], "counterexample");
}
