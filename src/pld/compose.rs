//! FFT composition of discretised PLDs with aliasing, tail and floating-point bookkeeping
//! (foundations spec §4.3, §4.5, §4.6).
//!
//! For one adjacency direction, the parts `(w_i, T_i)` (upper and lower per-step objects on a
//! common grid `h`) are composed as `IFFT(Π_i FFT_N(w_i)^{T_i})` on a window of `N` consecutive
//! composed indices `[a, a + N − 1]`:
//!
//! * **packing**: the real upper and lower vectors share one complex transform
//!   (`z = w^U + i w^L`; `W^U_k = (Z_k + conj Z_{N−k})/2`, `W^L_k = (Z_k − conj Z_{N−k})/(2i)`),
//!   and the two products share one inverse transform (`c^U + i c^L`);
//! * **powers** by binary exponentiation (relative error ≤ (T − 1)√5·u, Brent–Percival–Zimmermann
//!   bound for complex products), vectorised across entries; components below 1e−150 are
//!   flushed to 0 (no subnormal operands or results, whose hardware assists are slow);
//! * **aliasing** (§4.5): entry `j` of the circular result holds every composed index
//!   `≡ o + j (mod N)`, `o = Σ_i T_i base_i`; mass outside the window is bounded by Chernoff
//!   (`window.rs`) as `τ_lo`, `τ_hi` for each object;
//! * **infinite mass** (§4.3): kept out of the FFT; `w_∞ = Π(F_i + w_{∞,i})^{T_i} − Π F_i^{T_i}`
//!   (`F_i` = finite mass), evaluated as `e^{a}(−expm1(−d))` with
//!   `a = Σ T_i ln(F_i + w_{∞,i})`, `d = Σ T_i ln1p(w_{∞,i}/F_i)`; equal to
//!   `−expm1(Σ T_i log1p(−w_{∞,i}))` when `F_i + w_{∞,i} = 1`;
//! * **floating point** (§4.6): a model bound `η₂ ≥ ‖c̃ − c‖₂` (see [`ComposedDirection::eta_l2`])
//!   and the empirical floor `ν = max_m (−c̃_m)_+`.

use super::pmf::{down_ulps, up_ulps, DiscretePld, U};
use super::window::{self, fast_len, fast_len_below, Parts};
use crate::error::{Error, Result};
use crate::num::root::{root, Bracket, RootError, Side, Stop};
use crate::mechanisms::Direction;
use num_complex::Complex;
use rustfft::FftPlanner;

/// Upper and lower discretisation of one step of one mechanism in one direction.
#[derive(Clone, Debug)]
pub struct StepPair {
    pub upper: DiscretePld,
    pub lower: DiscretePld,
}

impl StepPair {
    /// Lowest grid index of either object (buffer offset).
    pub fn base(&self) -> i64 {
        self.upper.k_lo.min(self.lower.k_lo)
    }
    /// Number of buffer slots needed by either object.
    pub fn span(&self) -> usize {
        (self.upper.k_hi().max(self.lower.k_hi()) - self.base() + 1) as usize
    }
}

