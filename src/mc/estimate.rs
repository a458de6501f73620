//! δ(ε) by Monte Carlo with a two-sided finite-sample confidence interval
//! (foundations §5.1–§5.3).
//!
//! Per direction: the estimator chosen by [`super::tilt::plan`] —
//! * **tilted** (`B_λ < 1`): mean of `Y/B ∈ [0, 1]` bounded by empirical Bernstein
//!   (Maurer & Pontil 2009, Thm 4), then scaled by `B` (rounded outward);
//! * **untilted**: Bernoulli form `Z = 1{U < X}`, `X = (1 − e^{ε−S})_+` (`Z ~ Bern(δ)` exactly),
//!   bounded by Clopper–Pearson; the point estimate is the mean of `X`;
//! * **exact** when no sampling is needed (ε above the largest possible loss, constant loss).
//!
//! The profile of a mechanism with several directions is the maximum over directions
//! (§1.3): `lower = max of lowers`, `upper = max of uppers`; the error probability β = 1 − c is
//! split evenly over the directions (Bonferroni) and, within a direction, evenly over the two
//! sides. All intervals hold simultaneously with probability ≥ c.

use super::bounds::{mean_bounds, p_value_above, BoundMethod};
use super::options::McOptions;
use super::stream::{run_chunks, StreamKey};
use super::summary::MeanSummary;
use super::tilt::{plan, Plan};
use crate::error::{check, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::num::round::{mul_down, mul_up};
use crate::num::Interval;
use rand::Rng;
use serde::Serialize;

/// Result of a Monte Carlo estimate (of δ(ε) or of ε(δ)).
#[derive(Clone, Debug, Serialize)]
pub struct McEstimate {
    /// Holds with probability ≥ `confidence` (not certified).
    pub interval: Interval,
    /// Point estimate (inside `interval`).
    pub point: f64,
    /// Replicates of the composed loss per evaluation (largest over directions).
    pub samples: usize,
    pub confidence: f64,
    /// Estimator, sampler, tilt, confidence-bound method and error split, in words.
    pub method: String,
    /// One entry per direction.
    pub parts: Vec<McPart>,
}

/// The estimate for one direction.
#[derive(Clone, Debug, Serialize)]
pub struct McPart {
    pub direction: Direction,
    pub interval: Interval,
    pub point: f64,
    pub samples: usize,
    pub method: String,
    /// Sufficient statistics for p-values (sampled δ estimates only).
    pub stats: Option<PartStats>,
}

/// Statistics of a sampled δ estimate: the bounded variable is `δ-contribution / scale`.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct PartStats {
    pub bound: BoundMethod,
    pub summary: MeanSummary,
    /// `B` rounded down / up (1 for the untilted estimator).
    pub scale_down: f64,
    pub scale_up: f64,
}

impl McEstimate {
    /// p-value for `H0: δ(ε) ≤ claim` of a δ estimate (foundations §5.5): per direction the
    /// p-value of its bound method for `m ≤ claim / B_down` (conservative since `B ≥ B_down`),
    /// an exact part gives 0 or 1; combined over directions by Bonferroni, `min(1, D·min p_d)`.
    /// `None` for ε estimates.
    pub fn p_value_delta_exceeds(&self, claim: f64) -> Option<f64> {
        let mut p_min = 1.0f64;
        for part in &self.parts {
            let p = match &part.stats {
                Some(st) => p_value_above(&st.summary, st.bound, claim / st.scale_down),
                None if part.interval.lower == part.interval.upper => {
                    if part.interval.lower > claim { 0.0 } else { 1.0 }
                }
                None => return None,
            };
            p_min = p_min.min(p);
        }
        Some((p_min * self.parts.len() as f64).min(1.0))
    }
}

/// Monte Carlo interval for the privacy profile `δ(ε)` of `mech` composed `steps` times, at
/// confidence `opts.confidence` (two-sided). Estimate with a stated confidence, not a certified
/// bound. Errors: invalid `steps`, ε or options; [`crate::Error::Interrupted`]; numerical
/// failure of a tilt normaliser.
pub fn delta_interval(mech: &Mechanism, steps: u64, eps: f64, opts: &McOptions) -> Result<McEstimate> {
    check::at_least_one("steps", steps)?;
    check::finite("epsilon", eps)?;
    opts.validate()?;
    let dirs = mech.directions();
    let beta_dir = (1.0 - opts.confidence) / dirs.len() as f64;
    let mut parts = Vec::with_capacity(dirs.len());
    for &dir in dirs {
        let label = format!("delta/{}/{}/T={steps}/eps={:016x}", mech.name(), dir.name(), eps.to_bits());
        parts.push(evaluate_direction(mech, dir, steps, eps, opts, 0.5 * beta_dir, 0.5 * beta_dir, &label)?);
    }
    let split = if dirs.len() > 1 {
        format!("; profile = max over {} directions (lower = max of lowers, upper = max of uppers), error split by Bonferroni (beta/{} per direction)", dirs.len(), dirs.len())
    } else {
        String::new()
    };
    let method = format!(
        "delta(eps) = E_P[(1 - e^(eps-S))_+]; two-sided, beta = {:e} split evenly over the two sides{split}; {}",
        1.0 - opts.confidence,
        parts.iter().map(|p| format!("{}: {}", p.direction.name(), p.method)).collect::<Vec<_>>().join("; ")
    );
    Ok(combine_max(parts, opts.confidence, method))
}

