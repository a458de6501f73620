//! Finite-sample confidence bounds for the mean of i.i.d. variables in `[0, 1]`
//! (foundations §5.2), and the matching p-values for `H0: m ≤ c` (§5.5).
//!
//! Where each is used by the engine:
//! * [`BoundMethod::ClopperPearson`] — the Bernoulli form `Z = 1{U < X}` of the *untilted*
//!   estimator (§5.1): `K = ΣZ ~ Bin(n, δ)` exactly, so the bound is exact (Clopper & Pearson
//!   1934). Computed by bisection on `statrs::function::beta::beta_reg` (agrees with a direct
//!   binomial sum to ~1e−10 relative for n up to 2·10⁶, so the error probability is off by a
//!   relative ~1e−10 at most).
//! * [`BoundMethod::EmpiricalBernstein`] — the *tilted* estimator `Y/B ∈ [0, 1]` (§5.3), whose
//!   variance is far below the Bernoulli one (Maurer & Pontil 2009, Theorem 4).
//! * [`BoundMethod::Hoeffding`] — available for callers; not used by default (always looser than
//!   empirical Bernstein for small variances).
//!
//! Each one-sided bound holds with probability ≥ 1 − β. Bounds are clamped to `[0, 1]`.
//! Guarantee direction: an upper bound is returned on the high side of the bisection bracket,
//! a lower bound on the low side.

use super::summary::MeanSummary;
use crate::num::root::{root_of, Bracket, Monotone, RootError, Side, Stop};
use crate::num::Interval;
use serde::{Deserialize, Serialize};
use statrs::function::beta::beta_reg;

/// A finite-sample bound for a mean of `[0, 1]` variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoundMethod {
    /// Exact binomial bound on the Bernoulli form (Clopper & Pearson 1934).
    ClopperPearson,
    /// Empirical Bernstein (Maurer & Pontil 2009, Theorem 4).
    EmpiricalBernstein,
    /// Hoeffding (1963, Theorem 2).
    Hoeffding,
}

impl BoundMethod {
    pub fn name(&self) -> &'static str {
        match self {
            BoundMethod::ClopperPearson => "Clopper-Pearson (Bernoulli form)",
            BoundMethod::EmpiricalBernstein => "empirical Bernstein (Maurer-Pontil 2009 Thm 4)",
            BoundMethod::Hoeffding => "Hoeffding",
        }
    }
}

const BISECT_ITERS: usize = 200;

/// `P(Bin(n, m) ≤ k) = I_{1−m}(n − k, k + 1)` (regularised incomplete beta).
fn binom_cdf(k: u64, n: u64, m: f64) -> f64 {
    if k >= n || m <= 0.0 {
        return 1.0;
    }
    if m >= 1.0 {
        return 0.0;
    }
    beta_reg((n - k) as f64, (k + 1) as f64, 1.0 - m)
}

/// `P(Bin(n, m) ≥ k) = I_m(k, n − k + 1)`.
fn binom_sf_incl(k: u64, n: u64, m: f64) -> f64 {
    if k == 0 || m >= 1.0 {
        return 1.0;
    }
    if k > n || m <= 0.0 {
        return 0.0;
    }
    beta_reg(k as f64, (n - k + 1) as f64, m)
}

/// Clopper–Pearson one-sided upper bound: the `m_U` with `P(Bin(n, m_U) ≤ k) = β`,
/// i.e. `Beta⁻¹(1 − β; k + 1, n − k)`; `1` if `k ≥ n` or `β ≤ 0`. With `k = 0` it equals
/// `1 − β^{1/n}`. Upper bound (returned from the high end of the bisection bracket).
pub fn clopper_pearson_upper(k: u64, n: u64, beta: f64) -> f64 {
    if k >= n || beta.is_nan() || beta <= 0.0 {
        return 1.0;
    }
    if beta >= 1.0 {
        return k as f64 / n as f64;
    }
    // Bracket [0, 1]: the CDF is 1 at p = 0 and 0 at p = 1 for k < n. Direction: the upper end
    // of the final bracket; a NaN CDF (no bracket) falls back to the trivial upper bound 1.
    let g = |p: &f64| Ok::<_, RootError>(binom_cdf(k, n, *p));
    root_of(g, &beta, Monotone::Decreasing, Bracket::established(0.0, 1.0), &Stop::iterations(BISECT_ITERS), Side::Upper).unwrap_or(1.0)
}

/// Clopper–Pearson one-sided lower bound: the `m_L` with `P(Bin(n, m_L) ≥ k) = β`,
/// i.e. `Beta⁻¹(β; k, n − k + 1)`; `0` if `k = 0` or `β ≤ 0`. With `k = n` it equals `β^{1/n}`.
/// Lower bound (returned from the low end of the bisection bracket).
pub fn clopper_pearson_lower(k: u64, n: u64, beta: f64) -> f64 {
    if k == 0 || n == 0 || beta.is_nan() || beta <= 0.0 {
        return 0.0;
    }
    if beta >= 1.0 {
        return k as f64 / n as f64;
    }
    // Bracket [0, 1]: P(Bin ≥ k) is 0 at p = 0 and 1 at p = 1 for k ≥ 1. Direction: the lower
    // end of the final bracket; a NaN (no bracket) falls back to the trivial lower bound 0.
    let g = |p: &f64| Ok::<_, RootError>(binom_sf_incl(k, n, *p));
    root_of(g, &beta, Monotone::Increasing, Bracket::established(0.0, 1.0), &Stop::iterations(BISECT_ITERS), Side::Lower).unwrap_or(0.0)
}

