use super::*;

/// A13 against numbers computed outside this code path:
/// * spec §15 (the paper's recipe, recomputed there): largest T with δ(8) ≤ 1e−5 is 45 for the balanced
///   run (G_α, R^paper) and 40 for Poisson RDP; Poisson's PLD (discretisation 1e−4): 57, δ(60) = 1.61e−5;
/// * pld-accounting 2.0 (`gaussian_allocation_delta_configurable`, T = 60, k = 24, σ = 2, ε = 8,
///   loss_discretization 1e−2, run 2026-11-26 in 94 s): the same Feldman–Shenfeld decomposition bracketed as
///   [6.8699e−6 (IS_DOMINATED), 7.0032e−6 (DOMINATES)]. dpaudit's certified upper end of the decomposition must
///   lie above its dominated end (soundness) and, being certified at a finer grid, below its dominating end.
#[test]
fn figure_3_headline_holds_at_the_hockey_stick_level_only() {
    let (v, ev, data, findings) = a13().unwrap();
    assert_eq!(v, Verdict::Holds, "{ev}");
    let at = |key: &str, t: u64| data[key].as_array().unwrap().iter().find(|r| r[0] == t).unwrap()[1].as_f64().unwrap();
    // (1) spec §15: 45 against 40.
    assert!(at("paper_route", 45) <= 1e-5 && at("paper_route", 50) > 1e-5, "{ev}");
    assert!(at("poisson_rdp", 40) <= 1e-5 && at("poisson_rdp", 41) > 1e-5, "{ev}");
    // (2) the certified reverse term loses the RDP-level gain: δ(40) > 1e−5 (partition CLI: 1.367e−5).
    assert!(at("certified_rdp_route", 40) > 1e-5, "{ev}");
    // (3) hockey-stick level.
    let d = &data["bis_hockey_stick"]["delta"];
    let up = d[1].as_f64().unwrap();
    assert!((6.8699e-6..=7.0033e-6).contains(&up), "decomposition upper end {up} outside pld-accounting's bracket");
    let pld = data["poisson_pld"].as_array().unwrap();
    let (p57_up, p58_low, p60_low) = (pld[0][2].as_f64().unwrap(), pld[1][1].as_f64().unwrap(), pld[2][1].as_f64().unwrap());
    assert!(p57_up <= 1e-5 && p58_low > 1e-5, "spec §15's Poisson-PLD largest T = 57: {ev}");
    assert!((p60_low / 1.61e-5 - 1.0).abs() < 5e-3, "spec §15: Poisson PLD δ(60) = 1.61e−5, got {p60_low}");
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].kind, FindingKind::Observation);
    assert!(findings[0].summary.contains("at least 60 against 57") && findings[0].summary.contains("2.3"), "{}", findings[0].summary);
}
