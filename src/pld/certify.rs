//! The certified result: composed upper and lower PLDs per direction, and the public entry points
//! (foundations spec §4.7; both add/remove directions kept apart until the final maximum, §1.3
//! item 2).

use super::compose::{compose_direction, ComposedDirection, StepPair};
use super::curve::{Bound, Curve};
use super::discretise::{buckets_lower, buckets_upper, connect_dots_upper, step_range, EvalModel, StepRange};
use super::merge::merge_lower;
use super::options::{DirectionDiagnostics, Discretisation, PassRecord, PldDiagnostics, PldOptions, TiltDiagnostics};
use super::pmf::DiscretePld;
use super::tilt::{compose_tilted, saddle_theta};
use super::pmf::snap_grid_step;
use super::schedule::{probe_step_cap, Apriori, ErrorModel};
use super::window::continuous_window;
use crate::error::{check, Error, Result};
use crate::mechanisms::{Direction, Mechanism, PrivacyLoss};
use crate::num::Interval;
use rayon::prelude::*;
use rustfft::FftPlanner;
use std::sync::Arc;
use std::time::Instant;

/// Composed upper and lower PLDs, one pair per adjacency direction, on a common grid.
///
/// Guarantee: for every ε, `delta(ε)` contains `max_dir δ_dir(ε)` of the composition of the
/// given mechanisms with their counts, and `epsilon(δ)` contains `inf{ε ≥ 0 : max_dir δ_dir(ε) ≤ δ}`
/// — under the evaluation-error model of `discretise.rs` and the FFT error model of `compose.rs`.
#[derive(Clone, Debug)]
pub struct CertifiedPld {
    /// Per direction, one or more certified (upper, lower) curve pairs: the untilted composition
    /// first, then tilted ones (`tilt.rs`). Every pair is valid at every ε, so a direction's
    /// bounds are the intersection (minimum of the upper, maximum of the lower curves).
    curves: Vec<(Direction, Vec<(Curve, Curve)>)>,
    diag: PldDiagnostics,
}

/// A direction's certified δ interval at ε: the intersection over its curve pairs.
fn dir_delta(pairs: &[(Curve, Curve)], eps: f64) -> Interval {
    let lo = pairs.iter().map(|(_, l)| l.delta(eps)).fold(0.0, f64::max);
    let hi = pairs.iter().map(|(u, _)| u.delta(eps)).fold(1.0, f64::min);
    Interval { lower: lo.min(hi), upper: hi }
}

/// A direction's certified ε interval at δ. Each upper curve is non-increasing, so
/// `inf{ε : min_p δ_U,p(ε) ≤ δ} = min_p ε_U,p(δ)`; likewise for the maximum of the lower curves.
fn dir_epsilon(pairs: &[(Curve, Curve)], delta: f64) -> Interval {
    let lo = pairs.iter().map(|(_, l)| l.epsilon(delta)).fold(0.0, f64::max);
    let hi = pairs.iter().map(|(u, _)| u.epsilon(delta)).fold(f64::INFINITY, f64::min);
    Interval { lower: lo.min(hi), upper: hi }
}

impl CertifiedPld {
    /// Certified `[δ_L, δ_U]` for `max` over directions at `eps` (NaN gives the trivial `[0, 1]`).
    pub fn delta(&self, eps: f64) -> Interval {
        let by_dir: Vec<Interval> = self.curves.iter().map(|(_, p)| dir_delta(p, eps)).collect();
        let lo = by_dir.iter().map(|i| i.lower).fold(0.0, f64::max);
        let hi = by_dir.iter().map(|i| i.upper).fold(0.0, f64::max);
        Interval { lower: lo.min(hi), upper: hi }
    }

    /// Certified `[ε_L, ε_U]` for `ε(δ) = inf{ε ≥ 0 : max_dir δ_dir(ε) ≤ δ}` = max over directions.
    /// The upper end is `+∞` when it cannot be certified (e.g. mass at +∞ above δ).
    pub fn epsilon(&self, delta: f64) -> Interval {
        if delta.is_nan() {
            return Interval { lower: 0.0, upper: f64::INFINITY };
        }
        let by_dir: Vec<Interval> = self.curves.iter().map(|(_, p)| dir_epsilon(p, delta)).collect();
        let lo = by_dir.iter().map(|i| i.lower).fold(0.0, f64::max);
        let hi = by_dir.iter().map(|i| i.upper).fold(0.0, f64::max);
        Interval { lower: lo.min(hi), upper: hi }
    }

