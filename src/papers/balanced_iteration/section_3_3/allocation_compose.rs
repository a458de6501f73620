//! Certified **upper** bound on the hockey-stick divergences of Balanced Iteration Subsampling
//! with `k > 1` uses per record, by decomposition into one-use allocations (the reduction of
//! Feldman & Shenfeld 2025, *Privacy amplification by random allocation*, arXiv 2502.08202: a
//! k-out-of-t allocation is no less private than the composition of k one-out-of-⌊t/k⌋
//! allocations; `pld-accounting` 2.0 composes `k − r` allocations over `⌊T/k⌋` steps and `r`
//! over `⌊T/k⌋ + 1`, `r = T mod k`). We use that finer split and prove it here for the pair of
//! spec §11 directly (so nothing rests on a statement we could not quote):
//!
//! **Claim.** With `m = ⌊T/k⌋`, `r = T − km`, group sizes `m_i = m + 1` for `i ≤ r`, `m`
//! otherwise, and every `ε`:
//! `H_{e^ε}(P_{T,k}‖Q_T) ≤ H_{e^ε}(⊗_i P_{m_i,1} ‖ ⊗_i Q_{m_i})` and likewise with the
//! arguments swapped (`P_{m,1}` the 1-of-m mixture on `m` coordinates, `Q_m = N(0, σ²I_m)`).
//!
//! *Proof.* Let `π` be a uniformly random ordered partition of `[T]` into groups `G_i` of sizes
//! `m_i`, and pick one coordinate uniformly in each group, independently. The chosen k-set is
//! invariant in law under every permutation of `[T]` (so is the procedure), hence uniform over
//! `S_{T,k}`: `P_{T,k} = E_π[⊗_i P^{G_i}_{m_i,1}]`, and trivially `Q_T = E_π[⊗_i Q^{G_i}]`.
//! The hockey-stick divergence is an f-divergence, jointly convex, so
//! `H(P_{T,k}‖Q_T) ≤ E_π H(⊗_i P^{G_i}‖⊗_i Q^{G_i})`, and every term equals the right-hand side
//! (relabel coordinates). Same for `H(Q_T‖P_{T,k})`. ∎ (Adjacency: add/remove, both directions —
//! the pair already dominates the mechanism, spec §11.) Using `⌊T/k⌋` for every group would also
//! need "fewer steps is less private"; the split above avoids that.
//!
//! **Computation.** Each 1-of-m pair's privacy-loss distribution is built, per direction, as a
//! PLD *upper object* (tail sums ≥ the true ones, `pld::pmf`) on a loss grid `h_L`, from the
//! certified law of `S = Σ_{t≤m} Y_t` of [`LognormalSum`]:
//! * remove, `L = ln(S/m)` under `P`: `P_P(L ≥ ℓ) = E_Q[(S/m)1{S ≥ m e^ℓ}]`; with
//!   `S ≤ S_↓ + mh + R` (`lognormal_sum` module doc) and `f(s) = (s/m)1{s ≥ θ}` non-decreasing,
//!   on `{R = 0}` `S ≤ S_↓ + mh`, and `E[(S/m)1{R > 0}] ≤ Σ_t E[(S/m)1{Y_t > y₀}] =
//!   E[Y1{Y > y₀}] + (m − 1)P(Y > y₀) ≤ e_tr + (m − 1)P(Y > y₀)`, so the tail is at most the
//!   object-`A` sum shifted by `mh` plus that constant, the ℓ2 floating-point term and the mass
//!   above the window (all also put at `+∞`);
//! * add, `L' = −ln(S/m)` under `Q`: `P_Q(L' ≥ ℓ) = P_Q(S ≤ m e^{−ℓ}) ≤ cdf_B/(1 − 2u)^m` plus
//!   the mass below the window and the ℓ2 term;
//! * every tail is clipped below by nothing and above at 1 only where the truth is ≤ 1 (the
//!   first grid point takes `max(·, 1)`).
//!
//! Each grid point `ℓ_j` carries the mass of `(ℓ_{j−1}, ℓ_j]` (losses rounded **up**), so the
//! tail sum stored at `ℓ_j` bounds the true tail just above `ℓ_{j−1}` (an off-by-one cell here
//! would round losses down; `allocation_compose_test` caught it against the k = 1 route).
//! Rounding every loss up to the grid costs `≈ k·h_L` in ε. The objects are composed by
//! `pld::compose::compose_direction` and read by `pld::curve::Curve` (upper curve only).

use crate::papers::balanced_iteration::section_3_3::lognormal_sum::{norm_sf, LatticeOptions, LognormalSum};
use crate::error::Result;
use crate::mechanisms::Direction;
use crate::pld::compose::{compose_direction, StepPair};
use crate::pld::curve::{Bound, Curve};
use crate::pld::pmf::{snap_grid_step, DiscretePld};
use rustfft::FftPlanner;

const U: f64 = f64::EPSILON / 2.0;

/// Smallest loss kept on the remove grid (mass below is moved up to it: valid for an upper
/// object), and largest loss kept on the add grid (mass above goes to `+∞`).
const LOSS_FLOOR: f64 = -8.0;
const LOSS_CAP: f64 = 12.0;

