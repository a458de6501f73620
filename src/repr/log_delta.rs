//! δ(ε) and ε(δ) in log space, as sums of positive terms (mixtures_fdp spec §2.7, §8 item 1;
//! foundations §1.7: `H_γ(P‖Q) = Σ_j (p_j − γ q_j)_+`).
//!
//! [`TradeOff::delta_qp`] takes `max_k (ρ_k − e^ε x_k)`: a difference of two cumulative sums.
//! When δ is many orders of magnitude below those sums (a tail that nearly cancels), that
//! difference keeps only the absolute accuracy of the sums. Here every atom contributes
//! `ln p_j + ln(1 − e^{ε + ln q_j − ln p_j})` (no cancellation between atoms), the terms are
//! combined by log-sum-exp, and δ keeps its relative accuracy down to 1e−300 whatever its size
//! relative to the masses.

use super::tradeoff::TradeOff;
use crate::error::{check, Error, Result};
use crate::num::special::{ln_1m_exp, neumaier_sum};

/// A discrete pair stored as log-masses `(ln p_j, ln q_j)` (−∞ allowed for zero mass).
#[derive(Clone, Debug, PartialEq)]
pub struct LogPair {
    lp: Vec<f64>,
    lq: Vec<f64>,
}

/// Relative rounding allowance of the f64 log-sum-exp: the terms are computed with a few ulps
/// each (`ln`, `expm1`, `exp`) and summed with compensation; 64 ulps covers them with margin.
const LSE_REL: f64 = 64.0 * f64::EPSILON;

impl LogPair {
    /// A pair from log-masses. Errors: lengths differ or are zero; an entry NaN or +∞.
    pub fn new(lp: Vec<f64>, lq: Vec<f64>) -> Result<LogPair> {
        if lp.is_empty() || lp.len() != lq.len() {
            return Err(Error::invalid("log pair", format!("{} vs {} atoms", lp.len(), lq.len()), "need equal, non-zero lengths"));
        }
        if let Some(&bad) = lp.iter().chain(&lq).find(|x| x.is_nan() || **x == f64::INFINITY || **x > 1e-12) {
            return Err(Error::invalid("log mass", bad, "must be ≤ 0 (a log-probability) or −∞"));
        }
        Ok(LogPair { lp, lq })
    }

    /// The swapped pair `(Q, P)`.
    pub fn swapped(&self) -> LogPair {
        LogPair { lp: self.lq.clone(), lq: self.lp.clone() }
    }

    /// `ln H_{e^ε}(P‖Q) = ln Σ_{ln p_j − ln q_j > ε} p_j (1 − e^{ε − (ln p_j − ln q_j)})`
    /// (foundations §1.7; mixtures_fdp §8 item 1: a sum of positive terms), rounded to nearest
    /// (−∞ when no atom has likelihood ratio above e^ε). Errors: ε not finite.
    pub fn ln_hockey_stick(&self, eps: f64) -> Result<f64> {
        check::finite("epsilon", eps)?;
        let terms: Vec<f64> = self
            .lp
            .iter()
            .zip(&self.lq)
            .filter(|(p, q)| **p > f64::NEG_INFINITY && **p - **q > eps)
            .map(|(p, q)| if *q == f64::NEG_INFINITY { *p } else { p + ln_1m_exp(eps - (p - q)) })
            .collect();
        Ok(ln_sum(&terms))
    }

    /// `H_{e^ε}(P‖Q)` rounded up (relative allowance [`LSE_REL`] and one ulp), capped at 1.
    /// Errors: ε not finite.
    pub fn delta(&self, eps: f64) -> Result<f64> {
        let l = self.ln_hockey_stick(eps)?;
        Ok(up(l))
    }

    /// `inf{ε ≥ 0 : H_{e^ε}(P‖Q) ≤ δ}`, rounded up: bisection on ε (the hockey-stick is
    /// non-increasing in ε) comparing `ln H` with `ln δ` after the rounding allowance, 200
    /// steps or until the bracket is one ulp. `+∞` if `P(q = 0) > δ`. Errors: δ ∉ (0, 1).
    pub fn epsilon(&self, delta: f64) -> Result<f64> {
        check::unit_open("delta", delta)?;
        let ok = |e: f64| -> Result<bool> { Ok(up(self.ln_hockey_stick(e)?) <= delta) };
        if ok(0.0)? {
            return Ok(0.0);
        }
        let (mut lo, mut hi) = (0.0f64, 1.0f64);
        while !ok(hi)? {
            hi *= 2.0;
            if hi > 1e6 {
                return Ok(f64::INFINITY);
            }
        }
        for _ in 0..200 {
            let mid = 0.5 * (lo + hi);
            if mid <= lo || mid >= hi {
                break;
            }
            if ok(mid)? {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Ok(hi)
    }
}

/// `exp(l)` rounded up with the relative allowance [`LSE_REL`], capped at 1 (0 for −∞).
pub fn up(l: f64) -> f64 {
    if l == f64::NEG_INFINITY {
        return 0.0;
    }
    (l.exp() * (1.0 + LSE_REL)).next_up().min(1.0)
}

/// `ln Σ e^{t}` with the maximum shifted out and compensated summation (−∞ for no terms).
pub fn ln_sum(t: &[f64]) -> f64 {
    let m = t.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if m == f64::NEG_INFINITY {
        return m;
    }
    m + neumaier_sum(t.iter().map(|x| (x - m).exp())).ln()
}

impl TradeOff {
    /// The chain as the log-masses of the pair realising it ([`TradeOff::segment_atoms`]):
    /// `P` = runs, `Q` = drops, so `H_{e^ε}(Q‖P)` of the result is [`TradeOff::delta_qp`].
    pub fn to_log_pair(&self) -> LogPair {
        let (p, q): (Vec<f64>, Vec<f64>) = self.segment_atoms().into_iter().map(|(a, b)| (a.ln(), b.ln())).unzip();
        LogPair { lp: p, lq: q }
    }

    /// `H_{e^ε}(Q‖P)` for `f = T(P, Q)` as a log-space sum of positive segment terms
    /// `Σ_{drop/run > e^ε} (drop − e^ε run)` (mixtures_fdp §2.7, §8 item 1), rounded up; the same
    /// quantity as [`TradeOff::delta_qp`] without the subtraction of cumulative sums.
    /// Errors: ε not finite.
    pub fn delta_qp_log(&self, eps: f64) -> Result<f64> {
        self.to_log_pair().swapped().delta(eps)
    }
}
