//! The report of `dpaudit merge` (*DP Model Merging*, Algorithms 1–4): [`MergeReport`] is its
//! `--json` (the `Serialize` form) and [`MergeReport::text`] its table. Built from a
//! [`MergeOutcome`] by [`MergeReport::new`]; fields are documented in `docs/merging.md`.
//!
//! A row whose ε could not be computed says why: with `--weights`, `result.epsilon` is `null` and
//! `result.note` reads "not computed: …"; in a search, the lattice point carries
//! `"note": "not computed: …"` (its `epsilon` is `+∞`, serialised `null`, and it is infeasible);
//! the paper's number beside a Theorem 6.1 certificate has `paper_note` when it failed.

use super::merge_certifier::Certificate;
use super::merge_certify::{MergeAnswer, MergeOutcome};
use super::merge_request::{Accounting, Merger};
use super::portfolio::{provenance_name, ModelKind};
use crate::num::fmt::{fmt_sig, serialize_f64, serialize_opt_f64};
use crate::papers::model_merging::common::conventions::Conversion;
use crate::papers::model_merging::common::feasible::{BestWeights, FeasibleSet, LatticePoint};
use serde::Serialize;

/// The whole report: the question, then the answer (`weights` + `result`, or `feasible` +
/// `best` + `utility` + `note`).
#[derive(Clone, Debug, Serialize)]
pub struct MergeReport {
    pub merger: &'static str,
    pub accounting: &'static str,
    pub conversion: &'static str,
    /// `[lo, hi]` of the order grid (RDP accounting), null for PLD.
    pub orders: Option<[f64; 2]>,
    pub portfolio: PortfolioInfo,
    /// `T = max_i T_i` over DP-SGD models (0 when there are none).
    pub steps_max: u64,
    pub target: Target,
    #[serde(flatten)]
    pub answer: Answer,
}

#[derive(Clone, Debug, Serialize)]
pub struct PortfolioInfo {
    pub file: String,
    pub name: Option<String>,
    pub provenance: &'static str,
    pub models: Vec<ModelInfo>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ModelInfo {
    pub name: String,
    /// `dp-sgd`, `gaussian` or `curves`.
    pub mechanism: &'static str,
    pub utility: Option<f64>,
    pub line: usize,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct Target {
    pub epsilon: f64,
    pub delta: f64,
}

/// The certificate of given weights, or the feasible set.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    Weights {
        weights: Vec<f64>,
        result: CertificateRow,
        /// Utilities shown in the weights table (`--utility`, else the portfolio's).
        #[serde(skip)]
        utility: Option<Vec<f64>>,
    },
    Search {
        feasible: FeasibleRows,
        best: Option<BestWeights>,
        utility: Option<Vec<f64>>,
        /// Why every weight is certified by a result other than the paper's own accounting.
        note: Option<&'static str>,
        /// That result (null when it is the paper's own accounting).
        certified_by: Option<&'static str>,
    },
}

/// The certified ε of the given weights.
#[derive(Clone, Debug, Serialize)]
pub struct CertificateRow {
    /// Certified upper bound on ε (`"inf"` when nothing can be certified; `null` when it could
    /// not be computed — `note` says why).
    #[serde(serialize_with = "serialize_opt_f64")]
    pub epsilon: Option<f64>,
    pub alpha: Option<f64>,
    pub at_grid_end: bool,
    pub meets_target: bool,
    pub certified_by: &'static str,
    /// The paper's LC number when it is not the certificate (T > 1; audit A1).
    pub paper_epsilon: Option<f64>,
    pub paper_sound: bool,
    /// Why the certificate is not the paper's own accounting, or "not computed: …".
    pub note: Option<String>,
    /// "not computed: …" when the paper's number beside the certificate failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paper_note: Option<String>,
}

/// The feasible set on the lattice (see `common::feasible`).
#[derive(Clone, Debug, Serialize)]
pub struct FeasibleRows {
    pub lattice_step: usize,
    pub lattice_points: usize,
    pub feasible_points: usize,
    /// Smallest certified ε over the lattice (`"inf"` if none is finite).
    #[serde(serialize_with = "serialize_f64")]
    pub min_epsilon: f64,
    pub intervals_w1: Vec<(f64, f64)>,
    pub boundary: Vec<BoundaryRow>,
    pub lattice: Vec<LatticePoint>,
}

#[derive(Clone, Debug, Serialize)]
pub struct BoundaryRow {
    pub weights: Vec<f64>,
    pub epsilon: f64,
}

fn mechanism(k: &ModelKind) -> &'static str {
    match k {
        ModelKind::DpSgd { .. } => "dp-sgd",
        ModelKind::Gaussian { .. } => "gaussian",
        ModelKind::Curves { .. } => "curves",
    }
}

