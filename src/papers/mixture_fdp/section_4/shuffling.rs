//! Section 4 and Appendix C of *Unified Enhancement of Privacy Bounds for Mixture Mechanisms via
//! f-DP* (Wang, Su, Ye, Shokri, Su, NeurIPS 2023): privacy amplification by shuffling
//! (mixtures_fdp spec §4).
//!
//! **Stated assumption (every result of this file).** The reduction of Feldman, McMillan and
//! Talwar (SODA 2023, Theorem 3.1): for an ε₀-DP local randomiser, the shuffled outputs on two
//! neighbouring datasets are a common post-processing of `X ~ P`, `Y ~ Q` below, with
//! `C ~ Binom(n − 1, 2/(e^{ε₀} + 1))`. FMT23 published an erratum: the proof of their Lemma 3.5
//! has an error and their Theorems 3.1/3.2 hold only for a restricted class of local randomisers
//! (spec §10.1 item 5). The bounds here are therefore proven only for that class; the
//! randomised-response lower bounds (`rr.rs`) do not depend on the reduction.
//!
//! Setting (spec §4.1): `w = 1/(e^{ε₀} + 1)`, `p_c = 2w`, `w⁰_i = C(n−1, i) p_c^i (1−p_c)^{n−1−i}`,
//! `p_i(k) = C(i, k) 2^{−i}`. Atoms `(a, b)`, `1 ≤ a + b ≤ n`, component `i = a + b − 1`:
//! `P₀(a, b) = w⁰_i p_i(a−1)`, `Q₀(a, b) = w⁰_i p_i(a)`, likelihood ratio `P₀/Q₀ = a/b`;
//! `P = (1−w)P₀ + wQ₀`, `Q = (1−w)Q₀ + wP₀`. The swap `(a, b) ↦ (b, a)` exchanges P₀ ↔ Q₀ and
//! P ↔ Q, so both trade-off functions are symmetric.
//!
//! Numerics (spec §8 items 1–6): every δ is a sum of **positive** terms (`sums.rs`: log space,
//! certified ends, the cut tails bounded and added), so upper bounds stay upper bounds and a δ far
//! below the f64 range keeps its relative accuracy as `ln δ` (reported as an f64 it is floored
//! at the smallest subnormal, never 0). Thresholds are computed without `e^ε` (no overflow for
//! any finite ε).

use super::sums::{positive_sum, Binomials, LnBounds, DEFAULT_BUDGET};
use crate::error::{Error, Result};
use crate::num::special::ln_binom;
use crate::repr::TradeOff;
use std::sync::atomic::AtomicBool;

/// Unit roundoff of f64.
const U: f64 = f64::EPSILON / 2.0;

/// The shuffling setting of spec §4.1: `n` users, local ε₀.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shuffle {
    pub n: u64,
    pub eps0: f64,
}

impl Shuffle {
    /// Errors: `n < 2` (one user: nothing is shuffled), `n > 10⁹`, ε₀ not finite or ≤ 0, or
    /// ε₀ > 700 (e^{ε₀} overflows).
    pub fn new(n: u64, eps0: f64) -> Result<Shuffle> {
        if !(2..=1_000_000_000).contains(&n) {
            return Err(Error::invalid("number of users n", n, "must be an integer in [2, 1e9]"));
        }
        if !(eps0.is_finite() && eps0 > 0.0 && eps0 <= 700.0) {
            return Err(Error::invalid("local epsilon eps0", eps0, "must be a finite number in (0, 700]"));
        }
        Ok(Shuffle { n, eps0 })
    }
    /// `w = 1/(e^{ε₀} + 1)` (spec §4.1).
    pub fn w(&self) -> f64 {
        1.0 / (self.eps0.exp() + 1.0)
    }
    /// `1 − 2w = tanh(ε₀/2)` without cancellation (spec §4.1 [D], §8 item 6).
    pub fn one_minus_2w(&self) -> f64 {
        (0.5 * self.eps0).tanh()
    }
    /// `ln w⁰_i = ln C(n−1, i) + i ln p_c + (n−1−i) ln(1 − p_c)`, with `ln w = −ln(1 + e^{ε₀})`.
    pub fn ln_w0(&self, i: u64) -> f64 {
        let m = (self.n - 1) as f64;
        let ln_w = -(self.eps0.exp().ln_1p());
        let ln_pc = std::f64::consts::LN_2 + ln_w;
        let ln_1m_pc = (-2.0 * self.w()).ln_1p();
        ln_binom(m, i as f64) + i as f64 * ln_pc + (m - i as f64) * ln_1m_pc
    }

