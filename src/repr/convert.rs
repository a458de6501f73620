//! Conversions between representations (foundations spec §1.7, §2.1, §3):
//! trade-off function ↔ privacy profile, GDP → profile / PL trade-off, RDP → profile.
//! (GDP → RDP is [`Gdp::to_rdp`]; profile → ε(δ) is [`PrivacyProfile::epsilon_for_delta`].)
//!
//! Direction conventions: a trade-off function `f = T(P, Q)` is taken for the **remove** pair
//! `P = M(D ∪ {x})`, `Q = M(D)` (foundations §1.2); then `δ_remove = H(P‖Q)` and
//! `δ_add = H(Q‖P)`.

use super::gdp::{self, Gdp};
use super::profile::{DeltaCurve, PrivacyProfile};
use super::rdp::RdpCurve;
use super::rdp_optimize::delta_for_epsilon;
use super::rdp_to_dp::Formula;
use super::tradeoff::TradeOff;
use crate::error::{Error, Result};
use crate::num::{Mp, Real};
use std::sync::Arc;

/// Trade-off function → profile (foundations §1.7, exact for PL `f`):
/// `δ_remove(ε) = H(P‖Q) = max_k (x̄_k − e^ε y_k)_+` and `δ_add(ε) = H(Q‖P) = 1 + f*(−e^ε)`.
/// Both are rounded up ([`TradeOff::delta_pq`], [`TradeOff::delta_qp`]). If `f` is a lower
/// bound on the true trade-off, the profile is an upper bound. Symmetric `f` gives a symmetric
/// profile.
pub fn tradeoff_to_profile(f: &TradeOff) -> PrivacyProfile {
    let a = Arc::new(f.clone());
    let b = a.clone();
    let remove = DeltaCurve::from_fn(move |e| a.delta_pq(e).unwrap_or(f64::NAN));
    let add = DeltaCurve::from_fn(move |e| b.delta_qp(e).unwrap_or(f64::NAN));
    if f.is_symmetric(0.0) {
        PrivacyProfile::symmetric(add)
    } else {
        PrivacyProfile::new(remove, add)
    }
}

/// Profile → trade-off lower bound on a grid `eps` (foundations §1.7 "δ → f"; DRS Proposition
/// 2.12): `δ^{PQ} = δ_remove`, `δ^{QP} = δ_add` evaluated on `eps` (any real ε; include negative
/// ε for asymmetric profiles), then [`TradeOff::from_delta_grid`]. Valid (conservative) whenever
/// the profile is an upper bound. Errors: empty grid, |ε| > 700, curve errors.
pub fn profile_to_tradeoff(profile: &PrivacyProfile, eps: &[f64]) -> Result<TradeOff> {
    let mut d_pq = Vec::with_capacity(eps.len());
    let mut d_qp = Vec::with_capacity(eps.len());
    for &e in eps {
        let (r, a) = profile.delta_by_direction(e)?;
        d_pq.push(r);
        d_qp.push(a);
    }
    TradeOff::from_delta_grid(eps, &d_qp, &d_pq)
}

/// The exact μ-GDP profile `δ_μ(ε)` (DRS Corollary 2.13) as a symmetric [`PrivacyProfile`],
/// evaluated in f64 log form ([`gdp::ln_delta`]; δ down to 1e−300 and below in log space).
pub fn gdp_profile(g: Gdp) -> PrivacyProfile {
    let mu = g.mu();
    PrivacyProfile::symmetric(DeltaCurve::from_ln_fn(move |e| gdp::ln_delta(&mu, &e)))
}

/// A piecewise-linear **lower bound** on `G_μ` from its profile on `eps` (foundations §1.7;
/// mixtures_fdp §2.8): the δ values are certified upper bounds computed in MPFR at 128 bits
/// ([`Gdp::delta_bounds`]), so the result is `≤ G_μ` everywhere; it touches `G_μ` where the
/// slope of `G_μ` is `−e^{±ε_i}`. Errors: ε not finite, |ε| > 700, empty grid.
pub fn gdp_tradeoff_lower(g: Gdp, eps: &[f64]) -> Result<TradeOff> {
    let d = eps.iter().map(|&e| g.delta_bounds(e, 128).map(|i| i.upper)).collect::<Result<Vec<_>>>()?;
    TradeOff::from_symmetric_delta_grid(eps, &d)
}

/// `G_μ(a)` in MPFR at `prec` bits, rounded down to f64 (a certified lower value up to MPFR's
/// `Φ⁻¹` Newton tolerance, ~2^{−prec+4}). Errors: a ∉ [0, 1]; prec < 64.
pub fn gdp_tradeoff_down(g: Gdp, a: f64, prec: u32) -> Result<f64> {
    crate::error::check::unit_closed("type I error a", a)?;
    if prec < 64 {
        return Err(Error::invalid("MPFR precision (bits)", prec, "must be ≥ 64"));
    }
    let v = gdp::tradeoff(&Mp::new(prec, g.mu()), &Mp::new(prec, a));
    Ok(v.to_f64_down())
}

/// RDP curve → symmetric profile: `δ(ε) = min over formulas and orders` of the RDP → DP bounds
/// ([`delta_for_epsilon`]); an upper bound for `ε ≥ 0`, and `δ = 1` for `ε < 0` (no information
/// from these formulas). `formulas` must be non-empty.
pub fn rdp_to_profile(curve: &RdpCurve, formulas: &[Formula]) -> Result<PrivacyProfile> {
    if formulas.is_empty() {
        return Err(Error::invalid("conversion formulas", "[]", "at least one formula is required"));
    }
    let c = curve.clone();
    let fs = formulas.to_vec();
    Ok(PrivacyProfile::symmetric(DeltaCurve::from_ln_fn(move |e| {
        if e < 0.0 {
            return 0.0;
        }
        delta_for_epsilon(&c, e, &fs).map(|d| d.ln_delta).unwrap_or(f64::NAN)
    })))
}
