//! The closed-form RDP → (ε, δ) conversions M, G, F, H, KL at a single order (foundations spec §3)
//! and the [`Formula`] enum naming every conversion. The dispatch that includes OPT-1 is
//! [`crate::repr::rdp_to_dp`] (`Formula::epsilon_up` / `ln_delta_up`); OPT-1 itself
//! ([`crate::repr::opt1`]) brackets its answer with the closed forms here, so this file imports
//! neither (no `opt1 ↔ rdp_to_dp` loop).
//!
//! Rounding: every returned ε or δ is an **upper bound** rounded towards more privacy loss. The
//! formulas are evaluated in f64 (a handful of `ln`/`exp`/`expm1` calls, each within 1 ulp) and
//! then moved up by `ERR_ULPS` units of roundoff times the sum of the magnitudes of the terms,
//! which bounds the accumulated evaluation error including cancellation between terms.

use super::rdp::check_order;
use crate::error::{check, Error, Result};
use crate::num::round::{add_up, mul_up};
use crate::num::special::{ln_1m_exp, ln_add_exp};
use serde::{Deserialize, Serialize};

/// Unit roundoff of f64.
const U: f64 = f64::EPSILON / 2.0;
/// Error allowance (in units of `U` times the magnitude of the terms) for a formula of a few
/// elementary operations: generous, so that the upward rounding is certain.
const ERR_ULPS: f64 = 32.0;

/// The conversions of foundations §3. `Opt1` is in [`crate::repr::opt1`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Formula {
    /// **M** — Mironov 2017, Proposition 3: `ε = r + log(1/δ)/(α − 1)`.
    Mironov,
    /// **G** — Balle, Barthe, Gaboardi, Hsu, Sato 2020, Theorem 21 (arXiv:1905.09982; some cite
    /// Theorem 20); Canonne, Kamath, Steinke 2020, Proposition 12 (arXiv v4); Asoodeh et al. 2021
    /// Lemma 1 ("g" bound): `ε = r + log(1 − 1/α) − (log δ + log α)/(α − 1)`.
    BalleG,
    /// **F** — Asoodeh, Liao, Calmon, Kosut, Sankar 2021 (arXiv:2008.06529), Lemma 1 ("f"
    /// bound), valid when `αδ < 1`: `ε = log(1 + (e^{(α−1)r} − 1)/(αδ))/(α − 1)`.
    AsoodehF,
    /// **H** — same Lemma 1, case `αδ ≥ 1`: `ε = max(0, r + log(1 − δ))`.
    AsoodehH,
    /// **KL** — Bretagnolle–Huber with `KL = D_1 ≤ D_α ≤ r` (as dp_accounting 0.6.0
    /// `compute_epsilon`/`compute_delta` use it): `δ(0) = TV ≤ √(1 − e^{−r})`, so ε = 0 is
    /// admissible when `δ ≥ √(1 − e^{−r})`.
    BretagnolleHuber,
    /// **OPT-1** — the optimal single-order conversion (Asoodeh et al. 2020, arXiv:2001.05990),
    /// by the Bernoulli reduction of foundations §3; see [`crate::repr::opt1`].
    Opt1,
}

impl Formula {
    /// The closed-form, certified formulas (upper bounds): M, G, F, H, KL. This is the default
    /// set for [`crate::repr::rdp_optimize`].
    pub const CLOSED_FORM: [Formula; 5] = [Formula::Mironov, Formula::BalleG, Formula::AsoodehF, Formula::AsoodehH, Formula::BretagnolleHuber];

