//! Claim kinds (issue 12) through the binary: the mixed-kind example file
//! `audits/claims/kinds_example.csv` audited end to end (exit code, verdict and certified numbers
//! per row), and the bad-input contract of the `kind`, `order` and `value` columns (exit 2, one
//! line `dpaudit: FILE:LINE: column K (NAME): reason`, nothing written).
//!
//! Expected numbers, computed independently of dpaudit:
//! * Gaussian RDP `αT/(2σ²)` (Mironov 2017, Prop. 7): σ = 2, T = 10, α = 8 gives 10;
//! * RR RDP at α = 3, ε0 = 1/2, T = 5: 1.5120318752811 (mpmath, Mironov 2017, Prop. 5);
//! * subsampled Gaussian q = 0.01, σ = 1, α = 2.5: D = 2.1757533e−4 per step (mpmath quadrature;
//!   foundations §2.4), so T = 1000 gives 0.21758 < 0.3;
//! * zCDP ρ = T/(2σ²) = 10/8 = 1.25; GDP μ = √T/σ = 4/2 = 2;
//! * Laplace b = 2 (one step) against G_1: δ_Lap(ε) = 1 − e^{(ε−1/2)/2} on [0, 1/2] is below
//!   δ_1(ε) (δ_Lap(0) = 0.2212 < δ_1(0) = 0.3829, mpmath);
//! * Gaussian, T = 100, (1, 1e−5): σ_min = 37.30631634815942 (mpmath bisection,
//!   adapters/python/make_known_bugs.py), the row's σ is 0.5 % below it;
//! * Gaussian μ = 1: δ(5) = 5.79e−7 < 1e−5 (mpmath), so (5, 1e−5) is sound.

use assert_cmd::Command;
use serde_json::Value;

mod common;
use common::num;

fn example() -> String {
    common::claims_file("kinds_example.csv")
}

#[test]
fn the_mixed_kind_example_is_audited_end_to_end() {
    let tmp = tempfile::tempdir().unwrap();
    let o = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["claims", &example(), "--json", "--no-monte-carlo", "--out", "rep", "--junit", "j.xml"]).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    let by_id = |id: &str| rows.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("{id} missing"));
    let want = [
        ("ed-gauss", "eps_delta", "sound"),
        ("rdp-gauss-missing-T", "rdp", "unsound"),
        ("rdp-gauss-exact", "rdp", "sound"),
        ("rdp-sgm-frac", "rdp", "sound"),
        ("rdp-rr", "rdp", "unsound"),
        ("zcdp-gauss", "zcdp", "sound"),
        ("gdp-laplace", "gdp", "sound"),
        ("gdp-gauss-low", "gdp", "unsound"),
        ("cal-overshoot", "calibration", "unsound"),
    ];
    assert_eq!(rows.len(), want.len());
    for (id, kind, verdict) in want {
        let r = by_id(id);
        assert_eq!((r["kind"].as_str().unwrap(), r["verdict"].as_str().unwrap()), (kind, verdict), "{id}: {r}");
    }
    // Certified truths and margins of the divergence kinds.
    let tv = |id: &str| (num(&by_id(id)["true_value"]["lower"]), num(&by_id(id)["true_value"]["upper"]));
    assert_eq!(tv("rdp-gauss-missing-T"), (10.0, 10.0));
    assert_eq!(num(&by_id("rdp-gauss-missing-T")["excess"]["value"]["lower"]), 9.0);
    assert_eq!(by_id("rdp-gauss-missing-T")["violation"], "beyond_rounding");
    assert_eq!(by_id("rdp-gauss-missing-T")["epsilon"], Value::Null);
    let (lo, hi) = tv("rdp-rr");
    assert!(lo <= 1.5120318752811074 && 1.5120318752811074 <= hi && hi - lo < 1e-12, "{lo} {hi}");
    let (lo, hi) = tv("rdp-sgm-frac");
    assert!(lo <= 0.21757533228188 && 0.21757533228188 <= hi && hi <= 0.3, "{lo} {hi}");
    assert_eq!(tv("zcdp-gauss"), (1.25, 1.25));
    assert_eq!(tv("gdp-gauss-low"), (2.0, 2.0));
    assert_eq!(num(&by_id("rdp-sgm-frac")["order"]), 2.5);
    // Calibration: the (ε, δ) verdict at the claimed σ plus the certified σ_min.
    let c = by_id("cal-overshoot");
    let (slo, shi) = (num(&c["sigma_min"]["lower"]), num(&c["sigma_min"]["upper"]));
    assert!(slo <= 37.30631634815942 && 37.30631634815942 <= shi && shi - slo < 1e-9, "{slo} {shi}");
    let t = num(&c["sigma_tightness"]["upper"]);
    assert!((t - 0.995).abs() < 1e-9, "{t}");
    assert!(num(&c["true_epsilon"]["lower"]) > 1.0);
    // Reports carry the kinds.
    let md = std::fs::read_to_string(tmp.path().join("rep/claims_report.md")).unwrap();
    assert!(md.contains("## Claim kinds") && md.contains("| rdp-gauss-missing-T | rdp | 8.000000 |"), "{md}");
    let xml = std::fs::read_to_string(tmp.path().join("j.xml")).unwrap();
    assert!(xml.contains("kind rdp: claimed rho = 1.000000 at order α = 8.000000; certified true value ∈ [10.00000, 10.00000]"), "{xml}");
    assert!(xml.contains("calibration: σ_min ∈ [37.3063"), "{xml}");
    // The text table has a kind column.
    let o = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["claims", &example(), "--no-monte-carlo"]).output().unwrap();
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(table.lines().next().unwrap().contains("kind"), "{table}");
    assert!(table.contains("claims: 9 rows — 5 sound, 4 unsound"), "{table}");
}

