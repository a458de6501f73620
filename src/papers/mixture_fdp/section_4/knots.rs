//! Proposition 4.1's knots of `T(P₀, Q₀)` and its value at any type-I error α, for any n
//! (mixtures spec §4.2): every number a sum of binomial tails taken from its small end, one
//! tail per component, O(σ) terms each — no chain of all atoms.
//!
//! At the likelihood-ratio threshold `t = p/q` with the tie included (`c = 1`), component `i`
//! rejects the atoms `(a, i+1−a)` with `a/(i+1−a) ≤ t`, i.e. `a ≤ k_i + 1`,
//! `k_i + 1 = ⌊(i+1)p/(p+q)⌋` (integer floor, spec §8 item 4), and
//! `α(t) = Σ_i w⁰_i F_i(k_i)`, `ρ(t) = Σ_i w⁰_i F_i(k_i + 1)`, `β(t) = 1 − ρ(t)`,
//! `ᾱ(t) = 1 − α(t)`, each accumulated from its own side (`1 − F_i(k) = F_i(i − k − 1)`,
//! spec §4.2 "Reference implementation"). With the tie excluded (`c = 0`) the same with
//! `a/(i+1−a) < t`: the previous knot. Between consecutive knots `T(P₀, Q₀)` is linear, the
//! segment ending at knot `t` having slope `−1/t` ([`t0_at`]).
//!
//! Error: each `F_i` tail is summed from its threshold term outwards and cut once the rest is
//! below 1e−17 of it (bounded); components whose remaining weight is below
//! `min(e^{−800}, 1e−17 × the smallest sum)` are skipped. The reported `err` bounds the
//! absolute error of each of the four sums: the skipped weight, the cuts and a relative
//! `1e−12 + 8u·M` per component for the log-space start.

use super::shuffling::Shuffle;
use super::sums::{outward, Step, DEFAULT_BUDGET};
use crate::error::{Error, Result};
use crate::num::special::ln_binom;
use std::sync::atomic::AtomicBool;

const U: f64 = f64::EPSILON / 2.0;

/// A knot `(α, β)` of `T(P₀, Q₀)` with its complements, each within `err` (absolute).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Knot {
    /// The threshold `t = p/q` (`(1, 0)` is `∞`, `(0, 1)` is 0).
    pub t: (u64, u64),
    /// Whether the atoms of ratio exactly `t` are rejected (`c = 1`: the knot `t` of spec §4.2).
    pub tie: bool,
    /// `α = P₀[L ≤ t]` (tie) or `P₀[L < t]`.
    pub alpha: f64,
    /// `1 − α`, summed from its own side.
    pub alpha_bar: f64,
    /// `ρ = 1 − β = Q₀[L ≤ t]` (tie) or `Q₀[L < t]`.
    pub rho: f64,
    /// `β = T(P₀, Q₀)(α)`.
    pub beta: f64,
    /// Absolute error bound of each of the four numbers.
    pub err: f64,
}

impl Knot {
    /// `t` as a real (`∞` for `(1, 0)`).
    pub fn t_value(&self) -> f64 {
        if self.t.1 == 0 { f64::INFINITY } else { self.t.0 as f64 / self.t.1 as f64 }
    }
}

/// `(lower tail Σ_{a ≤ k} p_i(a), upper tail 1 − that, error bound, terms)` of `Binom(i, ½)`,
/// the small tail summed from its threshold term outwards.
fn cdf(i: u64, k: i64) -> (f64, f64, f64, u64) {
    if k < 0 {
        return (0.0, 1.0, 0.0, 0);
    }
    if k as u64 >= i {
        return (1.0, 0.0, 0.0, 0);
    }
    // the small side: lower tail at k when k < i/2, else upper tail = lower tail at i − k − 1
    let lower_small = 2 * k < i as i64;
    let kk = if lower_small { k as f64 } else { (i as i64 - k - 1) as f64 };
    let fi = i as f64;
    let lp = ln_binom(fi, kk) - fi * std::f64::consts::LN_2;
    let (mut s, mut q, mut a, mut cut) = (0.0f64, 1.0f64, kk, 0.0f64);
    let mut terms = 0u64;
    loop {
        s += q;
        terms += 1;
        if a == 0.0 {
            break;
        }
        let r = a / (fi + 1.0 - a); // p(a−1)/p(a) < 1 below the mode
        let rest = q * r / (1.0 - r);
        if rest <= 1e-17 * s {
            cut = rest;
            break;
        }
        q *= r;
        a -= 1.0;
    }
    let rel = 1e-12 + 8.0 * U * (lp.abs() + fi);
    let small = (lp + s.ln()).exp();
    let err = small * rel + (lp + cut.ln()).exp();
    if lower_small { (small, 1.0 - small, err, terms) } else { (1.0 - small, small, err, terms) }
}

