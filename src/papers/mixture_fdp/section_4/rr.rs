//! Exact δ of concrete shuffled ε₀-DP mechanisms: binary and k-ary randomised response (mixtures
//! spec §4.6 item 3). These are **lower bounds** on the worst case over all ε₀-DP local
//! randomisers and do not depend on the FMT23 reduction; every upper bound of Section 4
//! (Theorem 4.2, Corollary 4.3, the exact pair) must lie above them.
//!
//! Rounding: each value is a sum of the positive parts `(P − γQ)_+` over the count statistic
//! (sufficient, so exact), rounded **down** (each log-space weight multiplied by
//! `1 − 1e−12 − 8u·M`, `M` the magnitude of its terms); mass outside the enumerated counts is
//! dropped, which only lowers a sum of positive terms.

use crate::error::{Error, Result};
use crate::num::special::ln_binom;
use crate::papers::mixture_fdp::section_4::shuffling::{invert_bracket, Shuffle};
use crate::papers::mixture_fdp::section_4::sums::{LogAcc, DEFAULT_BUDGET};
use std::sync::atomic::{AtomicBool, Ordering};

/// Unit roundoff of f64.
const U: f64 = f64::EPSILON / 2.0;

fn check_eps(eps: f64) -> Result<()> {
    if !(eps.is_finite() && eps >= 0.0) {
        return Err(Error::invalid("epsilon", eps, "must be a finite number ≥ 0"));
    }
    Ok(())
}

/// Shuffled binary randomised response (spec §4.6 item 3): each user reports its bit with
/// probability `1 − w`, `w = 1/(e^{ε₀}+1)`; neighbours differ in user 1's bit, the others all
/// hold 0. The count `N = B₀ + S`, `S ~ Binom(n−1, w)`, `B₀ ~ Bern(w)` vs `Bern(1−w)`.
/// Returns `max{H_{e^ε}(D₀‖D₁), H_{e^ε}(D₁‖D₀)}`, rounded down (a lower bound): the counts `k`
/// whose weight `ln Binom(n−1, w)(k)` lies within 800 of its largest are summed (O(√n); the rest
/// only lowers a sum of positive terms); 0 for ε ≥ ε₀ (RR is ε₀-DP). Errors: ε.
pub fn binary_rr_delta(s: &Shuffle, eps: f64) -> Result<f64> {
    Ok(exp_down(binary_rr_ln_delta(s, eps)?))
}

/// `e^l` rounded down (0 below the f64 range): the f64 lower bound of a lower bound on `ln δ`.
fn exp_down(l: f64) -> f64 {
    if l < -745.0 { 0.0 } else { (l.exp() * (1.0 - 4.0 * U)).next_down().max(0.0) }
}

