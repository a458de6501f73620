//! `dpaudit init-gd`: Theorem 5.1 of the mixtures f-DP paper through the CLI (the spec's §5.5
//! computed values as anchors), JSON fields, the trade-off CSV, and bad input (exit 2, one line,
//! nothing written).

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("dpaudit").unwrap().arg("init-gd").args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn value(j: &Value, key: &str) -> Option<f64> {
    j["rows"].as_array().unwrap().iter().find(|r| r["key"] == key).and_then(|r| r["value"].as_f64())
}

#[test]
fn delta_at_epsilon_1_json_matches_spec() {
    // spec §5.5: c = 1, ε = 1: δ_J = 7.950220046627e-02 (vs δ_{G_1} = 1.269367e-01)
    let (code, out, err) = run(&["--a", "1", "--sigma", "1", "--clip", "1", "--epsilon", "1", "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(j["quantity"], "delta");
    let t = value(&j, "theorem_5_1").unwrap();
    assert!(t >= 7.950220046627e-02 * (1.0 - 1e-12) && t <= 7.950220046627e-02 * (1.0 + 1e-10), "{t}");
    let b = value(&j, "no_init").unwrap();
    assert!((b / 1.269367e-01 - 1.0).abs() < 1e-6, "{b}");
    let rows = j["rows"].as_array().unwrap();
    assert!(rows.iter().all(|r| r["guarantee"] == "upper"));
}

#[test]
fn alpha_without_clipping_and_csv() {
    // spec §5.5, D.1 (c = ∞), t = 0: α = β = 0.295511541451
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("curves.csv");
    let (code, out, err) = run(&["--a", "1", "--sigma", "1", "--alpha", "0.295511541451", "--tradeoff-csv", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let line = out.lines().find(|l| l.starts_with("Theorem 5.1")).unwrap();
    assert!(line.contains("2.9551154"), "{line}");
    assert!(out.contains("not applicable"), "{out}");
    let csv = std::fs::read_to_string(&path).unwrap();
    assert!(csv.lines().nth(1).unwrap().starts_with("t,alpha,beta_theorem_5_1,beta_no_init"));
    assert_eq!(csv.lines().count(), 103);
}

#[test]
fn bad_parameters_exit_2_with_one_line_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("never.csv");
    for args in [
        vec!["--a", "1", "--sigma", "0", "--clip", "1", "--epsilon", "1"],
        vec!["--a", "1", "--sigma", "1", "--clip", "-1", "--epsilon", "1"],
        vec!["--a", "1", "--sigma", "1", "--clip", "1", "--epsilon", "-0.5"],
        vec!["--a", "1", "--sigma", "1", "--clip", "1", "--delta", "1"],
        vec!["--a", "1", "--sigma", "1", "--clip", "1", "--alpha", "2"],
        vec!["--a", "nan", "--sigma", "1", "--clip", "1", "--epsilon", "1"],
        vec!["--a", "1", "--sigma", "0.0001", "--clip", "1", "--epsilon", "1"],
    ] {
        let mut a = args.clone();
        a.extend(["--tradeoff-csv", path.to_str().unwrap()]);
        let (code, out, err) = run(&a);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(err.starts_with("dpaudit: ") && err.trim_end().lines().count() == 1, "{args:?}: {err}");
        assert!(out.is_empty() && !path.exists(), "{args:?}");
    }
}

/// Every example of `dpaudit init-gd --help` runs (exit 0) with a finite first row.
#[test]
fn every_help_example_runs() {
    let (code, help, _) = run(&["--help"]);
    assert_eq!(code, 0);
    let dir = tempfile::tempdir().unwrap();
    let examples: Vec<&str> = help.lines().map(str::trim).filter(|l| l.starts_with("dpaudit init-gd ")).collect();
    assert!(examples.len() >= 3, "{help}");
    for ex in examples {
        let mut args: Vec<String> = ex.split_whitespace().skip(2).map(|a| if a.ends_with(".csv") { dir.path().join(a).display().to_string() } else { a.to_string() }).collect();
        if !args.iter().any(|a| a == "--json") {
            args.push("--json".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, out, err) = run(&args);
        assert_eq!(code, 0, "{ex}: {out}{err}");
        let j: Value = serde_json::from_str(&out).unwrap();
        let v = value(&j, "theorem_5_1").unwrap();
        assert!(v.is_finite() && v >= 0.0, "{ex}: {v}");
    }
}

/// Issue 25: Theorem 5.1's *upper* δ printed as 0.0 at ε = 1e300 and at c = 1e-300; it is now
/// the smallest subnormal (an upper bound), with ln δ beside it.
#[test]
fn init_gd_epsilon_1e300_upper_delta_is_not_zero() {
    for args in [["--a", "1", "--sigma", "1", "--clip", "1", "--epsilon", "1e300"], ["--a", "1", "--sigma", "1", "--clip", "1e-300", "--epsilon", "1"]] {
        let mut a = args.to_vec();
        a.push("--json");
        let (code, out, err) = run(&a);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
        let j: Value = serde_json::from_str(&out).unwrap();
        for key in ["theorem_5_1", "no_init"] {
            let v = value(&j, key).unwrap();
            assert!(v > 0.0 && v < 1e-300, "{args:?} {key}: {v}");
        }
        let row = j["rows"].as_array().unwrap().iter().find(|r| r["key"] == "theorem_5_1").unwrap();
        assert!(row["ln_value"].as_f64().is_some_and(|l| l < -700.0), "{row}");
    }
}

/// Issue 25: `--delta 1e-300` and `--epsilon 1e5` were refused ("delta below e^-700 … not
/// supported") although valid.
#[test]
fn init_gd_delta_1e_300_and_epsilon_1e5_are_answered() {
    let (code, out, err) = run(&["--a", "1", "--sigma", "1", "--clip", "1", "--delta", "1e-300", "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    let e = value(&j, "theorem_5_1").unwrap();
    // δ_J ≤ δ_{G_1}: ε_J ≤ ε_{G_1}(1e-300) ≈ 37.5 (Φ(−x) = 1e-300 at x ≈ 37.0)
    assert!(e > 30.0 && e <= value(&j, "no_init").unwrap() + 1e-9, "{e}");
    let (code, out, err) = run(&["--a", "1", "--sigma", "1", "--clip", "1", "--epsilon", "1e5"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("ln δ <="), "{out}");
}
