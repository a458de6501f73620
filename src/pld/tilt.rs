//! Exponentially tilted FFT composition: a certified error that is *relative* where δ is small
//! (issue 13; the floating-point model is the one of `compose.rs`, foundations spec §4.6).
//!
//! The FFT's certified floating-point error `η₂` (`compose.rs`) is absolute: it is a multiple of
//! `u·⌈log₂N⌉·T` times the ℓ1 mass of the per-step objects, i.e. of the *bulk* of the composed
//! distribution. A δ(ε) of 1e−8 or less lives in the far upper tail and is drowned by it. Tilting
//! moves the tail into the bulk before the FFT and moves it back afterwards.
//!
//! ## Construction
//! For one direction with per-step objects `w_i` (upper or lower) on the grid `x_k = k h` and
//! counts `T_i`, pick `θ ≥ 0` and reals `κ_i` (here `κ_i ≈ ln Σ_k w^U_{i,k} e^{θ x_k}`, the
//! cumulant of the upper object, so that the tilted objects have mass ≈ 1). The *tilted* objects
//! are the stored f64 arrays
//!
//! ```text
//! v^U_{i,k} ≥ w^U_{i,k} e^{θ x_k − κ_i}   (rounded up),     v^L_{i,k} ≤ w^L_{i,k} e^{θ x_k − κ_i}   (rounded down, ≥ 0),
//! ```
//!
//! with no atom at `+∞` (the infinite masses are composed untilted, `compose.rs`, §4.3).
//!
//! **Lemma 1 (tilting commutes with convolution).** For non-negative measures on the grid,
//! `(v_1 * … * v_T)(m) = (w'_1 * … * w'_T)(m)·e^{θ x_m − K}` with `w'_{i,k} = v_{i,k} e^{κ_i − θ x_k}` and
//! `K = Σ_i T_i κ_i`, because `x_m = Σ_t x_{k_t}` on every path `k_1 + … + k_T = m` and the factors
//! `e^{θ x_{k_t} − κ_{i_t}}` multiply to `e^{θ x_m − K}`. (For heterogeneous parts the per-step
//! cumulants enter with their counts; nothing requires the `κ_i` to be the true cumulants.)
//!
//! By the rounding directions, `w'^U ≥ w^U` and `w'^L ≤ w^L` entrywise. A larger non-negative
//! measure has larger tail sums, so `w'^U` is again an upper object and `w'^L` a lower object
//! (`pmf.rs`): the composition `c^U = w'^U_1 * …` of the untilted `w'^U` over-estimates every δ(ε)
//! and `c^L` under-estimates it. Lemma 1 gives `c^X(m) = c^X_θ(m)·F(m)`, `F(m) = e^{K − θ x_m}`,
//! where `c^X_θ` is the composition of the stored tilted arrays — the object the FFT computes.
//!
//! ## Error after untilting
//! The FFT (`compose.rs::convolve`) returns, on a window `W = [a, top]` of the *tilted*
//! composition, `c̃_θ` with `‖c̃_θ − c^circ_θ‖₂ ≤ η₂` and the circular result
//! `c^circ_θ(m) = c_θ(m) + α_θ(m)`, `α_θ ≥ 0` the aliased mass, `Σ_{m∈W} α_θ(m) ≤ τ^θ_lo + τ^θ_hi`
//! (Chernoff bounds on the tilted objects, `window.rs`). These are the error model of the
//! untilted route applied to arrays of mass ≈ 1, so `η₂` is now relative to the tilted bulk.
//! The window is chosen for the tilted objects (it sits around the tilted mean, ≈ the ε of
//! interest), and it is read from a cut index `c ≥ a` with `K − θ x_c ≤ 0` only, so that `F ≤ 1`
//! on the read part (below `c` the untilted route is the better one anyway).
//!
//! For ε in the piece `[x_j, x_{j+1})`, `j ≥ c − 1`, only `m ≥ j + 1` contributes, and there
//! `F(m) = S_j·ρ^{m−j−1}` with `S_j = e^{K − θ x_{j+1}}`, `ρ = e^{−θh} ≤ 1`. With `g_ε(m) ∈ [0, 1]`
//! and `n = #{m ∈ (j, jt]}`:
//!
//! ```text
//! Σ_{m>j} |c̃_θ(m) − c^circ_θ(m)| F(m) g_ε(m) ≤ η₂ · S_j · G₂(n),   G₂(n) = min(√n, (1 − ρ²)^{−1/2})
//! ```
//!
//! by Cauchy–Schwarz (`Σ_{i<n} ρ^{2i} ≤ min(n, 1/(1 − ρ²))`); the empirical floor of §4.6 becomes
//! `ν·S_j·G₁(n)`, `G₁(n) = min(n, 1/(1 − ρ))`, and the larger of the two is used (as untilted).
//! The aliased mass on `m ≥ j + 1` is at most `S_j (τ^θ_lo + τ^θ_hi)` after untilting. Hence, with
//! `ĉ^U(m) ≥ max(c̃^U_θ(m), 0)·F(m)` and `ĉ^L(m) ≤ c̃^L_θ(m)·F(m)` (rounded outwards),
//!
//! ```text
//! δ_U(ε) = w^U_∞ + τ^U_hi + [ε < x_c]·τ^U_lo + Σ_{m>j} ĉ^U(m) g_ε(m) + S_j·max(η₂G₂, νG₁)
//! δ_L(ε) = w^L_∞ + Σ_{m>j} ĉ^L(m) g_ε(m) − S_j·[max(η₂G₂, νG₁) + τ^{θ,L}_lo + τ^{θ,L}_hi]
//! ```
//!
//! where `τ^U_hi`, `τ^U_lo` are the *untilted* Chernoff bounds on the upper object's mass above
//! `top` and below `c` (aliasing only adds non-negative mass, so the upper bound needs no alias
//! term; mass above `top_possible` is exactly zero). Near the tilted mean δ(ε) is of the order of
//! `S_j/(θ²σ_θ)` (σ_θ the tilted standard deviation), so every error term is *relative* to δ, of
//! order `η₂ G₂ θ² σ_θ` — about 1e−9 instead of 1e−13/1e−8 in the problem of issue 13.
//! With θ = 0 and `K = 0` the formulas are exactly those of the untilted route (`curve.rs`).
//!
//! **Rounding.** `K` is enclosed in `[K_down, K_up]` (products and sums rounded outwards). Each
//! exponent `y = fl(fl(θ x) − κ)` differs from the exact one by at most `u|θx| + 1.01u|y|`; the
//! bound is added (subtracted) before `exp`, and `exp` (libm, ≤ 1 ulp) is widened by 2 ulps.
//! Upper quantities (`v^U`, `ĉ^U`, `S_j`, error terms) are rounded up, `v^L` and positive `ĉ^L`
//! down (a negative `ĉ^L` is multiplied by the upper factor). Tilted masses below 1e−300 are
//! raised to 1e−300 (upper; only adds mass) or set to 0 (lower), so the FFT sees no subnormals.
//!
//! ## Choice of θ
//! Any θ ≥ 0 gives certified bounds; tightness needs the tilted mean `Σ_i T_i m_i(θ)` (of the
//! upper objects) near the ε of interest (the saddle point of the Chernoff bound, where the
//! composed tilted law has its bulk). [`saddle_theta`] solves for it by safeguarded Newton.

