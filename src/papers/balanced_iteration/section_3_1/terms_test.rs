use super::*;

fn pair(d: u64, k: u64, sigma: f64) -> MixturePair {
    MixturePair::new(d, k, 1.0, sigma).unwrap()
}

/// Spec §11 (T = 10, k = 4, σ = 2, α = 32): with the exact F_α declined by its budget the
/// two-sided value takes G_32 = 11.03833185771 (spec §11), which dominates R^∞_32 = 6.7; the term
/// says why F is missing. Every term is present, each with a value or a reason.
#[test]
fn a_declined_forward_term_falls_back_to_g_and_says_why() {
    let opts = TermOptions { forward_budget: 1.0, precision: None, mc: None };
    let t = order_terms(&pair(10, 4, 2.0), 32, &opts, &AtomicBool::new(false)).unwrap();
    let f = t.get("F_alpha").unwrap();
    assert!(f.value.is_none() && f.note.contains("G_α bounds it"), "{f:?}");
    let e = t.get("epsilon_alpha").unwrap();
    assert!((e.value.unwrap() / 11.03833185771 - 1.0).abs() < 1e-10 && e.note.contains("G_α"), "{e:?}");
    assert!((t.get("R_inf").unwrap().value.unwrap() - 6.7).abs() < 1e-13);
    assert_eq!(t.terms.len(), 11);
    assert!(t.get("R_mc").unwrap().value.is_none());
}

/// MPFR enclosures (256 bits) contain the spec §1.8 values: F_α(10, 4, σ = 2, α = 4) =
/// 0.8439209896775, G_4 = 0.8804023012658, R^paper = 0.831636261014, s_4 = 0.8, R^∞ = 1.1.
#[test]
fn mpfr_enclosures_contain_the_spec_values() {
    let opts = TermOptions { forward_budget: FORWARD_BUDGET, precision: Some(256), mc: None };
    let t = order_terms(&pair(10, 4, 2.0), 4, &opts, &AtomicBool::new(false)).unwrap();
    for (name, want, tol) in [("F_alpha", 0.8439209896775, 1e-12), ("G_alpha", 0.8804023012658, 1e-12), ("R_paper", 0.831636261014, 1e-11), ("s_alpha", 0.8, 0.0), ("R_inf", 1.1, 0.0)] {
        let iv = t.get(name).unwrap().interval.unwrap_or_else(|| panic!("{name}: no interval"));
        assert!(iv.lower - tol <= want && want <= iv.upper + tol && iv.width() < 1e-15, "{name}: {iv:?} vs {want}");
    }
}

/// An interrupt set before the call stops it.
#[test]
fn interrupted_evaluation_stops() {
    let opts = TermOptions { forward_budget: FORWARD_BUDGET, precision: None, mc: Some(McSpec::DEFAULT) };
    assert!(matches!(order_terms(&pair(10, 4, 2.0), 4, &opts, &AtomicBool::new(true)), Err(Error::Interrupted)));
}
