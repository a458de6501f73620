//! Theorem 3.1, first term of (2), by **Gauss quadrature of the lognormal column law**: the exact
//! forward term `F_α = D_α(P‖Q) = (ln W_α − α ln n)/(α − 1)` of the mixture-versus-Gaussian pair
//! (Dong, Chen, Özgür 2025, Theorem 3.1 with the identity of Lemma 3.12 on `S_{d,k}`; spec §0.3,
//! §1.1, §1.3) at every integer order `2 ≤ α ≤ α_max` from **one** enumeration.
//!
//! # The argument: the expectation of a coordinate-wise degree-α polynomial depends only on α moments
//! By identity (0.1), `W_α = Σ Π_t f(N_t)` over the `α × d` 0/1 matrices with row sums `k`
//! (column sums `N_t`), `f(m) = e^{βm(m−1)}`, `β = c²/(2σ²)` (spec §1.3 D).
//! 1. *Moment form.* Let `Y_1, …, Y_d` be iid lognormal, `ln Y ~ N(−β, 2β)`, so
//!    `E[Y^m] = e^{−βm + βm²} = f(m)`. Expanding the product over rows,
//!    `e_k(Y)^α = Π_{rows} Σ_{|S|=k} Π_{t∈S} Y_t = Σ_{matrices} Π_t Y_t^{N_t}`, and by independence
//!    `W_α = E[e_k(Y_1, …, Y_d)^α]` (`e_k` the elementary symmetric polynomial).
//! 2. *Only the moments `0..α` matter.* `e_k(y)^α` has degree `≤ α` in each `y_t` separately, so
//!    `W_α = Σ_N a_N Π_t f(N_t)` with coefficients `a_N ≥ 0` and exponents `N_t ≤ α`: the law of
//!    each `Y_t` may be replaced by **any** law with the same moments `f(0..α)`.
//! 3. *Moment matching = Gauss quadrature.* The `r`-point Gauss rule of the lognormal
//!    ([`super::lognormal_gauss`]: nodes `s_j > 0`, weights `c_j > 0`, exact to degree `2r − 1`)
//!    with `r = ⌊α_max/2⌋ + 1` is such a law for every `α ≤ α_max`. Grouping the `r^d` node
//!    assignments by multiset `(n_1, …, n_r)`, `Σ n_j = d`:
//!    `W_α = Σ_n d!/Π_j n_j! · Π_j c_j^{n_j} · e_k(s_1×n_1, …, s_r×n_r)^α` — `C(d + r − 1, r − 1)`
//!    **positive** terms (3 108 105 at `d = 20`, `α_max = 16`), the same multisets for all
//!    orders. `e_k` of a multiset is the `u^k` coefficient of `Π_j (1 + s_j u)^{n_j}`, updated in
//!    `O(k)` per added node of a depth-first walk over the node types.
//!
//! # Certification
//! * *Rounded rule.* The enumeration uses the binary rule `(s̃_j, c̃_j)` with certified moment
//!   mismatch `η = max_{m ≤ α_max} |f̃(m)/f(m) − 1|`, `f̃(m) = Σ_j c̃_j s̃_j^m`. It sums exactly
//!   `W̃_α = Σ_N a_N Π_t f̃(N_t)`; each monomial has exactly `d` factors (`f̃(0)` for empty
//!   columns) and `a_N ≥ 0`, so `W̃_α/W_α ∈ [(1 − η)^d, (1 + η)^d]`, i.e.
//!   `|ln W_α − ln W̃_α| ≤ dη/(1 − η)`.
//! * *Floating point.* Nodes are scaled by a power of two (exact). Each term is kept as a mantissa
//!   in `[½, 1)` times `2^x` (integer `x`), accumulated per order against a running maximum
//!   exponent (rescaling by powers of two: exact, or an absolute error when it underflows), in
//!   blocks of `B ≈ √N` terms. All data are positive, so (Higham 2002, §3.1, §4.2) every computed
//!   term is its exact value times at most `α(2d + k + 4) + 3r + 6` factors `(1 + δ)`,
//!   `|δ| ≤ u = 2⁻⁵³` (weight table and products; `e_k` by `p_i ← p_i + s p_{i−1}`, two roundings
//!   per added node, and a final dot product of `k + 1` terms; `α` products of the power chain),
//!   and blocked summation adds `B + ⌈N/B⌉` more; dropped terms (below `2^{−1000}` of the running
//!   maximum) and underflow add at most `N(α_max + 8)2^{−990}` relative (the maximum term is
//!   `≥ ½` in its scale). With `γ_n = nu/(1 − nu)`, `|ln W̃_α − ln Ŵ_α| ≤ γ_n/(1 − γ_n)`.
//! * *Result.* `F_α` is reported **rounded up** (an upper-bound ingredient of an RDP curve): the
//!   two allowances above, the rounding of `ln`, of the exponent times `ln 2`, of the complement
//!   shift (spec §1.3 E) and of `α ln n` (as in [`crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward`]).

