//! Corollary 3.14 (Dong, Chen, Özgür 2025; spec §5): the closed-form upper bound on the forward
//! divergence of the balanced pair, the first term of (3),
//! `G_α = ln Σ_l h_l e^{αβl}`, `h_l = C(k, l) C(d − k, k − l)/C(d, k)` (hypergeometric overlap
//! law of two uniform k-subsets), licensed by Lemma 3.13 (whose symmetry condition `S_{d,k}`
//! satisfies) with Lemma 3.12 at order 2. No factor `1/(α − 1)` (spec §1.4 (iii): correct as
//! printed). `G_2 = F_2`; `G_α ≥ F_α` for every `α`.

use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::error::{Error, Result};
use crate::num::round::widen_up;
use crate::num::special::ln_binom;
use crate::num::Real;

/// `ln h_l` for `l = l_min..=k`, `l_min = max(0, 2k − d)` (zero-probability overlaps skipped,
/// spec §1.7), in `R`: the first term from log-binomials, the rest by the ratio
/// `h_{l+1}/h_l = (k − l)² / ((l + 1)(d + l + 1 − 2k))`.
pub fn ln_overlap_law_r<R: Real>(pair: &MixturePair, proto: &R) -> (u64, Vec<R>) {
    let (d, k) = (pair.d, pair.k);
    let l_min = (2 * k).saturating_sub(d);
    let lb = |n: u64, m: u64| crate::papers::balanced_iteration::section_3_1::forward_exact::ln_binom_r(n, m, proto);
    let mut cur = lb(k, l_min) + lb(d - k, k - l_min) - lb(d, k);
    let mut out = vec![cur.clone()];
    for l in l_min..k {
        let num = proto.cst(((k - l) * (k - l)) as f64);
        // l ≥ l_min = max(0, 2k − d), so d + l + 1 − 2k ≥ 1
        let den = proto.cst((l + 1) as f64) * proto.cst((d + l + 1 - 2 * k) as f64);
        cur = cur + (num / den).ln();
        out.push(cur.clone());
    }
    (l_min, out)
}

/// `G_α` at the precision of `proto` (nearest rounding).
///
/// Errors: invalid order.
pub fn corollary_3_14_r<R: Real>(pair: &MixturePair, alpha: u64, proto: &R) -> Result<R> {
    check_order(alpha)?;
    let (l_min, law) = ln_overlap_law_r(pair, proto);
    let ab = proto.cst(alpha as f64) * proto.cst(pair.c) * proto.cst(pair.c) / (proto.cst(2.0) * proto.cst(pair.sigma) * proto.cst(pair.sigma));
    let mut s: Option<R> = None;
    for (i, lh) in law.into_iter().enumerate() {
        let t = lh + ab.clone() * proto.cst((l_min + i as u64) as f64);
        s = Some(match s {
            None => t,
            Some(a) => a.ln_add_exp(&t),
        });
    }
    Ok(s.expect("k ≥ 1 gives at least one overlap value"))
}

/// **Corollary 3.14** (first term of (3)): `G_α = ln Σ_l h_l e^{αβl}` as an **upper bound** on
/// `D_α(P‖Q)` of the balanced pair, in `f64` rounded up (the log-sum-exp of `k + 1` terms and the
/// `O(k)` ratio recursion of the log-law carry at most `(4k + 16)u` times the magnitudes
/// involved). `k = 1`: `ln((e^{αc²/(2σ²)} + d − 1)/d)`. Cost `O(k)` per order.
///
/// Errors: invalid order; overflow (never for `α ≤ 4096` and finite inputs).
///
/// Example (spec §11): `T = 10, k = 4, σ = 2, α = 4`: `G_4 = 0.8804023012658`.
pub fn corollary_3_14(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    // αβ = αc²/(2σ²) beyond f64 (c = 1e300 or σ = 1e−300; as the ratio (c/σ)² when that is
    // finite): G_α ≥ αβ·l_max − ln C(d, k) exceeds every f64, and +∞ is its upper bound rounded
    // up (issue 25: was a numerical error).
    let ab = alpha as f64 * 0.5 * (pair.c / pair.sigma).powi(2);
    if !ab.is_finite() {
        return Ok(f64::INFINITY);
    }
    let v = corollary_3_14_r(pair, alpha, &0.0f64)?;
    if v == f64::INFINITY {
        return Ok(f64::INFINITY);
    }
    if !v.is_finite() {
        return Err(Error::Numerical(format!("G_α overflowed at α = {alpha}")));
    }
    let u = f64::EPSILON / 2.0;
    let k = pair.k as f64;
    let mag = v.abs() + alpha as f64 * pair.beta() * k + ln_binom(pair.d as f64, pair.k as f64);
    Ok(widen_up(v + (4.0 * k + 16.0) * u * mag, 2).max(0.0))
}

/// [`corollary_3_14`] at every order of `orders` (the overlap law computed once): the curve for
/// accounting at many orders (e.g. `T = 1000, k = 400, α ≤ 256`).
///
/// Errors: an invalid order.
pub fn corollary_3_14_curve(pair: &MixturePair, orders: &[u64]) -> Result<Vec<f64>> {
    let (l_min, law) = ln_overlap_law_r(pair, &0.0f64);
    let u = f64::EPSILON / 2.0;
    let k = pair.k as f64;
    let ln_n = ln_binom(pair.d as f64, k);
    orders
        .iter()
        .map(|&alpha| {
            check_order(alpha)?;
            let ab = alpha as f64 * pair.beta();
            let terms: Vec<f64> = law.iter().enumerate().map(|(i, lh)| lh + ab * (l_min + i as u64) as f64).collect();
            let v = crate::num::special::ln_sum_exp(&terms);
            let mag = v.abs() + ab * k + ln_n;
            Ok(widen_up(v + (4.0 * k + 16.0) * u * mag, 2).max(0.0))
        })
        .collect()
}

#[cfg(test)]
#[path = "forward_bound_test.rs"]
mod forward_bound_test;
