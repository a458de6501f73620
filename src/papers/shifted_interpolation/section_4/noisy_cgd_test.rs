use super::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a / b - 1.0).abs() <= rel
}

#[test]
fn theorem_4_4_spec_examples() {
    for (l, b, s, e, want) in [(10.0, 1500, 0.01, 50, 4.71404520791), (10.0, 1500, 0.01, 200, 9.42809041582), (1.0, 10, 0.5, 5, 0.4472135955), (2.0, 64, 0.1, 3, 0.541265877365)] {
        assert!(close(theorem_4_4(l, b, s, e).unwrap(), want, 1e-11));
    }
}

#[test]
fn theorem_4_5_spec_examples() {
    // spec §5.2 table (r, c, l, E) → μ and E → ∞; r enters via L = r, b = 1, σ = 1.
    let rows = [
        (2.0 / 3.0, 0.9999, 40, 50, 0.992491396898),
        (2.0 / 3.0, 0.9999, 40, 100, 1.23533879851),
        (2.0 / 3.0, 0.9999, 40, 200, 1.59297365099),
        (2.0 / 3.0, 0.9998, 40, 200, 1.50612397913),
        (0.2, 0.98, 10, 5, 0.229382574301),
        (1.0, 0.5, 4, 3, 1.00659305183),
        (0.3, 0.95, 7, 1, 0.3),
    ];
    for (r, c, l, e, want) in rows {
        let v = theorem_4_5(r, 1, 1.0, l, e, c).unwrap();
        assert!(close(v, want, 1e-11), "{v} vs {want}");
    }
    // l = 1 is slightly weaker than Theorem 4.2 (spec §5.2): 1.53207024298 vs 1.51457339766.
    assert!(close(theorem_4_5(0.5, 1, 1.0, 1, 10, 0.9).unwrap(), 1.53207024298, 1e-11));
}

#[test]
fn theorem_4_5_paper_appendix_table() {
    // r = 0.2 (printed 3 decimals): E = 5, l = 10: 0.229/0.233/0.235; l = 20: 0.211/0.215/0.217;
    // l = 40: 0.202/0.205/0.208; E = 50, l = 10: 0.270/0.334/0.410; E = 500: 0.270/0.336/0.439.
    let printed = [(5u64, 10u64, [0.229, 0.233, 0.235]), (5, 20, [0.211, 0.215, 0.217]), (5, 40, [0.202, 0.205, 0.208]), (50, 10, [0.270, 0.334, 0.410]), (500, 10, [0.270, 0.336, 0.439])];
    for (e, l, row) in printed {
        for (c, p) in [0.98, 0.99, 0.995].iter().zip(row) {
            assert_eq!(format!("{:.3}", theorem_4_5(0.2, 1, 1.0, l, e, *c).unwrap()), format!("{p:.3}"), "E={e} l={l} c={c}");
        }
    }
    for (e, p) in [(5u64, "0.447"), (50, "1.414"), (500, "4.472")] {
        assert_eq!(format!("{:.3}", theorem_4_4(0.2, 1, 1.0, e).unwrap()), p);
    }
}

#[test]
fn convex_refinement_examples() {
    // spec §5.2: (r, l, E) → r √(1 + (E−1)/l).
    for (r, l, e, want) in [(0.2, 10, 5, 0.236643191324), (2.0 / 3.0, 40, 50, 0.994428926012), (0.5, 20, 100, 1.21963109177)] {
        assert!(close(cgd_convex(r, 1, 1.0, l, e).unwrap(), want, 1e-11));
    }
}

#[test]
fn theorem_4_6_spec_examples() {
    // spec §5.3 table: (D, η, L, b, σ, l, E) → q*, closed (or invalid), best q, min μ(q).
    let rows: [(f64, f64, f64, u64, f64, u64, u64, Option<f64>, u64, f64); 5] = [
        (1.0, 0.04, 0.25, 1, 3.0, 10, 200, Some(0.533593686453), 100, 0.533593686453),
        (1.0, 0.02, 1.0, 1, 3.0, 20, 100, Some(1.10554159679), 50, 1.10554159679),
        (1.0, 0.01, 0.5, 1, 3.0, 40, 300, Some(0.763762615826), 200, 0.763762615826),
        (2.0, 0.1, 1.0, 10, 0.5, 5, 60, None, 59, 3.02253681757),
        (1.0, 0.04, 0.25, 1, 3.0, 10, 50, None, 49, 0.567084179924),
    ];
    for (d, eta, l, b, s, lb, e, closed, q, opt) in rows {
        let p = Constrained { d, eta, l, n: b, sigma: s };
        let (bq, bv) = theorem_4_6_best(&p, lb, e).unwrap();
        assert_eq!(bq, q);
        assert!(close(bv, opt, 1e-11), "{bv} vs {opt}");
        match closed {
            Some(cf) => assert!(close(theorem_4_6_closed(&p, lb, e).unwrap(), cf, 1e-11)),
            None => assert!(theorem_4_6_closed(&p, lb, e).unwrap_err().to_string().contains("E ≥ q* + 1")),
        }
    }
}

#[test]
fn theorem_4_6_paper_table_and_edge_cases() {
    // Appendix (σ = 3, D = 1): l = 10, L/b = 0.25, η = 0.04/0.02/0.01 → 0.534/0.750/1.057;
    // l = 40, L/b = 1 → 0.624/0.816/1.106.
    for (lb, l, row) in [(10u64, 0.25, [0.534, 0.750, 1.057]), (40, 1.0, [0.624, 0.816, 1.106])] {
        for (eta, want) in [0.04, 0.02, 0.01].iter().zip(row) {
            let p = Constrained { d: 1.0, eta: *eta, l, n: 1, sigma: 3.0 };
            assert_eq!(format!("{:.3}", theorem_4_6_closed(&p, lb, 100_000).unwrap()), format!("{want:.3}"));
        }
    }
    let p = Constrained { d: 1.0, eta: 0.04, l: 0.25, n: 1, sigma: 3.0 };
    assert_eq!(theorem_4_6_best(&p, 10, 1).unwrap(), (0, theorem_4_6_best(&p, 10, 1).unwrap().1));
    assert!(close(theorem_4_6_best(&p, 10, 1).unwrap().1, 0.25 / 3.0, 1e-14));
    assert!(theorem_4_6_window(&p, 10, 5, 5).is_err());
    assert!(theorem_4_6_window(&p, 10, 5, 0).is_err());
    assert!(theorem_4_5(1.0, 1, 1.0, 0, 1, 0.5).is_err());
}
