//! The rows of `dpaudit partition` ([`super::partition_report`]): an RDP curve converted by
//! Proposition 2.3 (Mironov 2017, as restated by Dong, Chen, Özgür 2025; spec §9), or inverted
//! for the noise σ meeting a target by bisection; the certified PLD of Poisson subsampling
//! ([`crate::pld`]); the joint Poisson + model-splitting pair (spec §3, forward only); the
//! shuffled-batch instance of Remark 3.9 (spec §14, a lower bound).

use crate::papers::balanced_iteration::section_2::conversion::{proposition_2_3_delta, proposition_2_3_epsilon};
use crate::papers::balanced_iteration::commands::partition_request::{PartitionRequest, RdpAt, Row, Target, SIGMA_RANGE};
use crate::papers::balanced_iteration::section_3_3::shuffle::remark_3_9_shuffle_t2;
use crate::papers::balanced_iteration::section_3_3::shuffle_t3::remark_3_9_shuffle_t3;
use crate::papers::balanced_iteration::section_3_2::two_part::two_part_forward_curve;
use crate::error::{Error, Result};
use crate::mechanisms::Mechanism;
use crate::num::fmt::format_number;
use crate::papers::Guarantee;
use std::sync::atomic::{AtomicBool, Ordering};

/// The descriptive part of a row.
#[derive(Clone, Debug)]
pub struct RowSpec {
    pub key: &'static str,
    pub result: &'static str,
    pub what: String,
    pub guarantee: Guarantee,
    pub certified: bool,
    pub note: String,
}

impl RowSpec {
    fn row(self, value: Option<f64>, rdp: Option<RdpAt>) -> Row {
        Row { key: self.key, result: self.result, what: self.what, guarantee: self.guarantee, certified: self.certified, value, interval: None, rdp, note: self.note }
    }
    /// The row that could not be computed: no value, the reason in the note
    /// (`not computed: …`, after the row's own note).
    pub fn not_computed(self, why: &str) -> Row {
        let note = join(&self.note, &format!("not computed: {why}"));
        Row { note, ..self.row(None, None) }
    }
}

