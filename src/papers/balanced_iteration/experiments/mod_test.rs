use super::*;

/// Table 1 (spec §15): 3.309054 / 2.717392 / 2.491926, printed 3.31 / 2.72 / 2.49; optimal α = 4.
#[test]
fn table_1_reproduces_the_printed_noise() {
    for ((d, printed), spec) in TABLE_1_PRINTED.iter().zip([3.309054, 2.717392, 2.491926]) {
        let (s, order) = table_1_sigma(*d).unwrap();
        assert!((s - spec).abs() < 1e-6, "d = {d}: σ = {s}");
        assert!(((s * 100.0).round() / 100.0 - printed).abs() < 1e-12, "d = {d}: σ = {s} vs printed {printed}");
        assert_eq!(order, 4, "d = {d}");
    }
}

/// Figure 3 (spec §15): δ at T = 40, 50, 60 and the largest T with δ ≤ 1e−5 — balanced single 45,
/// composed 40, Poisson-RDP 40 (Proposition 2.3).
#[test]
fn figure_3_largest_t_and_deltas() {
    let fig = figure_3().unwrap();
    let at = |i: usize, t: u64| fig[i].iter().find(|r| r.0 == t).unwrap().1;
    for (t, single, composed, poisson) in [(40u64, 7.18e-7, 2.83e-7, 8.02e-6), (50, 1.857e-5, 1.187e-5, 1.407e-4), (60, 2.475e-4, 1.493e-4, 5.855e-4)] {
        for (i, want) in [(0usize, single), (1, composed), (2, poisson)] {
            let got = at(i, t);
            assert!((got / want - 1.0).abs() < 6e-3, "curve {i}, T = {t}: {got:e} vs {want:e}");
        }
    }
    let largest: Vec<Option<u64>> = fig.iter().map(|rows| largest_t(&rows.iter().map(|r| (r.0, r.1)).collect::<Vec<_>>())).collect();
    assert_eq!(largest, [Some(45), Some(40), Some(40)]);
    // the composed optimum sits far below the order where the exact forward term stops
    assert!(fig[1].iter().all(|r| r.2 < COMPOSED_EXACT_MAX as f64), "{:?}", fig[1]);
}
