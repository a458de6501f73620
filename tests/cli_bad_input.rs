//! Bad input to the binary: exit status 2, exactly one line `dpaudit: <reason>` on stderr naming
//! the problem, nothing on stdout, and no output file written.

use assert_cmd::Command;
use std::path::Path;

mod common;

/// Run `dpaudit args…` in `cwd`; assert the bad-input contract; return the stderr line.
fn bad(cwd: &Path, args: &[&str], needle: &str) -> String {
    let out = Command::cargo_bin("dpaudit").unwrap().current_dir(cwd).args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "{args:?}: stderr {stderr}");
    assert!(out.stdout.is_empty(), "{args:?}: stdout {}", String::from_utf8_lossy(&out.stdout));
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{args:?}: expected one line, got {stderr:?}");
    assert!(lines[0].starts_with("dpaudit: "), "{args:?}: {stderr}");
    assert!(lines[0].contains(needle), "{args:?}: '{needle}' not in {stderr}");
    lines[0].to_string()
}


#[test]
fn profile_rejects_bad_parameters_without_writing() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let out_s = out.to_str().unwrap();
    let base = ["profile", "--out", out_s];
    let cases: &[(&[&str], &str)] = &[
        (&["--mechanism", "gaussian", "--noise-multiplier", "NaN", "--delta", "1e-5"], "noise multiplier = NaN"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "0", "--delta", "1e-5"], "noise multiplier = 0"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "-1", "--delta", "1e-5"], "noise multiplier = -1"),
        (&["--mechanism", "poisson-subsampled-gaussian", "--noise-multiplier", "1", "--sampling-rate", "1.5", "--delta", "1e-5"], "sampling rate = 1.5"),
        (&["--mechanism", "poisson-subsampled-gaussian", "--noise-multiplier", "1", "--sampling-rate", "-0.1", "--delta", "1e-5"], "sampling rate = -0.1"),
        (&["--mechanism", "poisson-subsampled-gaussian", "--noise-multiplier", "1", "--delta", "1e-5"], "sampling rate"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "0"], "delta = 0"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1"], "delta = 1"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "-1"], "delta = -1"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "2"], "delta = 2"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "NaN"], "delta = NaN"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--epsilon", "inf"], "epsilon = inf"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--steps", "0", "--delta", "1e-5"], "steps = 0"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--steps", "-3", "--delta", "1e-5"], "--steps"),
        (&["--mechanism", "gausian", "--noise-multiplier", "1", "--delta", "1e-5"], "unknown mechanism 'gausian'"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1"], "--delta"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1e-5", "--epsilon", "1"], "cannot be used with"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1e-5", "--method", "fast"], "fast"),
        (&["--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1e-5", "--confidence", "1"], "confidence = 1"),
    ];
    for (args, needle) in cases {
        let all: Vec<&str> = base.iter().chain(args.iter()).copied().collect();
        bad(tmp.path(), &all, needle);
        assert!(!out.exists(), "{args:?} created the output directory");
    }
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    let tmp = tempfile::tempdir().unwrap();
    bad(tmp.path(), &["frobnicate"], "frobnicate");
}

fn spec_case(text: Option<&str>, needle: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let spec = tmp.path().join("spec.toml");
    if let Some(t) = text {
        std::fs::write(&spec, t).unwrap();
    }
    let out = tmp.path().join("report");
    bad(tmp.path(), &["audit", "spec.toml", "--out", out.to_str().unwrap()], needle);
    assert!(!out.exists(), "report directory created for a bad spec");
}

const GOOD_CHECK: &str = "[[check]]\nname = \"g\"\nmechanism = \"gaussian\"\nnoise_multiplier = 1.0\nepsilon = 1.0\nmethods = [\"exact\"]\n";

#[test]
fn audit_rejects_bad_specs_without_writing() {
    spec_case(Some("[[check]]\nname = \"g\"\nmechanism = gaussian\n"), "spec.toml:3:");
    spec_case(Some(&GOOD_CHECK.replace("epsilon = 1.0", "epsilon = 1.0\nepsylon = 2.0")), "spec.toml:6: unknown field `epsylon`");
    spec_case(Some(""), "spec.toml:1: empty audit spec");
    spec_case(Some("title = \"nothing\"\n"), "no [[check]]");
    spec_case(None, "spec.toml: audit spec not found");
    spec_case(Some(&GOOD_CHECK.replace("noise_multiplier = 1.0", "noise_multiplier = 0.0")), "spec.toml:2: check 'g': invalid noise multiplier = 0");
    spec_case(Some(&GOOD_CHECK.replace("epsilon = 1.0", "delta = 2.0")), "check 'g': invalid delta = 2");
}

#[test]
fn audit_without_argument_needs_the_default_spec() {
    let tmp = tempfile::tempdir().unwrap();
    bad(tmp.path(), &["audit"], "audits/default.toml: default audit spec not found");
}

#[test]
fn golden_check_rejects_malformed_csv_on_a_copy() {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("golden"), tmp.path());
    let f = tmp.path().join("laplace_profile.csv");
    let text = std::fs::read_to_string(&f).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[4] = "1,0.5".into(); // line 5: a field missing
    std::fs::write(&f, lines.join("\n") + "\n").unwrap();
    bad(tmp.path(), &["golden", "check", "--dir", ".", "--route", "f64"], "laplace_profile.csv:5: expected 3 fields");
    lines[4] = "1,0.5,abc".into();
    std::fs::write(&f, lines.join("\n") + "\n").unwrap();
    bad(tmp.path(), &["golden", "check", "--dir", ".", "--route", "f64"], "laplace_profile.csv:5: column 'delta': 'abc' is not a number");
    std::fs::write(&f, "").unwrap();
    bad(tmp.path(), &["golden", "check", "--dir", ".", "--route", "f64"], "laplace_profile.csv:1: empty golden file");
    std::fs::remove_file(&f).unwrap();
    bad(tmp.path(), &["golden", "check", "--dir", ".", "--route", "f64"], "laplace_profile.csv");
    bad(tmp.path(), &["golden", "check", "--dir", "nonexistent"], "golden directory not found");
    bad(tmp.path(), &["golden", "check", "--dir", ".", "--route", "gpu"], "unknown golden route 'gpu'");
}
