//! Privacy loss of the symmetric trade-off `C_p(G_μ)` (Gaussian mechanism on a batch sampled
//! without replacement at rate `p`, replace-one adjacency): Bok, Su, Altschuler 2024,
//! Definition 4.7 and Appendix D.5, Proposition D.4 (shifted_interpolation spec §2.6, §2.11).
//!
//! The privacy-loss random variable `Y` (`δ(ε) = E[(1 − e^{ε−Y})_+]`, symmetric) has, with
//! `u(t) = ln(1 + (e^t − 1)/p)`:
//!
//! ```text
//! P(Y > t) = p Φ(μ/2 − u(t)/μ) + (1 − p) Φ(−u(t)/μ − μ/2)     t ≥ 0
//! P(Y ≤ t) = Φ(−u(−t)/μ − μ/2)                              t < 0
//! P(Y = 0) = (1 − p)(Φ(μ/2) − Φ(−μ/2))                      (the slope −1 segment of C_p(G_μ))
//! ```
//!
//! The positive part is the remove-direction law of the Poisson-subsampled Gaussian with rate
//! `q = p` and noise multiplier `σ = 1/μ` ([`SgmLoss`], foundations §2.4), the negative part the
//! add-direction law: `C_p(G_μ)` is the symmetrisation of that pair (its `f_p` is
//! `T(N(0,1), (1−p)N(0,1) + pN(μ,1))`). Every function below delegates to the two
//! [`SgmLoss`] laws, so the evaluation accuracy is theirs.

use super::subsampled_gaussian::SgmLoss;
use super::{Direction, PrivacyLoss, SimRng};
use crate::num::special::ndtr;
use rand::Rng;

/// One step of `C_p(G_μ)`, `0 < p ≤ 1`, `μ > 0` (validated by the caller, e.g.
/// [`crate::repr::SubsampledGdp::new`] plus `μ > 0`).
#[derive(Clone, Debug)]
pub struct SubsampledGdpLoss {
    pub p: f64,
    pub mu: f64,
    remove: SgmLoss,
    add: SgmLoss,
}

impl SubsampledGdpLoss {
    pub fn new(p: f64, mu: f64) -> Self {
        let sigma = 1.0 / mu;
        SubsampledGdpLoss { p, mu, remove: SgmLoss::new(p, sigma, Direction::Remove), add: SgmLoss::new(p, sigma, Direction::Add) }
    }
    /// `P(Y = 0) = (1 − p)(Φ(μ/2) − Φ(−μ/2))`.
    pub fn zero_mass(&self) -> f64 {
        (1.0 - self.p) * (ndtr(0.5 * self.mu) - ndtr(-0.5 * self.mu))
    }
}

impl PrivacyLoss for SubsampledGdpLoss {
    fn describe(&self) -> String {
        format!("replace_subsampled_gdp(p={}, mu={})", self.p, self.mu)
    }
    fn cdf(&self, t: f64) -> f64 {
        if t < 0.0 { self.add.cdf(t) } else { self.remove.cdf(t) }
    }
    fn sf(&self, t: f64) -> f64 {
        if t < 0.0 { self.add.sf(t) } else { self.remove.sf(t) }
    }
    fn cdf_left(&self, t: f64) -> f64 {
        // P(Y < 0) = Φ(−μ/2) = the add-direction cdf at 0 (the atom at 0 excluded).
        if t <= 0.0 { self.add.cdf(t) } else { self.remove.cdf(t) }
    }
    fn sf_left(&self, t: f64) -> f64 {
        if t <= 0.0 { self.add.sf(t) } else { self.remove.sf(t) }
    }
    fn support(&self) -> (f64, f64) {
        (f64::NEG_INFINITY, f64::INFINITY)
    }
    /// `δ(ε) = p δ_{G_μ}(u(ε))` for ε ≥ 0 (the remove-direction closed form), and
    /// `1 − e^ε + e^ε δ(−ε)` for ε < 0 (symmetry).
    fn delta(&self, eps: f64) -> f64 {
        if eps >= 0.0 {
            self.remove.delta(eps)
        } else {
            (-eps.exp_m1() + eps.exp() * self.remove.delta(-eps)).min(1.0)
        }
    }
    /// No closed form is implemented except `λ ∈ {0, −1}` (both 0: `E[e^{−Y}] = 1`); the
    /// accountant then uses the discretised PMF for its windows.
    fn ln_mgf(&self, lambda: f64) -> f64 {
        if lambda == 0.0 || lambda == -1.0 { 0.0 } else { f64::INFINITY }
    }
    /// Draw `Y`: pick the part (negative, zero, positive) with its probability, then draw from
    /// the add law conditioned on `< 0` or the remove law conditioned on `> 0` by rejection
    /// (the conditional laws coincide with those of `Y`, module doc).
    fn sample(&self, rng: &mut SimRng) -> f64 {
        // Inversion on the three parts: P(Y < 0) = Φ(−μ/2), atom at 0, P(Y > 0).
        let (neg, zero) = (ndtr(-0.5 * self.mu), self.zero_mass());
        let u: f64 = rng.gen();
        if u < zero {
            return 0.0;
        }
        loop {
            let y = if u < zero + neg { self.add.sample(rng) } else { self.remove.sample(rng) };
            if (u < zero + neg && y < 0.0) || (u >= zero + neg && y > 0.0) {
                return y;
            }
        }
    }
}