/// `ln` of [`binary_rr_delta`] (a lower bound on the exact `ln δ`, `−∞` for δ = 0), in log space:
/// exact also far below the f64 range. The counts are scanned from the mode outwards until the
/// rest (each count weighs at most `e^{ln Binom(n−1, w)(k)}`) is below 1e−17 of the sum, at most
/// 5·10⁷ counts a side (what is left only lowers a sum of positive terms). Errors: ε.
pub fn binary_rr_ln_delta(s: &Shuffle, eps: f64) -> Result<f64> {
    check_eps(eps)?;
    if eps >= s.eps0 {
        return Ok(f64::NEG_INFINITY);
    }
    let (w, g, m) = (s.w(), eps.exp(), (s.n - 1) as f64);
    let ls = |k: f64| if k < 0.0 || k > m { f64::NEG_INFINITY } else { ln_binom(m, k) + k * w.ln() + (m - k) * (-w).ln_1p() };
    let mode = ((m + 1.0) * w).floor().min(m);
    // p − γq = a(1 − w − γw) + b(w − γ(1 − w)) and q − γp with a ↔ b, for a = e^{ls(k)}, b = e^{ls(k−1)}
    let (c_same, c_other) = (1.0 - w - g * w, w - g * (1.0 - w));
    let (mut h01, mut h10) = (LogAcc::ZERO, LogAcc::ZERO);
    for dir in [1.0f64, -1.0] {
        let mut k = if dir > 0.0 { mode } else { mode - 1.0 };
        let mut steps = 0u64;
        // k runs over the count N = 0 … n; S = k and S = k − 1 weigh the two B₀ outcomes
        while k >= 0.0 && k <= m + 1.0 && steps < 50_000_000 {
            let (la, lb) = (ls(k), ls(k - 1.0));
            let l = la.max(lb);
            let rest = l + (m + 2.0).ln();
            let sofar = h01.ln().max(h10.ln());
            if l == f64::NEG_INFINITY || (sofar > f64::NEG_INFINITY && rest < sofar + (1e-17f64).ln()) {
                break;
            }
            let (a, b) = ((la - l).exp(), (lb - l).exp());
            // rounding of the log-space weights: 8u times the magnitude of their terms
            let rel = 1e-12 + 8.0 * U * (ln_binom(m, k.max(0.0).min(m)).abs() + k * w.ln().abs() + (m - k).abs() * w.ln_1p().abs() + 4.0);
            let shrink = (1.0 - rel).ln();
            let (x, y) = (a * c_same + b * c_other, b * c_same + a * c_other);
            if x > 0.0 {
                h01.add(l + x.ln() + shrink);
            }
            if y > 0.0 {
                h10.add(l + y.ln() + shrink);
            }
            k += dir;
            steps += 1;
        }
    }
    Ok(h01.ln().max(h10.ln()) - 4.0 * U)
}

/// Shuffled k-ary randomised response, `k ≥ 3`, the others holding a third value (spec §4.6
/// item 3): `q = 1/(e^{ε₀} + k − 1)`, `M` = law of the first two counts of
/// `Multinomial(n − 1; q, q, 1 − 2q)`, `P(a, b) = e^{ε₀} q M(a−1, b) + q M(a, b−1) + (k−2) q M(a, b)`,
/// `Q` with `e^{ε₀}` on the other count. Returns `H_{e^ε}(P‖Q)` (= the reverse by symmetry),
/// rounded down.
///
/// Fast exact route: `M(a, b) = W(s) p_s(a)` with `s = a + b`, `W = Binom(n − 1, 2q)` and
/// `p_s = Binom(s, ½)`; since `p_{s−1}(a−1) = 2(a/s) p_s(a)` and `p_{s−1}(a) = 2(b/s) p_s(a)`,
/// `P − e^ε Q = q p_s(a) (A a + B)` on the slice `a + b = s`, with
/// `A = (2W(s−1)/s)(e^{ε₀} − 1)(1 + e^ε) > 0` and `B = 2W(s−1)(1 − e^{ε+ε₀}) + (k−2)W(s)(1 − e^ε)`.
/// The positive part of a slice is a binomial tail weighted by a linear factor: summed from the
/// threshold `a* = −B/A` into the tail when `a*` lies above the slice's mode, otherwise as
/// `(A s/2 + B) + Σ_{a ≤ a*} p_s(a)(−Aa − B)` — positive terms either way, O(σ) each, O(n) in all
/// (was O(n²): n = 10⁵ took minutes). Slices are visited from the mode of `W` outwards until the
/// remaining mass is below 1e−17 of the sum; everything dropped only lowers the sum. 0 for
/// ε ≥ ε₀. Errors: ε; k < 3.
pub fn k_rr_delta(s: &Shuffle, k: u32, eps: f64) -> Result<f64> {
    k_rr_delta_with(s, k, eps, None)
}

/// [`k_rr_delta`], stopping with [`Error::Interrupted`] once `interrupt` is set and with
/// [`Error::Unsupported`] beyond [`DEFAULT_BUDGET`] terms (checked every 256 slices).
pub fn k_rr_delta_with(s: &Shuffle, k: u32, eps: f64, interrupt: Option<&AtomicBool>) -> Result<f64> {
    Ok(exp_down(k_rr_ln_delta_with(s, k, eps, interrupt)?))
}

