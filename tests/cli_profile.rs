//! `dpaudit profile` happy paths. Reference: ε(1e−5) of the Gaussian mechanism with σ = 1 is
//! 4.3771780956812246 (mpmath at 50 digits, foundations §8.3).

use assert_cmd::Command;
use serde_json::Value;

const EPS_MPMATH: f64 = 4.3771780956812246;

mod common;
use common::num;

#[test]
fn json_gaussian_contains_the_exact_epsilon_in_every_interval() {
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("dpaudit")
        .unwrap()
        .args(["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1e-5", "--json", "--out"])
        .arg(tmp.path().join("res"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.trim().lines().count(), 1, "exactly one JSON object on one line");
    let j: Value = serde_json::from_str(stdout.trim()).unwrap();
    assert_eq!(j["agree"], true);
    assert_eq!(j["query"]["quantity"], "epsilon");
    assert_eq!(j["steps"], 1);
    assert!(!j["exact"].is_null(), "exact applies to the Gaussian mechanism");
    let mut produced = 0;
    for m in ["exact", "fft", "mc"] {
        let iv = &j[m];
        let detail = &j["details"][m];
        assert!(detail.is_object(), "details.{m} present");
        if iv.is_null() {
            assert_ne!(detail["status"], "ok", "{m}: null interval must say why");
            continue;
        }
        produced += 1;
        let (lo, hi) = (num(&iv["lower"]), num(&iv["upper"]));
        assert!(lo <= EPS_MPMATH && EPS_MPMATH <= hi, "{m}: [{lo}, {hi}] misses {EPS_MPMATH}");
        assert!(detail["guarantee"].is_string() && detail["seconds"].is_number());
    }
    assert!(produced >= 1);
    // --out wrote both files, and profile.json holds the same object.
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(tmp.path().join("res/profile.json")).unwrap()).unwrap();
    assert_eq!(saved["exact"], j["exact"]);
    assert!(std::fs::read_to_string(tmp.path().join("res/profile.txt")).unwrap().contains("agree: yes"));
}

#[test]
fn table_output_and_help() {
    let out = Command::cargo_bin("dpaudit")
        .unwrap()
        .args(["profile", "--mechanism", "laplace", "--noise-multiplier", "1", "--epsilon", "0.5", "--method", "exact"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = s.lines().collect();
    assert!(lines[0].starts_with("laplace(S=1, C=1) × T = 1: δ at ε = 0.5"), "{s}");
    assert!(lines[1].starts_with("method") && lines[1].contains("guarantee") && lines[1].contains("detail"));
    // δ(0.5) = 1 − e^{−1/4} = 0.22119921692859513 (foundations §8.3), 10 significant digits shown.
    assert!(lines[2].starts_with("exact") && lines[2].contains("0.2211992169"), "{s}");
    assert!(lines.last().unwrap().starts_with("agree: yes"));
    for sub in [&["profile"][..], &["audit"], &["golden", "check"], &["golden", "regen"]] {
        let out = Command::cargo_bin("dpaudit").unwrap().args(sub).arg("--help").output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{sub:?} --help");
        assert!(String::from_utf8_lossy(&out.stdout).contains("Examples:"), "{sub:?} --help has examples");
    }
}

/// Composed Laplace has no closed form: `exact` answers by interval convolution (issue 13) and
/// contains the mpmath value δ(2.5) = 0.070704690136896231891 for ε0 = 0.5, T = 10
/// (`tests/anchors/laplace_composed.py`); all three methods agree.
#[test]
fn composed_laplace_exact_by_interval_convolution() {
    let out = Command::cargo_bin("dpaudit")
        .unwrap()
        .args(["profile", "--mechanism", "laplace", "--noise-multiplier", "2", "--steps", "10", "--epsilon", "2.5", "--method", "all", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let j: Value = serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    let truth = 0.070704690136896231891;
    for m in ["exact", "fft", "mc"] {
        assert!(!j[m].is_null(), "{m} must answer: {}", j["details"][m]);
    }
    let (lo, hi) = (num(&j["exact"]["lower"]), num(&j["exact"]["upper"]));
    assert!(lo <= truth && truth <= hi, "[{lo}, {hi}]");
    assert!(j["details"]["exact"]["detail"].as_str().unwrap().contains("interval convolution"));
    assert_eq!(j["agree"], true);
}

#[test]
fn cf_method_answers_dpsgd_at_a_million_steps_and_declines_laplace() {
    // ε(1e−5) of DP-SGD q = 0.01, σ = 1, T = 10⁶: 139.0302725705578 (40-digit mpmath Bromwich
    // inversion, golden/anchors/cf/bromwich_mpmath.py).
    let out = Command::cargo_bin("dpaudit")
        .unwrap()
        .args(["profile", "--mechanism", "poisson-subsampled-gaussian", "--noise-multiplier", "1", "--sampling-rate", "0.01", "--steps", "1000000", "--delta", "1e-5", "--method", "cf", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let j: Value = serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    let (lo, hi) = (num(&j["cf"]["lower"]), num(&j["cf"]["upper"]));
    assert!(lo <= 139.0302725705578 && 139.0302725705578 <= hi && hi - lo < 1e-4, "[{lo}, {hi}]");
    assert_eq!(j["details"]["cf"]["guarantee"], "certified");
    assert!(j["fft"].is_null() && j["details"]["fft"]["status"] == "not requested", "{j}");
    // Laplace: not applicable, with the reason, exit 0 (nothing disagrees)
    let out = Command::cargo_bin("dpaudit")
        .unwrap()
        .args(["profile", "--mechanism", "laplace", "--noise-multiplier", "1", "--steps", "10", "--epsilon", "1", "--method", "cf", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let j: Value = serde_json::from_str(String::from_utf8(out.stdout).unwrap().trim()).unwrap();
    assert!(j["cf"].is_null());
    assert!(j["details"]["cf"]["detail"].as_str().unwrap().contains("lattice"), "{j}");
}