/// The composed upper and lower PLDs of one direction on a window, with every error term.
#[derive(Clone, Debug)]
pub struct ComposedDirection {
    pub direction: Direction,
    pub h: f64,
    /// Window `[a, a + len − 1]` of composed grid indices.
    pub a: i64,
    /// Circular-convolution result of the upper objects on the window, negative entries clipped
    /// to 0 (conservative because `η_fp` is added).
    pub upper: Vec<f64>,
    /// Same for the lower objects, unclipped.
    pub lower: Vec<f64>,
    /// Composed mass at `+∞`, rounded up / down.
    pub inf_upper: f64,
    pub inf_lower: f64,
    /// Chernoff bounds on the finite mass below / above the window, upper object.
    pub tau_lo_upper: f64,
    pub tau_hi_upper: f64,
    /// Same for the lower object.
    pub tau_lo_lower: f64,
    pub tau_hi_lower: f64,
    /// Model bound on `‖c̃ − c‖₂` for both results. FFT model: every entry of a computed
    /// transform of `x` is within `ε_fft·‖x‖₁` of the exact one, `ε_fft = 10·u·⌈log₂ N⌉`
    /// (componentwise form of Higham 2002, Thm 24.2: each radix-2 stage adds ≲ 5.7u relative to
    /// partial ℓ1 sums of the input; factor 10 as margin for RustFFT's mixed-radix kernels and
    /// the packing). With `e_i = ε_fft(‖w^U_i‖₁ + ‖w^L_i‖₁)` and `z_{i,k}` the computed
    /// transforms, the exact product differs from `Π_i z̃_{i,k}^{T_i}` by at most
    /// `F_k = Π_j(|z̃_{j,k}| + e_j)^{T_j}·Σ_i T_i e_i/(|z̃_{i,k}| + e_i)` (mean-value bound), the
    /// powering adds `ε_pow|Ĉ_k|` (`ε_pow = 1.01·√5·u·(Σ T_i + K)`, Brent–Percival–Zimmermann),
    /// and the inverse transform `ε_fft`-relative in ℓ2. By Parseval,
    /// `η₂ = [‖F^U‖₂ + ‖F^L‖₂ + (ε_pow + ε_fft)(‖Ĉ^U‖₂ + ‖Ĉ^L‖₂)]/√N` (+ flushed values), shared by
    /// the upper and lower results because of the packing.
    pub eta_l2: f64,
    /// Empirical floor: the largest negative entry magnitude of either raw result.
    pub nu_neg: f64,
    /// True when the window was shortened to respect the FFT length cap.
    pub window_capped: bool,
    /// Largest composed index that can carry finite mass (`Σ T_i k_hi,i`): window entries above
    /// it hold only aliased mass from below the window (bounded by `τ_lo`) and noise.
    pub top_possible: i64,
    /// `Some` for a composition of exponentially tilted objects (`tilt.rs`): then `upper` and
    /// `lower` are the *untilted* window values, `eta_l2` and `nu_neg` are tilted-domain error
    /// terms, `tau_lo_lower` and `tau_hi_lower` are tilted-domain tails of the lower object, and
    /// every error term is scaled by the untilting factor in `curve.rs`.
    pub tilt: Option<TiltInfo>,
}

/// Untilting data of a tilted composition (`tilt.rs`): the true composed mass at index `m` is
/// the tilted one times `exp(K − θ·m·h)`, with `K = Σ_i T_i κ_i ≤ ln_k_up`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TiltInfo {
    pub theta: f64,
    /// Upper bound on `K` (rounded up).
    pub ln_k_up: f64,
    /// Bound on the untilted lower-object mass below the FFT window times `e^{−θNh}`: its
    /// aliased contribution to any read entry after untilting.
    pub wrap_lo: f64,
    /// Length N of the tilted FFT (the read region is shorter).
    pub fft_len: usize,
}

impl ComposedDirection {
    /// Window length N.
    pub fn len(&self) -> usize {
        self.upper.len()
    }
    /// Whether the window is empty (never for a constructed value).
    pub fn is_empty(&self) -> bool {
        self.upper.is_empty()
    }
    /// Loss of window entry `i`.
    pub fn loss(&self, i: usize) -> f64 {
        (self.a + i as i64) as f64 * self.h
    }
}

