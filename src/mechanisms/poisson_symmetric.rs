//! Poisson subsampling of a symmetric mechanism (Laplace, randomized response) under add/remove
//! adjacency, both directions (issue 12; `docs/claims.md` "Events").
//!
//! With `(P0, Q0)` the base pair and `ℓ = ln(p0/q0)` (law under `P0`: the base
//! [`PrivacyLoss`]), Poisson sampling at rate `q` gives the pairs
//!
//! * remove: `P = (1 − q) Q0 + q P0`, `Q = Q0`, `L = g(ℓ)`, `g(u) = ln(1 − q + q e^u)`;
//! * add: `P = Q0`, `Q = (1 − q) Q0 + q P0`, `L = −g(ℓ)` with `ℓ` drawn under `Q0`.
//!
//! Sources: Zhu, Dong & Wang 2022 ("Optimal accounting of differential privacy via
//! characteristic function", AISTATS; the dominating pairs of Poisson subsampling under
//! add/remove — result number not re-checked here) and dp_accounting 0.6.0
//! (`pld/privacy_loss_mechanism.py`, `AdditiveNoisePrivacyLoss` docstring, "ADD adjacency type":
//! `mu_lower = q·mu(x − s) + (1−q)·mu(x)`; "REMOVE": `mu_upper = q·mu(x + s) + (1−q)·mu(x)`),
//! which accounts `PoissonSampledDpEvent(LaplaceDpEvent)` this way.
//!
//! **Symmetry used.** For Laplace and randomized response the reflection that swaps `P0` and
//! `Q0` maps `ℓ` to `−ℓ`, so the law of `ℓ` under `Q0` is the law of `−ℓ` under `P0`:
//! `Q0(ℓ ≤ u) = P0(ℓ ≥ −u)`. With `u = g⁻¹(t) = ln((e^t − (1 − q))/q)` (monotone), every
//! probability below is a closed form in the base law's four one-sided functions:
//!
//! ```text
//! remove: P(L ≤ t) = (1−q)·P0(ℓ ≥ −u) + q·P0(ℓ ≤ u)          (t > ln(1−q); 0 below)
//! add:    P(L ≤ t) = P0(ℓ ≤ −v),  v = g⁻¹(−t)                (t < −ln(1−q); 1 above)
//! ```
//!
//! and `δ(ε) = P(L > ε) − e^ε Q(L > ε)` with `Q(L > ε)` from the same identities.

use super::{Direction, PrivacyLoss, SimRng};
use crate::num::special::ln_add_exp;
use rand::Rng;

/// One step of a Poisson-subsampled symmetric mechanism, one direction; `0 < q < 1`.
#[derive(Debug)]
pub struct PoissonSymmetricLoss {
    pub q: f64,
    pub dir: Direction,
    base: Box<dyn PrivacyLoss>,
    ln_q: f64,
    ln_1mq: f64,
}

impl PoissonSymmetricLoss {
    /// `base` must be the loss of a symmetric pair (Laplace, randomized response).
    pub fn new(q: f64, base: Box<dyn PrivacyLoss>, dir: Direction) -> Self {
        PoissonSymmetricLoss { q, dir, base, ln_q: q.ln(), ln_1mq: (-q).ln_1p() }
    }
    /// `g(u) = ln(1 − q + q e^u)`.
    pub fn g(&self, u: f64) -> f64 {
        ln_add_exp(self.ln_1mq, self.ln_q + u)
    }
    /// `g⁻¹(t) = ln(e^t − (1 − q)) − ln q` for `t > ln(1 − q)` (no cancellation:
    /// `ln(e^t − e^a) = t + ln(1 − e^{a − t})`).
    fn g_inv(&self, t: f64) -> f64 {
        t + (-(self.ln_1mq - t).exp()).ln_1p() - self.ln_q
    }
}

