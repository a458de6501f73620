//! The certified ε of one weight vector for `dpaudit merge` — which theorem certifies what, for
//! each merger × accounting × provenance (the decision table is in `docs/merging.md`):
//!
//! * RS, RDP: Theorem 5.1 + Algorithm 1 (`random_selection_rdp::rs_dp_eps`) on the per-model RDP.
//! * RS, PLD: Theorem 5.2 + Algorithm 2: `max_dir Σ_i π_i δ_{i,dir}(ε) ≤ δ`, bisection on ε,
//!   on the per-model directional profiles (`portfolio::DirectionalProfile`).
//! * LC, independent DP-SGD runs, `T = max_i T_i = 1`: Theorem 6.2 + Algorithm 3 (RDP) or
//!   Theorem 6.4 + Corollary 6.5 + Algorithm 4 (PLD) — the paper's accounting.
//! * LC, `T > 1` (or models not given by DP-SGD hyper-parameters): the paper's per-step
//!   accounting is **not sound** in general (audit A1), so the certified value is Theorem 6.1's
//!   joint-release bound over the models with `λ_i > 0`; the paper's number is reported beside it,
//!   labelled unsound.
//! * LC, checkpoints of one run (spec §15): the merge is post-processing of the run up to the
//!   latest positive-weight checkpoint, so its profile is bounded by the largest own profile
//!   among the positive-weight models.

use crate::error::{Error, Result};
use crate::papers::model_merging::conventions::{epsilon_from_rdp, Conversion, EpsilonAtOrder};
use crate::papers::model_merging::dpsgd_step::StepHyper;
use crate::papers::model_merging::random_selection_pld;
use crate::papers::model_merging::portfolio::{DirectionalProfile, ModelKind, Portfolio, Provenance};
use crate::papers::model_merging::{joint_release, linear_combination_rdp as lcr, random_selection_rdp as rsr, step_alignment};
use crate::pld::PldOptions;
use std::cell::RefCell;
use std::collections::HashMap;

/// Why the paper's LC accounting is not reported as the certified value for T > 1.
pub const A1_REASON: &str = "the per-step LC accounting (Theorems 6.2/6.4, Corollary 6.5) is not sound for T > 1: each model's gradient is evaluated at its own unreleased iterate, so given the released merged trajectory the steps are not dominated by the 1-D surrogate pairs (audit A1: exact two-step Gaussian instance, paper ε ≈ 3.79 vs true ε ≈ 10.94 at δ = 1e-5); certified instead by Theorem 6.1 (joint release of the positive-weight models)";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merger {
    Rs,
    Lc,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accounting {
    Rdp,
    Pld,
}

/// The certified ε of one weight vector and, where it differs, the paper's number.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// Certified upper bound on ε at δ (rounded up; `+∞` when nothing can be certified).
    pub epsilon: f64,
    /// Minimising Rényi order (RDP accounting).
    pub alpha: Option<f64>,
    pub at_grid_end: bool,
    /// The results that certify `epsilon`.
    pub basis: &'static str,
    /// The paper's LC accounting when it is not the certified value (T > 1), and why.
    pub paper_epsilon: Option<f64>,
    pub note: Option<&'static str>,
}

/// Everything precomputed once per run.
pub struct Evaluator {
    pub merger: Merger,
    pub accounting: Accounting,
    pub conv: Conversion,
    pub orders: Vec<f64>,
    pub delta: f64,
    pub portfolio: Portfolio,
    opts: PldOptions,
    rdp: Option<Vec<Vec<f64>>>,
    profiles: Option<Vec<DirectionalProfile>>,
    groups: Option<Vec<(Vec<StepHyper>, u64)>>,
    t_max: u64,
    cache: RefCell<HashMap<u64, EpsilonAtOrder>>,
}

