//! Known accountant bug classes (audits/claims/known_bugs.csv): every row gets the verdict
//! computed independently of dpaudit by adapters/python/make_known_bugs.py (closed forms in mpmath
//! at 50 digits; for composed mechanisms the bracket [prv_accountant lower, dp_accounting PLD]),
//! stored in audits/claims/known_bugs.expected.csv. The `correct` rows pin "no false alarm".
//! Rows of the kinds rdp / gdp / zcdp (issue 12) carry the reference bracket of the kind's true
//! value (ρ or μ) instead of ε; calibration rows also the reference σ_min.

use dpaudit::claims::{audit_claims, read_claims, ClaimOptions, Verdict};
use std::collections::HashMap;
use std::path::Path;

type Expected = (String, String, f64, f64, Option<f64>);

fn expected() -> HashMap<String, Expected> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("audits/claims/known_bugs.expected.csv");
    let mut rdr = csv::ReaderBuilder::new().comment(Some(b'#')).from_path(p).unwrap();
    let mut m = HashMap::new();
    for rec in rdr.records() {
        let r = rec.unwrap();
        let lo: f64 = r[3].parse().unwrap();
        let hi: f64 = r[4].parse().unwrap();
        let sigma_min: Option<f64> = r.get(7).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap());
        m.insert(r[0].to_string(), (r[1].to_string(), r[2].to_string(), lo, hi, sigma_min));
    }
    m
}

#[test]
fn every_known_bug_gets_its_independently_computed_verdict() {
    let claims = read_claims(&Path::new(env!("CARGO_MANIFEST_DIR")).join("audits/claims/known_bugs.csv")).unwrap();
    let want = expected();
    assert_eq!(claims.len(), want.len(), "fixture and expected file out of step");
    let opts = ClaimOptions { time_budget: 30.0, monte_carlo: false, ..ClaimOptions::default() };
    let got = audit_claims(&claims, &opts).unwrap();
    let mut classes: HashMap<String, usize> = HashMap::new();
    let mut wrong = Vec::new();
    for v in &got {
        let (exp, class, lo, hi, sigma_min) = want.get(&v.id).unwrap_or_else(|| panic!("{} has no expected verdict", v.id));
        *classes.entry(class.clone()).or_default() += 1;
        if v.verdict.name() != exp {
            wrong.push(format!("{} ({class}): expected {exp}, got {} (true ε {}, reference [{lo}, {hi}])", v.id, v.verdict.name(), v.true_epsilon));
        }
        // The certified interval must overlap the independent reference of the true ε (of the
        // kind's true value for rdp / gdp / zcdp rows).
        let truth = if v.kind.is_eps_delta() { v.true_epsilon } else { v.kind_truth.unwrap_or_else(|| panic!("{}: no kind truth", v.id)) };
        assert!(truth.lower <= hi * (1.0 + 1e-9) && lo * (1.0 - 1e-9) <= truth.upper, "{}: {} vs [{lo}, {hi}]", v.id, truth);
        if let Some(s) = sigma_min {
            let got = v.sigma_min.unwrap_or_else(|| panic!("{}: no σ_min", v.id));
            assert!(got.lower <= s * (1.0 + 1e-9) && s * (1.0 - 1e-9) <= got.upper && got.width() <= 1e-9 * s, "{}: σ_min {} vs reference {s}", v.id, got);
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    for class in ["eps_shaved", "rdp_missing_log_term", "rdp_sqrt_T", "poisson_for_fixed_batches", "delta_float32", "classical_gaussian_calibration", "rdp_missing_T", "gdp_clt", "sigma_overshoot", "tfp_166", "delta_truncated_to_0", "prv_tiny_delta", "correct"] {
        assert!(classes.get(class).copied().unwrap_or(0) >= 2, "bug class {class} needs at least two rows");
    }
    let sound = got.iter().filter(|v| v.verdict == Verdict::Sound).count();
    let unsound = got.iter().filter(|v| v.verdict == Verdict::Unsound).count();
    assert!(sound >= 10 && unsound >= 10, "{sound} sound, {unsound} unsound");
}

/// The issue-12 catalogue rows with their numbers (mpmath at 50 digits, one subsampled-Gaussian
/// step, both directions, `make_known_bugs.py::sgm1_delta`; prv_accountant 0.2.0 and dp_accounting
/// 0.6.0 for T = 10 000).
#[test]
fn catalogue_rows_carry_their_independent_numbers() {
    let claims = read_claims(&Path::new(env!("CARGO_MANIFEST_DIR")).join("audits/claims/known_bugs.csv")).unwrap();
    let ids = ["tfp-166-eps0", "tfp-166-eps0-low-delta", "delta-printed-zero-sgm", "delta-printed-zero-control", "prv-1e-12-upper", "prv-1e-18-rdp"];
    let claims: Vec<_> = claims.into_iter().filter(|c| ids.contains(&c.id.as_str())).collect();
    assert_eq!(claims.len(), ids.len());
    let got = audit_claims(&claims, &ClaimOptions { time_budget: 30.0, monte_carlo: false, ..ClaimOptions::default() }).unwrap();
    let row = |id: &str| got.iter().find(|v| v.id == id).unwrap();
    // TF Privacy #166: δ(0) = q(2Φ(1/2) − 1) = 4.0207116867542752e−4 ≤ 1e−3: ε = 0 is sound.
    let v = row("tfp-166-eps0");
    assert_eq!(v.verdict, Verdict::Sound);
    assert!(v.true_delta.lower <= 4.0207116867542752e-4 && 4.0207116867542752e-4 <= v.true_delta.upper && v.true_delta.width() < 1e-15, "{}", v.true_delta);
    assert_eq!(v.true_epsilon.upper, 0.0);
    // At δ = 3e−4 the same ε = 0 is unsound; ε(3e−4) = 4.0548397330406884e−4.
    let v = row("tfp-166-eps0-low-delta");
    assert_eq!(v.verdict, Verdict::Unsound);
    assert!(v.true_epsilon.lower <= 4.0548397330406884e-4 && 4.0548397330406884e-4 <= v.true_epsilon.upper && v.true_epsilon.width() < 1e-12, "{}", v.true_epsilon);
    // δ printed as 0: ε(0) = ∞ for Gaussian noise; the control δ = 1.01·δ(2), δ(2) = 1.7248421200138225e−12.
    let v = row("delta-printed-zero-sgm");
    assert_eq!(v.verdict, Verdict::Unsound);
    assert!(v.true_epsilon.lower.is_infinite());
    let v = row("delta-printed-zero-control");
    assert_eq!(v.verdict, Verdict::Sound);
    assert!(v.true_epsilon.lower <= 1.99862190499691 && 1.99862190499691 <= v.true_epsilon.upper * (1.0 + 1e-12), "{}", v.true_epsilon);
    // prv_accountant at δ = 1e−12: its upper 0.06125 is sound (true ε within [prv lower 0.04125,
    // dp_accounting PLD 0.05686]); at δ = 1e−18 (where prv raises) the RDP bound 0.14613 is sound
    // and the certified ε lies below it.
    let v = row("prv-1e-12-upper");
    assert_eq!(v.verdict, Verdict::Sound);
    assert!(0.0412474363718286 <= v.true_epsilon.lower && v.true_epsilon.upper <= 0.056859033693654915, "{}", v.true_epsilon);
    let v = row("prv-1e-18-rdp");
    assert_eq!(v.verdict, Verdict::Sound);
    assert!(v.true_epsilon.lower > v.true_epsilon.upper * 0.99 && v.true_epsilon.upper < 0.14613157731656423, "{}", v.true_epsilon);
}
