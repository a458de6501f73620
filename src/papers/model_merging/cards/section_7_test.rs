//! Value tests of the Section 7 card (Proposition 7.1) against the golden anchors (per-release
//! and joint ε by numerical minimisation over α in mpmath, advanced composition from its
//! statement) and `cards.jsonl` (the gap and δ′).

use super::testing::*;

#[test]
fn proposition_7_1_matches_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/proposition_7_1.csv"));
    assert_eq!(rows.len(), 20);
    for r in rows {
        // t = Δ/σ with Δ = 1: σ = 1/t (exact for the anchors' t = 1, 0.5, 0.1, 0.05, 0.01 up to
        // the rounding of 1/t, which moves ε by ≤ 1e-16 relative).
        let t: f64 = r.key["t"].parse().unwrap();
        let sigma = format!("{:?}", 1.0 / t);
        let ev = eval("Proposition 7.1", &[("sigma", &sigma), ("N", &r.key["n"]), ("delta", &r.key["delta"]), ("delta0", &r.key["delta0"])]);
        check(&ev, &r.column, r.value, 1e-12, 0.0, 1e-13, "mpmath numerical minimisation, anchors.py");
    }
}

#[test]
fn proposition_7_1_matches_the_card_anchors() {
    assert_eq!(check_card_anchors("Proposition 7.1"), 2);
}

/// Audit A18: δ′ = Nδ + δ₀ ≥ 1 is an input error naming δ′.
#[test]
fn proposition_7_1_needs_delta_prime_below_one() {
    use crate::papers::card::{evaluate, EvalOptions};
    let args: Vec<(String, String)> = [("sigma", "1"), ("N", "10"), ("delta", "0.09"), ("delta0", "0.2")].iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    match evaluate("model_merging", "Proposition 7.1", &args, &EvalOptions::default(), &std::sync::atomic::AtomicBool::new(false)) {
        Err(crate::Error::InvalidParameter { name, .. }) => assert!(name.contains("delta'"), "{name}"),
        other => panic!("{other:?}"),
    }
}
