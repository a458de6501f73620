//! Value tests of the Section 5 cards (Theorem 5.1, Algorithm 1, Theorem 5.2, Algorithm 2)
//! against the golden anchors (eq. (6) and Algorithm 1 written out in mpmath; hockey-stick
//! integrals by quadrature and the Algorithm 2 root) and `cards.jsonl` (DP-SGD models, the exact
//! mixture δ, the minimising order, each model's own ε).

use super::testing::*;

#[test]
fn theorem_5_1_and_algorithm_1_match_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/theorem_5_1_algorithm_1.csv"));
    assert_eq!(rows.len(), 6);
    for r in rows {
        let sigma = format!("{},{}", r.key["sigma1"], r.key["sigma2"]);
        match r.column.as_str() {
            "rs_rdp" => {
                let ev = eval("Theorem 5.1", &[("pi", &r.key["pi1"]), ("sigma", &sigma), ("alpha", &r.key["alpha"])]);
                check(&ev, "rdp", r.value, 1e-13, 0.0, 1e-14, "eq. (6) in mpmath");
                // The same through the per-model RDP α/(2σ_i²) typed by hand.
                let (a, s1, s2): (f64, f64, f64) = (r.key["alpha"].parse().unwrap(), r.key["sigma1"].parse().unwrap(), r.key["sigma2"].parse().unwrap());
                let eps = format!("{:?},{:?}", a / (2.0 * s1 * s1), a / (2.0 * s2 * s2));
                check(&eval("Theorem 5.1", &[("pi", &r.key["pi1"]), ("eps_alpha", &eps), ("alpha", &r.key["alpha"])]), "rdp", r.value, 1e-13, 0.0, 1e-14, "eq. (6) in mpmath");
            }
            "alg1_eps" => {
                let ev = eval("Algorithm 1", &[("pi", &r.key["pi1"]), ("sigma", &sigma), ("delta", &r.key["delta"])]);
                check(&ev, "epsilon", r.value, 1e-13, 0.0, 1e-14, "Algorithm 1 in mpmath, orders 2..64");
            }
            other => panic!("unexpected anchor column {other}"),
        }
    }
}

#[test]
fn theorem_5_2_and_algorithm_2_match_the_golden_anchors() {
    let rows = csv_anchors(include_str!("../../../../golden/anchors/model_merging/theorem_5_2_algorithm_2.csv"));
    assert_eq!(rows.len(), 6);
    for r in rows {
        let sigma = format!("{},{}", r.key["sigma1"], r.key["sigma2"]);
        match r.column.as_str() {
            "rs_pld_delta" => check(&eval("Theorem 5.2", &[("pi", &r.key["pi1"]), ("sigma", &sigma), ("epsilon", &r.key["eps"])]), "delta", r.value, 1e-13, 0.0, 1e-14, "quadrature in mpmath"),
            "alg2_eps" => check(&eval("Algorithm 2", &[("pi", &r.key["pi1"]), ("sigma", &sigma), ("delta", &r.key["delta"])]), "epsilon", r.value, 1e-11, 0.0, 1e-12, "bisection in mpmath"),
            other => panic!("unexpected anchor column {other}"),
        }
    }
}

#[test]
fn section_5_cards_match_the_card_anchors() {
    assert_eq!(check_card_anchors("Theorem 5.1"), 3);
    assert_eq!(check_card_anchors("Algorithm 1"), 3);
    assert_eq!(check_card_anchors("Theorem 5.2"), 6);
    assert_eq!(check_card_anchors("Algorithm 2"), 1);
}

/// Theorem 5.1 takes the per-model RDP or the models, not both and not neither; a non-private
/// model with positive weight gives R = inf (audit A19), never NaN.
#[test]
fn theorem_5_1_inputs() {
    use crate::papers::card::{evaluate, EvalOptions};
    let stop = std::sync::atomic::AtomicBool::new(false);
    let run = |p: &[(&str, &str)]| evaluate("model_merging", "Theorem 5.1", &p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<Vec<_>>(), &EvalOptions::default(), &stop);
    assert!(matches!(run(&[("pi", "0.5,0.5"), ("alpha", "8")]), Err(crate::Error::InvalidParameter { .. })));
    assert!(matches!(run(&[("pi", "0.5,0.5"), ("alpha", "8"), ("eps_alpha", "1,2"), ("sigma", "1,2")]), Err(crate::Error::InvalidParameter { .. })));
    assert!(matches!(run(&[("pi", "0.5,0.6"), ("alpha", "8"), ("eps_alpha", "1,2")]), Err(crate::Error::InvalidParameter { .. })));
    let ev = run(&[("pi", "0.5,0.5"), ("alpha", "8"), ("eps_alpha", "inf,0.25")]).unwrap();
    assert_eq!(ev.output("rdp").unwrap().value, Some(f64::INFINITY));
    // π_1 = 0 erases the infinite model: R = 0.25 exactly, reported rounded up (8 ulps + 1).
    let r = run(&[("pi", "0,1"), ("alpha", "8"), ("eps_alpha", "inf,0.25")]).unwrap().output("rdp").unwrap().value.unwrap();
    assert!((0.25..=0.25 * (1.0 + 1e-14)).contains(&r), "{r}");
}

/// Regression (cards fuzz): at α = 1.7e308, (α−1)ε_{α,i} overflows f64 and the log-sum-exp gave
/// NaN (a "Numerical" error). Eq. (6) is `ε_max + ln(Σ π_i e^{(α−1)(ε_i − ε_max)})/(α−1)`:
/// with ε = (4, 0.25), π = (½, ½) that is `4 + ln(½ + ½e^{−3.75(α−1)})/(α−1) = 4 − ln 2/(α−1)`,
/// i.e. 4 to f64 precision (the correction is 4e-309); a Gaussian model σ = 1 gives ε_α = α/2.
#[test]
fn theorem_5_1_alpha_1_7e308_is_finite_not_nan() {
    let alpha = 1.7e308_f64;
    let ev = eval("Theorem 5.1", &[("pi", "0.5,0.5"), ("eps_alpha", "4,0.25"), ("alpha", "1.7e308"), ("delta", "1e-5")]);
    check(&ev, "rdp", 4.0, 1e-14, 0.0, 1e-15, "4 − ln 2/(α−1), closed form");
    check(&ev, "epsilon", 4.0, 1e-14, 0.0, 1e-15, "4 − ln 2/(α−1) + ln(1e5)/(α−1), closed form");
    let ev = eval("Theorem 5.1", &[("pi", "0.5,0.5"), ("sigma", "1,4"), ("alpha", "1.7e308")]);
    check(&ev, "rdp", alpha / 2.0, 1e-14, 0.0, 1e-15, "α/2 − ln 2/(α−1), closed form");
}
