//! Certified numerical composition of symmetric f-DP factors `C_p(G_μ)` and `G_ν`
//! (heterogeneous), e.g. `C_p(G_μ)^{⊗K} ⊗ G_ν` (Bok, Su, Altschuler 2024, Appendix D.5,
//! Proposition D.4; shifted_interpolation spec §2.11), on the certified FFT accountant of this
//! module ([`compose_losses`]).
//!
//! Each factor is a symmetric trade-off function, so one privacy-loss law per factor suffices
//! ([`LossStep`] with `symmetric = true`): `C_p(G_μ)` has the law of
//! [`SubsampledGdpLoss`] (spec §2.11), `G_ν` the Gaussian law. The result is an interval
//! `[lower, upper]` containing the true `δ(ε)` (or `ε(δ)`) of the composed trade-off function,
//! under the evaluation- and FFT-error models of [`crate::pld`] — never a point estimate (the
//! authors' PRV accountant reports an estimate with `eps_error = 1e−3`).

use super::certify::{compose_losses, delta_interval_losses, epsilon_interval_losses, CertifiedPld, LossStep};
use super::options::{PldDiagnostics, PldOptions};
use crate::error::{check, Error, Result};
use crate::mechanisms::gaussian::GaussianLoss;
use crate::mechanisms::replace_subsampled_gaussian::SubsampledGdpLoss;
use crate::mechanisms::subsampled_gaussian::ZeroLoss;
use crate::mechanisms::PrivacyLoss;
use crate::num::Interval;
use std::sync::Arc;

/// Largest μ accepted for a factor: beyond it one step's loss exceeds ~1000 nats (the limit of
/// [`crate::mechanisms::MIN_NOISE_MULTIPLIER`] = 1e−3 for noise multipliers).
pub const MAX_FACTOR_MU: f64 = 1e3;

/// One symmetric factor of an f-DP composition.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FdpFactor {
    /// `G_μ` (Gaussian DP).
    Gaussian { mu: f64 },
    /// `C_p(G_μ)` (Definition 4.7 of the shifted-interpolation paper), `p ∈ (0, 1]`.
    SubsampledGaussian { p: f64, mu: f64 },
}

impl FdpFactor {
    /// Validate: μ finite in `[0, MAX_FACTOR_MU]`, p ∈ (0, 1]. Errors name the bad value.
    pub fn validate(&self) -> Result<()> {
        let mu = match *self {
            FdpFactor::Gaussian { mu } => mu,
            FdpFactor::SubsampledGaussian { p, mu } => {
                if !(p > 0.0 && p <= 1.0) {
                    return Err(Error::invalid("sampling rate p", p, "must lie in (0, 1]"));
                }
                mu
            }
        };
        if !(mu.is_finite() && (0.0..=MAX_FACTOR_MU).contains(&mu)) {
            return Err(Error::invalid("GDP mu of a composed factor", mu, "must be a finite number in [0, 1000]"));
        }
        Ok(())
    }

    /// The factor's privacy-loss law (μ = 0: no loss).
    fn loss(&self) -> Arc<dyn PrivacyLoss> {
        match *self {
            _ if self.mu() == 0.0 => Arc::new(ZeroLoss),
            FdpFactor::Gaussian { mu } => Arc::new(GaussianLoss::new(mu)),
            // C_1(G_μ) = G_μ (Definition 4.7 with p = 1).
            FdpFactor::SubsampledGaussian { p, mu } if p == 1.0 => Arc::new(GaussianLoss::new(mu)),
            FdpFactor::SubsampledGaussian { p, mu } => Arc::new(SubsampledGdpLoss::new(p, mu)),
        }
    }

    /// The factor's μ.
    pub fn mu(&self) -> f64 {
        match *self {
            FdpFactor::Gaussian { mu } | FdpFactor::SubsampledGaussian { mu, .. } => mu,
        }
    }

    /// A label identifying the law exactly (full-precision parameters), for merging.
    fn label(&self) -> String {
        match *self {
            FdpFactor::Gaussian { mu } => format!("G({mu:e})"),
            FdpFactor::SubsampledGaussian { p, mu } => format!("C({p:e}, G({mu:e}))"),
        }
    }
}

/// The validated loss steps of `parts` (factor, count ≥ 1). Errors: empty, a bad factor, count 0.
pub fn fdp_steps(parts: &[(FdpFactor, u64)]) -> Result<Vec<LossStep>> {
    if parts.is_empty() {
        return Err(Error::invalid("f-DP factors", "[]", "nothing to compose"));
    }
    parts
        .iter()
        .map(|(f, n)| {
            f.validate()?;
            check::at_least_one("count of a composed factor", *n)?;
            let l = f.loss();
            Ok(LossStep { label: f.label(), remove: l.clone(), add: l, symmetric: true, count: *n })
        })
        .collect()
}

/// Compose `⊗_i f_i^{⊗n_i}` on the certified FFT accountant ([`compose_losses`]); query the
/// result with [`CertifiedPld::delta`] / [`CertifiedPld::epsilon`] (intervals). Errors as
/// [`fdp_steps`] and [`compose_losses`].
pub fn compose_fdp(parts: &[(FdpFactor, u64)], opts: &PldOptions) -> Result<CertifiedPld> {
    compose_losses(&fdp_steps(parts)?, opts)
}

/// Certified `[ε_L, ε_U]` containing `ε(δ)` of `⊗_i f_i^{⊗n_i}`, grid refined until
/// `opts.eps_rel_accuracy` is met. Errors: δ ∉ (0, 1), and as [`compose_fdp`].
pub fn epsilon_interval_fdp(parts: &[(FdpFactor, u64)], delta: f64, opts: &PldOptions) -> Result<(Interval, PldDiagnostics)> {
    epsilon_interval_losses(&fdp_steps(parts)?, delta, opts)
}

/// Certified `[δ_L, δ_U]` containing `δ(ε)` of `⊗_i f_i^{⊗n_i}`. Errors: ε not finite, and as
/// [`compose_fdp`].
pub fn delta_interval_fdp(parts: &[(FdpFactor, u64)], eps: f64, opts: &PldOptions) -> Result<(Interval, PldDiagnostics)> {
    delta_interval_losses(&fdp_steps(parts)?, eps, opts)
}
