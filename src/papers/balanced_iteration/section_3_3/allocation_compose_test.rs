//! The decomposition upper bound against the k = 1 route and the exact-pair Monte Carlo.

use super::*;

#[test]
fn one_composed_group_is_the_k1_pair() {
    // k = 1 "decomposition" = the 1-of-T pair itself: its upper curve must lie above the certified
    // k = 1 lower end and not far above its upper end (loss rounding ≈ h_L: 5 %; plus 1e−10
    // absolute for the PLD's floating-point and +∞ terms, which dominate at δ ≈ 1e−9).
    let a = 1.0;
    let lat = LatticeOptions { h: 2e-3, trunc_budget: 1e-13, tail_level: 1e-16, max_len: 1 << 22 };
    let (cr, ca) = fs25_upper_curves(10, 1, a, &lat, 1e-3, 1 << 22).unwrap();
    let s = LognormalSum::new(10, a, &lat).unwrap();
    for &e in &[0.5, 1.0, 2.0] {
        let (r, q) = (s.delta_pq(e), s.delta_qp(e));
        assert!(cr.delta(e) >= r.lower && cr.delta(e) <= r.upper * 1.05 + 1e-10, "ε={e}: remove {} vs {r}", cr.delta(e));
        assert!(ca.delta(e) >= q.lower && ca.delta(e) <= q.upper * 1.05 + 1e-10, "ε={e}: add {} vs {q}", ca.delta(e));
    }
}
