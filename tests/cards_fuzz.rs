//! Property fuzz over every result card's whole declared domain (issue 25, built on the result
//! cards of issue 24). For every card of every paper:
//!
//! * **edge sweep** (deterministic): the example with one parameter replaced by each of its
//!   domain's boundary and extreme values (subnormals, 1e±300, huge counts, q ∈ {0, 1}, δ near 0
//!   and 1, ε = 0 and beyond 709, lists with an extreme entry), one parameter at a time;
//! * **combinations** (proptest, fixed seed per card): several parameters drawn at once from the
//!   same values, the example's and the domain's interior.
//!
//! Every call must: not panic; return either outputs or a clean refusal (an invalid combination
//! named by `InvalidParameter`, a declined size by `Unsupported`) — never `Numerical`, I/O or
//! parse errors; report no NaN, no empty interval and no missing output (the framework turns those
//! into "not computed … (a bug in dpaudit …)", which fails here); give intervals with
//! lower ≤ upper; never report an *upper* bound below its own enclosure's lower end (nor a
//! *lower* bound above its upper end); respect the card's declared relations between outputs
//! (an upper bound on δ never below the exact δ it bounds, a trade-off lower bound never above
//! the exact curve: `OutputSpec::at_least`/`at_most`, enforced by the framework, whose
//! violations surface here as "a bug in dpaudit"); keep outputs in their domain (δ in [0, 1],
//! ε, μ and Rényi divergences ≥ 0); and return within its budget: after the budget the
//! interrupt flag is set and the call must come back (with `Interrupted` or a result) within
//! [`GRACE`].
//!
//! Two sizes:
//! * **CI** (`ci_sweep_*`, one test per paper, run by `cargo test` and so by `.ci/run`, about two
//!   minutes on 2 cores): the hostile subset of each parameter's edges ([`hostile`]: domain ends,
//!   subnormal, 1e±300, f64::MAX, 0, 709.5/710, 1 − 1e−15, huge counts), 3 combinations per card,
//!   1 s budget per call;
//! * **full** (`#[ignore]`d, the nightly runs them: `cargo test --test cards_fuzz -- --ignored`,
//!   ≈ 15 min): every edge value of [`edges`], 12 combinations per card, 3 s budget.
//!
//! An e^ε overflow in a result's f64 route shows up here in two ways: as an upper bound below
//! its own MPFR enclosure (the enclosure does not overflow), or as a declared relation broken
//! (an upper bound on δ below the exact δ it bounds). How this was checked by re-introducing
//! one is in the closing note of issue 25.

use dpaudit::papers::card::{evaluate_card, example_args, Card, Domain, EvalOptions, Evaluation, Presence};
use dpaudit::papers::{Guarantee, Paper};
use dpaudit::Error;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// Time an evaluation may take to come back after the interrupt flag is set (the CLI promises
/// a second; the extra half second absorbs a loaded CI machine).
const GRACE: Duration = Duration::from_millis(1500);

/// Sweep size: the CI sweep or the full (nightly) one.
#[derive(Clone, Copy)]
struct Size {
    /// Time a single evaluation may run before the interrupt flag is set.
    budget: Duration,
    /// Random combinations per card.
    combinations: u32,
    /// Only the hostile subset of each parameter's edges ([`hostile`]).
    hostile_only: bool,
    /// Time a call may take to come back after the interrupt flag is set.
    grace: Duration,
}

/// The CI sweep's grace is 3 s, not [`GRACE`]: it runs beside nothing else but on a loaded
/// 2-core machine, and what it must catch is a call that runs on for minutes (the full sweeps
/// hold calls to the CLI's 1 s promise plus half a second).
const CI: Size = Size { budget: Duration::from_secs(1), combinations: 2, hostile_only: true, grace: Duration::from_secs(3) };
const FULL: Size = Size { budget: Duration::from_secs(3), combinations: 12, hostile_only: false, grace: GRACE };

fn cards(paper: Option<&str>) -> Vec<(&'static Paper, &'static Card)> {
    dpaudit::papers::ALL
        .iter()
        .filter(|p| paper.is_none_or(|k| p.key == k))
        .flat_map(|p| p.cards.iter().map(move |c| (*p, c)))
        .filter(|(_, c)| !c.params.is_empty())
        .collect()
}

