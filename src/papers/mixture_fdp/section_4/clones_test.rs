//! FMT23 Theorem 3.2 against the mixtures paper's printed Tables 1 and 2 (independent anchors:
//! numbers printed by the paper, computed by its authors from FMT23), and against a 30-digit
//! mpmath evaluation of the printed formula (script in the comments below).

use crate::papers::mixture_fdp::section_4::clones::{fmt23_applies, fmt23_delta, fmt23_epsilon};
use crate::papers::mixture_fdp::section_4::shuffling::Shuffle;

/// The paper's ε₀: the assumption's boundary `ln(n/(8 ln(2/δ₀)) − 1)` at δ₀ = n^{−1.5} = 1e−6,
/// which the paper prints as 4.444 (mpmath: 4.44447846126913369249439684999).
fn boundary_eps0() -> f64 {
    (10000.0 / (8.0 * (2.0e6f64).ln()) - 1.0).ln()
}

#[test]
fn table_1_fmt23_delta_column_reproduced_to_its_printed_digits() {
    let s = Shuffle::new(10000, boundary_eps0()).unwrap();
    assert!((boundary_eps0() - 4.44447846126913369).abs() < 1e-13);
    // (ε, printed δ in [23], unit of the last printed digit)
    let printed = [(0.5, 0.9494, 1e-4), (0.6, 0.3764, 1e-4), (0.7, 0.1038, 1e-4), (0.8, 0.0181, 1e-4), (0.9, 0.0018, 1e-4), (1.0, 8e-5, 1e-5)];
    for (eps, p, unit) in printed {
        let d = fmt23_delta(&s, eps).unwrap().expect("assumption holds at these δ");
        // all entries agree to rounding except 0.9494 (computed 0.949473: one unit in the last digit)
        let tol = if eps == 0.5 { unit } else { 0.5 * unit };
        assert!((d - p).abs() <= tol, "ε = {eps}: computed {d}, printed {p}");
    }
}

#[test]
fn table_1_matches_mpmath_to_1e10_relative() {
    // mpmath (dps 30): e0 = log(n/(8*log(2/mpf('1e-6')))-1); x = (exp(e)-1)/(exp(e0)-1) - 4/n;
    // d = 4*exp(-x**2*(exp(e0)+1)*n/32)
    let s = Shuffle::new(10000, boundary_eps0()).unwrap();
    for (eps, want) in [(0.5, 0.94947297822202132316901123148), (0.7, 0.103783081449408497197367949978), (1.0, 0.000082519424856969585726882600873)] {
        let d = fmt23_delta(&s, eps).unwrap().unwrap();
        assert!(d >= want && (d - want) / want < 1e-10, "ε = {eps}: {d} vs {want}");
    }
    // and at the rounded ε₀ = 4.444 (what a user types): 0.948724279942258605431412290126168
    let s = Shuffle::new(10000, 4.444).unwrap();
    let d = fmt23_delta(&s, 0.5).unwrap().unwrap();
    assert!(d >= 0.948724279942258605 && d - 0.948724279942258605 < 1e-10, "{d}");
}

#[test]
fn table_2_fmt23_upper_row_reproduced_including_where_the_assumption_fails() {
    let s = Shuffle::new(10000, boundary_eps0()).unwrap();
    // printed 1.014, 1.085; mpmath 1.01412618806333464931928987036, 1.08510256393525683323720197967
    let e1 = fmt23_epsilon(&s, 5e-5).unwrap().unwrap();
    let e2 = fmt23_epsilon(&s, 3e-6).unwrap().unwrap();
    assert!((e1 - 1.014).abs() <= 5e-4 && e1 >= 1.01412618806333 && e1 - 1.01412618806333465 < 1e-10, "{e1}");
    assert!((e2 - 1.085).abs() <= 5e-4 && e2 >= 1.08510256393525 && e2 - 1.08510256393525684 < 1e-10, "{e2}");
    // the paper prints "ε₀" where the assumption fails: δ = 1e-7, 4e-9, 9e-11
    for d in [1e-7, 4e-9, 9e-11] {
        assert!(!fmt23_applies(&s, d));
        assert_eq!(fmt23_epsilon(&s, d).unwrap(), None, "δ = {d}");
    }
    assert!(fmt23_applies(&s, 3e-6));
}

#[test]
fn delta_inversion_is_consistent_and_edges_are_answered() {
    let s = Shuffle::new(10000, 4.444).unwrap();
    // δ(ε(δ)) ≈ δ (both rounded up: δ(ε(δ)) ≤ δ up to the allowance)
    let e = fmt23_epsilon(&s, 5e-5).unwrap().unwrap();
    let d = fmt23_delta(&s, e).unwrap().unwrap();
    assert!((d - 5e-5).abs() / 5e-5 < 1e-8, "{d}");
    // ε = 0 (and tiny ε): the bound says nothing, δ = 1
    assert_eq!(fmt23_delta(&s, 0.0).unwrap(), Some(1.0));
    assert!(fmt23_delta(&s, f64::NAN).is_err() && fmt23_delta(&s, -1.0).is_err());
    assert!(fmt23_epsilon(&s, 0.0).is_err() && fmt23_epsilon(&s, 1.0).is_err());
    // a large ε₀ for few users: never applicable
    let s = Shuffle::new(100, 4.0).unwrap();
    assert_eq!(fmt23_epsilon(&s, 1e-6).unwrap(), None);
}
