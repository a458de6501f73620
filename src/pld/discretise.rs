//! Per-step discretisation of a one-step privacy loss with a guaranteed direction
//! (foundations spec §4.2).
//!
//! * [`connect_dots_upper`]: pessimistic Connect-the-Dots (Doroshenko, Ghazi, Kamath, Kumar,
//!   Manurangsi 2022, Algorithm 1; spec §4.2b). **Upper** object.
//! * [`buckets_upper`] / [`buckets_lower`]: privacy buckets, losses rounded up / down to the grid
//!   (Meiser & Mohammadi 2018; Koskela, Jälkö & Honkela 2020; spec §4.2a). **Upper / lower**.
//! * The tight lower object (cell merging) is in `merge.rs`.
//!
//! ## Evaluation-error model
//! The one-step functions of a [`PrivacyLoss`] are f64 evaluations of exact formulas. We assume,
//! with `ρ = PldOptions::eval_rel_err` (default 1e−13, ten times the accuracy promised by the
//! `PrivacyLoss` contract) and a 1e−300 absolute slack for underflow:
//! * `cdf`, `sf`, `sf_left`, `inf_mass`: `|ṽ − v| ≤ ρ·v` (sums of positive terms);
//! * `delta`: `|δ̃(ε) − δ(ε)| ≤ ρ·sf(ε)`. Closed forms evaluate `δ = P(L > ε) − e^ε Q(L > ε)`
//!   (spec §1.5 item 3), a difference of two terms `≤ sf(ε)`; near the end of a bounded support
//!   the difference cancels and its *relative* error can be large (the subsampled Gaussian add
//!   profile keeps ~7 digits at 6e−12, spec §8.3), but its error relative to `sf` stays small.
//!
//! Every per-step quantity below is rounded in the safe direction under this model, so the
//! objects are certified *relative to the model*.
//!
//! ## Why tail sums
//! Each object is built from tail sums `S_k = P(loss ≥ x_k)` (including `+∞`). An upper object
//! whose tail sums are ≥ those of a pair that dominates the true pair (Blackwell), or a lower
//! object whose tail sums are ≤ those of a pair dominated by it, gives certified bounds after
//! any number of compositions (see `pmf.rs`). Tail sums only need *first* differences of the
//! profile, so the CTD construction never forms the ill-conditioned second differences of
//! Algorithm 1 explicitly.

use super::pmf::{down_ulps, up_ulps, DiscretePld, U};
use crate::error::{Error, Result};
use crate::num::root::{root_of, Bracket, Monotone, Side, Stop};
use crate::mechanisms::PrivacyLoss;

/// Tiny absolute slack of the evaluation-error model (values below it may have underflowed).
pub(crate) const ABS_SLACK: f64 = 1e-300;

/// The evaluation-error model: relative error `rho` of every one-step function value.
#[derive(Clone, Copy, Debug)]
pub struct EvalModel {
    pub rho: f64,
}

impl EvalModel {
    /// Upper bound on the true value given an evaluation `v` in [0, 1].
    pub fn up(&self, v: f64) -> f64 {
        // Rounding up: relative slack ρ(1+ρ)+2u covers v_true ≤ ṽ/(1−ρ).
        up_ulps(v * (1.0 + self.rho * 1.01 + 2.0 * U) + ABS_SLACK, 1)
    }
    /// Bound on `|δ̃(ε) − δ(ε)|` given the evaluated `sf(ε)` (model above), rounded up.
    pub fn delta_err(&self, sf: f64) -> f64 {
        up_ulps(self.up(sf) * self.rho * 1.01 + ABS_SLACK, 1)
    }

    /// Lower bound on the true value (clipped at 0).
    pub fn down(&self, v: f64) -> f64 {
        // Rounding down: ṽ/(1+ρ) ≥ ṽ(1−ρ).
        down_ulps(v * (1.0 - self.rho * 1.01 - 2.0 * U) - ABS_SLACK, 1).max(0.0)
    }
}

/// Evaluate a one-step function, mapping NaN or out-of-range values to a typed error.
pub(crate) fn checked(name: &str, loss: &dyn PrivacyLoss, t: f64, v: f64) -> Result<f64> {
    if !(-1e-12..=1.0 + 1e-12).contains(&v) {
        return Err(Error::Numerical(format!("{}: {name}({t}) = {v} is not a probability", loss.describe())));
    }
    Ok(v.clamp(0.0, 1.0))
}

/// The real loss range `[t_lo, t_hi]` kept for one step, independent of the grid: below `t_lo`
/// at most `tau` of P-mass (or nothing, if the support ends there), above `t_hi` at most `tau`
/// of finite mass (or nothing).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepRange {
    pub t_lo: f64,
    pub t_hi: f64,
    /// The support (`PrivacyLoss::support`) — used to know where tails are exactly empty.
    pub support: (f64, f64),
}