/// Combine directions: interval = (max lower, max upper), point = max point.
pub(crate) fn combine_max(parts: Vec<McPart>, confidence: f64, method: String) -> McEstimate {
    let lower = parts.iter().map(|p| p.interval.lower).fold(f64::NEG_INFINITY, f64::max);
    let upper = parts.iter().map(|p| p.interval.upper).fold(f64::NEG_INFINITY, f64::max);
    let point = parts.iter().map(|p| p.point).fold(f64::NEG_INFINITY, f64::max).clamp(lower, upper);
    let samples = parts.iter().map(|p| p.samples).max().unwrap_or(0);
    McEstimate { interval: Interval { lower, upper }, point, samples, confidence, method, parts }
}

/// One direction at one ε: lower bound at error `beta_lower`, upper at `beta_upper` (0 → the
/// trivial bound on that side). `label` names the check (it selects the random streams).
#[allow(clippy::too_many_arguments)] // one call site per use; a struct would only rename them
pub(crate) fn evaluate_direction(
    mech: &Mechanism,
    dir: Direction,
    steps: u64,
    eps: f64,
    opts: &McOptions,
    beta_lower: f64,
    beta_upper: f64,
    label: &str,
) -> Result<McPart> {
    let ctl = opts.control();
    let key = StreamKey::new(opts.seed, label);
    match plan(mech, dir, steps, eps, opts.tilt)? {
        Plan::Exact(v, why) => Ok(McPart { direction: dir, interval: Interval::point(v), point: v, samples: 0, method: why, stats: None }),
        Plan::Tilted(sampler, tilt) => {
            let n = opts.replicates(sampler.cost());
            let (lambda, lnc) = (tilt.lambda, tilt.ln_c);
            let chunks = run_chunks(n, &key, &ctl, |rng, len| {
                let mut s = MeanSummary::default();
                for _ in 0..len {
                    let x = sampler.sample(rng);
                    s.push(tilted_weight(x, eps, lambda, lnc));
                }
                s
            })?;
            let summary = merge(&chunks);
            let m = mean_bounds(&summary, BoundMethod::EmpiricalBernstein, beta_lower, beta_upper);
            let (b_down, b_up) = (tilt.b_down(), tilt.b_up());
            // Lower bound scaled by B rounded down, upper by B rounded up (towards more loss);
            // a positive upper bound that underflows is reported as the smallest subnormal, never 0.
            let mut upper = mul_up(m.upper, b_up).min(1.0);
            if upper == 0.0 && m.upper > 0.0 {
                upper = f64::from_bits(1);
            }
            let interval = Interval { lower: mul_down(m.lower, b_down), upper };
            let point = (summary.mean * tilt.ln_b.exp()).clamp(interval.lower, interval.upper);
            let method = format!(
                "tilted importance sampling ({}, B = {:.6e}), sampler: {}, {} on Y/B",
                tilt.label,
                tilt.ln_b.exp(),
                sampler.describe(),
                BoundMethod::EmpiricalBernstein.name()
            );
            let stats = PartStats { bound: BoundMethod::EmpiricalBernstein, summary, scale_down: b_down, scale_up: b_up };
            Ok(McPart { direction: dir, interval, point, samples: n, method, stats: Some(stats) })
        }
        Plan::Untilted(sampler) => {
            let n = opts.replicates(sampler.cost());
            let chunks = run_chunks(n, &key, &ctl, |rng, len| {
                let mut s = MeanSummary::default();
                for _ in 0..len {
                    let x = untilted_weight(sampler.sample(rng), eps);
                    if x > 0.0 && rng.gen::<f64>() < x {
                        s.hits += 1;
                    }
                    s.push(x);
                }
                s
            })?;
            let summary = merge(&chunks);
            let interval = mean_bounds(&summary, BoundMethod::ClopperPearson, beta_lower, beta_upper);
            let point = summary.mean.clamp(interval.lower, interval.upper);
            let method = format!("untilted, sampler: {}, {}", sampler.describe(), BoundMethod::ClopperPearson.name());
            let stats = PartStats { bound: BoundMethod::ClopperPearson, summary, scale_down: 1.0, scale_up: 1.0 };
            Ok(McPart { direction: dir, interval, point, samples: n, method, stats: Some(stats) })
        }
    }
}

/// `X = (1 − e^{ε−S})_+ ∈ [0, 1]` (1 at `S = +∞`), foundations §1.5 identity 1.
#[inline]
pub(crate) fn untilted_weight(s: f64, eps: f64) -> f64 {
    if s > eps { -(eps - s).exp_m1() } else { 0.0 }
}

/// `Y/B = e^{−λ(S−ε) − ln c_λ} (1 − e^{ε−S})_+ ∈ [0, 1]` (clamped against rounding; 0 at
/// `S = +∞` when λ > 0), foundations §5.3.
#[inline]
pub(crate) fn tilted_weight(s: f64, eps: f64, lambda: f64, ln_c: f64) -> f64 {
    if s > eps {
        let d = s - eps;
        ((-lambda * d - ln_c).exp() * -(-d).exp_m1()).min(1.0)
    } else {
        0.0
    }
}

fn merge(chunks: &[MeanSummary]) -> MeanSummary {
    let mut s = MeanSummary::default();
    for c in chunks {
        s.merge(c);
    }
    s
}
