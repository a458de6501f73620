//! Theorem 3.1, first term of (2): the **exact** forward divergence
//! `F_α = D_α(P‖Q) = (ln W_α − α ln n)/(α − 1)` of the mixture-versus-Gaussian pair
//! ([`crate::papers::balanced_iteration::mixture_pair`]) for integer `α ≥ 2` (Dong, Chen, Özgür 2025, Theorem 3.1 with
//! Lemma 3.12; spec §1.1, §1.3), where
//! `W_α = Σ_{(μ_1,…,μ_α) ∈ S_{d,k}^α} exp(β Σ_t N_t(N_t − 1))` and `N_t` are the column counts of
//! the tuple (identity (0.1)).
//!
//! Algorithms (spec §1.3), all accumulated in the **log domain** (log-sum-exp; every summand is
//! positive, so there is no cancellation, and no state is flushed to zero however far below the
//! maximum it lies — the hazard of a rescaled linear DP, spec §1.3 D):
//! * `min(k, d − k) = 1`: the exponential generating function `W_α = α! [z^α] A(z)^d`,
//!   `A(z) = Σ_j e^{βj(j−1)} z^j / j!`, by repeated squaring of the truncated series (§1.3 B);
//! * otherwise the row-need dynamic programme over columns on histograms `h = (h_0, …, h_k)` of
//!   rows still needing `j` ones (§1.3 D), tables in `ndarray`;
//! * `k > d/2` is reduced by the complement identity `F_α(d, k) = F_α(d, d − k) + αβ(2k − d)`
//!   (§1.3 E).
//!
//! [`theorem_3_1_forward`] and the all-orders [`theorem_3_1_forward_orders`] route general `k`
//! to the Gauss-quadrature sum of [`super::forward_quadrature`] (one walk for every order) when
//! its cost estimate is below the DP's; the DP stays the independent check of that route.
//!
//! Written once, generic over [`Real`]: `f64` for production ([`theorem_3_1_forward`], rounded up
//! by an a-priori bound on the accumulated rounding error) and MPFR ([`crate::num::Mp`]) for the
//! high-precision evaluation of the same sums ([`forward_r`] at any precision).

use crate::papers::balanced_iteration::section_3_1::forward_quadrature::{quadrature_cost, theorem_3_1_forward_quadrature_curve};
use crate::papers::balanced_iteration::section_3_1::lognormal_gauss::{multiset_count, node_count, MAX_MULTISETS};
use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::error::{Error, Result};
use crate::num::round::widen_up;
use crate::num::Real;
use ndarray::{Array1, Array2};
use std::collections::HashMap;

/// Largest number of DP table entries (histograms × partial column totals) accepted; beyond it
/// the exact forward term is refused (use Corollary 3.14's `G_α`, an upper bound).
pub const MAX_DP_ENTRIES: u64 = 20_000_000;

/// `ln W_α` (spec §1.3) at the precision of `proto`, and the number of sequential log-domain
/// accumulation steps (for the rounding allowance of [`theorem_3_1_forward`]) and the largest
/// magnitude of any stored log value.
///
/// Errors: order outside `[2, MAX_ORDER]`; DP too large ([`MAX_DP_ENTRIES`]).
pub fn ln_w_r<R: Real>(pair: &MixturePair, alpha: u64, proto: &R) -> Result<(R, f64, f64)> {
    check_order(alpha)?;
    let kk = pair.k.min(pair.d - pair.k);
    let beta = proto.cst(pair.c) * proto.cst(pair.c) / (proto.cst(2.0) * proto.cst(pair.sigma) * proto.cst(pair.sigma));
    let (ln_w_small, steps, max_abs) = if kk == 1 { egf_ln_w(pair.d, alpha, &beta) } else { dp_ln_w(pair.d, kk, alpha, &beta)? };
    if kk == pair.k {
        return Ok((ln_w_small, steps, max_abs));
    }
    // Complement (spec §1.3 E): ln W(d, k) = ln W(d, d − k) + (α − 1) α β (2k − d).
    let a = alpha as f64;
    let shift = proto.cst((a - 1.0) * a) * beta * proto.cst(2.0 * pair.k as f64 - pair.d as f64);
    let m = max_abs + shift.to_f64().abs();
    Ok((ln_w_small + shift, steps + 2.0, m))
}