/// Margin of the empirical Bernstein bound (Maurer & Pontil 2009, Theorem 4), one side at
/// level β: `√(2 V_n ln(2/β)/n) + 7 ln(2/β)/(3(n − 1))`, with `V_n` the unbiased sample
/// variance. `+∞` for `n < 2`.
pub fn maurer_pontil_margin(n: u64, var: f64, beta: f64) -> f64 {
    if n < 2 || beta.is_nan() || beta <= 0.0 {
        return f64::INFINITY;
    }
    let l = (2.0 / beta).ln();
    let nf = n as f64;
    (2.0 * var.max(0.0) * l / nf).sqrt() + 7.0 * l / (3.0 * (nf - 1.0))
}

/// Margin of Hoeffding's bound (Hoeffding 1963, Theorem 2), one side at level β:
/// `√(ln(1/β)/(2n))`.
pub fn hoeffding_margin(n: u64, beta: f64) -> f64 {
    if n == 0 || beta.is_nan() || beta <= 0.0 {
        return f64::INFINITY;
    }
    ((1.0 / beta).ln() / (2.0 * n as f64)).sqrt()
}

/// Lower bound at level `beta_lower` and upper bound at level `beta_upper` on the mean of the
/// summarised sample, by `method` (a level of 0 gives the trivial bound on that side).
/// For [`BoundMethod::ClopperPearson`] the summary's `hits` out of `n` are used.
pub fn mean_bounds(s: &MeanSummary, method: BoundMethod, beta_lower: f64, beta_upper: f64) -> Interval {
    let (lo, hi) = match method {
        BoundMethod::ClopperPearson => (clopper_pearson_lower(s.hits, s.n, beta_lower), clopper_pearson_upper(s.hits, s.n, beta_upper)),
        BoundMethod::EmpiricalBernstein => {
            let v = s.variance();
            (s.mean - maurer_pontil_margin(s.n, v, beta_lower), s.mean + maurer_pontil_margin(s.n, v, beta_upper))
        }
        BoundMethod::Hoeffding => (s.mean - hoeffding_margin(s.n, beta_lower), s.mean + hoeffding_margin(s.n, beta_upper)),
    };
    // Rounded outward (lower down, upper up) and clamped to the range of the variables.
    let lo = if lo > 0.0 { lo.next_down().max(0.0) } else { 0.0 };
    let hi = if hi < 1.0 { hi.next_up().min(1.0) } else { 1.0 };
    Interval { lower: lo.min(hi), upper: hi }
}

/// Two-sided interval at total error probability β (β/2 per side).
pub fn mean_interval(s: &MeanSummary, method: BoundMethod, beta: f64) -> Interval {
    mean_bounds(s, method, 0.5 * beta, 0.5 * beta)
}

/// A valid p-value for `H0: m ≤ c` (foundations §5.5): Clopper–Pearson `P(Bin(n, c) ≥ K)`;
/// Hoeffding `exp(−2n(X̄ − c)²)` when `X̄ > c`; empirical Bernstein by numerical inversion of
/// the (monotone in β) lower bound: the smallest β whose lower bound exceeds `c`, rounded up.
/// Returns 1 when the sample gives no evidence against `H0`.
pub fn p_value_above(s: &MeanSummary, method: BoundMethod, c: f64) -> f64 {
    if s.n == 0 || c.is_nan() {
        return 1.0;
    }
    match method {
        BoundMethod::ClopperPearson => {
            if c >= 1.0 {
                1.0
            } else {
                binom_sf_incl(s.hits, s.n, c.max(0.0))
            }
        }
        BoundMethod::Hoeffding => {
            if s.mean <= c {
                1.0
            } else {
                (-2.0 * s.n as f64 * (s.mean - c).powi(2)).exp()
            }
        }
        BoundMethod::EmpiricalBernstein => {
            let v = s.variance();
            let lower = |ln_beta: f64| s.mean - maurer_pontil_margin(s.n, v, ln_beta.exp());
            if lower(0.0) <= c {
                return 1.0;
            }
            // lower(ln β) is increasing in ln β; find the boundary where it crosses c.
            let lo = -745.0f64;
            if lower(lo) > c {
                return lo.exp();
            }
            // Bracket: lower(−745) ≤ c and lower(0) > c were just checked. Direction: the upper end
            // (larger p-value); NaN (no bracket) falls back to the trivial p-value 1.
            let g = |x: &f64| Ok::<_, RootError>(lower(*x));
            let Ok(hi) = root_of(g, &c, Monotone::Increasing, Bracket::established(lo, 0.0), &Stop::iterations(BISECT_ITERS), Side::Upper) else {
                return 1.0;
            };
            hi.exp().next_up().min(1.0) // rounded up: conservative p-value
        }
    }
}
