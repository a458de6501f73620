//! Theorem 5.2 and Algorithm 2 of *DP Model Merging* (spec §7): random selection under PLD
//! (hockey-stick) accounting, from per-model **directional** curves `H_ε(P_i, Q_i)` and
//! `H_ε(Q_i, P_i)` of dominating pairs; plus the exact mixture hockey-stick divergence for
//! Gaussian components (ground truth).
//!
//! Audit A24: Algorithm 2 needs both directional curves; with only a symmetrised `δ_i(ε)` per
//! model ([`TableCurve`]) the bound degenerates to the valid but looser `Σ π_i δ_i(ε)`.

use crate::papers::model_merging::common::conventions::{validate_simplex, SIMPLEX_TOL};
use crate::papers::model_merging::common::simplex::Simplex;
use crate::papers::model_merging::section_4::mean_estimation::{rs_mixture_pair, GaussMix};
use crate::error::{check, Error, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::num::root::{root_bracket, root_of_bracket, Bracket, Monotone, RootError, Stop};
use crate::num::round::{add_down, add_up, mul_down, mul_up};
use crate::num::special::ndtr;
use crate::num::Interval;
use crate::pld::{compose_mechanisms, CertifiedPld, PldOptions};

/// Theorem 5.2 (DP Model Merging) input: per-model directional privacy curves (certified
/// intervals for `H_ε(P_i, Q_i)` and `H_ε(Q_i, P_i)`). The trait lives in `repr`; re-exported here
/// so that `random_selection_pld::DirectionalCurve` keeps working.
pub use crate::repr::DirectionalCurve;

/// Relative evaluation error assumed for the f64 Gaussian closed form (as `PldOptions::eval_rel_err`).
const GAUSS_REL_ERR: f64 = 1e-12;

/// Theorem 5.2 input (DP Model Merging), Gaussian mechanism (sensitivity Δ, noise σ, `μ = Δ/σ`): closed form (spec §1.5)
/// `H_ε = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)` in both directions, via the stable log form of
/// `repr::gdp`, widened by relative 1e-12 (evaluation-error model).
#[derive(Clone, Debug)]
pub struct GaussianCurve {
    pub mu: f64,
}

impl GaussianCurve {
    /// Theorem 5.2 input, Gaussian mechanism `μ = Δ/σ`. Errors: Δ or σ not finite and > 0.
    pub fn new(sensitivity: f64, sigma: f64) -> Result<GaussianCurve> {
        Ok(GaussianCurve { mu: check::positive("sensitivity", sensitivity)? / check::positive("sigma", sigma)? })
    }
}

impl DirectionalCurve for GaussianCurve {
    fn describe(&self) -> String {
        format!("gaussian(mu={})", self.mu)
    }
    fn h_forward(&self, eps: f64) -> Result<Interval> {
        let d = crate::repr::gdp::Gdp::new(self.mu)?.ln_delta(eps)?.exp();
        // Direction: outward by the evaluation-error model.
        Ok(Interval { lower: (d * (1.0 - GAUSS_REL_ERR)).max(0.0), upper: (d * (1.0 + GAUSS_REL_ERR)).next_up().min(1.0) })
    }
    fn h_reverse(&self, eps: f64) -> Result<Interval> {
        self.h_forward(eps)
    }
}

/// Theorem 5.2 input (DP Model Merging): a model given by standard mechanisms composed with the certified FFT accountant
/// (`pld::compose_mechanisms`); Remove = forward, Add = reverse (symmetric mechanisms: both
/// equal). [`PldCurve::dpsgd`] is the DP-SGD model of Section 6.2: Poisson-subsampled Gaussian
/// (rate q, noise multiplier σ) composed over T steps, add/remove adjacency.
#[derive(Clone, Debug)]
pub struct PldCurve {
    pub label: String,
    pub pld: CertifiedPld,
}

impl PldCurve {
    /// Theorem 5.2 input: compose `parts` with `opts` (certified FFT). Errors: those of `pld::compose_mechanisms`.
    pub fn new(parts: &[(Mechanism, u64)], opts: &PldOptions) -> Result<PldCurve> {
        Ok(PldCurve { label: format!("{parts:?}"), pld: compose_mechanisms(parts, opts)? })
    }
    /// Theorem 5.2 input, Section 6.2 DP-SGD model: Poisson-subsampled Gaussian `(q, σ)` composed `steps` times.
    /// Errors: invalid q, σ, steps = 0, accountant failures.
    pub fn dpsgd(q: f64, sigma: f64, steps: u64, opts: &PldOptions) -> Result<PldCurve> {
        check::at_least_one("steps", steps)?;
        let m = Mechanism::from_name("sgm", sigma, None, Some(q))?;
        PldCurve::new(&[(m, steps)], opts)
    }
    fn by_dir(&self, eps: f64, dir: Direction) -> Result<Interval> {
        check::finite("epsilon", eps)?;
        let v = self.pld.delta_by_direction(eps);
        v.iter().find(|(d, _)| *d == dir).or_else(|| v.first()).map(|(_, i)| *i).ok_or_else(|| Error::Numerical("PLD has no direction".into()))
    }
}

impl DirectionalCurve for PldCurve {
    fn describe(&self) -> String {
        format!("pld({})", self.label)
    }
    fn h_forward(&self, eps: f64) -> Result<Interval> {
        self.by_dir(eps, Direction::Remove)
    }
    fn h_reverse(&self, eps: f64) -> Result<Interval> {
        self.by_dir(eps, Direction::Add)
    }
}

/// Theorem 5.2 input (DP Model Merging): a symmetrised profile `δ_i(ε)` given as a table (audit A24 fallback): both directions are
/// bounded by `δ_i`. Between grid points the non-increasing curve is bracketed by its neighbours:
/// upper `δ(ε_k)`, lower `δ(ε_{k+1})` for `ε ∈ (ε_k, ε_{k+1})`; `[δ_0, 1]` below the grid and
/// `[0, δ_last]` above it.
#[derive(Clone, Debug)]
pub struct TableCurve {
    eps: Vec<f64>,
    delta: Vec<f64>,
}

impl TableCurve {
    /// Theorem 5.2 input (A24 fallback) from a δ(ε) table. Errors: empty or unequal lengths, ε not strictly increasing and finite, δ ∉ [0, 1] or
    /// increasing.
    pub fn new(eps: Vec<f64>, delta: Vec<f64>) -> Result<TableCurve> {
        if eps.is_empty() || eps.len() != delta.len() {
            return Err(Error::invalid("delta(eps) table", format!("{} eps, {} delta", eps.len(), delta.len()), "needs equal non-empty columns"));
        }
        for k in 0..eps.len() {
            check::finite("table epsilon", eps[k])?;
            check::unit_closed("table delta", delta[k])?;
            if k > 0 && !(eps[k] > eps[k - 1] && delta[k] <= delta[k - 1]) {
                return Err(Error::invalid("delta(eps) table row", k + 1, "eps must increase strictly and delta must not increase"));
            }
        }
        Ok(TableCurve { eps, delta })
    }
}

impl DirectionalCurve for TableCurve {
    fn describe(&self) -> String {
        format!("table({} points)", self.eps.len())
    }
    fn h_forward(&self, eps: f64) -> Result<Interval> {
        check::finite("epsilon", eps)?;
        let k = self.eps.partition_point(|&e| e <= eps);
        Ok(if k == 0 {
            Interval { lower: self.delta[0], upper: 1.0 }
        } else if self.eps[k - 1] == eps {
            Interval::point(self.delta[k - 1])
        } else if k == self.eps.len() {
            Interval { lower: 0.0, upper: self.delta[k - 1] }
        } else {
            Interval { lower: self.delta[k], upper: self.delta[k - 1] }
        })
    }
    fn h_reverse(&self, eps: f64) -> Result<Interval> {
        self.h_forward(eps)
    }
}

/// Theorem 5.2 input (DP Model Merging): a non-private model (`P_i ⊥ Q_i`, ε_i = ∞; audit A19): `H_ε = 1` for every ε.
#[derive(Clone, Copy, Debug)]
pub struct NonPrivateCurve;

impl DirectionalCurve for NonPrivateCurve {
    fn describe(&self) -> String {
        "non-private".into()
    }
    fn h_forward(&self, _eps: f64) -> Result<Interval> {
        Ok(Interval::point(1.0))
    }
    fn h_reverse(&self, _eps: f64) -> Result<Interval> {
        Ok(Interval::point(1.0))
    }
}

fn weighted(pi: &[f64], models: &[&dyn DirectionalCurve], eps: f64, f: impl Fn(&dyn DirectionalCurve, f64) -> Result<Interval>) -> Result<Interval> {
    let (mut lo, mut hi) = (0.0, 0.0);
    for (&p, m) in pi.iter().zip(models) {
        if p <= 0.0 {
            continue;
        }
        let h = f(*m, eps)?;
        // Direction: lower end rounded down, upper end rounded up.
        lo = add_down(lo, mul_down(p, h.lower));
        hi = add_up(hi, mul_up(p, h.upper));
    }
    Ok(Interval { lower: lo.clamp(0.0, 1.0), upper: hi.clamp(0.0, 1.0) })
}

fn check_models(pi: &Simplex, n: usize) -> Result<()> {
    if pi.len() != n {
        return Err(Error::invalid("models", format!("{n} curves"), &format!("needs one per weight ({})", pi.len())));
    }
    Ok(())
}

/// Theorem 5.2 (DP Model Merging), `DP_Delta(π, ε)` of Algorithm 2:
/// `max{Σ_i π_i H_ε(P_i,Q_i), Σ_i π_i H_ε(Q_i,P_i)}` (the two directions summed separately, then
/// maximised; valid for every real ε by joint convexity of the hockey-stick divergence).
///
/// Guarantee: the `upper` end is a certified upper bound on `δ^RS(ε)` (sums of the curves' upper
/// ends, rounded up); the `lower` end is a lower bound on the Theorem 5.2 value (not on the true
/// δ^RS). Domain: π on the simplex, one curve per weight, ε finite. Errors: invalid input, curve
/// failures.
pub fn rs_pld_delta(pi: &[f64], models: &[&dyn DirectionalCurve], eps: f64) -> Result<Interval> {
    rs_pld_delta_simplex(&Simplex::new("pi", pi)?, models, eps)
}

/// [`rs_pld_delta`] for weights already validated. Guarantee and errors as [`rs_pld_delta`].
pub fn rs_pld_delta_simplex(pi: &Simplex, models: &[&dyn DirectionalCurve], eps: f64) -> Result<Interval> {
    let (f, r) = rs_pld_directions(pi, models, eps)?;
    Ok(Interval { lower: f.lower.max(r.lower), upper: f.upper.max(r.upper) })
}

/// Theorem 5.2 (DP Model Merging), the two bounds before their maximum:
/// `(Σ_i π_i H_ε(P_i,Q_i), Σ_i π_i H_ε(Q_i,P_i))`, each as `[sum of lower ends, sum of upper
/// ends]` (rounded outward). Errors as [`rs_pld_delta`].
pub fn rs_pld_directions(pi: &Simplex, models: &[&dyn DirectionalCurve], eps: f64) -> Result<(Interval, Interval)> {
    check_models(pi, models.len())?;
    check::finite("epsilon", eps)?;
    Ok((weighted(pi, models, eps, |m, e| m.h_forward(e))?, weighted(pi, models, eps, |m, e| m.h_reverse(e))?))
}

/// Theorem 5.2 (DP Model Merging) with symmetrised curves (audit A24 fallback): `Σ_i π_i max{H_ε(P_i,Q_i), H_ε(Q_i,P_i)}`
/// ≥ [`rs_pld_delta`]. Guarantee and errors as [`rs_pld_delta`].
pub fn rs_pld_delta_symmetrised(pi: &[f64], models: &[&dyn DirectionalCurve], eps: f64) -> Result<Interval> {
    let pi = &Simplex::new("pi", pi)?;
    check_models(pi, models.len())?;
    check::finite("epsilon", eps)?;
    weighted(pi, models, eps, |m, e| {
        let (a, b) = (m.h_forward(e)?, m.h_reverse(e)?);
        Ok(Interval { lower: a.lower.max(b.lower), upper: a.upper.max(b.upper) })
    })
}

/// Smallest ε ≥ 0 with `g(ε) ≤ δ` for a non-increasing `g`, as a bracket `(lo, hi)` with
/// `g(lo) > δ ≥ g(hi)` (or `(0, 0)`); `hi = +∞` when `g > δ` up to ε = 1e4. Bracket by doubling
/// from 1, then [`root_of_bracket`] to width `1e−13·hi` (or adjacent floats). Errors: a NaN value
/// of `g` (it would otherwise pick a side silently), errors of `g`.
fn invert(g: impl Fn(f64) -> Result<f64>, delta: f64) -> Result<(f64, f64)> {
    let value = |e: f64| -> Result<f64> {
        let v = g(e)?;
        if v.is_nan() {
            return Err(RootError::NotANumber { at: e }.into());
        }
        Ok(v)
    };
    if value(0.0)? <= delta {
        return Ok((0.0, 0.0));
    }
    let (mut lo, mut hi) = (0.0, 1.0);
    while value(hi)? > delta {
        lo = hi;
        hi *= 2.0;
        if hi > 1e4 {
            return Ok((lo, f64::INFINITY));
        }
    }
    // g(lo) > δ ≥ g(hi) was evaluated above.
    let b = root_of_bracket(|e: &f64| g(*e), &delta, Monotone::Decreasing, Bracket::established(lo, hi), &Stop::width(0.0, 1e-13, 2100))?;
    Ok((b.lo, b.hi))
}

/// Algorithm 2 (DP Model Merging), certified ε of random selection at δ: `[ε_L, ε_U]` where
/// `ε_U = inf{ε ≥ 0 : DP_Delta_upper(π, ε) ≤ δ}` (bisection on the **upper** curve, upper end of
/// the final bracket reported: certified) and `ε_L` the same on the lower curve (lower end).
/// `ε_U = +∞` when the bound stays above δ (e.g. a non-private model with `π_i > δ`, audit A19).
///
/// Guarantee: `ε_U` upper bound on the ε of Theorem 5.2 (hence on the RS mechanism's ε).
/// Domain: π on the simplex, δ ∈ (0, 1). Errors: invalid input, curve failures.
pub fn rs_pld_eps(pi: &[f64], models: &[&dyn DirectionalCurve], delta: f64) -> Result<Interval> {
    rs_pld_eps_simplex(&Simplex::new("pi", pi)?, models, delta)
}

/// [`rs_pld_eps`] for weights already validated (checked once, not at every bisection step).
/// Guarantee, domain and errors as [`rs_pld_eps`].
pub fn rs_pld_eps_simplex(pi: &Simplex, models: &[&dyn DirectionalCurve], delta: f64) -> Result<Interval> {
    check_models(pi, models.len())?;
    check::unit_open("delta", delta)?;
    let (_, up) = invert(|e| Ok(rs_pld_delta_simplex(pi, models, e)?.upper), delta)?;
    let (lo, _) = invert(|e| Ok(rs_pld_delta_simplex(pi, models, e)?.lower), delta)?;
    Ok(Interval { lower: lo.min(up), upper: up })
}

/// Algorithm 2 (DP Model Merging), feasibility of one π: `DP_Delta_upper(π, ε′) ≤ δ′`
/// (certified when true). Errors: as [`rs_pld_delta`], δ′ ∉ (0, 1).
pub fn rs_pld_feasible(pi: &[f64], models: &[&dyn DirectionalCurve], eps_target: f64, delta_target: f64) -> Result<bool> {
    check::unit_open("delta", delta_target)?;
    Ok(rs_pld_delta(pi, models, eps_target)?.upper <= delta_target)
}

fn mass(mix: &GaussMix<f64>, a: f64, b: f64) -> f64 {
    mix.w.iter().enumerate().map(|(i, w)| {
        let (za, zb) = ((a - mix.mean[i]) / mix.sd[i], (b - mix.mean[i]) / mix.sd[i]);
        w * if za >= 0.0 { ndtr(-za) - ndtr(-zb) } else { ndtr(zb) - ndtr(za) }
    }).sum()
}

/// Theorem 5.2 ground truth (DP Model Merging, spec §7): the exact `H_ε(P, Q)` (or `H_ε(Q, P)` when `reverse`)
/// of `P = Σ π_i N(0, σ_i²)`, `Q = Σ π_i N(Δ, σ_i²)`: all crossings of `ln p − ln q = ε` located on
/// a grid of step ≤ σ_min/10 over a window where the widest component dominates outside, refined
/// by bisection to adjacent floats; then `Σ_I [P(I) − e^ε Q(I)]` over the intervals where
/// `p > e^ε q`, with mixture CDFs (no cancellation in the tails).
///
/// Guarantee: exact up to f64 rounding (≈1e-15 absolute plus relative 1e-13), assuming no pair of
/// crossings closer than the grid step. Domain: π on the simplex, σ_i > 0, Δ > 0, ε finite.
/// Errors: invalid input.
pub fn mixture_hockey_stick(pi: &[f64], sigmas: &[f64], shift: f64, eps: f64, reverse: bool) -> Result<f64> {
    validate_simplex("pi", pi, SIMPLEX_TOL)?;
    check::positive("Delta", shift)?;
    check::finite("epsilon", eps)?;
    let (p0, q0) = rs_mixture_pair(pi, sigmas, &shift)?;
    let (p, q) = if reverse { (q0, p0) } else { (p0, q0) };
    let f = |x: f64| p.ln_pdf(&x) - q.ln_pdf(&x) - eps;
    let smax = sigmas.iter().cloned().fold(0.0, f64::max);
    let smin = sigmas.iter().cloned().fold(f64::INFINITY, f64::min);
    let reach = eps.abs() * smax * smax / shift + 40.0 * smax;
    let (lo, hi) = (-reach, shift + reach);
    let n = ((10.0 * (hi - lo) / smin).ceil() as usize).clamp(2000, 400_000);
    let xs: Vec<f64> = (0..=n).map(|k| lo + (hi - lo) * k as f64 / n as f64).collect();
    let fs: Vec<f64> = xs.iter().map(|&x| f(x)).collect();
    let mut roots = Vec::new();
    for k in 0..n {
        if (fs[k] > 0.0) != (fs[k + 1] > 0.0) {
            // The sign at xs[k] holds on the left of the crossing and fails at xs[k + 1] (both
            // evaluated above); 200 halvings or adjacent floats, the crossing is the midpoint.
            let sa = fs[k] > 0.0;
            let b = root_bracket(|m: &f64| Ok::<_, RootError>((f(*m) > 0.0) == sa), Bracket::established(xs[k], xs[k + 1]), &Stop::iterations(200))?;
            roots.push(0.5 * (b.lo + b.hi));
        }
    }
    // Intervals where f > 0: start from the sign at the left end (beyond the window the widest
    // component dominates and the sign is that of the window end).
    let mut edges = vec![f64::NEG_INFINITY];
    edges.extend(roots);
    edges.push(f64::INFINITY);
    let mut positive = fs[0] > 0.0;
    let mut h = 0.0;
    for w in edges.windows(2) {
        if positive {
            h += (mass(&p, w[0], w[1]) - eps.exp() * mass(&q, w[0], w[1])).max(0.0);
        }
        positive = !positive;
    }
    Ok(h.clamp(0.0, 1.0))
}

#[cfg(test)]
#[path = "random_selection_pld_test.rs"]
mod random_selection_pld_test;