/// `F_α` of Theorem 3.1 (first term of (2)) at the precision of `proto` (nearest rounding, no
/// directed error bound; use an MPFR `proto` of a few hundred bits for a high-precision value).
///
/// Errors: as [`ln_w_r`].
pub fn forward_r<R: Real>(pair: &MixturePair, alpha: u64, proto: &R) -> Result<R> {
    let (ln_w, _, _) = ln_w_r(pair, alpha, proto)?;
    let ln_n = ln_binom_r(pair.d, pair.k, proto);
    let a = proto.cst(alpha as f64);
    Ok((ln_w - a.clone() * ln_n) / (a - proto.one()))
}

/// **Theorem 3.1, first term of (2)** (Lemma 3.12 applied to `S_{d,k}`): the exact forward
/// divergence `F_α = D_α(P‖Q)` of the balanced mixture pair, as an **upper bound** in `f64`.
/// Route: the EGF for `min(k, d − k) = 1`; otherwise the cheaper (by [`dp_ops`] against
/// [`quadrature_cost`]) of the row-need DP and the Gauss-quadrature sum
/// ([`super::forward_quadrature`], with its certified rounding allowance), falling back to the DP
/// when the quadrature route is not applicable (node span, precision).
///
/// Guarantee: exact value, reported rounded towards more loss. Domain: integer `α ∈ [2, 4096]`;
/// cost `O(α² log d)` for `min(k, d − k) = 1`, else the smaller of the DP's
/// `O(d k C(α + k', k') α h̄)` (`k' = min(k, d − k)`, spec §1.3 D) and the quadrature's
/// `C(d + r − 1, r − 1)(k' + 4α)`, `r = ⌊α/2⌋ + 1`.
///
/// Errors: invalid order; both routes too large ([`Error::Unsupported`]).
///
/// Example (spec §11, `T = 10, k = 4, σ = 2`): `F_2 = 0.4200666512529`.
pub fn theorem_3_1_forward(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    if pair.k.min(pair.d - pair.k) > 1 && quadrature_preferred(pair, alpha, dp_ops(pair, alpha)) {
        match theorem_3_1_forward_quadrature_curve(pair, alpha) {
            Ok(v) => return Ok(v[alpha as usize - 2]),
            Err(Error::Unsupported(_)) | Err(Error::Numerical(_)) => {}
            Err(e) => return Err(e),
        }
    }
    theorem_3_1_forward_dp(pair, alpha)
}

/// Estimated cost (f64 operations; a log-sum-exp term counted as 10) of the exact `F_α` by the
/// row-need DP (spec §1.3 D): `10 d k' C(α + k', k')(α + 1)`.
pub fn dp_ops(pair: &MixturePair, alpha: u64) -> f64 {
    let kk = pair.k.min(pair.d - pair.k) as f64;
    let a = alpha as f64;
    10.0 * pair.d as f64 * kk * crate::num::special::ln_binom(a + kk, kk).exp() * (a + 1.0)
}

/// Whether the quadrature walk up to `alpha_max` is within [`MAX_MULTISETS`] and cheaper than
/// `dp` (the DP's cost for the same orders).
fn quadrature_preferred(pair: &MixturePair, alpha_max: u64, dp: f64) -> bool {
    multiset_count(pair.d, node_count(alpha_max)) <= MAX_MULTISETS && quadrature_cost(pair, alpha_max) < dp
}