    /// Per-direction ε intervals (the maximum is [`CertifiedPld::epsilon`]).
    pub fn epsilon_by_direction(&self, delta: f64) -> Vec<(Direction, Interval)> {
        self.curves.iter().map(|(d, p)| (*d, dir_epsilon(p, delta))).collect()
    }

    /// Per-direction δ intervals.
    pub fn delta_by_direction(&self, eps: f64) -> Vec<(Direction, Interval)> {
        self.curves.iter().map(|(d, p)| (*d, dir_delta(p, eps))).collect()
    }

    /// Grid, window, error terms and infinite masses of every direction.
    pub fn diagnostics(&self) -> PldDiagnostics {
        self.diag.clone()
    }
}

/// One step of one mechanism in one direction: its loss law, count and range.
type Step = (Arc<dyn PrivacyLoss>, u64, StepRange);

/// A composed step given directly by its privacy-loss laws, for mechanisms that are not a
/// [`Mechanism`] variant (e.g. the Gaussian-mixture surrogates of the model-merging paper).
///
/// `remove` is the law of `L = ln(p/q)` under `P` for the ordered pair `(P, Q)` (record present
/// first: "forward"); `add` the law for the reversed pair `(Q, P)`. When `symmetric` is true the
/// two pairs have the same PLD and only `remove` is used (one direction is composed for
/// symmetric-only inputs). Steps with equal `label` are merged (their counts add), so the label
/// must identify the law exactly (e.g. include every parameter).
#[derive(Clone, Debug)]
pub struct LossStep {
    pub label: String,
    pub remove: Arc<dyn PrivacyLoss>,
    pub add: Arc<dyn PrivacyLoss>,
    pub symmetric: bool,
    pub count: u64,
}

impl LossStep {
    /// The step of a standard mechanism, repeated `count` times.
    pub fn from_mechanism(m: &Mechanism, count: u64) -> LossStep {
        let dirs = m.directions();
        let symmetric = !dirs.contains(&Direction::Add);
        let remove: Arc<dyn PrivacyLoss> = Arc::from(m.loss(Direction::Remove));
        let add: Arc<dyn PrivacyLoss> = if symmetric { remove.clone() } else { Arc::from(m.loss(Direction::Add)) };
        LossStep { label: format!("{m:?}"), remove, add, symmetric, count }
    }
}

/// Validated input: per direction, the one-step losses with their counts and ranges.
struct Prepared {
    dirs: Vec<(Direction, Vec<Step>)>,
    tau: f64,
}

impl Prepared {
    /// Number of composed steps (the largest over directions).
    fn total_steps(&self) -> u64 {
        self.dirs.iter().map(|(_, st)| st.iter().map(|(_, t, _)| *t).sum::<u64>()).max().unwrap_or(1)
    }
}

fn prepare(parts: &[LossStep], tau: f64) -> Result<Prepared> {
    if parts.is_empty() {
        return Err(Error::invalid("mechanisms", "[]", "at least one mechanism is required"));
    }
    // Merge identical steps (their counts add).
    let mut merged: Vec<LossStep> = Vec::new();
    for p in parts {
        check::at_least_one("count", p.count)?;
        match merged.iter_mut().find(|m| m.label == p.label) {
            Some(e) => e.count = e.count.checked_add(p.count).ok_or_else(|| Error::invalid("count", p.count, "total overflows u64"))?,
            None => merged.push(p.clone()),
        }
    }
    let total: u64 = merged.iter().map(|m| m.count).sum();
    if total > 1u64 << 40 {
        return Err(Error::invalid("count", total, "more than 2^40 composed steps is not supported"));
    }
    let tau_step = (tau / (4.0 * total as f64)).max(1e-300);
    let mut dir_list = vec![Direction::Remove];
    if merged.iter().any(|m| !m.symmetric) {
        dir_list.push(Direction::Add);
    }
    let mut dirs = Vec::new();
    for d in dir_list {
        let mut v = Vec::new();
        for m in &merged {
            // Symmetric steps have one law that serves for both directions (§2.1–2.3).
            let loss = if d == Direction::Add && !m.symmetric { m.add.clone() } else { m.remove.clone() };
            let r = step_range(loss.as_ref(), tau_step)?;
            v.push((loss, m.count, r));
        }
        dirs.push((d, v));
    }
    Ok(Prepared { dirs, tau })
}

