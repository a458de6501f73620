//! `dpaudit shuffle`'s report against the spec's computed Table 1 / Table 2 values (mixtures_fdp
//! spec §4.5, 50-digit evaluations made for the specification) and the paper's printed digits.

use crate::papers::mixture_fdp::commands::shuffle::{shuffle_report, ShuffleRequest, Target};
use std::sync::atomic::AtomicBool;

fn value(rep: &crate::papers::mixture_fdp::commands::shuffle::ShuffleReport, key: &str) -> f64 {
    rep.rows.iter().find(|r| r.key == key).and_then(|r| r.value()).unwrap_or_else(|| panic!("{key} has no value: {rep:?}"))
}

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

#[test]
fn table_1_column_at_epsilon_1() {
    let req = ShuffleRequest { users: 10000, local_epsilon: 4.444, target: Target::Delta { epsilon: 1.0 } };
    let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
    // spec §4.5: δ_f-DP 2.44552070902431e-14 (paper prints 2e-14), exact pair 1.3745826402733e-14
    // (40 digits), 3-RR 9.384138e-15, binary RR 1.847418e-17; FMT23 at ε₀ = 4.444 (mpmath,
    // clones_test): 8.20623190693428e-5
    let f = value(&rep, "f_dp");
    assert!(f >= 2.44552070902431e-14 && rel(f, 2.44552070902431e-14) < 1e-9, "{f}");
    let p = value(&rep, "exact_pair");
    assert!(p >= 1.3745826402733e-14 && rel(p, 1.3745826402733e-14) < 1e-9, "{p}");
    assert!(rel(value(&rep, "rr3"), 9.384138e-15) < 1e-6);
    assert!(rel(value(&rep, "rr2"), 1.847418e-17) < 1e-6);
    assert!(rel(value(&rep, "fmt23"), 8.20623190693428e-5) < 1e-9);
    assert!(rep.nesting_violations.is_empty(), "{:?}", rep.nesting_violations);
    // ratios are to the f-DP row: the exact pair is 0.562 of it, FMT23 3.4e9 times it
    let r = rep.rows.iter().find(|r| r.key == "exact_pair").unwrap().ratio.unwrap();
    assert!((r - 1.3745826402733 / 2.44552070902431).abs() < 1e-9, "{r}");
}

#[test]
fn table_2_column_at_delta_5e_5() {
    let req = ShuffleRequest { users: 10000, local_epsilon: 4.444, target: Target::Epsilon { delta: 5e-5 } };
    let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
    // spec §4.5 Table 2: ε_f-DP 0.3995891434 (printed 0.4), exact pair 0.397452, 3-RR 0.394697,
    // binary RR 0.298580; FMT23 1.01396545751588 at ε₀ = 4.444 (printed 1.014)
    let f = value(&rep, "f_dp");
    assert!(f >= 0.3995891434 - 1e-10 && (f - 0.3995891434).abs() < 1e-9, "{f}");
    assert!((value(&rep, "exact_pair") - 0.397452).abs() < 1e-6);
    assert!((value(&rep, "rr3") - 0.394697).abs() < 1e-6);
    assert!((value(&rep, "rr2") - 0.298580).abs() < 1e-6);
    assert!((value(&rep, "fmt23") - 1.01396545751588).abs() < 1e-9);
    assert!(rep.nesting_violations.is_empty());
}

#[test]
fn fmt23_not_applicable_is_a_row_not_an_error() {
    // at ε = 0.6 FMT23's δ = 0.376 satisfies its assumption; at δ = 1e-7 it fails (the paper
    // prints "ε₀" in Table 2)
    let req = ShuffleRequest { users: 10000, local_epsilon: 4.444, target: Target::Delta { epsilon: 0.6 } };
    let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
    assert!(rep.rows.iter().any(|r| r.key == "fmt23" && r.value().is_some()));
    let req = ShuffleRequest { users: 10000, local_epsilon: 4.444, target: Target::Epsilon { delta: 1e-7 } };
    let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
    let fmt = rep.rows.iter().find(|r| r.key == "fmt23").unwrap();
    assert!(fmt.value.is_none() && fmt.not_applicable.as_deref().is_some_and(|w| w.contains("FMT23's assumption")), "{fmt:?}");
    assert!(rep.nesting_holds && rep.nesting_checked.len() == 3, "{:?}", rep.nesting_checked);
}

