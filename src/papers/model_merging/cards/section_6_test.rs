//! Value tests of the Section 6 cards (Theorems 6.1, 6.2, 6.4, Algorithms 3, 4, Lemma 6.3,
//! Corollary 6.5) against the golden anchors (quadrature of the Gaussian divergences; literal
//! enumeration of eq. (9); eq. (10) from the densities; the surrogate hockey-stick by quadrature;
//! the q = 1 composition by quadrature) and `cards.jsonl` (joint-release values, A4/A5 readings,
//! the root z_ε), plus the Monte Carlo values of spec §11.

use super::testing::*;

#[test]
fn theorem_6_1_matches_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/theorem_6_1.csv"));
    assert_eq!(rows.len(), 8);
    for r in rows {
        let sigma = format!("{},{}", r.key["sigma1"], r.key["sigma2"]);
        let ev = eval("Theorem 6.1", &[("sigma", &sigma), ("alpha", &r.key["alpha"]), ("epsilon", &r.key["eps"])]);
        let out = if r.column == "joint_rdp" { "rdp_joint" } else { "delta_joint" };
        check(&ev, out, r.value, 1e-13, 0.0, 1e-14, "mpmath quadrature, anchors.py");
    }
}

/// Eq. (9) at η = 0.1, C = 1 (the anchors' setting); Algorithm 3 on the anchors' grid {2..32}.
#[test]
fn theorem_6_2_and_algorithm_3_match_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/theorem_6_2_algorithm_3.csv"));
    assert_eq!(rows.len(), 16);
    for r in rows {
        let k = |n: &str| r.key[n].clone();
        let (q, sigma, lambda) = (format!("{},{}", k("q1"), k("q2")), format!("{},{}", k("sigma1"), k("sigma2")), k("lambda1"));
        let base = [("lambda", lambda.as_str()), ("q", q.as_str()), ("sigma", sigma.as_str()), ("eta", "0.1")];
        match r.column.as_str() {
            "step_rdp" => {
                let ev = eval("Theorem 6.2", &[&base[..], &[("alpha", k("alpha").as_str())]].concat());
                check(&ev, "rdp_step", r.value, 1e-11, 0.0, 1e-11, "literal eq. (9) in mpmath");
                check(&ev, "rdp_step_enumeration", r.value, 1e-12, 0.0, 1e-12, "literal eq. (9) in mpmath");
            }
            "alg3_eps" => {
                let ev = eval("Algorithm 3", &[&base[..], &[("T", k("steps").as_str()), ("delta", k("delta").as_str()), ("alpha_max", "32")]].concat());
                check(&ev, "epsilon", r.value, 1e-11, 0.0, 1e-11, "Algorithm 3 in mpmath, orders 2..32");
            }
            other => panic!("unexpected anchor column {other}"),
        }
    }
}

#[test]
fn lemma_6_3_matches_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/lemma_6_3.csv"));
    assert_eq!(rows.len(), 3);
    for r in rows {
        let k = |n: &str| r.key[n].clone();
        let (q, u, y) = (format!("{},{}", k("q1"), k("q2")), format!("{},0,0,{}", k("a"), k("b")), format!("{},{}", k("y1"), k("y2")));
        let ev = eval("Lemma 6.3", &[("q", &q), ("u", &u), ("s", &k("s")), ("y", &y)]);
        check(&ev, "loss", r.value, 1e-13, 1e-15, 1e-13, "eq. (10) from the densities in mpmath");
    }
}

#[test]
fn theorem_6_4_matches_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/theorem_6_4.csv"));
    assert_eq!(rows.len(), 12);
    for r in rows {
        let k = |n: &str| r.key[n].clone();
        let (q, sigma) = (format!("{},{}", k("q1"), k("q2")), format!("{},{}", k("sigma1"), k("sigma2")));
        let ev = eval("Theorem 6.4", &[("lambda", &k("lambda1")), ("q", &q), ("sigma", &sigma), ("eta", "0.1"), ("epsilon", &k("eps"))]);
        let out = if k("direction") == "remove" { "h_forward" } else { "h_reverse" };
        check(&ev, out, r.value, 1e-11, 1e-300, 1e-11, "surrogate hockey-stick by mpmath quadrature");
    }
}