/// `ln` of [`k_rr_delta_with`] (a lower bound on the exact `ln δ`, `−∞` for δ = 0), in log
/// space: exact also far below the f64 range.
pub fn k_rr_ln_delta_with(s: &Shuffle, k: u32, eps: f64, interrupt: Option<&AtomicBool>) -> Result<f64> {
    check_eps(eps)?;
    if k < 3 {
        return Err(Error::invalid("k-ary RR alphabet size k", k, "must be ≥ 3 (k = 2 is binary RR)"));
    }
    if eps >= s.eps0 {
        return Ok(f64::NEG_INFINITY);
    }
    let e0 = s.eps0.exp();
    let q = 1.0 / (e0 + k as f64 - 1.0);
    let m = (s.n - 1) as f64;
    let (l2q, l12q) = ((2.0 * q).ln(), (-2.0 * q).ln_1p());
    let ln_w = |x: f64| if x < 0.0 || x > m { f64::NEG_INFINITY } else { ln_binom(m, x) + x * l2q + (m - x) * l12q };
    let g = eps.exp();
    let kk = k as f64 - 2.0;
    let mode = ((m + 1.0) * 2.0 * q).floor().clamp(1.0, m + 1.0);
    let mut total = LogAcc::ZERO;
    let (mut work, mut slices) = (0u64, 0u64);
    for dir in [1.0f64, -1.0] {
        let mut sl = if dir > 0.0 { mode } else { mode - 1.0 };
        while sl >= 1.0 && sl <= m + 1.0 {
            let (l1, l0) = (ln_w(sl - 1.0), ln_w(sl));
            let l = l1.max(l0);
            // remaining slices on this side each weigh ≤ (e^{ε₀} + k − 1) q e^l ≤ 1·e^l
            let rest = l + (m + 2.0).ln();
            if l == f64::NEG_INFINITY || (total.s > 0.0 && rest < total.ln() + (1e-17f64).ln()) {
                break;
            }
            let (w1, w0) = ((l1 - l).exp(), (l0 - l).exp());
            let a_coef = 2.0 * w1 / sl * (e0 - 1.0) * (1.0 + g);
            let b_coef = 2.0 * w1 * -(eps + s.eps0).exp_m1() + kk * w0 * -eps.exp_m1();
            // rounding of the log-space weights and pmfs: 8u times the magnitude of their terms
            let rel = 1e-12 + 8.0 * U * (ln_binom(m, sl.min(m)).abs() + sl * l2q.abs() + (m - sl).abs() * l12q.abs() + 2.0 * sl * std::f64::consts::LN_2 + 4.0);
            let (ln_part, terms) = slice_positive_part(sl, a_coef, b_coef);
            total.add(q.ln() + l + ln_part + (1.0 - rel).ln());
            work += terms + 1;
            slices += 1;
            if slices % 256 == 0 {
                if interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
                    return Err(Error::Interrupted);
                }
                if work > DEFAULT_BUDGET {
                    return Err(Error::Unsupported(format!("the exact shuffled {k}-RR sum at n = {} needs more than {DEFAULT_BUDGET} terms; not computed", s.n)));
                }
            }
            sl += dir;
        }
    }
    Ok(total.ln() - 4.0 * U)
}

