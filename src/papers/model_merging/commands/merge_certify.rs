//! `dpaudit merge` as one library call: [`certify_merge`] takes a [`MergeRequest`], validates it
//! once, reads the portfolio, decides which result of *DP Model Merging* certifies the merge
//! ([`crate::papers::model_merging::commands::merge_certifier`]), and returns either the certificate of the given weights or the
//! feasible weight set of Algorithms 1–4 with the utility-best feasible weights. Presentation
//! (tables, JSON, the progress bar) stays in the CLI.

use crate::papers::model_merging::common::conventions::Conversion;
use crate::papers::model_merging::common::feasible::{best_weights, feasible, BestWeights, FeasibleSet};
use crate::papers::model_merging::commands::merge_certifier::{is_row_failure, Certificate, Certifier};
use crate::papers::model_merging::commands::merge_request::{lattice_points, parse_orders, MergeRequest};
use crate::papers::model_merging::commands::portfolio::Portfolio;
use crate::papers::model_merging::common::simplex::Simplex;
use crate::error::{Error, Result};
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};

/// Observer of the feasible-set search (for a progress display). Every method has a no-op
/// default; the search calls `start` once, `step` before each certified-ε evaluation, `finish`
/// once (also on error).
pub trait SearchProgress {
    /// The search is about to evaluate a lattice of `lattice_points` points (plus bisections).
    fn start(&self, _lattice_points: u64) {}
    /// One evaluation.
    fn step(&self) {}
    /// The search ended.
    fn finish(&self) {}
}

/// No progress display.
pub struct NoProgress;
impl SearchProgress for NoProgress {}

/// The answer to a [`MergeRequest`], with what it was computed from.
pub struct MergeOutcome {
    /// The validated portfolio, the certification, orders, δ and conversion used.
    pub certifier: Certifier,
    /// Target ε′ of the request.
    pub epsilon_target: f64,
    /// Utilities per model (`--utility`, else the portfolio's when every model has one).
    pub utility: Option<Vec<f64>>,
    pub answer: MergeAnswer,
}

/// Certificate of given weights, or the feasible set.
pub enum MergeAnswer {
    Weights {
        weights: Simplex,
        certificate: Certificate,
        /// `certificate.epsilon ≤ ε′` (false when it could not be computed).
        meets_target: bool,
        /// Why the certified ε could not be computed (the certificate then holds `+∞`).
        failure: Option<String>,
    },
    Search {
        set: FeasibleSet,
        /// Utility-best feasible weights (`None`: no utility, or no feasible point).
        best: Option<BestWeights>,
        /// Basis and reason shared by all weights when the certificate is not the paper's own
        /// accounting ([`Certifier::policy_note`]).
        note: Option<(&'static str, &'static str)>,
    },
}

impl MergeOutcome {
    /// The portfolio the answer is about.
    pub fn portfolio(&self) -> &Portfolio {
        &self.certifier.portfolio
    }
}

/// Algorithms 1–4 of *DP Model Merging* behind `dpaudit merge`: the certified ε of the
/// request's weights, or (without weights) the feasible set `{w : certified ε(w) ≤ ε′}` on the
/// simplex lattice of step `1/grid` with its utility-best point. Which result certifies each
/// case: [`crate::papers::model_merging::commands::merge_certifier`]; every ε is a certified upper bound (rounded up).
///
/// Validation, in this order (the first failure is returned): ε′ finite and `≥ 0`, δ′ ∈ (0, 1),
/// `grid ≥ 1`, the conversion name, the order grid, the portfolio file, the number of
/// utilities, the weights (one per model, on the simplex — validated once here), then the
/// per-model curves. The search stops with [`Error::Interrupted`] at the next evaluation after
/// `interrupt` is set. Errors: [`Error`] naming the bad value (exit status 2 in the CLI).
pub fn certify_merge(req: &MergeRequest, interrupt: &AtomicBool, progress: &dyn SearchProgress) -> Result<MergeOutcome> {
    if !(req.epsilon.is_finite() && req.epsilon >= 0.0) {
        return Err(Error::invalid("--epsilon", req.epsilon, "must be finite and >= 0"));
    }
    crate::error::check::unit_open("--delta", req.delta)?;
    if req.grid == 0 {
        return Err(Error::invalid("--grid", 0, "must be at least 1"));
    }
    let conv = Conversion::parse(&req.conversion)?;
    let orders = parse_orders(&req.orders)?;
    let portfolio = Portfolio::read(&req.portfolio)?;
    let n = portfolio.len();
    let utility = match &req.utility {
        Some(u) if u.len() != n => return Err(Error::invalid("--utility", format!("{} values", u.len()), &format!("the portfolio has {n} models"))),
        Some(u) => Some(u.clone()),
        None => portfolio.utilities(),
    };
    // Validate the weights before any (possibly slow) per-model accounting.
    let weights = req.weights.as_deref().map(|w| Simplex::with_len("--weights", w, n)).transpose()?;
    let certifier = Certifier::new(portfolio, req.merger, req.accounting, conv, orders, req.delta)?;
    let answer = match weights {
        Some(weights) => {
            let (certificate, failure) = match certifier.certify(&weights, true) {
                Ok(c) => (c, None),
                // The one row of this answer cannot be computed: it says why (ε = +∞, a trivially
                // valid bound; the target is not met) instead of failing the command.
                Err(e) if is_row_failure(&e) => (certifier.not_computed(), Some(e.to_string())),
                Err(e) => return Err(e),
            };
            let meets_target = failure.is_none() && certificate.epsilon <= req.epsilon;
            MergeAnswer::Weights { weights, certificate, meets_target, failure }
        }
        None => {
            let set = search(&certifier, req.epsilon, req.grid, interrupt, progress)?;
            let best = match &utility {
                Some(u) => best_weights(u, &set)?,
                None => None,
            };
            MergeAnswer::Search { set, best, note: certifier.policy_note() }
        }
    };
    Ok(MergeOutcome { certifier, epsilon_target: req.epsilon, utility, answer })
}

/// The feasible-set search over the certifier, with interrupt checks and progress steps.
fn search(c: &Certifier, target: f64, m: usize, interrupt: &AtomicBool, progress: &dyn SearchProgress) -> Result<FeasibleSet> {
    let n = c.n();
    progress.start(lattice_points(n, m));
    let failures: RefCell<Vec<(Vec<f64>, String)>> = RefCell::new(Vec::new());
    let eps_of = |w: &[f64]| -> Result<f64> {
        if interrupt.load(Ordering::SeqCst) {
            return Err(Error::Interrupted);
        }
        progress.step();
        // Lattice and bisection points are on the simplex by construction; validated once here.
        match c.certify(&Simplex::new("lattice weights", w)?, false) {
            Ok(cert) => Ok(cert.epsilon),
            // A point whose ε cannot be computed is reported with its reason and counted as
            // infeasible (+∞ is a valid upper bound); the other points are still searched.
            Err(e) if is_row_failure(&e) => {
                failures.borrow_mut().push((w.to_vec(), e.to_string()));
                Ok(f64::INFINITY)
            }
            Err(e) => Err(e),
        }
    };
    let r = feasible(n, target, m, eps_of);
    progress.finish();
    let mut set = r?;
    for (w, why) in failures.into_inner() {
        if let Some(p) = set.lattice.iter_mut().find(|p| p.weights == w) {
            p.note = Some(format!("not computed: {why}"));
        }
    }
    Ok(set)
}

#[cfg(test)]
#[path = "merge_certify_test.rs"]
mod merge_certify_test;
