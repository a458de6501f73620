//! `dpaudit audit` happy paths on a tiny temporary spec (exact and FFT only, T = 1, so it is fast).

use assert_cmd::Command;
use serde_json::Value;

const SPEC: &str = r#"
title = "tiny"
[[check]]
name = "gaussian-delta-at-1"
mechanism = "gaussian"
noise_multiplier = 1.0
epsilon = 1.0
methods = ["exact", "fft"]
  [[check.reference]]
  source = "mpmath-50, foundations §8.3"
  value = 0.12693673750664395
  abs_tol = 1e-17

[[check]]
name = "laplace-delta-at-0.5"
mechanism = "laplace"
noise_multiplier = 1.0
epsilon = 0.5
methods = ["exact"]
  [[check.reference]]
  source = "an accountant claiming too little (must be flagged)"
  value = 0.2
  expect = "upper_bound"
"#;

fn setup() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("tiny.toml"), SPEC).unwrap();
    tmp
}

#[test]
fn audit_writes_reports_and_flags_the_unsound_claim() {
    let tmp = setup();
    let out = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["audit", "tiny.toml", "--out", "rep"]).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    // The Laplace check fails on purpose: 0.2 < δ(0.5) = 0.2211…, an unsound upper bound.
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("PASS  gaussian-delta-at-1"), "{stdout}");
    assert!(stdout.contains("FAIL  laplace-delta-at-0.5"), "{stdout}");
    assert_eq!(stdout.lines().last().unwrap(), "audit: 2 checks, 1 passed, 1 failed — FAIL");
    let md = std::fs::read_to_string(tmp.path().join("rep/report.md")).unwrap();
    assert!(md.starts_with("# tiny"));
    assert!(md.find("| # | check").unwrap() < md.find("## 1. gaussian-delta-at-1 — PASS").unwrap());
    assert!(md.contains("## 2. laplace-delta-at-0.5 — FAIL"));
    let j: Value = serde_json::from_str(&std::fs::read_to_string(tmp.path().join("rep/report.json")).unwrap()).unwrap();
    assert_eq!(j["status"], "FAIL");
    assert_eq!((j["passed"].as_u64(), j["failed"].as_u64()), (Some(1), Some(1)));
    assert_eq!(j["results"][0]["name"], "gaussian-delta-at-1");
    let lo = j["results"][0]["exact"]["lower"].as_f64().unwrap();
    let hi = j["results"][0]["exact"]["upper"].as_f64().unwrap();
    assert!(lo <= 0.12693673750664395 && 0.12693673750664395 <= hi);
    // No temporary files left behind.
    let names: Vec<String> = std::fs::read_dir(tmp.path().join("rep")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn dry_run_prints_the_plan_and_runs_nothing() {
    let tmp = setup();
    let out = Command::cargo_bin("dpaudit")
        .unwrap()
        .current_dir(tmp.path())
        .args(["audit", "tiny.toml", "--dry-run", "--out", "rep"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines.len(), 3, "{s}");
    assert!(lines[0].contains("nothing run (--dry-run)"));
    assert!(lines[1].starts_with("[1/2] gaussian-delta-at-1: gaussian(S=1, C=1) × T=1, δ at ε = 1; methods exact,fft"), "{s}");
    assert!(lines[2].starts_with("[2/2] laplace-delta-at-0.5:"));
    assert!(!s.contains("PASS") && !s.contains("FAIL") && !s.contains("audit:"));
    assert!(!tmp.path().join("rep").exists(), "dry run wrote a report");
}

#[test]
fn json_mode_prints_only_the_report() {
    let tmp = setup();
    let out = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["audit", "tiny.toml", "--json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let j: Value = serde_json::from_slice(&out.stdout).expect("stdout is one JSON document");
    assert_eq!(j["checks"], 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("audit: 2 checks, 1 passed, 1 failed — FAIL"));
}

/// Ctrl-C (SIGINT) stops the run cleanly: status 130, one line on stderr, no report written.
#[cfg(unix)]
#[test]
fn interrupt_writes_no_partial_report() {
    let tmp = tempfile::tempdir().unwrap();
    // Long enough to be interrupted: Monte Carlo checks with many samples.
    let check = "[[check]]\nname = \"mc-NAME\"\nmechanism = \"gaussian\"\nnoise_multiplier = 1.0\nepsilon = 1.0\nmethods = [\"mc\"]\nmc_samples = 50000000\n";
    let spec: String = (0..20).map(|i| check.replace("NAME", &i.to_string())).collect();
    std::fs::write(tmp.path().join("long.toml"), spec).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("dpaudit");
    let child = std::process::Command::new(bin)
        .current_dir(tmp.path())
        .args(["audit", "long.toml", "--out", "rep"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1000));
    let killed = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(String::from_utf8_lossy(&out.stderr).trim(), "dpaudit: interrupted; no report written");
    assert!(!tmp.path().join("rep").exists(), "a partial report was written");
}

/// Issue 12, CI conventions: `--junit FILE` lists every check as a test case, the failed one
/// with a `<failure>`; it is written together with `--out`, and a directory as the target is an
/// input error (exit 2) before anything runs or is written.
#[test]
fn junit_lists_every_check_and_is_written_with_the_reports() {
    let tmp = setup();
    let out = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["audit", "tiny.toml", "--out", "rep", "--junit", "ci/audit.xml"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let xml = std::fs::read_to_string(tmp.path().join("ci/audit.xml")).unwrap();
    let doc = roxmltree::Document::parse(&xml).unwrap();
    let root = doc.root_element();
    assert_eq!((root.tag_name().name(), root.attribute("tests"), root.attribute("failures")), ("testsuites", Some("2"), Some("1")));
    let cases: Vec<_> = root.descendants().filter(|n| n.has_tag_name("testcase")).collect();
    let names: Vec<_> = cases.iter().map(|c| c.attribute("name").unwrap()).collect();
    assert_eq!(names, ["gaussian-delta-at-1", "laplace-delta-at-0.5"]);
    assert!(cases[0].children().all(|n| !n.has_tag_name("failure")));
    let f = cases[1].children().find(|n| n.has_tag_name("failure")).expect("failure of the Laplace check");
    assert!(f.attribute("message").unwrap().contains("0.2"), "{:?}", f.attribute("message"));
    assert!(tmp.path().join("rep/report.json").is_file());
    // A directory as --junit target: exit 2, one line, nothing written.
    std::fs::create_dir_all(tmp.path().join("xmldir")).unwrap();
    let out = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["audit", "tiny.toml", "--out", "rep2", "--junit", "xmldir"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("dpaudit: ") && err.contains("--junit") && err.lines().count() == 1, "{err}");
    assert!(!tmp.path().join("rep2").exists());
}
