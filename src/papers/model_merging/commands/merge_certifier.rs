//! Which result of *DP Model Merging* certifies the ε of a merge, and that certificate, for
//! each merger × accounting × provenance (decision table: `docs/merging.md`):
//!
//! * RS, RDP: Theorem 5.1 + Algorithm 1 (`random_selection_rdp`) on the per-model RDP.
//! * RS, PLD: Theorem 5.2 + Algorithm 2: `max_dir Σ_i π_i δ_{i,dir}(ε) ≤ δ`, bisection on ε, on
//!   the per-model directional profiles (`portfolio::DirectionalProfile`).
//! * LC, independent DP-SGD runs, `T = max_i T_i = 1`: Theorem 6.2 + Algorithm 3 (RDP) or
//!   Theorem 6.4 + Corollary 6.5 + Algorithm 4 (PLD) — the paper's accounting.
//! * LC, `T > 1` (or models not given by DP-SGD hyper-parameters): the paper's per-step
//!   accounting is **not sound** in general (audit A1), so the certified value is Theorem 6.1's
//!   joint-release bound over the models with `λ_i > 0`; the paper's number is reported beside
//!   it, labelled unsound ([`A1_REASON`]).
//! * LC, checkpoints of one run (spec §15): the merge is post-processing of the run up to the
//!   latest positive-weight checkpoint, so its profile is bounded by the largest own profile
//!   among the positive-weight models.
//!
//! The Theorem 6.1 and checkpoint bounds depend on the weights only through their support, and
//! are cached by it. The cache key is the support itself (issue 14, F2: a 64-bit mask wrapped
//! for models 64, 65, … and returned another support's ε), and Theorem 6.1 sums the support's
//! models in a canonical order (by their curves, not by their position in the file), so the
//! certified ε does not depend on the order of the models in the portfolio.

use crate::papers::model_merging::common::conventions::{epsilon_from_rdp, Conversion, EpsilonAtOrder};
use crate::papers::model_merging::section_6::dpsgd_step::StepHyper;
use crate::papers::model_merging::commands::merge_request::{Accounting, Merger};
use crate::papers::model_merging::commands::portfolio::{DirectionalProfile, ModelKind, Portfolio, Provenance};
use crate::papers::model_merging::common::simplex::Simplex;
use crate::papers::model_merging::section_5::{random_selection_pld, random_selection_rdp as rsr};
use crate::papers::model_merging::section_6::{joint_release, linear_combination_pld, linear_combination_rdp as lcr, step_alignment};
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::pld::PldOptions;
use std::cell::RefCell;
use std::rc::Rc;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Why the paper's LC accounting is not reported as the certified value for T > 1 (audit A1).
pub const A1_REASON: &str = "the per-step LC accounting (Theorems 6.2/6.4, Corollary 6.5) is not sound for T > 1: each model's gradient is evaluated at its own unreleased iterate, so given the released merged trajectory the steps are not dominated by the 1-D surrogate pairs (audit A1: exact two-step Gaussian instance, paper ε ≈ 3.79 vs true ε ≈ 10.94 at δ = 1e-5); certified instead by Theorem 6.1 (joint release of the positive-weight models)";

/// Why Theorem 6.1 certifies LC when some model is not given by DP-SGD hyper-parameters.
pub const NOT_DPSGD_REASON: &str = "Theorems 6.2/6.4 need DP-SGD hyper-parameters for every model; certified by Theorem 6.1 (joint release)";

/// Why checkpoints of one run are certified by the latest checkpoint's own profile (spec §15).
pub const CHECKPOINT_REASON: &str = "checkpoints of one run: LC accounting (Section 6.2) does not apply; the merge is post-processing of the run up to its latest positive-weight checkpoint (spec §15)";

const BASIS_JOINT: &str = "Theorem 6.1 (joint release)";
const BASIS_CHECKPOINT: &str = "own profile of the latest checkpoint (Section 6.3)";

/// The result that certifies every weight vector of one merge question (the rows of the
/// decision table in the module doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certification {
    /// Theorem 5.1 + Algorithm 1.
    RandomSelectionRdp,
    /// Theorem 5.2 + Algorithm 2.
    RandomSelectionPld,
    /// The paper's per-step LC accounting, sound for T = 1 (Theorem 6.2 / 6.4).
    LinearCombinationPerStep,
    /// Theorem 6.1 over the support; `paper_beside`: all models are DP-SGD runs (T > 1), so the
    /// paper's unsound per-step number is shown beside it (A1).
    JointRelease { paper_beside: bool },
    /// Checkpoints of one run: the largest own profile over the support (spec §15).
    Checkpoint,
}

