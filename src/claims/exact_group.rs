//! Exact route, shared (issue 14, F5): rows with the same event (privacy mechanism, steps) and
//! the same claimed δ share one ε(δ) evaluation ([`crate::exact::epsilon`], the expensive
//! bisection), and rows with the same event and claimed ε share one δ(ε) evaluation
//! ([`crate::exact::delta`]). Both are deterministic functions of their arguments, so a row's
//! intervals, method and notes are exactly those of evaluating the row on its own
//! ([`super::route::exact_intervals`]); only its `seconds` (a shared evaluation's time split
//! evenly over its rows) differ.

use super::claim::Claim;
use super::route::guarded;
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::Interval;
use std::collections::HashMap;
use std::time::Instant;

/// One evaluation of the exact route.
#[derive(Clone, Debug, PartialEq)]
pub enum Query {
    /// δ(ε) at this ε.
    Delta(f64),
    /// ε(δ) at this δ.
    Epsilon(f64),
}

/// One shared evaluation: the event, the query, and the rows that use it.
#[derive(Clone, Debug)]
pub struct ExactTask {
    pub mechanism: Mechanism,
    pub steps: u64,
    pub query: Query,
    /// Number of rows using the result.
    pub users: usize,
}

/// The distinct evaluations needed by a list of rows, in the order the rows first need them.
#[derive(Clone, Debug, Default)]
pub struct ExactPlan {
    pub tasks: Vec<ExactTask>,
    /// For each planned row (aligned with `rows`): the indices of its δ(ε) and ε(δ) tasks.
    pub of_row: Vec<(usize, usize)>,
    /// Indices into the claims slice.
    pub rows: Vec<usize>,
}

/// The outcome of one task: the interval (or the engine's error, as text) and its seconds.
pub type TaskResult = (Result<Interval>, f64);

impl ExactPlan {
    /// Plan the evaluations of `rows` (indices into `claims`). Keys compare the privacy
    /// mechanism's parameters, the steps and the query point bit for bit.
    pub fn new(claims: &[Claim], rows: &[usize]) -> ExactPlan {
        let mut plan = ExactPlan { rows: rows.to_vec(), ..ExactPlan::default() };
        let mut index: HashMap<String, usize> = HashMap::new();
        for &i in rows {
            let c = &claims[i];
            let m = c.privacy_mechanism();
            let event = format!("{}|{}", serde_json::to_string(&m).unwrap_or_default(), c.steps);
            let mut task = |tag: &str, query: Query, x: f64| -> usize {
                let k = *index.entry(format!("{event}|{tag}{:016x}", x.to_bits())).or_insert_with(|| {
                    plan.tasks.push(ExactTask { mechanism: m.clone(), steps: c.steps, query, users: 0 });
                    plan.tasks.len() - 1
                });
                plan.tasks[k].users += 1;
                k
            };
            let d = task("d", Query::Delta(c.epsilon), c.epsilon);
            let e = task("e", Query::Epsilon(c.delta), c.delta);
            plan.of_row.push((d, e));
        }
        plan
    }

    /// Evaluate task `k` at `prec` bits (a panic inside an engine becomes an error, see
    /// [`guarded`]). The ε(δ) bisection asks `stop` before each of its evaluations and returns
    /// [`crate::Error::Interrupted`] once it says so (the time budget or Ctrl-C, honoured within
    /// one evaluation); a δ(ε) task is one evaluation and is not cut.
    pub fn run(&self, k: usize, prec: u32, stop: &(dyn Fn() -> bool + Sync)) -> TaskResult {
        let t = &self.tasks[k];
        let t0 = Instant::now();
        let r = guarded(|| match t.query {
            Query::Delta(eps) => crate::exact::delta(&t.mechanism, t.steps, eps, prec),
            Query::Epsilon(delta) => crate::exact::epsilon_until(&t.mechanism, t.steps, delta, prec, stop),
        });
        (r, t0.elapsed().as_secs_f64())
    }
}

/// What the tasks of one row gave.
pub enum RowOutcome {
    /// The row's `(ε(δ_c), δ(ε_c))` intervals, or the first error (δ before ε, as
    /// [`super::route::exact_intervals`] evaluates them); the row's share of the seconds; and
    /// whether its ε(δ) bisection was cut by the time budget or not started while its δ(ε) ran
    /// (ε(δ_c) is then [0, ∞] and the row is decided by δ(ε_c) alone).
    Done { pair: Result<(Interval, Interval)>, secs: f64, epsilon_cut: bool },
    /// The row's δ(ε) task was not started (time budget).
    NotStarted,
}

/// Combine the task results (`None`: not started) for planned row `r` of `plan`.
pub fn row_outcome(plan: &ExactPlan, results: &[Option<TaskResult>], r: usize) -> RowOutcome {
    let (kd, ke) = plan.of_row[r];
    let Some((d, sd)) = &results[kd] else {
        return RowOutcome::NotStarted;
    };
    let se = results[ke].as_ref().map_or(0.0, |(_, s)| *s);
    let secs = sd / plan.tasks[kd].users as f64 + se / plan.tasks[ke].users as f64;
    let (pair, epsilon_cut) = match (d, results[ke].as_ref().map(|(e, _)| e)) {
        (Err(err), _) => (Err(err.clone()), false),
        // The ε(δ) bisection cut by the time budget (or not started): the row is still decided
        // by δ(ε_c) alone, with ε(δ_c) unknown ([0, ∞]).
        (Ok(d), None | Some(Err(Error::Interrupted))) => (Ok((Interval { lower: 0.0, upper: f64::INFINITY }, *d)), true),
        (Ok(_), Some(Err(err))) => (Err(err.clone()), false),
        (Ok(d), Some(Ok(e))) => (Ok((*e, *d)), false),
    };
    RowOutcome::Done { pair, secs, epsilon_cut }
}