/// Compose the parts of one direction. `ln_tau_window` is the Chernoff target for each tail
/// used to choose the window; `max_len` caps the FFT length. Errors: a per-step object longer
/// than the cap.
pub fn compose_direction(
    planner: &mut FftPlanner<f64>,
    direction: Direction,
    parts: &[(&StepPair, u64)],
    ln_tau_window: f64,
    max_len: usize,
) -> Result<ComposedDirection> {
    let h = parts[0].0.upper.h;
    let up: Vec<(&DiscretePld, u64)> = parts.iter().map(|(p, t)| (&p.upper, *t)).collect();
    let lo: Vec<(&DiscretePld, u64)> = parts.iter().map(|(p, t)| (&p.lower, *t)).collect();
    let span = parts.iter().map(|(p, _)| p.span()).max().unwrap_or(1);
    let cap = fast_len_below(max_len.max(16));
    if span > cap {
        return Err(Error::Numerical(format!("per-step PLD needs {span} grid points, more than the FFT length cap {cap}; use a larger grid step")));
    }
    let (a_idx, n, capped) = fit_window(&up, &lo, h, ln_tau_window, span, cap);
    let top = a_idx + n as i64 - 1;
    let tail = |p: &Parts, lo_side: bool| -> f64 {
        let l = if lo_side { window::ln_tail_lo_up(p, (a_idx - 1) as f64 * h) } else { window::ln_tail_hi_up(p, (top + 1) as f64 * h) };
        // Rounding up: exp of an upper bound, one ulp more.
        if l == f64::NEG_INFINITY { 0.0 } else { up_ulps(l.exp(), 2).min(1.0) }
    };
    let (tlu, thu, tll, thl) = (tail(&up, true), tail(&up, false), tail(&lo, true), tail(&lo, false));

    let conv = convolve(planner, parts, a_idx, n);
    let (inf_upper, inf_lower) = composed_inf_mass(parts);
    let top_possible: i64 = parts.iter().map(|(p, t)| *t as i64 * p.upper.k_hi().max(p.lower.k_hi())).sum();
    Ok(ComposedDirection {
        direction,
        h,
        a: a_idx,
        upper: conv.upper,
        lower: conv.lower,
        inf_upper,
        inf_lower,
        tau_lo_upper: tlu,
        tau_hi_upper: thu,
        tau_lo_lower: tll,
        tau_hi_lower: thl,
        eta_l2: conv.eta_l2,
        nu_neg: conv.nu_neg,
        window_capped: capped,
        top_possible,
        tilt: None,
    })
}

/// Window `[a, a + n − 1]` for the parts at tail level `e^{ln_tau_window}` on each side; when it
/// would exceed `cap`, the tail level is raised until it fits and the window is marked capped.
pub(crate) fn fit_window(up: &Parts, lo: &Parts, h: f64, ln_tau_window: f64, span: usize, cap: usize) -> (i64, usize, bool) {
    let (mut a_idx, mut n, mut capped) = choose_window(up, lo, h, ln_tau_window, span, cap);
    if n > cap {
        // Shorten: raise the tail level until the window fits (bisection on ln τ).
        capped = true;
        // Bracket [ln τ_window, 0]: the window at ln τ_window does not fit (n > cap above); 0 is
        // the fallback end. `below` = the window still does not fit; the fitting (upper) end is kept.
        let too_long = |lt: &f64| Ok::<_, RootError>(choose_window(up, lo, h, *lt, span, cap).1 > cap);
        let lt_ok = root(too_long, Bracket::established(ln_tau_window, 0.0), &Stop::iterations(40), Side::Upper).unwrap_or(0.0);
        let (a2, n2, _) = choose_window(up, lo, h, lt_ok, span, cap);
        a_idx = if n2 <= cap { a2 } else { a_idx };
        n = cap;
    }
    (a_idx, n, capped)
}

/// The circular convolution of the parts read on the window `[a, a + n − 1]`, with its
/// floating-point error terms (see [`ComposedDirection::eta_l2`], [`ComposedDirection::nu_neg`]).
pub(crate) struct Conv {
    /// Upper result, negative entries clipped to 0.
    pub upper: Vec<f64>,
    /// Lower result, unclipped.
    pub lower: Vec<f64>,
    pub eta_l2: f64,
    pub nu_neg: f64,
}

