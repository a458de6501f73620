//! Regression tests for the edge rows of issue 25 (hostile inputs through the binary), each named
//! after its row. Expected numbers are independent of dpaudit: closed forms evaluated with mpmath
//! at 400–500 digits (values written next to each assertion), or the contract itself (exit 2 with
//! one line naming the problem, nothing written).

use assert_cmd::Command;
use serde_json::Value;
use std::path::Path;

mod common;
use common::num;

fn run(args: &[&str], stdin: Option<String>, cwd: &Path) -> std::process::Output {
    let mut c = Command::cargo_bin("dpaudit").unwrap();
    c.current_dir(cwd).args(args);
    if let Some(s) = stdin {
        c.write_stdin(s);
    }
    c.output().unwrap()
}

/// The single stderr line of an input error (exit 2, nothing on stdout).
fn one_error_line(o: &std::process::Output) -> String {
    assert_eq!(o.status.code(), Some(2), "stdout {} stderr {}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert!(o.stdout.is_empty(), "stdout must be empty: {}", String::from_utf8_lossy(&o.stdout));
    let e = String::from_utf8_lossy(&o.stderr).trim_end().to_string();
    assert_eq!(e.lines().count(), 1, "one line expected: {e}");
    assert!(e.starts_with("dpaudit: "), "{e}");
    e
}

const HEADER: &str = "id,accountant,epsilon,delta,event,adjacency\n";

#[test]
fn claims_event_nesting_20000_parens_is_an_input_error_not_a_stack_overflow() {
    let tmp = tempfile::tempdir().unwrap();
    let ev = format!("{}gaussian(1){}", "(".repeat(20_000), ")".repeat(20_000));
    let csv = format!("{HEADER}deep,x,1.0,1e-5,{ev},\n");
    std::fs::write(tmp.path().join("c.csv"), &csv).unwrap();
    let e = one_error_line(&run(&["claims", "c.csv", "--no-monte-carlo", "--out", "rep"], None, tmp.path()));
    assert!(e.contains("nest"), "{e}");
    assert!(e.contains("c.csv:2"), "names file and line: {e}");
    assert!(!tmp.path().join("rep").exists(), "nothing written");
    // The same file on stdin.
    let e = one_error_line(&run(&["claims", "-", "--no-monte-carlo"], Some(csv), tmp.path()));
    assert!(e.contains("nest"), "{e}");
}

#[test]
fn claims_event_nesting_1_times_30000_is_an_input_error() {
    let tmp = tempfile::tempdir().unwrap();
    let ev = format!("{}gaussian(1){}", "1*(".repeat(30_000), ")".repeat(30_000));
    std::fs::write(tmp.path().join("c.csv"), format!("{HEADER}deep,x,1.0,1e-5,\"{ev}\",\n")).unwrap();
    let e = one_error_line(&run(&["claims", "c.csv", "--no-monte-carlo"], None, tmp.path()));
    assert!(e.contains("nest"), "{e}");
}

#[test]
fn claims_event_nesting_at_the_limit_still_parses() {
    // 60 levels of parentheses are legitimate and mean gaussian(1): ε of the Gaussian with
    // σ = 1 at δ = 1e-5 is 4.3769…, so the claim ε = 5 is sound.
    let tmp = tempfile::tempdir().unwrap();
    let ev = format!("{}gaussian(1){}", "(".repeat(60), ")".repeat(60));
    std::fs::write(tmp.path().join("c.csv"), format!("{HEADER}deep,x,5.0,1e-5,{ev},\n")).unwrap();
    let o = run(&["claims", "c.csv", "--no-monte-carlo", "--json"], None, tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(rows[0]["verdict"], "sound", "{}", rows[0]);
}

#[test]
fn claims_event_json_unknown_key_is_rejected_with_key_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(
        tmp.path().join("ev.json"),
        "{\"event\": {\"self_composed\": {\"count\": 3,\n  \"event\": {\"gaussian\": {\"noise_multiplier\": 1.0,\n    \"sigmaa\": 2.0}}}}}\n",
    )
    .unwrap();
    std::fs::write(tmp.path().join("c.csv"), format!("{HEADER}j,x,5.0,1e-5,@ev.json,\n")).unwrap();
    let o = run(&["claims", "c.csv", "--no-monte-carlo"], None, tmp.path());
    let e = one_error_line(&o);
    assert!(e.contains("sigmaa") && e.contains("ev.json:3"), "{e}");
}

#[test]
fn claims_event_toml_unknown_key_is_rejected_with_key_and_line() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("ev.toml"), "[event.self_composed]\ncount = 3\n[event.self_composed.event.gaussian]\nnoise_multiplier = 1.0\nsensitivty = 2.0\n").unwrap();
    std::fs::write(tmp.path().join("c.csv"), format!("{HEADER}t,x,5.0,1e-5,@ev.toml,\n")).unwrap();
    let e = one_error_line(&run(&["claims", "c.csv", "--no-monte-carlo"], None, tmp.path()));
    assert!(e.contains("sensitivty") && e.contains("ev.toml:5"), "{e}");
}