/// The smallest σ (relative tolerance `tol`) in `[lo_lim, hi_lim]` with `eps_at(σ) ≤ target`,
/// for `eps_at` non-increasing in σ; returns the upper end of the final bracket (where the target
/// is met), starting from `start`. Errors: no σ in the range meets the target
/// ([`Error::Unsupported`]); the errors of `eps_at`.
pub fn min_sigma(eps_at: &dyn Fn(f64) -> Result<f64>, target: f64, start: f64, (lo_lim, hi_lim): (f64, f64), tol: f64) -> Result<f64> {
    let (mut lo, mut hi) = (start, start);
    if eps_at(start)? <= target {
        loop {
            lo /= 4.0;
            if lo <= lo_lim {
                lo = lo_lim;
                if eps_at(lo)? <= target {
                    return Ok(lo);
                }
                break;
            }
            if eps_at(lo)? > target {
                break;
            }
            hi = lo;
        }
    } else {
        loop {
            hi *= 4.0;
            if hi > hi_lim {
                return Err(Error::Unsupported(format!("no σ ≤ {} meets ε ≤ {}", format_number(hi_lim), format_number(target))));
            }
            if eps_at(hi)? <= target {
                break;
            }
            lo = hi;
        }
    }
    while hi / lo > 1.0 + tol {
        let mid = (lo * hi).sqrt();
        if eps_at(mid)? <= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Ok(hi)
}

/// The σ search range of the RDP rows: `SIGMA_RANGE` times the clip.
fn rdp_range(c: f64) -> (f64, f64) {
    (SIGMA_RANGE.0 * c, SIGMA_RANGE.1 * c)
}

fn at(order: f64, orders: &[u64], curve: &[f64], at_grid_end: bool) -> RdpAt {
    let i = orders.iter().position(|&a| a as f64 == order).unwrap_or(0);
    RdpAt { order: orders[i], rdp: curve[i], at_grid_end }
}

/// An RDP row: the curve `curve(σ)` (already composed) at the requested σ converted by
/// Proposition 2.3, or the smallest σ meeting `(ε, δ)`.
pub fn rdp_row(spec: &RowSpec, orders: &[u64], req: &PartitionRequest, curve: &dyn Fn(f64) -> Result<Vec<f64>>) -> Result<Row> {
    let spec = RowSpec { what: spec.what.clone(), note: spec.note.clone(), ..*spec };
    match (req.target, req.sigma) {
        (Target::Delta { epsilon }, Some(s)) => {
            let cv = curve(s)?;
            let r = proposition_2_3_delta(orders, &cv, epsilon)?;
            Ok(spec.row(Some(r.delta), Some(at(r.order, orders, &cv, r.at_grid_end))))
        }
        (Target::Epsilon { delta }, Some(s)) => {
            let cv = curve(s)?;
            let r = proposition_2_3_epsilon(orders, &cv, delta)?;
            Ok(spec.row(Some(r.epsilon), Some(at(r.order, orders, &cv, r.at_grid_end))))
        }
        (Target::Sigma { epsilon, delta }, _) => {
            let f = |s: f64| -> Result<f64> { Ok(proposition_2_3_epsilon(orders, &curve(s)?, delta)?.epsilon) };
            match min_sigma(&f, epsilon, req.clip, rdp_range(req.clip), 1e-7) {
                Ok(s) => {
                    let cv = curve(s)?;
                    let r = proposition_2_3_epsilon(orders, &cv, delta)?;
                    let mut row = spec.row(Some(s), Some(at(r.order, orders, &cv, r.at_grid_end)));
                    row.note = join(&row.note, &format!("ε({}) = {} at this σ", format_number(delta), format_number(r.epsilon)));
                    Ok(row)
                }
                Err(Error::Unsupported(why)) => Ok(spec.not_computed(&why)),
                Err(e) => Err(e),
            }
        }
        (_, None) => Err(Error::invalid("--sigma", "missing", "required unless --target-epsilon is given")),
    }
}

/// `a; b`, or `b` when `a` is empty.
pub fn join(a: &str, b: &str) -> String {
    if a.is_empty() {
        b.to_string()
    } else {
        format!("{a}; {b}")
    }
}

fn poisson_mechanism(sigma: f64, c: f64, gamma: f64) -> Mechanism {
    Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma / c, sensitivity: c, sampling_rate: gamma }
}

/// Smallest noise multiplier `σ/c` at which the certified PLD row is computed (its loss grid
/// grows as `(c/σ)²`: at `σ/c = 0.001` a single evaluation runs for minutes); the RDP rows answer
/// below it, and the PLD row's σ search starts there.
pub const PLD_MIN_NOISE: f64 = crate::papers::balanced_iteration::cards::section_3_3::PLD_MIN_NOISE;

/// The spec of the certified PLD row of Poisson subsampling.
pub fn pld_spec(gamma: f64, steps: u64) -> RowSpec {
    RowSpec { key: "poisson_pld", result: "Theorem 3.11 (PLD)", what: format!("Poisson subsampling, rate γ = {}, {steps} steps, certified privacy-loss distribution (FFT)", format_number(gamma)), guarantee: Guarantee::Upper, certified: true, note: String::new() }
}