/// `IFFT(Π_i FFT_N(w_i)^{T_i})` for the upper and lower objects (packed in one complex
/// transform), read on the window starting at composed index `a_idx`.
pub(crate) fn convolve(planner: &mut FftPlanner<f64>, parts: &[(&StepPair, u64)], a_idx: i64, n: usize) -> Conv {
    let fwd = planner.plan_fft_forward(n);
    let inv = planner.plan_fft_inverse(n);
    let (mut acc_ure, mut acc_uim) = (vec![1.0f64; n], vec![0.0f64; n]);
    let (mut acc_lre, mut acc_lim) = (vec![1.0f64; n], vec![0.0f64; n]);
    let (mut ure, mut uim, mut lre, mut lim) = (vec![0.0f64; n], vec![0.0f64; n], vec![0.0f64; n], vec![0.0f64; n]);
    let mut buf = vec![Complex::new(0.0, 0.0); n];
    let mut o: i64 = 0;
    let mut sum_t = 0.0f64;
    // Forward-error propagation (see `eta_l2`): ln Π_j(|z̃_j| + e_j)^{T_j} and Σ_i T_i e_i/(|z̃_i| + e_i).
    let (mut ln_mu, mut ln_ml) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (mut su, mut sl) = (vec![0.0f64; n], vec![0.0f64; n]);
    let eps_fft = 10.0 * U * (n as f64).log2().ceil().max(1.0);
    for (p, t) in parts {
        let base = p.base();
        o += *t as i64 * base;
        sum_t += *t as f64;
        buf.iter_mut().for_each(|z| *z = Complex::new(0.0, 0.0));
        for (i, w) in p.upper.masses.iter().enumerate() {
            buf[(p.upper.k_lo - base) as usize + i].re = *w;
        }
        for (i, w) in p.lower.masses.iter().enumerate() {
            buf[(p.lower.k_lo - base) as usize + i].im = *w;
        }
        fwd.process(&mut buf);
        let l1 = p.upper.masses.iter().chain(p.lower.masses.iter()).map(|w| w.abs()).sum::<f64>();
        let e = up_ulps(eps_fft * l1 * 1.01, 2);
        let tf = *t as f64;
        // Unpack the two real transforms (structure of arrays for the powering below).
        for k in 0..n {
            let zk = buf[k];
            let zc = buf[(n - k) % n].conj();
            let wu = (zk + zc) * 0.5;
            let d = zk - zc;
            ure[k] = wu.re;
            uim[k] = wu.im;
            lre[k] = 0.5 * d.im;
            lim[k] = -0.5 * d.re;
            let (au, al) = (wu.norm() * (1.0 + 4.0 * U) + e, d.norm() * 0.5 * (1.0 + 4.0 * U) + e);
            // Rounding up: each logarithm moved up by 4u relative + 4u absolute.
            let (lu, ll) = (au.ln(), al.ln());
            ln_mu[k] += tf * (lu + 4.0 * U * (lu.abs() + 1.0));
            ln_ml[k] += tf * (ll + 4.0 * U * (ll.abs() + 1.0));
            if e > 0.0 {
                su[k] += tf * e / au * (1.0 + 4.0 * U);
                sl[k] += tf * e / al * (1.0 + 4.0 * U);
            }
        }
        pow_mul_into(&mut ure, &mut uim, &mut acc_ure, &mut acc_uim, *t);
        pow_mul_into(&mut lre, &mut lim, &mut acc_lre, &mut acc_lim, *t);
    }
    let (mut f2, mut c2) = (0.0f64, 0.0f64); // ‖F^U‖² + ‖F^L‖² terms and ‖Ĉ^U‖, ‖Ĉ^L‖ parts
    let (mut c2u, mut c2l) = (0.0f64, 0.0f64);
    for k in 0..n {
        let (fu, fl) = (ln_mu[k].exp() * su[k], ln_ml[k].exp() * sl[k]);
        f2 += fu * fu + fl * fl;
        c2u += acc_ure[k] * acc_ure[k] + acc_uim[k] * acc_uim[k];
        c2l += acc_lre[k] * acc_lre[k] + acc_lim[k] * acc_lim[k];
        buf[k] = Complex::new(acc_ure[k] - acc_lim[k], acc_uim[k] + acc_lre[k]);
    }
    c2 += c2u.sqrt() + c2l.sqrt();
    inv.process(&mut buf);
    let scale = 1.0 / n as f64;
    let mut upper = vec![0.0; n];
    let mut lower = vec![0.0; n];
    let mut nu = 0.0f64;
    for i in 0..n {
        let m = a_idx + i as i64;
        let p = (m - o).rem_euclid(n as i64) as usize;
        let (cu, cl) = (buf[p].re * scale, buf[p].im * scale);
        nu = nu.max(-cu).max(-cl);
        // Clipping negative upper entries to 0 only increases the upper bound (η_fp is added).
        upper[i] = cu.max(0.0);
        lower[i] = cl;
    }
    let eps_pow = 1.01 * 5f64.sqrt() * U * (sum_t + parts.len() as f64);
    // ‖F^U‖₂ + ‖F^L‖₂ ≤ √2·√(‖F^U‖² + ‖F^L‖²); norms inflated by 1 % for their own rounding; the
    // flushed components (< 1e−150 each, at most 4 per entry and product) add ≤ 4N·1e−150·√N.
    let sqrt_n = (n as f64).sqrt();
    let eta_l2 = up_ulps(1.01 * ((2.0 * f2).sqrt() + (eps_pow + eps_fft) * c2) / sqrt_n + 4.0 * n as f64 * 1e-150, 4);

    Conv { upper, lower, eta_l2, nu_neg: nu.max(0.0) }
}

