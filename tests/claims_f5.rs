//! Issue 14, F5: `claims --time-budget` on many rows. Rows the budget does not reach are
//! reported `not_checked` (counted, shown in every report, exit status 0 unless a checked row is
//! unsound), and rows sharing an event share the exact evaluations without changing any number.
//!
//! No timing: a budget of 0 forces `not_checked` deterministically; sharing is compared with
//! auditing every row on its own. Reference value: Gaussian μ = 1, ε(1e−5) = 4.3771780956812246
//! (foundations §8.3, closed form).

use assert_cmd::Command;
use dpaudit::claims::{audit_claims, parse_claims, report, ClaimOptions, ClaimVerdict, Verdict};
use serde_json::Value;

const HEADER: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta";
/// ε(1e−5) of the Gaussian mechanism with μ = √T/σ = 1 (foundations §8.3).
const EPS_MU1: f64 = 4.3771780956812246;
/// A claim 1.1e−11 below [`EPS_MU1`]: within the tolerance κ of the truth.
const AT_TRUTH: f64 = 4.37717809567;

fn csv(rows: &[String]) -> String {
    format!("{HEADER}\n{}\n", rows.join("\n"))
}

fn opts(time_budget: f64) -> ClaimOptions {
    ClaimOptions { time_budget, monte_carlo: false, ..ClaimOptions::default() }
}

/// One row's JSON without the wall-clock `seconds` (the only field allowed to differ).
fn without_seconds(v: &ClaimVerdict) -> Value {
    let mut j = report::row_json(v);
    j.as_object_mut().unwrap().remove("seconds");
    j
}

#[test]
fn f5_time_budget_marks_rows_not_checked() {
    let text = csv(&[
        "ex,acc-a,gaussian,1,,,1,4.2,1e-5".into(),                       // exact route, unsound if checked
        "fft,acc-a,laplace,1,,,20,3.0,1e-5".into(),                      // FFT route
        "triv,acc-b,poisson_subsampled_gaussian,1,,0,100,0.1,1e-5".into(), // q = 0: no computation
        "ex2,acc-b,randomized_response,2,,,5,1.0,1e-6".into(),           // exact route
    ]);
    let claims = parse_claims(&text, "f5").unwrap();
    let got = audit_claims(&claims, &opts(0.0)).unwrap();
    let verdicts: Vec<Verdict> = got.iter().map(|v| v.verdict).collect();
    assert_eq!(verdicts, [Verdict::NotChecked, Verdict::NotChecked, Verdict::Sound, Verdict::NotChecked]);
    for v in got.iter().filter(|v| v.verdict == Verdict::NotChecked) {
        // Nothing was computed: the intervals are the whole domain, no tightness, a note says why.
        assert_eq!((v.true_epsilon.lower, v.true_epsilon.upper), (0.0, f64::INFINITY), "{}", v.id);
        assert_eq!((v.true_delta.lower, v.true_delta.upper), (0.0, 1.0), "{}", v.id);
        assert_eq!(v.tightness, None);
        assert!(v.notes.iter().any(|n| n.contains("time budget")), "{:?}", v.notes);
        assert!(v.method.contains("not run"), "{}", v.method);
    }
    assert_eq!(got[1].route.name(), "fft");
    // Counted in every report.
    let c = report::Counts::of(&got);
    assert_eq!((c.sound, c.unsound, c.inconclusive, c.not_checked), (1, 0, 0, 3));
    assert_eq!(report::status_line(&got), "claims: 4 rows — 1 sound, 0 unsound, 0 inconclusive, 3 not checked");
    let file = report::to_report_json(&got, "f5", 0.0);
    assert_eq!(file["summary"]["not_checked"], 3);
    assert_eq!(file["summary"]["claims"], 4);
    assert_eq!(file["per_accountant"]["acc-a"]["not_checked"], 2);
    assert_eq!(file["per_accountant"]["acc-b"]["not_checked"], 1);
    assert_eq!(file["claims"][0]["verdict"], "not_checked");
    let md = report::to_markdown(&got, "f5");
    assert!(md.contains("| not_checked | 3 |"), "{md}");
    assert!(md.contains("| acc-a | 0 | 0 | 0 | 2 |"), "{md}");
    assert!(md.contains("**not_checked**"), "{md}");
    assert!(md.contains("Incomplete run"), "{md}");
    assert!(report::to_table(&got).lines().any(|l| l.starts_with("ex ") && l.contains("not_checked")));
}