/// One composition at a fixed (snapped) grid step.
/// `hint`: an estimate of the queried ε from earlier passes (centres the tilt).
/// One composed direction of a pass (see [`run_pass`]).
struct DirOut {
    len: usize,
    capped: bool,
    diag: DirectionDiagnostics,
    pairs: Vec<(Curve, Curve)>,
    tilts: Vec<TiltDiagnostics>,
}

fn run_pass(prep: &Prepared, h: f64, opts: &PldOptions, query: Query, hint: Option<f64>) -> Result<CertifiedPld> {
    let model = EvalModel { rho: opts.eval_rel_err };
    let ln_tau_window = (prep.tau / 4.0).ln();
    let mut curves = Vec::new();
    let mut ddiag = Vec::new();
    let mut tdiag = Vec::new();
    let mut fft_len = 0;
    let mut capped = false;
    // Discretise every (direction, mechanism) step in parallel (the dominant cost).
    let jobs: Vec<(usize, usize)> = prep.dirs.iter().enumerate().flat_map(|(i, (_, st))| (0..st.len()).map(move |j| (i, j))).collect();
    let made: Vec<Result<StepPair>> = jobs
        .par_iter()
        .map(|&(i, j)| -> Result<StepPair> {
            opts.cancel.check()?;
            let (loss, _, r) = &prep.dirs[i].1[j];
            let l = loss.as_ref();
            Ok(match opts.discretisation {
                Discretisation::ConnectDotsMerge => StepPair { upper: connect_dots_upper(l, h, r, &model)?, lower: merge_lower(l, h, r, &model)? },
                Discretisation::PrivacyBuckets => StepPair { upper: buckets_upper(l, h, r, &model)?, lower: buckets_lower(l, h, r, &model)? },
            })
        })
        .collect();
    // The per-step objects of each direction, in job order.
    let mut made = made.into_iter();
    let mut by_dir: Vec<Vec<StepPair>> = Vec::with_capacity(prep.dirs.len());
    for (_, steps) in &prep.dirs {
        by_dir.push((0..steps.len()).map(|_| made.next().expect("one result per job")).collect::<Result<_>>()?);
    }
    opts.cancel.check()?;
    // Compose the directions in parallel, each with its own FFT planner (planning is cheap next
    // to the transforms); the upper and lower curves of a composition are built in parallel too.
    let outs: Vec<Result<DirOut>> = prep
        .dirs
        .par_iter()
        .zip(by_dir.par_iter())
        .map(|((d, steps), pairs)| -> Result<DirOut> {
            let mut planner = FftPlanner::<f64>::new();
            let refs: Vec<(&StepPair, u64)> = pairs.iter().zip(steps.iter()).map(|(p, (_, t, _))| (p, *t)).collect();
            let cd = compose_direction(&mut planner, *d, &refs, ln_tau_window, opts.max_fft_len)?;
            let (cu, cl) = rayon::join(|| Curve::new(&cd, Bound::Upper), || Curve::new(&cd, Bound::Lower));
            let mut pairs_d = vec![(cu, cl)];
            // Small δ: add tilted compositions of the same per-step objects (one more FFT each, no
            // new discretisation) when the untilted floating-point term is not negligible.
            let mut tdiag = Vec::new();
            add_tilts(&mut planner, *d, &refs, &mut pairs_d, query, hint, ln_tau_window, opts.max_fft_len, &mut tdiag)?;
            Ok(DirOut { len: cd.len(), capped: cd.window_capped, diag: direction_diagnostics(&cd), pairs: pairs_d, tilts: tdiag })
        })
        .collect();
    for ((d, _), out) in prep.dirs.iter().zip(outs) {
        let out = out?;
        fft_len = fft_len.max(out.len);
        capped |= out.capped;
        ddiag.push(out.diag);
        tdiag.extend(out.tilts);
        curves.push((*d, out.pairs));
    }
    let diag = PldDiagnostics {
        discretisation: opts.discretisation,
        grid_step: h,
        fft_len,
        tail_budget: prep.tau,
        target_met: true,
        fft_len_capped: capped,
        passes: Vec::new(),
        directions: ddiag,
        tilts: tdiag,
        notes: Vec::new(),
    };
    Ok(CertifiedPld { curves, diag })
}

