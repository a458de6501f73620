use super::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a / b - 1.0).abs() <= rel
}

#[test]
fn theorem_4_1_spec_examples() {
    // spec §4.1 [computed].
    for (l, n, s, t, want) in [(1.0, 100, 0.1, 100, 1.0), (2.0, 1000, 0.05, 37, 0.243310501212), (1.0, 10, 1.0, 1000, 3.16227766017), (10.0, 1500, 0.01, 1, 0.666666666667)] {
        let v = theorem_4_1(l, n, s, t).unwrap();
        assert!(close(v, want, 1e-11), "{v} vs {want}");
    }
}

#[test]
fn theorem_4_2_spec_examples() {
    // spec §4.2 table: (η, m, M, L, n, σ, T) → c, μ, μ_∞.
    let rows = [
        (0.1, 1.0, 10.0, 1.0, 10, 1.0, 50, 0.433649175026, 0.435889894354),
        (0.05, 0.5, 4.0, 2.0, 100, 0.5, 1000, 0.355527776689, 0.355527776693),
        (0.4, 1.0, 4.0, 1.0, 1, 3.0, 7, 0.648258317554, 0.666666666667),
        (0.45, 1.0, 4.0, 1.0, 1, 3.0, 20, 0.988536486656, 1.0),
        (0.05, 1.0, 10.0, 1.0, 10, 1.0, 160, 0.624329486003, 0.62449979984),
    ];
    for (eta, m, big_m, l, n, s, t, mu, inf) in rows {
        let c = crate::papers::shifted_interpolation::setting::contraction_factor(eta, m, big_m).unwrap();
        let v = theorem_4_2(l, n, s, t, c).unwrap();
        assert!(close(v, mu, 1e-11), "η={eta}: {v} vs {mu}");
        assert!(v >= mu * (1.0 - 1e-12));
        assert!(close(theorem_4_2_limit(l, n, s, c).unwrap(), inf, 1e-11));
    }
}

#[test]
fn theorem_4_2_paper_appendix_table() {
    // Appendix table of NoisyGD GDP parameters (printed 3 decimals), L/(nσ) = 0.1: T = 100,
    // c = 0.92/0.96/0.98/0.99/0.995 → 0.490/0.688/0.871/0.961/0.990; T = 1000 → 0.490/0.700/0.995/1.411/1.984.
    let printed = [(100u64, [0.490, 0.688, 0.871, 0.961, 0.990]), (1000, [0.490, 0.700, 0.995, 1.411, 1.984])];
    for (t, row) in printed {
        for (c, p) in [0.92, 0.96, 0.98, 0.99, 0.995].iter().zip(row) {
            let v = theorem_4_2(1.0, 10, 1.0, t, *c).unwrap();
            assert_eq!(format!("{v:.3}"), format!("{p:.3}"), "T={t} c={c}");
        }
    }
    assert_eq!(format!("{:.3}", theorem_4_1(1.0, 10, 1.0, 1000).unwrap()), "3.162");
}

#[test]
fn theorem_4_2_limits() {
    // T = 1 → r; c = 1 → Theorem 4.1; c → 1 continuous.
    assert!(close(theorem_4_2(1.0, 10, 1.0, 1, 0.7).unwrap(), 0.1, 1e-14));
    assert!(close(theorem_4_2(1.0, 10, 1.0, 400, 1.0).unwrap(), 2.0, 1e-14));
    assert!(close(theorem_4_2(1.0, 10, 1.0, 400, 1.0 - 1e-14).unwrap(), 2.0, 1e-9));
    assert!(theorem_4_2_limit(1.0, 10, 1.0, 1.0).is_err());
    assert!(theorem_4_2(1.0, 10, 1.0, 10, 0.0).is_err());
    assert!(theorem_4_2(1.0, 10, 1.0, 10, 1.1).is_err());
}

#[test]
fn theorem_4_3_spec_examples() {
    // spec §4.3 table: (D, η, L, n, σ, T) → ν*, closed, best ν, μ_opt.
    let rows: [(f64, f64, f64, u64, f64, u64, Option<f64>, u64, f64); 5] = [
        (1.0, 0.1, 0.25, 1, 8.0, 500, Some(0.395284707521), 40, 0.395284707521),
        (0.5, 0.1, 1.0, 20, 2.0, 500, Some(0.5), 100, 0.5),
        (1.0, 0.3, 1.0, 7, 1.5, 100, Some(0.923367591889), 23, 0.920111223934),
        (2.0, 0.05, 1.0, 50, 1.0, 1000, None, 1000, 1.8973665961),
        (1.0, 0.2, 1.0, 1, 8.0, 80, Some(0.559016994375), 5, 0.559016994375),
    ];
    for (d, eta, l, n, s, t, closed, nu, opt) in rows {
        let p = Constrained { d, eta, l, n, sigma: s };
        let (bn, bv) = theorem_4_3_best(&p, t).unwrap();
        assert_eq!(bn, nu);
        assert!(close(bv, opt, 1e-11), "{bv} vs {opt}");
        match closed {
            Some(cf) => assert!(close(theorem_4_3_closed(&p, t).unwrap(), cf, 1e-11)),
            None => {
                let e = theorem_4_3_closed(&p, t).unwrap_err().to_string();
                assert!(e.contains("T ≥ ν*") && e.contains("2000"), "{e}");
            }
        }
    }
    // μ(ν*) at example 3 (ν* = 24): 0.920178686442 ≤ closed 0.923367591889.
    let p = Constrained { d: 1.0, eta: 0.3, l: 1.0, n: 7, sigma: 1.5 };
    assert!(close(theorem_4_3_window(&p, 24).unwrap(), 0.920178686442, 1e-11));
}

#[test]
fn theorem_4_3_paper_threshold_table() {
    // Appendix (σ = 8, D = 1): L/n = 0.25, η = 0.2/0.1/0.05 → μ* 0.280/0.395/0.559;
    // L/n = 1 → 0.559/0.791/1.118.
    for (l, row) in [(0.25, [0.280, 0.395, 0.559]), (1.0, [0.559, 0.791, 1.118])] {
        for (eta, want) in [0.2, 0.1, 0.05].iter().zip(row) {
            let p = Constrained { d: 1.0, eta: *eta, l, n: 1, sigma: 8.0 };
            assert_eq!(format!("{:.3}", theorem_4_3_closed(&p, 100_000).unwrap()), format!("{want:.3}"));
        }
    }
}

#[test]
fn theorem_4_3_rejects_bad_input() {
    let good = Constrained { d: 1.0, eta: 0.1, l: 1.0, n: 1, sigma: 1.0 };
    for bad in [Constrained { d: 0.0, ..good }, Constrained { d: -1.0, ..good }, Constrained { eta: 0.0, ..good }, Constrained { sigma: f64::NAN, ..good }, Constrained { n: 0, ..good }] {
        assert!(theorem_4_3_best(&bad, 10).is_err());
    }
    assert!(theorem_4_3_window(&good, 0).is_err());
}