#[test]
fn f5_complete_run_reports_are_unchanged_in_shape() {
    // With every row checked, the text reports carry no not_checked row, column or suffix.
    let claims = parse_claims(&csv(&["ok,acc,gaussian,1,,,1,4.38,1e-5".into()]), "f5").unwrap();
    let got = audit_claims(&claims, &opts(60.0)).unwrap();
    assert_eq!(got[0].verdict, Verdict::Sound);
    assert_eq!(report::status_line(&got), "claims: 1 rows — 1 sound, 0 unsound, 0 inconclusive");
    let md = report::to_markdown(&got, "f5");
    assert!(!md.contains("not_checked") && !md.contains("Incomplete"), "{md}");
    assert!(md.contains("| accountant | sound | unsound | inconclusive |\n"), "{md}");
    assert_eq!(report::to_report_json(&got, "f5", 0.0)["summary"]["not_checked"], 0);
}

#[test]
fn f5_not_checked_exit_status_and_reports_from_the_binary() {
    let tmp = tempfile::tempdir().unwrap();
    let f = tmp.path().join("c.csv");
    // 4.2 < 4.37718 = true ε(1e−5): unsound when checked.
    std::fs::write(&f, csv(&["bad,acc,gaussian,1,,,1,4.2,1e-5".into(), "ok,acc,gaussian,1,,,1,4.38,1e-5".into()])).unwrap();
    let run = |budget: &str, out: &str| {
        Command::cargo_bin("dpaudit")
            .unwrap()
            .current_dir(tmp.path())
            .args(["claims", "c.csv", "--no-monte-carlo", "--time-budget", budget, "--out", out])
            .output()
            .unwrap()
    };
    // Not reached: exit 0 (nothing was found unsound), the table and both reports say not_checked.
    let o = run("0", "rep0");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(stdout.contains("claims: 2 rows — 0 sound, 0 unsound, 0 inconclusive, 2 not checked"), "{stdout}");
    assert!(stdout.lines().any(|l| l.starts_with("bad ") && l.contains("not_checked")), "{stdout}");
    let json: Value = serde_json::from_slice(&std::fs::read(tmp.path().join("rep0/claims_report.json")).unwrap()).unwrap();
    assert_eq!(json["summary"]["not_checked"], 2);
    assert_eq!(json["claims"][0]["verdict"], "not_checked");
    let md = std::fs::read_to_string(tmp.path().join("rep0/claims_report.md")).unwrap();
    assert!(md.contains("| not_checked | 2 |"), "{md}");
    // Checked: the unsound row gives exit 1.
    let o = run("60", "rep60");
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("claims: 2 rows — 1 sound, 1 unsound (1 by more than 1e-6 relative, 0 within it: rounding of the claim's digits), 0 inconclusive\n"));
}

/// Rows sharing events and query points: Gaussian events (σ, T) ∈ {1, 2} × {1, 4} (σ = 2, T = 4
/// is μ = 1 again but another event), claimed ε and δ from small sets so that most rows repeat
/// an (event, ε) or (event, δ) pair; the same event written as a subsampled Gaussian with q = 1
/// and with another sensitivity; claims 2.6e−12 (relative) below the truth, so that δ(ε_c)
/// exceeds δ_c by less than κ = 1e−9 (inconclusive, hence refined at 4× precision, also shared); randomized response, Laplace and subsampled Gaussian at T = 1.
fn shared_rows() -> Vec<String> {
    let mut rows = Vec::new();
    let mut k = 0;
    for (sigma, steps) in [(1.0, 1), (2.0, 1), (1.0, 4), (2.0, 4)] {
        for eps in [1.0, 4.2, 4.38, 20.0] {
            for delta in ["1e-5", "1e-8"] {
                rows.push(format!("g{k},acc{},gaussian,{sigma},,,{steps},{eps},{delta}", k % 3));
                k += 1;
            }
        }
    }
    for r in [
        "q1a,acc0,poisson_subsampled_gaussian,1,,1,1,4.2,1e-5",
        "q1b,acc1,poisson_subsampled_gaussian,1,3,1,1,4.38,1e-8",
        "sens,acc2,gaussian,1,7.5,,1,1.0,1e-5",
        "at1,acc0,gaussian,1,,,1,4.37717809567,1e-5",
        "at2,acc1,gaussian,2,,,4,4.37717809567,1e-5",
        "at3,acc2,gaussian,1,,,1,4.37717809567,1e-5",
        "rr1,acc0,randomized_response,2,,,5,1.0,1e-6",
        "rr2,acc1,randomized_response,2,,,5,1.5,1e-6",
        "lap1,acc0,laplace,1,,,1,1.0,1e-6",
        "lap2,acc1,laplace,1,,,1,1.0,1e-5",
        "sgm1,acc0,poisson_subsampled_gaussian,1,,0.1,1,0.5,1e-5",
        "sgm2,acc1,poisson_subsampled_gaussian,1,,0.1,1,0.5,1e-6",
    ] {
        rows.push(r.into());
    }
    rows
}

