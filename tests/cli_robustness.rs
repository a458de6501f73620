//! Regression tests of issue 14 ("Robustness"), one per finding, run against the binary. Each
//! checks the exit status, the output and the files, and the number against an independent
//! closed form.

use std::path::Path;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_dpaudit");

fn dpaudit(args: &[&str], cwd: &Path) -> Output {
    Command::new(BIN).args(args).current_dir(cwd).output().expect("the dpaudit binary runs")
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&out.stdout)))
}

fn one_error_line(out: &Output) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("dpaudit: "), "{err}");
    err
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir).map(|r| r.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()).unwrap_or_default();
    v.sort();
    v
}

#[test]
fn f1_gaussian_sigma10_mc_epsilon_clamped_at_zero() {
    // σ = 10, δ = 0.05: δ(0) = erf(μ/(2√2)) with μ = 0.1 (Balle & Wang 2018, Thm 8 at ε = 0)
    // = 0.03988 < 0.05, so ε(δ) = 0: all three methods must say [0, ·] and agree (exit 0).
    let d = tempfile::tempdir().unwrap();
    let out = dpaudit(&["profile", "--mechanism", "gaussian", "--noise-multiplier", "10", "--delta", "0.05", "--json"], d.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let v = json(&out);
    for m in ["exact", "fft", "mc"] {
        assert_eq!(v[m]["lower"].as_f64(), Some(0.0), "{m}: {}", v[m]);
        assert!(v[m]["upper"].as_f64().is_some_and(|u| u >= 0.0), "{m}: {}", v[m]);
    }
    assert_eq!(v["exact"]["upper"].as_f64(), Some(0.0));
}

#[test]
fn f1_subsampled_q0_mc_epsilon_is_zero_not_ln_one_minus_delta() {
    // q = 0: the privacy loss is identically 0, δ(ε) = (1 − e^ε)_+ and ε(δ) = 0 exactly; the
    // Monte Carlo interval used to be ln(1 − δ) = −1.000005e−5.
    let d = tempfile::tempdir().unwrap();
    let out = dpaudit(&["profile", "--mechanism", "poisson-subsampled-gaussian", "--noise-multiplier", "1", "--sampling-rate", "0", "--delta", "1e-5", "--json"], d.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let v = json(&out);
    for m in ["exact", "fft", "mc"] {
        assert_eq!((v[m]["lower"].as_f64(), v[m]["upper"].as_f64()), (Some(0.0), Some(0.0)), "{m}: {}", v[m]);
    }
}

#[test]
fn f3_profile_out_blocked_writes_nothing() {
    // profile.txt is a directory: exit 2 with one line, and profile.json must not appear.
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(d.path().join("D/profile.txt")).unwrap();
    let out = dpaudit(&["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1e-5", "--method", "exact", "--out", "D"], d.path());
    let err = one_error_line(&out);
    assert!(err.contains("profile.txt"), "{err}");
    assert_eq!(names(&d.path().join("D")), ["profile.txt"]);
}

#[test]
fn f3_claims_out_blocked_writes_nothing() {
    let d = tempfile::tempdir().unwrap();
    let csv = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta\na,x,gaussian,1.0,,,1,4.4,1e-05\n";
    std::fs::write(d.path().join("c.csv"), csv).unwrap();
    std::fs::create_dir_all(d.path().join("D/claims_report.md")).unwrap();
    let out = dpaudit(&["claims", "--no-monte-carlo", "c.csv", "--out", "D"], d.path());
    let err = one_error_line(&out);
    assert!(err.contains("claims_report.md"), "{err}");
    assert_eq!(names(&d.path().join("D")), ["claims_report.md"]);
}

#[test]
fn f3_audit_out_blocked_writes_nothing() {
    let d = tempfile::tempdir().unwrap();
    let spec = "title = \"t\"\n[defaults]\nmethods = [\"exact\"]\n\n[[check]]\nname = \"g\"\nmechanism = \"gaussian\"\nnoise_multiplier = 1.0\nsteps = 1\ndelta = 1e-5\n";
    std::fs::write(d.path().join("s.toml"), spec).unwrap();
    std::fs::create_dir_all(d.path().join("D/report.md")).unwrap();
    let out = dpaudit(&["audit", "s.toml", "--out", "D"], d.path());
    let err = one_error_line(&out);
    assert!(err.contains("report.md"), "{err}");
    assert_eq!(names(&d.path().join("D")), ["report.md"]);
}

#[cfg(unix)]
#[test]
fn f4_profile_interrupted_during_fft_exits_130_and_writes_nothing() {
    // A 10⁹-step FFT composition runs for many seconds; one SIGINT must stop it (exit 130),
    // and --out must stay empty. (No timing is asserted: only the exit status and the files.)
    let d = tempfile::tempdir().unwrap();
    let child = Command::new(BIN)
        .args(["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--delta", "1e-5", "--steps", "1000000000", "--method", "fft", "--out", "D"])
        .current_dir(d.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-INT", &pid]).status().unwrap().success());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    assert!(names(&d.path().join("D")).is_empty());
}

#[test]
fn f6_exact_delta_at_epsilon_1e6_is_tight_and_consistent() {
    // μ = 1, ε = 1e6: ln δ = ln Φ(−a) + ln(1 − e^{ε + ln Φ(−b) − ln Φ(−a)}), a = ε − ½, b = ε + ½
    // (Balle & Wang 2018, Thm 8). With the Mills-ratio leading terms (A&S 26.2.12),
    // ln Φ(−x) ≈ −x²/2 − ln x − ln√(2π), the difference d ≈ −ln(b/a) ≈ −1e−6, so
    // ln δ ≈ −a²/2 − ln a − ln√(2π) + ln(1e−6) = −499999500000.125 − 13.8155 − 0.9189 − 13.8155
    // ≈ −4.99999500028675e11. The upper end of δ must be tiny (not 1), and ln δ finite.
    let d = tempfile::tempdir().unwrap();
    let out = dpaudit(&["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--epsilon", "1e6", "--method", "exact", "--json"], d.path());
    assert_eq!(out.status.code(), Some(0));
    let v = json(&out);
    assert_eq!(v["exact"]["lower"].as_f64(), Some(0.0));
    assert_eq!(v["exact"]["upper"].as_f64(), Some(5e-324), "{}", v["exact"]);
    let detail = v["details"]["exact"]["detail"].as_str().unwrap();
    assert!(!detail.contains("inf"), "{detail}");
    let a: f64 = 1e6 - 0.5;
    let want = -a * a / 2.0 - a.ln() - (2.0 * std::f64::consts::PI).sqrt().ln() + (1e-6f64).ln();
    let ln_hi: f64 = detail.split(", ").nth(1).unwrap().trim_end_matches(']').parse().unwrap();
    assert!((ln_hi - want).abs() < 1e-3 * want.abs().sqrt(), "ln δ upper {ln_hi} vs {want}");
}

#[test]
fn f7_tiny_sigma_and_huge_steps_are_stated_limits() {
    let d = tempfile::tempdir().unwrap();
    let out = dpaudit(&["profile", "--mechanism", "gaussian", "--noise-multiplier", "1e-320", "--delta", "1e-5"], d.path());
    let line = one_error_line(&out);
    assert!(line.contains("noise multiplier = 1e-320: is below the supported minimum 1e-3"), "{line}");
    let out = dpaudit(&["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--steps", "9223372036854775807", "--delta", "1e-5"], d.path());
    assert!(one_error_line(&out).contains("2^40"));
    let help = dpaudit(&["profile", "--help"], d.path());
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("Limits of valid input") && help.contains("S >= 1e-3") && help.contains("2^40"), "{help}");
    // At the boundary: T = 2^40 is accepted by the exact route; μ = √(2^40) = 2^20, and
    // ε(δ) ≈ μ²/2 + μ·Φ⁻¹(1 − δ) for large μ (GDP, Dong–Roth–Su 2022 Cor 2.13), so for δ = 1e−5
    // ε ≈ 2^39 + 2^20·4.2649 = 5.4976e11 + 4.472e6 (±1e−6 relative).
    let out = dpaudit(&["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--steps", "1099511627776", "--delta", "1e-5", "--method", "exact", "--json"], d.path());
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let hi = json(&out)["exact"]["upper"].as_f64().unwrap();
    let want = 2f64.powi(39) + 2f64.powi(20) * 4.264890793922825;
    assert!((hi - want).abs() < 1e-6 * want, "{hi} vs {want}");
}

#[test]
fn smaller_sampling_rate_rejected_for_gaussian() {
    let d = tempfile::tempdir().unwrap();
    let out = dpaudit(&["profile", "--mechanism", "gaussian", "--noise-multiplier", "1", "--sampling-rate", "0.5", "--delta", "1e-5"], d.path());
    assert!(one_error_line(&out).contains("sampling rate"));
}

#[test]
fn smaller_list_verdicts_rejects_unknown_paper() {
    let d = tempfile::tempdir().unwrap();
    let pts = r#"[{"paper":"nope","id":"A1","results":["Algorithm 3"],"title":"","verdict":"holds","evidence":"","data":null}]"#;
    std::fs::write(d.path().join("v.json"), pts).unwrap();
    let out = dpaudit(&["list", "--verdicts", "v.json"], d.path());
    assert!(one_error_line(&out).contains("unknown paper 'nope'"));
}