/// The certified ε of one weight vector and, where it differs, the paper's number.
#[derive(Clone, Debug, PartialEq)]
pub struct Certificate {
    /// Certified upper bound on ε at δ (rounded up; `+∞` when nothing can be certified).
    pub epsilon: f64,
    /// Minimising Rényi order (RDP accounting).
    pub alpha: Option<f64>,
    /// The minimising order is the first or last of the grid (widen the grid).
    pub at_grid_end: bool,
    /// The results that certify `epsilon`.
    pub basis: &'static str,
    /// The paper's LC accounting when it is not the certified value (T > 1).
    pub paper_epsilon: Option<f64>,
    /// Why the certificate is not the paper's own accounting.
    pub note: Option<&'static str>,
    /// Why the paper's number (shown beside the certificate for T > 1) could not be computed.
    pub paper_failure: Option<String>,
}

/// Everything of one merge question precomputed once: the per-model curves, the certification,
/// the LC step schedule, and the cache of support-only bounds.
pub struct Certifier {
    pub merger: Merger,
    pub accounting: Accounting,
    pub conv: Conversion,
    pub orders: Vec<f64>,
    pub delta: f64,
    pub portfolio: Portfolio,
    certification: Certification,
    opts: PldOptions,
    rdp: Option<Vec<Vec<f64>>>,
    /// Per-model directional profiles (PLD accounting), built on first use so that a model
    /// whose profile cannot be computed fails only the weights that use it.
    profiles: Option<RefCell<Vec<Option<std::result::Result<Rc<DirectionalProfile>, String>>>>>,
    groups: Option<Vec<(Vec<StepHyper>, u64)>>,
    t_max: u64,
    /// `rank[i]`: position of model i in the canonical order used to compose supports.
    rank: Vec<usize>,
    cache: RefCell<HashMap<Vec<usize>, EpsilonAtOrder>>,
}

impl Certifier {
    /// Decide the certification and precompute the per-model curves. Errors: δ ∉ (0, 1),
    /// unsupported combinations ([`Error::Unsupported`]), non-integer orders where Theorem 6.2
    /// needs integers, and the per-model curve errors.
    pub fn new(portfolio: Portfolio, merger: Merger, accounting: Accounting, conv: Conversion, orders: Vec<f64>, delta: f64) -> Result<Certifier> {
        crate::error::check::unit_open("delta", delta)?;
        let opts = PldOptions { reference_delta: delta, ..PldOptions::default() };
        let all_dpsgd = portfolio.models.iter().all(|m| matches!(m.kind, ModelKind::DpSgd { .. }));
        let independent = portfolio.provenance == Provenance::IndependentRuns;
        let t_max = portfolio.max_steps().unwrap_or(0);
        let rdp = if accounting == Accounting::Rdp { Some(portfolio.rdp_table(&orders)?) } else { None };
        let profiles = if accounting == Accounting::Pld && !(merger == Merger::Lc && independent) { Some(RefCell::new(vec![None; portfolio.len()])) } else { None };
        if merger == Merger::Lc && independent && accounting == Accounting::Pld && portfolio.models.iter().any(|m| matches!(m.kind, ModelKind::Curves { .. })) {
            return Err(Error::Unsupported("LC with PLD accounting needs every model as dp-sgd or gaussian (Theorem 6.1's joint PLD composes the models' privacy-loss laws); use --accounting rdp".into()));
        }
        if merger == Merger::Lc && accounting == Accounting::Rdp && independent && all_dpsgd {
            for &a in &orders {
                if a.fract() != 0.0 {
                    return Err(Error::invalid("--orders", a, "Theorem 6.2 needs integer orders >= 2"));
                }
            }
        }
        let groups = if merger == Merger::Lc && independent && all_dpsgd {
            let sched = portfolio.dpsgd_schedules()?;
            let hyper: Vec<StepHyper> = sched.iter().map(|s| s.0).collect();
            let steps: Vec<u64> = sched.iter().map(|s| s.1).collect();
            Some(step_alignment::constant_groups(&hyper, &steps)?)
        } else {
            None
        };
        let certification = match (merger, accounting) {
            (Merger::Rs, Accounting::Rdp) => Certification::RandomSelectionRdp,
            (Merger::Rs, Accounting::Pld) => Certification::RandomSelectionPld,
            (Merger::Lc, _) if !independent => Certification::Checkpoint,
            (Merger::Lc, _) if groups.is_some() && t_max == 1 => Certification::LinearCombinationPerStep,
            (Merger::Lc, _) => Certification::JointRelease { paper_beside: groups.is_some() },
        };
        let rank = canonical_rank(&portfolio, rdp.as_deref());
        Ok(Certifier { merger, accounting, conv, orders, delta, portfolio, certification, opts, rdp, profiles, groups, t_max, rank, cache: RefCell::new(HashMap::new()) })
    }

