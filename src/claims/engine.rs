//! Orchestration of a claims audit: route every row, run certified passes in rounds (parallel
//! over rows and FFT groups with rayon), refine undecided rows until the time budget, then add
//! Monte Carlo evidence to the rows still inconclusive.
//!
//! ```text
//! round 0   exact rows at `precision` bits; then every FFT group at its first level
//! round 1   undecided exact rows once more at 4 × precision
//! levels    each FFT group refines on its own, one level at a time, each level started only
//!           if it is predicted to finish within 3/4 of the time budget
//! MC        inconclusive rows with room for a ≥ 1 % violation, each started within the
//!           budget; Holm over all tested rows
//! ```

use super::claim::Claim;
use super::fft_group::{FftGroup, LevelContext, RowIntervals};
use super::mc_check::mc_evidence;
use super::options::ClaimOptions;
use super::result::{ClaimVerdict, RouteKind};
use super::route::{exact_intervals, route_of, trivial_intervals};
use super::verdict::{tightness, Verdict};
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Share of the time budget available to certified refinement (the rest is for Monte Carlo).
pub const REFINE_SHARE: f64 = 0.75;

/// Monte Carlo checks are run only where the certified interval leaves room for a violation of
/// at least this fraction of the claimed δ (a smaller one cannot be detected with affordable
/// sample sizes at family-wise confidence 0.999).
pub const MC_MIN_EXCESS: f64 = 1e-2;