/// The knot of `T(P₀, Q₀)` at `t = p/q` (spec §4.2), tie included or excluded. Errors: `p = q =
/// 0`; interruption (checked every 256 components).
pub fn knot(s: &Shuffle, p: u64, q: u64, tie: bool, interrupt: Option<&AtomicBool>) -> Result<Knot> {
    if p == 0 && q == 0 {
        return Err(Error::invalid("knot t = p/q", "0/0", "need p + q > 0"));
    }
    let (p128, q128) = (p as i128, q as i128);
    // largest a with a/(i+1−a) ≤ t (tie) or < t: a ≤ (i+1)p/(p+q), strictly when excluded
    let a_max = |i: u64| -> i64 {
        let num = (i as i128 + 1) * p128;
        let den = p128 + q128;
        let f = num / den;
        (if !tie && num % den == 0 { f - 1 } else { f }) as i64
    };
    let mut sums = [0.0f64; 4]; // alpha, alpha_bar, rho, beta
    let mut err = 0.0f64;
    outward(s.n, s.binomials().mode, DEFAULT_BUDGET, interrupt, "a knot of T(P0, Q0)", |i, remaining| {
        let lw = s.ln_w0(i);
        let rest = (remaining as f64).ln() + lw;
        let smallest = sums.iter().copied().filter(|x| *x > 0.0).fold(1.0f64, f64::min);
        if rest < (-800.0f64).min(smallest.ln() - 40.0) {
            err += rest.exp();
            return Step::Stop;
        }
        let w0 = lw.exp();
        let k1 = a_max(i); // k_i + 1: the largest rejected a of Q₀'s atoms
        let (al, au, ae, n1) = cdf(i, k1 - 1);
        let (rl, ru, re, n2) = cdf(i, k1);
        sums[0] += w0 * al;
        sums[1] += w0 * au;
        sums[2] += w0 * rl;
        sums[3] += w0 * ru;
        let mag = (lw.abs() + 8.0) * 8.0 * U;
        err += w0 * (ae.max(re) + mag + 4.0 * U);
        Step::Next(n1 + n2)
    })?;
    Ok(Knot { t: (p, q), tie, alpha: sums[0].min(1.0), alpha_bar: sums[1].min(1.0), rho: sums[2].min(1.0), beta: sums[3].min(1.0), err })
}

