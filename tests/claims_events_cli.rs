//! Events (issue 12) through the binary: `audits/claims/events_example.csv` audited end to end
//! (exit code, verdict and certified numbers per row) and the bad-input contract of the `event`
//! and `adjacency` columns (exit 2, one line `dpaudit: FILE:LINE: column K (NAME): reason`,
//! nothing written).
//!
//! Expected numbers are independent of dpaudit (`audits/claims/events_reference.py`, mpmath at
//! 40–50 digits; dp_accounting 0.6.0 PLD with value_discretization_interval 1e−4 where noted,
//! compared by overlap within its discretisation error, not equality). They are listed per row in
//! the header comment of the CSV file.

use assert_cmd::Command;
use serde_json::Value;

mod common;
use common::num;

fn example() -> String {
    common::claims_file("events_example.csv")
}

#[test]
fn the_events_example_is_audited_end_to_end() {
    let tmp = tempfile::tempdir().unwrap();
    let o = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["claims", &example(), "--json", "--no-monte-carlo", "--out", "rep"]).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    let by_id = |id: &str| rows.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("{id} missing"));
    let want = [
        ("ro-c-instead-of-2c", "unsound"),
        ("ro-2c-control", "sound"),
        ("hetero-gauss", "unsound"),
        ("hetero-psg", "sound"),
        ("hetero-psg-low", "unsound"),
        ("hetero-psg-ro-as-ar", "unsound"),
        ("hetero-psg-ro-json", "sound"),
        ("hetero-psg-ro-toml", "unsound"),
        ("mixed-laplace-psg", "sound"),
        ("wor-as-poisson", "unsound"),
        ("wor-control", "sound"),
        ("shuffle-as-poisson", "unsound"),
        ("shuffle-as-rdp", "unsound"),
        ("shuffle-control", "inconclusive"),
        ("pure-laplace-rr", "sound"),
        ("pure-laplace-rr-low", "unsound"),
        ("pure-gauss-event", "unsound"),
        ("poisson-laplace", "sound"),
        ("poisson-laplace-low", "unsound"),
        ("pure-poisson-laplace", "sound"),
        ("laplace-add-only", "unsound"),
        ("laplace-remove-only", "sound"),
    ];
    assert_eq!(rows.len(), want.len());
    for (id, verdict) in want {
        assert_eq!(by_id(id)["verdict"].as_str().unwrap(), verdict, "{id}: {}", by_id(id));
    }
    let eps = |id: &str| (num(&by_id(id)["true_epsilon"]["lower"]), num(&by_id(id)["true_epsilon"]["upper"]));
    // mpmath closed forms (exact route).
    let (lo, hi) = eps("ro-c-instead-of-2c");
    assert!(lo <= 9.9972561464343004 && 9.9972561464343004 <= hi && hi - lo < 1e-9, "{lo} {hi}");
    let (lo, hi) = eps("hetero-gauss");
    assert!(lo <= 35.948996679148281 && 35.948996679148281 <= hi && hi - lo < 1e-8, "{lo} {hi}");
    // dp_accounting 0.6.0 PLD (its own discretisation error is ~1e−3 relative): overlap.
    for (id, dpa) in [("hetero-psg", 3.6269564912353647), ("hetero-psg-ro-json", 5.321833684826436), ("mixed-laplace-psg", 5.0468515289806675), ("wor-control", 0.9687478575691852)] {
        let (lo, hi) = eps(id);
        assert!(lo <= dpa * 1.002 && dpa * 0.998 <= hi && hi - lo < 1e-2 * lo, "{id}: [{lo}, {hi}] vs dp_accounting {dpa}");
    }
    assert_eq!(eps("hetero-psg-ro-json"), eps("hetero-psg-ro-toml"));
    // Poisson-subsampled Laplace (add/remove): dp_accounting 0.6.0 PLD 1.7235217 (overlap).
    let (lo, hi) = eps("poisson-laplace");
    assert!(lo <= 1.7235217 * 1.002 && 1.7235217 * 0.998 <= hi && hi - lo < 2e-2 * lo, "[{lo}, {hi}]");
    // δ = 0: 20 steps of ln(1 − 0.1 + 0.1 e^1) = 0.15856508…: ε(0) = 3.1713015748085822 (remove direction,
    // the larger; mpmath: 20*log(1+0.1*(e−1))).
    let (lo, hi) = eps("pure-poisson-laplace");
    assert!(lo <= 3.1713015748085822 && 3.1713015748085822 <= hi && hi - lo < 1e-9, "[{lo}, {hi}]");
    // Shuffle: certified lower bound only (mpmath 10.996901896522195 at the threshold m = 8.5).
    let (lo, hi) = eps("shuffle-as-poisson");
    assert!((10.996901896522195..10.9972).contains(&lo) && hi.is_infinite(), "{lo} {hi}");
    assert_eq!(by_id("shuffle-control")["method"], "lower_bound");
    // δ = 0: ε(0) = 20/5 + 10·0.1 = 5 (outward-rounded), ∞ with a Gaussian phase.
    let (lo, hi) = eps("pure-laplace-rr");
    assert!(lo <= 5.0 && 5.0 <= hi && hi - lo < 1e-12, "{lo} {hi}");
    assert!(eps("pure-gauss-event").0.is_infinite());
    // One step of poisson(0.5, laplace(1)) at δ = 1e−5, per direction (mpmath quadrature of the
    // hockey-stick, events_reference.py): remove 0.62008526448 (the maximum), add 0.37986549321.
    // A claim of the add direction only is unsound, of the remove direction only sound.
    for id in ["laplace-add-only", "laplace-remove-only"] {
        let (lo, hi) = eps(id);
        assert!(lo <= 0.6200852644799987 && 0.6200852644799987 <= hi && hi - lo < 1e-3 * lo, "{id}: [{lo}, {hi}]");
    }
    assert_eq!(by_id("wor-as-poisson")["mechanism"], "1000*wor(256, 60000, gaussian(1.1)) [replace_one]");
}

