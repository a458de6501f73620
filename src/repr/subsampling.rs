//! The subsampling operator `C_p` of Bok, Su, Altschuler 2024, "Shifted Interpolation for
//! Differential Privacy", Definition 4.7 (shifted_interpolation spec §2.6; Dong, Roth, Su 2022,
//! Theorem 4.2 for sampling without replacement under replace-one adjacency):
//!
//! ```text
//! f_p = p·f + (1 − p)·Id,      C_p(f) = ( min{ f_p, f_p⁻¹ } )**
//! ```
//!
//! * [`subsample`]: `C_p(f)` for a piecewise-linear [`TradeOff`] (exact for PL input; reuses
//!   [`TradeOff::mix_with_identity`] and [`TradeOff::symmetrize`]).
//! * [`SubsampledGdp`]: the closed form of `C_p(G_μ)` (spec §2.6, derived): `f_p` on `[0, α_x]`,
//!   the slope −1 segment on `[α_x, α_y]`, and `f_p⁻¹` (a root solve on `[0, α_x]`) beyond; its
//!   one-step privacy profile `δ(ε) = p·δ_{G_μ}(ln(1 + (e^ε − 1)/p))` in log space; and the CLT
//!   μ of Lemma A.5 (**estimate**, delegated to [`super::gdp::clt_mu_replace_estimate`]).
//!
//! Numerical composition of `C_p(G_μ)^{⊗K}` with certified error bars is in
//! `crate::pld::fdp_compose` (its privacy-loss law is
//! `crate::mechanisms::replace_subsampled_gaussian`).

use super::gdp::{self, Gdp};
use super::tradeoff::TradeOff;
use crate::error::{check, Error, Result};
use crate::num::root::{root_of, Bracket, Monotone, Side, Stop};
use crate::num::round::widen_up;
use crate::num::special::{ln_ndtr, ndtr};

/// `C_p(f) = (min{f_p, f_p⁻¹})**` with `f_p = p f + (1 − p) Id` (Definition 4.7 of the
/// shifted-interpolation paper; spec §2.6). Exact for piecewise-linear `f` (the lower convex hull
/// of the vertices of `f_p` and `f_p⁻¹`); if `f` is a lower bound on a trade-off function `g`,
/// the result is a lower bound on `C_p(g)` (`C_p` is monotone). Errors: p ∉ [0, 1].
pub fn subsample(f: &TradeOff, p: f64) -> Result<TradeOff> {
    check::unit_closed("sampling rate p", p)?;
    Ok(f.mix_with_identity(p)?.symmetrize())
}

/// `C_p(G_μ)`: μ-GDP subsampled without replacement at rate `p = b/n` under replace-one
/// adjacency (Definition 4.7; closed form spec §2.6). `p ∈ (0, 1]`, `μ ≥ 0` finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubsampledGdp {
    p: f64,
    mu: f64,
}

impl SubsampledGdp {
    /// Validate `p ∈ (0, 1]` and `μ` finite `≥ 0`. Errors name the bad value.
    pub fn new(p: f64, mu: f64) -> Result<SubsampledGdp> {
        if !(p > 0.0 && p <= 1.0) {
            return Err(Error::invalid("sampling rate p", p, "must lie in (0, 1]"));
        }
        let mu = Gdp::new(mu)?.mu();
        Ok(SubsampledGdp { p, mu })
    }
    pub fn p(&self) -> f64 {
        self.p
    }
    pub fn mu(&self) -> f64 {
        self.mu
    }

    /// `α_x = Φ(−μ/2)`: where the slope of `f_p` is −1 (spec §2.6).
    pub fn alpha_x(&self) -> f64 {
        ndtr(-0.5 * self.mu)
    }
    /// `α_y = f_p(α_x) = p Φ(−μ/2) + (1 − p) Φ(μ/2)` (spec §2.6).
    pub fn alpha_y(&self) -> f64 {
        self.p * ndtr(-0.5 * self.mu) + (1.0 - self.p) * ndtr(0.5 * self.mu)
    }

    /// `f_p(a) = p G_μ(a) + (1 − p)(1 − a)` (Definition 4.7), f64. Precondition a ∈ [0, 1].
    fn f_p(&self, a: f64) -> f64 {
        self.p * gdp::tradeoff(&self.mu, &a) + (1.0 - self.p) * (1.0 - a)
    }

    /// `C_p(G_μ)(a)` by the closed form of spec §2.6: `f_p(a)` for `a ≤ α_x`, `α_x + α_y − a` on
    /// `[α_x, α_y]`, and `f_p⁻¹(a)` (the `β ∈ [0, α_x]` with `f_p(β) = a`, bisection to relative
    /// 1e−15 via [`crate::num::root`]) for `a ≥ α_y`. f64, rounded to nearest (not certified).
    /// Errors: a ∉ [0, 1]; [`Error::Numerical`] if the root solve fails.
    pub fn tradeoff(&self, a: f64) -> Result<f64> {
        check::unit_closed("type I error a", a)?;
        let (ax, ay) = (self.alpha_x(), self.alpha_y());
        if a <= ax {
            return Ok(self.f_p(a));
        }
        if a <= ay {
            return Ok(ax + ay - a);
        }
        if a >= 1.0 {
            return Ok(0.0);
        }
        // Bracket: f_p(0) = 1 > a and f_p(α_x) = α_y ≤ a; f_p is decreasing on [0, α_x].
        let stop = Stop::width(1e-300, 1e-15, 2100);
        let b = root_of(|x: &f64| Ok::<f64, Error>(self.f_p(*x)), &a, Monotone::Decreasing, Bracket::established(0.0, ax), &stop, Side::Upper)?;
        Ok(b)
    }