/// **Theorem 3.1, first term of (2)** at every order of `orders` (upper bounds, same order):
/// the EGF power for `min(k, d − k) = 1`; otherwise one Gauss-quadrature walk up to the largest
/// order when it is cheaper than the DP at each listed order (and applicable), else the DP order
/// by order. Values agree with [`theorem_3_1_forward`] to their rounding allowances (≲ 1e−12
/// relative).
///
/// Errors: invalid orders; too large ([`Error::Unsupported`]).
pub fn theorem_3_1_forward_orders(pair: &MixturePair, orders: &[u64]) -> Result<Vec<f64>> {
    let Some(max) = orders.iter().map(|&a| check_order(a)).collect::<Result<Vec<u64>>>()?.into_iter().max() else {
        return Ok(Vec::new());
    };
    if pair.k.min(pair.d - pair.k) == 1 {
        let all = theorem_3_1_forward_k1_curve(pair, max)?;
        return Ok(orders.iter().map(|&a| all[a as usize - 2]).collect());
    }
    let dp: f64 = orders.iter().map(|&a| dp_ops(pair, a)).sum();
    if quadrature_preferred(pair, max, dp) {
        match theorem_3_1_forward_quadrature_curve(pair, max) {
            Ok(all) => return Ok(orders.iter().map(|&a| all[a as usize - 2]).collect()),
            Err(Error::Unsupported(_)) | Err(Error::Numerical(_)) => {}
            Err(e) => return Err(e),
        }
    }
    orders.iter().map(|&a| theorem_3_1_forward_dp(pair, a)).collect()
}

/// **Theorem 3.1, first term of (2)** at every order `2..=α_max` (index `α − 2`), any `k`
/// ([`theorem_3_1_forward_orders`] on `2..=α_max`): one EGF power for `min(k, d − k) = 1`, one
/// quadrature walk otherwise when it is the cheaper route.
///
/// Errors: as [`theorem_3_1_forward_orders`].
pub fn theorem_3_1_forward_curve(pair: &MixturePair, alpha_max: u64) -> Result<Vec<f64>> {
    check_order(alpha_max)?;
    theorem_3_1_forward_orders(pair, &(2..=alpha_max).collect::<Vec<u64>>())
}

/// `F_α` by the EGF (`min(k, d − k) = 1`) or the row-need DP only — the route of
/// [`theorem_3_1_forward`] before the quadrature: the log-domain evaluation plus an a-priori
/// bound on its rounding error (each log-sum-exp step is 1-Lipschitz in its inputs and adds at
/// most `(3L + 4)u`, `L` the largest stored magnitude, `u = 2⁻⁵³`; `ln C(d, k)` within 64 ulps),
/// rounded up. Checked against 256-bit MPFR in the tests (never below it; within 1e−11 relative
/// on the spec's cases).
///
/// Errors: invalid order; DP too large.
pub fn theorem_3_1_forward_dp(pair: &MixturePair, alpha: u64) -> Result<f64> {
    let (ln_w, steps, max_abs) = ln_w_r(pair, alpha, &0.0f64)?;
    let ln_n = pair.ln_n();
    let a = alpha as f64;
    let f = (ln_w - a * ln_n) / (a - 1.0);
    if !f.is_finite() {
        return Err(Error::Numerical(format!("F_α overflowed at d = {}, k = {}, α = {alpha}", pair.d, pair.k)));
    }
    let u = f64::EPSILON / 2.0;
    let err = (steps * (3.0 * max_abs + 4.0) + 64.0 * a * ln_n + 8.0 * ln_w.abs()) * u / (a - 1.0);
    Ok(widen_up(f + 2.0 * err, 2).max(0.0))
}

/// `ln C(d, k)` in `R` by a sum of logarithms of ratios (exact integers in `f64` up to `d ≤ 10⁶`).
pub fn ln_binom_r<R: Real>(d: u64, k: u64, proto: &R) -> R {
    let k = k.min(d - k);
    let mut s = proto.zero();
    for i in 1..=k {
        s = s + (proto.cst((d - k + i) as f64) / proto.cst(i as f64)).ln();
    }
    s
}

/// `ln j!` for `j = 0..=n` in `R`.
fn ln_factorials<R: Real>(n: u64, proto: &R) -> Vec<R> {
    let mut out = vec![proto.zero()];
    for j in 1..=n {
        let next = out[j as usize - 1].clone() + proto.cst(j as f64).ln();
        out.push(next);
    }
    out
}