    /// Number of models.
    pub fn n(&self) -> usize {
        self.portfolio.len()
    }

    /// The largest step count (DP-SGD models), 0 when there are none.
    pub fn t_max(&self) -> u64 {
        self.t_max
    }

    /// The result that certifies this question's weights.
    pub fn certification(&self) -> Certification {
        self.certification
    }

    /// The basis and reason shared by every weight vector when the certificate is not the
    /// paper's own accounting (`None` for RS and for LC with T = 1).
    pub fn policy_note(&self) -> Option<(&'static str, &'static str)> {
        match self.certification {
            Certification::JointRelease { paper_beside: true } => Some((BASIS_JOINT, A1_REASON)),
            Certification::JointRelease { paper_beside: false } => Some((BASIS_JOINT, NOT_DPSGD_REASON)),
            Certification::Checkpoint => Some((BASIS_CHECKPOINT, CHECKPOINT_REASON)),
            _ => None,
        }
    }

    /// Certified ε of weights `w` (one per model; errors otherwise). With `with_paper`, also
    /// the paper's LC number where it is not the certified one (costly: for single weights).
    pub fn certify(&self, w: &Simplex, with_paper: bool) -> Result<Certificate> {
        if w.len() != self.n() {
            return Err(Error::invalid("--weights", format!("{} values", w.len()), &format!("the portfolio has {} models", self.n())));
        }
        match self.certification {
            Certification::RandomSelectionRdp => {
                let table = self.rdp.as_ref().ok_or_else(|| Error::Numerical("no per-model RDP prepared".into()))?;
                Ok(plain(rsr::rs_dp_eps_simplex(w, table, &self.orders, self.delta, self.conv)?, "Theorem 5.1 + Algorithm 1"))
            }
            Certification::RandomSelectionPld => Ok(Certificate { epsilon: self.rs_pld_eps(w)?, alpha: None, at_grid_end: false, basis: "Theorem 5.2 + Algorithm 2", paper_epsilon: None, note: None, paper_failure: None }),
            Certification::Checkpoint => self.checkpoint_bound(&w.support()),
            Certification::LinearCombinationPerStep => Ok(Certificate { basis: self.paper_basis(), ..self.paper_lc(w)? }),
            Certification::JointRelease { paper_beside } => {
                let mut c = self.joint_bound(&w.support())?;
                if paper_beside {
                    c.note = Some(A1_REASON);
                    if with_paper {
                        // The paper's number is shown beside the certificate; when it cannot be
                        // computed the row says why and the certificate stands.
                        match self.paper_lc(w) {
                            Ok(p) => c.paper_epsilon = Some(p.epsilon),
                            Err(Error::Interrupted) => return Err(Error::Interrupted),
                            Err(e) => c.paper_failure = Some(e.to_string()),
                        }
                    }
                } else {
                    c.note = Some(NOT_DPSGD_REASON);
                }
                Ok(c)
            }
        }
    }

    /// The certificate of a weight vector whose ε could not be computed: `+∞` (a trivially valid
    /// bound) with the basis and note of this question.
    pub fn not_computed(&self) -> Certificate {
        let (basis, note) = match self.policy_note() {
            Some((b, n)) => (b, Some(n)),
            None => (match self.certification {
                Certification::RandomSelectionRdp => "Theorem 5.1 + Algorithm 1",
                Certification::RandomSelectionPld => "Theorem 5.2 + Algorithm 2",
                _ => self.paper_basis(),
            }, None),
        };
        Certificate { epsilon: f64::INFINITY, alpha: None, at_grid_end: false, basis, paper_epsilon: None, note, paper_failure: None }
    }

