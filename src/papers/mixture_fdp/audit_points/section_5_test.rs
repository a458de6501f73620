//! The Section 5 audit points: count, verdicts, finding kinds and the deciding numbers against
//! the spec (§5.5, §10.1 item 3) and the mpmath/numpy anchor script
//! (`golden/anchors/mixture_fdp/init_gd.py`).

use crate::papers::mixture_fdp::audit_points::section_5::points;
use crate::papers::{FindingKind, Verdict};
use std::sync::atomic::AtomicBool;

#[test]
fn section_5_points_have_the_expected_verdicts_and_numbers() {
    let pts = points(&AtomicBool::new(false));
    assert_eq!(pts.len(), 6);
    let kind = |id: &str| pts.iter().find(|p| p.id == id).unwrap().findings.iter().map(|f| f.kind).collect::<Vec<_>>();
    for p in &pts {
        let want = if p.id == "D3" { Verdict::Counterexample } else { Verdict::Holds };
        assert_eq!(p.verdict, want, "{}: {}", p.id, p.evidence);
        assert!(!p.evidence.contains("computation failed"), "{}", p.id);
    }
    assert!(kind("T51").is_empty());
    assert_eq!(kind("R51"), [FindingKind::Reading]);
    assert_eq!(kind("TS5"), [FindingKind::Typo, FindingKind::Typo]);
    assert_eq!(kind("TR5"), [FindingKind::Typo]);
    assert_eq!(kind("D3"), [FindingKind::Counterexample, FindingKind::Typo]);
    assert_eq!(kind("X55"), [FindingKind::Observation]);
    let d = |id: &str| pts.iter().find(|p| p.id == id).unwrap().data.clone();
    // R51: spec §5.5 signed misuse (0.382852, 0.382852) at t = 0 and (0.197228, 0.667017) at t = −1
    // (mpmath: 0.382852419751, 0.197228201484, 0.667017396082); proven (0.353696431493, …)
    let r = d("R51");
    let near = |v: &serde_json::Value, x: f64, tol: f64| (v.as_f64().unwrap() - x).abs() <= tol;
    assert!(near(&r["t0"]["signed"][0], 0.382852419751, 1e-11) && near(&r["t0"]["proven"][1], 0.353696431493, 1e-12));
    assert!(near(&r["t_minus_1"]["signed"][0], 0.197228201484, 1e-11) && near(&r["t_minus_1"]["signed"][1], 0.667017396082, 1e-11));
    // a concrete pair below the signed curve (numpy Neyman–Pearson brute force, /tmp check re-run in
    // the anchor script): n = 5, a = 1, c = 1, α = 0.197228: T(θ(D1), θ(D0)) = 0.56547 < 0.667017
    assert!(near(&r["search_argmin"]["true"], 0.5654745, 2e-5) && r["search_argmin"]["n"] == 5, "{}", r);
    assert!(r["search_min_margin"].as_f64().unwrap() < -0.1, "{}", r);
    // TS5: R_2(N(0,1)‖N(1,2)) = 0.47717 (spec §5.4; mpmath ln√2 + ½ ln(2/3) + 1/3)
    let t = d("TS5");
    assert!(near(&t["renyi2_forward"], 0.477174369559, 1e-11) && t["renyi2_backward_is_inf"] == true);
    // T51: the spec's §5.6 table (δ_true / δ_J at (n, c) = (1, 1), ε = 0.25: 0.149300 / 0.218305)
    // D3 (anchor script, numpy brute force / mpmath): ε = 1: δ_true(n = 1, xy = 2) = 0.15374574,
    // printed envelope 0.0628043749135, corrected 0.3411956698; ε = 0.5: 0.22834131, 0.152342913229, 0.447430747077
    let r3 = &d("D3")["rows"];
    for (k, t, p, c) in [(0, 0.22834131, 0.152342913229, 0.447430747077), (1, 0.15374574, 0.0628043749135, 0.3411956698)] {
        assert!(near(&r3[k]["delta_true"], t, 5e-6) && near(&r3[k]["delta_printed"], p, 1e-10) && near(&r3[k]["delta_corrected"], c, 1e-9), "{r3}");
    }
    let c = &d("T51")["cases"][0];
    assert!(near(&c["delta_true"], 0.149300, 1e-6) && near(&c["delta_j"], 0.218305, 1e-6), "{c}");
}