/// q = (1, 1): each step is one atom and the composition is Gaussian; the certified FFT interval
/// contains the mpmath value and is within the accountant's default accuracy (1e-3 relative).
#[test]
fn corollary_6_5_and_algorithm_4_match_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/corollary_6_5_algorithm_4.csv"));
    assert_eq!(rows.len(), 8);
    for r in rows {
        let k = |n: &str| r.key[n].clone();
        let base = [("lambda", k("lambda1")), ("q", "1,1".into()), ("sigma", "1,2".into()), ("eta", "0.1".into()), ("T", k("steps"))];
        let mut p: Vec<(&str, &str)> = base.iter().map(|(a, b)| (*a, b.as_str())).collect();
        let (result, out, q) = if r.column == "delta_composed" { ("Corollary 6.5", "delta", ("epsilon", k("eps"))) } else { ("Algorithm 4", "epsilon", ("delta", k("delta"))) };
        p.push((q.0, q.1.as_str()));
        check(&eval(result, &p), out, r.value, 2e-3, 0.0, 1e-12, "q = 1 composition by mpmath quadrature");
    }
}

#[test]
fn section_6_cards_match_the_card_anchors() {
    assert_eq!(check_card_anchors("Theorem 6.1"), 5);
    assert_eq!(check_card_anchors("Theorem 6.2"), 6);
    assert_eq!(check_card_anchors("Algorithm 3"), 1);
    assert_eq!(check_card_anchors("Theorem 6.4"), 4);
    assert_eq!(check_card_anchors("Lemma 6.3"), 3);
    assert_eq!(check_card_anchors("Corollary 6.5"), 2);
    assert_eq!(check_card_anchors("Algorithm 4"), 2);
}

/// Spec §11 (Monte Carlo with 4·10⁶ samples, computed for the spec): example B with orthogonal
/// shifts has H_0.5(P,Q) = 0.20910 ± 0.00016 and H_0.5(Q,P) = 0.10033 ± 0.00006. The card's
/// Monte Carlo intervals (2·10⁵ samples) overlap those ±3σ ranges, and the surrogate bounds of
/// Theorem 6.4 lie above.
#[test]
fn lemma_6_3_monte_carlo_agrees_with_spec_11() {
    let ev = eval("Lemma 6.3", &[("q", "0.3,0.5"), ("u", "0.05,0,0,0.05"), ("s", "0.035355339059327376"), ("y", "0,0"), ("epsilon", "0.5")]);
    for (name, mean, sd) in [("h_forward_mc", 0.20910, 0.00016), ("h_reverse_mc", 0.10033, 0.00006)] {
        let iv = ev.output(name).unwrap().interval().unwrap();
        assert!(iv.lower <= mean + 3.0 * sd && iv.upper >= mean - 3.0 * sd, "{name}: [{}, {}] vs {mean} ± {sd}", iv.lower, iv.upper);
    }
    assert!(ev.output("h_forward_surrogate").unwrap().value.unwrap() > 0.20910 + 0.001);
    assert!(ev.output("h_reverse_surrogate").unwrap().value.unwrap() > 0.10033 + 0.001);
}

/// Algorithm 3 at T > 1 says, in its note, that the composed value is not a certificate (A1),
/// and reports Theorem 6.1's joint bound beside it (above the paper's number here).
#[test]
fn algorithm_3_reports_a1_beside_the_paper_value() {
    let ev = eval("Algorithm 3", &[("lambda", "0.5"), ("q", "0.01,0.02"), ("sigma", "1,2"), ("eta", "0.1"), ("T", "1000"), ("delta", "1e-5")]);
    assert!(ev.output("epsilon").unwrap().note.contains("A1"));
    assert!(ev.output("epsilon_joint").unwrap().value.unwrap() > ev.output("epsilon").unwrap().value.unwrap());
    let one = eval("Algorithm 3", &[("lambda", "0.5"), ("q", "0.01,0.02"), ("sigma", "1,2"), ("eta", "0.1"), ("T", "1"), ("delta", "1e-5")]);
    assert!(one.output("epsilon").unwrap().note.contains("sound"));
}

/// Different step counts (spec §14): virtual steps η = 0 pad the shorter run; example A with
/// T = (1000, 500) gives ε = 2.509100531 (spec §14, computed for the spec).
#[test]
fn algorithm_3_pads_shorter_runs_with_virtual_steps() {
    let ev = eval("Algorithm 3", &[("lambda", "0.5,0.5"), ("q", "0.01,0.02"), ("sigma", "1,2"), ("eta", "0.1"), ("T", "1000,500"), ("delta", "1e-5")]);
    check(&ev, "epsilon", 2.509100531, 2e-10, 0.0, 1e-9, "spec §14");
}