impl MergeReport {
    /// The report of `out`.
    pub fn new(out: &MergeOutcome) -> MergeReport {
        let c = &out.certifier;
        let p = &c.portfolio;
        let answer = match &out.answer {
            MergeAnswer::Weights { weights, certificate, meets_target, failure } => Answer::Weights { weights: weights.to_vec(), result: certificate_row(certificate, *meets_target, failure.as_deref()), utility: out.utility.clone() },
            MergeAnswer::Search { set, best, note } => Answer::Search { feasible: feasible_rows(set), best: best.clone(), utility: out.utility.clone(), note: note.map(|(_, reason)| reason), certified_by: note.map(|(basis, _)| basis) },
        };
        MergeReport {
            merger: if c.merger == Merger::Rs { "rs" } else { "lc" },
            accounting: if c.accounting == Accounting::Rdp { "rdp" } else { "pld" },
            conversion: if c.conv == Conversion::Classic { "classic" } else { "improved" },
            orders: if c.accounting == Accounting::Rdp { Some([c.orders[0], c.orders[c.orders.len() - 1]]) } else { None },
            portfolio: PortfolioInfo {
                file: p.file.clone(),
                name: p.name.clone(),
                provenance: provenance_name(p.provenance),
                models: p.models.iter().map(|m| ModelInfo { name: m.name.clone(), mechanism: mechanism(&m.kind), utility: m.utility, line: m.line }).collect(),
            },
            steps_max: c.t_max(),
            target: Target { epsilon: out.epsilon_target, delta: c.delta },
            answer,
        }
    }

    /// Exit status of the command: 1 when given weights do not meet the target (or their ε
    /// could not be computed), 0 otherwise.
    pub fn finding(&self) -> bool {
        matches!(&self.answer, Answer::Weights { result, .. } if !result.meets_target)
    }
}

fn certificate_row(e: &Certificate, meets_target: bool, failure: Option<&str>) -> CertificateRow {
    CertificateRow {
        epsilon: if failure.is_some() { None } else { Some(e.epsilon) },
        alpha: e.alpha,
        at_grid_end: e.at_grid_end,
        meets_target,
        certified_by: e.basis,
        paper_epsilon: e.paper_epsilon,
        paper_sound: e.paper_epsilon.is_none() && e.paper_failure.is_none(),
        note: match failure {
            Some(why) => Some(format!("not computed: {why}")),
            None => e.note.map(str::to_string),
        },
        paper_note: e.paper_failure.as_ref().map(|why| format!("not computed: {why}")),
    }
}

fn feasible_rows(set: &FeasibleSet) -> FeasibleRows {
    FeasibleRows {
        lattice_step: set.lattice_step,
        lattice_points: set.lattice.len(),
        feasible_points: set.lattice.iter().filter(|p| p.feasible).count(),
        min_epsilon: set.lattice.iter().map(|p| p.epsilon).fold(f64::INFINITY, f64::min),
        intervals_w1: set.intervals_w1.clone(),
        boundary: set.boundary.iter().map(|b| BoundaryRow { weights: b.weights.clone(), epsilon: b.epsilon }).collect(),
        lattice: set.lattice.clone(),
    }
}

fn fmt(x: f64) -> String {
    fmt_sig(x, 10, 1e6)
}

fn weights_text(w: &[f64]) -> String {
    w.iter().map(|x| fmt(*x)).collect::<Vec<_>>().join(", ")
}

impl MergeReport {
    /// The report as the text table of `dpaudit merge`.
    pub fn text(&self) -> String {
        let p = &self.portfolio;
        let merger = if self.merger == "rs" { "random selection" } else { "linear combination" };
        let acc = match self.orders {
            Some([lo, hi]) => format!("RDP accounting ({} conversion, orders {lo}..{hi})", self.conversion),
            None => "PLD accounting (certified FFT)".to_string(),
        };
        let steps = if self.steps_max > 0 { format!(", T = {}", self.steps_max) } else { String::new() };
        let mut s = format!("portfolio  {} ({} models, {}{steps})\nmerger     {merger}, {acc}\ntarget     ε′ = {}, δ′ = {:e}\n\n", p.file, p.models.len(), p.provenance, self.target.epsilon, self.target.delta);
        match &self.answer {
            Answer::Weights { weights, result, utility } => {
                s.push_str(&self.weights_table(weights, utility.as_deref()));
                s.push_str(&self.certificate_text(result));
            }
            Answer::Search { feasible, best, utility, note, certified_by } => {
                s.push_str(&search_text(&self.portfolio, feasible, best.as_ref(), utility.is_some()));
                if let (Some(basis), Some(reason)) = (certified_by, note) {
                    s.push_str(&format!("certified by {basis}\nreason: {reason}\n"));
                }
            }
        }
        s
    }

