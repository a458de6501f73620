//! The request and the rows of `dpaudit partition` (see [`super::partition_report`]): what is
//! asked, its validation, and the report's types. Separate from the computation so that the row
//! builders (`partition_rows.rs`) and the report (`partition_report.rs`) share them without an
//! import cycle.

use crate::papers::balanced_iteration::mixture_pair::{MAX_D, MAX_ORDER};
use crate::error::{check, Error, Result};
use crate::num::Interval;
use crate::papers::balanced_iteration::section_3_1::terms::{serialize_opt_interval, OrderTerms};
use crate::papers::Guarantee;
use serde::{Serialize, Serializer};

/// What is asked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// δ at this ε ≥ 0.
    Delta { epsilon: f64 },
    /// ε at this δ ∈ (0, 1).
    Epsilon { delta: f64 },
    /// The smallest noise σ (multiple of nothing: absolute, like `--sigma`) meeting (ε, δ).
    Sigma { epsilon: f64, delta: f64 },
}

/// A request (validated by [`PartitionRequest::validate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionRequest {
    /// Number of iterations `T` of one epoch.
    pub iterations: u64,
    /// Uses per record per epoch (Balanced Iteration Subsampling), `1 ≤ k ≤ T − 1`.
    pub k: Option<u64>,
    /// Poisson rate `γ` (default `k/T`).
    pub gamma: Option<f64>,
    /// Noise standard deviation per coordinate (required unless the target is σ).
    pub sigma: Option<f64>,
    /// Clipping norm `c` (sensitivity).
    pub clip: f64,
    /// Number of disjoint sub-models `d` (Theorem 3.4; 1 = no splitting).
    pub submodels: u64,
    /// Independent epochs (Remark 3.10; Poisson runs `T · epochs` steps).
    pub epochs: u64,
    pub target: Target,
    /// Integer Rényi orders.
    pub orders: Vec<u64>,
}

/// The RDP part of a row: the order at which the row's answer was attained.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RdpAt {
    pub order: u64,
    /// The (composed) RDP value at that order.
    pub rdp: f64,
    /// The optimum sits at an end of the order grid (a wider `--orders` may help).
    pub at_grid_end: bool,
}

/// One line of the report. JSON: `{"key", "result", "what", "guarantee", "certified", "value",
/// "interval": [lower, upper], "order", "rdp", "order_at_grid_end", "note"}`; a row that could not
/// be computed has `value` null and a note starting "not computed: ".
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub key: &'static str,
    pub result: &'static str,
    pub what: String,
    pub guarantee: Guarantee,
    /// Usable for accounting (every ingredient proven); `false` rows are for comparison only.
    pub certified: bool,
    /// The answer (ε, δ or σ, per [`Target`]); `None`: see `note`.
    pub value: Option<f64>,
    /// Certified interval of the answer (PLD and hockey-stick rows).
    pub interval: Option<Interval>,
    pub rdp: Option<RdpAt>,
    pub note: String,
}

#[derive(Serialize)]
struct RowJson<'a> {
    key: &'a str,
    result: &'a str,
    what: &'a str,
    guarantee: Guarantee,
    certified: bool,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    value: Option<f64>,
    #[serde(serialize_with = "serialize_opt_interval")]
    interval: Option<Interval>,
    order: Option<u64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    rdp: Option<f64>,
    order_at_grid_end: Option<bool>,
    note: &'a str,
}

impl Serialize for Row {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        RowJson {
            key: self.key,
            result: self.result,
            what: &self.what,
            guarantee: self.guarantee,
            certified: self.certified,
            value: self.value,
            interval: self.interval,
            order: self.rdp.map(|x| x.order),
            rdp: self.rdp.map(|x| x.rdp),
            order_at_grid_end: self.rdp.map(|x| x.at_grid_end),
            note: &self.note,
        }
        .serialize(s)
    }
}