use super::compose::{composed_inf_mass, convolve, fit_window, ComposedDirection, StepPair, TiltInfo};
use super::pmf::{down_ulps, up_ulps, DiscretePld, U};
use super::window::{self, composed_max, fast_len, fast_len_below, Parts};
use crate::error::Result;
use crate::mechanisms::Direction;
use rustfft::FftPlanner;

/// Tilted masses below this are raised to it (upper) or dropped (lower): no subnormal FFT input.
const FLOOR: f64 = 1e-300;

/// Positive masses of one object as (loss, ln mass), for the moments of its tilted law.
struct LogMasses {
    x: Vec<f64>,
    lw: Vec<f64>,
}

impl LogMasses {
    fn new(p: &DiscretePld) -> LogMasses {
        let (mut x, mut lw) = (Vec::new(), Vec::new());
        for (i, &w) in p.masses.iter().enumerate() {
            if w > 0.0 {
                x.push(p.loss(p.k_lo + i as i64));
                lw.push(w.ln());
            }
        }
        LogMasses { x, lw }
    }

    /// `(ln Σ w e^{θx}, mean, variance)` of the tilted law (f64 estimates, log-sum-exp).
    fn moments(&self, theta: f64) -> (f64, f64, f64) {
        let (imax, mx) = self.x.iter().zip(&self.lw).map(|(x, l)| l + theta * x).enumerate().fold((0, f64::NEG_INFINITY), |a, (i, v)| if v > a.1 { (i, v) } else { a });
        if !mx.is_finite() {
            return (f64::NEG_INFINITY, 0.0, 0.0);
        }
        let pivot = self.x[imax];
        let (mut s0, mut s1, mut s2) = (0.0f64, 0.0f64, 0.0f64);
        for (x, l) in self.x.iter().zip(&self.lw) {
            let e = (l + theta * x - mx).exp();
            let d = x - pivot;
            s0 += e;
            s1 += e * d;
            s2 += e * d * d;
        }
        let m = s1 / s0;
        (mx + s0.ln(), pivot + m, (s2 / s0 - m * m).max(0.0))
    }
}

