//! Value tests of the Section 3 card (Proposition 3.1) against independent mpmath values: the
//! golden anchors (`T_paper` by the appendix form, `τ_rob` from the literal canonical-pair sum)
//! and `cards.jsonl` (`π⁺`, `T₁`, the proof mechanism's excess).

use super::testing::*;

#[test]
fn proposition_3_1_matches_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/proposition_3_1.csv"));
    assert_eq!(rows.len(), 18);
    for r in rows {
        let k = |n: &str| r.key[n].clone();
        let ev = eval("Proposition 3.1", &[("eps_prime", &k("eps_prime")), ("eps2", &k("eps2")), ("delta", &k("delta")), ("delta_prime", &k("delta_prime"))]);
        check(&ev, &r.column, r.value, 1e-13, 0.0, 1e-15, "mpmath 60 digits, anchors.py");
    }
}

#[test]
fn proposition_3_1_matches_the_card_anchors() {
    assert_eq!(check_card_anchors("Proposition 3.1"), 12);
}

/// Spec §3 (A11): at (0.5, 1, 0, 0.3) the printed statement is false — τ_rob = 1 > T_paper.
#[test]
fn proposition_3_1_flags_the_counterexample() {
    let ev = eval("Proposition 3.1", &[("eps_prime", "0.5"), ("eps2", "1"), ("delta", "0"), ("delta_prime", "0.3")]);
    assert!(ev.output("tau_rob").unwrap().note.contains("false"), "{:?}", ev.output("tau_rob"));
    assert!(ev.output("tau_rob").unwrap().value.unwrap() > ev.output("t_paper").unwrap().value.unwrap());
}