/// Relative size of the floating-point term (against δ) above which a tilted composition is
/// added.
const TILT_TRIGGER: f64 = 1e-3;

/// At most this many tilted compositions per direction and pass: when the untilted interval is
/// floating-point dominated the first target can be far off, and each further one is centred on
/// the interval intersected so far.
const MAX_TILTS: usize = 3;

/// Add tilted curve pairs to one direction while [`tilt_target`] asks for one (`tilt.rs`).
#[allow(clippy::too_many_arguments)]
fn add_tilts(
    planner: &mut FftPlanner<f64>,
    d: Direction,
    refs: &[(&StepPair, u64)],
    pairs: &mut Vec<(Curve, Curve)>,
    query: Query,
    hint: Option<f64>,
    ln_tau_window: f64,
    max_len: usize,
    tdiag: &mut Vec<TiltDiagnostics>,
) -> Result<()> {
    let up: Vec<(&DiscretePld, u64)> = refs.iter().map(|(p, t)| (&p.upper, *t)).collect();
    let mut last: Option<f64> = None;
    for k in 0..MAX_TILTS {
        let Some(target) = tilt_target(pairs, query, if k == 0 { hint } else { None }) else { break };
        if last.is_some_and(|l| (target - l).abs() <= 1e-3 * l.abs()) {
            break;
        }
        last = Some(target);
        let Some(theta) = saddle_theta(&up, target) else { break };
        let Some(ct) = compose_tilted(planner, d, refs, theta, target, ln_tau_window, max_len)? else { break };
        tdiag.push(TiltDiagnostics {
            direction: d,
            target,
            theta,
            window: (ct.loss(0), ct.loss(ct.len() - 1)),
            fft_len: ct.tilt.map_or(0, |t| t.fft_len),
            eta_fp_l2: ct.eta_l2,
            ln_scale: ct.tilt.map_or(0.0, |t| t.ln_k_up),
        });
        pairs.push((Curve::new(&ct, Bound::Upper), Curve::new(&ct, Bound::Lower)));
    }
    Ok(())
}

/// The ε at which to tilt one direction, or `None` when its smallest floating-point term there
/// is at most `TILT_TRIGGER·δ`. ε(δ) queries: the hint of an earlier pass if it lies in the
/// direction's interval, else the interval's midpoint (its finite upper end when the lower end
/// is 0: a floating-point dominated lower curve); δ(ε) queries: the queried ε.
fn tilt_target(pairs: &[(Curve, Curve)], query: Query, hint: Option<f64>) -> Option<f64> {
    let fp = |e: f64| pairs.iter().map(|(u, _)| u.error_term(e)).fold(f64::INFINITY, f64::min);
    match query {
        Query::Epsilon(delta) => {
            let iv = dir_epsilon(pairs, delta);
            let e = match hint {
                Some(x) if iv.contains(x) && x > 0.0 => x,
                _ if iv.upper.is_finite() && iv.lower > 0.0 => 0.5 * (iv.lower + iv.upper),
                _ if iv.upper.is_finite() => iv.upper,
                _ => iv.lower,
            };
            (e.is_finite() && e > 0.0 && fp(e) > TILT_TRIGGER * delta).then_some(e)
        }
        Query::Delta(eps) => (fp(eps) > TILT_TRIGGER * dir_delta(pairs, eps).upper).then_some(eps),
    }
}

fn direction_diagnostics(cd: &ComposedDirection) -> DirectionDiagnostics {
    let sum = |v: &[f64]| crate::num::special::neumaier_sum(v.iter().copied());
    DirectionDiagnostics {
        direction: cd.direction,
        window: (cd.loss(0), cd.loss(cd.len() - 1)),
        tau_lo_upper: cd.tau_lo_upper,
        tau_hi_upper: cd.tau_hi_upper,
        tau_lo_lower: cd.tau_lo_lower,
        tau_hi_lower: cd.tau_hi_lower,
        eta_fp_l2: cd.eta_l2,
        nu_negative: cd.nu_neg,
        inf_mass_upper: cd.inf_upper,
        inf_mass_lower: cd.inf_lower,
        total_mass_upper: sum(&cd.upper) + cd.inf_upper,
        total_mass_lower: sum(&cd.lower) + cd.inf_lower,
        window_capped: cd.window_capped,
    }
}