/// Poisson subsampling by the certified PLD ([`crate::pld`]: certified interval of δ(ε) or ε(δ)
/// of `steps` composed Poisson-subsampled Gaussian steps, both adjacency directions), or the
/// smallest σ ≥ [`PLD_MIN_NOISE`]`·c` whose certified upper ε meets the target (bisection to 1e−5
/// relative). Below [`PLD_MIN_NOISE`] the row is not computed (named limit).
pub fn pld_row(spec: RowSpec, req: &PartitionRequest, gamma: f64, steps: u64, interrupt: &AtomicBool) -> Result<Row> {
    let c = req.clip;
    let opts = crate::pld::PldOptions::default();
    let floor = PLD_MIN_NOISE * c;
    let too_small = |s: f64| Error::Unsupported(format!("σ/c = {} is below {PLD_MIN_NOISE}, where the certified PLD's loss grid (growing as (c/σ)²) would run for minutes; the RDP row above answers", format_number(s / c)));
    let eps_interval = |s: f64, delta: f64| crate::pld::epsilon_interval(&[(poisson_mechanism(s, c, gamma), steps)], delta, &opts).map(|r| r.0);
    match (req.target, req.sigma) {
        (Target::Delta { epsilon }, Some(s)) => {
            if s < floor {
                return Err(too_small(s));
            }
            let (iv, _) = crate::pld::delta_interval(&[(poisson_mechanism(s, c, gamma), steps)], epsilon, &opts)?;
            let mut row = spec.row(Some(iv.upper), None);
            row.interval = Some(iv);
            Ok(row)
        }
        (Target::Epsilon { delta }, Some(s)) => {
            if s < floor {
                return Err(too_small(s));
            }
            let iv = eps_interval(s, delta)?;
            let mut row = spec.row(Some(iv.upper), None);
            row.interval = Some(iv);
            Ok(row)
        }
        (Target::Sigma { epsilon, delta }, _) => {
            let f = |s: f64| -> Result<f64> {
                if interrupt.load(Ordering::Relaxed) {
                    return Err(Error::Interrupted);
                }
                Ok(eps_interval(s, delta)?.upper)
            };
            match min_sigma(&f, epsilon, c.max(floor), (floor, SIGMA_RANGE.1 * c), 1e-5) {
                Ok(s) => {
                    let iv = eps_interval(s, delta)?;
                    let mut row = spec.row(Some(s), None);
                    row.note = format!("certified ε({}) ∈ [{}, {}] at this σ", format_number(delta), format_number(iv.lower), format_number(iv.upper));
                    if s <= floor {
                        row.note = join(&row.note, &format!("σ/c = {PLD_MIN_NOISE} (the lower end of the PLD search) already meets the target"));
                    }
                    Ok(row)
                }
                Err(Error::Unsupported(why)) => Ok(spec.not_computed(&why)),
                Err(e) => Err(e),
            }
        }
        (_, None) => Err(Error::invalid("--sigma", "missing", "required unless --target-epsilon is given")),
    }
}

/// The spec of the row of Poisson subsampling combined with a full split into `d` sub-models (spec §3 pair with
/// `c₁ = 0`, `c₂ = c`): the **forward** divergence only (Lemma 3.12, exact), × `T · epochs`. The
/// reverse direction of this pair has no proven bound (spec §17 item 12), so the row is not
/// certified.
pub fn split_poisson_spec(req: &PartitionRequest, gamma: f64) -> RowSpec {
    let (d, steps) = (req.submodels, req.iterations * req.epochs);
    RowSpec {
        key: "split_poisson_forward",
        result: "Table 1 recipe",
        what: format!("Poisson rate γ = {} with the model split into d = {d} sub-models, {steps} steps (joint pair, spec §3)", format_number(gamma)),
        guarantee: Guarantee::Estimate,
        certified: false,
        note: "forward direction only: the reverse direction of this pair has no proven bound (not for accounting)".into(),
    }
}

/// The row of [`split_poisson_spec`]: the forward curve × steps, converted by Proposition 2.3.
pub fn split_poisson_row(spec: RowSpec, req: &PartitionRequest, gamma: f64) -> Result<Row> {
    let (d, c, steps) = (req.submodels, req.clip, req.iterations * req.epochs);
    let orders = req.orders.clone();
    let curve = move |s: f64| -> Result<Vec<f64>> { Ok(two_part_forward_curve(gamma, 0.0, c, d, s, &orders)?.into_iter().map(|v| v * steps as f64).collect()) };
    rdp_row(&spec, &req.orders, req, &curve)
}

