//! Poisson-subsampled Gaussian under replace-one (substitution) adjacency: the tight dominating
//! pair (issue 12, `docs/claims.md` "Events").
//!
//! With noise multiplier σ (unit ℓ2 sensitivity, noise `N(0, σ²)`) and sampling rate `q`:
//!
//! ```text
//! P = (1 − q) N(0, σ²) + q N(1, σ²),    Q = (1 − q) N(0, σ²) + q N(−1, σ²)
//! ```
//!
//! Sources: dp_accounting 0.6.0, `pld/privacy_loss_mechanism.py`, `AdditiveNoisePrivacyLoss`
//! docstring, "REPLACE adjacency type" (`mu_upper = q·mu(x + s) + (1−q)·mu(x)`,
//! `mu_lower = q·mu(x − s) + (1−q)·mu(x)`: the mirror image of the pair above); Lebeda, Regehr,
//! Kamath & Steinke 2024 ("Avoiding pitfalls for privacy accounting of subsampled mechanisms under
//! composition", arXiv:2405.20769: explicit substitution dominating pairs for the subsampled
//! Gaussian, Poisson and without replacement; the result number was not checked against the
//! paper's text here — the pair was checked against dp_accounting's code above). Reading of the pair: the replaced record `x` (resp. `x'`, with
//! `‖x‖, ‖x'‖ ≤ 1`) is in the batch with probability `q`; the rest of the batch contributes the
//! same sum under both datasets, and the worst case puts `x = −x'` on one axis.
//!
//! **Both directions.** The reflection `y ↦ −y` maps `P` to `Q` and `Q` to `P`, so the ordered
//! pairs `(P, Q)` and `(Q, P)` have the same privacy-loss law: one direction covers both
//! ([`crate::pld::LossStep`] with `symmetric = true`).
//!
//! **Loss and its inverse (closed form).** `L(y) = ln((1−q) + q a z) − ln((1−q) + q a / z)` with
//! `z = e^{y/σ²}`, `a = e^{−1/(2σ²)}`, strictly increasing in `y`. `L(y) = t` is the quadratic
//! `q a z² + (1−q)(1−e^t) z − q a e^t = 0` in `z`, whose positive root is
//! `z = (B + √(B² + C)) / (2qa)` for `B = (1−q)(e^t − 1) ≥ 0` and
//! `z = 2qa e^t / (|B| + √(B² + C))` for `B < 0`, with `C = 4q²a²e^t`; both are evaluated in
//! log space (no overflow for σ down to 1e−3, no cancellation).

use super::{PrivacyLoss, SimRng};
use crate::num::special::{ln_add_exp, ndtr};
use rand::Rng;
use rand_distr::{Distribution, StandardNormal};

/// One step of the replace-one Poisson-subsampled Gaussian, `0 < q < 1`, `σ > 0` (for `q = 1`
/// use the Gaussian with `μ = 2/σ`; for `q = 0` the zero loss).
#[derive(Clone, Debug)]
pub struct ReplaceSgmLoss {
    pub q: f64,
    pub sigma: f64,
    ln_q: f64,
    ln_1mq: f64,
}

impl ReplaceSgmLoss {
    pub fn new(q: f64, sigma: f64) -> Self {
        ReplaceSgmLoss { q, sigma, ln_q: q.ln(), ln_1mq: (-q).ln_1p() }
    }

    /// The privacy loss at output `y`: `ln((1−q) + q e^{(2y−1)/(2σ²)}) − ln((1−q) + q e^{(−2y−1)/(2σ²)})`.
    pub fn loss_at(&self, y: f64) -> f64 {
        let s2 = 2.0 * self.sigma * self.sigma;
        ln_add_exp(self.ln_1mq, self.ln_q + (2.0 * y - 1.0) / s2) - ln_add_exp(self.ln_1mq, self.ln_q + (-2.0 * y - 1.0) / s2)
    }

    /// The output `y` with `L(y) = t` (module doc: the positive root of the quadratic).
    pub fn y_of(&self, t: f64) -> f64 {
        let s2 = self.sigma * self.sigma;
        let ln_qa = self.ln_q - 0.5 / s2;
        let ln_2qa = std::f64::consts::LN_2 + ln_qa;
        let ln_c = 2.0 * std::f64::consts::LN_2 + 2.0 * ln_qa + t;
        let em1 = t.exp_m1();
        // g = ln(|B| + √(B² + C))
        let g = if em1 == 0.0 {
            0.5 * ln_c
        } else {
            let ln_b = self.ln_1mq + em1.abs().ln();
            let u = ln_c - 2.0 * ln_b;
            if u > 0.0 {
                0.5 * ln_c + ((-0.5 * u).exp() + ((-u).exp() + 1.0).sqrt()).ln()
            } else {
                ln_b + (1.0 + (1.0 + u.exp()).sqrt()).ln()
            }
        };
        let w = if em1 >= 0.0 { g - ln_2qa } else { ln_2qa + t - g };
        s2 * w
    }

    fn sf_p(&self, y: f64) -> f64 {
        let s = self.sigma;
        (1.0 - self.q) * ndtr(-y / s) + self.q * ndtr((1.0 - y) / s)
    }
    fn sf_q(&self, y: f64) -> f64 {
        let s = self.sigma;
        (1.0 - self.q) * ndtr(-y / s) + self.q * ndtr((-1.0 - y) / s)
    }
}

impl PrivacyLoss for ReplaceSgmLoss {
    fn describe(&self) -> String {
        format!("replace_one_poisson_gaussian(q={}, sigma={})", self.q, self.sigma)
    }
    /// `P(L ≤ t) = (1−q) Φ(y_t/σ) + q Φ((y_t − 1)/σ)`.
    fn cdf(&self, t: f64) -> f64 {
        let y = self.y_of(t);
        let s = self.sigma;
        (1.0 - self.q) * ndtr(y / s) + self.q * ndtr((y - 1.0) / s)
    }
    fn sf(&self, t: f64) -> f64 {
        self.sf_p(self.y_of(t))
    }
    fn support(&self) -> (f64, f64) {
        (f64::NEG_INFINITY, f64::INFINITY)
    }
    /// `δ(ε) = P(Y > y_ε) − e^ε Q(Y > y_ε)` (the optimal test is a threshold on the monotone loss).
    fn delta(&self, eps: f64) -> f64 {
        let y = self.y_of(eps);
        (self.sf_p(y) - eps.exp() * self.sf_q(y)).clamp(0.0, 1.0)
    }
    /// Only `λ ∈ {0, −1}` (`E_P[e^{−L}] = 1`); `+∞` otherwise (the PMF is used instead).
    fn ln_mgf(&self, lambda: f64) -> f64 {
        if lambda == 0.0 || lambda == -1.0 { 0.0 } else { f64::INFINITY }
    }
    fn sample(&self, rng: &mut SimRng) -> f64 {
        let z: f64 = StandardNormal.sample(rng);
        let shift = if rng.gen::<f64>() < self.q { 1.0 } else { 0.0 };
        self.loss_at(shift + self.sigma * z)
    }
}
