//! Laplace mechanism privacy loss (foundations §2.2).
//!
//! Pair `P = Lap(0, b)`, `Q = Lap(Δ, b)`, `ε0 = Δ/b`; symmetric. Under `P` the loss
//! `L(x) = (|x − Δ| − |x|)/b` has an atom `+ε0` of mass 1/2 (x ≤ 0), an atom `−ε0` of mass
//! `e^{−ε0}/2` (x ≥ Δ) and density `¼ e^{−(ε0 − t)/2}` on `(−ε0, ε0)` (derived by the change of
//! variables `t = ε0 − 2x/b`; the three parts sum to 1).

use super::{PrivacyLoss, SimRng};
use crate::num::special::ln_add_exp;
use rand::Rng;

/// Privacy loss of the Laplace mechanism with `ε0 = Δ/b`.
#[derive(Clone, Debug)]
pub struct LaplaceLoss {
    pub eps0: f64,
}

impl LaplaceLoss {
    pub fn new(eps0: f64) -> Self {
        LaplaceLoss { eps0 }
    }
    fn mid_cdf(&self, t: f64) -> f64 {
        0.5 * (-(self.eps0 - t) / 2.0).exp()
    }
}

/// ln sinh(y) for y > 0 without overflow.
fn ln_sinh(y: f64) -> f64 {
    if y > 20.0 {
        y - std::f64::consts::LN_2 + (-(-2.0 * y).exp()).ln_1p()
    } else {
        y.sinh().ln()
    }
}

impl PrivacyLoss for LaplaceLoss {
    fn describe(&self) -> String {
        format!("laplace(eps0={})", self.eps0)
    }
    fn cdf(&self, t: f64) -> f64 {
        if t < -self.eps0 {
            0.0
        } else if t < self.eps0 {
            self.mid_cdf(t)
        } else {
            1.0
        }
    }
    fn cdf_left(&self, t: f64) -> f64 {
        if t <= -self.eps0 {
            0.0
        } else if t <= self.eps0 {
            self.mid_cdf(t)
        } else {
            1.0
        }
    }
    fn sf(&self, t: f64) -> f64 {
        if t < -self.eps0 {
            1.0
        } else if t < self.eps0 {
            1.0 - self.mid_cdf(t)
        } else {
            0.0
        }
    }
    fn sf_left(&self, t: f64) -> f64 {
        if t <= -self.eps0 {
            1.0
        } else if t <= self.eps0 {
            1.0 - self.mid_cdf(t)
        } else {
            0.0
        }
    }
    fn support(&self) -> (f64, f64) {
        (-self.eps0, self.eps0)
    }
    /// Exact profile: `1 − e^ε` (ε ≤ −ε0), `1 − e^{(ε−ε0)/2}` (|ε| ≤ ε0), 0 (ε ≥ ε0)
    /// (foundations §2.2, direct integration of `(p − e^ε q)_+`).
    fn delta(&self, eps: f64) -> f64 {
        if eps <= -self.eps0 {
            -eps.exp_m1()
        } else if eps < self.eps0 {
            -((eps - self.eps0) / 2.0).exp_m1()
        } else {
            0.0
        }
    }
    /// `E_P[e^{λL}] = ½e^{λε0} + ½e^{−(1+λ)ε0} + ½e^{−ε0/2} sinh((λ+½)ε0)/(λ+½)` for every real λ
    /// (integrating `e^{λt}` against the law above; λ = 0 and λ = −1 both give 1, and for
    /// λ = α − 1 > 0 it equals Mironov 2017, Proposition 6).
    fn ln_mgf(&self, lambda: f64) -> f64 {
        let e = self.eps0;
        let h = std::f64::consts::LN_2;
        let c = lambda + 0.5;
        let mid = if c.abs() * e < 1e-8 {
            -h - e / 2.0 + e.ln()
        } else {
            -h - e / 2.0 + ln_sinh(c.abs() * e) - c.abs().ln()
        };
        ln_add_exp(ln_add_exp(-h + lambda * e, -h - (1.0 + lambda) * e), mid)
    }
    fn sample(&self, rng: &mut SimRng) -> f64 {
        // x ~ Lap(0, 1) with Δ = ε0 (b = 1 without loss of generality).
        let u: f64 = rng.gen::<f64>();
        let e: f64 = -(1.0 - rng.gen::<f64>()).ln();
        let x = if u < 0.5 { -e } else { e };
        ((x - self.eps0).abs() - x.abs()).clamp(-self.eps0, self.eps0)
    }
}