/// The spec of the row of the shuffled-batch instance of Remark 3.9 (spec §14; `k = 1`, `T` batches of fixed size):
/// `epochs · max(D_α(A‖B), D_α(B‖A))` at `order`, the exact RDP of a concrete instance and hence
/// a **lower bound** on what any accountant for fixed-batch shuffling must certify at that
/// order. Computed for `T = 2` (1-D quadrature) and `T = 3` (2-D quadrature); other `T`: a row
/// saying so.
pub fn shuffle_spec(req: &PartitionRequest) -> RowSpec {
    let (t, e) = (req.iterations, req.epochs);
    RowSpec {
        key: "shuffle_remark_3_9",
        result: "Remark 3.9",
        what: format!("fixed-size-batch shuffling into T = {t} batches ({e} epoch(s)): exact RDP of the spec §14 instance"),
        guarantee: Guarantee::Lower,
        certified: false,
        note: String::new(),
    }
}

/// The row of [`shuffle_spec`] at `order` (see the module doc); `None` without σ.
pub fn shuffle_row(spec: RowSpec, req: &PartitionRequest, order: u64) -> Result<Option<Row>> {
    let (t, c, e) = (req.iterations, req.clip, req.epochs);
    let Some(s) = req.sigma else { return Ok(None) };
    let d = |fwd: bool| match t {
        2 => remark_3_9_shuffle_t2(c, s, order, fwd),
        3 => remark_3_9_shuffle_t3(c, s, order, fwd),
        _ => Err(Error::Unsupported(format!("the instance is computed exactly for T = 2, 3 only (T = {t})"))),
    };
    let v = match d(true).and_then(|f| Ok(f.max(d(false)?))) {
        Ok(v) => v * e as f64,
        Err(Error::Unsupported(why)) => return Ok(Some(spec.not_computed(&why))),
        Err(err) => return Err(err),
    };
    let ceiling = e as f64 * order as f64 * c * c / (2.0 * s * s);
    let mut row = spec.row(None, Some(RdpAt { order, rdp: v, at_grid_end: false }));
    row.note = format!(
        "RDP lower bound at α = {order} (the first row's optimal order) for any fixed-batch shuffling accountant; no (ε, δ) conversion of a lower bound; unamplified ceiling αc²/(2σ²) = {}",
        format_number(ceiling)
    );
    Ok(Some(row))
}

/// The spec of the certified hockey-stick row of Balanced Iteration Subsampling with `k` uses.
pub fn bis_certified_spec(req: &PartitionRequest, k: u64) -> RowSpec {
    RowSpec {
        key: "bis_certified_dp",
        result: "Theorem 3.8 (hockey-stick)",
        what: format!("Balanced Iteration Subsampling, k = {k} of T = {}: certified (ε, δ) of the dominating pair itself (not via RDP)", req.iterations),
        guarantee: Guarantee::Upper,
        certified: true,
        note: String::new(),
    }
}

/// Balanced Iteration Subsampling's certified `(ε, δ)` beyond RDP: δ(ε) or ε(δ) of the pair of
/// Theorem 3.1 with `d = T` directly
/// ([`crate::papers::balanced_iteration::section_3_3::hockey_stick`], spec §11 — exact for
/// k = 1, decomposition upper end for `1 < k < T`), one epoch only (several epochs would need the
/// composition of that law, not implemented) and a given σ (each probe of a σ search would be a
/// certified computation of up to seconds): `None` otherwise.
pub fn bis_certified_row(spec: RowSpec, req: &PartitionRequest, k: u64) -> Result<Option<Row>> {
    use crate::papers::balanced_iteration::section_3_3::hockey_stick::{certified_delta, certified_epsilon, BisOptions};
    let (t, c) = (req.iterations, req.clip);
    let (Some(s), 1) = (req.sigma, req.epochs) else { return Ok(None) };
    let opts = BisOptions::default();
    let r = match req.target {
        Target::Delta { epsilon } => certified_delta(t, k, s, c, epsilon, &opts)?,
        Target::Epsilon { delta } => certified_epsilon(t, k, s, c, delta, &opts)?,
        Target::Sigma { .. } => return Ok(None),
    };
    let mut row = spec.row(Some(r.interval.upper), None);
    row.note = format!("route: {}", r.route);
    row.interval = Some(r.interval);
    Ok(Some(row))
}
