//! The Rényi divergence of a composed mechanism (issue 12, claim kinds `rdp` and `zcdp`):
//! certified intervals of `T · max(D_α(P‖Q), D_α(Q‖P))` for one step's pair `(P, Q)` under
//! add/remove adjacency.
//!
//! | mechanism | order α | source of the one-step value |
//! |---|---|---|
//! | Gaussian | any > 1 | `α/(2σ²)` (Mironov 2017, Proposition 7), symmetric |
//! | Laplace | any > 1 | `(1/(α−1)) ln(α/(2α−1) e^{(α−1)/b} + (α−1)/(2α−1) e^{−α/b})` (Mironov 2017, Proposition 6), symmetric |
//! | randomized response | any > 1 | `(1/(α−1)) ln(p^α(1−p)^{1−α} + (1−p)^α p^{1−α})`, `p = e^{ε0}/(1+e^{ε0})` (Mironov 2017, Proposition 5), symmetric |
//! | Poisson-subsampled Gaussian | integer ≥ 2 | the binomial sum `A_α` (Mironov, Talwar & Zhang 2019, §3.3; [`crate::mechanisms::exact::sgm_rdp_remove_int`]); the remove direction dominates at integer orders (MTZ 2019, §3: `A_α ≥ B_α`) |
//! | Poisson-subsampled Gaussian | fractional | certified **convexity bounds** from the integer orders around α (below) — not a quadrature |
//!
//! One-step values come from [`crate::exact::rdp`] (MPFR at `prec` and `2·prec` bits, two-precision
//! error model of `crate::exact`); the `T`-fold composition multiplies by `T` (Mironov 2017,
//! Proposition 1), rounded outward.
//!
//! **Fractional orders of the subsampled Gaussian.** Let `f(α) = (α−1)·D_α = ln ∫ p^α q^{1−α}`
//! (remove direction). `f` is convex in α (a log-moment-generating function; van Erven &
//! Harremoës 2014, "Rényi divergence and Kullback–Leibler divergence", convexity of `(α−1)D_α`),
//! `f(0) = f(1) = 0` (the two measures are mutually absolutely continuous), and `D_α` is
//! non-decreasing in α (van Erven & Harremoës 2014, Theorem 3). For `n < α < n+1`, `s = α − n`:
//!
//! * upper: the chord, `f(α) ≤ (1−s) f(n) + s f(n+1)`. The add direction's `f` is also convex
//!   and at most the remove direction's at integer orders (MTZ 2019, §3), so the same chord
//!   bounds the maximum over both directions;
//! * lower: the largest of the two tangent-line extrapolations of neighbouring chords,
//!   `f(α) ≥ (1+s) f(n) − s f(n−1)` and `f(α) ≥ (2−s) f(n+1) − (1−s) f(n+2)`, the monotonicity
//!   bound `f(α) ≥ (α−1) D_n` (n ≥ 2), and 0.
//!
//! Every combination is evaluated with directed rounding (each `f(k)` as an interval, the ends
//! chosen for the direction of the bound).

