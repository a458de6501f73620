//! Privacy-loss models of the standard mechanisms (foundations spec §2).
//!
//! A [`Mechanism`] is the user-facing description (validated parameters). For each adjacency
//! [`Direction`] it yields a one-step [`PrivacyLoss`]: the law of the privacy-loss random variable
//! `L = ln(p/q)` under `P` for a tight dominating pair `(P, Q)` (§1.3, §1.5), in f64. The exact
//! (MPFR) closed forms live in [`exact`], generic over [`crate::num::Real`].
//!
//! Adjacency is add/remove throughout. Symmetric mechanisms (Gaussian, Laplace, randomized
//! response) have one direction ([`Direction::Remove`]); the Poisson-subsampled Gaussian has two,
//! which are composed separately and maximised only at the end (§1.3 item 2).

use crate::error::{check, Error, Result};
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

pub mod exact;
pub mod gaussian;
pub mod laplace;
pub mod randomized_response;
pub mod subsampled_gaussian;
pub mod mixture_gaussian;
pub mod replace_subsampled_gaussian;
pub mod replace_poisson_gaussian;
pub mod poisson_symmetric;

#[cfg(test)]
mod mechanisms_test;

/// The random-number generator used for every simulation: ChaCha8, seeded explicitly, so that
/// results are bit-reproducible across platforms for a given seed.
pub type SimRng = rand_chacha::ChaCha8Rng;

/// One ordered direction of the add/remove adjacency relation (foundations §1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// `P = M(D ∪ {x})`, `Q = M(D)`: the larger dataset in the first slot (dp_accounting REMOVE).
    Remove,
    /// `P = M(D)`, `Q = M(D ∪ {x})`.
    Add,
}

impl Direction {
    pub fn name(&self) -> &'static str {
        match self {
            Direction::Remove => "remove",
            Direction::Add => "add",
        }
    }
}

/// The law of the privacy loss `L = ln(p/q)` under `P` for one step of one ordered pair.
///
/// Contract for implementors: `cdf` is right-continuous (`P(L ≤ t)`), `sf(t) = P(L > t)` includes
/// the atom at `+∞` and is computed without cancellation in the upper tail; `cdf_left`/`sf_left`
/// are the left limits (`P(L < t)`, `P(L ≥ t)`) and differ from `cdf`/`sf` only at atoms.
/// All values are f64 evaluations of exact formulas (relative error ~1e−14).
pub trait PrivacyLoss: Send + Sync + Debug {
    /// Human-readable description, e.g. `gaussian(mu=1)`.
    fn describe(&self) -> String;
    /// `P(L ≤ t)` (finite losses only; `P(L = +∞)` is [`PrivacyLoss::inf_mass`]).
    fn cdf(&self, t: f64) -> f64;
    /// `P(L > t)`, including the mass at `+∞`.
    fn sf(&self, t: f64) -> f64;
    /// `P(L < t)`.
    fn cdf_left(&self, t: f64) -> f64 {
        self.cdf(t)
    }
    /// `P(L ≥ t)`, including the mass at `+∞`.
    fn sf_left(&self, t: f64) -> f64 {
        self.sf(t)
    }
    /// `P(L = +∞) = P(q = 0)`.
    fn inf_mass(&self) -> f64 {
        0.0
    }
    /// `[ess inf L, ess sup of finite L]`; either end may be infinite.
    fn support(&self) -> (f64, f64);
    /// The exact one-step profile `δ_{P‖Q}(ε) = E_P[(1 − e^{ε−L})_+]` in f64 (closed form).
    fn delta(&self, eps: f64) -> f64;
    /// `ln E_P[e^{λL}; L < ∞]` for real λ, or `+∞` when no closed form is implemented for this λ
    /// (callers must then fall back to `support()` or to the discretised PMF). For λ > 0 this is
    /// `λ D_{1+λ}(P‖Q)`; for λ < 0 it is `(−λ − 1) D_{−λ}(Q‖P)` when `Q ≪ P`.
    fn ln_mgf(&self, lambda: f64) -> f64;
    /// Draw one sample of `L` under `P` (may be `+∞`).
    fn sample(&self, rng: &mut SimRng) -> f64;
}

/// A standard mechanism with validated parameters. Noise is parameterised by the noise
/// multiplier `S` (noise scale divided by the sensitivity), so the privacy loss does not depend on
/// the sensitivity, which is kept for reporting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mechanism", rename_all = "snake_case")]
pub enum Mechanism {
    /// Gaussian noise `N(0, (S·C)²)` on an ℓ2-sensitivity-`C` query: μ-GDP with `μ = 1/S`.
    Gaussian { noise_multiplier: f64, sensitivity: f64 },
    /// Laplace noise of scale `b = S·C` on an ℓ1-sensitivity-`C` query: `ε0 = C/b = 1/S`.
    Laplace { noise_multiplier: f64, sensitivity: f64 },
    /// Binary randomized response reporting the true bit with probability `e^{ε0}/(1+e^{ε0})`,
    /// `ε0 = 1/S` (so that a larger noise multiplier means more privacy, as for the others).
    RandomizedResponse { noise_multiplier: f64 },
    /// Poisson sampling with rate `q`, then the Gaussian mechanism with noise multiplier `S`
    /// (the DP-SGD step, §2.4), add/remove adjacency.
    PoissonSubsampledGaussian { noise_multiplier: f64, sensitivity: f64, sampling_rate: f64 },
}