/// `a ← ln(eᵃ + eᵇ)`.
fn acc<R: Real>(a: &mut R, b: R) {
    if a.is_finite() {
        *a = a.ln_add_exp(&b);
    } else {
        *a = b; // a = −∞ (empty slot): every value stored here is ≥ 0, never +∞
    }
}

/// §1.3 B: `ln W_α = ln α! + ln [z^α] A(z)^d` by repeated squaring of the truncated series in the
/// log domain (coefficient `−∞` = zero). Returns (ln W, accumulation steps, max magnitude).
fn egf_ln_w<R: Real>(d: u64, alpha: u64, beta: &R) -> (R, f64, f64) {
    let (all, steps, max_abs) = egf_ln_w_all(d, alpha, beta);
    (all[alpha as usize].clone(), steps, max_abs)
}

/// §1.3 B for every order at once: `ln W_m`, `m = 0..=α_max`, from one truncated power
/// `A(z)^d mod z^{α_max + 1}` (the coefficients of degree `m ≤ α_max` are exact, so one
/// computation yields all orders). Returns (ln W_m, accumulation steps, max magnitude).
fn egf_ln_w_all<R: Real>(d: u64, alpha: u64, beta: &R) -> (Vec<R>, f64, f64) {
    let n = alpha as usize;
    let lf = ln_factorials(alpha, beta);
    let ninf = beta.cst(f64::NEG_INFINITY);
    // ln of the coefficients of A: β j(j−1) − ln j!
    let base: Vec<R> = (0..=n).map(|j| beta.clone() * beta.cst((j * j.saturating_sub(1)) as f64) - lf[j].clone()).collect();
    let mul = |x: &[R], y: &[R]| -> Vec<R> {
        (0..=n)
            .map(|m| {
                let mut s = ninf.clone();
                for i in 0..=m {
                    acc(&mut s, x[i].clone() + y[m - i].clone());
                }
                s
            })
            .collect()
    };
    let mut result: Option<Vec<R>> = None;
    let mut power = base;
    let mut e = d;
    let mut levels = 0.0;
    loop {
        if e & 1 == 1 {
            result = Some(match result {
                None => power.clone(),
                Some(r) => mul(&r, &power),
            });
            levels += 1.0;
        }
        e >>= 1;
        if e == 0 {
            break;
        }
        power = mul(&power, &power);
        levels += 1.0;
    }
    let r = result.expect("d ≥ 2");
    let all: Vec<R> = (0..=n).map(|m| lf[m].clone() + r[m].clone()).collect();
    let max_abs = r.iter().chain(power.iter()).chain(all.iter()).map(|v| v.to_f64().abs()).filter(|v| v.is_finite()).fold(0.0, f64::max);
    // Each level: up to α + 1 sequential accumulations per coefficient; errors add over levels.
    (all, levels * (alpha as f64 + 2.0), max_abs)
}

/// **Theorem 3.1, first term of (2)** at every order `2..=α_max` for `min(k, d − k) = 1` from one
/// EGF power (spec §1.3 B, with the complement identity §1.3 E for `k = d − 1`): the same values
/// and the same rounding allowance as [`theorem_3_1_forward`] (the allowance uses the largest
/// magnitude over all orders, so it is never smaller), at the cost of a single order `α_max`.
/// Index `i` of the result is the order `i + 2`.
///
/// Errors: `min(k, d − k) ≠ 1`; invalid `α_max`; overflow.
pub fn theorem_3_1_forward_k1_curve(pair: &MixturePair, alpha_max: u64) -> Result<Vec<f64>> {
    check_order(alpha_max)?;
    if pair.k.min(pair.d - pair.k) != 1 {
        return Err(Error::invalid("k", pair.k, "the all-orders EGF route needs min(k, d − k) = 1"));
    }
    let beta = pair.beta();
    let (all, steps, max_abs) = egf_ln_w_all(pair.d, alpha_max, &beta);
    let ln_n = pair.ln_n();
    let u = f64::EPSILON / 2.0;
    (2..=alpha_max)
        .map(|alpha| {
            let a = alpha as f64;
            // complement (spec §1.3 E): ln W(d, d − 1) = ln W(d, 1) + (α − 1)αβ(d − 2)
            let shift = if pair.k == 1 { 0.0 } else { (a - 1.0) * a * beta * (pair.d as f64 - 2.0) };
            let ln_w = all[alpha as usize] + shift;
            let f = (ln_w - a * ln_n) / (a - 1.0);
            if !f.is_finite() {
                return Err(Error::Numerical(format!("F_α overflowed at d = {}, α = {alpha}", pair.d)));
            }
            let m = max_abs + shift.abs();
            let err = ((steps + 2.0) * (3.0 * m + 4.0) + 64.0 * a * ln_n + 8.0 * ln_w.abs()) * u / (a - 1.0);
            Ok(widen_up(f + 2.0 * err, 2).max(0.0))
        })
        .collect()
}

