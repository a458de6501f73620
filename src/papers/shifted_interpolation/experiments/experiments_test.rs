//! Table 1 and the appendix tables pinned to every printed digit (spec §7).

use super::*;

fn col(name: &str) -> usize {
    HEADER.iter().position(|h| *h == name).unwrap()
}

fn two(x: f64) -> String {
    format!("{x:.2}")
}

#[test]
fn table_1_reproduces_every_printed_digit() {
    let never = AtomicBool::new(false);
    let t = table_1(&never).unwrap();
    assert_eq!(t.rows.len(), 6);
    // Printed Table 1 (λ = 0.002, c = 0.9999): GDP composition / RDP / ours.
    let printed = [("30.51", "5.82", "4.34"), ("49.88", "7.61", "5.60"), ("83.83", "9.88", "7.58")];
    for (row, (comp, rdp, ours)) in t.rows[..3].iter().zip(printed) {
        assert_eq!(row[col("c")], 1.0 - 0.05 * 0.002);
        assert_eq!(two(row[col("eps_composition")]), comp);
        assert_eq!(two(row[col("eps_rdp")]), rdp);
        assert_eq!(two(row[col("eps_ours")]), ours);
    }
    // Appendix, λ = 0.004 (c = 0.9998): RDP 5.61/7.00/8.38, ours 4.32/5.51/7.09.
    let printed = [("5.61", "4.32"), ("7.00", "5.51"), ("8.38", "7.09")];
    for (row, (rdp, ours)) in t.rows[3..].iter().zip(printed) {
        assert_eq!(two(row[col("eps_rdp")]), rdp);
        assert_eq!(two(row[col("eps_ours")]), ours);
    }
}

#[test]
fn appendix_gdp_parameters_and_spec_values() {
    let never = AtomicBool::new(false);
    let t = table_1(&never).unwrap();
    // Printed GDP parameters: composition 4.71/6.67/9.43; ours λ=0.002 0.99/1.24/1.59; λ=0.004 0.99/1.22/1.51.
    for (i, (comp, a, b)) in [("4.71", "0.99", "0.99"), ("6.67", "1.24", "1.22"), ("9.43", "1.59", "1.51")].iter().enumerate() {
        assert_eq!(two(t.rows[i][col("mu_composition")]), *comp);
        assert_eq!(two(t.rows[i][col("mu_ours")]), *a);
        assert_eq!(two(t.rows[i + 3][col("mu_ours")]), *b);
    }
    // spec §7.1 computed values (10 digits; ε to 1e-6).
    let spec = [(4.7140452079, 30.506280, 5.822348, 0.9924913969, 4.339159), (6.6666666667, 49.883712, 7.610315, 1.2353387985, 5.601272), (9.4280904158, 83.830591, 9.878082, 1.5929736510, 7.578945)];
    for (row, (mc, ec, er, mo, eo)) in t.rows.iter().zip(spec) {
        assert!((row[col("mu_composition")] - mc).abs() < 1e-9);
        assert!((row[col("eps_composition")] - ec).abs() < 1e-6);
        assert!((row[col("eps_rdp")] - er).abs() < 1e-6);
        assert!((row[col("mu_ours")] - mo).abs() < 1e-9);
        assert!((row[col("eps_ours")] - eo).abs() < 1e-6);
    }
    // Convex-only bound (spec §9 item 9): 0.994428926012 at E = 50.
    assert!((t.rows[0][col("mu_convex")] - 0.994428926012).abs() < 1e-11);
}

#[test]
fn outputs_are_a_table_curves_and_a_plot() {
    let never = AtomicBool::new(false);
    let out = outputs(ExperimentSize::Quick, &never).unwrap();
    let files: Vec<&str> = out.iter().map(|o| o.file()).collect();
    assert_eq!(files, ["si_table1.csv", "si_epsilon_vs_epochs.csv", "si_epsilon_vs_epochs.svg"]);
    let stop = AtomicBool::new(true);
    assert_eq!(outputs(ExperimentSize::Quick, &stop).unwrap_err(), Error::Interrupted);
}
