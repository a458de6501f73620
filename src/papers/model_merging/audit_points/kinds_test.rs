//! The classification of every live audit point (what it tests, its verdict, its finding kinds)
//! and the two verdicts per result it implies (issue 8 acceptance).

use super::*;
use crate::papers::result_verdict::{result_verdict, Soundness, Statement};
use std::sync::OnceLock;
use FindingKind::*;

fn live() -> &'static [AuditPoint] {
    static P: OnceLock<Vec<AuditPoint>> = OnceLock::new();
    P.get_or_init(|| crate::papers::model_merging::audit_points::all_points(&std::sync::atomic::AtomicBool::new(false)))
}

fn get(id: &str) -> &'static AuditPoint {
    live().iter().find(|p| p.id == id).unwrap_or_else(|| panic!("no point {id}"))
}

/// Every point: what it tests, its verdict, the kinds of its findings (in order). Decided from
/// the spec (§19) and the paper's text; see the module doc.
#[test]
fn every_point_is_classified() {
    use Tested as T;
    use Verdict::{Counterexample as CE, Holds as H, Inconclusive as I};
    let want: &[(&str, Tested, Verdict, &[FindingKind])] = &[
        ("A1", T::Bound, CE, &[Counterexample]),
        ("A2", T::Experiment, I, &[Reading]),
        ("A3", T::UnprovenStep, H, &[Observation]),
        ("A4", T::Convention, H, &[Reading]),
        ("A5", T::Convention, H, &[Reading]),
        ("A6", T::UnprovenStep, H, &[Observation]),
        ("A7", T::Algorithm, H, &[Reading]),
        ("A8", T::Typo, H, &[Typo]),
        ("A9", T::Tightness, CE, &[Limitation, Counterexample, Observation]),
        ("A10", T::Experiment, I, &[Reading]),
        ("A11", T::Bound, CE, &[Counterexample]),
        ("A12", T::Convention, I, &[Reading]),
        ("A13", T::Experiment, I, &[Reading]),
        ("A14", T::Experiment, I, &[Reading]),
        ("A15", T::Algorithm, H, &[Reading]),
        ("A16", T::Tightness, CE, &[Counterexample]),
        ("A17", T::Tightness, H, &[Reading]),
        ("A18", T::UnprovenStep, I, &[Limitation]),
        ("A19", T::Bound, H, &[]),
        ("A20", T::Algorithm, H, &[Limitation]),
        ("A21", T::Algorithm, H, &[Observation]),
        ("A22", T::Experiment, I, &[Reading]),
        ("A23", T::Typo, I, &[Typo, Reading]),
        ("A24", T::Algorithm, H, &[Reading]),
        ("S-Def2.1", T::Bound, H, &[]),
        ("S-Prop3.1", T::Bound, CE, &[Counterexample]),
        ("S-Lemma4.1", T::Bound, H, &[]),
        ("S-Thm4.2", T::Bound, H, &[]),
        ("S-Thm5.1", T::Bound, H, &[]),
        ("S-Alg1", T::Bound, H, &[Observation]),
        ("S-Thm5.2", T::Bound, H, &[]),
        ("S-Alg2", T::Bound, H, &[]),
        ("S-Thm6.1", T::Bound, H, &[]),
        ("S-Thm6.2", T::Bound, H, &[]),
        ("S-Alg3", T::Bound, H, &[]),
        ("S-Lemma6.3", T::Bound, H, &[]),
        ("S-Thm6.4", T::Bound, H, &[]),
        ("S-Cor6.5", T::Bound, H, &[]),
        ("S-Alg4", T::Bound, H, &[]),
        ("S-Prop7.1", T::Bound, H, &[]),
    ];
    assert_eq!(want.len(), live().len(), "a point was added or removed: classify it here");
    for &(id, tests, verdict, kinds) in want {
        let p = get(id);
        let got: Vec<FindingKind> = p.findings.iter().map(|f| f.kind).collect();
        assert_eq!((p.tests, p.verdict, got.as_slice()), (tests, verdict, kinds), "{id}: {}", p.evidence);
        for f in &p.findings {
            assert!(!f.summary.contains("NaN") && !f.summary.is_empty() && !f.summary.contains('\n'), "{id}: {}", f.summary);
        }
    }
}

/// A point's verdict is counterexample exactly when it reports a counterexample finding.
#[test]
fn counterexample_verdict_iff_counterexample_finding() {
    for p in live() {
        assert_eq!(p.verdict == Verdict::Counterexample, p.findings.iter().any(|f| f.kind == Counterexample), "{}", p.id);
    }
}

