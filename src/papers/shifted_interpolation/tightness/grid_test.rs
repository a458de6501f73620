use super::*;

#[test]
fn neyman_pearson_and_hockey_stick_on_a_hand_computed_pair() {
    // P = (0.5, 0.5, 0), Q = (0.1, 0.4, 0.5): ratios Q/P = 0.2, 0.8, ∞. By hand: vertices
    // (0, 1), (0, 0.5), (0.5, 0.1), (1, 0); T(0.25) = 0.3; δ_{Q‖P}(0) = 0.5, δ_{P‖Q}(ln 2) =
    // max(0, 0.5 − 0.2) + max(0, 0.5 − 0.8) = 0.3.
    let (p, q) = ([0.5, 0.5, 0.0], [0.1, 0.4, 0.5]);
    let v = tradeoff_vertices(&p, &q);
    let want = [(0.0, 1.0), (0.0, 0.5), (0.5, 0.1), (1.0, 0.0)];
    assert_eq!(v.len(), 4);
    for (a, b) in v.iter().zip(want) {
        assert!((a.0 - b.0).abs() < 1e-15 && (a.1 - b.1).abs() < 1e-15, "{v:?}");
    }
    assert!((tradeoff_at(&v, 0.25) - 0.3).abs() < 1e-15);
    assert!((hockey_stick(&q, &p, 0.0) - 0.5).abs() < 1e-15);
    assert!((hockey_stick(&p, &q, 2f64.ln()) - 0.3).abs() < 1e-15);
}

#[test]
fn projection_puts_the_boundary_mass_on_the_atoms() {
    // One step from the atom at lo = 0 with shift 0.7 onto [0, 30]: P(x_1 = 0) = Φ(−0.7)
    // (mpmath 0.241963652223073), the upper atom is Φ(0.7 − 30) ≈ 0.
    let g = Grid::new(0.0, 30.0, 600).unwrap();
    let (_, q) = evolve_pair(&g, 0.0, 1.0, 0.7, 1, |_| 1.0).unwrap();
    assert!((q.mass[600] - 0.241963652223073).abs() < 1e-14);
    assert!(q.mass[601] < 1e-100);
    // Mass is conserved over many steps of the projected walk.
    let g = Grid::new(0.0, 5.0, 500).unwrap();
    let (p, q) = evolve_pair(&g, 0.0, 1.0, 0.25, 200, |_| 1.0).unwrap();
    for l in [&p, &q] {
        assert!((l.mass.iter().sum::<f64>() - 1.0).abs() < 1e-11);
        assert!(l.mass.iter().all(|&m| m >= 0.0));
    }
}

#[test]
fn unconstrained_evolution_recovers_the_gaussian_instances() {
    // Linear: 4 steps of shift 0.5 → N(0, 4) vs N(2, 4), G_1 (mpmath values below).
    let g = Grid::new(-14.0, 14.0, 2801).unwrap();
    let (p, q) = evolve_pair(&g, 0.0, 1.0, 0.5, 4, |_| 1.0).unwrap();
    let v = tradeoff_vertices(&p.mass, &q.mass);
    for (a, want) in [(0.01, 0.907637751926306), (0.05, 0.740488977158556), (0.3, 0.317179870364004), (0.5, 0.158655253931457), (0.9, 0.0112579145126048)] {
        assert!((tradeoff_at(&v, a) - want).abs() < 2e-4, "α = {a}: {} vs {want}", tradeoff_at(&v, a));
    }
    assert!((gdp_mu_of(&v, &[0.05, 0.3, 0.5]) - 1.0).abs() < 2e-3);
    // Quadratic a = 0.8, r = 0.5, T = 10: mean gap r(1 − a^T)/(1 − a) = 2.231564544 and
    // μ = 1.34672457122239 (mpmath), G_μ(0.05) = 0.617197666966272, G_μ(0.3) = 0.205446243821009.
    let g = Grid::new(-12.0, 14.0, 2601).unwrap();
    let (p, q) = evolve_pair(&g, 0.0, 0.8, 0.5, 10, |_| 1.0).unwrap();
    assert!((q.mean() - p.mean() - 2.231564544).abs() < 1e-6, "{}", q.mean() - p.mean());
    let v = tradeoff_vertices(&p.mass, &q.mass);
    assert!((tradeoff_at(&v, 0.05) - 0.617197666966272).abs() < 2e-4);
    assert!((tradeoff_at(&v, 0.3) - 0.205446243821009).abs() < 2e-4);
    // Halving the cells moves the answer by less than the stated grid error says.
    let gc = Grid::new(-12.0, 14.0, 1301).unwrap();
    let (pc, qc) = evolve_pair(&gc, 0.0, 0.8, 0.5, 10, |_| 1.0).unwrap();
    let e = grid_error((&p, &q), (&pc, &qc), &[0.0, 1.0], &[0.05, 0.3]);
    assert!(e > 0.0 && e < 1e-3, "{e}");
}

#[test]
fn bad_grids_are_refused() {
    assert!(Grid::new(1.0, 1.0, 10).is_err());
    assert!(Grid::new(0.0, f64::NAN, 10).is_err());
    assert!(Grid::new(0.0, 1.0, 1).is_err());
    assert!(Grid::new(0.0, 1.0, MAX_CELLS + 1).is_err());
    assert!(Grid::new(0.0, 1.0, 10).unwrap().point_mass(2.0).is_err());
    let g = Grid::new(0.0, 1.0, 10).unwrap();
    assert!(evolve_pair(&g, 0.0, 1.0, 0.1, 3, |_| 1.5).is_err());
}
