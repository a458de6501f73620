//! Value tests of the Section 4.1 cards (Lemma 4.1, Theorem 4.2) against the golden anchors
//! (mpmath quadrature of the mixture Rényi integral and the Fisher information, bisection for λ)
//! and `cards.jsonl` (c_π, the LC value at a given λ, the finite-Δ crossover of audit A9).

use super::testing::*;

#[test]
fn lemma_4_1_and_theorem_4_2_match_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/lemma_4_1_theorem_4_2.csv"));
    assert_eq!(rows.len(), 12);
    for r in rows {
        let sigma = format!("{},{}", r.key["sigma1"], r.key["sigma2"]);
        let p = [("alpha", r.key["alpha"].as_str()), ("Delta", r.key["sensitivity"].as_str()), ("sigma", sigma.as_str()), ("pi", r.key["pi"].as_str())];
        let (result, output, rel) = match r.column.as_str() {
            "rs_exact" => ("Lemma 4.1", "rdp_rs", 1e-11),
            "fisher" => ("Lemma 4.1", "fisher", 1e-11),
            "lambda_match" => ("Theorem 4.2", "lambda", 1e-13),
            "lc_rdp" => ("Theorem 4.2", "rdp_lc", 1e-13),
            other => panic!("unexpected anchor column {other}"),
        };
        check(&eval(result, &p), output, r.value, rel, 0.0, 1e-13, "mpmath 60 digits, anchors.py");
    }
}

#[test]
fn lemma_4_1_matches_the_card_anchors() {
    assert_eq!(check_card_anchors("Lemma 4.1"), 5);
}

#[test]
fn theorem_4_2_matches_the_card_anchors() {
    assert_eq!(check_card_anchors("Theorem 4.2"), 3);
}

/// Lemma 4.1 without lambda reports the LC outputs as not computed, naming the parameter.
#[test]
fn lemma_4_1_without_lambda_says_what_to_give() {
    let ev = eval("Lemma 4.1", &[("alpha", "2"), ("Delta", "0.1"), ("sigma", "1,2"), ("pi", "0.5")]);
    assert_eq!(ev.output("rdp_lc").unwrap().value, None);
    assert!(ev.output("rdp_lc").unwrap().note.contains("lambda="));
}

/// Issue 25: the fuzz's extreme inputs get answers, never NaN or `Numerical`
/// (values checked against mpmath in `mean_estimation_test.rs`).
#[test]
fn issue25_section_4_cards_answer_at_extreme_inputs() {
    let ev = eval("Theorem 4.2", &[("alpha", "8"), ("Delta", "1.7e308"), ("sigma", "1,2"), ("pi", "0.5")]);
    assert_eq!(ev.output("rdp_rs").unwrap().value, Some(f64::INFINITY));
    assert_eq!(ev.output("lc_advantage").unwrap().value, None);
    let ev = eval("Lemma 4.1", &[("alpha", "2"), ("Delta", "0.1"), ("sigma", "1.7e308,2"), ("pi", "0.5"), ("lambda", "0.25")]);
    let rs = ev.output("rdp_rs").unwrap();
    // mpmath 0.0012507812497965497029; reported as an upper bound
    assert!(rs.value.unwrap() >= 0.0012507812497965497029 && rs.note.contains("UPPER BOUND"));
    let ev = eval("Lemma 4.1", &[("alpha", "2"), ("Delta", "0.1"), ("sigma", "5e-324,2"), ("pi", "0.5"), ("lambda", "0.25")]);
    assert_eq!(ev.output("c_pi").unwrap().value, Some(f64::INFINITY)); // Σπ/σ² = 2.0e646 (closed form)
    // Δ = σ1 = σ2 = 1.7e308 (the fuzz's combination): the leading term αΔ²/(2σ²_RS) = α/2 = 1
    // exactly (closed form: σ²_RS = σ² = Δ²), although Δ² and σ²_RS overflow.
    let ev = eval("Lemma 4.1", &[("alpha", "2"), ("Delta", "1.7e308"), ("sigma", "1.7e308,1.7e308"), ("pi", "0.5"), ("lambda", "0.25")]);
    assert_eq!(ev.output("rdp_rs_leading").unwrap().value, Some(1.0));
}
