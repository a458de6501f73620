//! Certified k = 1 hockey-stick intervals against independent numbers: the mpmath anchors of
//! `golden/anchors/balanced_iteration/anchors_hockey_k1.py` (closed-form lognormal call/put
//! integrated by tanh-sinh quadrature, 20 digits).

use super::*;

fn law(t: u64, sigma: f64, h: f64) -> LognormalSum {
    LognormalSum::new(t, 1.0 / sigma, &LatticeOptions { h, trunc_budget: 1e-13, tail_level: 1e-16, max_len: 1 << 22 }).unwrap()
}

/// (T, σ, ε, H(P‖Q), H(Q‖P)) printed by anchors_hockey_k1.py (c = 1).
const ANCHORS: &[(u64, f64, f64, f64, f64)] = &[
    (2, 1.0, 0.1, 0.264043135622187, 0.262747523121172),
    (2, 1.0, 0.5, 0.14917752313552, 0.142686965823743),
    (2, 1.0, 1.0, 0.0592065010858927, 0.0501976623694882),
    (2, 1.0, 2.0, 0.00474577763324832, 0.0020559245296645),
    (2, 2.0, 0.1, 0.104852904009503, 0.104492567473053),
    (2, 2.0, 0.5, 0.0183265947609351, 0.0173974858467835),
    (2, 2.0, 1.0, 0.000646128371984074, 0.000479006242234778),
    (2, 2.0, 2.0, 2.88118627477807e-8, 1.94299559553382e-9),
];

#[test]
fn k1_intervals_contain_the_mpmath_anchors_t2() {
    for &(t, sigma, eps, pq, qp) in ANCHORS {
        let s = law(t, sigma, 2e-3);
        let (a, b) = (s.delta_pq(eps), s.delta_qp(eps));
        assert!(a.contains(pq), "T={t} σ={sigma} ε={eps}: H(P‖Q) {pq} ∉ {a}");
        assert!(b.contains(qp), "T={t} σ={sigma} ε={eps}: H(Q‖P) {qp} ∉ {b}");
        // First-order width: the interval is a shift of S/T by h (module doc), so it is narrow.
        assert!(a.width() <= 0.02 * pq.max(1e-6) + 1e-9, "width {a}");
    }
}

#[test]
fn k1_intervals_shrink_with_the_grid() {
    let (coarse, fine) = (law(10, 1.0, 0.02), law(10, 1.0, 0.005));
    for &e in &[0.5, 1.0, 2.0] {
        let (c, f) = (coarse.delta_pq(e), fine.delta_pq(e));
        assert!(c.overlaps(&f) && f.width() < 0.5 * c.width(), "ε={e}: {c} vs {f}");
    }
}

#[test]
fn k1_total_variation_directions_agree_at_eps_0() {
    // E S/T = 1 ⇒ H(P‖Q)(0) = H(Q‖P)(0) (total variation): the two intervals must overlap.
    let s = law(10, 2.0, 0.005);
    assert!(s.delta_pq(0.0).overlaps(&s.delta_qp(0.0)));
}

#[test]
fn k1_intervals_contain_the_mpmath_anchors_t3() {
    // anchors_hockey_k1.py, T = 3 (nested quadrature, 12 digits): σ = 1, ε = 0.5.
    let (pq, qp) = (0.106840643619918, 0.0980949440611312);
    let s = law(3, 1.0, 2e-3);
    let (a, b) = (s.delta_pq(0.5), s.delta_qp(0.5));
    assert!(a.contains(pq), "H(P‖Q) {pq} ∉ {a}");
    assert!(b.contains(qp), "H(Q‖P) {qp} ∉ {b}");
}