impl PrivacyLoss for PoissonSymmetricLoss {
    fn describe(&self) -> String {
        format!("poisson(q={}, {}, {})", self.q, self.base.describe(), self.dir.name())
    }
    fn cdf(&self, t: f64) -> f64 {
        match self.dir {
            Direction::Remove => {
                if t <= self.ln_1mq {
                    return 0.0;
                }
                let u = self.g_inv(t);
                (1.0 - self.q) * self.base.sf_left(-u) + self.q * self.base.cdf(u)
            }
            Direction::Add => {
                if t >= -self.ln_1mq {
                    return 1.0;
                }
                self.base.cdf(-self.g_inv(-t))
            }
        }
    }
    fn cdf_left(&self, t: f64) -> f64 {
        match self.dir {
            Direction::Remove => {
                if t <= self.ln_1mq {
                    return 0.0;
                }
                let u = self.g_inv(t);
                (1.0 - self.q) * self.base.sf(-u) + self.q * self.base.cdf_left(u)
            }
            Direction::Add => {
                if t >= -self.ln_1mq {
                    return 1.0;
                }
                self.base.cdf_left(-self.g_inv(-t))
            }
        }
    }
    fn sf(&self, t: f64) -> f64 {
        match self.dir {
            Direction::Remove => {
                if t <= self.ln_1mq {
                    return 1.0;
                }
                let u = self.g_inv(t);
                (1.0 - self.q) * self.base.cdf_left(-u) + self.q * self.base.sf(u)
            }
            Direction::Add => {
                if t >= -self.ln_1mq {
                    return 0.0;
                }
                self.base.sf(-self.g_inv(-t))
            }
        }
    }
    fn sf_left(&self, t: f64) -> f64 {
        match self.dir {
            Direction::Remove => {
                if t <= self.ln_1mq {
                    return 1.0;
                }
                let u = self.g_inv(t);
                (1.0 - self.q) * self.base.cdf(-u) + self.q * self.base.sf_left(u)
            }
            Direction::Add => {
                if t >= -self.ln_1mq {
                    return 0.0;
                }
                self.base.sf_left(-self.g_inv(-t))
            }
        }
    }
    fn support(&self) -> (f64, f64) {
        let (lo, hi) = self.base.support();
        match self.dir {
            Direction::Remove => (self.g(lo), self.g(hi)),
            Direction::Add => (-self.g(hi), -self.g(lo)),
        }
    }
    /// `δ(ε) = P(L > ε) − e^ε Q(L > ε)` (module doc).
    fn delta(&self, eps: f64) -> f64 {
        let q_tail = match self.dir {
            Direction::Remove => {
                if eps <= self.ln_1mq {
                    return (-eps.exp_m1()).max(0.0);
                }
                // Q = Q0: Q0(ℓ > u) = P0(ℓ < −u).
                self.base.cdf_left(-self.g_inv(eps))
            }
            Direction::Add => {
                if eps >= -self.ln_1mq {
                    return 0.0;
                }
                // Q = (1−q)Q0 + qP0, event ℓ < v.
                let v = self.g_inv(-eps);
                (1.0 - self.q) * self.base.sf(-v) + self.q * self.base.cdf_left(v)
            }
        };
        (self.sf(eps) - eps.exp() * q_tail).clamp(0.0, 1.0)
    }
    /// Only `λ ∈ {0, −1}` (`E_P[e^{−L}] = 1`); `+∞` otherwise (the PMF is used instead).
    fn ln_mgf(&self, lambda: f64) -> f64 {
        if lambda == 0.0 || lambda == -1.0 { 0.0 } else { f64::INFINITY }
    }
    fn sample(&self, rng: &mut SimRng) -> f64 {
        let ell = self.base.sample(rng);
        match self.dir {
            Direction::Remove => {
                let from_p0 = rng.gen::<f64>() < self.q;
                self.g(if from_p0 { ell } else { -ell })
            }
            Direction::Add => -self.g(-ell),
        }
    }
}
