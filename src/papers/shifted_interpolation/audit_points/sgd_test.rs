//! The NoisySGD audit points decide with the expected kinds and carry the deciding numbers.

use super::*;
use crate::papers::{FindingKind, Verdict};

/// A1: the CLT ε (2.1758, spec §9 item 1) lies below the certified interval, which contains the
/// spec's PRV value 2.1989.
#[test]
fn a1_reports_the_clt_limitation_with_the_certified_interval() {
    let p = a1_clt_as_bound();
    println!("A1: {}", p.evidence);
    assert_eq!(p.verdict, Verdict::Holds, "{}", p.evidence);
    assert_eq!(p.findings.len(), 1);
    assert_eq!(p.findings[0].kind, FindingKind::Limitation);
    let row = &p.data["rows"][0];
    let (lo, hi) = (row["certified_eps"][0].as_f64().unwrap(), row["certified_eps"][1].as_f64().unwrap());
    assert!(lo <= 2.1989 && 2.1989 <= hi, "[{lo}, {hi}]");
    assert!((row["clt_eps"].as_f64().unwrap() - 2.1758).abs() < 5e-5);
    assert!((row["clt_mu"].as_f64().unwrap() - 0.540794534628).abs() < 1e-11);
}

#[test]
fn a4_is_a_reading_and_a13_an_observation() {
    let p = a4_theorem_4_9_form();
    println!("A4: {}", p.evidence);
    assert_eq!((p.verdict, p.findings[0].kind), (Verdict::Inconclusive, FindingKind::Reading), "{}", p.evidence);
    let code = p.data["rows"][0]["code"]["eps"][1].as_f64().unwrap();
    let cons = p.data["rows"][0]["conservative"]["eps"][1].as_f64().unwrap();
    assert!(cons >= code * (1.0 - 1e-3), "{code} vs {cons}");
    let q = a13_composition_diverges();
    println!("A13: {}", q.evidence);
    assert_eq!((q.verdict, q.findings[0].kind), (Verdict::Holds, FindingKind::Observation), "{}", q.evidence);
}

#[test]
fn a3_is_an_observation_with_the_halved_comparison() {
    let p = a3_factor_two();
    println!("A3: {}", p.evidence);
    assert_eq!((p.verdict, p.findings[0].kind), (Verdict::Holds, FindingKind::Observation), "{}", p.evidence);
    let full = p.data["thm_4_9"]["eps"][1].as_f64().unwrap();
    let half = p.data["halved"]["eps"][1].as_f64().unwrap();
    assert!(half < full, "{half} vs {full}");
}
