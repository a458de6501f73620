use super::*;

fn req(k: Option<u64>, sigma: Option<f64>, target: Target) -> PartitionRequest {
    PartitionRequest { iterations: 10, k, gamma: None, sigma, clip: 1.0, submodels: 1, epochs: 1, target, orders: (2..=64).collect() }
}

fn row<'a>(r: &'a PartitionReport, key: &str) -> &'a Row {
    r.rows.iter().find(|x| x.key == key).unwrap_or_else(|| panic!("no row {key}"))
}

/// Spec §1.5 / §9 (T = 10, k = 4, σ = 2, orders 2..64): ε(1e−5) = 3.539115683 at α = 9 with R^∞,
/// 3.35353555032 at α = 8 with R^paper; Poisson γ = 0.4 (orders 2..256): 4.10354341262 at α = 6.
#[test]
fn epsilon_at_delta_matches_spec() {
    let r = partition_report(&req(Some(4), Some(2.0), Target::Epsilon { delta: 1e-5 }), &AtomicBool::new(false)).unwrap();
    let cert = row(&r, "bis_theorem_3_8");
    assert!(cert.certified && cert.guarantee == Guarantee::Upper);
    let v = cert.value.unwrap();
    assert!(v >= 3.539115683 - 1e-9 && v < 3.539115683 + 1e-8, "{v}");
    assert_eq!(cert.rdp.unwrap().order, 9);
    let paper = row(&r, "bis_theorem_3_8_paper");
    assert!(!paper.certified && (paper.value.unwrap() - 3.35353555032).abs() < 1e-8);
    assert_eq!(paper.rdp.unwrap().order, 8);
    // The certified (ε, δ) of the pair itself (issue 11 acceptance): its upper end is below
    // pld-accounting 2.0's upper end 2.8392257 (gaussian_allocation_epsilon_range, measured in
    // audits/balanced_iteration/peers.csv) and far below the RDP route's 3.539 above.
    let b = r.bis_certified_dp.expect("certified row for k = 4, one epoch");
    assert!(b.lower > 0.0 && b.upper < 2.8392257, "{b:?}");
    assert_eq!(row(&r, "bis_certified_dp").interval, Some(b));
    let mut q = req(Some(4), Some(2.0), Target::Epsilon { delta: 1e-5 });
    q.orders = (2..=256).collect();
    let r = partition_report(&q, &AtomicBool::new(false)).unwrap();
    let p = row(&r, "poisson_theorem_3_11");
    assert!((p.value.unwrap() - 4.10354341262).abs() < 1e-8, "{:?}", p.value);
    assert_eq!(p.rdp.unwrap().order, 6);
    // the certified PLD is tighter than the RDP route and contains neither end above it
    let pld = row(&r, "poisson_pld").interval.unwrap();
    assert!(pld.upper < 4.10354341262 && pld.lower > 0.0);
}

/// Spec §11 table: Poisson γ = 0.4 PLD δ at ε = 1 is 0.0335406 (T = 10, σ = 2); the balanced
/// pair's hockey-stick δ (MC 0.0274216) lies below the Proposition 2.3 value of either BIS row.
#[test]
fn delta_at_epsilon_pld_matches_spec() {
    let r = partition_report(&req(Some(4), Some(2.0), Target::Delta { epsilon: 1.0 }), &AtomicBool::new(false)).unwrap();
    let iv = row(&r, "poisson_pld").interval.unwrap();
    assert!(iv.lower <= 0.0335406 * 1.0001 && iv.upper >= 0.0335406 * 0.9999 && iv.upper / iv.lower < 1.01, "{iv:?}");
    assert!(row(&r, "bis_theorem_3_8").value.unwrap() > 0.0274216);
}

/// σ for a target: the returned σ meets the target and 0.1 % less does not (Theorem 3.11 curve
/// re-evaluated here through `poisson_curve`, the spec §13 closed form).
#[test]
fn sigma_for_target_is_minimal() {
    let mut q = req(Some(4), None, Target::Sigma { epsilon: 4.10354341262, delta: 1e-5 });
    q.orders = (2..=256).collect();
    let r = partition_report(&q, &AtomicBool::new(false)).unwrap();
    let s = row(&r, "poisson_theorem_3_11").value.unwrap();
    // spec §9: σ = 2 gives exactly this ε
    assert!((s - 2.0).abs() < 1e-6, "{s}");
    let pld = row(&r, "poisson_pld").value.unwrap();
    assert!(pld < s, "PLD needs less noise: {pld} vs {s}");
}

#[test]
fn bad_parameters_are_rejected() {
    let ok = req(Some(4), Some(2.0), Target::Epsilon { delta: 1e-5 });
    assert!(ok.validate().is_ok());
    let bad = [
        PartitionRequest { k: Some(10), ..ok.clone() },
        PartitionRequest { k: Some(0), ..ok.clone() },
        PartitionRequest { k: Some(11), ..ok.clone() },
        PartitionRequest { sigma: Some(0.0), ..ok.clone() },
        PartitionRequest { sigma: None, ..ok.clone() },
        PartitionRequest { submodels: 0, ..ok.clone() },
        PartitionRequest { submodels: 3, ..ok.clone() },
        PartitionRequest { epochs: 0, ..ok.clone() },
        PartitionRequest { gamma: Some(1.5), ..ok.clone() },
        PartitionRequest { target: Target::Epsilon { delta: 1.0 }, ..ok.clone() },
        PartitionRequest { target: Target::Sigma { epsilon: 1.0, delta: 1e-5 }, ..ok.clone() },
        PartitionRequest { iterations: 1, k: Some(1), ..ok.clone() },
        PartitionRequest { k: None, ..ok.clone() },
    ];
    for b in bad {
        assert!(b.validate().is_err(), "{b:?}");
    }
    assert_eq!(parse_orders("2..5").unwrap(), vec![2, 3, 4, 5]);
    assert_eq!(parse_orders("8,2,8").unwrap(), vec![2, 8]);
    for s in ["1..4", "2.5", "5..3", "", "2..5000"] {
        assert!(parse_orders(s).is_err(), "{s}");
    }
}