impl Evaluator {
    /// Validate the combination and precompute per-model curves. Errors: unsupported
    /// combinations ([`Error::Unsupported`]), bad δ, and the per-model curve errors.
    pub fn new(portfolio: Portfolio, merger: Merger, accounting: Accounting, conv: Conversion, orders: Vec<f64>, delta: f64) -> Result<Evaluator> {
        crate::error::check::unit_open("delta", delta)?;
        let opts = PldOptions { reference_delta: delta, ..PldOptions::default() };
        let all_dpsgd = portfolio.models.iter().all(|m| matches!(m.kind, ModelKind::DpSgd { .. }));
        let independent = portfolio.provenance == Provenance::IndependentRuns;
        let t_max = portfolio.max_steps().unwrap_or(0);
        let rdp = if accounting == Accounting::Rdp { Some(portfolio.rdp_table(&orders)?) } else { None };
        let profiles = if accounting == Accounting::Pld && !(merger == Merger::Lc && independent) {
            Some(portfolio.models.iter().map(|m| m.directional_profile(&opts)).collect::<Result<Vec<_>>>()?)
        } else {
            None
        };
        if merger == Merger::Lc && independent && accounting == Accounting::Pld && !portfolio.models.iter().all(|m| !matches!(m.kind, ModelKind::Curves { .. })) {
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
            let aligned = step_alignment::align_steps(step_alignment::constant_schedules(&hyper, &steps)?)?;
            Some(step_alignment::per_step_groups(&aligned)?)
        } else {
            None
        };
        Ok(Evaluator { merger, accounting, conv, orders, delta, portfolio, opts, rdp, profiles, groups, t_max, cache: RefCell::new(HashMap::new()) })
    }

    /// Number of models.
    pub fn n(&self) -> usize {
        self.portfolio.len()
    }

    /// The largest step count (DP-SGD models), 0 when there are none.
    pub fn t_max(&self) -> u64 {
        self.t_max
    }

    /// Certified ε of weights `w` (validated on the simplex). With `with_paper`, also the paper's
    /// LC number where it is not the certified one (costly: only for single evaluations).
    pub fn eval(&self, w: &[f64], with_paper: bool) -> Result<Evaluation> {
        if w.len() != self.n() {
            return Err(Error::invalid("--weights", format!("{} values", w.len()), &format!("the portfolio has {} models", self.n())));
        }
        crate::papers::model_merging::conventions::validate_simplex("weights", w, crate::papers::model_merging::conventions::SIMPLEX_TOL)?;
        match self.merger {
            Merger::Rs => self.eval_rs(w),
            Merger::Lc => self.eval_lc(w, with_paper),
        }
    }

    fn eval_rs(&self, w: &[f64]) -> Result<Evaluation> {
        match (&self.rdp, &self.profiles) {
            (Some(table), _) => {
                let e = rsr::rs_dp_eps(w, table, &self.orders, self.delta, self.conv)?;
                Ok(plain(e, "Theorem 5.1 + Algorithm 1"))
            }
            (None, Some(p)) => {
                let e = rs_pld_eps(w, p, self.delta)?;
                Ok(Evaluation { epsilon: e, alpha: None, at_grid_end: false, basis: "Theorem 5.2 + Algorithm 2", paper_epsilon: None, note: None })
            }
            _ => Err(Error::Numerical("no per-model curves prepared".into())),
        }
    }

    fn eval_lc(&self, w: &[f64], with_paper: bool) -> Result<Evaluation> {
        let support: Vec<usize> = (0..w.len()).filter(|&i| w[i] > 0.0).collect();
        if self.portfolio.provenance == Provenance::SameRunCheckpoints {
            return self.checkpoint_bound(&support);
        }
        let paper_ok = self.groups.is_some() && self.t_max == 1;
        if paper_ok {
            return self.paper_lc(w).map(|e| Evaluation { basis: self.paper_basis(), ..e });
        }
        let mut ev = self.joint_bound(&support)?;
        if self.groups.is_some() {
            ev.note = Some(A1_REASON);
            if with_paper {
                ev.paper_epsilon = Some(self.paper_lc(w)?.epsilon);
            }
        } else {
            ev.note = Some("Theorems 6.2/6.4 need DP-SGD hyper-parameters for every model; certified by Theorem 6.1 (joint release)");
        }
        Ok(ev)
    }

