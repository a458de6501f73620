use super::*;

fn pair(d: u64, k: u64, s: f64) -> MixturePair {
    MixturePair::new(d, k, 1.0, s).unwrap()
}

/// Spec §1.4 table, §1.8 and §11 (c = 1): R^paper, R^∞, s_α.
#[test]
fn spec_values() {
    for (d, k, s, a, rp, ri) in [
        (2u64, 1u64, 1.0, 2u64, 0.5501666593527, 0.75),
        (3, 1, 0.8, 3, 0.9558394144752, 1.302083333333),
        (4, 2, 1.3, 3, 0.9404737816984, 1.183431952663),
        (10, 1, 1.0, 2, 0.137177075919, 0.55),
        (10, 4, 2.0, 4, 0.831636261014, 1.1),
        (10, 4, 2.0, 2, 0.4169856663867, 0.7),
        (10, 4, 2.0, 32, 6.53362737222, 6.7),
    ] {
        let p = pair(d, k, s);
        assert!((corollary_3_19_paper(&p, a).unwrap() - rp).abs() < 1e-11 * rp.max(1.0), "R^paper ({d},{k},{s},{a})");
        assert!((reverse_certified(&p, a).unwrap() - ri).abs() < 1e-11 * ri, "R^inf ({d},{k},{s},{a})");
    }
    assert!((corollary_3_17(&pair(10, 4, 2.0), 4).unwrap() - 0.8).abs() < 1e-15);
    assert!((corollary_3_17(&pair(3, 1, 1.0), 2).unwrap() - 1.0 / 3.0).abs() < 1e-15);
}

/// Exact R_α for d = 2 (spec §6, §8): 0.569042599955 (σ = 1, α = 2), 2.145547036323 (σ = 1,
/// α = 8), 0.32593552731 (σ = 2, α = 5); R^paper below it (Lemma 3.18 fails), R^∞ above.
#[test]
fn exact_reverse_d2_and_the_lemma_3_18_counterexample() {
    for (s, a, want) in [(1.0, 2u64, 0.5690425999547), (1.0, 8, 2.145547036323), (2.0, 5, 0.32593552731), (0.5, 2, 2.53474131124)] {
        let r = reverse_exact_d2(1.0, s, a).unwrap();
        assert!((r - want).abs() < 1e-10 * want, "σ = {s}, α = {a}: {r}");
        assert!(reverse_certified(&pair(2, 1, s), a).unwrap() >= r);
    }
    let p = pair(2, 1, 1.0);
    assert!(corollary_3_19_paper(&p, 2).unwrap() < reverse_exact_d2(1.0, 1.0, 2).unwrap());
}

/// Issue 25: the bracket αv − ln(1 + α(e^v − 1)) past e^v's overflow. References: mpmath 1.3.0
/// at 60 digits of the printed closed forms (R^paper = s_α + (d/(2(α−1)))[αv − ln(1 + α(e^v − 1))];
/// the d = 2 proven bound αc²/(4σ²) + [αw − ln(1 + α(e^w − 1))]/(2(α−1)), w = c²/(2σ²)), script
/// golden/anchors/balanced_iteration/anchors_issue25_edges.py. c/σ beyond f64's square (c = 1.7e308, σ = 1e−300) is +∞,
/// the limit (was ∞ − ∞ = NaN); c = σ = 1e200 is the c = σ = 1 value (β = ½(c/σ)²).
#[test]
fn bracket_beyond_exp_overflow() {
    let at = |d: u64, c: f64, s: f64| MixturePair::new(d, 1, c, s).unwrap();
    let rp = corollary_3_19_paper(&at(10, 710.0, 1.0), 2).unwrap();
    assert!((rp - 277251.53426409720027).abs() < 1e-12 * rp, "{rp}");
    let rp = corollary_3_19_paper(&at(3, 30.0, 1.0), 8).unwrap();
    assert!((rp - 1499.5544053839257494).abs() < 1e-12 * rp, "{rp}");
    let pr = reverse_proven_d2(710.0, 1.0, 2).unwrap();
    assert!(pr >= 378074.65342640972003 && pr - 378074.65342640972003 < 1e-12 * pr, "{pr}");
    for (c, s) in [(1.7e308, 1.0), (1.0, 1e-300), (1.0, 5e-324)] {
        assert_eq!(corollary_3_19_paper(&at(10, c, s), 2).unwrap(), f64::INFINITY);
        assert_eq!(reverse_proven_d2(c, s, 2).unwrap(), f64::INFINITY);
        let mp = corollary_3_19_paper_r(&at(10, c, s), 2.0, &Mp::new(256, 0.0));
        assert!(!mp.is_nan() && mp.to_f64_up() == f64::INFINITY, "MPFR twin at c = {c}, σ = {s}: {mp}");
    }
    assert_eq!(at(2, 1e200, 1e200).beta(), 0.5);
    assert_eq!(corollary_3_19_paper(&at(2, 1e200, 1e200), 2).unwrap(), corollary_3_19_paper(&at(2, 1.0, 1.0), 2).unwrap());
}