/// The answer.
#[derive(Clone, Debug, PartialEq)]
pub struct PartitionReport {
    pub request: PartitionRequest,
    /// Poisson rate used (`γ` or `k/T`), if any Poisson row was computed.
    pub gamma: Option<f64>,
    pub rows: Vec<Row>,
    /// Balanced Iteration Subsampling's certified (ε, δ) beyond RDP (a certified δ(ε) / ε(δ) of
    /// the pair of Theorem 3.1 directly; the interval of the `bis_certified_dp` row): `None`
    /// without `--k`, for a σ target, for several epochs, or when that row was not computed.
    pub bis_certified_dp: Option<Interval>,
    /// Theorem 3.1's terms of one run at the order of the first certified RDP row (the pair with
    /// `d = T` for `--k`, `d = --submodels, k = 1` for model splitting): `F_α`, `G_α`, `s_α`,
    /// `R^∞`, `R^paper`, the printed terms, the exact reverse divergence (`k = 1`) and its Monte
    /// Carlo interval — the same library values as the result cards.
    pub terms: Option<OrderTerms>,
    /// Why `terms` is absent, if it is.
    pub terms_note: String,
}

#[derive(Serialize)]
struct ReportJson<'a> {
    command: &'static str,
    paper: &'static str,
    iterations: u64,
    k: Option<u64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    gamma: Option<f64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    sigma: Option<f64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_f64")]
    clip: f64,
    submodels: u64,
    epochs: u64,
    quantity: &'static str,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    epsilon: Option<f64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    delta: Option<f64>,
    orders: [Option<u64>; 2],
    rows: &'a [Row],
    #[serde(serialize_with = "serialize_opt_interval")]
    bis_certified_dp: Option<Interval>,
    terms: Option<&'a OrderTerms>,
    terms_note: &'a str,
}

impl Serialize for PartitionReport {
    /// The JSON of `dpaudit partition --json` (field names as before the rebuild, plus `terms`).
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let q = &self.request;
        let (epsilon, delta) = match q.target {
            Target::Delta { epsilon } => (Some(epsilon), None),
            Target::Epsilon { delta } => (None, Some(delta)),
            Target::Sigma { epsilon, delta } => (Some(epsilon), Some(delta)),
        };
        ReportJson {
            command: "partition",
            paper: "balanced_iteration",
            iterations: q.iterations,
            k: q.k,
            gamma: self.gamma,
            sigma: q.sigma,
            clip: q.clip,
            submodels: q.submodels,
            epochs: q.epochs,
            quantity: q.target.quantity(),
            epsilon,
            delta,
            orders: [q.orders.first().copied(), q.orders.last().copied()],
            rows: &self.rows,
            bis_certified_dp: self.bis_certified_dp,
            terms: self.terms.as_ref(),
            terms_note: &self.terms_note,
        }
        .serialize(s)
    }
}

impl Target {
    /// The reported quantity: `delta`, `epsilon` or `sigma`.
    pub fn quantity(&self) -> &'static str {
        match self {
            Target::Delta { .. } => "delta",
            Target::Epsilon { .. } => "epsilon",
            Target::Sigma { .. } => "sigma",
        }
    }
}

/// The range of `σ/c` accepted: (smallest, largest).
pub const SIGMA_RANGE: (f64, f64) = (1e-3, 1e6);

