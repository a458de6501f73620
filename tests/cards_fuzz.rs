//! Property fuzz over every result card's whole declared domain (issue 25, built on the result
//! cards of issue 24). For every card of every paper:
//!
//! * **edge sweep** (deterministic): the example with one parameter replaced by each of its
//!   domain's boundary and extreme values (subnormals, 1e±300, huge counts, q ∈ {0, 1}, δ near 0
//!   and 1, ε = 0 and beyond 709, lists with an extreme entry), one parameter at a time;
//! * **combinations** (proptest, fixed seed, `proptest-regressions/` committed): several
//!   parameters drawn at once from the same values, the example's and the domain's interior.
//!
//! Every call must: not panic; return either outputs or a clean refusal (an invalid combination
//! named by `InvalidParameter`, a declined size by `Unsupported`) — never `Numerical`, I/O or
//! parse errors; report no NaN, no empty interval and no missing output (the framework turns those
//! into "not computed … (a bug in dpaudit …)", which fails here); give intervals with
//! lower ≤ upper; never report an *upper* bound below its own enclosure's lower end (nor a
//! *lower* bound above its upper end); keep outputs in their domain (δ in [0, 1], ε, μ and Rényi
//! divergences ≥ 0); and return within its budget: after [`BUDGET`] the interrupt flag is set and
//! the call must come back (with `Interrupted` or a result) within [`GRACE`].
//!
//! Slow (about 15 minutes in a debug build on 2 cores: ~4000 calls, those that run to their
//! budget cost 3 s each), so both sweeps are `#[ignore]`d in `cargo test` and run on their own:
//! `cargo test --release --test cards_fuzz -- --ignored`.

use dpaudit::papers::card::{evaluate_card, example_args, Card, Domain, EvalOptions, Evaluation, Presence};
use dpaudit::papers::{Guarantee, Paper};
use dpaudit::Error;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Time a single evaluation may run before the interrupt flag is set.
const BUDGET: Duration = Duration::from_secs(3);
/// Time an evaluation may take to come back after the flag is set (the CLI promises a second).
const GRACE: Duration = Duration::from_millis(1500);
/// Random combinations per card.
const COMBINATIONS: u32 = 12;

fn cards() -> Vec<(&'static Paper, &'static Card)> {
    dpaudit::papers::ALL.iter().flat_map(|p| p.cards.iter().map(move |c| (*p, c))).filter(|(_, c)| !c.params.is_empty()).collect()
}

/// Boundary and extreme values of a real range, as typed on the command line.
fn real_edges(lo: f64, lo_closed: bool, hi: f64, hi_closed: bool) -> Vec<String> {
    let mut xs = vec![
        5e-324, 2.2250738585072014e-308, 1e-300, 1e-100, 1e-15, 1e-6, 0.001, 0.5, 1.0 - 1e-15, 1.0, 1.0 + 1e-15, 2.0, 10.0, 100.0, 709.5, 710.0, 1e5, 1e15, 1e300, 1.7e308,
        0.0, -0.0, -1e-300, -1e-6, -1.0, -709.5, -1e5, -1e300,
    ];
    if lo.is_finite() {
        xs.push(lo);
        xs.push(lo.next_up());
    }
    if hi.is_finite() {
        xs.push(hi);
        xs.push(hi.next_down());
    }
    if lo_closed && lo == f64::NEG_INFINITY {
        xs.push(f64::NEG_INFINITY);
    }
    if hi_closed && hi == f64::INFINITY {
        xs.push(f64::INFINITY);
    }
    let inside = |x: f64| (if lo_closed { x >= lo } else { x > lo }) && (if hi_closed { x <= hi } else { x < hi });
    let mut out: Vec<String> = xs.into_iter().filter(|&x| inside(x)).map(dpaudit::num::fmt::format_number).collect();
    out.sort();
    out.dedup();
    out
}

fn int_edges(lo: u64, hi: u64) -> Vec<String> {
    let mut xs = vec![lo, lo.saturating_add(1), 2, 3, 10, 1000, 1_000_000, 1_000_000_000, 1 << 40, 1 << 53, hi];
    xs.retain(|&n| n >= lo && n <= hi);
    xs.sort();
    xs.dedup();
    xs.into_iter().map(|n| n.to_string()).collect()
}

/// The edge values of a parameter, given its value in the example (for lists: the example with
/// one entry replaced, and a list of equal extreme entries).
fn edges(d: &Domain, example: Option<&str>) -> Vec<String> {
    match *d {
        Domain::Real { lo, lo_closed, hi, hi_closed } => real_edges(lo, lo_closed, hi, hi_closed),
        Domain::Int { lo, hi } => int_edges(lo, hi),
        Domain::Choice(words) => words.iter().map(|w| w.to_string()).collect(),
        Domain::Reals { lo, lo_closed, hi, hi_closed, min_len, .. } => {
            let each = real_edges(lo, lo_closed, hi, hi_closed);
            let base: Vec<String> = example.map(|e| e.split(',').map(|s| s.trim().to_string()).collect()).unwrap_or_default();
            let mut out = Vec::new();
            for x in &each {
                if !base.is_empty() {
                    for i in 0..base.len() {
                        let mut v = base.clone();
                        v[i] = x.clone();
                        out.push(v.join(","));
                    }
                }
                out.push(vec![x.clone(); min_len.max(1)].join(","));
            }
            out
        }
    }
}

/// Outcome of one guarded call.
enum Call {
    Done(Result<Evaluation, Error>),
    /// Still running `GRACE` after the interrupt flag was set.
    Hung,
    Panicked(String),
}