use crate::error::{Error, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::num::round::{add_down, add_up, div_down, div_up, mul_down, mul_up, sub_down};
use crate::num::Interval;

/// Largest Rényi order accepted for the subsampled Gaussian (the binomial sum has α + 1 terms).
pub const MAX_SGM_ORDER: f64 = 1e6;

/// Certified `T · max_dir D_α` of `mech` (its privacy form, sensitivity 1) composed `steps`
/// times, with a one-line description of the method. Errors: α not finite or ≤ 1; a
/// subsampled-Gaussian order above [`MAX_SGM_ORDER`]; engine failures.
pub fn composed_rdp(mech: &Mechanism, steps: u64, alpha: f64, prec: u32) -> Result<(Interval, String)> {
    if !(alpha.is_finite() && alpha > 1.0) {
        return Err(Error::invalid("order", alpha, "Rényi order must be a finite number > 1"));
    }
    let (one, how) = one_step_rdp(mech, alpha, prec)?;
    Ok((times_steps(one, steps), how))
}

/// `T·x` for an interval `x ≥ 0`, rounded outward (`T` enclosed exactly up to 2^53).
pub fn times_steps(x: Interval, steps: u64) -> Interval {
    let t = steps as f64;
    let (t_lo, t_hi) = if t as u64 == steps { (t, t) } else { (t.next_down(), t.next_up()) };
    Interval { lower: mul_down(x.lower.max(0.0), t_lo), upper: mul_up(x.upper, t_hi) }
}

/// One-step `max_dir D_α` and the method in words.
pub fn one_step_rdp(mech: &Mechanism, alpha: f64, prec: u32) -> Result<(Interval, String)> {
    match *mech {
        Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } if sampling_rate == 0.0 => {
            Ok((Interval::point(0.0), "q = 0: the output does not depend on the data, D_α = 0".into()))
        }
        Mechanism::PoissonSubsampledGaussian { .. } => {
            if alpha > MAX_SGM_ORDER {
                return Err(Error::invalid("order", alpha, "subsampled-Gaussian Rényi orders above 1e6 are not supported"));
            }
            if alpha.fract() == 0.0 {
                let iv = crate::exact::rdp(mech, Direction::Remove, alpha, prec)?;
                Ok((clamp0(iv), format!("exact: binomial sum A_α (Mironov–Talwar–Zhang 2019) in MPFR at {prec} and {} bits; remove direction dominates (MTZ §3)", 2 * prec)))
            } else {
                Ok((sgm_fractional(mech, alpha, prec)?, format!("certified convexity bounds of (α−1)D_α between the integer orders {} and {} (chord above, tangent lines and monotonicity below), MPFR at {prec} bits", alpha.floor(), alpha.floor() + 1.0)))
            }
        }
        Mechanism::Gaussian { noise_multiplier: s, .. } => {
            // α/(2σ²) (Mironov 2017, Proposition 7) with directed rounding: exact when it is
            // representable (e.g. α = 8, σ = 2 gives 1), so a claim of the exact value is sound.
            let den_lo = 2.0 * mul_down(s, s); // ×2 is exact
            let den_hi = 2.0 * mul_up(s, s);
            Ok((Interval { lower: div_down(alpha, den_hi), upper: div_up(alpha, den_lo) }, "exact: α/(2σ²) (Mironov 2017, Prop. 7), directed rounding".into()))
        }
        _ => {
            // Closed forms; the pair is symmetric (both directions equal), evaluated once.
            let iv = crate::exact::rdp(mech, Direction::Remove, alpha, prec)?;
            Ok((clamp0(iv), format!("exact: closed form (Mironov 2017, Props 5–7) in MPFR at {prec} and {} bits", 2 * prec)))
        }
    }
}

fn clamp0(iv: Interval) -> Interval {
    Interval { lower: iv.lower.max(0.0), upper: iv.upper.max(0.0) }
}

/// `f(k) = (k−1) D_k` as an interval at integer `k ≥ 0` (`f(0) = f(1) = 0`).
fn f_int(mech: &Mechanism, k: u64, prec: u32) -> Result<Interval> {
    if k <= 1 {
        return Ok(Interval::point(0.0));
    }
    let d = clamp0(crate::exact::rdp(mech, Direction::Remove, k as f64, prec)?);
    let km1 = (k - 1) as f64;
    Ok(Interval { lower: mul_down(d.lower, km1), upper: mul_up(d.upper, km1) })
}

/// The convexity bounds of the module doc for a fractional α.
fn sgm_fractional(mech: &Mechanism, alpha: f64, prec: u32) -> Result<Interval> {
    let n = alpha.floor() as u64;
    let s = alpha - n as f64; // exact: α and n are close f64s (Sterbenz)
    let one_m_s = 1.0 - s; // exact for s ∈ (0, 1) with α < 2^52
    let fm1 = f_int(mech, n.saturating_sub(1), prec)?;
    let f0 = f_int(mech, n, prec)?;
    let f1 = f_int(mech, n + 1, prec)?;
    let f2 = f_int(mech, n + 2, prec)?;
    // Upper: chord (1−s) f(n) + s f(n+1), rounded up.
    let f_hi = add_up(mul_up(one_m_s, f0.upper), mul_up(s, f1.upper));
    // Lower: tangent from the chord (n−1, n) forward, rounded down.
    let t1 = sub_down(mul_down(1.0 + s, f0.lower), mul_up(s, fm1.upper));
    // Tangent from the chord (n+1, n+2) backward: (2−s) f(n+1) − (1−s) f(n+2).
    let t2 = sub_down(mul_down(add_down(1.0, one_m_s), f1.lower), mul_up(one_m_s, f2.upper));
    // Monotonicity: D_α ≥ D_n, so f(α) ≥ (α−1)/(n−1) · f(n) for n ≥ 2.
    let t3 = if n >= 2 { mul_down(div_down(alpha - 1.0, (n - 1) as f64), f0.lower) } else { 0.0 };
    let f_lo = t1.max(t2).max(t3).max(0.0);
    let am1 = alpha - 1.0; // exact for α ∈ (1, 2^52)
    Ok(Interval { lower: div_down(f_lo, am1), upper: div_up(f_hi, am1) })
}

#[cfg(test)]
#[path = "rdp_truth_test.rs"]
mod tests;