/// The values of [`real_edges`] that break numerics most often: [`HOSTILE_ORDER`] (subnormal,
/// f64::MAX, the e^ε overflow threshold, 0, 1e±300, 1 − 1e−15), −1e300 and the domain's own ends.
fn is_hostile_real(x: f64, lo: f64, hi: f64) -> bool {
    HOSTILE_ORDER.contains(&x) || [-1e300, lo, hi, lo.next_up(), hi.next_down()].contains(&x)
}

/// At most this many hostile values per parameter in the CI sweep, by [`HOSTILE_ORDER`].
const HOSTILE_PER_PARAM: usize = 4;

/// The CI sweep's preference among hostile reals: subnormal, f64::MAX, past the e^ε overflow,
/// zero, then the rest.
const HOSTILE_ORDER: [f64; 8] = [5e-324, 1.7e308, 710.0, 0.0, 1e-300, 1e300, 709.5, 1.0 - 1e-15];

/// The hostile subset of [`edges`] for the CI sweep (at most [`HOSTILE_PER_PARAM`] values).
fn hostile(d: &Domain, example: Option<&str>) -> Vec<String> {
    let parse = |v: &str| v.parse::<f64>().ok();
    let rank = |x: f64| HOSTILE_ORDER.iter().position(|&h| h == x).unwrap_or(HOSTILE_ORDER.len());
    let mut out: Vec<String> = match *d {
        Domain::Real { lo, hi, .. } => edges(d, example).into_iter().filter(|v| parse(v).is_some_and(|x| is_hostile_real(x, lo, hi))).collect(),
        Domain::Int { lo, hi } => edges(d, example).into_iter().filter(|v| v.parse::<u64>().is_ok_and(|n| n == lo || n == hi || n == 1 << 40 || n == 1_000_000_000)).collect(),
        Domain::Choice(_) => return edges(d, example),
        Domain::Reals { lo, hi, .. } => {
            // Lists: the first entry replaced, or all entries equal, by a hostile value.
            let first = |v: &str| v.split(',').next().and_then(parse);
            edges(d, example).into_iter().filter(|v| first(v).is_some_and(|x| is_hostile_real(x, lo, hi))).collect()
        }
    };
    out.sort_by_key(|v| rank(v.split(',').next().and_then(parse).unwrap_or(f64::NAN)));
    out.truncate(HOSTILE_PER_PARAM);
    out
}

/// Findings of the CI sweep not yet fixed (issue 25), one per line in
/// `tests/cards_fuzz_known.txt`: `paper|result|param=value` (an edge call, skipped),
/// `paper|result|*` (all the card's edge calls) or `paper|result|combinations` (the card's
/// combinations, skipped), a tab, and what failed. The
/// full sweeps (`--ignored`, nightly) do not skip them, so they stay visible there; a new
/// finding anywhere fails the CI sweep.
fn known() -> HashSet<String> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/cards_fuzz_known.txt")).unwrap_or_default();
    text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).map(|l| l.split('\t').next().unwrap_or("").to_string()).collect()
}

