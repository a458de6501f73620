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

/// Issue 25: at tiny signal the exact reverse divergence is Corollary 3.17's shift to f64
/// accuracy (D_α(Q'‖P) = O(β²), β = c²/(2σ²)), not the routes' absolute error floor (was
/// 4.4e−16 at c = 1e−300, above R^∞ = 2e−323). Reference: the closed form s_α = αc²k²/(2σ²d):
/// d = 10, k = 1, α = 2, c = 1e−6: 1e−13 (the orthogonal part, ≈ 0.18β² = 4.5e−26 by the
/// c = 0.01…0.1 values of the route, is below f64 resolution); c = 1e−300: 0 (1e−601 rounds to
/// 0); d = 3, α = 8, σ = 1.7e308 (Theorem 3.4's card): 0; each at most R^∞.
#[test]
fn reverse_exact_at_tiny_signal() {
    let at = |d: u64, c: f64, s: f64| MixturePair::new(d, 1, c, s).unwrap();
    let r = reverse_exact(&at(10, 1e-6, 1.0), 2).unwrap();
    assert!((r - 1e-13).abs() <= 1e-15 * 1e-13, "{r}");
    for (d, c, s, a) in [(10, 1e-300, 1.0, 2), (10, 5e-324, 1.0, 2), (3, 1.0, 1.7e308, 8), (2, 1e-300, 1.0, 2)] {
        let r = reverse_exact(&at(d, c, s), a).unwrap();
        assert_eq!(r, 0.0, "d = {d}, c = {c}, σ = {s}");
        assert!(r <= crate::papers::balanced_iteration::section_3_4::reverse::reverse_certified(&at(d, c, s), a).unwrap());
    }
    // unchanged where the orthogonal part is resolved (spec §1.4: d = 10, c = σ = 1, α = 2)
    assert!((reverse_exact(&at(10, 1.0, 1.0), 2).unwrap() - 0.1437186832704).abs() < 1e-11);
}

/// Issue 25: the quadrature route of F_α declines at once when β is below the f64 resolution of
/// its nodes (c = 1e−300 doubled the MPFR precision for seconds, deaf to the interrupt flag);
/// G_α then bounds F_α. d = 10, k = 4, α = 16 (Corollary 3.14's card example).
#[test]
fn forward_at_tiny_signal_declines_quickly() {
    for (c, s) in [(1e-300, 2.0), (5e-324, 2.0), (1.0, 1.7e308)] {
        let t = std::time::Instant::now();
        let r = forward_within(&MixturePair::new(10, 4, c, s).unwrap(), 16, FORWARD_BUDGET);
        assert!(matches!(r, Err(Error::Unsupported(_))), "c = {c}, σ = {s}: {r:?}");
        assert!(t.elapsed().as_secs_f64() < 0.5, "c = {c}, σ = {s}: {:?}", t.elapsed());
    }
}