#[test]
fn f5_shared_event_results_identical() {
    let rows = shared_rows();
    let claims = parse_claims(&csv(&rows), "shared").unwrap();
    let together = audit_claims(&claims, &opts(600.0)).unwrap();
    assert_eq!(together.len(), rows.len());
    for (k, c) in claims.iter().enumerate() {
        // The row on its own: nothing to share with.
        let alone = audit_claims(std::slice::from_ref(c), &opts(600.0)).unwrap();
        assert_eq!(without_seconds(&together[k]), without_seconds(&alone[0]), "row {}", c.id);
    }
    // The shared numbers belong to the right event: every μ = 1 row at δ = 1e−5 contains the
    // closed-form ε, and its verdict follows (4.2 unsound, 4.38 sound, within κ inconclusive).
    let mut seen = 0;
    for v in &together {
        let mu1 = (v.noise_multiplier == 1.0 && v.steps == 1) || (v.noise_multiplier == 2.0 && v.steps == 4);
        if mu1 && v.delta == 1e-5 && v.mechanism != "laplace" && v.mechanism != "randomized_response" && v.sampling_rate.is_none_or(|q| q == 1.0) {
            assert!(v.true_epsilon.lower <= EPS_MU1 && EPS_MU1 <= v.true_epsilon.upper, "{}: {}", v.id, v.true_epsilon);
            let want = if v.epsilon == 4.2 {
                Verdict::Unsound
            } else if v.epsilon == 4.38 {
                Verdict::Sound
            } else if v.epsilon == AT_TRUTH {
                Verdict::Inconclusive
            } else {
                v.verdict
            };
            assert_eq!(v.verdict, want, "{}", v.id);
            seen += 1;
        }
    }
    // 2 events × 4 claimed ε, q = 1, sensitivity 7.5, 3 rows within κ.
    assert_eq!(seen, 2 * 4 + 1 + 1 + 3, "rows at μ = 1, δ = 1e−5");
}

/// Issue 25, "budget ignored": a randomized-response row at T = 10⁶ ran its exact ε(δ)
/// bisection (≈ 100 binomial sums over 10⁶ + 1 terms) 55 s past `--time-budget 5`. The
/// bisection now stops at the budget; the row is still decided by δ(ε_c), one evaluation.
/// Reference: ε₀ = 1/b = 0.5 per step; with S = {more than T/2 truthful answers} the
/// composition has P(S) ≥ 1 − e^{−2T(p − 1/2)²} (Hoeffding, p = e^{0.5}/(1 + e^{0.5}) = 0.6225)
/// and Q(S) ≤ the same tiny bound, so δ(ε = 1) ≥ P(S) − e·Q(S) > 0.999: unsound by δ.
#[test]
fn randomized_response_at_a_million_steps_honours_the_time_budget() {
    let text = csv(&["rr,acc,randomized_response,2,,,1000000,1.0,1e-6".into()]);
    let claims = parse_claims(&text, "rr").unwrap();
    let t0 = std::time::Instant::now();
    let got = audit_claims(&claims, &opts(1.0)).unwrap();
    // Budget 1 s plus one δ evaluation (two binomial sums, well under 10 s); was ≈ 55 s.
    assert!(t0.elapsed().as_secs_f64() < 20.0, "took {:?}", t0.elapsed());
    let v = &got[0];
    assert_eq!(v.verdict, Verdict::Unsound, "{:?}", v.notes);
    assert!(v.true_delta.lower > 0.999, "{}", v.true_delta);
    assert_eq!(v.true_epsilon.upper, f64::INFINITY, "ε(δ_c) should be unknown after the cut: {}", v.true_epsilon);
    assert!(v.notes.iter().any(|n| n.contains("time budget ran out before its bisection finished")), "{:?}", v.notes);
}

