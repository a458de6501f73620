//! `dpaudit partition`: what Balanced Iteration Subsampling (Theorem 3.8), disjoint model
//! splitting (Theorem 3.4) and Poisson subsampling (Theorem 3.11 by RDP, and the certified PLD)
//! certify for one setting, side by side with the shuffled-batch instance of Remark 3.9 (a lower
//! bound for fixed-batch shuffling) and Theorem 3.1's terms at the chosen order — Dong, Chen,
//! Özgür 2025; spec §9–§15. The CLI parses, calls [`partition_report`] and prints.
//!
//! Every RDP row is converted by Proposition 2.3 minimised over the order grid; the noise needed
//! for a target (ε, δ) is found by bisection on σ (each row separately; the reported σ is the
//! upper end of the final bracket, so the row meets the target there).
//!
//! **Rows are independent.** Each row runs on its own worker thread
//! ([`run_interruptible`]): a row that fails (a size cap, a numerical limit, more than
//! [`ROW_SECONDS`] seconds) is reported as "not computed: reason" and the others still print;
//! only invalid parameters (checked before anything runs) and Ctrl-C (noticed within 50 ms) end
//! the report.

use crate::error::{Error, Result};
use crate::num::fmt::format_number;
use crate::worker::run_interruptible;
use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::papers::balanced_iteration::section_3_1::curves::{forward_curve, poisson_curve, theorem_3_1_curve, EXACT_BUDGET};
use crate::papers::balanced_iteration::section_3_1::terms::{order_terms, McSpec, OrderTerms, TermOptions, FORWARD_BUDGET};
use crate::papers::balanced_iteration::section_3_1::theorem_3_1::ReverseTerm;
use crate::papers::Guarantee;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

pub use crate::papers::balanced_iteration::commands::partition_request::{parse_orders, PartitionReport, PartitionRequest, RdpAt, Row, Target, SIGMA_RANGE};
use crate::papers::balanced_iteration::commands::partition_rows::{bis_certified_row, bis_certified_spec, join, pld_row, pld_spec, rdp_row, shuffle_row, shuffle_spec, split_poisson_row, split_poisson_spec, RowSpec};

/// Wall-clock limit of one row (a safety net behind the size caps of each computation): a row
/// still running after it is reported as not computed, naming the limit.
pub const ROW_SECONDS: u64 = 30;

/// Run one row's job on a worker thread: its row, or the row "not computed: reason" for any error
/// but an interruption.
fn row_of(spec: &RowSpec, interrupt: &AtomicBool, limit: Option<Duration>, job: impl FnOnce() -> Result<Row> + Send + 'static) -> Result<Row> {
    match run_interruptible(interrupt, limit, job) {
        Ok(r) => Ok(r),
        Err(Error::Interrupted) => Err(Error::Interrupted),
        Err(e) => Ok(spec.clone().not_computed(&e.to_string())),
    }
}

/// As [`row_of`] for a job that may have no row (`Ok(None)`).
fn opt_row_of(spec: &RowSpec, interrupt: &AtomicBool, limit: Option<Duration>, job: impl FnOnce() -> Result<Option<Row>> + Send + 'static) -> Result<Option<Row>> {
    match run_interruptible(interrupt, limit, job) {
        Ok(r) => Ok(r),
        Err(Error::Interrupted) => Err(Error::Interrupted),
        Err(e) => Ok(Some(spec.clone().not_computed(&e.to_string()))),
    }
}

/// A Theorem 3.1 row (certified `R^∞` or the paper's `R^paper`): the pair `(d, k)` composed
/// `times` times, converted by Proposition 2.3 (or inverted for σ). The note says at how many
/// orders the forward term was the exact `F_α` at the reported σ.
fn theorem_3_1_row(spec: RowSpec, req: PartitionRequest, d: u64, k: u64, reverse: ReverseTerm, times: u64, budget: f64) -> Result<Row> {
    let (c, orders) = (req.clip, req.orders.clone());
    let exact_count = Arc::new(AtomicUsize::new(usize::MAX));
    let counter = exact_count.clone();
    let curve = move |s: f64| -> Result<Vec<f64>> {
        let pair = MixturePair::new(d, k, c, s)?;
        let fc = forward_curve(&pair, &orders, budget)?;
        counter.store(fc.exact.iter().filter(|x| **x).count(), Ordering::Relaxed);
        theorem_3_1_curve(&pair, &orders, reverse, times, &fc)
    };
    let mut row = rdp_row(&spec, &req.orders, &req, &curve)?;
    let n = exact_count.load(Ordering::Relaxed);
    if row.value.is_some() && n < req.orders.len() {
        row.note = join(&row.note, &format!("forward term: exact F_α at the {n} lowest of {} orders, Corollary 3.14's G_α above (cost budget)", req.orders.len()));
    }
    Ok(row)
}

