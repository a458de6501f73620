//! Value tests of the Section 2 card (Definition 2.1) against independent mpmath values: the
//! golden anchors (randomized response by the literal sum, `anchors.py`) and `cards.jsonl`
//! (a three-outcome pair in both orders, ε(δ) by bisection and by the RR closed form).

use super::testing::*;

/// `golden/anchors/model_merging/definition_2_1.csv`: `H_ε` of randomized response with
/// parameter ε0, `P = (e^ε0, 1)/(1 + e^ε0)`, `Q` reversed (both orders equal by symmetry).
#[test]
fn definition_2_1_matches_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/definition_2_1.csv"));
    assert_eq!(rows.len(), 6);
    for r in rows {
        let e0: f64 = r.key["eps0"].parse().unwrap();
        let (a, b) = (1.0 / (1.0 + (-e0).exp()), 1.0 / (1.0 + e0.exp()));
        let (p, q) = (format!("{a:?},{b:?}"), format!("{b:?},{a:?}"));
        let ev = eval("Definition 2.1", &[("P", &p), ("Q", &q), ("epsilon", &r.key["eps"])]);
        for out in ["h_forward", "h_reverse", "delta"] {
            check(&ev, out, r.value, 1e-13, 0.0, 1e-13, "RR literal sum, mpmath 60 digits");
        }
    }
}

#[test]
fn definition_2_1_matches_the_card_anchors() {
    assert_eq!(check_card_anchors("Definition 2.1"), 5);
}

/// A pmf off the simplex or pmfs of different lengths are input errors naming the value.
#[test]
fn definition_2_1_rejects_bad_pmfs() {
    use crate::papers::card::{evaluate, EvalOptions};
    let stop = std::sync::atomic::AtomicBool::new(false);
    for (p, q) in [("0.5,0.6", "0.5,0.5"), ("0.5,0.5", "0.2,0.3,0.5")] {
        let args = vec![("P".to_string(), p.to_string()), ("Q".to_string(), q.to_string()), ("epsilon".to_string(), "1".to_string())];
        assert!(matches!(evaluate("model_merging", "Definition 2.1", &args, &EvalOptions::default(), &stop), Err(crate::Error::InvalidParameter { .. })), "{p} {q}");
    }
}
