//! Choice of the estimator for one direction at one ε: exact, untilted, or exponentially tilted
//! (foundations §5.3).
//!
//! Tilted estimator: sample `S` under `P_λ^{⊗T}` (`dP_λ = e^{λL} dP / Z_λ`), weight
//! `Y = Z_λ^T e^{−λS} (1 − e^{ε−S})_+`, so `δ(ε) = E_{P_λ}[Y]` and
//! `0 ≤ Y ≤ B_λ := exp(T ln Z_λ − λε) · c_λ`, `c_λ = (λ/(1+λ))^λ/(1+λ) = (1 − 1/α)^{α−1}/α`
//! (the G conversion of §3 at order α = 1 + λ; Balle et al. 2020 Thm 21, Canonne, Kamath &
//! Steinke 2020 Prop 12). `Y/B = e^{−λ(S−ε)} (1 − e^{ε−S})_+ / c_λ ∈ [0, 1]` does not involve
//! `Z`. λ minimises `ln B_λ`, a deterministic function of (mechanism, T, ε): it is chosen
//! **without looking at any sample**, so the samples used for the bound are independent of it.
//! Tilting is used only when `B_λ < 1` (otherwise the untilted `[0, 1]` estimator has the
//! smaller range).
//!
//! Families: Gaussian (continuous λ, exact composed normal), randomized response (continuous λ,
//! exact binomial), Laplace (continuous λ, rejection, `ln Z` from `PrivacyLoss::ln_mgf`),
//! subsampled Gaussian remove (integer α ≥ 2, mixture sampler), subsampled Gaussian add
//! (continuous λ, rejection, `ln Z` by quadrature). Everything else is untilted.

use super::sampler::Sampler;
use super::tilt_sgm::{sgm_add_ln_z, sgm_remove_tilt};
use crate::error::{Error, Result};
use crate::mechanisms::{Direction, Mechanism, PrivacyLoss};
use serde::{Deserialize, Serialize};

/// Whether to use exponential tilting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tilt {
    /// Tilt when a tilted sampler exists for the family and `B_λ < 1`.
    Auto,
    /// Never tilt: untilted Bernoulli form + Clopper–Pearson.
    Off,
}

/// Smallest acceptance rate allowed for rejection tilting (limits the cost to 50 draws/step).
const MIN_ACCEPTANCE: f64 = 0.02;

/// The chosen tilt.
#[derive(Clone, Debug)]
pub struct TiltChoice {
    pub lambda: f64,
    /// `ln c_λ`.
    pub ln_c: f64,
    /// `ln B_λ` and an absolute allowance for its f64 evaluation error.
    pub ln_b: f64,
    pub ln_b_err: f64,
    pub label: String,
}

impl TiltChoice {
    /// `B` rounded up (towards more privacy loss): used to scale upper bounds.
    pub fn b_up(&self) -> f64 {
        (self.ln_b + self.ln_b_err).exp().next_up()
    }
    /// `B` rounded down: used to scale lower bounds.
    pub fn b_down(&self) -> f64 {
        (self.ln_b - self.ln_b_err).exp().next_down().max(0.0)
    }
}

/// What to do for one direction at one ε.
#[derive(Debug)]
pub enum Plan {
    /// `δ(ε)` is known without sampling (value, reason).
    Exact(f64, String),
    Untilted(Sampler),
    Tilted(Sampler, TiltChoice),
}

/// `ln c_λ = λ ln(λ/(1+λ)) − ln(1+λ)` (0 at λ = 0).
pub fn ln_c(lambda: f64) -> f64 {
    if lambda <= 0.0 {
        return 0.0;
    }
    -lambda * (1.0 / lambda).ln_1p() - lambda.ln_1p()
}

/// Minimise `f` over `λ ∈ [lo, hi]` (log scale): 121-point grid, then golden section between
/// the neighbours of the best grid point. Non-finite values count as `+∞`. Returns `(λ, f(λ))`.
pub fn minimise_log(f: &dyn Fn(f64) -> f64, lo: f64, hi: f64) -> (f64, f64) {
    let g = |t: f64| {
        let v = f(t.exp());
        if v.is_nan() { f64::INFINITY } else { v }
    };
    let (a, b) = (lo.ln(), hi.ln());
    let n = 120;
    let mut best = (a, g(a));
    let mut best_i = 0;
    for i in 1..=n {
        let t = a + (b - a) * i as f64 / n as f64;
        let v = g(t);
        if v < best.1 {
            best = (t, v);
            best_i = i;
        }
    }
    let step = (b - a) / n as f64;
    let (l, r) = (a + step * (best_i as f64 - 1.0).max(0.0), a + step * (best_i as f64 + 1.0).min(n as f64));
    let (x, v) = crate::num::root::golden_min(g, l, r, 60);
    if v < best.1 {
        best = (x, v);
    }
    (best.0.exp(), best.1)
}