/// Window start index and (fast) length for a Chernoff tail level.
fn choose_window(up: &Parts, lo: &Parts, h: f64, ln_tau: f64, span: usize, cap: usize) -> (i64, usize, bool) {
    let b = window::quantile_hi(up, ln_tau).max(window::quantile_hi(lo, ln_tau));
    let a = window::quantile_lo(up, ln_tau).min(window::quantile_lo(lo, ln_tau));
    let a_idx = (a / h).floor() as i64;
    let b_idx = ((b / h).ceil() as i64).max(a_idx);
    let need = ((b_idx - a_idx + 1) as usize).max(span);
    let n = fast_len(need);
    (a_idx, n, n > cap)
}

/// Components below this are set to 0 so that no operand or result is subnormal.
const TINY: f64 = 1e-150;

#[inline]
fn flushed(x: f64) -> f64 {
    if x.abs() < TINY { 0.0 } else { x }
}

/// `acc[k] *= z[k]^t` for every k by binary exponentiation (the same sequence of squarings and
/// products for all entries, so the loops vectorise). `z` is overwritten.
fn pow_mul_into(zre: &mut [f64], zim: &mut [f64], are: &mut [f64], aim: &mut [f64], mut t: u64) {
    let n = zre.len();
    while t > 0 {
        if t & 1 == 1 {
            for k in 0..n {
                let (a, b, c, d) = (are[k], aim[k], zre[k], zim[k]);
                are[k] = flushed(a * c - b * d);
                aim[k] = flushed(a * d + b * c);
            }
        }
        t >>= 1;
        if t > 0 {
            for k in 0..n {
                let (c, d) = (zre[k], zim[k]);
                zre[k] = flushed(c * c - d * d);
                zim[k] = flushed(2.0 * c * d);
            }
        }
    }
}

/// Composed infinite masses (upper rounded up, lower rounded down), spec §4.3.
pub(crate) fn composed_inf_mass(parts: &[(&StepPair, u64)]) -> (f64, f64) {
    let one = |objs: Vec<(&DiscretePld, u64)>, upward: bool| -> f64 {
        if objs.iter().all(|(p, _)| p.inf_mass == 0.0) {
            return 0.0;
        }
        let rnd = |x: f64| if upward { up_ulps(x, 2) } else { down_ulps(x, 2) };
        let (mut a, mut d) = (0.0f64, 0.0f64);
        let mut all_finite_positive = true;
        for (p, t) in objs {
            let (f, w, t) = (p.finite_mass(), p.inf_mass, t as f64);
            // Rounding: every logarithm and partial sum in the requested direction.
            a = rnd(a + t * rnd((f + w).ln()));
            if f > 0.0 {
                d = rnd(d + t * rnd((w / f).ln_1p()));
            } else {
                all_finite_positive = false;
            }
        }
        // With some F_i = 0 every composed outcome is +∞: the mass is Π(F_i + w_i)^{T_i} = e^a.
        let v = if all_finite_positive { a.exp() * -(-d).exp_m1() } else { a.exp() };
        if upward { up_ulps(v, 4).min(1.0) } else { down_ulps(v, 4).max(0.0) }
    };
    let up = one(parts.iter().map(|(p, t)| (&p.upper, *t)).collect(), true);
    let lo = one(parts.iter().map(|(p, t)| (&p.lower, *t)).collect(), false);
    (up, lo)
}