use crate::papers::balanced_iteration::section_3_1::lognormal_gauss::{certified_rule, multiset_count, node_count, GaussRule};
use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::error::{Error, Result};
use crate::num::round::widen_up;
use rug::Float;

/// `ln W_α` of the binary rule (see the module doc) and a bound on `|ln W_α − value|` (rule
/// mismatch plus floating point).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LnW {
    pub value: f64,
    pub err: f64,
}

/// Estimated cost (elementary f64 operations) of the quadrature route up to `alpha_max` for
/// `k' = min(k, d − k)`: `N (k' + 4α_max)` for the walk plus the MPFR rule (≈ `4000 r³`).
pub fn quadrature_cost(pair: &MixturePair, alpha_max: u64) -> f64 {
    let kk = pair.k.min(pair.d - pair.k) as f64;
    let r = node_count(alpha_max);
    multiset_count(pair.d, r) * (kk + 4.0 * alpha_max as f64) + 4000.0 * (r as f64).powi(3)
}

/// `m · 2^x` renormalised to a mantissa in `[½, 1)` (exact; `m` positive and normal).
#[inline]
fn norm(m: f64, x: i64) -> (f64, i64) {
    let bits = m.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i64;
    (f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52)), x + e - 1022)
}

/// `2^e` for `e ∈ [−1022, 0]` (exact).
#[inline]
fn pow2(e: i64) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

/// `x` (exact binary value `m·2^e`, `m` an f64) to a normalised mantissa/exponent pair.
fn split(x: &Float) -> (f64, i64) {
    let (m, e) = x.to_f64_exp();
    (m, e as i64)
}

/// Per-order accumulators: blocked sums against a running maximum exponent.
struct Acc {
    exp: Vec<i64>,
    inner: Vec<f64>,
    outer: Vec<f64>,
}

impl Acc {
    #[inline]
    fn add(&mut self, a: usize, m: f64, x: i64) {
        let sh = x - self.exp[a];
        if sh > 0 {
            let f = if sh > 1000 { 0.0 } else { pow2(-sh) };
            self.inner[a] *= f;
            self.outer[a] *= f;
            self.exp[a] = x;
            self.inner[a] += m;
        } else if sh >= -1000 {
            self.inner[a] += m * pow2(sh);
        }
    }
    fn flush(&mut self) {
        for a in 0..self.inner.len() {
            self.outer[a] += self.inner[a];
            self.inner[a] = 0.0;
        }
    }
}

/// The depth-first walk over multisets: node type `j` takes `n_j` of the remaining nodes.
struct Walk {
    kk: usize,
    amax: usize,
    r: usize,
    /// scaled nodes `s̃_j 2^{−e_S}`
    s: Vec<f64>,
    /// `c̃_j^n / n!` as (mantissa, exponent), `n = 0..=d`
    wt: Vec<Vec<(f64, i64)>>,
    /// last type: `C(rem, t) s̄^t`, `t = 0..=k'`
    last: Vec<Vec<f64>>,
    poly: Vec<Vec<f64>>,
    acc: Acc,
    leaves: u64,
    block: u64,
    bad: u64,
}

impl Walk {
    fn walk(&mut self, j: usize, rem: usize, wm: f64, wx: i64) {
        if j + 1 == self.r {
            self.leaf(rem, wm, wx);
            return;
        }
        let s = self.s[j];
        for n in 0..=rem {
            let (tm, tx) = self.wt[j][n];
            let (m, x) = norm(wm * tm, wx + tx);
            let (lo, hi) = self.poly.split_at_mut(j + 1);
            hi[0].copy_from_slice(&lo[j]);
            self.walk(j + 1, rem - n, m, x);
            if n < rem {
                let p = &mut self.poly[j];
                for i in (1..=self.kk).rev() {
                    p[i] += s * p[i - 1];
                }
            }
        }
    }