/// θ ≥ 0 whose tilted composed mean `Σ_i T_i m_i(θ)` (of the given objects) is close to `target`:
/// the saddle point of the Chernoff bound at `target`. `None` when `target` is not above the
/// untilted mean (no tilt needed) or not below the largest composed loss (no tilt reaches it).
/// Only tightness depends on the answer.
pub fn saddle_theta(parts: &Parts, target: f64) -> Option<f64> {
    let lms: Vec<(LogMasses, f64)> = parts.iter().map(|(p, t)| (LogMasses::new(p), *t as f64)).collect();
    let f = |theta: f64| -> (f64, f64) {
        lms.iter().fold((0.0, 0.0), |(m, v), (lm, t)| {
            let (_, mi, vi) = lm.moments(theta);
            (m + t * mi, v + t * vi)
        })
    };
    let (m0, _) = f(0.0);
    if !(target > m0) || !(target < composed_max(parts)) {
        return None;
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    loop {
        let (m, _) = f(hi);
        if m >= target {
            break;
        }
        lo = hi;
        hi *= 2.0;
        if hi > 1e9 {
            return None;
        }
    }
    let mut theta = 0.5 * (lo + hi);
    for _ in 0..80 {
        let (m, v) = f(theta);
        if (m - target).abs() <= 1e-3 * v.sqrt() || hi - lo <= 1e-9 * hi {
            break;
        }
        if m < target { lo = theta } else { hi = theta }
        let newton = theta - (m - target) / v;
        theta = if v > 0.0 && newton > lo && newton < hi { newton } else { 0.5 * (lo + hi) };
    }
    Some(theta)
}

/// `e^{y}` rounded up, for an exponent computed as `y = fl(fl(θx) − κ)` (`theta_x` = `|θx|`).
pub(crate) fn exp_up(y: f64, theta_x: f64) -> f64 {
    let y_up = up_ulps(y + (U * theta_x + 1.01 * U * y.abs()), 1);
    if y_up > 700.0 {
        // Keep the product representable: e^{y} = (e^{y/2})²; callers multiply a small mass first.
        return f64::INFINITY;
    }
    up_ulps(y_up.exp(), 2)
}

/// `e^{y}` rounded down (see [`exp_up`]).
fn exp_down(y: f64, theta_x: f64) -> f64 {
    let y_dn = down_ulps(y - (U * theta_x + 1.01 * U * y.abs()), 1);
    down_ulps(y_dn.exp(), 2).max(0.0)
}

/// `w·e^{y}` rounded up (w ≥ 0), representable even when `e^{y}` alone overflows.
fn mass_times_exp_up(w: f64, y: f64, theta_x: f64) -> f64 {
    if w == 0.0 {
        return 0.0;
    }
    let f = exp_up(y, theta_x);
    let v = if f.is_finite() {
        up_ulps(w * f, 1)
    } else {
        let h = exp_up(0.5 * y, 0.5 * theta_x);
        up_ulps(up_ulps(w * h, 1) * h, 1)
    };
    v.max(FLOOR)
}

/// `w·e^{y}` rounded down (w ≥ 0).
fn mass_times_exp_down(w: f64, y: f64, theta_x: f64) -> f64 {
    if w <= 0.0 {
        return 0.0;
    }
    let v = if y > 700.0 {
        let h = exp_down(0.5 * y, 0.5 * theta_x);
        down_ulps(down_ulps(w * h, 1) * h, 1)
    } else {
        down_ulps(w * exp_down(y, theta_x), 1)
    };
    if v < FLOOR { 0.0 } else { v }
}

/// The tilted object `w_k e^{θ x_k − κ}`, rounded up (`up`) or down, without atom at +∞.
pub(crate) fn tilt_object(p: &DiscretePld, theta: f64, kappa: f64, up: bool) -> DiscretePld {
    let masses = p
        .masses
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let tx = theta * p.loss(p.k_lo + i as i64);
            let y = tx - kappa;
            if up { mass_times_exp_up(w, y, tx.abs()) } else { mass_times_exp_down(w, y, tx.abs()) }
        })
        .collect();
    DiscretePld { h: p.h, k_lo: p.k_lo, masses, inf_mass: 0.0 }
}