/// Which rejection-tilted loss (how its normaliser is computed).
#[derive(Clone, Copy, Debug)]
pub enum RejectionKind {
    /// `ln Z_λ` from the closed form `PrivacyLoss::ln_mgf` (Mironov 2017, Prop. 6).
    Laplace,
    /// `ln Z_λ` by quadrature ([`sgm_add_ln_z`]).
    SgmAdd { q: f64, sigma: f64 },
}

/// A family of tilts `P_λ` of one direction composed `steps` times.
pub enum Family {
    /// Gaussian: `T ln Z_λ = λ(1+λ)Tμ²/2`, exact composed normal sampler.
    Gaussian { mu2t: f64 },
    /// Randomized response: `ln Z_λ = ln(π e^{λε0} + (1−π) e^{−λε0})`, exact binomial sampler.
    Rr { e0: f64, ln_pi: f64, ln_1mpi: f64, steps: u64 },
    /// Subsampled Gaussian, remove: integer `α = 1 + λ ≥ 2`, `Z = A_α`, mixture sampler.
    SgmRemove { q: f64, sigma: f64, steps: u64 },
    /// Loss bounded above by `l_max`: rejection sampler.
    Rejection { loss: Box<dyn PrivacyLoss>, mech: Mechanism, dir: Direction, steps: u64, l_max: f64, kind: RejectionKind },
}

impl Family {
    /// The tilt family of `dir` composed `steps` times, if one is implemented.
    pub fn new(mech: &Mechanism, dir: Direction, steps: u64) -> Option<Family> {
        if let Some(mu2) = gaussian_mu2(mech) {
            return Some(Family::Gaussian { mu2t: steps as f64 * mu2 });
        }
        let loss = mech.loss(dir);
        let l_max = loss.support().1;
        let bounded = l_max.is_finite() && loss.inf_mass() == 0.0;
        match *mech {
            Mechanism::RandomizedResponse { noise_multiplier: s } => {
                let e0 = 1.0 / s;
                Some(Family::Rr { e0, ln_pi: -(-e0).exp().ln_1p(), ln_1mpi: -e0.exp().ln_1p(), steps })
            }
            Mechanism::Laplace { .. } if bounded => {
                Some(Family::Rejection { loss, mech: mech.clone(), dir, steps, l_max, kind: RejectionKind::Laplace })
            }
            Mechanism::PoissonSubsampledGaussian { noise_multiplier: sigma, sampling_rate: q, .. } if q > 0.0 && q < 1.0 => match dir {
                Direction::Remove => Some(Family::SgmRemove { q, sigma, steps }),
                Direction::Add if bounded => {
                    Some(Family::Rejection { loss, mech: mech.clone(), dir, steps, l_max, kind: RejectionKind::SgmAdd { q, sigma } })
                }
                Direction::Add => None,
            },
            _ => None,
        }
    }

    fn steps_f(&self) -> f64 {
        match self {
            Family::Gaussian { .. } => 1.0,
            Family::Rr { steps, .. } | Family::SgmRemove { steps, .. } | Family::Rejection { steps, .. } => *steps as f64,
        }
    }