    /// The binomial numbers of the positive sums ([`positive_sum`]).
    pub fn binomials(&self) -> Binomials {
        let ln_w = -(self.eps0.exp().ln_1p());
        let m = self.n - 1;
        let mode = (((m + 1) as f64 * 2.0 * self.w()).floor() as u64).min(m);
        Binomials { n: self.n, ln_pc: std::f64::consts::LN_2 + ln_w, ln_1m_pc: (-2.0 * self.w()).ln_1p(), mode }
    }

    /// Corollary 4.3's threshold `τ = 1/γ̃ = (1 − 2w)/(e^ε − 2w)` with its two roundings
    /// `(τ_lo, τ_hi)`: `tanh(ε₀/2)/(expm1(ε) + tanh(ε₀/2))` for ε ≤ 1, else
    /// `tanh(ε₀/2) e^{−ε}/(1 − 2w e^{−ε})` (no `e^ε`: finite for every ε; 0 beyond ε ≈ 745,
    /// where only the ratio-0 atoms count).
    pub fn tau_fdp(&self, eps: f64) -> (f64, f64) {
        let t = self.one_minus_2w();
        let tau = if eps <= 1.0 { t / (eps.exp_m1() + t) } else { let e = (-eps).exp(); t * e / (1.0 - 2.0 * self.w() * e) };
        rounded(tau)
    }

    /// The exact pair's threshold and scale (spec §4.4): `H_{e^ε}(P‖Q) = c₀ S(τ)` with
    /// `c₀ = (1 − w) − e^ε w = (1 − w)(−expm1(ε − ε₀))` and
    /// `τ = c₀/(e^ε(1 − w) − w) = e^{−ε}(−expm1(ε − ε₀))/(−expm1(−ε − ε₀))` (valid for ε < ε₀).
    pub fn tau_pair(&self, eps: f64) -> (f64, (f64, f64)) {
        let c0 = (1.0 - self.w()) * -(eps - self.eps0).exp_m1();
        let tau = (-eps).exp() * -(eps - self.eps0).exp_m1() / -(-eps - self.eps0).exp_m1();
        (c0, rounded(tau))
    }

    /// `γ̃ = (e^ε − 2w)/(1 − 2w) = 1 + expm1(ε)/tanh(ε₀/2)` (spec §4.4; `∞` beyond ε ≈ 709).
    pub fn gamma_tilde(&self, eps: f64) -> f64 {
        1.0 + eps.exp_m1() / self.one_minus_2w()
    }
}

/// `(τ(1 − 8u), min(τ(1 + 8u), 1))`: the ends of a threshold computed in a few f64 operations.
fn rounded(tau: f64) -> (f64, f64) {
    (tau * (1.0 - 8.0 * U), (tau * (1.0 + 8.0 * U)).min(1.0))
}

fn check_eps(eps: f64) -> Result<()> {
    if !(eps.is_finite() && eps >= 0.0) {
        return Err(Error::invalid("epsilon", eps, "must be a finite number ≥ 0"));
    }
    Ok(())
}

