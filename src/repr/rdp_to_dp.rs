//! RDP → (ε, δ) conversions at a single order (foundations spec §3, table of formulas).
//!
//! Input: an upper bound `r ≥ D_α` at one order `α > 1` (worse adjacency direction). Each
//! formula turns it into an (ε, δ)-DP guarantee; every formula is valid at every order, so the
//! minimum over formulas and orders is also valid ([`crate::repr::rdp_optimize`]).
//!
//! Rounding: every returned ε or δ is an **upper bound** rounded towards more privacy loss. The
//! formulas are evaluated in f64 (a handful of `ln`/`exp`/`expm1` calls, each within 1 ulp) and
//! then moved up by `ERR_ULPS` units of roundoff times the sum of the magnitudes of the terms,
//! which bounds the accumulated evaluation error including cancellation between terms.

use super::opt1;
pub use super::rdp_formula::{epsilon_zcdp_bs_up, Formula};
pub(crate) use super::rdp_formula::{check_eps, exp_up};
use super::rdp_formula::{epsilon_query, ln_delta_query};
use crate::error::Result;

impl Formula {
    /// Upper bound on ε such that an `(α, r)`-RDP mechanism is (ε, δ)-DP; `+∞` when the
    /// formula does not apply (F with `αδ ≥ 1`, H with `αδ < 1`, KL with `δ < √(1 − e^{−r})`,
    /// or `r = +∞`). Never negative (a negative ε is replaced by 0, which is implied). The closed
    /// forms are in [`crate::repr::rdp_formula`], OPT-1 in [`crate::repr::opt1`].
    ///
    /// Errors: α not finite or ≤ 1; r NaN or < 0; δ ∉ (0, 1).
    pub fn epsilon_up(&self, alpha: f64, r: f64, delta: f64) -> Result<f64> {
        match self {
            // The same validation and r = +∞ answer as the closed forms.
            Formula::Opt1 => match epsilon_query(alpha, r, delta)? {
                Some(eps) => Ok(eps),
                None => opt1::epsilon_up(alpha, r, delta),
            },
            closed => closed.epsilon_up_closed(alpha, r, delta),
        }
    }

    /// Upper bound on `ln δ` such that an `(α, r)`-RDP mechanism is (ε, δ)-DP, for `ε ≥ 0`.
    /// Capped at 0 (δ ≤ 1 always holds); `0` is also returned when the formula gives nothing.
    ///
    /// Errors: α not finite or ≤ 1; r NaN or < 0; ε not finite or < 0.
    pub fn ln_delta_up(&self, alpha: f64, r: f64, eps: f64) -> Result<f64> {
        match self {
            Formula::Opt1 => match ln_delta_query(alpha, r, eps)? {
                Some(ld) => Ok(ld),
                None => opt1::ln_delta_up(alpha, r, eps),
            },
            closed => closed.ln_delta_up_closed(alpha, r, eps),
        }
    }

    /// Upper bound on δ: `exp(ln_delta_up)` rounded up, capped at 1. Does not underflow for
    /// δ ≥ 1e−300 (use [`Formula::ln_delta_up`] below that).
    pub fn delta_up(&self, alpha: f64, r: f64, eps: f64) -> Result<f64> {
        Ok(exp_up(self.ln_delta_up(alpha, r, eps)?).min(1.0))
    }
}