/// Find the step range by exponential search and bisection on `cdf` / `sf` (about 100
/// evaluations). Errors: non-finite evaluations, or tails that never fall below `tau`.
pub fn step_range(loss: &dyn PrivacyLoss, tau: f64) -> Result<StepRange> {
    let (s_lo, s_hi) = loss.support();
    let p_inf = loss.inf_mass();
    let upper_tail = |t: f64| -> Result<f64> { Ok((checked("sf", loss, t, loss.sf(t))? - p_inf).max(0.0)) };
    let lower_tail = |t: f64| -> Result<f64> { checked("cdf", loss, t, loss.cdf(t)) };
    let start = 0.0f64.clamp(s_lo.max(-f64::MAX), s_hi.min(f64::MAX));
    let t_hi = if s_hi.is_finite() {
        s_hi
    } else {
        search(upper_tail, start, 1.0, tau, loss)?
    };
    let t_lo = if s_lo.is_finite() {
        s_lo
    } else {
        search(lower_tail, start, -1.0, tau, loss)?
    };
    Ok(StepRange { t_lo: t_lo.min(t_hi), t_hi: t_hi.max(t_lo), support: (s_lo, s_hi) })
}

/// Smallest-ish `t = start + dir·d` (d ≥ 0) with `tail(t) ≤ tau`, to about 1 % of `d`.
fn search<F: Fn(f64) -> Result<f64>>(tail: F, start: f64, dir: f64, tau: f64, loss: &dyn PrivacyLoss) -> Result<f64> {
    if tail(start)? <= tau {
        return Ok(start);
    }
    let mut d_fail = 0.0;
    let mut d = 1e-6;
    let mut found = false;
    for _ in 0..1200 {
        if tail(start + dir * d)? <= tau {
            found = true;
            break;
        }
        d_fail = d;
        d *= 2.0;
        if !d.is_finite() || d > 1e300 {
            break;
        }
    }
    if !found {
        return Err(Error::Numerical(format!("{}: loss tail never falls below {tau:e}", loss.describe())));
    }
    // Bracket: tail > τ at d_fail (or d_fail = 0, the start), tail ≤ τ at d, from the doubling.
    // Direction: the upper end, where tail ≤ τ holds.
    let g = |x: &f64| tail(start + dir * x);
    let hi = root_of(g, &tau, Monotone::Decreasing, Bracket::established(d_fail, d), &Stop::width(0.0, 0.01, 60), Side::Upper)?;
    Ok(start + dir * hi)
}

/// Grid index range `[k_lo, k_hi]` covering a step range at step `h`.
pub fn grid_range(r: &StepRange, h: f64) -> (i64, i64) {
    let k_lo = (r.t_lo / h).floor() as i64;
    let k_hi = ((r.t_hi / h).ceil() as i64).max(k_lo);
    (k_lo, k_hi)
}

/// Upper bound on the atom at `+∞` (an exact zero stays zero: `inf_mass` of a mechanism without
/// such an atom is the literal 0).
pub(crate) fn inf_up(loss: &dyn PrivacyLoss, m: &EvalModel) -> f64 {
    let p = loss.inf_mass();
    if p == 0.0 { 0.0 } else { m.up(p).min(1.0) }
}

/// Lower bound on the atom at `+∞`.
pub(crate) fn inf_down(loss: &dyn PrivacyLoss, m: &EvalModel) -> f64 {
    let p = loss.inf_mass();
    if p == 0.0 { 0.0 } else { m.down(p) }
}

