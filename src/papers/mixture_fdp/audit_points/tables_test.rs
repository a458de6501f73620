//! The Tables/Figure 3 audit points against independent numbers: the spec's Table 1/2 values
//! (§4.5), the mpmath Gaussian reading of Figure 3 (`golden/anchors/mixture_fdp/figure_3.py`,
//! 40 digits).
#![allow(clippy::excessive_precision)]

use super::*;

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

#[test]
fn figure_3_gaussian_reading_matches_mpmath() {
    // figure_3.py: δ_3.1 = 0.0020 → μ = 0.23869175695228428445, δ_6.3 = 8.258807772609320056e-8;
    // 0.00195 → 7.5700685947025280551e-8; 0.00205 → 8.9897688043900873932e-8
    let (mu, d) = figure_3_gaussian_reading(0.0020).unwrap();
    assert!(rel(mu, 0.23869175695228428445) < 1e-10 && rel(d, 8.258807772609320056e-8) < 1e-8, "{mu} {d}");
    assert!(rel(figure_3_gaussian_reading(0.00195).unwrap().1, 7.5700685947025280551e-8) < 1e-8);
    assert!(rel(figure_3_gaussian_reading(0.00205).unwrap().1, 8.9897688043900873932e-8) < 1e-8);
    // converse: δ_6.3 = 1.5e-6 at μ = 0.27477294910266688095
    assert!(rel(figure_3_lemma_6_3(0.27477294910266688095, 1.0 / 3.0, 0.5).unwrap(), 1.5e-6) < 1e-8);
}

#[test]
fn points_have_the_expected_verdicts_and_numbers() {
    let pts = points(&AtomicBool::new(false));
    let ids: Vec<&str> = pts.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["SIS", "S12", "S13"]);
    let by = |id: &str| pts.iter().find(|p| p.id == id).unwrap();
    for (id, v, kind) in [("SIS", Verdict::Holds, FindingKind::Observation), ("S12", Verdict::Holds, FindingKind::Observation), ("S13", Verdict::Inconclusive, FindingKind::Reading)] {
        let p = by(id);
        assert_eq!(p.verdict, v, "{id}: {}", p.evidence);
        assert_eq!(p.findings.iter().map(|f| f.kind).collect::<Vec<_>>(), [kind], "{id}");
        assert!(!p.evidence.contains("computation failed"), "{id}");
    }
    // SIS: every interval contains the spec's exact pair and lies below the spec's δ_f-DP
    let rows = by("SIS").data["rows"].as_array().unwrap().clone();
    let spec = [(0.5, 2.74463804649302e-6, 3.03086166695554e-06), (0.7, 3.0215265840e-09, 3.82548010405027e-09), (1.0, 1.3745826402733e-14, 2.44552070902431e-14)];
    for (r, (eps, pair, fdp)) in rows.iter().zip(spec) {
        let (lo, hi) = (r["is_lower"].as_f64().unwrap(), r["is_upper"].as_f64().unwrap());
        assert_eq!(r["eps"].as_f64().unwrap(), eps);
        assert!(lo <= pair && pair <= hi && hi < fdp && hi / lo < 1.06, "ε = {eps}: [{lo:e}, {hi:e}]");
    }
    // S12: spec §10.1 item 12's 3-RR values 0.3947, 0.4936, 0.5981, 0.6873, 0.7848
    let rows = by("S12").data["rows"].as_array().unwrap().clone();
    for (r, want) in rows.iter().zip([0.3947, 0.4936, 0.5981, 0.6873, 0.7848]) {
        assert!((r["eps_3rr"].as_f64().unwrap() - want).abs() < 6e-5, "{r}");
    }
    assert!(rel(by("S13").data["delta_lemma_6_3"].as_f64().unwrap(), 8.258807772609320056e-8) < 1e-8);
}
