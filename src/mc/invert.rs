//! ε(δ) by Monte Carlo: inversion of one-sided δ bounds at a few evaluation points.
//!
//! Validity (union bound). Per direction at most `J = opts.max_evaluations` evaluations are
//! made; each uses **fresh independent samples** (its own stream) and is designated before
//! sampling as either an *upper test* (one-sided upper bound `δ_U(ε_t)` at error `β/(D·J)`) or a
//! *lower test* (one-sided lower bound `δ_L(ε_s)` at the same error). With probability
//! ≥ 1 − β all of them hold simultaneously, even though the evaluation points are chosen
//! adaptively (each holds with probability ≥ 1 − β/(DJ) conditionally on the past). Then, as
//! `ε ↦ δ_d(ε)` is non-increasing for every direction d (§1.5 item 8):
//! * `δ_U,d(ε_t) ≤ δ` ⇒ `δ_d(ε) ≤ δ` for all `ε ≥ ε_t`; so `ε(δ) ≤ max_d min_t ε_t` (the
//!   profile is the maximum over directions);
//! * `δ_L,d(ε_s) > δ` ⇒ `δ(ε_s) > δ` ⇒ `ε(δ) > ε_s`; so `ε(δ) ≥ max_s ε_s`.
//!
//! Directions without a successful upper test fall back to the deterministic bound
//! `T·sup L` (where `δ = 0` exactly) or `+∞`; the lower end falls back to `0`.
//!
//! Domain: `ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ}` (foundations §1.5; the definition used by the exact
//! and FFT routes), so both ends are clamped at 0: an upper test passing at a negative `ε_t`
//! shows `δ(0) ≤ δ(ε_t) ≤ δ` (monotonicity), i.e. `ε(δ) = 0` (issue 14, F1: the lower end used to
//! start at `ln(1 − δ) < 0` and the three methods then "disagreed" where the truth is 0).
//!
//! Where to evaluate (affects only tightness, never validity): a **pilot** run per direction on
//! an independent stream (never reused for any bound; a quarter of the replicates of an
//! evaluation), tilted for the G-conversion ε of §3,
//! gives a monotone estimate `δ̂(ε)` for all ε at once; from it the point estimate `ε̂` and the
//! predicted relative half-width `r` of a final evaluation give candidates
//! `ε̂ + (1 + κ)(ε_pred − ε̂)` with `δ̂(ε_pred) = δ/(1 ± r)`, `κ = 0.6`, moved outwards
//! (distance doubled) after a failed test. Only the direction with the largest `ε̂` gets lower
//! tests (a lower bound from one direction is a lower bound for the profile); the others get
//! one upper test at `max(own candidate, ε̂_dominant)`.