/// Pessimistic Connect-the-Dots PLD (DGKKM 2022, Algorithm 1; spec §4.2b). **Upper** object.
///
/// The CTD pair has the profile that interpolates `γ ↦ H_γ` linearly between the grid values
/// `δ_k = δ(k h)`, `γ = e^ε`; it dominates the true pair (convexity of `H_γ`). Its tail sums are
/// `S_{k_lo} = 1`, `S_k = (δ_{k−1} − e^{−h} δ_k)/(1 − e^{−h})` for `k_lo < k ≤ k_hi`, and
/// `w_∞ = S_{k_hi+1} = δ_{k_hi}` (all finite mass above the top grid point is moved to `+∞`).
/// Rounding: `δ_{k−1}` and the factor `1/(1 − e^{−h})` up, `δ_k` and `e^{−h}/(1 − e^{−h})` down,
/// each product and the difference rounded up; then a running maximum from the top makes the
/// tails non-increasing (only increases them).
pub fn connect_dots_upper(loss: &dyn PrivacyLoss, h: f64, r: &StepRange, m: &EvalModel) -> Result<DiscretePld> {
    let (k_lo, k_hi) = grid_range(r, h);
    let n = (k_hi - k_lo + 1) as usize;
    let mut d_up = Vec::with_capacity(n);
    let mut d_dn = Vec::with_capacity(n);
    for i in 0..n {
        let x = (k_lo + i as i64) as f64 * h;
        let (lo, hi) = delta_bounds(loss, r, m, x)?;
        d_dn.push(lo);
        d_up.push(hi);
    }
    // a = 1/(1 − e^{−h}) rounded up; b = e^{−h}/(1 − e^{−h}) = 1/(e^h − 1) rounded down.
    let a_up = up_ulps(1.0 / down_ulps(-(-h).exp_m1(), 2), 2);
    let b_dn = down_ulps(1.0 / up_ulps(h.exp_m1(), 2), 2);
    let mut tails = vec![0.0; n + 1];
    tails[0] = 1.0;
    for i in 1..n {
        // Rounding up: a·δ_{k−1} up, b·δ_k down, difference up.
        let t1 = up_ulps(a_up * d_up[i - 1], 1);
        let t2 = down_ulps(b_dn * d_dn[i], 1).max(0.0);
        tails[i] = up_ulps(t1 - t2, 1).max(0.0);
    }
    tails[n] = d_up[n - 1];
    // Running maximum from the top (keeps every tail an upper bound and makes masses ≥ 0).
    for i in (0..n).rev() {
        tails[i] = tails[i].max(tails[i + 1]);
    }
    tails[0] = tails[0].max(1.0);
    Ok(DiscretePld::from_tails_upper(h, k_lo, &tails))
}

/// Privacy buckets, pessimistic: mass in `((k−1)h, kh]` moved to `kh`, mass below `k_lo h` to
/// `k_lo h`, finite mass above `k_hi h` to `+∞` (spec §4.2a). **Upper** object.
/// Tail sums `S_k = P(L > (k−1)h)` (upper-rounded `sf`), `S_{k_lo} = 1`.
pub fn buckets_upper(loss: &dyn PrivacyLoss, h: f64, r: &StepRange, m: &EvalModel) -> Result<DiscretePld> {
    let (k_lo, k_hi) = grid_range(r, h);
    let n = (k_hi - k_lo + 1) as usize;
    let mut tails = vec![0.0; n + 1];
    tails[0] = 1.0;
    for (i, t) in tails.iter_mut().enumerate().skip(1) {
        let x = (k_lo + i as i64 - 1) as f64 * h;
        *t = if x >= r.support.1 { inf_up(loss, m) } else { m.up(checked("sf", loss, x, loss.sf(x))?) };
    }
    for i in (0..n).rev() {
        tails[i] = tails[i].max(tails[i + 1]);
    }
    tails[0] = tails[0].max(1.0);
    Ok(DiscretePld::from_tails_upper(h, k_lo, &tails))
}

/// Privacy buckets, optimistic: mass in `[kh, (k+1)h)` moved to `kh`, finite mass above `k_hi h`
/// to `k_hi h`, mass below `k_lo h` dropped, `w_∞ = p_∞` (spec §4.2a). **Lower** object.
/// Tail sums `S_k = P(L ≥ kh)` (lower-rounded `sf_left`).
pub fn buckets_lower(loss: &dyn PrivacyLoss, h: f64, r: &StepRange, m: &EvalModel) -> Result<DiscretePld> {
    let (k_lo, k_hi) = grid_range(r, h);
    let n = (k_hi - k_lo + 1) as usize;
    let mut tails = vec![0.0; n + 1];
    for (i, t) in tails.iter_mut().enumerate().take(n) {
        let x = (k_lo + i as i64) as f64 * h;
        *t = m.down(checked("sf_left", loss, x, loss.sf_left(x))?);
    }
    tails[n] = inf_down(loss, m);
    // Running minimum from the bottom (keeps lower bounds, makes masses ≥ 0).
    for i in 1..=n {
        tails[i] = tails[i].min(tails[i - 1]);
    }
    Ok(DiscretePld::from_tails_lower(h, k_lo, &tails))
}

/// Lower and upper bounds on the true one-step profile `δ(x)` under the model (one evaluation
/// of `delta` and one of `sf`).
fn delta_bounds(loss: &dyn PrivacyLoss, r: &StepRange, m: &EvalModel, x: f64) -> Result<(f64, f64)> {
    if x >= r.support.1 {
        // Exactly: every finite loss is ≤ x, only the atom at +∞ contributes.
        return Ok((inf_down(loss, m), inf_up(loss, m)));
    }
    let v = checked("delta", loss, x, loss.delta(x))?;
    let sf = checked("sf", loss, x, loss.sf(x))?;
    let e = m.delta_err(sf);
    // Rounding: the model's error bound added for the upper, subtracted for the lower value.
    Ok((down_ulps(v - e, 1).max(0.0), up_ulps(v + e, 1).min(1.0)))
}