fn reverse_label(r: ReverseTerm) -> &'static str {
    match r {
        ReverseTerm::Certified => "certified reverse term R^∞ (spec §1.5)",
        ReverseTerm::Paper => "the paper's reverse term R^paper (Corollary 3.19)",
    }
}

fn paper_note() -> String {
    "not for accounting: R^paper rests on Lemma 3.18, which is false as stated".into()
}

fn theorem_3_1_spec(key: &'static str, result: &'static str, what: String, reverse: ReverseTerm) -> RowSpec {
    let certified = reverse == ReverseTerm::Certified;
    RowSpec {
        key,
        result,
        what: format!("{what}; {}", reverse_label(reverse)),
        guarantee: if certified { Guarantee::Upper } else { Guarantee::Estimate },
        certified,
        note: if certified { String::new() } else { paper_note() },
    }
}

/// Compute the report, each row within [`ROW_SECONDS`]. Errors: invalid parameters (nothing
/// computed), [`Error::Interrupted`]. Every other failure is confined to its row (module doc).
pub fn partition_report(req: &PartitionRequest, interrupt: &AtomicBool) -> Result<PartitionReport> {
    partition_report_within(req, interrupt, Some(Duration::from_secs(ROW_SECONDS)))
}

/// [`partition_report`] with a given wall-clock limit per row (`None`: no limit; the size caps
/// of each computation still apply).
pub fn partition_report_within(req: &PartitionRequest, interrupt: &AtomicBool, limit: Option<Duration>) -> Result<PartitionReport> {
    req.validate()?;
    let (t, e) = (req.iterations, req.epochs);
    let budget = if matches!(req.target, Target::Sigma { .. }) { EXACT_BUDGET / 10.0 } else { EXACT_BUDGET };
    let mut rows = Vec::new();
    // The pair whose Theorem 3.1 terms are reported, with the key of its certified row.
    let mut terms_of: Option<(u64, u64, &'static str)> = None;
    if let Some(k) = req.k {
        for (reverse, key) in [(ReverseTerm::Certified, "bis_theorem_3_8"), (ReverseTerm::Paper, "bis_theorem_3_8_paper")] {
            let what = format!("Balanced Iteration Subsampling, k = {k} of T = {t} iterations, whole run × {e} epoch(s) (Remark 3.10); forward: exact F_α within the cost budget, Corollary 3.14's G_α above");
            let spec = theorem_3_1_spec(key, "Theorem 3.8", what, reverse);
            let (s2, r2) = (spec.clone(), req.clone());
            rows.push(row_of(&spec, interrupt, limit, move || theorem_3_1_row(s2, r2, t, k, reverse, e, budget))?);
        }
        let spec = bis_certified_spec(req, k);
        let (s2, r2) = (spec.clone(), req.clone());
        rows.extend(opt_row_of(&spec, interrupt, limit, move || bis_certified_row(s2, &r2, k))?);
        terms_of = Some((t, k, "bis_theorem_3_8"));
    }
    if req.submodels > 1 && req.gamma.is_none() {
        let d = req.submodels;
        for (reverse, key) in [(ReverseTerm::Certified, "split_theorem_3_4"), (ReverseTerm::Paper, "split_theorem_3_4_paper")] {
            let what = format!("model split into d = {d} disjoint sub-models, every record in all {t} iterations ({e} epoch(s))");
            let spec = theorem_3_1_spec(key, "Theorem 3.4", what, reverse);
            let (s2, r2) = (spec.clone(), req.clone());
            rows.push(row_of(&spec, interrupt, limit, move || theorem_3_1_row(s2, r2, d, 1, reverse, t * e, budget))?);
        }
        terms_of = terms_of.or(Some((d, 1, "split_theorem_3_4")));
    }
    let gamma = req.poisson_rate();
    if let Some(g) = gamma {
        let steps = t * e;
        let (c, orders) = (req.clip, req.orders.clone());
        let spec = RowSpec { key: "poisson_theorem_3_11", result: "Theorem 3.11", what: format!("Poisson subsampling, rate γ = {}, {steps} steps (RDP, Zhu–Wang)", format_number(g)), guarantee: Guarantee::Upper, certified: true, note: String::new() };
        let (s2, r2) = (spec.clone(), req.clone());
        rows.push(row_of(&spec, interrupt, limit, move || {
            let curve = move |s: f64| poisson_curve(g, c, s, &orders, steps);
            rdp_row(&s2, &r2.orders, &r2, &curve)
        })?);
        let spec = pld_spec(g, steps);
        let (s2, r2) = (spec.clone(), req.clone());
        rows.push(row_of(&spec, interrupt, limit, move || pld_row(s2, &r2, g, steps, &AtomicBool::new(false)))?);
        if req.submodels > 1 {
            let spec = split_poisson_spec(req, g);
            let (s2, r2) = (spec.clone(), req.clone());
            rows.push(row_of(&spec, interrupt, limit, move || split_poisson_row(s2, &r2, g))?);
        }
    }
    let first_order = rows.first().and_then(|r| r.rdp).map(|r| r.order).unwrap_or(req.orders[0]);
    if let (Some(1), Some(_)) = (req.k, req.sigma) {
        let spec = shuffle_spec(req);
        let (s2, r2) = (spec.clone(), req.clone());
        rows.extend(opt_row_of(&spec, interrupt, limit, move || shuffle_row(s2, &r2, first_order))?);
    }
    let (terms, terms_note) = terms_at(req, terms_of, &rows, interrupt, limit)?;
    let bis_certified_dp = rows.iter().find(|r| r.key == "bis_certified_dp").and_then(|r| r.interval);
    Ok(PartitionReport { request: req.clone(), gamma, rows, bis_certified_dp, terms, terms_note })
}

/// Theorem 3.1's terms of one run of the pair `terms_of` at the order of its certified row, at
/// the requested σ (or the σ that row found for the target), with the default Monte Carlo.
fn terms_at(req: &PartitionRequest, terms_of: Option<(u64, u64, &'static str)>, rows: &[Row], interrupt: &AtomicBool, limit: Option<Duration>) -> Result<(Option<OrderTerms>, String)> {
    let Some((d, k, key)) = terms_of else { return Ok((None, "no Theorem 3.1 pair in this request (Poisson only)".into())) };
    let row = rows.iter().find(|r| r.key == key);
    let Some(order) = row.and_then(|r| r.rdp).map(|r| r.order) else {
        return Ok((None, format!("the {key} row was not computed, so it has no order")));
    };
    let sigma = match req.target {
        Target::Sigma { .. } => row.and_then(|r| r.value),
        _ => req.sigma,
    };
    let Some(sigma) = sigma else { return Ok((None, "no σ".into())) };
    let pair = match MixturePair::new(d, k, req.clip, sigma) {
        Ok(p) => p,
        Err(e) => return Ok((None, e.to_string())),
    };
    let opts = TermOptions { forward_budget: FORWARD_BUDGET, precision: None, mc: Some(McSpec::DEFAULT) };
    let job = move || order_terms(&pair, order, &opts, &AtomicBool::new(false));
    match run_interruptible(interrupt, limit, job) {
        Ok(t) => Ok((Some(t), format!("one run of the pair d = {d}, k = {k} at σ = {} and the order α = {order} of the {key} row (before × epochs)", format_number(sigma)))),
        Err(Error::Interrupted) => Err(Error::Interrupted),
        Err(e) => Ok((None, format!("not computed: {e}"))),
    }
}

#[cfg(test)]
#[path = "partition_report_test.rs"]
mod partition_report_test;