/// Corollary 4.3 (mixtures paper, Section 4; spec §4.4 boxed formula, with the knot choice that
/// keeps δ an upper bound, spec §10.1 item 4): the δ(ε) of Theorem 4.2's `C(f_S)`,
/// `δ = 1 + C(f_S)*(−e^ε) = (1 − 2w) H_{γ̃}(P₀‖Q₀)
///    = (1 − 2w) Σ_i w⁰_i 2^{−i} Σ_{a γ̃ < i+1−a} C(i, a) (1 − γ̃ a/(i+1−a))`
/// — atoms with ratio exactly `τ = 1/γ̃` excluded (they contribute 0) — as certified bounds on
/// `ln δ` ([`positive_sum`]). For ε → ∞ it tends to `(1 − 2w) Σ_i w⁰_i 2^{−i}` (the ratio-0
/// atoms), not to 0. Assumes the FMT23 reduction (module doc). Errors: ε not finite or < 0;
/// the sum's work budget; interruption.
pub fn corollary_4_3_ln_delta(s: &Shuffle, eps: f64, interrupt: Option<&AtomicBool>) -> Result<LnBounds> {
    check_eps(eps)?;
    let (lo, hi) = s.tau_fdp(eps);
    Ok(positive_sum(&s.binomials(), lo, hi, DEFAULT_BUDGET, interrupt)?.scaled(s.one_minus_2w(), 2.0 * U))
}

/// Corollary 4.3's δ(ε) as an f64 upper bound ([`corollary_4_3_ln_delta`], rounded up; the
/// smallest subnormal when below the f64 range). Errors: as there.
pub fn corollary_4_3_delta(s: &Shuffle, eps: f64) -> Result<f64> {
    Ok(corollary_4_3_ln_delta(s, eps, None)?.upper(1.0))
}

/// Corollary 4.3 with the trivial cap (spec §4.4 [C], §10.1 item 6): the shuffled mechanism is
/// also ε₀-DP, so `δ = min{δ_{f-DP}(ε), (e^{ε₀} − e^ε)_+/(e^{ε₀} + 1)}` holds too (the second
/// term is the δ(ε) of ε₀-DP: `H_{e^ε}` of randomised response at ε₀). Upper bound.
pub fn corollary_4_3_delta_capped(s: &Shuffle, eps: f64) -> Result<f64> {
    let d = corollary_4_3_delta(s, eps)?;
    Ok(d.min(trivial_cap(s, eps)))
}

/// The δ(ε) of ε₀-DP, `(e^{ε₀} − e^ε)_+/(e^{ε₀} + 1) = (1 − w)(−expm1(ε − ε₀))_+`, rounded up
/// (spec §4.4 [C]).
pub fn trivial_cap(s: &Shuffle, eps: f64) -> f64 {
    if eps >= s.eps0 {
        return 0.0;
    }
    ((1.0 - s.w()) * -(eps - s.eps0).exp_m1() * (1.0 + 8.0 * U)).next_up().min(1.0)
}

/// `ε_{f-DP}(δ) = inf{ε ≥ 0 : δ_{f-DP}(ε) ≤ δ}` (spec §4.4; Table 2), rounded up: the upper end
/// of [`invert_bracket_ln`] on the upper bound of `ln δ` (`∞` when δ lies below the bound's limit
/// `(1 − 2w) Σ w⁰_i 2^{−i}`). Errors: δ ∉ (0, 1), as [`corollary_4_3_ln_delta`].
pub fn corollary_4_3_epsilon(s: &Shuffle, delta: f64) -> Result<f64> {
    corollary_4_3_epsilon_with(s, delta, None)
}

/// [`corollary_4_3_epsilon`], interruptible.
pub fn corollary_4_3_epsilon_with(s: &Shuffle, delta: f64, interrupt: Option<&AtomicBool>) -> Result<f64> {
    Ok(invert_bracket_ln(|e| Ok(corollary_4_3_ln_delta(s, e, interrupt)?.ln_hi), delta)?.1)
}

/// Smallest ε ≥ 0 with `f(ε) ≤ δ` for a non-increasing `f`, returned as the upper end of the
/// final bracket (see [`invert_bracket`]). Errors: δ ∉ (0, 1), a failing `f`.
pub fn invert(f: impl Fn(f64) -> Result<f64>, delta: f64) -> Result<f64> {
    Ok(invert_bracket(f, delta)?.1)
}