    #[inline]
    fn leaf(&mut self, rem: usize, wm: f64, wx: i64) {
        let kk = self.kk;
        let p = &self.poly[self.r - 1];
        let t = &self.last[rem];
        let mut e = 0.0;
        for i in kk.saturating_sub(rem)..=kk {
            e += p[i] * t[kk - i];
        }
        if !(e.is_normal() && e > 0.0) {
            self.bad += 1;
            return;
        }
        let (tm, tx) = self.wt[self.r - 1][rem];
        let (mut m, mut x) = norm(wm * tm, wx + tx);
        let (em, ex) = norm(e, 0);
        for a in 1..=self.amax {
            m *= em;
            x += ex;
            if m < 0.5 {
                m *= 2.0;
                x -= 1;
            }
            self.acc.add(a, m, x);
        }
        self.leaves += 1;
        if self.leaves % self.block == 0 {
            self.acc.flush();
        }
    }
}

/// `ln W_α` for `α = 2..=alpha_max` (index `α − 2`) of the pair with `k' = min(k, d − k)` (the
/// complement shift of spec §1.3 E applied), from the binary rule `rule` (any `η`, which enters
/// the error bound), by one walk over the `C(d + r − 1, r − 1)` multisets.
///
/// Errors: `alpha_max` invalid or above the rule's; too many multisets ([`Error::Unsupported`]);
/// the node span too wide for f64 `e_k` ([`Error::Unsupported`]).
pub fn quadrature_ln_w(pair: &MixturePair, rule: &GaussRule, alpha_max: u64) -> Result<Vec<LnW>> {
    check_order(alpha_max)?;
    if alpha_max > rule.alpha_max {
        return Err(Error::invalid("alpha", alpha_max, &format!("the Gauss rule matches moments up to {} only", rule.alpha_max)));
    }
    let (d, kk) = (pair.d as usize, pair.k.min(pair.d - pair.k) as usize);
    let r = rule.nodes.len();
    let count = multiset_count(pair.d, r);
    if count > crate::papers::balanced_iteration::section_3_1::lognormal_gauss::MAX_MULTISETS {
        return Err(Error::Unsupported(format!("exact F_α by quadrature at d = {d}, α ≤ {alpha_max} needs {count:.3e} multisets; use the row-need DP or Corollary 3.14's G_α")));
    }
    let lmin = rule.nodes.iter().cloned().fold(f64::INFINITY, f64::min).log2();
    let lmax = rule.nodes.iter().cloned().fold(0.0, f64::max).log2();
    let half_span = (lmax - lmin) / 2.0 + 1.0;
    if kk as f64 * half_span + d as f64 + 8.0 > 960.0 {
        return Err(Error::Unsupported(format!("Gauss nodes span 2^{:.0}: e_k of order {kk} leaves the f64 range; use the row-need DP", lmax - lmin)));
    }
    let es = ((lmin + lmax) / 2.0).round() as i64;
    let s: Vec<f64> = rule.nodes.iter().map(|&v| v * 2f64.powi(-es as i32)).collect();
    let p = 160;
    let mut wt = Vec::with_capacity(r);
    for &(wm, we) in &rule.weights {
        let mut c = Float::with_val(p, wm);
        c <<= we;
        let mut row = Vec::with_capacity(d + 1);
        let mut cur = Float::with_val(p, 1);
        for n in 0..=d {
            if n > 0 {
                cur = cur * &c / n as u32;
            }
            row.push(split(&cur));
        }
        wt.push(row);
    }
    let sl = Float::with_val(p, s[r - 1]);
    let mut last = Vec::with_capacity(d + 1);
    for rem in 0..=d {
        let mut row = vec![0.0; kk + 1];
        let mut term = Float::with_val(p, 1); // C(rem, t) s̄^t
        for (t, slot) in row.iter_mut().enumerate().take(kk.min(rem) + 1) {
            if t > 0 {
                term = term * (rem - t + 1) as u32 / t as u32 * &sl;
            }
            *slot = term.to_f64();
        }
        last.push(row);
    }
    let block = (count.sqrt().ceil() as u64).max(1);
    let amax = alpha_max as usize;
    let mut w = Walk {
        kk,
        amax,
        r,
        s,
        wt,
        last,
        poly: vec![vec![0.0; kk + 1]; r],
        acc: Acc { exp: vec![i64::MIN / 4; amax + 1], inner: vec![0.0; amax + 1], outer: vec![0.0; amax + 1] },
        leaves: 0,
        block,
        bad: 0,
    };
    w.poly[0][0] = 1.0;
    let (fm, fx) = split(&Float::with_val(p, Float::factorial(d as u32)));
    w.walk(0, d, fm, fx);
    w.acc.flush();
    if w.bad > 0 {
        return Err(Error::Numerical(format!("quadrature walk: {} multisets with e_k outside the normal f64 range", w.bad)));
    }
    let u = f64::EPSILON / 2.0;
    let nb = (count / block as f64).ceil();
    let beta = pair.beta();
    let eta = rule.eta;
    let quad = d as f64 * eta / (1.0 - eta);
    (2..=alpha_max)
        .map(|alpha| {
            let a = alpha as f64;
            let total = w.acc.outer[alpha as usize];
            let ex = w.acc.exp[alpha as usize] + alpha as i64 * kk as i64 * es;
            let n_ops = a * (2.0 * d as f64 + kk as f64 + 4.0) + 3.0 * r as f64 + 6.0 + block as f64 + nb;
            let gamma = n_ops * u / (1.0 - n_ops * u) + count * (amax as f64 + 8.0) * 2f64.powi(-990);
            let ln_t = total.ln();
            let ln_e = ex as f64 * std::f64::consts::LN_2;
            // complement (spec §1.3 E): ln W(d, k) = ln W(d, d − k) + (α − 1)αβ(2k − d)
            let shift = if pair.k as usize == kk { 0.0 } else { (a - 1.0) * a * beta * (2.0 * pair.k as f64 - d as f64) };
            let value = ln_t + ln_e + shift;
            if !(total > 0.0 && value.is_finite()) {
                return Err(Error::Numerical(format!("quadrature W_α not positive/finite at d = {d}, α = {alpha}")));
            }
            let err = gamma / (1.0 - gamma) + quad + 4.0 * u * (ln_t.abs() + ln_e.abs() + value.abs()) + 8.0 * u * shift.abs();
            Ok(LnW { value, err })
        })
        .collect()
}