    fn paper_basis(&self) -> &'static str {
        match self.accounting {
            Accounting::Rdp => "Theorem 6.2 + Algorithm 3",
            Accounting::Pld => "Theorem 6.4 + Corollary 6.5 + Algorithm 4",
        }
    }

    /// The paper's per-step LC accounting (sound for T = 1 only; audit A1).
    fn paper_lc(&self, w: &Simplex) -> Result<Certificate> {
        let groups = self.groups.as_ref().ok_or_else(|| Error::Unsupported("LC accounting needs DP-SGD models".into()))?;
        let steps = lcr::lc_steps_simplex(w, groups)?;
        match self.accounting {
            Accounting::Rdp => Ok(plain(lcr::lc_dp_eps(&steps, &self.orders, self.delta, self.conv)?, "")),
            Accounting::Pld => {
                let e = linear_combination_pld::lc_pld_epsilon(&steps, self.delta, &self.opts)?;
                Ok(Certificate { epsilon: e.upper, alpha: None, at_grid_end: false, basis: "", paper_epsilon: None, note: None, paper_failure: None })
            }
        }
    }

    /// Theorem 6.1 over the models in `support` (cached by the support; composed in the
    /// canonical order, so the value does not depend on the models' positions).
    fn joint_bound(&self, support: &[usize]) -> Result<Certificate> {
        if let Some(e) = self.cache.borrow().get(support) {
            return Ok(plain(*e, BASIS_JOINT));
        }
        let mut ordered = support.to_vec();
        ordered.sort_by_key(|&i| self.rank[i]);
        let e = match &self.rdp {
            Some(table) => {
                let rows: Vec<Vec<f64>> = ordered.iter().map(|&i| table[i].clone()).collect();
                epsilon_from_rdp(&self.orders, &joint_release::joint_rdp(&rows)?, self.delta, self.conv)?
            }
            None => {
                let mechs: Vec<Option<(Mechanism, u64)>> = ordered.iter().map(|&i| mechanism_of(&self.portfolio, i)).collect::<Result<_>>()?;
                if mechs.iter().any(Option::is_none) {
                    // A non-private model (σ = 0, q > 0) in the release: δ_joint(ε) = 1 for
                    // every ε, so nothing is certified (as the RDP route's +∞ says).
                    EpsilonAtOrder { epsilon: f64::INFINITY, alpha: f64::NAN, at_grid_end: false }
                } else {
                    let mechs: Vec<(Mechanism, u64)> = mechs.into_iter().flatten().filter(|(m, _)| !matches!(m, Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } if *sampling_rate == 0.0)).collect();
                    if mechs.is_empty() {
                        EpsilonAtOrder { epsilon: 0.0, alpha: f64::NAN, at_grid_end: false } // no model ever samples the record
                    } else {
                        let iv = joint_release::epsilon_joint(&mechs, self.delta, &self.opts)?;
                        EpsilonAtOrder { epsilon: iv.upper, alpha: f64::NAN, at_grid_end: false }
                    }
                }
            }
        };
        self.cache.borrow_mut().insert(support.to_vec(), e);
        Ok(plain(e, BASIS_JOINT))
    }

    /// Checkpoints of one run: the largest own profile among positive-weight models (spec §15).
    fn checkpoint_bound(&self, support: &[usize]) -> Result<Certificate> {
        let note = Some(CHECKPOINT_REASON);
        match &self.rdp {
            Some(table) => {
                let maxrow: Vec<f64> = (0..self.orders.len()).map(|k| support.iter().map(|&i| table[i][k]).fold(0.0, f64::max)).collect();
                let e = epsilon_from_rdp(&self.orders, &maxrow, self.delta, self.conv)?;
                Ok(Certificate { note, ..plain(e, BASIS_CHECKPOINT) })
            }
            None => {
                let mut worst: f64 = 0.0;
                for &i in support {
                    worst = worst.max(self.rs_pld_eps(&Simplex::vertex(self.n(), i)?)?);
                }
                Ok(Certificate { epsilon: worst, alpha: None, at_grid_end: false, basis: BASIS_CHECKPOINT, paper_epsilon: None, note, paper_failure: None })
            }
        }
    }

    /// Model `i`'s directional profile, built on first use (the certified FFT runs once per
    /// model); a failure is remembered and reported, naming the model, for every weight vector
    /// that uses it.
    fn profile(&self, i: usize) -> Result<Rc<DirectionalProfile>> {
        let cell = self.profiles.as_ref().ok_or_else(|| Error::Numerical("no per-model profiles prepared (a bug in dpaudit)".into()))?;
        if let Some(r) = &cell.borrow()[i] {
            return r.clone().map_err(Error::Numerical);
        }
        let m = &self.portfolio.models[i];
        let r = m.directional_profile(&self.opts).map(Rc::new).map_err(|e| format!("model '{}' ({}:{}): {e}", m.name, self.portfolio.file, m.line));
        cell.borrow_mut()[i] = Some(r.clone());
        r.map_err(Error::Numerical)
    }

    /// Algorithm 2 (Theorem 5.2) on the portfolio profiles of the models with `π_i > 0`: the
    /// certified upper end of [`random_selection_pld::rs_pld_eps_simplex`] (profiles are upper
    /// bounds, see `DirectionalCurve for DirectionalProfile`).
    fn rs_pld_eps(&self, pi: &Simplex) -> Result<f64> {
        let used: Vec<Option<Rc<DirectionalProfile>>> = (0..self.n()).map(|i| if pi[i] > 0.0 { self.profile(i).map(Some) } else { Ok(None) }).collect::<Result<_>>()?;
        // Models with π_i = 0 do not enter the sums (any curve stands in for them).
        let refs: Vec<&dyn random_selection_pld::DirectionalCurve> = used.iter().map(|p| match p {
            Some(p) => p.as_ref() as &dyn random_selection_pld::DirectionalCurve,
            None => &random_selection_pld::NonPrivateCurve as &dyn random_selection_pld::DirectionalCurve,
        }).collect();
        Ok(random_selection_pld::rs_pld_eps_simplex(pi, &refs, self.delta)?.upper)
    }
}