/// Issue 24: the 3-RR row in ε(δ) mode was skipped above n = 20 000 (O(n²) exact sum), and n =
/// 20 000 itself hung. The slice route is O(n): the row has a value; spec §4.6 item 3 ordering
/// (3-RR ≤ exact pair ≤ f-DP) holds.
#[test]
fn shuffle_3rr_epsilon_mode_is_computed_above_20000_users() {
    for (n, e0, delta) in [(20_000u64, 1.0, 1e-6), (50_000, 4.444, 1e-7)] {
        let req = ShuffleRequest { users: n, local_epsilon: e0, target: Target::Epsilon { delta } };
        let t = std::time::Instant::now();
        let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
        let r3 = value(&rep, "rr3");
        assert!(r3 > 0.0 && r3 <= value(&rep, "exact_pair") && rep.nesting_holds, "({n}, {e0}): {rep:?}");
        assert!(t.elapsed().as_secs_f64() < 30.0, "({n}, {e0}) took {:?}", t.elapsed());
    }
}

#[test]
fn bad_parameters_are_errors() {
    let stop = AtomicBool::new(false);
    for (n, e0, t) in [
        (1, 1.0, Target::Delta { epsilon: 0.5 }),
        (100, 0.0, Target::Delta { epsilon: 0.5 }),
        (100, -1.0, Target::Delta { epsilon: 0.5 }),
        (100, f64::NAN, Target::Delta { epsilon: 0.5 }),
        (100, 1.0, Target::Delta { epsilon: -0.1 }),
        (100, 1.0, Target::Epsilon { delta: 0.0 }),
        (100, 1.0, Target::Epsilon { delta: 1.0 }),
    ] {
        let req = ShuffleRequest { users: n, local_epsilon: e0, target: t };
        assert!(shuffle_report(&req, &stop).is_err(), "{req:?}");
    }
    let req = ShuffleRequest { users: 100, local_epsilon: 1.0, target: Target::Delta { epsilon: 0.5 } };
    assert!(matches!(shuffle_report(&req, &AtomicBool::new(true)), Err(crate::Error::Interrupted)));
}

#[test]
fn tradeoff_csv_small_n_and_refused_for_large_n() {
    let req = ShuffleRequest { users: 20, local_epsilon: 1.0, target: Target::Delta { epsilon: 0.5 } };
    let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
    let csv = rep.tradeoff_csv().unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "alpha,theorem_4_2,exact_pair");
    assert_eq!(lines.len(), 102);
    // at α = 0 the exact pair's curve is 1 (P and Q have the same support since w > 0), while
    // C(f_S) starts below 1: P₀ has atoms (i + 1, 0) where Q₀ = 0
    let first: Vec<f64> = lines[1].split(',').map(|x| x.parse().unwrap()).collect();
    assert_eq!(first[0], 0.0);
    assert!((first[2] - 1.0).abs() < 1e-12 && first[1] < 1.0, "{first:?}");
    // Theorem 4.2's curve is a lower bound on the exact pair's everywhere
    for l in &lines[1..] {
        let v: Vec<f64> = l.split(',').map(|x| x.parse().unwrap()).collect();
        assert!(v[1] <= v[2] + 1e-12, "{l}");
    }
    let big = ShuffleRequest { users: 5000, local_epsilon: 1.0, target: Target::Delta { epsilon: 0.5 } };
    let rep = shuffle_report(&big, &AtomicBool::new(false)).unwrap();
    assert!(rep.tradeoff_csv().is_err());
}