    /// `u(ε) = ln(1 + (e^ε − 1)/p)`, the ε of the un-subsampled mechanism matched to ε of the
    /// subsampled one (spec §2.6, §2.11). Written `log1p(expm1(ε)/p)` for ε ≤ 1 and
    /// `ε − ln p + log1p(−(1 − p)e^{−ε})` above (no overflow). Precondition ε ≥ 0.
    pub fn matched_epsilon(&self, eps: f64) -> f64 {
        if eps <= 1.0 {
            (eps.exp_m1() / self.p).ln_1p()
        } else {
            eps - self.p.ln() + (-(1.0 - self.p) * (-eps).exp()).ln_1p()
        }
    }

    /// `ln δ(ε)` of `C_p(G_μ)` for ε ≥ 0: `ln p + ln δ_{G_μ}(u(ε))` (spec §2.6, derived;
    /// amplification by subsampling, DRS Theorem 4.2 / Balle, Barthe, Gaboardi 2018). For ε < 0
    /// the symmetric identity `δ(ε) = 1 − e^ε + e^ε δ(−ε)`. f64 (≈ 1e−13 relative, not
    /// certified); −∞ when δ = 0 (μ = 0, ε ≥ 0). Errors: ε not finite.
    pub fn ln_delta(&self, eps: f64) -> Result<f64> {
        check::finite("epsilon", eps)?;
        if eps < 0.0 {
            let d = self.ln_delta(-eps)?.exp();
            return Ok((-eps.exp_m1() + eps.exp() * d).min(1.0).ln());
        }
        if self.mu == 0.0 {
            return Ok(f64::NEG_INFINITY);
        }
        Ok(self.p.ln() + Gdp::new(self.mu)?.ln_delta(self.matched_epsilon(eps))?)
    }
    /// `δ(ε) = exp(ln δ(ε))`, see [`SubsampledGdp::ln_delta`].
    pub fn delta(&self, eps: f64) -> Result<f64> {
        Ok(self.ln_delta(eps)?.exp())
    }
    /// Certified upper bound on `δ(ε)` for ε ≥ 0: `p · δ_{G_μ}(u)` with `δ_{G_μ}` enclosed in
    /// MPFR at 128 bits ([`Gdp::delta_bounds`]) at an argument rounded *down* (δ_G is
    /// decreasing), the product rounded up. Errors: ε < 0 or not finite.
    pub fn delta_up(&self, eps: f64) -> Result<f64> {
        if !(eps.is_finite() && eps >= 0.0) {
            return Err(Error::invalid("epsilon", eps, "must be a finite number ≥ 0"));
        }
        if self.mu == 0.0 {
            return Ok(0.0);
        }
        // Direction: u rounded down by a relative 1e-14 covers the f64 error of u; smaller u
        // gives larger δ_G.
        let u = (self.matched_epsilon(eps) * (1.0 - 1e-14)).max(0.0);
        let d = Gdp::new(self.mu)?.delta_bounds(u, 128)?.upper;
        Ok(widen_up(self.p * d, 2).min(1.0))
    }

    /// `δ(0) = p(Φ(μ/2) − Φ(−μ/2))`: the total variation distance of the pair behind `C_p(G_μ)`
    /// (spec §2.6 profile at ε = 0).
    pub fn total_variation(&self) -> f64 {
        self.p * (ndtr(0.5 * self.mu) - ndtr(-0.5 * self.mu))
    }

    /// **Estimate, not a bound.** Lemma A.5 (CLT): `C_p(G_μ)^{⊗K} ≈ G_{μ_CLT}`,
    /// `μ_CLT = √2 p √K √κ(μ)` ([`gdp::clt_mu_replace_estimate`]; spec §2.10). Errors: K = 0.
    pub fn clt_mu_estimate(&self, k: u64) -> Result<f64> {
        gdp::clt_mu_replace_estimate(self.p, k, self.mu)
    }

    /// A piecewise-linear **lower bound** on `C_p(G_μ)` from its one-step profile on the grid
    /// `eps` (all ≥ 0; symmetric), using the certified [`SubsampledGdp::delta_up`] (DRS
    /// Proposition 2.12, [`TradeOff::from_symmetric_delta_grid`]). Errors: a bad grid.
    pub fn tradeoff_lower(&self, eps: &[f64]) -> Result<TradeOff> {
        let d = eps.iter().map(|&e| self.delta_up(e)).collect::<Result<Vec<_>>>()?;
        TradeOff::from_symmetric_delta_grid(eps, &d)
    }
}

/// `κ(x) = e^{x²} Φ(1.5x) + 3Φ(−0.5x) − 2` (Lemma A.5; spec §1.4, §2.10), evaluated with the
/// first term in log space (`exp(x² + ln Φ(1.5x))`); `+∞` past overflow (x ≳ 26.6). Estimate
/// ingredient only. Precondition x ≥ 0.
pub fn clt_kappa(x: f64) -> f64 {
    (x * x + ln_ndtr(1.5 * x)).exp() + 3.0 * ndtr(-0.5 * x) - 2.0
}
