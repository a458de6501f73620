use super::*;

/// Spec §1.4 table (c = 1): the printed terms R^(2), R^(3).
#[test]
fn printed_terms_match_the_spec_table() {
    for (d, k, s, a, r2, r3) in [
        (2u64, 1u64, 1.0, 2u64, 0.3001666593527, Some(-0.1662094054)),
        (3, 1, 0.8, 3, 0.4350060811419, Some(0.1291898522)),
        (4, 2, 1.3, 3, 0.607633545012, None),
        (10, 1, 1.0, 2, -0.672822924081, Some(-1.574547320)),
        (10, 4, 2.0, 4, 0.471636261014, None),
    ] {
        let p = MixturePair::new(d, k, 1.0, s).unwrap();
        assert!((printed_eq2_reverse(&p, a).unwrap() - r2).abs() < 1e-11, "R2 ({d},{k},{s},{a})");
        match (printed_eq3_reverse(&p, a).unwrap(), r3) {
            (Some(x), Some(w)) => assert!((x - w).abs() < 1e-9, "R3 ({d},{k},{s},{a}): {x}"),
            (None, None) => {}
            (x, w) => panic!("R3 ({d},{k},{s},{a}): {x:?} vs {w:?}"),
        }
    }
}

/// Spec §2: first term of (2) ≤ first term of (3), 0.8439209897 vs 0.8804023013.
#[test]
fn remark_3_2_chain_values() {
    let r = remark_3_2(&MixturePair::new(10, 4, 1.0, 2.0).unwrap(), 4).unwrap();
    assert!((r.forward - 0.8439209896775).abs() < 1e-11 && (r.forward_bound - 0.8804023012658).abs() < 1e-11);
    assert!(r.reverse_eq3_printed.is_none() && r.reverse_eq2_printed < r.reverse_paper);
}

/// Issue 25: the printed terms past e^v's overflow. References (golden/anchors/balanced_iteration/anchors_issue25_edges.py):
/// mpmath 1.3.0 at 60 digits of the printed expressions (2), (3) as written (exp and log at full range): d = 10, k = 1, c = 710,
/// σ = 1, α = 2: both −131069.46573590279973 (were −∞ and NaN); d = 3, k = 1, c = 3, α = 3:
/// R^(3) = 3.7457155789039564557 (unchanged range). c/σ with an infinite square: the limit, −∞
/// for d = 10, k = 1, α = 2 (coefficient of (c/σ)²: 0.1 − 0.36 < 0), never NaN.
#[test]
fn printed_terms_beyond_exp_overflow() {
    let p = MixturePair::new(10, 1, 710.0, 1.0).unwrap();
    let want = -131069.46573590279973;
    let (r2, r3) = (printed_eq2_reverse(&p, 2).unwrap(), printed_eq3_reverse(&p, 2).unwrap().unwrap());
    assert!((r2 - want).abs() < 1e-12 * want.abs() && (r3 - want).abs() < 1e-12 * want.abs(), "{r2} {r3}");
    let r3 = printed_eq3_reverse(&MixturePair::new(3, 1, 3.0, 1.0).unwrap(), 3).unwrap().unwrap();
    assert!((r3 - 3.7457155789039564557).abs() < 1e-12, "{r3}");
    for (c, s) in [(1.7e308, 1.0), (1.0, 1e-300), (1.0, 5e-324)] {
        let p = MixturePair::new(10, 1, c, s).unwrap();
        assert_eq!(printed_eq2_reverse(&p, 2).unwrap(), f64::NEG_INFINITY);
        assert_eq!(printed_eq3_reverse(&p, 2).unwrap(), Some(f64::NEG_INFINITY));
    }
}
