//! Gaussian mechanism privacy loss (foundations §2.1).
//!
//! Pair `P = N(μ, 1)`, `Q = N(0, 1)`, `μ = Δ/s = 1/σ`; symmetric, so one direction suffices.
//! Under `P`, `L = μx − μ²/2 ~ N(μ²/2, μ²)`.

use super::{PrivacyLoss, SimRng};
use crate::num::special::ndtr;
use rand_distr::{Distribution, StandardNormal};

/// Privacy loss of the Gaussian mechanism with `μ = 1/σ` (one step, either direction).
#[derive(Clone, Debug)]
pub struct GaussianLoss {
    pub mu: f64,
}

impl GaussianLoss {
    pub fn new(mu: f64) -> Self {
        GaussianLoss { mu }
    }
}

/// ln δ(ε) of μ-GDP / the Gaussian mechanism in f64 (Balle & Wang 2018, Theorem 8; Dong, Roth &
/// Su 2022, Corollary 2.13): delegates to [`crate::repr::gdp::Gdp::ln_delta`], which uses the
/// stable log form of foundations §2.1 (scaled-erfc form in the far tail). No underflow.
pub fn gaussian_ln_delta_f64(mu: f64, eps: f64) -> f64 {
    crate::repr::gdp::Gdp::new(mu).and_then(|g| g.ln_delta(eps)).unwrap_or(f64::NAN)
}

impl PrivacyLoss for GaussianLoss {
    fn describe(&self) -> String {
        format!("gaussian(mu={})", self.mu)
    }
    fn cdf(&self, t: f64) -> f64 {
        ndtr((t - 0.5 * self.mu * self.mu) / self.mu)
    }
    fn sf(&self, t: f64) -> f64 {
        ndtr((0.5 * self.mu * self.mu - t) / self.mu)
    }
    fn support(&self) -> (f64, f64) {
        (f64::NEG_INFINITY, f64::INFINITY)
    }
    fn delta(&self, eps: f64) -> f64 {
        gaussian_ln_delta_f64(self.mu, eps).exp()
    }
    /// `ln E_P[e^{λL}] = λ(λ+1)μ²/2` for every real λ (normal MGF).
    fn ln_mgf(&self, lambda: f64) -> f64 {
        0.5 * lambda * (lambda + 1.0) * self.mu * self.mu
    }
    fn sample(&self, rng: &mut SimRng) -> f64 {
        let z: f64 = StandardNormal.sample(rng);
        0.5 * self.mu * self.mu + self.mu * z
    }
}