/// Parse `--orders`: `LO..HI` (integers) or a comma list of integers, each in `[2, 4096]`.
pub fn parse_orders(s: &str) -> Result<Vec<u64>> {
    let bad = |why: &str| Error::invalid("--orders", s, why);
    let mut v: Vec<u64> = if let Some((a, b)) = s.split_once("..") {
        let lo: u64 = a.trim().parse().map_err(|_| bad("expected LO..HI with integers"))?;
        let hi: u64 = b.trim().trim_start_matches('=').parse().map_err(|_| bad("expected LO..HI with integers"))?;
        if hi < lo {
            return Err(bad("needs LO <= HI"));
        }
        (lo..=hi).collect()
    } else {
        s.split(',').map(|x| x.trim().parse::<u64>().map_err(|_| bad("Theorem 3.1 needs integer orders"))).collect::<Result<_>>()?
    };
    if v.is_empty() || v.iter().any(|&a| !(2..=MAX_ORDER).contains(&a)) {
        return Err(bad(&format!("orders must be integers in [2, {MAX_ORDER}]")));
    }
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

impl PartitionRequest {
    /// Validate (one error per bad parameter, named as on the command line). `k = T` (every
    /// record in every iteration) is rejected: there is no subsampling, use `dpaudit profile
    /// --mechanism gaussian`.
    pub fn validate(&self) -> Result<()> {
        let t = self.iterations;
        if !(1..=MAX_D).contains(&t) {
            return Err(Error::invalid("--iterations", t, &format!("must lie in [1, {MAX_D}]")));
        }
        if !(self.clip.is_finite() && self.clip > 0.0) {
            return Err(Error::invalid("--clip", self.clip, "must be a finite number > 0"));
        }
        if let Some(k) = self.k {
            if t < 2 {
                return Err(Error::invalid("--iterations", t, "Balanced Iteration Subsampling needs T >= 2"));
            }
            if k == t {
                return Err(Error::invalid("--k", k, "k = T uses every record in every iteration (no subsampling): use dpaudit profile --mechanism gaussian --steps T"));
            }
            if !(1..t).contains(&k) {
                return Err(Error::invalid("--k", k, &format!("must lie in [1, T - 1] = [1, {}]", t - 1)));
            }
        }
        if let Some(g) = self.gamma {
            if !(g > 0.0 && g <= 1.0) {
                return Err(Error::invalid("--gamma", g, "the Poisson rate must lie in (0, 1]"));
            }
        }
        if self.submodels == 0 || self.submodels > MAX_D {
            return Err(Error::invalid("--submodels", self.submodels, &format!("must lie in [1, {MAX_D}]")));
        }
        if self.submodels > 1 && self.k.is_some() {
            return Err(Error::invalid("--submodels", self.submodels, "model splitting combined with Balanced Iteration Subsampling has no theorem in the paper (use --submodels with --gamma, or alone for Theorem 3.4)"));
        }
        if self.k.is_none() && self.gamma.is_none() && self.submodels == 1 {
            return Err(Error::invalid("--k", "missing", "give --k (Balanced Iteration Subsampling), --gamma (Poisson) or --submodels >= 2 (model splitting)"));
        }
        if self.epochs == 0 || self.epochs > 1_000_000 {
            return Err(Error::invalid("--epochs", self.epochs, "must lie in [1, 1000000]"));
        }
        match (self.target, self.sigma) {
            (Target::Sigma { .. }, Some(s)) => return Err(Error::invalid("--sigma", s, "not allowed with --target-epsilon (σ is what is computed)")),
            (Target::Sigma { .. }, None) => {}
            (_, None) => return Err(Error::invalid("--sigma", "missing", "required unless --target-epsilon is given")),
            (_, Some(s)) => {
                if !(s.is_finite() && s > 0.0) {
                    return Err(Error::invalid("--sigma", s, "must be a finite number > 0"));
                }
                let r = s / self.clip;
                if !(SIGMA_RANGE.0..=SIGMA_RANGE.1).contains(&r) {
                    return Err(Error::invalid("--sigma", s, "sigma/clip must lie in [0.001, 1e6]"));
                }
            }
        }
        match self.target {
            Target::Delta { epsilon } => {
                if !(epsilon.is_finite() && epsilon >= 0.0) {
                    return Err(Error::invalid("--epsilon", epsilon, "must be a finite number >= 0"));
                }
            }
            Target::Epsilon { delta } => {
                check::unit_open("--delta", delta)?;
            }
            Target::Sigma { epsilon, delta } => {
                if !(epsilon.is_finite() && epsilon > 0.0) {
                    return Err(Error::invalid("--target-epsilon", epsilon, "must be a finite number > 0"));
                }
                check::unit_open("--delta", delta)?;
            }
        }
        if self.orders.is_empty() || self.orders.iter().any(|&a| !(2..=MAX_ORDER).contains(&a)) {
            return Err(Error::invalid("--orders", self.orders.len(), &format!("orders must be integers in [2, {MAX_ORDER}]")));
        }
        if self.iterations.saturating_mul(self.epochs) > crate::profile::MAX_STEPS {
            return Err(Error::invalid("--epochs", self.epochs, "T · epochs exceeds 2^40 steps"));
        }
        Ok(())
    }

    /// The Poisson rate: `--gamma`, else `k/T`.
    pub fn poisson_rate(&self) -> Option<f64> {
        self.gamma.or(self.k.map(|k| k as f64 / self.iterations as f64))
    }
}