/// Audit every claim (see the module doc of [`super`] for the rules). Results are in input order.
/// Errors: invalid options; [`Error::Interrupted`] when `interrupt` is set (nothing is returned
/// then). Engine failures on a row do not abort the audit: the row is inconclusive with a note.
pub fn audit_claims_with(claims: &[Claim], opts: &ClaimOptions, interrupt: &AtomicBool) -> Result<Vec<ClaimVerdict>> {
    opts.validate()?;
    let start = Instant::now();
    // Certified refinement may use the first 3/4 of the budget, Monte Carlo checks the rest.
    let deadline = start + Duration::from_secs_f64(REFINE_SHARE * opts.time_budget);
    let mc_deadline = start + Duration::from_secs_f64(opts.time_budget);
    let check_interrupt = || if interrupt.load(Ordering::SeqCst) { Err(Error::Interrupted) } else { Ok(()) };
    let routes: Vec<RouteKind> = claims.iter().map(route_of).collect();
    let mut state: Vec<RowIntervals> = claims.iter().map(|_| RowIntervals::unknown()).collect();
    let mut seconds = vec![0.0f64; claims.len()];
    let mut method = vec![String::new(); claims.len()];
    let tick = |n: usize| {
        if let Some(pb) = &opts.progress {
            pb.inc(n as u64);
        }
    };

    // Trivial rows.
    for (i, c) in claims.iter().enumerate() {
        if routes[i] == RouteKind::Trivial {
            let (e, d) = trivial_intervals();
            state[i].update(c, e, d, opts.tolerance);
            method[i] = "trivial: q = 0, the output does not depend on the data (δ(ε) = 0 for ε ≥ 0)".into();
            tick(1);
        }
    }

    // FFT groups: rows with the same privacy mechanism and steps share a composition.
    let mut groups: Vec<FftGroup> = Vec::new();
    let mut key_of: HashMap<String, usize> = HashMap::new();
    for (i, c) in claims.iter().enumerate() {
        if routes[i] != RouteKind::Fft {
            continue;
        }
        let m = c.privacy_mechanism();
        let key = format!("{}|{}", serde_json::to_string(&m).unwrap_or_default(), c.steps);
        let g = *key_of.entry(key).or_insert_with(|| {
            groups.push(FftGroup::new(m, c.steps));
            groups.len() - 1
        });
        groups[g].push(i);
    }

    // Exact rows: once at `precision`, undecided ones once more at 4 × precision.
    let exact_rows: Vec<usize> = (0..claims.len()).filter(|&i| routes[i] == RouteKind::Exact).collect();
    let mut failed = vec![false; claims.len()];
    for (round, prec) in [(0, opts.precision), (1, opts.precision.saturating_mul(4))] {
        let todo: Vec<usize> = exact_rows.iter().copied().filter(|&i| state[i].verdict == Verdict::Inconclusive && !failed[i]).collect();
        if todo.is_empty() || (round > 0 && Instant::now() >= deadline) {
            break;
        }
        check_interrupt()?;
        type Pair = (crate::num::Interval, crate::num::Interval);
        let out: Vec<(usize, Result<Pair>, f64)> = todo
            .par_iter()
            .map(|&i| {
                if interrupt.load(Ordering::Relaxed) {
                    return (i, Err(Error::Interrupted), 0.0);
                }
                let t0 = Instant::now();
                let r = exact_intervals(&claims[i], prec);
                (i, r, t0.elapsed().as_secs_f64())
            })
            .collect();
        check_interrupt()?;
        for (i, r, secs) in out {
            seconds[i] += secs;
            match r {
                Ok((e, d)) => {
                    method[i] = format!("exact: closed form in MPFR at {prec} and {} bits, outward-rounded interval", 2 * prec);
                    state[i].update(&claims[i], e, d, opts.tolerance);
                }
                Err(e) => {
                    state[i].notes.push(format!("exact route failed at {prec} bits: {e}"));
                    if method[i].is_empty() {
                        method[i] = "exact: failed (see notes)".into();
                    }
                    failed[i] = true;
                }
            }
        }
    }
    for &i in &exact_rows {
        if state[i].verdict == Verdict::Inconclusive && !failed[i] {
            state[i].notes.push("the exact intervals do not separate the claim from the truth: the claim lies within the relative tolerance κ (or the exact route's precision) of the true value".into());
        }
    }
    tick(exact_rows.len());

    // FFT groups own their rows' intervals (disjoint rows), so they run in parallel.
    let ctx = LevelContext {
        claims,
        initial_accuracy: opts.initial_accuracy,
        finest_accuracy: opts.finest_accuracy,
        max_fft_len: opts.max_fft_len,
        tolerance: opts.tolerance,
        deadline,
    };
    // Level 0 of every group first (every row gets a first verdict), then each group refines on
    // its own until it is exhausted or the deadline passes; cheap groups first.
    let done: usize = groups.par_iter_mut().map(|g| if interrupt.load(Ordering::Relaxed) { 0 } else { g.run_level(&ctx) }).sum();
    tick(done);
    check_interrupt()?;
    groups.sort_by(|a, b| a.seconds.total_cmp(&b.seconds));
    groups.par_iter_mut().with_max_len(1).for_each(|g| {
        while !g.exhausted && !interrupt.load(Ordering::Relaxed) {
            tick(g.run_level(&ctx));
        }
    });
    check_interrupt()?;
    for g in &groups {
        let share = g.seconds / g.rows.len().max(1) as f64;
        for (k, &i) in g.rows.iter().enumerate() {
            state[i] = g.states[k].clone();
            seconds[i] += share;
            method[i] = g.describe();
            if state[i].verdict == Verdict::Inconclusive {
                if let Some(why) = &g.stop_reason {
                    state[i].notes.push(format!("refinement stopped: {why}"));
                }
            }
        }
    }

    // Monte Carlo evidence for the rows still inconclusive (never changes a verdict).
    let mut evidence = vec![None; claims.len()];
    if opts.monte_carlo {
        let mut todo = Vec::new();
        for i in 0..claims.len() {
            if state[i].verdict != Verdict::Inconclusive {
                continue;
            }
            // The largest violation compatible with the certified interval; below the Monte Carlo
            // resolution a check has no power and is skipped.
            let excess = state[i].true_delta.upper / claims[i].delta - 1.0;
            if excess >= MC_MIN_EXCESS {
                todo.push(i);
            } else {
                state[i].notes.push(format!(
                    "no Monte Carlo check: the certified interval allows a violation of at most {:.1e} × δ_claim, below Monte Carlo resolution ({MC_MIN_EXCESS:e})",
                    excess.max(0.0)
                ));
            }
        }
        let found = mc_evidence(claims, &todo, opts, mc_deadline, interrupt)?;
        for (i, ev, secs, note) in found {
            seconds[i] += secs;
            evidence[i] = ev;
            if let Some(n) = note {
                state[i].notes.push(n);
            }
        }
    }

    let out = claims
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let st = &state[i];
            ClaimVerdict {
                id: c.id.clone(),
                accountant: c.accountant.clone(),
                mechanism: c.mechanism_name().to_string(),
                noise_multiplier: c.noise_multiplier(),
                sensitivity: c.sensitivity(),
                sampling_rate: c.sampling_rate(),
                steps: c.steps,
                epsilon: c.epsilon,
                delta: c.delta,
                verdict: st.verdict,
                true_epsilon: st.true_epsilon,
                true_delta: st.true_delta,
                tightness: tightness(c.epsilon, &st.true_epsilon),
                route: routes[i],
                method: std::mem::take(&mut method[i]),
                mc_evidence: evidence[i].take(),
                seconds: seconds[i],
                notes: st.notes.clone(),
                line: c.line,
            }
        })
        .collect();
    Ok(out)
}