/// Issue 8 acceptance: Theorem 6.1's bound holds with a tightness finding; A1 makes the LC
/// accounting for T > 1 unsound; Lemma 6.3's notation trap (A4) is not a defect; the σ₁ = σ₂
/// defect of A9 concerns Lemma 4.1 only.
#[test]
fn result_verdicts_say_what_failed() {
    let rv = |r: &str| result_verdict(live(), "model_merging", r);
    let t61 = rv("Theorem 6.1");
    assert_eq!((t61.soundness, t61.soundness_points.as_slice()), (Soundness::Holds, &["S-Thm6.1".to_string()][..]));
    assert_eq!((t61.statement, t61.statement_points.as_slice()), (Statement::DefectFound, &["A16".to_string()][..]));
    assert!(t61.findings.iter().any(|f| f.id == "A16" && f.kind == Counterexample && f.tests == Tested::Tightness));
    for r in ["Theorem 6.2", "Corollary 6.5", "Algorithm 3", "Algorithm 4"] {
        let v = rv(r);
        assert_eq!((v.soundness, v.soundness_points.as_slice()), (Soundness::Unsound, &["A1".to_string()][..]), "{r}");
    }
    assert_eq!(rv("Proposition 3.1").soundness, Soundness::Unsound);
    let l63 = rv("Lemma 6.3");
    assert_eq!((l63.soundness, l63.statement), (Soundness::Holds, Statement::Holds));
    assert!(l63.findings.iter().any(|f| f.id == "A4" && f.kind == Reading));
    assert_eq!((rv("Lemma 4.1").soundness, rv("Lemma 4.1").statement), (Soundness::Holds, Statement::DefectFound));
    let t42 = rv("Theorem 4.2");
    assert!(t42.findings.iter().all(|f| f.kind != Counterexample), "the c_π finding is Lemma 4.1's");
    assert_eq!((t42.soundness, t42.statement), (Soundness::Holds, Statement::Inconclusive), "A10 (which RS accountant) is open");
    assert_eq!((rv("Algorithm 1").soundness, rv("Algorithm 1").statement), (Soundness::Holds, Statement::DefectFound), "A8 typo");
    assert_eq!((rv("Definition 2.1").soundness, rv("Definition 2.1").statement), (Soundness::Holds, Statement::Holds));
}

/// The numbers behind the re-classified points (independent sources in the comments).
#[test]
fn reclassified_points_rest_on_their_numbers() {
    // A9: crossovers and DP-level ε from the spec §5 (mpmath quadrature, computed for the spec);
    // c_π = (α/2)(I(P_π) − 1/σ²_RS) is exactly 0 for one Gaussian (Fisher information 1/σ²).
    let a9 = &get("A9").data;
    assert!((a9["crossovers"][0]["delta_star"].as_f64().unwrap() - 1.117373819).abs() < 1e-8);
    assert!((a9["crossovers"][1]["delta_star"].as_f64().unwrap() - 0.2450855485).abs() < 1e-8);
    assert!((a9["dp_level"]["exact_rs"].as_f64().unwrap() - 0.5900231478).abs() < 1e-8);
    assert!((a9["dp_level"]["lc"].as_f64().unwrap() - 0.7712641822).abs() < 1e-8);
    assert!(a9["c_pi_equal_sigmas"].as_f64().unwrap().abs() < 1e-10);
    // A15: spec §14 values (η = 0 padding 2.509100531, phantom 1.731886993).
    let a15 = &get("A15").data;
    assert!((a15["correct"].as_f64().unwrap() - 2.509100531).abs() < 1e-8);
    assert!((a15["phantom"].as_f64().unwrap() - 1.731886993).abs() < 1e-8);
    // A21: spec §19 (2.620519122 at λ₁ = 0.75 vs 2.538347545 for model 1 alone).
    let a21 = &get("A21").data;
    assert!((a21["lambda1_0_75"].as_f64().unwrap() - 2.620519122).abs() < 1e-8);
    assert!((a21["lambda1_1"].as_f64().unwrap() - 2.538347545).abs() < 1e-8);
    // A4: spec §19 (Q-law 0.01774818244 vs hockey-stick 0.2187816179 at ε = 1; 0.03766994765 vs
    // 0.2875848193 at ε = 0.5); the change-of-measure route must reproduce the hockey-stick.
    let a4 = &get("A4").data["rows"];
    for (k, q, h) in [(0, 0.03766994765, 0.2875848193), (1, 0.01774818244, 0.2187816179)] {
        assert!((a4[k]["q_convention"].as_f64().unwrap() - q).abs() < 1e-9 * 10.0, "{}", a4[k]);
        assert!((a4[k]["correct"].as_f64().unwrap() - h).abs() < 1e-9, "{}", a4[k]);
        assert!((a4[k]["change_of_measure"].as_f64().unwrap() - h).abs() < 1e-9, "{}", a4[k]);
    }
    // A17: the last checkpoint (σ = 2, 705 steps) vs checkpoint 1 (235 steps): ε(λ = e₁) < ε(last).
    let a17 = &get("A17").data;
    assert!(a17["lambda_e1"].as_f64().unwrap() < a17["last"].as_f64().unwrap());
    // A20: C(64 + 7, 7) = 1 329 890 705 terms (Python math.comb(71, 7)); the point computes it
    // through ln Γ, hence the relative tolerance.
    assert!((get("A20").data["n3_alpha64_terms"].as_f64().unwrap() / 1_329_890_705.0 - 1.0).abs() < 1e-9);
    // A11 summary states the two-sided DP it relies on.
    assert!(get("A11").findings[0].summary.contains("both orders of the neighbours"));
}

#[test]
fn failed_or_interrupted_points_have_no_findings() {
    let mut p = get("A16").clone();
    p.data = serde_json::Value::Null;
    assert!(findings_of(&p).is_empty());
    p.data = serde_json::json!({"error": "x"});
    assert!(findings_of(&p).is_empty());
    assert_eq!(tests_of("S-Unknown"), Tested::Bound);
}