/// Histograms `h = (h_0, …, h_k)` with `Σ h_j = α` (rows still needing `j` ones), an index for
/// each, and for each class `j ≥ 1` the state with one row moved back from class `j − 1` to `j`.
struct Histograms {
    hist: Vec<Vec<u16>>,
    /// `back[[j, s]]`: index of `s` with one row moved `j − 1 → j` (`usize::MAX` if `h_{j−1} = 0`).
    back: Array2<usize>,
}

fn histograms(k: usize, alpha: usize) -> Histograms {
    let mut hist = Vec::new();
    let mut cur = vec![0u16; k + 1];
    fn rec(pos: usize, left: usize, cur: &mut Vec<u16>, out: &mut Vec<Vec<u16>>) {
        if pos + 1 == cur.len() {
            cur[pos] = left as u16;
            out.push(cur.clone());
            return;
        }
        for v in 0..=left {
            cur[pos] = v as u16;
            rec(pos + 1, left - v, cur, out);
        }
    }
    rec(0, alpha, &mut cur, &mut hist);
    let index: HashMap<Vec<u16>, usize> = hist.iter().enumerate().map(|(i, h)| (h.clone(), i)).collect();
    let mut back = Array2::from_elem((k + 1, hist.len()), usize::MAX);
    for (s, h) in hist.iter().enumerate() {
        for j in 1..=k {
            if h[j - 1] > 0 {
                let mut g = h.clone();
                g[j - 1] -= 1;
                g[j] += 1;
                back[[j, s]] = index[&g];
            }
        }
    }
    Histograms { hist, back }
}

/// `ln Σ_i e^{t_i}` of the finite terms (max first, one `exp` per term, one `ln`); `−∞` if none.
fn ln_sum<R: Real>(terms: &[R], ninf: &R) -> R {
    let mut max: Option<&R> = None;
    for t in terms {
        if max.map_or(true, |m| t > m) {
            max = Some(t);
        }
    }
    match max {
        None => ninf.clone(),
        Some(m) if terms.len() == 1 => m.clone(),
        Some(m) => {
            let mut s = m.zero();
            for t in terms {
                s = s + (t.clone() - m.clone()).exp();
            }
            m.clone() + s.ln()
        }
    }
}