fn call(paper: &'static Paper, card: &'static Card, args: Vec<(String, String)>) -> (Call, Duration) {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let flag = stop.clone();
    let start = Instant::now();
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| evaluate_card(paper, card, &args, &EvalOptions::default(), &flag)));
        let _ = tx.send(r);
    });
    let got = match rx.recv_timeout(BUDGET) {
        Ok(r) => Some(r),
        Err(_) => {
            stop.store(true, Ordering::SeqCst);
            rx.recv_timeout(GRACE).ok()
        }
    };
    let c = match got {
        None => Call::Hung,
        Some(Ok(r)) => Call::Done(r),
        Some(Err(p)) => Call::Panicked(p.downcast_ref::<String>().cloned().or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default()),
    };
    (c, start.elapsed())
}

/// What is wrong with one call, if anything.
fn problem(c: &Call) -> Option<String> {
    match c {
        Call::Hung => Some(format!("still running {GRACE:?} after the interrupt flag was set at {BUDGET:?}")),
        Call::Panicked(m) => Some(format!("panicked: {m}")),
        Call::Done(Err(Error::InvalidParameter { .. } | Error::Unsupported(_) | Error::Interrupted)) => None,
        Call::Done(Err(e)) => Some(format!("error of the wrong kind for a valid-domain input: {e:?}")),
        Call::Done(Ok(ev)) => {
            for o in &ev.outputs {
                if o.note.contains("a bug in dpaudit") {
                    return Some(format!("output '{}': {}", o.name, o.note));
                }
                let Some(v) = o.value else { continue };
                if let Some(iv) = o.interval() {
                    if iv.lower > iv.upper {
                        return Some(format!("output '{}': interval [{}, {}] is empty", o.name, iv.lower, iv.upper));
                    }
                    let slack = 1e-12 * v.abs();
                    if o.guarantee == Guarantee::Upper && v < iv.lower - slack {
                        return Some(format!("output '{}': upper bound {v} below its enclosure's lower end {}", o.name, iv.lower));
                    }
                    if o.guarantee == Guarantee::Lower && v > iv.upper + slack {
                        return Some(format!("output '{}': lower bound {v} above its enclosure's upper end {}", o.name, iv.upper));
                    }
                }
                let name = o.name.as_str();
                let nonneg = ["epsilon", "mu", "rdp", "renyi"].iter().any(|p| name.starts_with(p));
                if name.starts_with("delta") && !(0.0..=1.0).contains(&v) {
                    return Some(format!("output '{name}' = {v} outside [0, 1]"));
                }
                if nonneg && v < 0.0 {
                    return Some(format!("output '{name}' = {v} is negative"));
                }
            }
            None
        }
    }
}

fn with(args: &[(String, String)], name: &str, value: Option<&str>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = args.iter().filter(|(k, _)| k != name).cloned().collect();
    if let Some(v) = value {
        out.push((name.to_string(), v.to_string()));
    }
    out
}

#[test]
#[ignore = "slow (~15 min): cargo test --release --test cards_fuzz -- --ignored"]
fn edge_sweep_over_every_cards_domain() {
    let mut problems = Vec::new();
    let mut calls = 0usize;
    let start = Instant::now();
    for (p, c) in cards() {
        let example = example_args(c);
        for param in c.params {
            let ex = example.iter().find(|(k, _)| k == param.name).map(|(_, v)| v.as_str());
            let mut values: Vec<Option<String>> = edges(&param.domain, ex).into_iter().map(Some).collect();
            if param.presence != Presence::Required {
                values.push(None);
            }
            for v in values {
                let args = with(&example, param.name, v.as_deref());
                let (outcome, took) = call(p, c, args.clone());
                calls += 1;
                if let Some(why) = problem(&outcome) {
                    problems.push(format!("{} {} {:?} ({took:.1?}): {why}", p.key, c.result, args));
                }
            }
        }
    }
    eprintln!("edge sweep: {calls} calls in {:.1?}", start.elapsed());
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
#[ignore = "slow (~15 min): cargo test --release --test cards_fuzz -- --ignored"]
fn random_combinations_over_every_cards_domain() {
    let mut problems = Vec::new();
    for (p, c) in cards() {
        let example = example_args(c);
        // Per parameter: the example's value (often), an edge value, or absent if optional.
        let strategies: Vec<BoxedStrategy<Option<String>>> = c
            .params
            .iter()
            .map(|param| {
                let ex = example.iter().find(|(k, _)| k == param.name).map(|(_, v)| v.clone());
                let mut choices: Vec<Option<String>> = edges(&param.domain, ex.as_deref()).into_iter().map(Some).collect();
                if param.presence != Presence::Required {
                    choices.push(None);
                }
                let keep = ex.clone().or_else(|| choices.first().cloned().flatten());
                prop_oneof![3 => Just(keep), 2 => proptest::sample::select(choices)].boxed()
            })
            .collect();
        let names: Vec<&'static str> = c.params.iter().map(|x| x.name).collect();
        let cfg = Config { cases: COMBINATIONS, ..Config::default() };
        let seed = {
            let mut s = [0u8; 32];
            for (i, b) in format!("{} {}", p.key, c.result).bytes().enumerate() {
                s[i % 32] ^= b;
            }
            s
        };
        let mut runner = TestRunner::new_with_rng(cfg, TestRng::from_seed(RngAlgorithm::ChaCha, &seed));
        let outcome = runner.run(&strategies, |values| {
            let args: Vec<(String, String)> = names.iter().zip(values).filter_map(|(n, v)| v.map(|v| (n.to_string(), v))).collect();
            let (out, took) = call(p, c, args.clone());
            match problem(&out) {
                Some(why) => Err(TestCaseError::fail(format!("{args:?} ({took:.1?}): {why}"))),
                None => Ok(()),
            }
        });
        if let Err(e) = outcome {
            problems.push(format!("{} {}: {e}", p.key, c.result));
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}