#[test]
fn bad_kind_fields_exit_2_naming_line_and_column() {
    let tmp = tempfile::tempdir().unwrap();
    let head = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,kind,order,value";
    let cases: &[(&str, &str, &str)] = &[
        (head, "b,a,gaussian,1,,,1,,,renyi,2,1", "column 10 (kind): unknown kind 'renyi'"),
        (head, "b,a,gaussian,1,,,1,,,rdp,,1", "column 11 (order): value is missing"),
        (head, "b,a,gaussian,1,,,1,,,rdp,1,1", "column 11 (order): the Rényi order must be > 1, got 1"),
        (head, "b,a,gaussian,1,,,1,,,rdp,0.5,1", "column 11 (order): the Rényi order must be > 1"),
        (head, "b,a,gaussian,1,,,1,,,rdp,2,-1", "column 12 (value): the claimed Rényi divergence ρ must be ≥ 0, got -1"),
        (head, "b,a,gaussian,1,,,1,,,gdp,,-0.5", "column 12 (value): the claimed μ must be ≥ 0"),
        (head, "b,a,gaussian,1,,,1,,,zcdp,,", "column 12 (value): value is missing"),
        (head, "b,a,gaussian,1,,,1,1,,zcdp,,1", "column 8 (epsilon): a zcdp claim states no epsilon"),
        ("id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,kind,value", "b,a,gaussian,1,,,1,,,rdp,1", "(order): a rdp claim needs the column 'order'"),
    ];
    for (k, (header, row, needle)) in cases.iter().enumerate() {
        let f = tmp.path().join(format!("bad{k}.csv"));
        std::fs::write(&f, format!("{header}\ng,a,gaussian,1,,,1,5,1e-5,,,\n{row}\n")).unwrap();
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

#[test]
fn files_without_kind_columns_are_unchanged() {
    // The committed known-bugs file before issue 12 had no kind columns; such a file parses with
    // every row an (ε, δ) claim.
    let text = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta\ng,acc,gaussian,1,,,1,5,1e-5\n";
    let tmp = tempfile::tempdir().unwrap();
    let o = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["claims", "-", "--json", "--no-monte-carlo"]).write_stdin(text).output().unwrap();
    assert_eq!(o.status.code(), Some(0));
    let rows: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(rows[0]["kind"], "eps_delta");
    assert_eq!(rows[0]["verdict"], "sound");
    assert_eq!(num(&rows[0]["epsilon"]), 5.0);
    let o = Command::cargo_bin("dpaudit").unwrap().current_dir(tmp.path()).args(["claims", "-", "--no-monte-carlo"]).write_stdin(text).output().unwrap();
    assert!(String::from_utf8_lossy(&o.stdout).starts_with("id  "), "no kind column for (ε, δ)-only files");
    assert!(!String::from_utf8_lossy(&o.stdout).lines().next().unwrap().contains("kind"));
}