    fn paper_basis(&self) -> &'static str {
        match self.accounting {
            Accounting::Rdp => "Theorem 6.2 + Algorithm 3",
            Accounting::Pld => "Theorem 6.4 + Corollary 6.5 + Algorithm 4",
        }
    }

    /// The paper's per-step LC accounting (sound for T = 1 only).
    fn paper_lc(&self, w: &[f64]) -> Result<Evaluation> {
        let groups = self.groups.as_ref().ok_or_else(|| Error::Unsupported("LC accounting needs DP-SGD models".into()))?;
        let steps = lcr::lc_steps(w, groups)?;
        match self.accounting {
            Accounting::Rdp => Ok(plain(lcr::lc_dp_eps(&steps, &self.orders, self.delta, self.conv)?, "")),
            Accounting::Pld => {
                let e = crate::papers::model_merging::linear_combination_pld::lc_pld_epsilon(&steps, self.delta, &self.opts)?;
                Ok(Evaluation { epsilon: e.upper, alpha: None, at_grid_end: false, basis: "", paper_epsilon: None, note: None })
            }
        }
    }

    /// Theorem 6.1 over the models in `support` (cached by support).
    fn joint_bound(&self, support: &[usize]) -> Result<Evaluation> {
        let key = support.iter().fold(0u64, |k, &i| k | 1 << i);
        if let Some(e) = self.cache.borrow().get(&key) {
            return Ok(plain(*e, "Theorem 6.1 (joint release)"));
        }
        let e = match &self.rdp {
            Some(table) => {
                let rows: Vec<Vec<f64>> = support.iter().map(|&i| table[i].clone()).collect();
                epsilon_from_rdp(&self.orders, &joint_release::joint_rdp(&rows)?, self.delta, self.conv)?
            }
            None => {
                let mechs = support.iter().map(|&i| mechanism_of(&self.portfolio, i)).collect::<Result<Vec<_>>>()?;
                let iv = joint_release::epsilon_joint(&mechs, self.delta, &self.opts)?;
                EpsilonAtOrder { epsilon: iv.upper, alpha: f64::NAN, at_grid_end: false }
            }
        };
        self.cache.borrow_mut().insert(key, e);
        Ok(plain(e, "Theorem 6.1 (joint release)"))
    }

    /// Checkpoints of one run: the largest own profile among positive-weight models (spec §15).
    fn checkpoint_bound(&self, support: &[usize]) -> Result<Evaluation> {
        let note = Some("checkpoints of one run: LC accounting (Section 6.2) does not apply; the merge is post-processing of the run up to its latest positive-weight checkpoint (spec §15)");
        match &self.rdp {
            Some(table) => {
                let maxrow: Vec<f64> = (0..self.orders.len()).map(|k| support.iter().map(|&i| table[i][k]).fold(0.0, f64::max)).collect();
                let e = epsilon_from_rdp(&self.orders, &maxrow, self.delta, self.conv)?;
                Ok(Evaluation { note, ..plain(e, "own profile of the latest checkpoint (Section 6.3)") })
            }
            None => {
                let p = self.profiles.as_ref().ok_or_else(|| Error::Numerical("no profiles".into()))?;
                let mut worst: f64 = 0.0;
                for &i in support {
                    let mut one = vec![0.0; self.n()];
                    one[i] = 1.0;
                    worst = worst.max(rs_pld_eps(&one, p, self.delta)?);
                }
                Ok(Evaluation { epsilon: worst, alpha: None, at_grid_end: false, basis: "own profile of the latest checkpoint (Section 6.3)", paper_epsilon: None, note })
            }
        }
    }
}

fn plain(e: EpsilonAtOrder, basis: &'static str) -> Evaluation {
    Evaluation { epsilon: e.epsilon, alpha: if e.alpha.is_nan() { None } else { Some(e.alpha) }, at_grid_end: e.at_grid_end, basis, paper_epsilon: None, note: None }
}

/// The mechanism and count of model `i` for the joint PLD of Theorem 6.1.
fn mechanism_of(p: &Portfolio, i: usize) -> Result<(crate::mechanisms::Mechanism, u64)> {
    use crate::mechanisms::Mechanism;
    match &p.models[i].kind {
        ModelKind::DpSgd { hyper, steps } if hyper.noise_multiplier > 0.0 => {
            Ok((Mechanism::PoissonSubsampledGaussian { noise_multiplier: hyper.noise_multiplier, sensitivity: 1.0, sampling_rate: hyper.sampling_rate }, *steps))
        }
        ModelKind::DpSgd { .. } => Err(Error::Unsupported(format!("model '{}' has noise_multiplier 0 (non-private)", p.models[i].name))),
        ModelKind::Gaussian { noise_multiplier, compositions } => Ok((Mechanism::Gaussian { noise_multiplier: *noise_multiplier, sensitivity: 1.0 }, *compositions)),
        ModelKind::Curves { .. } => Err(Error::Unsupported(format!("model '{}' is given by curves; the joint PLD needs its privacy-loss law", p.models[i].name))),
    }
}

/// Algorithm 2 (Theorem 5.2) on portfolio profiles: the certified upper end of
/// [`random_selection_pld::rs_pld_eps`] (profiles are upper bounds, see `DirectionalCurve for
/// DirectionalProfile`).
pub fn rs_pld_eps(pi: &[f64], profiles: &[DirectionalProfile], delta: f64) -> Result<f64> {
    let refs: Vec<&dyn random_selection_pld::DirectionalCurve> = profiles.iter().map(|p| p as &dyn random_selection_pld::DirectionalCurve).collect();
    Ok(random_selection_pld::rs_pld_eps(pi, &refs, delta)?.upper)
}
