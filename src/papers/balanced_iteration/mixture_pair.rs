//! The mixture-versus-Gaussian pair of Theorem 3.1 (Dong, Chen, Özgür 2025; spec §0.3):
//! `Q = N(0, σ² I_d)` (record absent) and `P = (1/n) Σ_{μ ∈ S_{d,k}} N(cμ, σ² I_d)` (record present
//! on a uniformly random support of size `k`), `n = C(d, k)`, with the shorthands
//! `β = c²/(2σ²)`, `s_α = αc²k²/(2σ²d)`, `r² = c²k(d − k)/d`.
//!
//! Validated once here ([`MixturePair::new`]); every formula of the paper folder takes the
//! validated pair.

use crate::error::{check, Error, Result};
use crate::num::special::ln_binom;

/// Largest dimension `d` accepted (`d = T` iterations for Theorem 3.8).
pub const MAX_D: u64 = 1_000_000;

/// Largest integer order accepted by the exact forward term and the closed forms (the exact
/// forward term's cost grows as `C(α + k, k)`; callers pick smaller orders for large `k`).
pub const MAX_ORDER: u64 = 4096;

/// The pair `(P, Q)` of Theorem 3.1 with parameters `d ≥ 2`, `1 ≤ k ≤ d − 1`, `c > 0`, `σ > 0`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MixturePair {
    pub d: u64,
    pub k: u64,
    /// Sensitivity (clipping norm) `c`.
    pub c: f64,
    /// Per-coordinate noise standard deviation `σ`.
    pub sigma: f64,
}

impl MixturePair {
    /// Validate `d ∈ [2, MAX_D]`, `k ∈ [1, d − 1]`, `c > 0`, `σ > 0` (finite).
    ///
    /// Errors: [`Error::InvalidParameter`] naming the bad value.
    pub fn new(d: u64, k: u64, c: f64, sigma: f64) -> Result<MixturePair> {
        if !(2..=MAX_D).contains(&d) {
            return Err(Error::invalid("d", d, &format!("the number of blocks/iterations must lie in [2, {MAX_D}]")));
        }
        if !(1..d).contains(&k) {
            return Err(Error::invalid("k", k, &format!("the support size must lie in [1, d − 1] = [1, {}]", d - 1)));
        }
        check::positive("c", c)?;
        check::positive("sigma", sigma)?;
        Ok(MixturePair { d, k, c, sigma })
    }

    /// `β = c²/(2σ²)` (spec §0.3), computed as `½(c/σ)²`: no spurious overflow of `c²` or
    /// `σ²` (`c = σ = 1e200` gives ½, was ∞/∞ = NaN; issue 25).
    pub fn beta(&self) -> f64 {
        let x = self.c / self.sigma;
        0.5 * x * x
    }

    /// `ln n = ln C(d, k)`.
    pub fn ln_n(&self) -> f64 {
        ln_binom(self.d as f64, self.k as f64)
    }

    /// The complementary pair `(d, d − k)` (spec §1.3 E: reflect `x ↦ c1 − x`).
    pub fn complement(&self) -> MixturePair {
        MixturePair { k: self.d - self.k, ..*self }
    }
}

/// Validate an integer Rényi order `α ∈ [2, MAX_ORDER]` (Theorem 3.1 and Lemmas 3.12/3.13 hold
/// for integer orders only; spec §1.7).
pub fn check_order(alpha: u64) -> Result<u64> {
    if (2..=MAX_ORDER).contains(&alpha) {
        Ok(alpha)
    } else {
        Err(Error::invalid("alpha", alpha, &format!("Theorem 3.1 needs an integer Rényi order in [2, {MAX_ORDER}]")))
    }
}