/// Smallest noise multiplier accepted (issue 14, F7, "limits of valid input"): below it the
/// per-step privacy loss exceeds 1000 nats and the FFT grid and Monte Carlo tilts no longer
/// return certified/informative answers in reasonable time (σ = 1e−320 ended in "numerical
/// failure"). Checked by [`Mechanism::from_name`].
pub const MIN_NOISE_MULTIPLIER: f64 = 1e-3;

/// Names accepted by [`Mechanism::from_name`] (hyphen and underscore spellings are equivalent).
pub const MECHANISM_NAMES: &str = "gaussian, laplace, randomized-response, poisson-subsampled-gaussian";

impl Mechanism {
    /// Build a mechanism from its CLI/CSV name, validating every parameter.
    /// `sensitivity` defaults to 1; `sampling_rate` is required only for the subsampled Gaussian.
    pub fn from_name(name: &str, noise_multiplier: f64, sensitivity: Option<f64>, sampling_rate: Option<f64>) -> Result<Mechanism> {
        let s = check::positive("noise multiplier", noise_multiplier)?;
        if s < MIN_NOISE_MULTIPLIER {
            return Err(Error::invalid("noise multiplier", format!("{s:e}"), "is below the supported minimum 1e-3 (see \"Limits of valid input\" in the README)"));
        }
        let c = check::positive("sensitivity", sensitivity.unwrap_or(1.0))?;
        let key = name.trim().to_ascii_lowercase().replace('_', "-");
        let subsampled = matches!(key.as_str(), "poisson-subsampled-gaussian" | "subsampled-gaussian" | "sgm");
        if let (false, Some(q)) = (subsampled, sampling_rate) {
            // Issue 14: the rate used to be ignored silently; the claims CSV rejects it too.
            return Err(Error::invalid("sampling rate", q, &format!("given for {name}, which is not subsampled (only poisson-subsampled-gaussian takes a rate)")));
        }
        match key.as_str() {
            "gaussian" => Ok(Mechanism::Gaussian { noise_multiplier: s, sensitivity: c }),
            "laplace" => Ok(Mechanism::Laplace { noise_multiplier: s, sensitivity: c }),
            "randomized-response" | "rr" => Ok(Mechanism::RandomizedResponse { noise_multiplier: s }),
            "poisson-subsampled-gaussian" | "subsampled-gaussian" | "sgm" => {
                let q = sampling_rate.ok_or_else(|| Error::invalid("sampling rate", "missing", "required for poisson-subsampled-gaussian"))?;
                let q = check::unit_closed("sampling rate", q)?;
                Ok(Mechanism::PoissonSubsampledGaussian { noise_multiplier: s, sensitivity: c, sampling_rate: q })
            }
            _ => Err(Error::UnknownName { kind: "mechanism".into(), name: name.to_string(), expected: MECHANISM_NAMES.into() }),
        }
    }

    /// Canonical CLI name.
    pub fn name(&self) -> &'static str {
        match self {
            Mechanism::Gaussian { .. } => "gaussian",
            Mechanism::Laplace { .. } => "laplace",
            Mechanism::RandomizedResponse { .. } => "randomized-response",
            Mechanism::PoissonSubsampledGaussian { .. } => "poisson-subsampled-gaussian",
        }
    }

    /// The directions that must be composed separately (one for symmetric mechanisms).
    pub fn directions(&self) -> &'static [Direction] {
        match self {
            Mechanism::PoissonSubsampledGaussian { .. } => &[Direction::Remove, Direction::Add],
            _ => &[Direction::Remove],
        }
    }

    /// The one-step privacy-loss law for `dir`.
    pub fn loss(&self, dir: Direction) -> Box<dyn PrivacyLoss> {
        match *self {
            Mechanism::Gaussian { noise_multiplier, .. } => Box::new(gaussian::GaussianLoss::new(1.0 / noise_multiplier)),
            Mechanism::Laplace { noise_multiplier, .. } => Box::new(laplace::LaplaceLoss::new(1.0 / noise_multiplier)),
            Mechanism::RandomizedResponse { noise_multiplier } => Box::new(randomized_response::RrLoss::new(1.0 / noise_multiplier)),
            Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } if sampling_rate == 0.0 => Box::new(subsampled_gaussian::ZeroLoss),
            Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate, .. } => {
                Box::new(subsampled_gaussian::SgmLoss::new(sampling_rate, noise_multiplier, dir))
            }
        }
    }
}