/// Whether `e` concerns one weight vector only (a computation that failed there: it is reported
/// on that row) rather than the whole question (bad input, interruption).
pub fn is_row_failure(e: &Error) -> bool {
    matches!(e, Error::Numerical(_) | Error::Unsupported(_))
}

fn plain(e: EpsilonAtOrder, basis: &'static str) -> Certificate {
    Certificate { epsilon: e.epsilon, alpha: if e.alpha.is_nan() { None } else { Some(e.alpha) }, at_grid_end: e.at_grid_end, basis, paper_epsilon: None, note: None, paper_failure: None }
}

/// Canonical order of the models for composing a support: by RDP row, largest first
/// (lexicographic over the orders) under RDP accounting; by mechanism otherwise (noise
/// multiplier ascending, then sampling rate and count descending). Ties are models with equal
/// curves, whose order cannot change a sum. Returns `rank[i]`, model i's position.
fn canonical_rank(p: &Portfolio, rdp: Option<&[Vec<f64>]>) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..p.len()).collect();
    match rdp {
        Some(table) => idx.sort_by(|&a, &b| lexicographic(&table[b], &table[a])),
        None => idx.sort_by(|&a, &b| lexicographic(&mechanism_key(p, a), &mechanism_key(p, b))),
    }
    let mut rank = vec![0; p.len()];
    for (r, &i) in idx.iter().enumerate() {
        rank[i] = r;
    }
    rank
}

fn lexicographic(a: &[f64], b: &[f64]) -> Ordering {
    a.iter().zip(b).map(|(x, y)| x.total_cmp(y)).find(|o| o.is_ne()).unwrap_or_else(|| a.len().cmp(&b.len()))
}

/// `(kind, σ, −q, −count)` of a model's privacy-loss law (curve models last).
fn mechanism_key(p: &Portfolio, i: usize) -> [f64; 4] {
    match &p.models[i].kind {
        ModelKind::DpSgd { hyper, steps } => [0.0, hyper.noise_multiplier, -hyper.sampling_rate, -(*steps as f64)],
        ModelKind::Gaussian { noise_multiplier, compositions } => [1.0, *noise_multiplier, 0.0, -(*compositions as f64)],
        ModelKind::Curves { .. } => [2.0, 0.0, 0.0, 0.0],
    }
}

/// The mechanism and count of model `i` for the joint PLD of Theorem 6.1; `None` for a
/// non-private DP-SGD model (σ = 0 with q > 0: its release determines the record's presence).
fn mechanism_of(p: &Portfolio, i: usize) -> Result<Option<(Mechanism, u64)>> {
    match &p.models[i].kind {
        ModelKind::DpSgd { hyper, .. } if hyper.noise_multiplier == 0.0 && hyper.sampling_rate > 0.0 => Ok(None),
        ModelKind::DpSgd { hyper, steps } => Ok(Some((Mechanism::PoissonSubsampledGaussian { noise_multiplier: hyper.noise_multiplier.max(f64::MIN_POSITIVE), sensitivity: 1.0, sampling_rate: hyper.sampling_rate }, *steps))),
        ModelKind::Gaussian { noise_multiplier, compositions } => Ok(Some((Mechanism::Gaussian { noise_multiplier: *noise_multiplier, sensitivity: 1.0 }, *compositions))),
        ModelKind::Curves { .. } => Err(Error::Unsupported(format!("model '{}' is given by curves; the joint PLD needs its privacy-loss law", p.models[i].name))),
    }
}

#[cfg(test)]
#[path = "merge_certifier_test.rs"]
mod merge_certifier_test;
