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

/// Every example of `dpaudit shuffle --help` runs (exit 0) and prints a sensible number; the
/// `--tradeoff-csv` target is redirected to a temporary directory.
#[test]
fn every_help_example_runs() {
    let (code, help, _) = run(&["--help"]);
    assert_eq!(code, 0);
    let dir = tempfile::tempdir().unwrap();
    let examples: Vec<&str> = help.lines().map(str::trim).filter(|l| l.starts_with("dpaudit shuffle ")).collect();
    assert!(examples.len() >= 4, "{help}");
    for ex in examples {
        let args: Vec<String> = ex.split_whitespace().skip(2).map(|a| if a.ends_with(".csv") { dir.path().join(a).display().to_string() } else { a.to_string() }).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut with_json = args.clone();
        if !with_json.contains(&"--json") {
            with_json.push("--json");
        }
        let (code, out, err) = run(&with_json);
        assert_eq!(code, 0, "{ex}: {out}{err}");
        let j: Value = serde_json::from_str(&out).unwrap();
        let f = value(&j, "f_dp");
        assert!(f.is_finite() && f > 0.0, "{ex}: f_dp = {f}");
        assert_eq!(j["nesting_holds"], true, "{ex}");
    }
}

/// Issue 24: `--tradeoff-csv` panicked (exit 101, "comparison function does not correctly
/// implement a total order") in `exact_pair_chain` → `TradeOff::from_pair` for these settings:
/// the cross-multiplied masses of far components underflowed to equal products.
#[test]
fn shuffle_users_1000_local_epsilon_2_tradeoff_csv_does_not_panic() {
    let dir = tempfile::tempdir().unwrap();
    for (n, e0) in [("1000", "2"), ("1000", "1.5"), ("500", "2"), ("2000", "2"), ("300", "2")] {
        let path = dir.path().join(format!("F_{n}_{e0}.csv"));
        let (code, out, err) = run(&["--users", n, "--local-epsilon", e0, "--epsilon", "1", "--tradeoff-csv", path.to_str().unwrap()]);
        assert_eq!(code, 0, "({n}, {e0}): {out}{err}");
        let csv = std::fs::read_to_string(&path).unwrap();
        assert_eq!(csv.lines().count(), 102, "({n}, {e0})");
        // Theorem 4.2's curve lies below the exact pair's; both end at (1, 0)
        for l in csv.lines().skip(1) {
            let v: Vec<f64> = l.split(',').map(|x| x.parse().unwrap()).collect();
            assert!(v[1] <= v[2] + 1e-12, "({n}, {e0}): {l}");
        }
    }
}

/// Issue 25: at ε = 709.5 the f-DP bound's δ printed 4.9e-324 (e^ε overflowed); the bound is
/// flat at (1 − 2w) Σ_i w⁰_i 2^{−i} = tanh(½)·e/(e + 1) = 0.33784 for n = 2, ε₀ = 1.
#[test]
fn shuffle_users_2_epsilon_709_5_reports_the_flat_limit() {
    let j = json(&["--users", "2", "--local-epsilon", "1", "--epsilon", "709.5"]);
    let flat = 0.5f64.tanh() * 1f64.exp() / (1f64.exp() + 1.0);
    let f = value(&j, "f_dp");
    assert!(f >= flat && f / flat - 1.0 < 5e-12, "{f} vs {flat}");
    // and at δ below the limit no finite ε exists
    let (code, out, err) = run(&["--users", "2", "--local-epsilon", "1", "--delta", "0.3", "--json"]);
    assert_eq!(code, 0, "{out}{err}");
    let j: Value = serde_json::from_str(&out).unwrap();
    let row = j["rows"].as_array().unwrap().iter().find(|r| r["key"] == "f_dp").unwrap();
    assert_eq!(row["value"], "inf", "{row}");
}

/// Issue 25: at n = 10⁵ the old report said "nesting holds" while the printed exact pair
/// (2.2e-303) exceeded the f-DP bound (1.69e-303): both were floor artefacts of the f64 sums and
/// the check skipped them. The sums are now in log space and the check compares certified ends.
#[test]
fn shuffle_users_100000_nesting_is_checked_below_the_f64_range() {
    let j = json(&["--users", "100000", "--local-epsilon", "1", "--epsilon", "0.5"]);
    let rows = j["rows"].as_array().unwrap();
    let ln = |k: &str| rows.iter().find(|r| r["key"] == k).and_then(|r| r["ln_value"].as_f64()).unwrap_or_else(|| panic!("{k}: {j}"));
    assert!(ln("exact_pair") < ln("f_dp"), "{j}");
    assert!(ln("rr3") <= ln("exact_pair"), "{j}");
    assert_eq!(j["nesting_holds"], true);
    let checked: Vec<&str> = j["nesting_checked"].as_array().unwrap().iter().map(|x| x.as_str().unwrap()).collect();
    assert!(checked.contains(&"exact_pair <= f_dp") && checked.contains(&"rr3 <= exact_pair"), "{checked:?}");
}

/// Issue 25/30: these runs hung (the 3-RR sum was O(n²), the f-DP sum unbounded). Each now
/// answers, every row with a value or a reason. Issue 30 asks < 5 s in a release build; the bound
/// here (60 s) is for a debug build on a loaded machine.
#[test]
fn shuffle_large_n_runs_answer_quickly() {
    for args in [
        &["--users", "20000", "--local-epsilon", "1", "--delta", "1e-6"][..],
        &["--users", "10000", "--local-epsilon", "1", "--delta", "1e-10"],
        &["--users", "100000", "--local-epsilon", "2", "--epsilon", "0.5"],
        &["--users", "1e9", "--local-epsilon", "1", "--delta", "1e-6"],
    ] {
        let t = std::time::Instant::now();
        let j = json(args);
        let secs = t.elapsed().as_secs_f64();
        assert!(secs < 60.0, "{args:?}: {secs} s");
        for r in j["rows"].as_array().unwrap() {
            assert!(r["value"].is_number() || r["value"].is_string() || r["not_computed"].is_string() || r["not_applicable"].is_string(), "{args:?}: {r}");
        }
        if args[1] != "1e9" {
            // computed: a value (a lower bound below the f64 range rounds down to 0) with its ln δ
            let rr3 = j["rows"].as_array().unwrap().iter().find(|r| r["key"] == "rr3").unwrap();
            let ok = value(&j, "rr3") > 0.0 || (args[4] == "--epsilon" && rr3["ln_value"].as_f64().is_some_and(|l| l.is_finite() && l < -700.0));
            assert!(ok, "{args:?}: the 3-RR row is computed: {rr3}");
        }
    }
}

/// Ctrl-C stops a long shuffle run: exit 130, nothing on stdout, nothing written.
#[cfg(unix)]
#[test]
fn shuffle_interrupted_exits_130_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("never.csv");
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_dpaudit"))
        .args(["shuffle", "--users", "1000000000", "--local-epsilon", "0.5", "--delta", "1e-9", "--tradeoff-csv", path.to_str().unwrap()])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert!(std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    // a run that finished before the signal is also fine if it wrote nothing (the CSV is refused)
    assert!(out.status.code() == Some(130) || out.status.code() == Some(2), "{err}");
    assert!(out.stdout.is_empty() && !path.exists(), "{err}");
}