/// `ln Σ_{a=0}^{s} p_s(a) (A a + B)_+` for `p_s = Binom(s, ½)`, `A > 0`, as a sum of positive terms
/// (see [`k_rr_delta`]), with the number of terms; truncated tails only lower it. The terms of a
/// tail are scaled by its first pmf value, so a tail far below the f64 range keeps its logarithm.
fn slice_positive_part(s: f64, a_coef: f64, b_coef: f64) -> (f64, u64) {
    let astar = -b_coef / a_coef; // A a + B > 0 ⇔ a > a*
    let lp = |a: f64| ln_binom(s, a) - s * std::f64::consts::LN_2;
    if astar >= s {
        return (f64::NEG_INFINITY, 0);
    }
    let mut terms = 0u64;
    let first = (astar.floor() + 1.0).max(0.0); // smallest a with a positive term
    if 2.0 * first >= s {
        // above the mode: terms p(a)(Aa + B) from `first` upwards, p decreasing (p relative to p(first))
        let mut a = first;
        let l0 = lp(a);
        let mut p = 1.0f64;
        let mut sum = 0.0f64;
        while a <= s && p > 0.0 {
            let t = p * (a_coef * a + b_coef);
            sum += t;
            let r = (s - a) / (a + 1.0); // p(a+1)/p(a) < 1
            if r < 1.0 && t * r / (1.0 - r) * (1.0 + a_coef / (a_coef * a + b_coef).max(f64::MIN_POSITIVE) / (1.0 - r)) <= 1e-17 * sum {
                break;
            }
            p *= r;
            a += 1.0;
            terms += 1;
        }
        (if sum > 0.0 { l0 + sum.ln() } else { f64::NEG_INFINITY }, terms)
    } else {
        // below the mode: (A s/2 + B) + Σ_{a < first} p(a)(−Aa − B), p decreasing downwards
        let mut sum = a_coef * s / 2.0 + b_coef;
        let mut a = first - 1.0;
        if a < 0.0 {
            return (if sum > 0.0 { sum.ln() } else { f64::NEG_INFINITY }, 0);
        }
        let mut p = lp(a).exp();
        while a >= 0.0 && p > 0.0 {
            let f = -(a_coef * a + b_coef);
            let t = p * f.max(0.0);
            sum += t;
            if a == 0.0 {
                break;
            }
            let r = a / (s - a + 1.0); // p(a−1)/p(a) < 1 below the mode
            if r < 1.0 && p * r / (1.0 - r) * (f + a_coef / (1.0 - r)) <= 1e-17 * sum {
                break;
            }
            p *= r;
            a -= 1.0;
            terms += 1;
        }
        (if sum > 0.0 { sum.ln() } else { f64::NEG_INFINITY }, terms)
    }
}

/// ε(δ) of shuffled binary RR (a lower bound on any valid ε, up to the bisection's last step:
/// the lower end of the final bracket is returned). Errors: δ ∉ (0, 1).
pub fn binary_rr_epsilon(s: &Shuffle, delta: f64) -> Result<f64> {
    binary_rr_epsilon_with(s, delta, None)
}

/// [`binary_rr_epsilon`], stopping with [`Error::Interrupted`] between evaluations once
/// `interrupt` is set.
pub fn binary_rr_epsilon_with(s: &Shuffle, delta: f64, interrupt: Option<&AtomicBool>) -> Result<f64> {
    lower_end(
        |e| {
            if interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
                return Err(Error::Interrupted);
            }
            binary_rr_delta(s, e)
        },
        delta,
    )
}

/// ε(δ) of shuffled k-ary RR (lower end of the final bracket). Errors: δ ∉ (0, 1), k < 3.
pub fn k_rr_epsilon(s: &Shuffle, k: u32, delta: f64) -> Result<f64> {
    k_rr_epsilon_with(s, k, delta, None)
}

/// [`k_rr_epsilon`] with interruption and the work budget of [`k_rr_delta_with`].
pub fn k_rr_epsilon_with(s: &Shuffle, k: u32, delta: f64, interrupt: Option<&AtomicBool>) -> Result<f64> {
    lower_end(|e| k_rr_delta_with(s, k, e, interrupt), delta)
}

fn lower_end(f: impl Fn(f64) -> Result<f64>, delta: f64) -> Result<f64> {
    // the lower end of the final bracket: f(lo) > δ, so lo < ε(δ) — a valid lower bound
    Ok(invert_bracket(f, delta)?.0)
}
