//! `dpaudit shuffle`: Table 1 / Table 2 of the mixtures f-DP paper through the CLI (the spec's
//! 50-digit values and the paper's printed digits as anchors), JSON fields, the trade-off CSV,
//! and bad input (exit 2, one line, nothing written).

use assert_cmd::Command;
use serde_json::Value;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::cargo_bin("dpaudit").unwrap().arg("shuffle").args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = run(&a);
    assert_eq!(code, 0, "{out}{err}");
    serde_json::from_str(&out).unwrap_or_else(|e| panic!("{e}: {out}"))
}

fn value(j: &Value, key: &str) -> f64 {
    j["rows"].as_array().unwrap().iter().find(|r| r["key"] == key).and_then(|r| r["value"].as_f64()).unwrap_or_else(|| panic!("{key}: {j}"))
}

#[test]
fn table_1_at_epsilon_0_5_json() {
    // spec §4.5: δ_f-DP 3.03086166695554e-06 (printed 3e-6), exact pair 2.74463804649302e-06 (40
    // digits), 3-RR 2.469560e-06, binary RR 4.320987e-08
    let j = json(&["--users", "10000", "--local-epsilon", "4.444", "--epsilon", "0.5"]);
    assert_eq!(j["quantity"], "delta");
    let f = value(&j, "f_dp");
    assert!(f >= 3.03086166695554e-6 && (f / 3.03086166695554e-6 - 1.0) < 1e-9, "{f}");
    let p = value(&j, "exact_pair");
    assert!(p >= 2.74463804649302e-6 && (p / 2.74463804649302e-6 - 1.0) < 1e-9, "{p}");
    assert!((value(&j, "rr3") / 2.469560e-6 - 1.0).abs() < 1e-6);
    assert!((value(&j, "rr2") / 4.320987e-8 - 1.0).abs() < 1e-6);
    // FMT23 (closed form, paper prints 0.9494 at the unrounded ε₀; 0.94872 at ε₀ = 4.444)
    assert!((value(&j, "fmt23") - 0.948724279942).abs() < 1e-9);
    assert_eq!(j["nesting_holds"], true);
    let rows = j["rows"].as_array().unwrap();
    assert_eq!(rows.iter().map(|r| r["guarantee"].as_str().unwrap()).collect::<Vec<_>>(), ["upper", "upper", "upper", "lower", "lower"]);
}

#[test]
fn table_2_text_shows_fmt23_not_applicable_at_1e_7() {
    // the paper prints "ε₀" for FMT23 at δ = 1e-7: the assumption fails
    let (code, out, err) = run(&["--users", "10000", "--local-epsilon", "4.444", "--delta", "1e-7"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("FMT23 Theorem 3.2") && out.contains("not applicable: ε₀ = 4.444 > ln(n/(8 ln(2/δ)) − 1)"), "{out}");
    // spec §4.5 Table 2: ε_f-DP(1e-7) = 0.6071432544 (printed 0.6)
    let line = out.lines().find(|l| l.starts_with("Theorem 4.2 / Corollary 4.3")).unwrap();
    assert!(line.contains("0.6071432544"), "{line}");
    assert!(out.contains("nesting holds"), "{out}");
}

#[test]
fn tradeoff_csv_written_and_refused_for_large_n() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("curves.csv");
    let (code, out, err) = run(&["--users", "50", "--local-epsilon", "1", "--delta", "1e-3", "--tradeoff-csv", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let csv = std::fs::read_to_string(&path).unwrap();
    assert!(csv.starts_with("alpha,theorem_4_2,exact_pair\n") && csv.lines().count() == 102, "{csv}");
    // the last point: α = 1 gives 0 on both curves
    let last: Vec<f64> = csv.lines().last().unwrap().split(',').map(|x| x.parse().unwrap()).collect();
    assert_eq!(last, [1.0, 0.0, 0.0]);
    let big = dir.path().join("big.csv");
    let (code, out, err) = run(&["--users", "5000", "--local-epsilon", "1", "--delta", "1e-3", "--tradeoff-csv", big.to_str().unwrap()]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty() && err.starts_with("dpaudit: ") && err.lines().count() == 1, "{err}");
    assert!(!big.exists());
}

#[test]
fn bad_parameters_exit_2_with_one_line() {
    for args in [
        &["--users", "1", "--local-epsilon", "1", "--delta", "1e-6"][..],
        &["--users", "100", "--local-epsilon", "0", "--delta", "1e-6"],
        &["--users", "100", "--local-epsilon", "-1", "--delta", "1e-6"],
        &["--users", "100", "--local-epsilon", "nan", "--delta", "1e-6"],
        &["--users", "100", "--local-epsilon", "1", "--delta", "0"],
        &["--users", "100", "--local-epsilon", "1", "--delta", "1"],
        &["--users", "100", "--local-epsilon", "1", "--epsilon", "-0.5"],
        &["--users", "100", "--local-epsilon", "1", "--epsilon", "inf"],
        &["--users", "100", "--local-epsilon", "1"],
        &["--users", "100", "--local-epsilon", "1", "--epsilon", "1", "--delta", "1e-6"],
        &["--users", "-3", "--local-epsilon", "1", "--delta", "1e-6"],
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {out}{err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.starts_with("dpaudit: "), "{args:?}: {err}");
    }
}
