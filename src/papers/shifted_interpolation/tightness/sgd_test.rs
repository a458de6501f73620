use super::*;

#[test]
fn one_step_instance_is_c_p_of_g_r() {
    // Spec §2.6 table: C_p(G_μ)(α) at p = 0.25, μ = 2.5 and p = 0.025, μ = 2/3 (independent values),
    // and the one-step δ(ε) values (0.25, 2.5, ε = 1) → 0.128761329239, (0.025, 2/3, 0.1) → 7.86371251673e-05.
    let alphas = [1e-4, 0.01, 0.05, 0.3, 0.5, 0.8, 0.99];
    let rows = [(0.25, 2.5, [0.972070258061, 0.850267357964, 0.761558764996, 0.502824886833, 0.302824886833, 0.0272698314018, 1.06382219792e-05]), (0.025, 2.0 / 3.0, [0.999874117835, 0.989037767476, 0.947150226694, 0.693585872247, 0.493472067009, 0.194294959526, 0.00910113713644])];
    for (p, r, want) in rows {
        let w = r + 12.0;
        let g = Grid::new(-w, w, 4001).unwrap();
        let (lp, lq) = grid::evolve_pair(&g, 0.0, 1.0, r, 1, |_| p).unwrap();
        let h = symmetric_hull(&grid::tradeoff_vertices(&lp.mass, &lq.mass), &grid::tradeoff_vertices(&lq.mass, &lp.mass));
        for (a, t) in alphas.iter().zip(want) {
            let got = grid::tradeoff_at(&h, *a);
            // Binned laws: never below the exact curve (data processing), and within 1e-5.
            assert!(got >= t - 1e-11 && got - t < 1e-5, "p = {p}, α = {a}: {got} vs {t}");
        }
        let s = one_step(p, r, 4001, &alphas).unwrap();
        assert!(s.tradeoff_gap < 1e-5 && s.tradeoff_min > -1e-11 && s.delta_gap < 1e-6, "{s:?}");
    }
    let g = Grid::new(-14.5, 14.5, 4001).unwrap();
    let (lp, lq) = grid::evolve_pair(&g, 0.0, 1.0, 2.5, 1, |_| 0.25).unwrap();
    assert!((grid::delta_both(&lp, &lq, 1.0) - 0.128761329239).abs() < 1e-6);
    let g = Grid::new(-12.7, 12.7, 4001).unwrap();
    let (lp, lq) = grid::evolve_pair(&g, 0.0, 1.0, 2.0 / 3.0, 1, |_| 0.025).unwrap();
    assert!((grid::delta_both(&lp, &lq, 0.1) / 7.86371251673e-05 - 1.0).abs() < 1e-3);
}

#[test]
fn symmetric_hull_of_hand_made_curves() {
    // min of (0,1)-(0.5,0)-(1,0) and (0,1)-(0,0.5)-(1,0) is convexified to (0,0.5)-(0.5,0)-(1,0).
    let h = symmetric_hull(&[(0.0, 1.0), (0.5, 0.0), (1.0, 0.0)], &[(0.0, 1.0), (0.0, 0.5), (1.0, 0.0)]);
    assert_eq!(h, vec![(0.0, 0.5), (0.5, 0.0), (1.0, 0.0)]);
}

#[test]
fn subsampled_instances_stay_below_theorems_4_8_to_4_10() {
    let o = PldOptions::default();
    let (p, r) = (0.2, 0.8);
    for t in [1u64, 8] {
        let c = check_theorem_4_8(p, r, t, 600, &o).unwrap();
        assert!(c.bound_holds() && c.atoms.1 < 1e-20, "4.8 t = {t}: {c:?}");
        if t == 1 {
            // Exact at t = 1: the bound's δ is the instance's up to the PLD interval and the grid.
            assert!(c.min_delta_ratio < 1.01, "{c:?}");
        }
    }
    for k in [1u64, 4, 8] {
        for form in [Thm49Form::Code, Thm49Form::Conservative] {
            let c = check_theorem_4_9(p, r, 0.8, 8, k, form, 600, &o).unwrap();
            assert!(c.bound_holds() && c.min_delta_ratio >= 1.0, "4.9 K = {k} {form:?}: {c:?}");
        }
    }
    let kc = Constrained::half(1.0, 0.2, 2.0);
    for nu in [1u64, 3, 8] {
        let c = check_theorem_4_10(p, r, &kc, 8, nu, 400, &o).unwrap();
        assert!(c.bound_holds() && c.atoms.0 > 0.01, "4.10 ν = {nu}: {c:?}");
    }
}

#[test]
fn a_weaker_composition_is_caught() {
    // Theorem 4.8's own instance at t = 8 against C_p(G_r)^{⊗2} (too few steps): violated.
    let (f, c) = sgd_laws(0.2, 0.8, 1.0, 8, None, 600).unwrap();
    let parts = [(FdpFactor::SubsampledGaussian { p: 0.2, mu: 0.8 }, 2u64)];
    let cmp = compare_fdp((&f.0, &f.1), (&c.0, &c.1), &parts, &PldOptions::default()).unwrap();
    assert!(!cmp.bound_holds() && cmp.delta_excess > 1e-3, "{cmp:?}");
}