use super::estimate::{combine_max, evaluate_direction, untilted_weight, McEstimate, McPart};
use super::options::McOptions;
use super::stream::{run_chunks, StreamKey};
use super::tilt::{plan, product_up, untilted_sampler, Family, Plan, Tilt};
use crate::error::{check, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::num::root::{root_bracket, Bracket, RootError, Stop};
use crate::num::Interval;

/// Safety factor on the predicted distance of the candidates from `ε̂`.
const KAPPA: f64 = 0.6;

/// Pilot summary of one direction.
struct Pilot {
    eps_hat: f64,
    /// Predicted candidates for an upper / a lower test.
    up: f64,
    lo: Option<f64>,
    n: usize,
    /// Replicates of each final evaluation.
    n_final: usize,
}

/// Monte Carlo interval for `ε(δ) = inf{ε : δ(ε) ≤ δ}` of `mech` composed `steps` times,
/// holding with probability ≥ `opts.confidence`. Estimate with a stated confidence, not a
/// certified bound. Either end may be infinite when the samples cannot decide.
/// Errors: invalid `steps`, δ ∉ (0, 1), invalid options; [`crate::Error::Interrupted`].
pub fn epsilon_interval(mech: &Mechanism, steps: u64, delta: f64, opts: &McOptions) -> Result<McEstimate> {
    check::at_least_one("steps", steps)?;
    check::unit_open("delta", delta)?;
    opts.validate()?;
    let dirs = mech.directions();
    let j_max = opts.max_evaluations;
    let beta_eval = (1.0 - opts.confidence) / (dirs.len() * j_max) as f64;
    let base = format!("eps/{}/T={steps}/delta={:016x}", mech.name(), delta.to_bits());

    let pilots: Vec<Pilot> = dirs
        .iter()
        .map(|&d| pilot(mech, d, steps, delta, opts, beta_eval, &format!("{base}/{}/pilot", d.name())))
        .collect::<Result<_>>()?;
    let dominant = (0..dirs.len()).fold(0, |b, i| if pilots[i].eps_hat > pilots[b].eps_hat { i } else { b });

    let mut parts = Vec::new();
    // ε(δ) is an infimum over ε ≥ 0, so 0 is always a valid lower claim.
    let mut lower_claim = 0.0_f64;
    let mut upper_claim = f64::NEG_INFINITY;
    let mut log = Vec::new();
    for (i, &dir) in dirs.iter().enumerate() {
        let p = &pilots[i];
        let label = |j: usize| format!("{base}/{}/eval={j}", dir.name());
        let mut used = 0;
        let mut notes = vec![format!("pilot n={} eps_hat={:.6}", p.n, p.eps_hat)];
        // Upper tests.
        let up_budget = if i == dominant { j_max - j_max / 2 } else { j_max };
        let mut cand = if i == dominant { p.up } else { p.up.max(pilots[dominant].eps_hat) };
        let mut best_up = f64::INFINITY;
        while used < up_budget {
            let part = evaluate_direction(mech, dir, steps, cand, opts, 0.0, beta_eval, &label(used))?;
            used += 1;
            let ok = part.interval.upper <= delta;
            notes.push(format!("eps={cand:.6}: delta_U={:.4e} {}", part.interval.upper, if ok { "<= delta (upper claim)" } else { "> delta" }));
            if ok {
                best_up = cand;
                break;
            }
            cand = p.eps_hat + 2.0 * (cand - p.eps_hat).max(1e-9 * (1.0 + p.eps_hat.abs()));
        }
        if !best_up.is_finite() {
            best_up = support_upper(mech, dir, steps);
            notes.push(format!("no upper claim; fallback T*sup L = {best_up:e}"));
        }
        // Lower tests (dominant direction only).
        let mut best_lo = f64::NEG_INFINITY;
        if i == dominant {
            if let Some(mut cand) = p.lo {
                while used < j_max {
                    let part = evaluate_direction(mech, dir, steps, cand, opts, beta_eval, 0.0, &label(used))?;
                    used += 1;
                    let ok = part.interval.lower > delta;
                    notes.push(format!("eps={cand:.6}: delta_L={:.4e} {}", part.interval.lower, if ok { "> delta (lower claim)" } else { "<= delta" }));
                    if ok {
                        best_lo = cand;
                        break;
                    }
                    cand = p.eps_hat - 2.0 * (p.eps_hat - cand).max(1e-9 * (1.0 + p.eps_hat.abs()));
                }
            }
        }
        // Clamp at 0: ε(δ) ≥ 0 by definition; an upper claim at ε_t < 0 implies ε(δ) = 0.
        let best_up = best_up.max(0.0);
        upper_claim = upper_claim.max(best_up);
        lower_claim = lower_claim.max(best_lo);
        let interval = Interval { lower: best_lo.max(0.0), upper: best_up };
        log.push(format!("{}: {}", dir.name(), notes.join(", ")));
        parts.push(McPart {
            direction: dir,
            interval,
            point: p.eps_hat,
            samples: p.n_final,
            method: notes.join(", "),
            stats: None,
        });
    }
    let method = format!(
        "eps(delta) by inverting one-sided MC delta bounds: at most {j_max} evaluations per direction, each with fresh samples at error beta/{} (union bound over {} directions x {j_max}); pilot runs on independent streams choose the points; {}",
        dirs.len() * j_max,
        dirs.len(),
        log.join("; ")
    );
    let mut est = combine_max(parts, opts.confidence, method);
    // Consistency: under the (probability ≥ c) event all claims hold and lower ≤ ε(δ) ≤ upper.
    // If the claims contradict each other, report the hull rather than an empty interval.
    let (lo, hi) = if lower_claim <= upper_claim { (lower_claim, upper_claim) } else { (upper_claim, lower_claim) };
    est.interval = Interval { lower: lo, upper: hi };
    est.point = est.point.clamp(lo, hi);
    for p in &mut est.parts {
        p.point = p.point.max(0.0);
    }
    Ok(est)
}

/// `T·sup L` rounded up when the loss is bounded above with no mass at `+∞` (δ = 0 beyond it),
/// else `+∞`.
fn support_upper(mech: &Mechanism, dir: Direction, steps: u64) -> f64 {
    let loss = mech.loss(dir);
    let l_max = loss.support().1;
    if loss.inf_mass() == 0.0 && l_max.is_finite() { product_up(steps as f64, l_max) } else { f64::INFINITY }
}

/// Pilot run: draws of `S` (tilted at the G-conversion ε when a tilt family exists), the
/// monotone pilot estimate `δ̂(ε)`, `ε̂ = δ̂⁻¹(δ)` and the candidate points.
fn pilot(mech: &Mechanism, dir: Direction, steps: u64, delta: f64, opts: &McOptions, beta_eval: f64, label: &str) -> Result<Pilot> {
    let eps0 = match (opts.tilt, Family::new(mech, dir, steps)) {
        (Tilt::Auto, Some(fam)) => fam.eps_g(delta),
        _ => None,
    };
    let plan0 = match eps0 {
        Some(e) if e.is_finite() => plan(mech, dir, steps, e, opts.tilt)?,
        _ => Plan::Exact(f64::NAN, String::new()),
    };
    // Tilt parameters (λ, T ln Z_λ) of the pilot, recovered from ln B = T ln Z − λε0 + ln c.
    let (sampler, tilt) = match plan0 {
        Plan::Tilted(s, c) => (s, Some((c.lambda, c.ln_b + c.lambda * eps0.unwrap_or(0.0) - c.ln_c))),
        Plan::Untilted(s) => (s, None),
        Plan::Exact(..) => (untilted_sampler(mech, dir, steps), None),
    };
    let n_final = opts.replicates(sampler.cost());
    let n = (n_final / 4).max(super::options::MIN_REPLICATES.min(n_final));
    let key = StreamKey::new(opts.seed, label);
    let chunks = run_chunks(n, &key, &opts.control(), |rng, len| (0..len).map(|_| sampler.sample(rng)).collect::<Vec<f64>>())?;
    let s: Vec<f64> = chunks.into_iter().flatten().collect();
    // ln of the tilt factor Z^T e^{−λS} per sample (0 when untilted); the pilot estimate
    // δ̂(ε) = mean of Z^T e^{−λS} (1 − e^{ε−S})_+ is continuous and non-increasing in ε.
    let ln_a: Vec<f64> = match tilt {
        Some((lambda, ln_zt)) => s.iter().map(|&x| ln_zt - lambda * x).collect(),
        None => vec![0.0; s.len()],
    };
    let nf = s.len() as f64;
    let weight = |i: usize, eps: f64| -> f64 {
        let x = untilted_weight(s[i], eps);
        if x > 0.0 { ln_a[i].exp() * x } else { 0.0 }
    };
    let dhat = |eps: f64| -> f64 { (0..s.len()).map(|i| weight(i, eps)).sum::<f64>() / nf };
    let s_max = s.iter().cloned().filter(|x| x.is_finite()).fold(f64::NEG_INFINITY, f64::max);
    let s_min = s.iter().cloned().fold(f64::INFINITY, f64::min);
    let eps_hat = invert(&dhat, delta, s_min, s_max);
    // Predicted relative half-width of a final one-sided evaluation at ε̂ (empirical Bernstein
    // shape; for the Bernoulli form the variance of Bern(δ)).
    let l = (2.0 / beta_eval).ln();
    let nfin = n_final as f64;
    let plan_hat = plan(mech, dir, steps, eps_hat, opts.tilt)?;
    let r = match &plan_hat {
        // δ is known exactly near ε̂ (e.g. a constant loss): no statistical margin.
        Plan::Exact(..) => 0.0,
        // Tilted: empirical Bernstein margin with the pilot's relative spread of the weights.
        Plan::Tilted(_, ch) => {
            let b_over_d = (ch.ln_b - delta.ln()).exp();
            let ys: Vec<f64> = (0..s.len()).map(|i| weight(i, eps_hat)).collect();
            let m = ys.iter().sum::<f64>() / nf;
            let v = ys.iter().map(|y| (y - m) * (y - m)).sum::<f64>() / (nf - 1.0);
            let sd_rel = if m > 0.0 { v.sqrt() / m } else { f64::INFINITY };
            (2.0 * l / nfin).sqrt() * sd_rel + 7.0 * l / (3.0 * nfin) * b_over_d
        }
        // Untilted: Bernoulli(δ) variance (Clopper–Pearson behaves like this).
        Plan::Untilted(_) => (2.0 * l * (1.0 - delta) / (nfin * delta)).sqrt() + l / (nfin * delta),
    };
    let r = if r.is_finite() { r } else { 10.0 };
    let e_up = invert(&dhat, delta / (1.0 + r), s_min, s_max);
    let up = eps_hat + (1.0 + KAPPA) * (e_up - eps_hat);
    let lo = (r < 0.9).then(|| {
        let e_lo = invert(&dhat, delta / (1.0 - r), s_min, s_max);
        eps_hat - (1.0 + KAPPA) * (eps_hat - e_lo)
    });
    Ok(Pilot { eps_hat, up, lo, n, n_final })
}

/// The ε with `f(ε) = target` for a non-increasing continuous `f`, by bisection on
/// `[s_min − 1 − …, s_max]` (f(s_max) = 0 for the pilot estimate); 100 halvings.
fn invert(f: &dyn Fn(f64) -> f64, target: f64, s_min: f64, s_max: f64) -> f64 {
    if !s_max.is_finite() {
        return s_min;
    }
    let mut lo = s_min.min(s_max) - 1.0;
    let mut step = 1.0;
    while f(lo) <= target && step < 1e6 {
        step *= 4.0;
        lo -= step;
    }
    if f(lo) <= target {
        return lo;
    }
    // f(lo) > target checked above; f(s_max) = 0 ≤ target (pilot estimate); lo ≤ s_max − 1. 100
    // halvings (or adjacent floats), the midpoint of the final bracket. A NaN s_min (invalid
    // bracket) gives NaN, as the loop it replaces did.
    match root_bracket(|e: &f64| Ok::<_, RootError>(f(*e) > target), Bracket::established(lo, s_max), &Stop::iterations(100)) {
        Ok(b) => 0.5 * (b.lo + b.hi),
        Err(_) => f64::NAN,
    }
}