/// Upper PLD objects (remove, add) of the 1-of-m pair on the loss grid `hl`.
pub fn one_of_m_upper(m: u64, a: f64, lat: &LatticeOptions, hl: f64) -> Result<(DiscretePld, DiscretePld, LognormalSum)> {
    let s = LognormalSum::new(m, a, lat)?;
    let mf = m as f64;
    let h = s.h;
    let top = (s.win_a + s.len as i64 - 1) as f64 * h;
    let base = s.win_a as f64 * h;
    let p_y0 = norm_sf(((s.n_y as f64 * h).ln() + 0.5 * a * a) / a) * (1.0 + 1e-12);
    // Remove direction.
    let shift = mf * h;
    let f_max = (top + shift) / mf;
    // Constant in ℓ (module doc): ℓ2 term, the truncation E[(S/m)1{R > 0}] ≤ e_tr + (m − 1)P(Y > y₀),
    // and the mass above the window; all of it is also put at +∞.
    let inf_r = (s.len as f64).sqrt() * f_max * s.eta_l2 + s.e_trunc + (mf - 1.0) * p_y0 + s.above_x_a / mf + h * s.tau_a.1;
    let (ca, xa) = s.suffix_a();
    let lo_j = ((((base + shift) / mf).ln().max(LOSS_FLOOR)) / hl).floor() as i64;
    let hi_j = (((top + shift) / mf).ln() / hl).ceil() as i64;
    let mut tails = Vec::with_capacity((hi_j - lo_j + 2) as usize);
    for j in lo_j..=hi_j {
        // The object puts at ℓ_j the mass of (ℓ_{j−1}, ℓ_j], so its tail sum at ℓ_j must bound
        // the true tail just above ℓ_{j−1} (rounding every loss up to the grid).
        let theta = mf * ((j - 1) as f64 * hl).exp();
        // First window index with x + shift ≥ θ, rounded down (more entries: larger tail).
        let i = (((theta - shift) / h - s.win_a as f64).floor() as i64 - 1).clamp(0, s.len as i64) as usize;
        let v = ((base + shift) * ca[i] + h * xa[i]) / mf;
        let v = v.max(0.0) * (1.0 + 64.0 * U) + inf_r;
        tails.push(v);
    }
    tails[0] = tails[0].max(1.0);
    for n in 1..tails.len() {
        tails[n] = tails[n].min(tails[n - 1]);
    }
    tails.push(inf_r);
    let remove = DiscretePld::from_tails_upper(hl, lo_j, &tails);
    // Add direction.
    let (cb, _) = s.suffix_b();
    let pow = (-(mf) * (-2.0 * U).ln_1p()).exp() * (1.0 + 8.0 * U);
    let err_a = (s.len as f64).sqrt() * s.eta_l2 + s.tau_b.0;
    let lo_j = ((mf / (top + h)).ln() / hl).floor() as i64;
    let hi_j = (LOSS_CAP / hl).ceil() as i64;
    let cdf_at = |theta: f64| -> f64 {
        // Entries with x ≤ θ, index rounded up (more entries: larger cdf).
        let i = ((theta / h - s.win_a as f64).floor() as i64 + 2).clamp(0, s.len as i64) as usize;
        (((cb[0] - cb[i]).max(0.0) * (1.0 + 64.0 * U) + err_a) * pow).min(1.0)
    };
    let inf_a = cdf_at(mf * (-(hi_j as f64) * hl).exp());
    let mut tails = Vec::with_capacity((hi_j - lo_j + 2) as usize);
    for j in lo_j..=hi_j {
        // Tail just above ℓ_{j−1} (see the remove direction).
        tails.push(cdf_at(mf * (-((j - 1) as f64) * hl).exp()).max(inf_a));
    }
    tails[0] = tails[0].max(1.0);
    for n in 1..tails.len() {
        tails[n] = tails[n].min(tails[n - 1]);
    }
    tails.push(inf_a);
    let add = DiscretePld::from_tails_upper(hl, lo_j, &tails);
    Ok((remove, add, s))
}

/// Upper curves (remove, add) of the composition of `k − r` 1-of-`m` and `r` 1-of-`(m+1)`
/// allocations, `m = ⌊T/k⌋`, `r = T mod k` (module doc).
pub fn fs25_upper_curves(t: u64, k: u64, a: f64, lat: &LatticeOptions, hl: f64, max_len: usize) -> Result<(Curve, Curve)> {
    let hl = snap_grid_step(hl);
    let m = t / k;
    let r = t - k * m;
    let mut groups = vec![(m, k - r)];
    if r > 0 {
        groups.push((m + 1, r));
    }
    let mut rem = Vec::new();
    let mut add = Vec::new();
    for &(mm, cnt) in &groups {
        let (pr, pa, _) = one_of_m_upper(mm, a, lat, hl)?;
        // The lower slot of a StepPair is unused here (only the upper curve is read): the upper
        // object is repeated so that the window covers it.
        rem.push((StepPair { upper: pr.clone(), lower: pr }, cnt));
        add.push((StepPair { upper: pa.clone(), lower: pa }, cnt));
    }
    let mut planner = FftPlanner::<f64>::new();
    let refs_r: Vec<(&StepPair, u64)> = rem.iter().map(|(p, c)| (p, *c)).collect();
    let refs_a: Vec<(&StepPair, u64)> = add.iter().map(|(p, c)| (p, *c)).collect();
    let cr = compose_direction(&mut planner, Direction::Remove, &refs_r, (1e-15f64).ln(), max_len)?;
    let ca = compose_direction(&mut planner, Direction::Add, &refs_a, (1e-15f64).ln(), max_len)?;
    Ok((Curve::new(&cr, Bound::Upper), Curve::new(&ca, Bound::Upper)))
}

#[cfg(test)]
#[path = "allocation_compose_test.rs"]
mod allocation_compose_test;