/// The values a sweep of `size` tries for one parameter.
fn values_of(size: Size, d: &Domain, example: Option<&str>) -> Vec<String> {
    if size.hostile_only {
        hostile(d, example)
    } else {
        edges(d, example)
    }
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

fn call(paper: &'static Paper, card: &'static Card, args: Vec<(String, String)>, size: Size) -> (Call, Duration) {
    let stop = Arc::new(AtomicBool::new(false));
    let (tx, rx) = mpsc::channel();
    let flag = stop.clone();
    let start = Instant::now();
    std::thread::spawn(move || {
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| evaluate_card(paper, card, &args, &EvalOptions::default(), &flag)));
        let _ = tx.send(r);
    });
    let got = match rx.recv_timeout(size.budget) {
        Ok(r) => Some(r),
        Err(_) => {
            stop.store(true, Ordering::SeqCst);
            rx.recv_timeout(size.grace).ok()
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
        Call::Hung => Some("still running after the interrupt flag was set at the budget (grace over)".to_string()),
        Call::Panicked(m) => Some(format!("panicked: {m}")),
        Call::Done(Err(Error::InvalidParameter { .. } | Error::MissingParameters { .. } | Error::Unsupported(_) | Error::Interrupted)) => None,
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

/// The edge sweep of `size` over the cards of `paper` (all papers: `None`): problems found, the
/// number of calls, and the slowest calls (for the log).
fn edge_sweep(paper: Option<&str>, size: Size, skip: &HashSet<String>) -> (Vec<String>, usize, Vec<(Duration, String)>) {
    let mut problems = Vec::new();
    let mut calls = 0usize;
    let mut slow: Vec<(Duration, String)> = Vec::new();
    for (p, c) in cards(paper) {
        let example = example_args(c);
        for param in c.params {
            let ex = example.iter().find(|(k, _)| k == param.name).map(|(_, v)| v.as_str());
            let mut values: Vec<Option<String>> = values_of(size, &param.domain, ex).into_iter().map(Some).collect();
            if param.presence != Presence::Required {
                values.push(None);
            }
            for v in values {
                let key = format!("{}|{}|{}={}", p.key, c.result, param.name, v.as_deref().unwrap_or("(absent)"));
                if skip.contains(&key) || skip.contains(&format!("{}|{}|*", p.key, c.result)) {
                    continue;
                }
                let args = with(&example, param.name, v.as_deref());
                let (outcome, took) = call(p, c, args.clone(), size);
                calls += 1;
                slow.push((took, format!("{} {} {}={}", p.key, c.result, param.name, v.as_deref().unwrap_or("(absent)"))));
                if let Some(why) = problem(&outcome) {
                    problems.push(format!("{key}\t{:?} ({took:.1?}): {why}", args));
                }
            }
        }
    }
    slow.sort_by(|a, b| b.0.cmp(&a.0));
    slow.truncate(8);
    (problems, calls, slow)
}

/// `size.combinations` random combinations per card of `paper` (fixed seed per card).
fn combinations(paper: Option<&str>, size: Size, skip: &HashSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    for (p, c) in cards(paper) {
        if skip.contains(&format!("{}|{}|combinations", p.key, c.result)) {
            continue;
        }
        let example = example_args(c);
        // Per parameter: the example's value (often), an edge value, or absent if optional.
        let strategies: Vec<BoxedStrategy<Option<String>>> = c
            .params
            .iter()
            .map(|param| {
                let ex = example.iter().find(|(k, _)| k == param.name).map(|(_, v)| v.clone());
                let mut choices: Vec<Option<String>> = values_of(size, &param.domain, ex.as_deref()).into_iter().map(Some).collect();
                if param.presence != Presence::Required {
                    choices.push(None);
                }
                let keep = ex.clone().or_else(|| choices.first().cloned().flatten());
                if choices.is_empty() {
                    return Just(keep).boxed();
                }
                prop_oneof![3 => Just(keep), 2 => proptest::sample::select(choices)].boxed()
            })
            .collect();
        let names: Vec<&'static str> = c.params.iter().map(|x| x.name).collect();
        // No persistence file: the seed is fixed per card, so a failure reproduces by rerunning.
        let cfg = Config { cases: size.combinations, failure_persistence: None, ..Config::default() };
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
            let (out, took) = call(p, c, args.clone(), size);
            match problem(&out) {
                Some(why) => Err(TestCaseError::fail(format!("{args:?} ({took:.1?}): {why}"))),
                None => Ok(()),
            }
        });
        if let Err(e) = outcome {
            problems.push(format!("{}|{}|combinations\t{}", p.key, c.result, e.to_string().lines().next().unwrap_or("")));
        }
    }
    problems
}

/// The CI sweep of one paper: the hostile edges and 3 combinations per card.
fn ci_sweep(paper: &str) {
    let start = Instant::now();
    let skip = known();
    let (mut problems, calls, slow) = edge_sweep(Some(paper), CI, &skip);
    problems.extend(combinations(Some(paper), CI, &skip));
    eprintln!("{paper}: {calls} edge calls + combinations in {:.1?}; slowest: {slow:?}", start.elapsed());
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn ci_sweep_model_merging() {
    ci_sweep("model_merging");
}

#[test]
fn ci_sweep_shifted_interpolation() {
    ci_sweep("shifted_interpolation");
}

#[test]
fn ci_sweep_balanced_iteration() {
    ci_sweep("balanced_iteration");
}

#[test]
fn ci_sweep_mixture_fdp() {
    ci_sweep("mixture_fdp");
}

#[test]
#[ignore = "slow (~15 min, the nightly runs it): cargo test --test cards_fuzz -- --ignored"]
fn edge_sweep_over_every_cards_domain() {
    let start = Instant::now();
    let (problems, calls, slow) = edge_sweep(None, FULL, &HashSet::new());
    eprintln!("edge sweep: {calls} calls in {:.1?}; slowest: {slow:?}", start.elapsed());
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
#[ignore = "slow (~15 min, the nightly runs it): cargo test --test cards_fuzz -- --ignored"]
fn random_combinations_over_every_cards_domain() {
    let problems = combinations(None, FULL, &HashSet::new());
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}