/// First grid step: about 4096 points across the a-priori Chernoff window and at least 16
/// across the narrowest per-step range, at most `cap` (the error model's step for the target,
/// or [`probe_step_cap`] without an a-priori estimate), but no more than
/// [`FIRST_PASS_POINTS_PER_STEP`] points (nor a quarter of the FFT cap) across the widest
/// per-step range.
fn initial_step(prep: &Prepared, max_len: usize, cap: f64) -> f64 {
    let mut width: f64 = 0.0;
    let mut min_range = f64::INFINITY;
    let mut max_range: f64 = 0.0;
    for (_, steps) in &prep.dirs {
        let cont: Vec<(&dyn PrivacyLoss, u64)> = steps.iter().map(|(l, t, _)| (l.as_ref(), *t)).collect();
        let trivial: f64 = steps.iter().map(|(_, t, r)| *t as f64 * (r.t_hi - r.t_lo)).sum();
        let w = match continuous_window(&cont, (prep.tau / 4.0).ln()) {
            Some((a, b)) => (b - a).min(trivial),
            None => trivial,
        };
        width = width.max(w);
        for (_, _, r) in steps {
            min_range = min_range.min(r.t_hi - r.t_lo);
            max_range = max_range.max(r.t_hi - r.t_lo);
        }
    }
    // The first pass never puts more than 2^18 points across one step's range: a narrow
    // direction (16 points across its range) must not force millions of points on a wide one
    // (subsampled Gaussian at σ = 0.001, q = 0.5: one direction spans 5e5, the run took minutes,
    // issue 25); later passes are driven by the measured width.
    let h = (width / 4096.0).min(min_range / 16.0).min(cap).max(max_range / FIRST_PASS_POINTS_PER_STEP).max(4.0 * max_range / max_len as f64);
    if h.is_finite() && h > 0.0 { h } else { 1e-3 }
}

/// At most this many grid points across one step's loss range on a first pass
/// ([`initial_step`]).
const FIRST_PASS_POINTS_PER_STEP: f64 = (1u64 << 18) as f64;

/// The widest per-step loss range `t_hi − t_lo` over all directions and steps.
fn widest_step_range(prep: &Prepared) -> f64 {
    prep.dirs.iter().flat_map(|(_, st)| st.iter().map(|(_, _, r)| r.t_hi - r.t_lo)).fold(0.0f64, f64::max)
}

/// The a-priori estimate ([`Apriori`]) for an ε(δ) query: the direction with the smallest model
/// scale (the finest step; the dominant direction is not known before composing). `None` when
/// no direction has finite cumulants.
fn apriori(prep: &Prepared, delta: f64) -> Option<Apriori> {
    prep.dirs
        .iter()
        .filter_map(|(_, steps)| {
            let cont: Vec<(&dyn PrivacyLoss, u64)> = steps.iter().map(|(l, t, _)| (l.as_ref(), *t)).collect();
            Apriori::of_direction(&cont, delta)
        })
        .min_by(|a, b| a.scale().total_cmp(&b.scale()))
}

/// Fraction of the target width that the first pass aims at under the error model.
const FIRST_PASS_FRACTION: f64 = 0.65;

/// What an automatic run is asked for.
#[derive(Clone, Copy)]
enum Query {
    Epsilon(f64),
    Delta(f64),
}