    fn weights_table(&self, w: &[f64], utility: Option<&[f64]>) -> String {
        let models = &self.portfolio.models;
        let width = models.iter().map(|m| m.name.chars().count()).max().unwrap_or(5).max(5);
        let mut s = format!("{:<width$}  {:<9}  {:>12}{}\n", "model", "mechanism", "weight", if utility.is_some() { "  utility" } else { "" });
        for (i, m) in models.iter().enumerate() {
            let ut = utility.map(|u| format!("  {}", u[i])).unwrap_or_default();
            s.push_str(&format!("{:<width$}  {:<9}  {:>12}{ut}\n", m.name, m.mechanism, fmt(w[i])));
        }
        s.push('\n');
        s
    }

    fn certificate_text(&self, r: &CertificateRow) -> String {
        let (target, delta) = (self.target.epsilon, self.target.delta);
        let Some(eps) = r.epsilon else {
            return format!("certified ε at δ = {delta:e}: {}\ncertified by {}\ntarget met: NO (nothing certified)\n", r.note.as_deref().unwrap_or("not computed"), r.certified_by);
        };
        let alpha = r.alpha.map(|a| format!(" (α = {a}{})", if r.at_grid_end { ", at the end of the order grid: widen --orders" } else { "" })).unwrap_or_default();
        let mut s = format!("certified ε = {} at δ = {delta:e}{alpha}\ncertified by {}\n", fmt(eps), r.certified_by);
        s.push_str(&if r.meets_target { format!("target met: yes (ε ≤ ε′ = {target})\n") } else { format!("target met: NO (ε > ε′ = {target})\n") });
        if let Some(pe) = r.paper_epsilon {
            s.push_str(&format!("paper's accounting (unsound for T>1, audit A1): ε = {}\n", fmt(pe)));
        }
        if let Some(pn) = &r.paper_note {
            s.push_str(&format!("paper's accounting (unsound for T>1, audit A1): {pn}\n"));
        }
        if let Some(n) = &r.note {
            s.push_str(&format!("reason: {n}\n"));
        }
        s
    }
}

fn search_text(portfolio: &PortfolioInfo, set: &FeasibleRows, best: Option<&BestWeights>, have_utility: bool) -> String {
    let names: Vec<&str> = portfolio.models.iter().map(|m| m.name.as_str()).collect();
    let mut s = String::new();
    if names.len() == 2 {
        s.push_str(&format!("feasible weights of {} (w2 = 1 − w1), lattice step 1/{}:\n", names[0], set.lattice_step));
        if set.intervals_w1.is_empty() {
            s.push_str("  none\n");
        }
        for (lo, hi) in &set.intervals_w1 {
            s.push_str(&format!("  w1 ∈ [{}, {}]\n", fmt(*lo), fmt(*hi)));
        }
    } else {
        s.push_str(&format!("lattice of step 1/{}: {} of {} points feasible\n", set.lattice_step, set.feasible_points, set.lattice_points));
        s.push_str(&format!("boundary points on lattice edges: {}\n", set.boundary.len()));
        for b in set.boundary.iter().take(12) {
            s.push_str(&format!("  w = ({})  ε = {}\n", weights_text(&b.weights), fmt(b.epsilon)));
        }
        if set.boundary.len() > 12 {
            s.push_str(&format!("  … {} more (--json lists all)\n", set.boundary.len() - 12));
        }
    }
    for p in set.lattice.iter().filter(|p| p.note.is_some()) {
        s.push_str(&format!("  w = ({})  {}\n", weights_text(&p.weights), p.note.as_deref().unwrap_or_default()));
    }
    if let Some(p) = set.lattice.iter().filter(|p| p.note.is_none()).min_by(|a, b| a.epsilon.total_cmp(&b.epsilon)) {
        s.push_str(&format!("smallest certified ε on the lattice: {} at w = ({})\n", fmt(p.epsilon), weights_text(&p.weights)));
    }
    match (best, have_utility) {
        (Some(b), _) => s.push_str(&format!("utility-best feasible weights: ({})  utility {}  certified ε = {} (slack {})\n", weights_text(&b.weights), fmt(b.utility), fmt(b.epsilon), fmt(b.slack))),
        (None, true) => s.push_str("utility-best feasible weights: none (no feasible point)\n"),
        (None, false) => s.push_str("utility-best feasible weights: give --utility or `utility` per model\n"),
    }
    s
}
