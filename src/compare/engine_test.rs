//! Aggregation of repetitions (hand-made outcomes) and one small real run without Python.

use super::*;
use crate::claims::Verdict;
use crate::compare::fixture_test::{sample, workload};

#[test]
fn aggregation_gives_verdicts_tightness_and_ratios() {
    let rep = sample();
    let w1 = &rep.workloads[0];
    assert_eq!(w1.certified, Some(Interval { lower: 1.5, upper: 1.6 }));
    // dpaudit times 0.02, 0.04 → min 0.02, median 0.03
    let dt = w1.dpaudit_timing.unwrap();
    assert_eq!((dt.min, dt.median), (0.02, 0.03));
    let pld = &w1.peers[0];
    assert_eq!(pld.verdict, Some(Verdict::Sound));
    // times 0.5, 0.3 → median 0.4; 0.4 / 0.03 and 0.3 / 0.02
    assert!((pld.ratio_median.unwrap() - 0.4 / 0.03).abs() < 1e-12);
    assert!((pld.ratio_min.unwrap() - 15.0).abs() < 1e-12);
    assert!((pld.tightness_mid.unwrap() - 1.7 / 1.55).abs() < 1e-15);
    let prv = &w1.peers[1];
    assert_eq!(prv.verdict, Some(Verdict::Unsound));
    assert_eq!((prv.lower, prv.estimate), (Some(1.3), Some(1.35)));
    let opacus = &w1.peers[2];
    assert_eq!((opacus.verdict, opacus.epsilon, opacus.timing), (None, None, None));
    assert!(opacus.notes[0].starts_with("skipped: opacus not importable"), "{:?}", opacus.notes);
    assert_eq!(rep.workloads[1].peers[0].verdict, Some(Verdict::Inconclusive));
    assert_eq!(rep.workloads[1].peers[1].verdict, Some(Verdict::Sound));
    assert!(rep.any_unsound());
    assert_eq!(rep.counts(), (2, 1, 1, 2));
}

#[test]
fn differing_values_and_partial_failures_are_noted() {
    let dp = vec![Ok((Interval { lower: 1.0, upper: 1.1 }, 0.1)), Err("numerical failure: x".to_string())];
    let runs = vec![vec![
        PeerOutcome::Value { epsilon: 1.2, lower: None, estimate: None, seconds: 1.0 },
        PeerOutcome::Value { epsilon: 1.3, lower: None, estimate: None, seconds: 1.0 },
        PeerOutcome::Failed("boom".into()),
    ]];
    let w = aggregate(&workload("w"), &dp, &[Accountant::AutodpRdp], &runs);
    assert_eq!(w.dpaudit_timing.unwrap().reps, 1);
    assert!(w.dpaudit_notes[0].contains("1 of 2 repetitions failed"), "{:?}", w.dpaudit_notes);
    let p = &w.peers[0];
    assert_eq!(p.epsilon, Some(1.2), "the first value is used");
    assert!(p.notes.iter().any(|n| n.contains("1 of 3 repetitions: failed: boom")), "{:?}", p.notes);
    assert!(p.notes.iter().any(|n| n.contains("differed")), "{:?}", p.notes);
}

#[test]
fn no_certified_interval_means_no_verdict() {
    let dp = vec![Err("numerical failure: x".to_string())];
    let runs = vec![vec![PeerOutcome::Value { epsilon: 0.1, lower: None, estimate: None, seconds: 1.0 }]];
    let w = aggregate(&workload("w"), &dp, &[Accountant::AutodpRdp], &runs);
    assert_eq!((w.certified, w.peers[0].verdict, w.peers[0].ratio_median), (None, None, None));
}

#[test]
fn reps_out_of_range_is_an_input_error() {
    let set = WorkloadSet { title: "t".into(), file: "f".into(), workloads: vec![workload("w")] };
    for reps in [0, MAX_REPS + 1] {
        let req = CompareRequest { workloads: set.clone(), accountants: vec![], reps, python: None };
        assert!(matches!(compare(&req, &AtomicBool::new(false), &mut |_| {}), Err(Error::InvalidParameter { .. })));
    }
}

#[test]
fn run_without_python_keeps_dpaudit_and_skips_the_peers() {
    // T = 10: the certified FFT takes milliseconds.
    let mut w = workload("small");
    w.steps = 10;
    let set = WorkloadSet { title: "t".into(), file: "f".into(), workloads: vec![w] };
    let req = CompareRequest { workloads: set, accountants: vec![Accountant::DpAccountingPld], reps: 2, python: Some("/nonexistent/python".into()) };
    let mut lines = Vec::new();
    let rep = compare(&req, &AtomicBool::new(false), &mut |l| lines.push(l.to_string())).unwrap();
    let w = &rep.workloads[0];
    let c = w.certified.expect("certified interval");
    // T = 10, q = 0.01, σ = 1 is looser than one unsubsampled Gaussian step (ε(1e-5) ≈ 4.4 at σ = 1):
    assert!(c.lower > 0.0 && c.upper < 4.4 && c.lower <= c.upper, "{c:?}");
    assert_eq!(w.dpaudit_timing.unwrap().reps, 2);
    assert_eq!(w.peers[0].verdict, None);
    assert!(rep.notes.iter().any(|n| n.contains("/nonexistent/python")), "{:?}", rep.notes);
    assert!(!rep.any_unsound());
    assert_eq!(lines.iter().filter(|l| l.contains("dpaudit_fft")).count(), 2, "{lines:?}");
}

#[test]
fn interrupt_before_the_run_is_an_interrupted_error() {
    let set = WorkloadSet { title: "t".into(), file: "f".into(), workloads: vec![workload("w")] };
    let req = CompareRequest { workloads: set, accountants: vec![], reps: 1, python: None };
    assert_eq!(compare(&req, &AtomicBool::new(true), &mut |_| {}).err(), Some(Error::Interrupted));
}