/// Run passes until the query's interval meets the accuracy target (or the cap / pass limit).
///
/// **Schedule.** For an ε(δ) query, pass 1 uses [`initial_step`] capped by the step at which
/// the discretisation-error model ([`ErrorModel`], `schedule.rs`) predicts
/// [`FIRST_PASS_FRACTION`] of the target width `acc·ε̂`, with the a-priori estimate
/// ([`Apriori`]: the RDP-to-DP bound ε̂ of the continuous cumulants, its λ, and `v = Σ T_i K_i(1)`;
/// microseconds of closed-form cumulants, no discretisation). The model is
/// `width ≈ C·T·h²·g`, `g = min((λ+1)/2, 1/4 + ε/(2v))` (the sensitivity of ε(δ) to extra
/// composed variance), `C = 0.3`; without an estimate (δ(ε) queries, no finite cumulant) the old
/// cap [`probe_step_cap`] = 0.3/√T is used. Each further pass chooses
/// `h' = h·(0.75·target/width)^{1/p}`, with the order `p` measured from the last two informative
/// passes (lower end > 0) and 2 (1 for privacy buckets) until then; after an uninformative pass
/// of an ε(δ) query the step comes from the error model instead (`ErrorModel::step` at the
/// current upper end) — including, once, a pass whose width is more than 20× the model's
/// (`ErrorModel::width`): that width is a floor (the untilted floating-point floor at small δ),
/// not the grid's doing. Every pass is certified and the reported interval is their
/// intersection, so the schedule affects only the cost (and whether the target is met within
/// `max_passes`).
///
/// **Cost model.** A pass costs the per-step discretisation, `O(range/h)` evaluations per
/// distinct mechanism and direction, plus the composition, `O(N log N)` for the transforms and
/// `O(N log T)` for the powering (binary exponentiation of the transform, not T products), plus
/// `O(N)` for the certified curves, with `N ≈ window/h`. At a *fixed grid* the cost grows like
/// `log T` plus the window. At a *fixed relative accuracy* it cannot: the per-step
/// discretisation error adds up over the T steps (width ≈ C·T·h²·g), so `h ∝ √(ε/(T·g))`, and the
/// window grows like the composed spread `√v ∝ √T`: `N ∝ √(v·T·g/ε)`. For DP-SGD, `g ≈ ε/(2v)`
/// while ε ≫ v (then `N ∝ √T`) and `g ≈ 1/4 + ε/(2v)` of order 1 once ε ≲ v (then
/// `N ∝ √(v·T/ε)`, again ≈ `√T` since ε and v grow like T). Measured (`examples/hard_regime.rs`, passes and N are load-free): q = 0.01, σ = 1,
/// δ = 1e−5 at T = 10⁶ now takes one pass at N = 281 250 (was N = 675 000 at the old cap, width
/// 1.1e−4·ε). `benches/pld_hard_regime.rs` measures the time.
fn auto(parts: &[LossStep], query: Query, opts: &PldOptions) -> Result<(CertifiedPld, Interval)> {
    opts.validate()?;
    let tau0 = opts.tail_budget.unwrap_or(match query {
        Query::Epsilon(d) => (1e-3 * d).min(1e-12),
        Query::Delta(_) => 1e-12,
    });
    let mut prep = prepare(parts, tau0.max(1e-300))?;
    let eval = |p: &CertifiedPld| match query {
        Query::Epsilon(d) => p.epsilon(d),
        Query::Delta(e) => p.delta(e),
    };
    let explicit = opts.grid_step.map(snap_grid_step);
    let ap = match query {
        Query::Epsilon(d) if explicit.is_none() => apriori(&prep, d),
        _ => None,
    };
    let model = ErrorModel::new(prep.total_steps(), opts.discretisation, ap);
    let cap = match ap.and_then(|a| model.step(a.eps, opts.eps_rel_accuracy, FIRST_PASS_FRACTION)) {
        Some(hm) => hm,
        None => probe_step_cap(prep.total_steps(), opts.discretisation),
    };
    let mut h = explicit.unwrap_or_else(|| snap_grid_step(initial_step(&prep, opts.max_fft_len, cap)));
    let mut best: Option<Interval> = None;
    let mut history: Vec<PassRecord> = Vec::new();
    let mut notes: Vec<String> = Vec::new();
    let mut prev: Option<(f64, f64)> = None; // (h, width)
    let mut exponent = model.order();
    let mut model_used = false;
    let mut met = false;
    let mut last: Option<CertifiedPld> = None;
    let max_passes = if explicit.is_some() { 1 } else { opts.max_passes };
    let widest = widest_step_range(&prep);
    for pass in 0..max_passes {
        opts.cancel.check()?;
        // A per-step grid must fit in half the FFT cap: otherwise coarsen (still certified).
        let h_min = widest / (0.5 * opts.max_fft_len as f64);
        if h < h_min {
            h = snap_grid_step(2.0 * h_min);
            notes.push(format!("grid step raised to {h:e} so that one step fits in the FFT length cap {}", opts.max_fft_len));
        }
        let t0 = Instant::now();
        let hint = match (query, best) {
            (Query::Epsilon(_), Some(b)) if b.lower > 0.0 && b.upper.is_finite() => Some(0.5 * (b.lower + b.upper)),
            _ => None,
        };
        let pld = match run_pass(&prep, h, opts, query, hint) {
            Ok(p) => p,
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) if last.is_some() => {
                notes.push(format!("pass {pass} at h = {h:e} failed ({e}); keeping the previous pass"));
                break;
            }
            Err(e) => return Err(e),
        };
        let iv = eval(&pld);
        // Every pass is certified, so the intersection is too.
        best = Some(match best {
            None => iv,
            Some(b) => b.intersect(&iv).ok_or_else(|| {
                Error::Numerical(format!("certified intervals of two passes are disjoint ({b} and {iv}); an error model was violated"))
            })?,
        });
        history.push(PassRecord { grid_step: h, fft_len: pld.diag.fft_len, interval: Some(iv), seconds: t0.elapsed().as_secs_f64() });
        let b = best.unwrap();
        let n_last = pld.diag.fft_len;
        let capped = pld.diag.fft_len_capped;
        last = Some(pld);
        let (width, target) = match query {
            Query::Epsilon(_) => (b.upper - b.lower, opts.eps_rel_accuracy * b.lower.max(1e-9)),
            Query::Delta(_) => (b.upper - b.lower, opts.delta_rel_accuracy * b.upper),
        };
        if explicit.is_some() {
            met = true;
            break;
        }
        if width <= target {
            met = true;
            break;
        }
        if let Query::Delta(_) = query {
            // A δ far below the FFT's certified floating-point floor cannot be resolved by a
            // finer grid (each pass would only grow N): stop at the certified floor.
            if b.lower <= 0.0 && b.upper < 1e-8 {
                notes.push("δ is below the certified FFT floor; the upper end is that floor (use the exact method for tiny δ)".into());
                break;
            }
        }
        if !width.is_finite() {
            notes.push("the upper bound is +∞ (mass at +∞ or tails above δ); refining h does not help".into());
            break;
        }
        if capped {
            notes.push(format!("FFT length cap {} reached", opts.max_fft_len));
            break;
        }
        // An interval with a lower end of 0 is dominated by something other than the
        // discretisation (floating-point floor, coarse-grid bias): its width does not measure the
        // order of the error, so only informative passes enter the estimate.
        // A first pass whose width is far above the discretisation model (≈ 1.2·T·h², see
        // [`probe_step_cap`]) is dominated by a floor that the next pass's tilted composition
        // removes (small δ: the lower end sits on the untilted floating-point floor), not by the
        // grid; refining by the measured ratio would overshoot (q = 0.001, σ = 0.8, T = 10³,
        // δ = 1e−8 went from h = 1.2e−3 to h/32 = 3.8e−5, width 2.8e−6·ε instead of 1e−3·ε, 3 s).
        // Such a pass is treated as uninformative, once: the next step comes from the model.
        let eps_model = if b.upper.is_finite() { b.upper } else { ap.map_or(b.lower, |a| a.eps) };
        let far_above_model = matches!(query, Query::Epsilon(_)) && !model_used && width > 20.0 * model.width(h, eps_model);
        let informative = b.lower > 0.0 && !far_above_model;
        if let Some((hp, wp)) = prev {
            if width > 0.8 * wp {
                notes.push("interval no longer shrinks with h (floating-point or tail floor)".into());
                break;
            }
            if informative {
                exponent = ((wp / width).ln() / (hp / h).ln()).clamp(1.0, 2.0);
            }
        }
        if informative {
            prev = Some((h, width));
        }
        // Aim at 0.75 of the target (measured order) or 0.6 (model, below): one more pass costs
        // more than the slightly longer FFT.
        let mut h_next = h * (0.75 * target / width).powf(1.0 / exponent).clamp(1.0 / 32.0, 0.9);
        if let (false, Query::Epsilon(_)) = (informative, query) {
            // Nothing measured yet: the step of the error model (`probe_step_cap`) for the
            // target at the current upper end (the true ε is below it, so this errs finer).
            if let Some(hm) = model.step(b.upper, opts.eps_rel_accuracy, 0.6) {
                h_next = hm.clamp(h / 32.0, 0.9 * h);
                model_used = true;
            }
        }
        let n_pred = n_last as f64 * h / h_next;
        if n_pred > opts.max_fft_len as f64 {
            h_next = h * n_last as f64 / opts.max_fft_len as f64 * 1.05;
            if h_next >= 0.95 * h {
                notes.push(format!("FFT length cap {} reached", opts.max_fft_len));
                break;
            }
        }
        // δ(ε) queries: shrink the tail budget to 1e−3 of the current upper bound.
        if let (Query::Delta(_), None) = (query, opts.tail_budget) {
            let want = (1e-3 * b.upper).clamp(1e-300, 1e-12);
            if want < 0.5 * prep.tau {
                prep = prepare(parts, want)?;
            }
        }
        h = snap_grid_step(h_next);
    }
    let mut pld = last.expect("at least one pass ran");
    pld.diag.passes = history;
    pld.diag.target_met = met;
    pld.diag.notes.extend(notes);
    Ok((pld, best.expect("at least one pass ran")))
}

