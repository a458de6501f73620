//! `dpaudit shuffle`'s report against the spec's computed Table 1 / Table 2 values (mixtures_fdp
//! spec §4.5, 50-digit evaluations made for the specification) and the paper's printed digits.

use crate::papers::mixture_fdp::commands::shuffle::{shuffle_report, Outcome, ShuffleRequest, Target, K_RR_MAX_USERS_EPSILON};
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
fn fmt23_not_applicable_and_3rr_skipped_are_rows_not_errors() {
    // δ = 1e-7 at n = 10⁴, ε₀ = 4.444: FMT23's assumption fails (the paper prints "ε₀")
    let req = ShuffleRequest { users: 10000, local_epsilon: 4.444, target: Target::Delta { epsilon: 0.6 } };
    let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
    // at ε = 0.6 FMT23's δ = 0.376 satisfies the assumption; ask ε at δ = 1e-7 instead
    assert!(rep.rows.iter().any(|r| r.key == "fmt23" && r.value().is_some()));
    let req = ShuffleRequest { users: K_RR_MAX_USERS_EPSILON + 1, local_epsilon: 4.444, target: Target::Epsilon { delta: 1e-7 } };
    let rep = shuffle_report(&req, &AtomicBool::new(false)).unwrap();
    let row = |k: &str| rep.rows.iter().find(|r| r.key == k).unwrap().outcome.clone();
    assert!(matches!(row("rr3"), Outcome::Skipped(_)), "{:?}", row("rr3"));
    let n = (K_RR_MAX_USERS_EPSILON + 1) as f64;
    let applies = 4.444 <= (n / (8.0 * (2e7f64).ln()) - 1.0).ln();
    assert_eq!(matches!(row("fmt23"), Outcome::NotApplicable(_)), !applies);
    assert!(rep.nesting_violations.is_empty());
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