    /// `(T ln Z_λ, absolute error allowance)`, or `None` if λ is not admissible (non-integer for
    /// the mixture, acceptance below `MIN_ACCEPTANCE` for rejection, quadrature failure).
    pub fn ln_z_total(&self, lambda: f64) -> Option<(f64, f64)> {
        let t = self.steps_f();
        let (z, err) = match self {
            Family::Gaussian { mu2t } => {
                let v = 0.5 * lambda * (1.0 + lambda) * mu2t;
                return Some((v, 1e-14 * (1.0 + v.abs())));
            }
            Family::Rr { e0, ln_pi, ln_1mpi, .. } => {
                let z = crate::num::special::ln_add_exp(ln_pi + lambda * e0, ln_1mpi - lambda * e0);
                (z, 1e-14 * (1.0 + z.abs() + (lambda * e0).abs()))
            }
            Family::SgmRemove { q, sigma, .. } => {
                if lambda.fract() != 0.0 || lambda < 1.0 {
                    return None;
                }
                let tl = sgm_remove_tilt(*q, *sigma, lambda as u64 + 1);
                (tl.ln_a, tl.ln_a_err)
            }
            Family::Rejection { loss, l_max, kind, .. } => {
                let (z, err) = match kind {
                    RejectionKind::Laplace => {
                        let z = loss.ln_mgf(lambda);
                        (z, 1e-13 * (1.0 + z.abs()))
                    }
                    RejectionKind::SgmAdd { q, sigma } => {
                        let (z, err, _) = sgm_add_ln_z(*q, *sigma, lambda).ok()?;
                        (z, err)
                    }
                };
                if !z.is_finite() || z - lambda * l_max < MIN_ACCEPTANCE.ln() {
                    return None;
                }
                (z, err)
            }
        };
        z.is_finite().then_some((t * z, t * err))
    }

    /// Minimise `obj(λ)` over the admissible λ: integers 1..=4095 scanned upwards (stopping 30
    /// above the best) for the mixture, [`minimise_log`] on `[1e−9, 1e9]` otherwise.
    fn minimise(&self, obj: &dyn Fn(f64) -> f64) -> Option<(f64, f64)> {
        let best = if let Family::SgmRemove { .. } = self {
            let mut best: Option<(f64, f64)> = None;
            for l in 1..4096u64 {
                let v = obj(l as f64);
                match best {
                    _ if v.is_nan() => break,
                    Some(b) if v >= b.1 => {
                        if v > b.1 + 30.0 || v.is_infinite() {
                            break;
                        }
                    }
                    _ => best = Some((l as f64, v)),
                }
            }
            best?
        } else {
            minimise_log(obj, 1e-9, 1e9)
        };
        best.1.is_finite().then_some(best)
    }

    /// The λ minimising `ln B_λ(ε) = T ln Z_λ − λε + ln c_λ`, with the tilt description.
    pub fn choose(&self, eps: f64) -> Option<TiltChoice> {
        let obj = |l: f64| self.ln_z_total(l).map_or(f64::INFINITY, |(z, _)| z - l * eps + ln_c(l));
        let (l, v) = self.minimise(&obj)?;
        let (z, z_err) = self.ln_z_total(l)?;
        let err = z_err + 1e-14 * (1.0 + z.abs() + (l * eps).abs() + ln_c(l).abs());
        let label = match self {
            Family::Gaussian { .. } => format!("gaussian tilt lambda={l:.6e}"),
            Family::Rr { .. } => format!("randomized-response tilt lambda={l:.6e}"),
            Family::SgmRemove { .. } => format!("subsampled-gaussian remove mixture tilt alpha={}", l as u64 + 1),
            Family::Rejection { kind: RejectionKind::Laplace, .. } => format!("laplace rejection tilt lambda={l:.6e}"),
            Family::Rejection { .. } => format!("subsampled-gaussian add rejection tilt lambda={l:.6e}"),
        };
        Some(TiltChoice { lambda: l, ln_c: ln_c(l), ln_b: v, ln_b_err: err, label })
    }

    /// The G-conversion ε at `δ` (foundations §3, row G): `min_λ (T ln Z_λ + ln c_λ − ln δ)/λ`,
    /// an upper bound on ε(δ) (used only as the starting point of ε(δ) searches).
    pub fn eps_g(&self, delta: f64) -> Option<f64> {
        let ln_d = delta.ln();
        let obj = |l: f64| self.ln_z_total(l).map_or(f64::INFINITY, |(z, _)| (z + ln_c(l) - ln_d) / l);
        self.minimise(&obj).map(|b| b.1)
    }