#[test]
fn bad_event_fields_exit_2_naming_line_and_column() {
    let tmp = tempfile::tempdir().unwrap();
    let head = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,event,adjacency";
    let cases: &[(&str, &str)] = &[
        ("b,a,,,,,,1,1e-5,\"poisson(2, gaussian(1))\",", "column 10 (event): at character 23: the Poisson sampling probability must lie in [0, 1], got 2"),
        ("b,a,gaussian,1,,,1,1,1e-5,gaussian(1),", "column 3 (mechanism): 'gaussian' given on a row with an event"),
        ("b,a,,,,,,1,1e-5,\"10*wor(5, 50, gaussian(1))\",add_remove", "column 10 (event): wor(5, 50, gaussian(1.0)) under add_remove"),
        ("b,a,,,,,,1,1e-5,@nope.json,", "column 10 (event): cannot read the event file"),
        ("b,a,,,,,,1,1e-5,gaussian(1),both", "column 11 (adjacency): unknown adjacency 'both'"),
        ("b,a,,,,,,1,1e-5,\"shuffle(2, 10, laplace(1))\",", "not supported (only gaussian is sampled that way)"),
    ];
    for (k, (row, needle)) in cases.iter().enumerate() {
        let f = tmp.path().join(format!("bad{k}.csv"));
        std::fs::write(&f, format!("{head}\ng,a,gaussian,1,,,1,5,1e-5,,\n{row}\n")).unwrap();
        let fs = f.to_str().unwrap();
        let o = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["claims", fs, "--out", "rep"]).output().unwrap();
        let stderr = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(2), "{row}: {stderr}");
        assert!(o.stdout.is_empty());
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(&format!("dpaudit: {fs}:3: ")), "{stderr}");
        assert!(stderr.contains(needle), "'{needle}' not in {stderr:?}");
        assert!(!tmp.path().join("rep").exists());
    }
}
