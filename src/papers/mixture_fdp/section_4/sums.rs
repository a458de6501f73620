//! The positive-term sums behind every δ of Section 4 (mixtures spec §4.4 box, last form; §4.6
//! item 1; §8 items 1–3), in log space with certified ends.
//!
//! `S(τ) = Σ_i w⁰_i Σ_{a ≥ 0, a/b < τ} p_i(a) (1 − (a/b)/τ)`, `b = i + 1 − a`, `0 < τ ≤ 1`:
//! Corollary 4.3's `δ = (1 − 2w) S(1/γ̃)` and the exact pair's `H_{e^ε}(P‖Q) = c₀ S(c₀/c₁)`.
//! Every term is positive; the atom `a = 0` (ratio 0) always counts, with term `p_i(0)`, so
//! `S(τ) ≥ Σ_i w⁰_i 2^{−i} > 0` for every τ — also when τ underflows (ε beyond 745), where
//! the old `(c₀, c₁ = γ̃ = ∞)` form dropped it and reported δ = 4.9e−324 instead of the bound's
//! flat limit (`dpaudit shuffle --users 2 --local-epsilon 1 --epsilon 709.5`: 0.3378).
//!
//! Each component is started at its threshold atom `a₀` in log space (`ln_binom`) and continued
//! downwards by the exact ratio `p_i(a−1)/p_i(a) = a/b`, scaled so the first term is 1; the tail
//! is cut once a geometric bound on the rest falls below 1e−17 of the component's sum (the bound
//! is added to the upper end). Components are visited from the mode of `C ~ Binom(n−1, p_c)`
//! outwards; a side stops once its remaining components (each ≤ `w⁰_i`, and `w⁰` decreases away
//! from the mode) are bounded by 1e−17 of the sum so far, and that bound is added. Sums are
//! accumulated as `L + ln s` (shifted scale), so δ far below the f64 range keeps its relative
//! accuracy as `ln δ` (nothing underflows to 0).
//!
//! Rounding: τ enters with its two roundings `τ_lo ≤ τ ≤ τ_hi` (atoms counted and terms
//! evaluated at `τ_hi` for the upper end, at `τ_lo` for the lower end); each component's value
//! carries the relative allowance `1e−12 + 8u·M_i + 2u·steps` (`M_i` the magnitude of the terms
//! of its log-space start, `u = 2^−53`), added to the upper end and subtracted from the lower.

use crate::error::{Error, Result};
use crate::num::special::ln_binom;
use std::sync::atomic::{AtomicBool, Ordering};

/// Unit roundoff of f64.
const U: f64 = f64::EPSILON / 2.0;
/// Relative cut of a tail or of the remaining components (the cut part is bounded and added).
const CUT: f64 = 1e-17;
/// Terms of the sums allowed per evaluation by default (about a second of work).
pub const DEFAULT_BUDGET: u64 = 400_000_000;

/// A positive quantity known through certified bounds on its logarithm: `e^{ln_lo} ≤ x ≤
/// e^{ln_hi}`, with `ln_mid` the computed value. `ln_lo = −∞` when no lower bound above 0 is
/// known.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LnBounds {
    pub ln_lo: f64,
    pub ln_mid: f64,
    pub ln_hi: f64,
}

impl LnBounds {
    /// `c·x` for a constant `c > 0` known within `rel` relative error.
    pub fn scaled(self, c: f64, rel: f64) -> LnBounds {
        let l = c.ln();
        LnBounds { ln_lo: self.ln_lo + l + (-(rel + 4.0 * U)).ln_1p(), ln_mid: self.ln_mid + l, ln_hi: self.ln_hi + l + (rel + 4.0 * U).ln_1p() }
    }
    /// The upper end as an f64, rounded up, never 0 (the smallest subnormal when `e^{ln_hi}` is
    /// below the f64 range: still an upper bound), capped at `cap`.
    pub fn upper(&self, cap: f64) -> f64 {
        if self.ln_hi == f64::NEG_INFINITY {
            return 0.0;
        }
        let v = (self.ln_hi.exp() * (1.0 + 4.0 * U)).next_up();
        v.max(f64::from_bits(1)).min(cap)
    }
    /// The lower end as an f64, rounded down (0 below the f64 range).
    pub fn lower(&self) -> f64 {
        (self.ln_lo.exp() * (1.0 - 4.0 * U)).next_down().max(0.0)
    }
    /// The computed value as an f64 (0 below the f64 range).
    pub fn mid(&self) -> f64 {
        self.ln_mid.exp()
    }
}