/// §1.3 D: the row-need DP over the `d` columns, log domain, in gather form: in the pass for
/// class `j` a destination `(h', m')` collects the sources that moved `x` rows `j → j − 1`
/// (source `h_j = h'_j + x`, `h_{j−1} = h'_{j−1} − x`, `m = m' − x`, weight `C(h'_j + x, x)`).
/// Returns (ln W, accumulation steps, max magnitude).
fn dp_ln_w<R: Real>(d: u64, k: u64, alpha: u64, beta: &R) -> Result<(R, f64, f64)> {
    let (k, a) = (k as usize, alpha as usize);
    let states = binom_u64(alpha + k as u64, k as u64);
    if states.saturating_mul(alpha + 1) > MAX_DP_ENTRIES {
        return Err(Error::Unsupported(format!(
            "exact F_α at d = {d}, k = {k}, α = {alpha} needs {states} × {} DP entries (> {MAX_DP_ENTRIES}); use Corollary 3.14's G_α",
            alpha + 1
        )));
    }
    let hs = histograms(k, a);
    let s_count = hs.hist.len();
    let ninf = beta.cst(f64::NEG_INFINITY);
    let lf = ln_factorials(alpha, beta);
    let mut ln_c = Array2::from_elem((a + 1, a + 1), ninf.clone());
    for n in 0..=a {
        for x in 0..=n {
            ln_c[[n, x]] = lf[n].clone() - lf[x].clone() - lf[n - x].clone();
        }
    }
    // column weight ln f(m) = β m(m − 1)
    let lnf: Vec<R> = (0..=a).map(|m| beta.clone() * beta.cst((m * m.saturating_sub(1)) as f64)).collect();
    let start = hs.hist.iter().position(|h| h[k] as usize == a).expect("all rows need k");
    let end = hs.hist.iter().position(|h| h[0] as usize == a).expect("all rows done");
    let mut v = Array1::from_elem(s_count, ninf.clone());
    v[start] = beta.zero();
    let mut max_abs: f64 = 0.0;
    let mut u = Array2::from_elem((s_count, a + 1), ninf.clone());
    let mut next = Array2::from_elem((s_count, a + 1), ninf.clone());
    let mut terms: Vec<R> = Vec::with_capacity(a + 1);
    for t in 1..=d {
        u.fill(ninf.clone());
        for s in 0..s_count {
            u[[s, 0]] = v[s].clone();
        }
        // one column: rows of class j may receive a one (→ class j − 1); increasing j so a row
        // moves at most once per column
        for j in 1..=k {
            for s in 0..s_count {
                let (hj, hjm1) = (hs.hist[s][j] as usize, hs.hist[s][j - 1] as usize);
                for m in 0..=a {
                    terms.clear();
                    let mut src = s;
                    for x in 0..=hjm1.min(m) {
                        if x > 0 {
                            src = hs.back[[j, src]];
                        }
                        let val = &u[[src, m - x]];
                        if val.is_finite() {
                            terms.push(val.clone() + ln_c[[hj + x, x]].clone());
                        }
                    }
                    next[[s, m]] = ln_sum(&terms, &ninf);
                }
            }
            std::mem::swap(&mut u, &mut next);
        }
        let left = d - t; // columns still to come
        for s in 0..s_count {
            terms.clear();
            for m in 0..=a {
                if u[[s, m]].is_finite() {
                    terms.push(u[[s, m]].clone() + lnf[m].clone());
                }
            }
            let tot = ln_sum(&terms, &ninf);
            // every stored value is ≥ 0 and ≤ its row's total (all summands ≥ 1)
            if tot.is_finite() {
                max_abs = max_abs.max(tot.to_f64().abs());
            }
            let h = &hs.hist[s];
            // rows needing more ones than columns left can no longer be completed
            let dead = (left as usize) < k && h[(left as usize + 1)..].iter().any(|&x| x > 0);
            v[s] = if dead { ninf.clone() } else { tot };
        }
    }
    let ln_w = v[end].clone();
    if !ln_w.is_finite() {
        return Err(Error::Numerical(format!("row-need DP gave no mass at d = {d}, k = {k}, α = {alpha}")));
    }
    // per column: k passes, each a sum of ≤ α + 1 terms (max-first: (n + 2)u·L per sum), then
    // the reduction over ≤ α + 1 column totals
    Ok((ln_w, d as f64 * (k as f64 + 1.0) * (a as f64 + 3.0), max_abs))
}

/// `C(n, k)` saturating at `u64::MAX`.
fn binom_u64(n: u64, k: u64) -> u64 {
    let mut r: u128 = 1;
    for i in 0..k {
        r = r * (n - i) as u128 / (i + 1) as u128;
        if r > u64::MAX as u128 {
            return u64::MAX;
        }
    }
    r as u64
}

#[cfg(test)]
#[path = "forward_exact_test.rs"]
mod forward_exact_test;