    /// Short id used in foundations §3 ("M", "G", "F", "H", "KL", "OPT-1").
    pub fn id(&self) -> &'static str {
        match self {
            Formula::Mironov => "M",
            Formula::BalleG => "G",
            Formula::AsoodehF => "F",
            Formula::AsoodehH => "H",
            Formula::BretagnolleHuber => "KL",
            Formula::Opt1 => "OPT-1",
        }
    }

    /// The citation of the formula.
    pub fn citation(&self) -> &'static str {
        match self {
            Formula::Mironov => "Mironov 2017, Proposition 3",
            Formula::BalleG => "Balle et al. 2020, Theorem 21 (arXiv:1905.09982); Canonne-Kamath-Steinke 2020, Proposition 12",
            Formula::AsoodehF => "Asoodeh et al. 2021, Lemma 1 (f bound, alpha*delta < 1)",
            Formula::AsoodehH => "Asoodeh et al. 2021, Lemma 1 (alpha*delta >= 1)",
            Formula::BretagnolleHuber => "Bretagnolle-Huber inequality with KL <= D_alpha (dp_accounting 0.6.0)",
            Formula::Opt1 => "optimal single-order conversion, Asoodeh et al. 2020 (arXiv:2001.05990), Bernoulli reduction",
        }
    }

    /// Upper bound on ε such that an `(α, r)`-RDP mechanism is (ε, δ)-DP; `+∞` when the
    /// formula does not apply (F with `αδ ≥ 1`, H with `αδ < 1`, KL with `δ < √(1 − e^{−r})`,
    /// or `r = +∞`). Never negative (a negative ε is replaced by 0, which is implied).
    ///
    /// Errors: α not finite or ≤ 1; r NaN or < 0; δ ∉ (0, 1).
    pub(crate) fn epsilon_up_closed(&self, alpha: f64, r: f64, delta: f64) -> Result<f64> {
        if let Some(eps) = epsilon_query(alpha, r, delta)? {
            return Ok(eps);
        }
        let am1 = alpha - 1.0; // α − 1 is exact for α ∈ (1, 2^53) by Sterbenz / exponent alignment
        let ln_inv_delta = -delta.ln();
        let eps = match self {
            Formula::Mironov => {
                let t = ln_inv_delta / am1;
                up(r + t, r + t)
            }
            Formula::BalleG => {
                let t1 = (-1.0 / alpha).ln_1p();
                let t2 = ln_inv_delta / am1;
                let t3 = -alpha.ln() / am1;
                up(r + t1 + t2 + t3, r + t1.abs() + t2 + t3.abs())
            }
            Formula::AsoodehF => {
                if alpha * delta >= 1.0 {
                    return Ok(f64::INFINITY);
                }
                let x = am1 * r;
                if x == 0.0 {
                    return Ok(0.0); // r = 0: ln(1 + 0) = 0
                }
                let lx = ln_expm1(x);
                let lad = (alpha * delta).ln();
                let y = lx - lad;
                let v = ln_add_exp(0.0, y);
                up(v / am1, (x + lx.abs() + lad.abs() + v) / am1)
            }
            Formula::AsoodehH => {
                if alpha * delta < 1.0 {
                    return Ok(f64::INFINITY);
                }
                let t = (-delta).ln_1p();
                up(r + t, r + t.abs())
            }
            Formula::BretagnolleHuber => {
                // ε = 0 admissible iff δ ≥ √(1 − e^{−r}); compare δ² with (1 − e^{−r}), giving the
                // right-hand side a relative margin so that rounding can only reject (direction:
                // towards the larger answer, +∞).
                let tv2 = -(-r).exp_m1();
                if delta * delta * (1.0 - 4.0 * U) >= tv2 * (1.0 + 4.0 * U) {
                    0.0
                } else {
                    f64::INFINITY
                }
            }
            Formula::Opt1 => return Err(Error::Unsupported("OPT-1 is not a closed form (use Formula::epsilon_up)".into())),
        };
        Ok(eps.max(0.0))
    }

    /// Upper bound on `ln δ` such that an `(α, r)`-RDP mechanism is (ε, δ)-DP, for `ε ≥ 0`.
    /// Capped at 0 (δ ≤ 1 always holds); `0` is also returned when the formula gives nothing.
    ///
    /// Errors: α not finite or ≤ 1; r NaN or < 0; ε not finite or < 0.
    pub(crate) fn ln_delta_up_closed(&self, alpha: f64, r: f64, eps: f64) -> Result<f64> {
        if let Some(ld) = ln_delta_query(alpha, r, eps)? {
            return Ok(ld);
        }
        let am1 = alpha - 1.0;
        let ld = match self {
            // δ = exp((α − 1)(r − ε))
            Formula::Mironov => {
                let v = am1 * (r - eps);
                up(v, am1 * (r + eps))
            }
            // δ = exp((α − 1)(r − ε + log(1 − 1/α)) − log α)
            Formula::BalleG => {
                let t1 = (-1.0 / alpha).ln_1p();
                let la = alpha.ln();
                let v = am1 * (r - eps + t1) - la;
                up(v, am1 * (r + eps + t1.abs()) + la)
            }
            // F inverted in closed form: δ = (e^{(α−1)r} − 1)/(α (e^{(α−1)ε} − 1)), valid when the
            // result is < 1/α (the domain αδ < 1 of Lemma 1).
            Formula::AsoodehF => {
                if eps == 0.0 {
                    return Ok(0.0);
                }
                let (xr, xe) = (am1 * r, am1 * eps);
                let (lr, le, la) = (ln_expm1(xr), ln_expm1(xe), alpha.ln());
                let v = lr - la - le;
                let v = up(v, xr + xe + lr.abs() + le.abs() + la);
                if v < -la {
                    v
                } else {
                    0.0
                }
            }
            // H inverted: any δ ≥ 1/α with r + log(1 − δ) ≤ ε, i.e. δ = max(1/α, 1 − e^{ε−r}).
            Formula::AsoodehH => {
                let la = alpha.ln();
                let d = eps - r;
                if d >= 0.0 {
                    up(-la, la + 1.0)
                } else {
                    up((-la).max(ln_1m_exp(d)), la - d + 1.0)
                }
            }
            // δ(ε) ≤ δ(0) = TV ≤ √(1 − e^{−r}) for every ε ≥ 0.
            Formula::BretagnolleHuber => {
                let v = 0.5 * ln_1m_exp(-r);
                if v == f64::NEG_INFINITY {
                    v
                } else {
                    up(v, v.abs() + r)
                }
            }
            Formula::Opt1 => return Err(Error::Unsupported("OPT-1 is not a closed form (use Formula::ln_delta_up)".into())),
        };
        Ok(ld.min(0.0))
    }
}