/// `Σ e^{x_k}` kept as `e^l · s` (shift `l` = the largest `x_k` so far): a sum of positive terms
/// far below (or above) the f64 range.
#[derive(Clone, Copy, Debug)]
pub struct LogAcc {
    pub l: f64,
    pub s: f64,
}

impl LogAcc {
    /// The empty sum.
    pub const ZERO: LogAcc = LogAcc { l: f64::NEG_INFINITY, s: 0.0 };
    /// Add `e^x`.
    pub fn add(&mut self, x: f64) {
        if x == f64::NEG_INFINITY {
            return;
        }
        if x > self.l {
            self.s = self.s * (self.l - x).exp() + 1.0;
            self.l = x;
        } else {
            self.s += (x - self.l).exp();
        }
    }
    /// `ln` of the sum (`−∞` when empty).
    pub fn ln(&self) -> f64 {
        if self.s == 0.0 { f64::NEG_INFINITY } else { self.l + self.s.ln() }
    }
}

/// The shuffling setting's numbers the sums need (spec §4.1): `n`, `ln p_c`, `ln(1 − p_c)`.
#[derive(Clone, Copy, Debug)]
pub struct Binomials {
    pub n: u64,
    pub ln_pc: f64,
    pub ln_1m_pc: f64,
    /// `⌊n p_c⌋` capped at `n − 1`: the mode region of `C ~ Binom(n − 1, p_c)`.
    pub mode: u64,
}

impl Binomials {
    /// `ln w⁰_i = ln C(n−1, i) + i ln p_c + (n−1−i) ln(1 − p_c)` and the magnitude of its terms.
    fn ln_w0(&self, i: u64) -> (f64, f64) {
        let m = (self.n - 1) as f64;
        let (a, b, c) = (ln_binom(m, i as f64), i as f64 * self.ln_pc, (m - i as f64) * self.ln_1m_pc);
        (a + b + c, a.abs() + b.abs() + c.abs())
    }
}

/// What a visit of [`outward`] tells the walk.
pub enum Step {
    /// Go on, having spent this many terms.
    Next(u64),
    /// Stop this side.
    Stop,
}

/// Walk the components `i` of `C ~ Binom(n − 1, p_c)` from the mode outwards — upwards from
/// `mode`, then downwards from `mode − 1` — calling `visit(i, remaining)` (`remaining` = the
/// components left on this side, `i` included; `w⁰` decreases away from the mode, so they weigh at
/// most `remaining · w⁰_i`). Every 256 components: [`Error::Interrupted`] once `interrupt` is set,
/// [`Error::Unsupported`] (naming `what`) once the terms spent exceed `budget`.
pub fn outward(n: u64, mode: u64, budget: u64, interrupt: Option<&AtomicBool>, what: &str, mut visit: impl FnMut(u64, u64) -> Step) -> Result<()> {
    let m = n - 1;
    let mode = mode.min(m);
    let (mut visited, mut work) = (0u64, 0u64);
    for (start, up) in [(mode, true), (mode.wrapping_sub(1), false)] {
        if !up && mode == 0 {
            break;
        }
        let mut i = start;
        loop {
            match visit(i, if up { m - i + 1 } else { i + 1 }) {
                Step::Stop => break,
                Step::Next(terms) => work += terms + 1,
            }
            visited += 1;
            if visited % 256 == 0 {
                if interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
                    return Err(Error::Interrupted);
                }
                if work > budget {
                    return Err(Error::Unsupported(format!("{what} at n = {n} needs more than {budget} terms (about a second each 4e8); not computed")));
                }
            }
            if (up && i == m) || (!up && i == 0) {
                break;
            }
            i = if up { i + 1 } else { i - 1 };
        }
    }
    Ok(())
}