/// **Theorem 3.1, first term of (2)** (Lemma 3.12 on `S_{d,k}`) at every order `2..=alpha_max`
/// (index `α − 2`) by the Gauss-quadrature route of this module: the exact `F_α` as an **upper
/// bound** (module doc, *Certification*). Any `k`; cost `C(d + r − 1, r − 1)(k' + 4α_max)`,
/// `r = ⌊α_max/2⌋ + 1` (3.1e6 multisets at `d = 20`, `α_max = 16`), independent of `k` otherwise.
///
/// Errors: invalid `alpha_max`; too many multisets or a node span beyond f64
/// ([`Error::Unsupported`]); the rule not certified ([`Error::Numerical`]).
///
/// Example (spec §11, `T = 10, k = 4, σ = 2`): `F_2 = 0.4200666512529`, `F_8 = 1.708831912463`.
pub fn theorem_3_1_forward_quadrature_curve(pair: &MixturePair, alpha_max: u64) -> Result<Vec<f64>> {
    check_order(alpha_max)?;
    let r = node_count(alpha_max);
    if multiset_count(pair.d, r) > crate::papers::balanced_iteration::section_3_1::lognormal_gauss::MAX_MULTISETS {
        return Err(Error::Unsupported(format!("exact F_α by quadrature at d = {}, α ≤ {alpha_max}: too many multisets", pair.d)));
    }
    let rule = certified_rule(pair, alpha_max)?;
    let lnw = quadrature_ln_w(pair, &rule, alpha_max)?;
    let ln_n = pair.ln_n();
    let u = f64::EPSILON / 2.0;
    lnw.iter()
        .enumerate()
        .map(|(i, w)| {
            let a = (i + 2) as f64;
            let f = (w.value - a * ln_n) / (a - 1.0);
            if !f.is_finite() {
                return Err(Error::Numerical(format!("F_α overflowed at d = {}, α = {}", pair.d, i + 2)));
            }
            let err = (w.err + 64.0 * a * ln_n * u + 8.0 * w.value.abs() * u) / (a - 1.0);
            Ok(widen_up(f + 2.0 * err, 2).max(0.0))
        })
        .collect()
}

#[cfg(test)]
#[path = "forward_quadrature_test.rs"]
mod forward_quadrature_test;
