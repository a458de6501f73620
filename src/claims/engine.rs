//! Orchestration of a claims audit: route every row, run certified passes in rounds (parallel
//! over rows and FFT groups with rayon), refine undecided rows until the time budget, then add
//! Monte Carlo evidence to the rows still inconclusive.
//!
//! ```text
//! round 0   the first pass, started in input order while the budget lasts: the distinct exact
//!           evaluations at `precision` bits (rows sharing an event and a claimed δ or ε share
//!           one) and level 0 of every FFT group; rows not started are `not_checked`
//! round 1   undecided exact rows once more at 4 × precision, each evaluation started only
//!           within 3/4 of the time budget
//! levels    each FFT group refines on its own, one level at a time, each level started only
//!           if it is predicted to finish within 3/4 of the time budget
//! MC        inconclusive rows with room for a ≥ 1 % violation, each started within the
//!           budget; Holm over all tested rows
//! ```

use super::calibration::sigma_min as sigma_min_search;
use super::claim::Claim;
use super::kind::ClaimKind;
use super::kinds_eval::evaluate;
use super::exact_group::{row_outcome, ExactPlan, RowOutcome, TaskResult};
use super::fft_group::{FftGroup, LevelContext, RowIntervals};
use super::mc_check::mc_evidence;
use super::options::ClaimOptions;
use super::result::{ClaimVerdict, RouteKind};
use super::event_loss::{plan, Plan};
use super::event_shuffle::shuffle_lower;
use super::route::{guarded, pure_dp_intervals, route_of, trivial_intervals};
use super::schedule::run_in_order;
use super::verdict::{tightness, value_tightness, Verdict};
use crate::num::Interval;
use crate::pld::LossStep;
use crate::error::{Error, Result};
use rayon::prelude::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
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
    // First passes and Monte Carlo checks start only before the end of the budget; certified
    // refinement must be predicted to finish within its first 3/4.
    let deadline = start + Duration::from_secs_f64(REFINE_SHARE * opts.time_budget);
    let end = start + Duration::from_secs_f64(opts.time_budget);
    let check_interrupt = || if interrupt.load(Ordering::SeqCst) { Err(Error::Interrupted) } else { Ok(()) };
    let routes: Vec<RouteKind> = claims.iter().map(route_of).collect();
    let mut state: Vec<RowIntervals> = claims.iter().map(|_| RowIntervals::unknown()).collect();
    let mut seconds = vec![0.0f64; claims.len()];
    let mut method = vec![String::new(); claims.len()];
    let mut not_checked = vec![false; claims.len()];
    let mut kind_truth: Vec<Option<Interval>> = vec![None; claims.len()];
    let mut kind_rows: Vec<usize> = Vec::new();
    let tick = |n: usize| {
        if let Some(pb) = &opts.progress {
            pb.inc(n as u64);
        }
    };

    // Trivial rows and pure-DP rows (claimed δ = 0): decided up front, each in microseconds.
    for (i, c) in claims.iter().enumerate() {
        match routes[i] {
            RouteKind::Trivial => {
                let (e, d) = trivial_intervals();
                state[i].update(c, e, d, opts.tolerance);
                method[i] = "trivial: q = 0, the output does not depend on the data (δ(ε) = 0 for ε ≥ 0)".into();
            }
            RouteKind::PureDp => {
                let t0 = Instant::now();
                match pure_dp_intervals(c, opts.precision, opts.tolerance) {
                    Ok((e, d)) => state[i].update(c, e, d, opts.tolerance),
                    Err(err) => state[i].notes.push(format!("pure-DP route failed: {err}")),
                }
                seconds[i] = t0.elapsed().as_secs_f64();
                method[i] = "pure DP: ε(0) = the largest privacy loss of the composed mechanism (T/S for Laplace and randomized response, ∞ with Gaussian noise), outward-rounded".into();
            }
            RouteKind::LowerBound => {
                let t0 = Instant::now();
                if let Some(ev) = &c.event {
                    let (e, d) = guarded(|| Ok(shuffle_lower(&ev.event, ev.adjacency, c.epsilon, c.delta))).unwrap_or((RowIntervals::unknown().true_epsilon, RowIntervals::unknown().true_delta));
                    state[i].update(c, e, d, opts.tolerance);
                    if state[i].verdict == Verdict::Inconclusive {
                        state[i].notes.push("shuffled batches: only a lower bound on the true ε is certified (no proven upper bound), so the claim cannot be shown sound".into());
                    }
                }
                seconds[i] = t0.elapsed().as_secs_f64();
                method[i] = "lower bound: shuffled batches, explicit adjacent pair (bump 2/σ vs 1/σ, or vs none under replace-one), max over batches, threshold test in MPFR".into();
            }
            RouteKind::Rdp | RouteKind::Gdp | RouteKind::Zcdp => {
                kind_rows.push(i);
                continue;
            }
            _ => continue,
        }
        tick(1);
    }

    // Rows of the kinds rdp / gdp / zcdp: rows with the same claim (kind, value, order) on the
    // same mechanism and steps share one evaluation (a deterministic function of these), and the
    // distinct evaluations run in parallel, started in input order, each only before the end of
    // the budget (a GDP row may compose a PLD); rows whose evaluation was not started are
    // not_checked. The evaluation's time is split over the rows sharing it.
    let mut kind_keys: HashMap<String, usize> = HashMap::new();
    let mut kind_tasks: Vec<usize> = Vec::new();
    let mut kind_task_of: Vec<usize> = Vec::with_capacity(kind_rows.len());
    for &i in &kind_rows {
        let c = &claims[i];
        let key = format!("{:?}|{}|{}", c.kind, serde_json::to_string(&c.privacy_mechanism()).unwrap_or_default(), c.steps);
        let t = *kind_keys.entry(key).or_insert_with(|| {
            kind_tasks.push(i);
            kind_tasks.len() - 1
        });
        kind_task_of.push(t);
    }
    let kind_outs = run_in_order(
        kind_tasks.len(),
        |_| !interrupt.load(Ordering::SeqCst) && Instant::now() < end,
        |t| {
            let t0 = Instant::now();
            let out = evaluate(&claims[kind_tasks[t]], opts.precision, opts.tolerance);
            (out, t0.elapsed().as_secs_f64())
        },
    );
    check_interrupt()?;
    let mut kind_sharing = vec![0usize; kind_tasks.len()];
    for &t in &kind_task_of {
        kind_sharing[t] += 1;
    }
    for (&i, &t) in kind_rows.iter().zip(&kind_task_of) {
        match &kind_outs[t] {
            None => not_checked[i] = true,
            Some((out, secs)) => {
                match out {
                    Ok(out) => {
                        state[i].verdict = out.verdict;
                        state[i].notes.extend(out.notes.iter().cloned());
                        method[i] = out.method.clone();
                        kind_truth[i] = Some(out.truth);
                    }
                    Err(err) => {
                        state[i].notes.push(format!("{} route failed: {err}", routes[i].name()));
                        method[i] = format!("{}: failed (see notes)", routes[i].name());
                    }
                }
                seconds[i] = secs / kind_sharing[t] as f64;
            }
        }
        tick(1);
    }

    // FFT groups: rows with the same privacy mechanism and steps share a composition.
    let mut groups: Vec<FftGroup> = Vec::new();
    let mut key_of: HashMap<String, usize> = HashMap::new();
    let mut group_of: Vec<Option<usize>> = vec![None; claims.len()];
    for (i, c) in claims.iter().enumerate() {
        if routes[i] != RouteKind::Fft {
            continue;
        }
        let (key, parts) = match c.event.as_ref().filter(|e| !e.legacy) {
            Some(ev) => match plan(&ev.event, ev.adjacency) {
                Plan::Fft(parts) => (format!("event|{}|{}", ev.event.text, ev.adjacency.name()), parts),
                _ => continue,
            },
            None => {
                let m = c.privacy_mechanism();
                (format!("{}|{}", serde_json::to_string(&m).unwrap_or_default(), c.steps), vec![LossStep::from_mechanism(&m, c.steps)])
            }
        };
        let g = *key_of.entry(key).or_insert_with(|| {
            groups.push(FftGroup::new(parts));
            groups.len() - 1
        });
        groups[g].push(i);
        group_of[i] = Some(g);
    }

    // First pass, started in input order while the time budget lasts (issue 14, F5): the
    // distinct exact evaluations (rows sharing an event and a claimed δ or ε share one) and
    // level 0 of every FFT group. Rows whose pass was not started are `not_checked`.
    let exact_rows: Vec<usize> = (0..claims.len()).filter(|&i| routes[i] == RouteKind::Exact).collect();
    let plan0 = ExactPlan::new(claims, &exact_rows);
    let items = first_pass_items(&routes, &plan0, &group_of);
    let ctx = LevelContext {
        claims,
        initial_accuracy: opts.initial_accuracy,
        finest_accuracy: opts.finest_accuracy,
        max_fft_len: opts.max_fft_len,
        tolerance: opts.tolerance,
        deadline,
    };
    let cells: Vec<Mutex<FftGroup>> = groups.into_iter().map(Mutex::new).collect();
    // Round 0 goes on while this holds: evaluations start only then, and an exact ε(δ)
    // bisection stops once it fails.
    let go = || !interrupt.load(Ordering::SeqCst) && Instant::now() < end;
    let outs = run_in_order(
        items.len(),
        |_| go(),
        |k| match items[k] {
            Item::Exact(t) => Some(plan0.run(t, opts.precision, &|| !go())),
            Item::Fft(g) => {
                if let Ok(mut grp) = cells[g].lock() {
                    tick(grp.run_level(&ctx));
                }
                None
            }
        },
    );
    check_interrupt()?;
    let mut exact0: Vec<Option<TaskResult>> = vec![None; plan0.tasks.len()];
    let mut started = vec![false; cells.len()];
    for (k, out) in outs.into_iter().enumerate() {
        match (items[k], out) {
            (Item::Exact(t), Some(r)) => exact0[t] = r,
            (Item::Fft(g), Some(_)) => started[g] = true,
            _ => {}
        }
    }
    let mut groups: Vec<FftGroup> = cells.into_iter().map(|m| m.into_inner().unwrap_or_else(|p| p.into_inner())).collect();

    // Exact rows: the first pass at `precision`, undecided ones once more at 4 × precision.
    let mut failed = vec![false; claims.len()];
    apply_exact(claims, &plan0, &exact0, opts.precision, opts.tolerance, &mut state, &mut seconds, &mut method, &mut failed, &mut not_checked);
    tick(exact_rows.iter().filter(|&&i| state[i].verdict != Verdict::Inconclusive || failed[i] || not_checked[i]).count());
    let todo: Vec<usize> = exact_rows.iter().copied().filter(|&i| state[i].verdict == Verdict::Inconclusive && !failed[i] && !not_checked[i]).collect();
    let plan1 = ExactPlan::new(claims, &todo);
    let prec1 = opts.precision.saturating_mul(4);
    let go = || !interrupt.load(Ordering::SeqCst) && Instant::now() < deadline;
    let exact1 = run_in_order(plan1.tasks.len(), |_| go(), |k| plan1.run(k, prec1, &|| !go()));
    check_interrupt()?;
    let mut skipped = vec![false; claims.len()];
    apply_exact(claims, &plan1, &exact1, prec1, opts.tolerance, &mut state, &mut seconds, &mut method, &mut failed, &mut skipped);
    for &i in &exact_rows {
        if state[i].verdict == Verdict::Inconclusive && !failed[i] && !not_checked[i] {
            if skipped[i] {
                state[i].notes.push(format!("refinement at {prec1} bits not started: time budget"));
            }
            state[i].notes.push("the exact intervals do not separate the claim from the truth: the claim lies within the relative tolerance κ (or the exact route's precision) of the true value".into());
        }
    }
    tick(todo.len());

    // FFT groups own their rows' intervals (disjoint rows), so they refine in parallel, each on
    // its own until it is exhausted or the deadline passes; cheap groups first.
    for (g, grp) in groups.iter_mut().enumerate() {
        if !started[g] {
            grp.exhausted = true;
            tick(grp.rows.len());
            for &i in &grp.rows {
                not_checked[i] = true;
            }
        }
    }
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
    for i in (0..claims.len()).filter(|&i| not_checked[i]) {
        state[i] = RowIntervals::unknown();
        state[i].verdict = Verdict::NotChecked;
        state[i].notes.push(format!("not checked: the time budget ({} s) ran out before the row's first certified pass started", opts.time_budget));
        method[i] = format!("{}: not run (time budget)", routes[i].name());
    }

    // Monte Carlo evidence for the rows still inconclusive (never changes a verdict).
    let mut evidence = vec![None; claims.len()];
    if opts.monte_carlo {
        let mut todo = Vec::new();
        for i in 0..claims.len() {
            if state[i].verdict != Verdict::Inconclusive {
                continue;
            }
            if !claims[i].kind.is_eps_delta() {
                continue;
            }
            if claims[i].is_composed_event() {
                state[i].notes.push("no Monte Carlo check: composed events have no Monte Carlo sampler yet".into());
                continue;
            }
            if routes[i] == RouteKind::PureDp {
                state[i].notes.push("no Monte Carlo check: a δ = 0 claim is decided by the largest privacy loss, which sampling cannot bound".into());
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
        let found = mc_evidence(claims, &todo, opts, end, interrupt)?;
        for (i, ev, secs, note) in found {
            seconds[i] += secs;
            evidence[i] = ev;
            if let Some(n) = note {
                state[i].notes.push(n);
            }
        }
    }

    // Calibration rows: the certified smallest σ (issue 12). The searches run in parallel,
    // started in input order, each only before the end of the budget (its probes too).
    let mut sigma_min: Vec<Option<Interval>> = vec![None; claims.len()];
    let cal_rows: Vec<usize> = (0..claims.len()).filter(|&i| claims[i].kind == ClaimKind::Calibration && !not_checked[i]).collect();
    let cal_outs = run_in_order(
        cal_rows.len(),
        |_| !interrupt.load(Ordering::SeqCst) && Instant::now() < end,
        |k| {
            let t0 = Instant::now();
            let s = sigma_min_search(&claims[cal_rows[k]], opts.precision, end);
            (s, t0.elapsed().as_secs_f64())
        },
    );
    check_interrupt()?;
    for (&i, out) in cal_rows.iter().zip(cal_outs) {
        match out {
            None => state[i].notes.push("σ_min not computed: time budget".into()),
            Some((Ok(s), secs)) => {
                state[i].notes.push(format!("σ_min ∈ {} ({} certified probes; {})", s.sigma_min, s.probes, s.note));
                sigma_min[i] = Some(s.sigma_min);
                seconds[i] += secs;
            }
            Some((Err(err), secs)) => {
                state[i].notes.push(format!("σ_min search failed: {err}"));
                seconds[i] += secs;
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
                mechanism: c.mechanism_label(),
                noise_multiplier: c.noise_multiplier(),
                sensitivity: c.sensitivity(),
                sampling_rate: c.sampling_rate(),
                steps: c.steps,
                epsilon: c.epsilon,
                delta: c.delta,
                verdict: st.verdict,
                true_epsilon: st.true_epsilon,
                true_delta: st.true_delta,
                tightness: match (c.kind.value(), kind_truth[i]) {
                    (Some(v), Some(t)) => value_tightness(v, &t),
                    _ => tightness(c.epsilon, &st.true_epsilon),
                },
                route: routes[i],
                method: std::mem::take(&mut method[i]),
                mc_evidence: evidence[i].take(),
                seconds: seconds[i],
                notes: st.notes.clone(),
                line: c.line,
                kind: c.kind,
                kind_truth: kind_truth[i],
                sigma_min: sigma_min[i],
            }
        })
        .collect();
    Ok(out)
}

/// A unit of the first pass: one distinct exact evaluation, or level 0 of one FFT group.
#[derive(Clone, Copy, Debug)]
enum Item {
    Exact(usize),
    Fft(usize),
}

/// The first-pass items in the order the rows first need them (a row's δ(ε) before its ε(δ)).
fn first_pass_items(routes: &[RouteKind], plan: &ExactPlan, group_of: &[Option<usize>]) -> Vec<Item> {
    let mut items = Vec::new();
    let mut seen_task = vec![false; plan.tasks.len()];
    let mut seen_group = vec![false; group_of.iter().flatten().map(|&g| g + 1).max().unwrap_or(0)];
    let mut exact = plan.of_row.iter();
    for (i, route) in routes.iter().enumerate() {
        match route {
            RouteKind::Exact => {
                if let Some(&(d, e)) = exact.next() {
                    for t in [d, e] {
                        if !std::mem::replace(&mut seen_task[t], true) {
                            items.push(Item::Exact(t));
                        }
                    }
                }
            }
            RouteKind::Fft => {
                if let Some(g) = group_of[i] {
                    if !std::mem::replace(&mut seen_group[g], true) {
                        items.push(Item::Fft(g));
                    }
                }
            }
            RouteKind::Trivial | RouteKind::PureDp | RouteKind::LowerBound | RouteKind::Rdp | RouteKind::Gdp | RouteKind::Zcdp => {}
        }
    }
    items
}

/// Apply one exact round's task results (evaluated at `prec` bits) to its planned rows: update
/// the intervals, or note the engine error and mark the row failed, or mark it
/// `not_started` when one of its evaluations was not started.
#[allow(clippy::too_many_arguments)]
fn apply_exact(
    claims: &[Claim],
    plan: &ExactPlan,
    results: &[Option<TaskResult>],
    prec: u32,
    tolerance: f64,
    state: &mut [RowIntervals],
    seconds: &mut [f64],
    method: &mut [String],
    failed: &mut [bool],
    not_started: &mut [bool],
) {
    for (r, &i) in plan.rows.iter().enumerate() {
        match row_outcome(plan, results, r) {
            RowOutcome::NotStarted => not_started[i] = true,
            RowOutcome::Done { pair: Ok((e, d)), secs, epsilon_cut } => {
                seconds[i] += secs;
                method[i] = format!("exact: closed form in MPFR at {prec} and {} bits, outward-rounded interval", 2 * prec);
                state[i].update(&claims[i], e, d, tolerance);
                const CUT: &str = "true ε at the claimed δ not computed: the time budget ran out before its bisection finished (the verdict rests on the true δ at the claimed ε)";
                if epsilon_cut && state[i].true_epsilon.upper == f64::INFINITY && !state[i].notes.iter().any(|n| n == CUT) {
                    state[i].notes.push(CUT.into());
                }
            }
            RowOutcome::Done { pair: Err(e), secs, .. } => {
                seconds[i] += secs;
                state[i].notes.push(format!("exact route failed at {prec} bits: {e}"));
                if method[i].is_empty() {
                    method[i] = "exact: failed (see notes)".into();
                }
                failed[i] = true;
            }
        }
    }
}

#[cfg(test)]
#[path = "engine_test.rs"]
mod tests;