fn steps_of(parts: &[(Mechanism, u64)]) -> Vec<LossStep> {
    parts.iter().map(|(m, t)| LossStep::from_mechanism(m, *t)).collect()
}

/// Compose heterogeneous mechanisms `(mechanism, count)` (each direction separately, common
/// grid). With `opts.grid_step = None` the grid is chosen so that `ε(opts.reference_delta)` meets
/// `opts.eps_rel_accuracy`. Errors: invalid options or parameters, non-finite loss evaluations,
/// a per-step grid longer than the FFT cap.
pub fn compose_mechanisms(parts: &[(Mechanism, u64)], opts: &PldOptions) -> Result<CertifiedPld> {
    compose_losses(&steps_of(parts), opts)
}

/// Certified `[ε_L, ε_U]` for `ε(δ)` of the composition, with the grid chosen for the target
/// `opts.eps_rel_accuracy` (intersection over the refinement passes, all certified).
/// Errors: `δ ∉ (0, 1)`, and as [`compose_mechanisms`].
pub fn epsilon_interval(parts: &[(Mechanism, u64)], delta: f64, opts: &PldOptions) -> Result<(Interval, PldDiagnostics)> {
    epsilon_interval_losses(&steps_of(parts), delta, opts)
}

/// Certified `[δ_L, δ_U]` for `δ(ε)` of the composition (max over directions). Below the
/// floating-point floor the upper end is the floor, never 0 unless δ is exactly 0.
/// Errors: non-finite ε, and as [`compose_mechanisms`].
pub fn delta_interval(parts: &[(Mechanism, u64)], eps: f64, opts: &PldOptions) -> Result<(Interval, PldDiagnostics)> {
    delta_interval_losses(&steps_of(parts), eps, opts)
}

/// [`compose_mechanisms`] for steps given by their loss laws ([`LossStep`]). The guarantee is
/// the same, provided each law honours the [`PrivacyLoss`] contract to `opts.eval_rel_err`.
pub fn compose_losses(parts: &[LossStep], opts: &PldOptions) -> Result<CertifiedPld> {
    Ok(auto(parts, Query::Epsilon(opts.reference_delta), opts)?.0)
}

/// [`epsilon_interval`] for steps given by their loss laws.
pub fn epsilon_interval_losses(parts: &[LossStep], delta: f64, opts: &PldOptions) -> Result<(Interval, PldDiagnostics)> {
    check::unit_open("delta", delta)?;
    let (pld, iv) = auto(parts, Query::Epsilon(delta), opts)?;
    Ok((iv, pld.diagnostics()))
}

/// [`delta_interval`] for steps given by their loss laws.
pub fn delta_interval_losses(parts: &[LossStep], eps: f64, opts: &PldOptions) -> Result<(Interval, PldDiagnostics)> {
    check::finite("epsilon", eps)?;
    let (pld, iv) = auto(parts, Query::Delta(eps), opts)?;
    Ok((iv, pld.diagnostics()))
}