/// The smallest ratio `p/q` in lowest terms with `p + q ≤ n` (including `0/1` and `1/0 = ∞`) at
/// which the monotone predicate `pred` holds (`pred(1/0)` must hold): a Stern–Brocot descent
/// with galloping (O(log² n) calls).
pub fn smallest_ratio(n: u64, mut pred: impl FnMut(u64, u64) -> Result<bool>) -> Result<(u64, u64)> {
    if pred(0, 1)? {
        return Ok((0, 1));
    }
    let (mut l, mut r) = ((0u64, 1u64), (1u64, 0u64)); // pred(l) false, pred(r) true
    loop {
        let m = (l.0 + r.0, l.1 + r.1);
        if m.0 + m.1 > n {
            return Ok(r);
        }
        if pred(m.0, m.1)? {
            // move r towards l: r_k = (k l + r), the largest k with pred true and size ≤ n
            let fits = |k: u64| k.checked_mul(l.0 + l.1).and_then(|x| x.checked_add(r.0 + r.1)).is_some_and(|s| s <= n);
            let (mut lo, mut hi) = (1u64, 2u64);
            while fits(hi) && pred(hi * l.0 + r.0, hi * l.1 + r.1)? {
                lo = hi;
                hi *= 2;
            }
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if fits(mid) && pred(mid * l.0 + r.0, mid * l.1 + r.1)? {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            r = (lo * l.0 + r.0, lo * l.1 + r.1);
        } else {
            let fits = |k: u64| k.checked_mul(r.0 + r.1).and_then(|x| x.checked_add(l.0 + l.1)).is_some_and(|s| s <= n);
            let (mut lo, mut hi) = (1u64, 2u64);
            while fits(hi) && !pred(l.0 + hi * r.0, l.1 + hi * r.1)? {
                lo = hi;
                hi *= 2;
            }
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if fits(mid) && !pred(l.0 + mid * r.0, l.1 + mid * r.1)? {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            l = (l.0 + lo * r.0, l.1 + lo * r.1);
        }
    }
}

/// A real threshold `t ≥ 0` as a knot ratio: the ratio `p/q` (`p + q ≤ n`) within `1e−12·t` of
/// `t` if there is one (so `t = 0.25` or `1/3` typed as `0.333333333333` name the knots 1/4 and
/// 1/3), else `None` (no atom has ratio `t`; the tie is empty). `∞` is `(1, 0)`.
pub fn snap_ratio(n: u64, t: f64) -> Result<Option<(u64, u64)>> {
    if t.is_infinite() {
        return Ok(Some((1, 0)));
    }
    let lo = t * (1.0 - 1e-12);
    let r = smallest_ratio(n, |p, q| Ok(q == 0 || p as f64 >= lo * q as f64))?;
    let v = if r.1 == 0 { f64::INFINITY } else { r.0 as f64 / r.1 as f64 };
    Ok((v <= t * (1.0 + 1e-12) + f64::MIN_POSITIVE).then_some(r))
}

/// The knot of `T(P₀, Q₀)` at a real threshold `t ≥ 0`, tie included ([`snap_ratio`]; an
/// unsnapped `t` uses the largest ratio below it, which rejects the same atoms). Errors: `t` < 0
/// or NaN.
pub fn knot_at(s: &Shuffle, t: f64, interrupt: Option<&AtomicBool>) -> Result<Knot> {
    if !(t >= 0.0) {
        return Err(Error::invalid("knot threshold t", t, "must be ≥ 0 (a likelihood ratio P0/Q0)"));
    }
    let (p, q) = match snap_ratio(s.n, t)? {
        Some(r) => r,
        None => {
            // the largest ratio ≤ t: the predecessor of the smallest ratio > t
            let above = smallest_ratio(s.n, |p, q| Ok(q == 0 || p as f64 > t * q as f64))?;
            return knot(s, above.0, above.1, false, interrupt).map(|k| Knot { t: above, tie: false, ..k });
        }
    };
    knot(s, p, q, true, interrupt)
}

/// `T(P₀, Q₀)(α)` with the segment's two knots: `(value, err, left, right)` — `right` is the
/// knot at the smallest ratio `t*` with `α(t*) ≥ α`, `left` the knot just before it (ratio-`t*`
/// atoms excluded), and `T = β(t*) + (α(t*) − α)/t*` (slope `−1/t*`; 0 beyond the last knot
/// `t* = ∞`). `T(0) = β(0)` (the right limit). Errors: α ∉ [0, 1]; interruption.
pub fn t0_at(s: &Shuffle, alpha: f64, interrupt: Option<&AtomicBool>) -> Result<(f64, f64, Knot, Knot)> {
    crate::error::check::unit_closed("type I error alpha", alpha)?;
    let r = if alpha == 0.0 { (0, 1) } else { smallest_ratio(s.n, |p, q| Ok(knot(s, p, q, true, interrupt)?.alpha >= alpha))? };
    let right = knot(s, r.0, r.1, true, interrupt)?;
    let left = knot(s, r.0, r.1, false, interrupt)?;
    if alpha == 0.0 || r.1 == 0 {
        return Ok((right.beta, right.err, left, right));
    }
    let t = r.0 as f64 / r.1 as f64;
    // α(t*) − α from the small end
    let gap = if alpha > 0.5 { (1.0 - alpha) - right.alpha_bar } else { right.alpha - alpha };
    let v = (right.beta + gap.max(0.0) / t).clamp(0.0, 1.0 - alpha);
    Ok((v, right.err * (1.0 + 1.0 / t) + 4.0 * U * v, left, right))
}

/// Proposition 4.1 knot formula (spec §4.2): at the likelihood-ratio threshold `t = ta/tb`
/// (tie included), `(α, 1 − α, ρ, β)` with `α = P₀[L ≤ t] = Σ_i w⁰_i F_i(k_i)`,
/// `β = Q₀[L > t] = Σ_i w⁰_i [1 − F_i(k_i + 1)]`, `k_i = ⌊(i ta − tb)/(ta + tb)⌋` (integer floor
/// division, spec §8 item 4). Every number is a sum of binomial tails taken from its own side
/// (no `1 − CDF`; [`knot`], which also gives the error bound). Errors: `ta + tb = 0`.
pub fn proposition_4_1_knot(s: &Shuffle, ta: u64, tb: u64) -> Result<[f64; 4]> {
    let k = knot(s, ta, tb, true, None)?;
    Ok([k.alpha, k.alpha_bar, k.rho, k.beta])
}

/// Theorem 4.2's `f_S = 2w Id + (1 − 2w) T(P₀, Q₀)` at a knot of Proposition 4.1 (spec §4.3):
/// `2w (1 − α(t)) + (1 − 2w) β(t)` with `1 − α` a tail sum (spec §4.2 example B).
pub fn f_s_at_knot(s: &Shuffle, knot: &[f64; 4]) -> f64 {
    2.0 * s.w() * knot[1] + s.one_minus_2w() * knot[3]
}