/// Bun–Steinke 2016, Proposition 1.3 (arXiv:1605.02065): ρ-zCDP implies (ε, δ)-DP with
/// `ε = ρ + 2√(ρ log(1/δ))` (= Mironov's formula for `r = ρα` minimised over α). Upper bound,
/// rounded up. Errors: ρ not finite or < 0; δ ∉ (0, 1).
pub fn epsilon_zcdp_bs_up(rho: f64, delta: f64) -> Result<f64> {
    if !(rho.is_finite() && rho >= 0.0) {
        return Err(Error::invalid("zCDP rho", rho, "must be a finite number ≥ 0"));
    }
    check::unit_open("delta", delta)?;
    let t = 2.0 * (rho * -delta.ln()).sqrt();
    Ok(up(rho + t, rho + t))
}

/// `exp(x)` moved up so that it is ≥ the exact exponential (libm exp is within 1 ulp).
pub(crate) fn exp_up(x: f64) -> f64 {
    let e = x.exp();
    if e.is_finite() && e > 0.0 {
        mul_up(e, 1.0 + 4.0 * U)
    } else if e == 0.0 && x > f64::NEG_INFINITY {
        // Direction: an upper bound may not flush to zero; the smallest subnormal is ≥ e^x.
        f64::from_bits(1)
    } else {
        e
    }
}

/// `v + ERR_ULPS·U·scale`, rounded up: the upward correction applied to every formula.
pub(crate) fn up(v: f64, scale: f64) -> f64 {
    if !v.is_finite() {
        return v;
    }
    add_up(v, mul_up(ERR_ULPS * U, scale.abs().max(v.abs())))
}

/// `ln(e^x − 1)` for `x ≥ 0` (−∞ at 0), without overflow for large x or cancellation for small x.
pub(crate) fn ln_expm1(x: f64) -> f64 {
    if x < 1.0 {
        x.exp_m1().ln()
    } else {
        x + ln_1m_exp(-x)
    }
}

/// The preamble shared by every ε(δ) conversion (closed forms here, OPT-1 in
/// [`crate::repr::rdp_to_dp`]): validates α, r and δ; `Some(+∞)` when `r = +∞` (no guarantee).
pub(crate) fn epsilon_query(alpha: f64, r: f64, delta: f64) -> Result<Option<f64>> {
    check_order(alpha)?;
    check_rdp_value(r)?;
    check::unit_open("delta", delta)?;
    Ok((r == f64::INFINITY).then_some(f64::INFINITY))
}

/// The preamble shared by every ln δ(ε) conversion: validates α, r and ε; `Some(0)` (δ = 1)
/// when `r = +∞`.
pub(crate) fn ln_delta_query(alpha: f64, r: f64, eps: f64) -> Result<Option<f64>> {
    check_order(alpha)?;
    check_rdp_value(r)?;
    check_eps(eps)?;
    Ok((r == f64::INFINITY).then_some(0.0))
}

pub(crate) fn check_rdp_value(r: f64) -> Result<f64> {
    if r.is_nan() || r < 0.0 {
        Err(Error::invalid("RDP value", r, "must be ≥ 0 (or +inf)"))
    } else {
        Ok(r)
    }
}

pub(crate) fn check_eps(eps: f64) -> Result<f64> {
    if eps.is_finite() && eps >= 0.0 {
        Ok(eps)
    } else {
        Err(Error::invalid("epsilon", eps, "must be a finite number ≥ 0"))
    }
}