/// Read region above the tilt target, in units of `1/θ`: the untilted mass above
/// `target + READ_ABOVE/θ` is at most `e^{K − θ·target − READ_ABOVE}` (Chernoff with λ = θ).
const READ_ABOVE: f64 = 30.0;

/// Tail level of the tilted window. The tilted masses outside the FFT window only enter as
/// aliased mass, which costs the lower curve `S_j·(τ^θ_lo + τ^θ_hi)` after untilting — relative to
/// δ ≈ `S_j/(θ²σ_θ)` near the tilted mean that is `τ^θ·θ²σ_θ`, negligible at `τ^θ = 1e−10` for any
/// θ and σ_θ this accountant meets. The untilted window's absolute level (`τ/4`, down to 1e−13)
/// would make the tilted window up to 7× longer on the hard workload of issue 13 (heavy right
/// tail of the tilted law: sampled steps become likely) for no gain in the result.
const TILTED_LN_TAU: f64 = -23.025850929940457; // ln 1e−10

/// Compose one direction with tilt `θ > 0` for ε near `target` (module doc). Returns `None`
/// when the read region holds no composed loss or a per-step object exceeds the FFT cap.
#[allow(clippy::too_many_arguments)]
pub fn compose_tilted(
    planner: &mut FftPlanner<f64>,
    direction: Direction,
    parts: &[(&StepPair, u64)],
    theta: f64,
    target: f64,
    ln_tau_window: f64,
    max_len: usize,
) -> Result<Option<ComposedDirection>> {
    let h = parts[0].0.upper.h;
    // κ_i = ln Σ_k w^U_{i,k} e^{θ x_k} (estimate; any value is admissible).
    let kappas: Vec<f64> = parts.iter().map(|(p, _)| LogMasses::new(&p.upper).moments(theta).0).collect();
    if !(theta > 0.0) || kappas.iter().any(|k| !k.is_finite()) {
        return Ok(None);
    }
    let tilted: Vec<StepPair> = parts
        .iter()
        .zip(&kappas)
        .map(|((p, _), &k)| StepPair { upper: tilt_object(&p.upper, theta, k, true), lower: tilt_object(&p.lower, theta, k, false) })
        .collect();
    let trefs: Vec<(&StepPair, u64)> = tilted.iter().zip(parts).map(|(p, (_, t))| (p, *t)).collect();
    // K = Σ T_i κ_i enclosed (products and partial sums rounded outwards).
    let (mut k_up, mut k_dn) = (0.0f64, 0.0f64);
    for ((_, t), &k) in parts.iter().zip(&kappas) {
        let p = *t as f64 * k;
        k_up = up_ulps(k_up + up_ulps(p, 1), 1);
        k_dn = down_ulps(k_dn + down_ulps(p, 1), 1);
    }
    let up_v: Vec<(&DiscretePld, u64)> = trefs.iter().map(|(p, t)| (&p.upper, *t)).collect();
    let lo_v: Vec<(&DiscretePld, u64)> = trefs.iter().map(|(p, t)| (&p.lower, *t)).collect();
    let up_u: Vec<(&DiscretePld, u64)> = parts.iter().map(|(p, t)| (&p.upper, *t)).collect();
    let lo_u: Vec<(&DiscretePld, u64)> = parts.iter().map(|(p, t)| (&p.lower, *t)).collect();
    let span = trefs.iter().map(|(p, _)| p.span()).max().unwrap_or(1);
    let cap = fast_len_below(max_len.max(16));
    if span > cap {
        return Ok(None);
    }
    // Tilted Chernoff window [a_t, top_t]; the FFT window starts at the cut instead when that is
    // higher (mass below it wraps to the top, damped by e^{−θNh} after untilting).
    let (a_t, n_t, capped) = fit_window(&up_v, &lo_v, h, ln_tau_window.max(TILTED_LN_TAU), span, cap);
    let top_t = a_t + n_t as i64 - 1;
    let mut cut = a_t.max(((k_up / theta) / h).ceil().clamp(-1e15, 1e15) as i64);
    while cut <= top_t && k_up - theta * (cut as f64 * h) > 0.0 {
        cut += 1;
    }
    let top_possible: i64 = parts.iter().map(|(p, t)| *t as i64 * p.upper.k_hi().max(p.lower.k_hi())).sum();
    let read_top = top_t.min(top_possible).min(((target + READ_ABOVE / theta) / h).ceil().clamp(-1e15, 1e15) as i64);
    if cut > read_top {
        return Ok(None);
    }
    let a_idx = cut;
    let n = fast_len(((top_t - a_idx + 1) as usize).max(span));
    let top = a_idx + n as i64 - 1;

    let exp_tail = |l: f64| if l == f64::NEG_INFINITY { 0.0 } else { up_ulps(l.exp(), 2).min(1.0) };
    // Untilted upper-object mass above the read region and below the cut (Chernoff, rounded up).
    let tau_hi_upper = exp_tail(window::ln_tail_hi_up(&up_u, (read_top + 1) as f64 * h));
    let tau_lo_upper = exp_tail(window::ln_tail_lo_up(&up_u, (cut - 1) as f64 * h));
    // Aliased mass of the lower object: tilted mass outside the FFT window, and the untilted
    // mass below it damped by e^{−θNh} (it wraps at least N indices up).
    let tau_lo_lower = exp_tail(window::ln_tail_lo_up(&lo_v, (a_idx - 1) as f64 * h));
    let tau_hi_lower = exp_tail(window::ln_tail_hi_up(&lo_v, (top + 1) as f64 * h));
    let theta_nh = theta * (n as f64 * h);
    let wrap_lo = up_ulps(exp_up(-theta_nh, theta_nh) * exp_tail(window::ln_tail_lo_up(&lo_u, (a_idx - 1) as f64 * h)), 1);

    let conv = convolve(planner, &trefs, a_idx, n);
    let len = (read_top - a_idx + 1) as usize;
    let mut upper = Vec::with_capacity(len);
    let mut lower = Vec::with_capacity(len);
    for i in 0..len {
        let tx = theta * ((a_idx + i as i64) as f64 * h);
        let (cu, cl) = (conv.upper[i], conv.lower[i]);
        // Upper: clipped value (≥ 0) times F rounded up. Lower: F rounded down for a positive
        // value, up for a negative one (both round the product down).
        upper.push(if cu > 0.0 { up_ulps(cu * exp_up(k_up - tx, tx.abs()), 1) } else { 0.0 });
        lower.push(if cl >= 0.0 { down_ulps(cl * exp_down(k_dn - tx, tx.abs()), 1) } else { down_ulps(cl * exp_up(k_up - tx, tx.abs()), 1) });
    }
    let (inf_upper, inf_lower) = composed_inf_mass(parts);
    Ok(Some(ComposedDirection {
        direction,
        h,
        a: a_idx,
        upper,
        lower,
        inf_upper,
        inf_lower,
        tau_lo_upper,
        tau_hi_upper,
        tau_lo_lower,
        tau_hi_lower,
        eta_l2: conv.eta_l2,
        nu_neg: conv.nu_neg,
        window_capped: capped,
        top_possible,
        tilt: Some(TiltInfo { theta, ln_k_up: k_up, wrap_lo, fft_len: n }),
    }))
}
