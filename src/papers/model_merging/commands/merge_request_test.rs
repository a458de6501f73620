use super::*;

#[test]
fn order_grids() {
    assert_eq!(parse_orders("2..5").unwrap(), vec![2.0, 3.0, 4.0, 5.0]);
    assert_eq!(parse_orders("2..=3").unwrap(), vec![2.0, 3.0]);
    assert_eq!(parse_orders("16,2,4.5,2").unwrap(), vec![2.0, 4.5, 16.0]);
    for bad in ["1..5", "5..2", "a..b", "2..200000", "1,2", "x", "inf,3", ""] {
        let e = parse_orders(bad).unwrap_err().to_string();
        assert!(e.starts_with("invalid --orders = "), "{bad}: {e}");
    }
}

/// Lattice sizes against hand counts: C(m+n−1, n−1).
#[test]
fn lattice_sizes() {
    assert_eq!(lattice_points(2, 20), 21);
    assert_eq!(lattice_points(3, 6), 28); // 8·7/2
    assert_eq!(lattice_points(3, 20), 231);
    assert_eq!(lattice_points(70, 1), 70);
    assert_eq!(lattice_points(70, 2), 2485); // 71·70/2
    assert_eq!(lattice_points(1, 5), 1);
    assert_eq!(lattice_points(0, 5), 0);
}
