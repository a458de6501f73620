//! Theorem 5.1 and Algorithm 1 of *DP Model Merging* (spec §6): random selection (eq. 4) under
//! RDP accounting. Only the per-model RDP profiles enter (no independence between models needed).

use crate::papers::model_merging::common::conventions::{epsilon_from_rdp, Conversion, EpsilonAtOrder};
use crate::papers::model_merging::common::simplex::Simplex;
use crate::error::{check, Error, Result};
use crate::num::Real;

/// Theorem 5.1 (DP Model Merging), eq. (6): `R_α(π) = (1/(α−1)) ln Σ_i π_i e^{(α−1)ε_{α,i}}`, the
/// RDP of random selection with weights π from per-model RDP values `ε_{α,i}` at one order α.
///
/// Evaluation (spec §6 hazards): log-sum-exp shifted by `max_i (α−1)ε_{α,i}` over `π_i > 0`
/// (when `(α−1)ε` itself overflows f64, the equal form `ε_max + ln(Σ π_i e^{(α−1)(ε_i − ε_max)})/(α−1)`);
/// when every `(α−1)ε_{α,i} ≤ ½` the α → 1 form
/// `ln1p(Σ π_i expm1((α−1)ε_{α,i}))/(α−1)` keeps full relative accuracy. Entries with `π_i = 0`
/// are skipped (so an infinite `ε_{α,i}` there is ignored); an infinite `ε_{α,i}` with `π_i > 0`
/// gives `+∞` (audit A19). Generic over [`Real`]; no validation (see [`rs_rdp_bound`]).
///
/// Guarantee: upper bound on `D_α` of the RS output for every ordered neighbour pair (Lemma C.1
/// joint convexity); this function evaluates it rounded to nearest.
pub fn rs_rdp_bound_r<R: Real>(pi: &[R], eps_alpha: &[R], alpha: &R) -> R {
    let am1 = alpha.clone() - alpha.one();
    let mut terms: Vec<(R, R)> = Vec::with_capacity(pi.len());
    for (p, e) in pi.iter().zip(eps_alpha) {
        if p.to_f64() <= 0.0 {
            continue;
        }
        if !e.is_finite() {
            return alpha.cst(f64::INFINITY);
        }
        terms.push((p.clone(), am1.clone() * e.clone()));
    }
    if terms.is_empty() {
        return alpha.cst(f64::NAN);
    }
    let m = terms.iter().fold(alpha.cst(f64::NEG_INFINITY), |acc, (_, a)| acc.max(a.clone()));
    if !m.is_finite() {
        // (α−1)ε_{α,i} overflows (α or ε near f64::MAX, both finite): the same quantity as
        // ε_max + ln(Σ π_i e^{(α−1)(ε_{α,i} − ε_max)})/(α−1), whose exponents are ≤ 0.
        let e_max = pi.iter().zip(eps_alpha).filter(|(p, _)| p.to_f64() > 0.0).fold(alpha.cst(f64::NEG_INFINITY), |acc, (_, e)| acc.max(e.clone()));
        let s = pi.iter().zip(eps_alpha).filter(|(p, _)| p.to_f64() > 0.0).fold(alpha.zero(), |acc, (p, e)| acc + p.clone() * (am1.clone() * (e.clone() - e_max.clone())).exp());
        return e_max + s.ln() / am1;
    }
    if m.to_f64() <= 0.5 {
        let s = terms.iter().fold(alpha.zero(), |acc, (p, a)| acc + p.clone() * a.exp_m1());
        return s.ln_1p() / am1;
    }
    let s = terms.iter().fold(alpha.zero(), |acc, (p, a)| acc + p.clone() * (a.clone() - m.clone()).exp());
    (m + s.ln()) / am1
}

/// Theorem 5.1 (DP Model Merging), eq. (6) in f64 with validation; see [`rs_rdp_bound_r`].
///
/// Guarantee: upper bound, rounded up (the f64 log-sum-exp is within a few ulps; the result is
/// raised by 8 ulps relative plus one ulp).
/// Domain: `pi` on the simplex, one `ε_{α,i} ∈ [0, +∞]` per model, α > 1 finite.
/// Errors: invalid weights, length mismatch, NaN or negative ε, α out of domain.
pub fn rs_rdp_bound(pi: &[f64], eps_alpha: &[f64], alpha: f64) -> Result<f64> {
    rs_rdp_bound_simplex(&Simplex::new("pi", pi)?, eps_alpha, alpha)
}