/// `S(τ)` (module doc) with `τ_lo ≤ τ ≤ τ_hi`, `0 ≤ τ_lo`, `τ_hi ≤ 1`. Errors: more than `budget`
/// terms ([`Error::Unsupported`], naming n); [`Error::Interrupted`] once `interrupt` is set.
pub fn positive_sum(bin: &Binomials, tau_lo: f64, tau_hi: f64, budget: u64, interrupt: Option<&AtomicBool>) -> Result<LnBounds> {
    let (mut hi, mut lo, mut mid) = (LogAcc::ZERO, LogAcc::ZERO, LogAcc::ZERO);
    outward(bin.n, bin.mode, budget, interrupt, "the exact shuffling sum", |i, remaining| {
        let (lw, mag) = bin.ln_w0(i);
        // each remaining component of this side sums to ≤ w⁰_i (its terms are ≤ p_i, Σ p_i = 1)
        let rest = (remaining as f64).ln() + lw;
        if lw == f64::NEG_INFINITY || (lo.s > 0.0 && rest <= lo.ln() + CUT.ln()) {
            hi.add(rest);
            return Step::Stop;
        }
        let c = component(i, lw, mag, tau_lo, tau_hi);
        hi.add(c.ln_hi);
        lo.add(c.ln_lo);
        mid.add(c.ln_mid);
        Step::Next(c.steps)
    })?;
    Ok(LnBounds { ln_lo: lo.ln(), ln_mid: mid.ln(), ln_hi: hi.ln() })
}

/// One component's `w⁰_i Σ_a p_i(a)(1 − (a/b)/τ)` as log bounds, and the number of terms.
struct Component {
    ln_lo: f64,
    ln_mid: f64,
    ln_hi: f64,
    steps: u64,
}

fn component(i: u64, lw: f64, mag: f64, tau_lo: f64, tau_hi: f64) -> Component {
    let fi = i as f64 + 1.0;
    // a₀: the largest a ≤ i with a < τ_hi (i + 1 − a), i.e. a < (i+1) τ/(1+τ); a = 0 always counts
    let mut a = ((fi * tau_hi / (1.0 + tau_hi)).ceil() - 1.0).clamp(0.0, i as f64);
    while a > 0.0 && a >= tau_hi * (fi - a) {
        a -= 1.0;
    }
    while a + 1.0 <= i as f64 && a + 1.0 < tau_hi * (fi - a - 1.0) {
        a += 1.0;
    }
    let lb = ln_binom(i as f64, a);
    let ln_p0 = lw + lb - i as f64 * std::f64::consts::LN_2;
    let (mut s_hi, mut s_lo, mut s_mid, mut cut) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    let mut q = 1.0f64; // p_i(a)/p_i(a₀)
    let mut steps = 0u64;
    loop {
        let b = fi - a;
        let r = a / b;
        // term factors at the three thresholds (a = 0: exactly 1)
        let f = |tau: f64| if a == 0.0 { 1.0 } else { (1.0 - r / tau).max(0.0) };
        let (fh, fl) = (f(tau_hi), if tau_lo > 0.0 { f(tau_lo) } else if a == 0.0 { 1.0 } else { 0.0 });
        s_hi += q * fh;
        s_lo += q * fl;
        s_mid += q * f(0.5 * (tau_lo + tau_hi));
        if a == 0.0 {
            break;
        }
        // the rest: terms q·r·r' … with factors ≤ 1 and ratios ≤ r < 1 (decreasing with a)
        let rest = q * r / (1.0 - r);
        if rest <= CUT * s_hi {
            cut = rest;
            break;
        }
        q *= r;
        a -= 1.0;
        steps += 1;
    }
    let rel = 1e-12 + 8.0 * U * (mag + lb.abs() + i as f64 * std::f64::consts::LN_2) + 2.0 * U * steps as f64;
    let ln_up = |x: f64| if x > 0.0 { ln_p0 + x.ln() } else { f64::NEG_INFINITY };
    Component {
        ln_hi: ln_up(s_hi * (1.0 + rel) + cut) + 2.0 * U,
        ln_lo: ln_up(s_lo * (1.0 - rel)) - 2.0 * U,
        ln_mid: ln_up(s_mid),
        steps,
    }
}
