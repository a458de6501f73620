//! `dpaudit compare` through the binary, without the real Python accountants (CI has no venv):
//! no Python (peers skipped, dpaudit's rows written, exit 0), a fake runner whose ε is far
//! below / above the truth (exit 1 unsound / exit 0 sound), and bad input (exit 2, one line,
//! nothing written).

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A workload whose certified FFT takes milliseconds. Its true ε(1e-5) is about 0.5 (T = 10
/// steps, q = 0.01, σ = 1; one unsubsampled step has ε(1e-5) ≈ 4.4), so ε = 1e-6 is certainly
/// unsound and ε = 50 certainly sound.
const TINY: &str = "title = \"tiny\"\n[[workload]]\nname = \"tiny\"\nsampling_rate = 0.01\nnoise_multiplier = 1.0\nsteps = 10\ndelta = 1e-5\n";

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("dpaudit").unwrap().current_dir(dir).arg("compare").args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn setup() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("w.toml");
    std::fs::write(&w, TINY).unwrap();
    (dir, w)
}

/// A stand-in for Python speaking the runner protocol: every job gets `epsilon`.
#[cfg(unix)]
fn fake_python(dir: &Path, epsilon: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let p = dir.join("fake-python");
    let body = format!(
        "#!/bin/sh\necho '{{\"hello\": {{\"python\": \"fake\", \"accountants\": {{\"dp_accounting_pld\": {{\"version\": \"0.0-fake\"}}, \"opacus_rdp\": {{\"skipped\": \"opacus not importable\"}}}}}}}}'\nn=0\nwhile read line; do n=$((n+1)); echo \"{{\\\"id\\\": $n, \\\"epsilon\\\": {epsilon}, \\\"seconds\\\": 0.125}}\"; done\n"
    );
    std::fs::write(&p, body).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

fn report(out: &Path) -> (String, Value) {
    let md = std::fs::read_to_string(out.join("compare.md")).unwrap();
    let json: Value = serde_json::from_str(&std::fs::read_to_string(out.join("compare.json")).unwrap()).unwrap();
    (md, json)
}

#[test]
fn without_python_dpaudit_rows_are_written_and_peers_skipped() {
    let (dir, w) = setup();
    let (code, stdout, stderr) = run(dir.path(), &[w.to_str().unwrap(), "--python", "/nonexistent/python", "--quick", "--out", "rep"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(stderr.contains("dpaudit compare: [rep 1/1] workload 1/1 'tiny': dpaudit_fft"), "progress on stderr: {stderr}");
    let out = dir.path().join("rep");
    for f in ["compare.md", "compare.json", "compare_tightness.svg", "compare_runtime.svg"] {
        assert!(out.join(f).is_file(), "{f} missing");
    }
    let (md, json) = report(&out);
    assert!(md.contains("/nonexistent/python") && md.contains("skipped"), "{md}");
    let c = &json["workloads"][0]["certified"];
    let (lo, hi) = (c["lower"].as_f64().unwrap(), c["upper"].as_f64().unwrap());
    assert!(0.0 < lo && lo <= hi && hi < 4.4, "{c}");
    assert_eq!(json["reps"], 1);
    assert_eq!(json["workloads"][0]["peers"].as_array().unwrap().len(), 6, "all six accountants listed");
    assert!(json["workloads"][0]["peers"].as_array().unwrap().iter().all(|p| p["verdict"].is_null()));
    assert!(stdout.contains("0 unsound"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn fake_runner_with_a_far_too_small_epsilon_is_unsound_exit_1() {
    let (dir, w) = setup();
    let py = fake_python(dir.path(), "1e-6");
    let (code, stdout, stderr) = run(dir.path(), &[w.to_str().unwrap(), "--python", py.to_str().unwrap(), "--reps", "2", "--accountants", "dp_accounting_pld,opacus_rdp", "--out", "rep"]);
    assert_eq!(code, 1, "{stdout}{stderr}");
    let (md, json) = report(&dir.path().join("rep"));
    let p = &json["workloads"][0]["peers"][0];
    assert_eq!(p["accountant"], "dp_accounting_pld");
    assert_eq!(p["verdict"], "unsound");
    assert_eq!(p["epsilon"], 1e-6);
    assert_eq!(p["timing"], serde_json::json!({"min": 0.125, "median": 0.125, "reps": 2}));
    let skipped = &json["workloads"][0]["peers"][1];
    assert!(skipped["verdict"].is_null() && skipped["notes"][0].as_str().unwrap().contains("opacus not importable"));
    assert_eq!(json["accountants"][0]["version"], "0.0-fake");
    assert!(md.contains("| dp_accounting_pld | 0.000001 | unsound |"), "{md}");
    assert!(stdout.contains("1 unsound"), "{stdout}");
}

#[cfg(unix)]
#[test]
fn fake_runner_with_a_large_epsilon_is_sound_exit_0() {
    let (dir, w) = setup();
    let py = fake_python(dir.path(), "50.0");
    let (code, stdout, stderr) = run(dir.path(), &[w.to_str().unwrap(), "--python", py.to_str().unwrap(), "--quick", "--accountants", "dp_accounting_pld", "--out", "rep"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let (_, json) = report(&dir.path().join("rep"));
    assert_eq!(json["workloads"][0]["peers"][0]["verdict"], "sound");
    assert!(json["workloads"][0]["peers"][0]["tightness_mid"].as_f64().unwrap() > 10.0);
}

#[test]
fn bad_input_is_one_line_exit_2_and_nothing_written() {
    let (dir, w) = setup();
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, TINY.replace("delta = 1e-5", "delta = 2")).unwrap();
    let file = dir.path().join("a-file");
    std::fs::write(&file, "x").unwrap();
    let wp = w.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["missing.toml"], "missing.toml: workload file not found"),
        (vec![bad.to_str().unwrap()], "bad.toml:2: delta = 2 must lie in the open interval (0, 1)"),
        (vec![wp, "--reps", "0"], "invalid reps = 0"),
        (vec![wp, "--reps", "-1"], "invalid reps = -1"),
        (vec![wp, "--accountants", "tf_privacy"], "unknown accountant 'tf_privacy'"),
        (vec![wp, "--bogus"], "--bogus"),
    ];
    for (args, want) in cases {
        let mut a = args.clone();
        a.extend(["--python", "/nonexistent/python", "--out", "rep"]);
        let (code, stdout, stderr) = run(dir.path(), &a);
        assert_eq!(code, 2, "{args:?}: {stdout}{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("dpaudit: ") && stderr.contains(want), "{args:?}: {stderr}");
        assert!(!dir.path().join("rep").exists(), "{args:?}: something was written");
    }
    let (code, _, stderr) = run(dir.path(), &[wp, "--python", "/nonexistent/python", "--out", file.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--out is not a directory"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
}