/// [`rs_rdp_bound`] for weights already validated (no simplex check). Guarantee, domain and
/// errors as [`rs_rdp_bound`] (without the weight errors).
pub fn rs_rdp_bound_simplex(pi: &Simplex, eps_alpha: &[f64], alpha: f64) -> Result<f64> {
    if pi.len() != eps_alpha.len() {
        return Err(Error::invalid("RDP values", format!("{} values", eps_alpha.len()), &format!("needs one per model ({} weights)", pi.len())));
    }
    if !(alpha > 1.0 && alpha.is_finite()) {
        return Err(Error::invalid("alpha", alpha, "Rényi order must be a finite number > 1"));
    }
    for (i, &e) in eps_alpha.iter().enumerate() {
        if !(e >= 0.0) {
            return Err(Error::invalid(&format!("epsilon_alpha[{}]", i + 1), e, "RDP values must lie in [0, +inf]"));
        }
    }
    let r = rs_rdp_bound_r(pi.as_slice(), eps_alpha, &alpha);
    if r.is_nan() {
        return Err(Error::Numerical(format!("Theorem 5.1 bound is NaN at alpha = {alpha}")));
    }
    // Direction: towards more privacy loss (covers the rounding of exp/ln/sum).
    Ok(if r > 0.0 && r.is_finite() { (r * (1.0 + 8.0 * f64::EPSILON)).next_up() } else { r.max(0.0) })
}

/// Theorem 5.1 (DP Model Merging) on an order grid: `R_α(π)` for each `orders[k]`, with
/// `table[i][k] = ε_{orders[k], i}` (model-major). Upper bounds, rounded up.
/// Errors: as [`rs_rdp_bound`], plus a table row of the wrong length.
pub fn rs_rdp_curve(pi: &[f64], table: &[Vec<f64>], orders: &[f64]) -> Result<Vec<f64>> {
    rs_rdp_curve_simplex(&Simplex::new("pi", pi)?, table, orders)
}

/// [`rs_rdp_curve`] for weights already validated (checked once, not once per order).
pub fn rs_rdp_curve_simplex(pi: &Simplex, table: &[Vec<f64>], orders: &[f64]) -> Result<Vec<f64>> {
    if table.len() != pi.len() {
        return Err(Error::invalid("RDP table", format!("{} models", table.len()), &format!("needs one row per weight ({})", pi.len())));
    }
    if let Some((i, row)) = table.iter().enumerate().find(|(_, r)| r.len() != orders.len()) {
        return Err(Error::invalid(&format!("RDP table row {}", i + 1), format!("{} values", row.len()), &format!("needs one per order ({})", orders.len())));
    }
    orders.iter().enumerate().map(|(k, &a)| {
        let col: Vec<f64> = table.iter().map(|row| row[k]).collect();
        rs_rdp_bound_simplex(pi, &col, a)
    }).collect()
}

/// Algorithm 1 (DP Model Merging), `DPEps(π, δ) = min_{α ∈ A} {R_α(π) + conv(α, δ)}`: the
/// certified ε of random selection at δ, with the minimising order (the function of its own δ
/// argument; the printed algorithm uses the global δ′ inside, audit A8).
///
/// Guarantee: upper bound (Theorem 5.1 rounded up, conversion rounded up).
/// Domain: `table[i][k] = ε_{orders[k], i}` (model-major), orders > 1, δ ∈ (0, 1).
/// Errors: as [`rs_rdp_curve`] and [`epsilon_from_rdp`].
pub fn rs_dp_eps(pi: &[f64], table: &[Vec<f64>], orders: &[f64], delta: f64, conv: Conversion) -> Result<EpsilonAtOrder> {
    check::unit_open("delta", delta)?;
    rs_dp_eps_simplex(&Simplex::new("pi", pi)?, table, orders, delta, conv)
}

/// [`rs_dp_eps`] for weights already validated (`dpaudit merge` validates them once).
/// Guarantee, domain and errors as [`rs_dp_eps`].
pub fn rs_dp_eps_simplex(pi: &Simplex, table: &[Vec<f64>], orders: &[f64], delta: f64, conv: Conversion) -> Result<EpsilonAtOrder> {
    check::unit_open("delta", delta)?;
    let curve = rs_rdp_curve_simplex(pi, table, orders)?;
    epsilon_from_rdp(orders, &curve, delta, conv)
}

/// Algorithm 1 (DP Model Merging), feasibility of one π: `DPEps(π, δ′) ≤ ε′`. Certified when
/// true (upper bound ≤ target). Errors: as [`rs_dp_eps`]; `eps_target` negative or NaN.
pub fn rs_feasible(pi: &[f64], table: &[Vec<f64>], orders: &[f64], eps_target: f64, delta_target: f64, conv: Conversion) -> Result<bool> {
    if !(eps_target >= 0.0) {
        return Err(Error::invalid("epsilon target", eps_target, "must be >= 0"));
    }
    Ok(rs_dp_eps(pi, table, orders, delta_target, conv)?.epsilon <= eps_target)
}

#[cfg(test)]
#[path = "random_selection_rdp_test.rs"]
mod random_selection_rdp_test;
