//! Experiment tables checked against the spec's independently computed numbers (§5, §10, §13,
//! §17) and against closed forms.

use super::*;

fn col(t: &Table, name: &str) -> usize {
    t.header.iter().position(|h| h == name).unwrap()
}

/// σ/Δ = (4, 8), π = 1/2 is the spec's DP-level example (§5): exact RS ε = 0.5900231478 (RDP,
/// orders 2..64, classic), Theorem 5.1 ε = 1.194469148. At the vertices RS and LC are the single
/// Gaussian releases: exact ε(1e-5) of μ = 1/4 and 1/8 (GDP closed form, spec §1.5).
#[test]
fn mean_estimation_matches_spec_dp_level_example() {
    let never = AtomicBool::new(false);
    let t = mean_estimation(3, &never).unwrap();
    let mid = &t.rows[1];
    assert_eq!(mid[0], 0.5);
    assert!((mid[col(&t, "rs_exact_rdp")] - 0.5900231478).abs() < 1e-8, "{}", mid[col(&t, "rs_exact_rdp")]);
    assert!((mid[col(&t, "rs_thm51")] - 1.194469148).abs() < 1e-8);
    // Exact (PLD) RS privacy is below its RDP-converted value and below Theorem 5.2's bound.
    assert!(mid[col(&t, "rs_exact_pld")] <= mid[col(&t, "rs_exact_rdp")]);
    assert!(mid[col(&t, "rs_exact_pld")] <= mid[col(&t, "rs_thm52")] + 1e-9);
    // LC at λ = 1/2: σ²_LC = (16 + 64)/4 Δ² → μ² = 1/20; classic continuous-α closed form
    // μ²/2 + μ√(2 log 1e5) is a lower bound of the integer-grid value.
    let mu2: f64 = 1.0 / 20.0;
    let closed = mu2 / 2.0 + (mu2 * 2.0 * 1e5f64.ln()).sqrt();
    let lc = mid[col(&t, "lc_rdp")];
    assert!(lc >= closed && lc < closed + 0.02, "{lc} vs {closed}");
    for (row, mu) in [(&t.rows[2], 0.25), (&t.rows[0], 0.125)] {
        let g = Gdp::new(mu).unwrap().epsilon_for_delta(DELTA).unwrap();
        assert!((row[col(&t, "rs_exact_pld")] - g.upper).abs() < 1e-7, "{} vs {g}", row[col(&t, "rs_exact_pld")]);
        assert!((row[col(&t, "lc_exact")] - g.upper).abs() < 1e-12);
        assert!(row[col(&t, "rs_thm52")] >= g.lower);
    }
    // Utility: MSE = noise variance + Var(μ̂) (Theorem 4.2 compares equal MSE).
    assert!((mid[col(&t, "rs_mse")] - (0.5 * (0.0064 + 0.0256) + 0.00516058550962)).abs() < 1e-15);
}

/// MNIST vertices = single models (spec §17): integer grid, classic conversion: σ = 0.5 →
/// 11.19778972, σ = 2 → 0.3601353894; PLD (spec §7, ≈3–4 digits): 6.458 and 0.2044.
#[test]
fn mnist_vertices_match_single_model_values() {
    let never = AtomicBool::new(false);
    let t = mnist(1, false, &never, &mut |_, _| {}).unwrap();
    assert_eq!(t.rows.len(), 3);
    for r in &t.rows {
        let (rdp, pld) = if r[2] == 1.0 { (0.3601353894, 0.2044) } else { (11.19778972, 6.458) };
        for c in ["rs_thm51", "lc_alg3", "joint_thm61"] {
            assert!((r[col(&t, c)] - rdp).abs() < 1e-7, "{c} at {:?}: {}", &r[..3], r[col(&t, c)]);
        }
        for c in ["rs_thm52", "lc_alg4"] {
            assert!((r[col(&t, c)] - pld).abs() < 2e-3 * pld, "{c} at {:?}: {}", &r[..3], r[col(&t, c)]);
        }
    }
}

/// Output order and file names (what `audit` writes under `experiments/`); interruption stops
/// the computation with `Interrupted`.
#[test]
fn outputs_are_named_in_order_and_respect_interrupts() {
    let never = AtomicBool::new(false);
    let out = outputs(ExperimentOptions { mean_grid: 3, mnist_lattice: 1, mnist_lc_pld: false }, &never, &mut |_, _| {}).unwrap();
    let names: Vec<&str> = out.iter().map(|o| o.file()).collect();
    // 2 mean-estimation + CSV + 4 simplex maps (Algorithm 4 skipped)
    assert_eq!(
        names,
        ["merging_mean_estimation.csv", "merging_mean_estimation.svg", "merging_mnist.csv", "merging_mnist_rs_thm51.svg", "merging_mnist_rs_thm52.svg", "merging_mnist_lc_alg3.svg", "merging_mnist_joint_thm61.svg"]
    );
    match &out[3] {
        ExperimentOutput::Plot { kind: PlotKind::Simplex(g), .. } => assert_eq!((g.cells.len(), g.resolution), (3, 1)),
        other => panic!("expected a simplex plot, got {other:?}"),
    }
    let stop = AtomicBool::new(true);
    assert_eq!(outputs(ExperimentOptions::QUICK, &stop, &mut |_, _| {}).unwrap_err(), Error::Interrupted);
}