#[test]
fn claims_event_toml_syntax_error_is_one_line() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("ev.toml"), "[event.self_composed]\ncount = = 3\n").unwrap();
    std::fs::write(tmp.path().join("c.csv"), format!("{HEADER}t,x,5.0,1e-5,@ev.toml,\n")).unwrap();
    let e = one_error_line(&run(&["claims", "c.csv", "--no-monte-carlo"], None, tmp.path()));
    assert!(e.contains("ev.toml"), "{e}");
}

#[test]
fn claims_rdp_row_at_order_1e6_is_decided_within_its_budget() {
    // Poisson-subsampled Gaussian q = 0.01, σ = 1, T = 1, α = 10⁶: the RDP is ≈ ln(q²e^{α−1}…)/(α−1)
    // ≈ 1 − 2·ln(100)/10⁶ ≈ 0.4999…·2; a claim ρ = 0.01 is far below it (unsound) and ρ = 10⁶ far
    // above (sound). Before the pre-screen of the binomial sum the row took > 100 s.
    let tmp = tempfile::tempdir().unwrap();
    let csv = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,kind,order,value\n\
               low,x,poisson_subsampled_gaussian,1.0,,0.01,1,,,rdp,1000000,0.01\n\
               high,x,poisson_subsampled_gaussian,1.0,,0.01,1,,,rdp,1000000,1000000\n";
    std::fs::write(tmp.path().join("c.csv"), csv).unwrap();
    let o = run(&["claims", "c.csv", "--no-monte-carlo", "--time-budget", "5", "--json"], None, tmp.path());
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(rows[0]["verdict"], "unsound", "{}", rows[0]);
    assert_eq!(rows[1]["verdict"], "sound", "{}", rows[1]);
}

fn profile_json(args: &[&str]) -> Value {
    let tmp = tempfile::tempdir().unwrap();
    let mut a = vec!["profile"];
    a.extend_from_slice(args);
    a.push("--json");
    let o = run(&a, None, tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

/// The (lower, upper) interval a profile report gives for `method` (`exact`, `fft`).
fn interval(v: &Value, method: &str) -> (f64, f64) {
    (num(&v[method]["lower"]), num(&v[method]["upper"]))
}

#[test]
fn profile_exact_delta_at_epsilon_1e60_has_a_positive_upper_end() {
    // δ(ε) of N(0,1) vs N(1,1) at ε = 1e60 is about φ(ε)/ε — far below the smallest f64, so the
    // reported interval must be [0, tiny positive] (never [0, 0], which would contradict ln δ > −∞).
    let v = profile_json(&["--mechanism", "gaussian", "--noise-multiplier", "1", "--epsilon", "1e60", "--method", "exact"]);
    let (lo, hi) = interval(&v, "exact");
    assert!(lo == 0.0 && hi > 0.0 && hi <= f64::MIN_POSITIVE * 2.0, "[{lo}, {hi}] in {v}");
}

#[test]
fn profile_exact_delta_at_epsilon_1e35_is_not_zero_to_one() {
    let v = profile_json(&["--mechanism", "gaussian", "--noise-multiplier", "1", "--epsilon", "1e35", "--method", "exact"]);
    let (lo, hi) = interval(&v, "exact");
    assert!(lo == 0.0 && hi > 0.0 && hi < 1e-300, "[{lo}, {hi}] in {v}");
}

#[test]
fn profile_fft_at_epsilon_1e20_answers() {
    // ε = 1e20 is past every loss of the discretised Gaussian: δ(ε) is 0 to f64 resolution, the
    // upper end positive and tiny. Before the clamp this hung (release) or panicked (debug).
    let v = profile_json(&["--mechanism", "gaussian", "--noise-multiplier", "1", "--epsilon", "1e20", "--method", "fft"]);
    let (lo, hi) = interval(&v, "fft");
    assert!(lo >= 0.0 && hi >= lo && hi < 1e-10, "[{lo}, {hi}] in {v}");
}

#[test]
fn profile_gaussian_sigma_1e100_answers_at_delta_1e5() {
    // σ = 1e100, δ = 1e-5: ε is 0 (δ(0) = 2Φ(1/(2σ)) − 1 ≈ 3.989e-101 < 1e-5), so the answer is ε = 0.
    let v = profile_json(&["--mechanism", "gaussian", "--noise-multiplier", "1e100", "--delta", "1e-5", "--method", "exact"]);
    let (lo, hi) = interval(&v, "exact");
    assert_eq!(lo, 0.0, "{v}");
    assert!((0.0..1e-10).contains(&hi), "{v}");
}

#[test]
fn tradeoff_csv_to_a_directory_is_one_error_line_with_nothing_printed() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("d")).unwrap();
    for target in ["d", "/proc/version"] {
        let o = run(&["shuffle", "--users", "100", "--local-epsilon", "1", "--delta", "1e-6", "--tradeoff-csv", target], None, tmp.path());
        let e = one_error_line(&o);
        assert!(e.contains(target.split('/').next().unwrap()) || e.contains(target), "{target}: {e}");
    }
}

