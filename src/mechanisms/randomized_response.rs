//! Binary randomized response privacy loss (foundations §2.3).
//!
//! Report the true bit with probability `π = e^{ε0}/(1 + e^{ε0})`; pair `P = (π, 1 − π)`,
//! `Q = (1 − π, π)`. Under `P`, `L = +ε0` with probability π and `−ε0` with probability 1 − π.

use super::{PrivacyLoss, SimRng};
use crate::num::special::ln_add_exp;
use rand::Rng;

/// Privacy loss of binary randomized response with parameter ε0.
#[derive(Clone, Debug)]
pub struct RrLoss {
    pub eps0: f64,
}

impl RrLoss {
    pub fn new(eps0: f64) -> Self {
        RrLoss { eps0 }
    }
    /// π = e^{ε0}/(1+e^{ε0}).
    pub fn keep_prob(&self) -> f64 {
        1.0 / (1.0 + (-self.eps0).exp())
    }
    /// 1 − π = 1/(1+e^{ε0}), computed directly (no cancellation).
    pub fn flip_prob(&self) -> f64 {
        1.0 / (1.0 + self.eps0.exp())
    }
}

impl PrivacyLoss for RrLoss {
    fn describe(&self) -> String {
        format!("randomized_response(eps0={})", self.eps0)
    }
    fn cdf(&self, t: f64) -> f64 {
        if t < -self.eps0 {
            0.0
        } else if t < self.eps0 {
            self.flip_prob()
        } else {
            1.0
        }
    }
    fn cdf_left(&self, t: f64) -> f64 {
        if t <= -self.eps0 {
            0.0
        } else if t <= self.eps0 {
            self.flip_prob()
        } else {
            1.0
        }
    }
    fn sf(&self, t: f64) -> f64 {
        if t < -self.eps0 {
            1.0
        } else if t < self.eps0 {
            self.keep_prob()
        } else {
            0.0
        }
    }
    fn sf_left(&self, t: f64) -> f64 {
        if t <= -self.eps0 {
            1.0
        } else if t <= self.eps0 {
            self.keep_prob()
        } else {
            0.0
        }
    }
    fn support(&self) -> (f64, f64) {
        (-self.eps0, self.eps0)
    }
    /// `δ(ε) = 1 − e^ε` (ε ≤ −ε0), `(e^{ε0} − e^ε)/(1 + e^{ε0})` (|ε| ≤ ε0), 0 above
    /// (foundations §2.3).
    fn delta(&self, eps: f64) -> f64 {
        if eps <= -self.eps0 {
            -eps.exp_m1()
        } else if eps < self.eps0 {
            // (e^{ε0} − e^ε)/(1+e^{ε0}) = π·(1 − e^{ε−ε0})
            self.keep_prob() * -(eps - self.eps0).exp_m1()
        } else {
            0.0
        }
    }
    /// `ln(π e^{λε0} + (1−π) e^{−λε0})`.
    fn ln_mgf(&self, lambda: f64) -> f64 {
        ln_add_exp(self.keep_prob().ln() + lambda * self.eps0, self.flip_prob().ln() - lambda * self.eps0)
    }
    fn sample(&self, rng: &mut SimRng) -> f64 {
        if rng.gen::<f64>() < self.keep_prob() {
            self.eps0
        } else {
            -self.eps0
        }
    }
}