    /// The sampler of `S` under the tilt λ.
    pub fn sampler(&self, lambda: f64) -> Option<Sampler> {
        match self {
            Family::Gaussian { mu2t } => Some(Sampler::Normal { mean: (lambda + 0.5) * mu2t, sd: mu2t.sqrt() }),
            Family::Rr { e0, steps, .. } => Sampler::binomial(*e0, *steps, 1.0 / (1.0 + (-(1.0 + 2.0 * lambda) * e0).exp())),
            Family::SgmRemove { q, sigma, steps } => {
                let tl = sgm_remove_tilt(*q, *sigma, lambda as u64 + 1);
                Some(Sampler::SgmMixture { steps: *steps, sigma: *sigma, ln_q: q.ln(), ln_1mq: (-q).ln_1p(), cum: tl.cum })
            }
            Family::Rejection { mech, dir, steps, l_max, kind, .. } => {
                let (z, _) = self.ln_z_total(lambda)?;
                let acceptance = (z / *steps as f64 - lambda * l_max).exp();
                Some(match *kind {
                    RejectionKind::SgmAdd { q, sigma } => {
                        let ln_r = q.ln() - (-q).ln_1p();
                        Sampler::SgmAddRejection { steps: *steps, sigma, ln_r, l_max: *l_max, lambda, acceptance }
                    }
                    RejectionKind::Laplace => Sampler::Rejection { loss: mech.loss(*dir), steps: *steps, lambda, l_max: *l_max, acceptance },
                })
            }
        }
    }
}

/// `μ² = 1/σ²` when the loss is exactly Gaussian: the Gaussian mechanism, or the subsampled
/// Gaussian with q = 1 (both directions then have `L ~ N(μ²/2, μ²)` under P, §2.1/§2.4).
fn gaussian_mu2(mech: &Mechanism) -> Option<f64> {
    match *mech {
        Mechanism::Gaussian { noise_multiplier: s, .. } => Some(1.0 / (s * s)),
        Mechanism::PoissonSubsampledGaussian { noise_multiplier: s, sampling_rate: 1.0, .. } => Some(1.0 / (s * s)),
        _ => None,
    }
}

/// The untilted sampler: exact fast paths for the Gaussian (and SGM with q = 1) and randomized
/// response, `loss.sample` per step otherwise.
pub fn untilted_sampler(mech: &Mechanism, dir: Direction, steps: u64) -> Sampler {
    if let Some(mu2) = gaussian_mu2(mech) {
        let mu2t = steps as f64 * mu2;
        return Sampler::Normal { mean: 0.5 * mu2t, sd: mu2t.sqrt() };
    }
    if let Mechanism::RandomizedResponse { noise_multiplier: s } = *mech {
        let e0 = 1.0 / s;
        if let Some(smp) = Sampler::binomial(e0, steps, 1.0 / (1.0 + (-e0).exp())) {
            return smp;
        }
    }
    Sampler::Plain { loss: mech.loss(dir), steps }
}

/// `a·b` rounded up: the f64 product if it is exact (checked with a fused multiply-add),
/// otherwise the next float above.
pub fn product_up(a: f64, b: f64) -> f64 {
    let p = a * b;
    if !p.is_finite() || a.mul_add(b, -p) <= 0.0 { p } else { p.next_up() }
}

/// Choose the estimator for `dir` at `eps` (validated by the caller: `steps ≥ 1`, finite ε).
pub fn plan(mech: &Mechanism, dir: Direction, steps: u64, eps: f64, mode: Tilt) -> Result<Plan> {
    let t = steps as f64;
    let loss = mech.loss(dir);
    let (l_min, l_max) = loss.support();
    // Exact cases, no sampling: a degenerate loss, or ε beyond the largest possible S.
    if loss.inf_mass() == 0.0 && l_min == l_max && l_min.is_finite() {
        let v = (-(eps - t * l_min).exp_m1()).max(0.0);
        return Ok(Plan::Exact(v, format!("exact: S = T*{l_min} is constant")));
    }
    // S ≤ T·l_max for every sample, so δ(ε) = 0 for ε ≥ T·l_max; the product is rounded up
    // (unless exact) so that the claim δ = 0 holds.
    if loss.inf_mass() == 0.0 && l_max.is_finite() && eps >= product_up(t, l_max) {
        return Ok(Plan::Exact(0.0, format!("exact: eps >= T*sup L = {:e}", t * l_max)));
    }
    if mode == Tilt::Auto {
        if let Some(fam) = Family::new(mech, dir, steps) {
            if let Some(choice) = fam.choose(eps) {
                if choice.ln_b < 0.0 {
                    let sampler = fam.sampler(choice.lambda).ok_or_else(|| {
                        Error::Numerical(format!("tilted sampler unavailable at lambda={}", choice.lambda))
                    })?;
                    return Ok(Plan::Tilted(sampler, choice));
                }
            }
        }
    }
    Ok(Plan::Untilted(untilted_sampler(mech, dir, steps)))
}