const LEGACY: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta\n";

#[test]
fn claims_latin1_byte_is_reported_on_its_own_line() {
    let tmp = tempfile::tempdir().unwrap();
    let mut bytes = format!("{LEGACY}r1,x,gaussian,1,,,1,5.0,1e-5\n").into_bytes();
    bytes.extend_from_slice(b"r\xe92,x,gaussian,1,,,1,5.0,1e-5\n");
    std::fs::write(tmp.path().join("c.csv"), bytes).unwrap();
    let e = one_error_line(&run(&["claims", "c.csv", "--no-monte-carlo"], None, tmp.path()));
    assert!(e.contains("c.csv:3") && e.contains("0xE9") && e.contains("column 2"), "{e}");
}

#[test]
fn claims_sigma_below_the_limit_names_the_noise_multiplier_column() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("c.csv"), format!("{LEGACY}r1,x,poisson_subsampled_gaussian,1e-320,,0.5,1,1.0,1e-5\n")).unwrap();
    let e = one_error_line(&run(&["claims", "c.csv", "--no-monte-carlo"], None, tmp.path()));
    assert!(e.contains("column 4 (noise_multiplier)") && e.contains("1e-320"), "{e}");
}

#[test]
fn audit_spec_with_a_missing_include_names_the_include() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("a.toml"), "title = \"t\"\ninclude = [\"nope.toml\"]\n").unwrap();
    let e = one_error_line(&run(&["audit", "a.toml", "--dry-run"], None, tmp.path()));
    assert!(e.contains("a.toml:2") && e.contains("nope.toml") && e.contains("not found"), "{e}");
}

#[test]
fn audit_spec_made_only_of_includes_runs_their_checks() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("b.toml"), "\u{feff}[[check]]\nname = \"g\"\nmechanism = \"gaussian\"\nnoise_multiplier = 1.0\ndelta = 1e-5\n").unwrap();
    std::fs::write(tmp.path().join("a.toml"), "include = [\"b.toml\"]\n").unwrap();
    let o = run(&["audit", "a.toml", "--dry-run", "--json"], None, tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v: Value = serde_json::from_slice(&o.stdout).expect("--dry-run --json prints JSON");
    assert_eq!(v["checks"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["checks"][0]["name"], "g", "{v}");
    assert_eq!(v["checks"][0]["line"], 2, "{v}");
}

#[test]
fn event_json_with_a_byte_order_mark_is_accepted() {
    // The same event as gaussian(1): ε(1e-5) = 4.3769… so a claim of 5 is sound.
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("ev.json"), "\u{feff}{\"event\": {\"gaussian\": {\"noise_multiplier\": 1.0}}}\n").unwrap();
    std::fs::write(tmp.path().join("c.csv"), format!("{HEADER}j,x,5.0,1e-5,@ev.json,\n")).unwrap();
    let o = run(&["claims", "c.csv", "--no-monte-carlo", "--json"], None, tmp.path());
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(rows[0]["verdict"], "sound", "{}", rows[0]);
}

#[test]
fn precision_limits_are_the_same_in_every_command() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("c.csv"), format!("{LEGACY}r1,x,gaussian,1,,,1,5.0,1e-5\n")).unwrap();
    for bits in ["63", "65537"] {
        let cases: [Vec<&str>; 3] = [
            vec!["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1e-5", "--method", "exact", "--precision", bits],
            vec!["claims", "c.csv", "--no-monte-carlo", "--precision", bits],
            vec!["eval", "shifted_interpolation", "Theorem 4.2", "--precision", bits],
        ];
        for args in cases {
            let e = one_error_line(&run(&args, None, tmp.path()));
            assert!(e.contains("between 64 and 65536 bits") && e.contains(bits), "{args:?}: {e}");
        }
    }
}