/// [`invert_bracket_ln`] for an `f` given in linear scale (0 is `ln = −∞`).
pub fn invert_bracket(f: impl Fn(f64) -> Result<f64>, delta: f64) -> Result<(f64, f64)> {
    invert_bracket_ln(|e| Ok(f(e)?.ln()), delta)
}

/// A bracket `[lo, hi]` of `ε* = inf{ε ≥ 0 : f(ε) ≤ δ}` for a non-increasing `f` given by
/// `ln_f = ln f` (so δ far below the f64 range works), with `f(lo) > δ ≥ f(hi)` (or
/// `lo = hi = 0` when `f(0) ≤ δ`; `hi = ∞` beyond ε = 1400), and `hi − lo ≤ 1e−14·hi`. Root
/// finder: Illinois regula falsi on `ln f(ε) − ln δ` (nearly linear in ε for these tails;
/// superlinear, ~10–20 evaluations instead of ~60 bisection steps), with a bisection step
/// whenever the interpolant leaves the bracket or `f` is 0 at an end. Every step keeps the
/// bracket property, so `hi` is an upper and `lo` a lower end whatever the rate.
/// Errors: δ ∉ (0, 1), a failing `f`.
pub fn invert_bracket_ln(ln_f: impl Fn(f64) -> Result<f64>, delta: f64) -> Result<(f64, f64)> {
    crate::error::check::unit_open("delta", delta)?;
    let ld = delta.ln();
    let g0 = ln_f(0.0)?;
    if g0 <= ld {
        return Ok((0.0, 0.0));
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    let mut glo = g0 - ld;
    let mut ghi = ln_f(hi)? - ld;
    while ghi > 0.0 {
        lo = hi;
        glo = ghi;
        hi *= 2.0;
        if hi > 1400.0 {
            return Ok((lo, f64::INFINITY));
        }
        ghi = ln_f(hi)? - ld;
    }
    let mut kept = 0i8; // which end the last two steps kept (Illinois)
    for _ in 0..200 {
        if hi - lo <= 1e-14 * hi {
            break;
        }
        let interp = (lo * ghi - hi * glo) / (ghi - glo);
        let mut mid = if glo.is_finite() && ghi.is_finite() && interp > lo && interp < hi { interp } else { 0.5 * (lo + hi) };
        // never a step that shrinks the bracket by less than 1e-3 of its width from one end
        let w = hi - lo;
        mid = mid.clamp(lo + 1e-3 * w, hi - 1e-3 * w);
        if mid <= lo || mid >= hi {
            break;
        }
        let gm = ln_f(mid)? - ld;
        if gm <= 0.0 {
            hi = mid;
            ghi = gm;
            if kept == -1 {
                glo *= 0.5;
            }
            kept = -1;
        } else {
            lo = mid;
            glo = gm;
            if kept == 1 {
                ghi *= 0.5;
            }
            kept = 1;
        }
    }
    Ok((lo, hi))
}

/// The literal reading of Corollary 4.3's knot (spec §10.1 item 4): `t_ε` = the smallest knot
/// `a/b ≥ τ = 1/γ̃`, **with the atoms of ratio exactly t_ε included**. Those atoms contribute
/// `Q₀ − γ̃ P₀ < 0`, so this value **understates** δ (not a bound; recorded as a finding):
/// at `(n, ε₀, ε) = (5, 1, 0.5)`, 0.12846776073 vs the correct 0.14576162480. The knot is
/// found exactly (integer cross-multiplication over the first atom ≥ τ of every component) and
/// its tie atoms `(kp, kq)`, `k(p + q) = i + 1`, are enumerated; O(n). Errors: ε invalid.
pub fn corollary_4_3_literal_knot_delta(s: &Shuffle, eps: f64) -> Result<f64> {
    check_eps(eps)?;
    let g = s.gamma_tilde(eps);
    let tau = 1.0 / g;
    let mut best: Option<(u64, u64)> = None;
    for i in 0..s.n {
        let fi = i as f64 + 1.0;
        let mut a = ((fi * tau / (1.0 + tau)).ceil() - 1.0).max(0.0) as u64;
        while a <= i && (a as f64) < tau * (i + 1 - a) as f64 {
            a += 1;
        }
        while a > 0 && ((a - 1) as f64) >= tau * (i + 2 - a) as f64 {
            a -= 1;
        }
        if a > i {
            continue;
        }
        let b = i + 1 - a;
        if best.is_none_or(|(p, q)| (a as u128) * (q as u128) < (p as u128) * (b as u128)) {
            best = Some((a, b));
        }
    }
    let mut tie = 0.0;
    if let Some((p0, q0)) = best {
        let d = gcd(p0, q0);
        let (p, q) = (p0 / d, q0 / d);
        let mut k = 1u64;
        while k * (p + q) <= s.n {
            let (a, b) = (k * p, k * q);
            let i = a + b - 1;
            let pa = (s.ln_w0(i) + ln_binom(i as f64, a as f64) - i as f64 * std::f64::consts::LN_2).exp();
            tie += pa * (1.0 - g * a as f64 / b as f64);
            k += 1;
        }
    }
    let strict = corollary_4_3_ln_delta(s, eps, None)?.mid();
    Ok((strict + s.one_minus_2w() * tie).max(0.0))
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// The exact hockey-stick of the pair, `H_{e^ε}(P‖Q) = H_{e^ε}(Q‖P)` (spec §4.4, §4.6 item 1):
/// `Σ_i w⁰_i Σ_a p_i(a) [(1−w) − γw − (γ(1−w) − w) a/b]_+` with `γ = e^ε` — the tightest δ any
/// analysis through the FMT23 reduction can give — as certified bounds on its logarithm
/// ([`Shuffle::tau_pair`], [`positive_sum`]). `None` (δ exactly 0) for ε ≥ ε₀: every atom's ratio
/// `((1−w)a + wb)/((1−w)b + wa)` lies in `[e^{−ε₀}, e^{ε₀}]` since `(1−w)/w = e^{ε₀}`.
/// Errors: ε invalid; the sum's work budget; interruption.
pub fn exact_pair_ln_delta(s: &Shuffle, eps: f64, interrupt: Option<&AtomicBool>) -> Result<Option<LnBounds>> {
    check_eps(eps)?;
    if eps >= s.eps0 {
        return Ok(None);
    }
    let (c0, (lo, hi)) = s.tau_pair(eps);
    Ok(Some(positive_sum(&s.binomials(), lo, hi, DEFAULT_BUDGET, interrupt)?.scaled(c0, 8.0 * U)))
}

/// The exact pair's δ(ε) as an f64 upper bound (0 for ε ≥ ε₀; [`exact_pair_ln_delta`]).
pub fn exact_pair_delta(s: &Shuffle, eps: f64) -> Result<f64> {
    Ok(exact_pair_ln_delta(s, eps, None)?.map_or(0.0, |b| b.upper(1.0)))
}

/// `ε(δ)` of the exact pair (upper end of [`invert_bracket_ln`]; at most ε₀). Errors: δ ∉ (0, 1).
pub fn exact_pair_epsilon(s: &Shuffle, delta: f64) -> Result<f64> {
    exact_pair_epsilon_with(s, delta, None)
}

/// [`exact_pair_epsilon`], interruptible.
pub fn exact_pair_epsilon_with(s: &Shuffle, delta: f64, interrupt: Option<&AtomicBool>) -> Result<f64> {
    Ok(invert_bracket_ln(|e| Ok(exact_pair_ln_delta(s, e, interrupt)?.map_or(f64::NEG_INFINITY, |b| b.ln_hi)), delta)?.1)
}

/// A certified bracket `(lo, hi)` of the exact pair's `ε(δ)`: `hi` from the upper ends of
/// `ln δ` (so `δ(hi) ≤ δ`), `lo` from the lower ends (so `δ(lo) > δ`). Errors: δ ∉ (0, 1);
/// interruption.
pub fn exact_pair_epsilon_bounds(s: &Shuffle, delta: f64, interrupt: Option<&AtomicBool>) -> Result<(f64, f64)> {
    let ln = |e: f64, up: bool| -> Result<f64> { Ok(exact_pair_ln_delta(s, e, interrupt)?.map_or(f64::NEG_INFINITY, |b| if up { b.ln_hi } else { b.ln_lo })) };
    let hi = invert_bracket_ln(|e| ln(e, true), delta)?.1;
    let lo = invert_bracket_ln(|e| ln(e, false), delta)?.0;
    Ok((lo, hi))
}

/// All atoms `(P₀, Q₀)` of components `i ≤ imax` (spec §4.2 `shuffle_T0_chain`), with the
/// dropped weight `Σ_{i > imax} w⁰_i` (an absolute error bound on the chain built from them).
pub fn atoms(s: &Shuffle, imax: u64) -> (Vec<f64>, Vec<f64>, f64) {
    let mut p = Vec::new();
    let mut q = Vec::new();
    let mut dropped = 0.0;
    for i in 0..s.n {
        let lw = s.ln_w0(i);
        if i > imax {
            dropped += lw.exp();
            continue;
        }
        let lp = |k: u64| if k > i { f64::NEG_INFINITY } else { lw + ln_binom(i as f64, k as f64) - i as f64 * std::f64::consts::LN_2 };
        for a in 0..=i + 1 {
            p.push(if a == 0 { 0.0 } else { lp(a - 1).exp() });
            q.push(lp(a).exp());
        }
    }
    (p, q, dropped)
}

/// Proposition 4.1 (mixtures paper; spec §4.2): the exact `T(P₀, Q₀)` as a PL chain from all
/// atoms (every component kept; `n ≤ 2000`). Errors: n too large.
pub fn proposition_4_1_chain(s: &Shuffle) -> Result<TradeOff> {
    if s.n > 2000 {
        return Err(Error::invalid("number of users n", s.n, "the chain of every atom is built for n ≤ 2000"));
    }
    let (p, q, _) = atoms(s, s.n);
    TradeOff::from_pair(&p, &q)
}

/// Theorem 4.2 (mixtures paper; spec §4.3): the shuffled mechanism is `C(f_S)`-DP with
/// `f_S = 2w Id + (1 − 2w) T(P₀, Q₀)` — a **pointwise** combination (spec §1.9), symmetrised
/// (`C`, spec §1.8). Built from the exact chain of Proposition 4.1 ([`TradeOff::pointwise`],
/// [`TradeOff::symmetrize`]); `n ≤ 2000`. A lower bound on the trade-off (f-DP guarantee), under
/// the FMT23 reduction (module doc). `f_S` itself is **not** a valid privacy curve (spec §10.1
/// item 2). Errors: n too large.
pub fn theorem_4_2_chain(s: &Shuffle) -> Result<TradeOff> {
    let t0 = proposition_4_1_chain(s)?;
    let two_w = 2.0 * s.w();
    Ok(TradeOff::pointwise(&[two_w, 1.0 - two_w], &[TradeOff::identity(), t0])?.symmetrize())
}

/// The exact `T(P, Q)` chain of the pair (spec §4.3 ground truth), all atoms, `n ≤ 2000`.
pub fn exact_pair_chain(s: &Shuffle) -> Result<TradeOff> {
    if s.n > 2000 {
        return Err(Error::invalid("number of users n", s.n, "the chain of every atom is built for n ≤ 2000"));
    }
    let (p0, q0, _) = atoms(s, s.n);
    let w = s.w();
    let p: Vec<f64> = p0.iter().zip(&q0).map(|(a, b)| (1.0 - w) * a + w * b).collect();
    let q: Vec<f64> = p0.iter().zip(&q0).map(|(a, b)| (1.0 - w) * b + w * a).collect();
    TradeOff::from_pair(&p, &q)
}
