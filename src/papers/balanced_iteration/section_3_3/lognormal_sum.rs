//! Certified law of a sum of `T` i.i.d. lognormal likelihood ratios, and the two hockey-stick
//! divergences of random allocation with `k = 1` (Balanced Iteration Subsampling with one use per
//! record; "balls-and-bins"; Feldman & Shenfeld 2025's 1-of-T allocation) built on it.
//!
//! **The reduction (spec §0.3, §11, k = 1).** For `Q = N(0, σ²I_T)` and
//! `P = T⁻¹ Σ_t N(c e_t, σ²I_T)`, `dP/dQ(x) = S/T` with `S = Σ_t Y_t`,
//! `Y_t = exp(a Z_t − a²/2)`, `Z_t = x_t/σ` i.i.d. `N(0, 1)` under `Q`, `a = c/σ` (`E Y = 1`). So
//! `H_{e^ε}(P‖Q) = E_Q[φ(S)]`, `φ(s) = (s/T − e^ε)_+` (non-decreasing), and
//! `H_{e^ε}(Q‖P) = E_Q[ψ(S)]`, `ψ(s) = (1 − e^ε s/T)_+` (non-increasing); both are
//! `1/T`- resp. `e^ε/T`-Lipschitz.
//!
//! **Lattice.** Grid `g_n = n·h`, `n = 0..=N_y`, `y₀ = N_y·h`. `Y_↓` puts the mass of
//! `[g_n, g_{n+1})` at `g_n` and the mass of `[y₀, ∞)` at `y₀`; its tail sums are
//! `P(Y_↓ ≥ g_n) = P(Y ≥ g_n) = Φ̄(z_n)`, `z_n = (ln g_n + a²/2)/a`. Pathwise
//! `Y_↓ ≤ Y ≤ Y_↓ + h + (Y − y₀)_+`, so with `S_↓ = Σ Y_↓,t` and `R = Σ (Y_t − y₀)_+`:
//! `S_↓ ≤ S ≤ S_↓ + T h + R`. Hence (monotonicity and Lipschitz bounds, `E R/T = e_tr`):
//! * (a) `H(P‖Q) ≤ E φ(S_↓ + Th) + e_tr`;  (b) `H(P‖Q) ≥ E φ(S_↓)`;
//! * (c) `H(Q‖P) ≤ E ψ(S_↓)`;               (d) `H(Q‖P) ≥ E ψ(S_↓ + Th) − e^ε e_tr`;
//! with `e_tr = E(Y − y₀)_+ = Φ̄(z₀ − a) − y₀Φ̄(z₀) ≤ Φ̄(z₀ − a)` (lognormal partial mean).
//! Truncation costs nothing in (b), (c) (`Y_↓ ≤ Y` there).
//!
//! **Evaluation errors** (the model of `pld::discretise`: each `Φ̄` value within relative
//! [`RHO`] of the exact one, plus the propagated error of the f64 argument `z_n`): two lattice
//! objects are built from the tail sums rounded outward, `A` (tails ≥ those of `Y_↓`) and `B`
//! (tails ≤), both with total tail `T_0 = 1` exactly. Tail-sum dominance of non-negative measures
//! is preserved by convolution (summation by parts), so `E f(S_A) ≥ E f(S_↓)` and
//! `E f(S_B) ≤ E f(S_↓)` for non-decreasing `f ≥ 0`. For the non-increasing `ψ` the cumulative
//! sums are needed: with `T_0 = 1` and masses rounded (up for `A`, down for `B`) by at most 2u
//! relative, `cdf_A ≤ (1 + 2u) cdf_↓` and `cdf_B ≥ (1 − 2u) cdf_↓` pointwise, and the factors
//! compose to `(1 ± 2u)^T`. So (a) and (d) use `A` (shifted by `T h`), (b) and (c) use `B`.
//!
//! **Composition** of the `T` copies: `pld::compose::compose_direction` (one complex FFT carries
//! both objects; powers by binary exponentiation; the window, the Chernoff bounds `τ` on the mass
//! outside it and the ℓ2 floating-point bound `η₂` are documented there). On the window the
//! computed vector `c̃` satisfies `‖c̃ − c_circ‖₂ ≤ η₂` with `c_circ ≥ c` (aliasing only adds
//! mass). For `f ≥ 0`: upper `Σ_all f c ≤ Σ_win f c̃ + ‖f‖₂η₂ + (outside)`, lower
//! `Σ_all f c ≥ Σ_win f c̃ − ‖f‖₂η₂ − max_win f·(τ_lo + τ_hi)`. Above the window `φ` is
//! unbounded: `Σ_{x>B} x c_x ≤ M(λ + λ') e^{−λB}/(eλ')` (since `x·1{x ≥ B} ≤ x e^{λ(x−B)}` and
//! `x ≤ e^{λ'x}/(eλ')`), with the Chernoff cumulant of `pld::window`.
//!
//! **Sums over the window** are read from suffix sums `C_j = Σ_{i≥j} c̃_i`,
//! `X_j = Σ_{i≥j} i c̃_i` (Neumaier), so each `δ(ε)` costs O(1) after one O(N) pass. Every
//! value is rounded in the safe direction by an explicit allowance (`32u` of the magnitudes).
//!
//! **Accuracy.** `S_↑ − S_↓ = Th` exactly, so the interval is a shift of `S/T` by `h`: its ε
//! width is about `h e^{−ε}` (first order in `h`).

use crate::error::{Error, Result};
use crate::mechanisms::Direction;
use crate::num::special::ndtr;
use crate::pld::compose::{compose_direction, ComposedDirection, StepPair};
use crate::pld::pmf::{snap_grid_step, DiscretePld};
use crate::pld::window::composed_cgf_up;
use crate::num::Interval;
use rustfft::FftPlanner;

/// Relative error allowed for each f64 `Φ̄` evaluation (the default `eval_rel_err` of the PLD
/// accountant, ten times what `erfc` achieves).
pub const RHO: f64 = 1e-13;

const U: f64 = f64::EPSILON / 2.0;

/// `Φ̄(z) = P(Z > z)`: `erfc` form for `z ≥ 0` (relative accuracy), `1 − Φ(z)` otherwise
/// (value ≥ ½, so relative accuracy too).
pub fn norm_sf(z: f64) -> f64 {
    ndtr(-z)
}

/// Options of the lattice computation.
#[derive(Clone, Copy, Debug)]
pub struct LatticeOptions {
    /// Grid step `h` of `Y` and `S` (snapped to a 16-bit significand, `pld::pmf::snap_grid_step`).
    pub h: f64,
    /// Budget for the truncation term `e_tr = E(Y − y₀)_+` (chooses `y₀`).
    pub trunc_budget: f64,
    /// Chernoff tail level of the composition window (each side).
    pub tail_level: f64,
    /// FFT length cap.
    pub max_len: usize,
}

/// The certified law of `S = Σ_{t ≤ T} Y_t` on a window, with everything needed for (a)–(d).
#[derive(Clone, Debug)]
pub struct LognormalSum {
    pub t: u64,
    /// `a = c/σ`.
    pub a: f64,
    pub h: f64,
    /// Top lattice index of `Y_↓` (`y₀ = n_y·h`).
    pub n_y: usize,
    /// Upper bound on `E(Y − y₀)_+` (rounded up).
    pub e_trunc: f64,
    /// Window start index and length.
    pub win_a: i64,
    pub len: usize,
    /// Suffix sums of the composed `A` and `B` on the window (`C_j`, `X_j`), length `len + 1`.
    ca: Vec<f64>,
    xa: Vec<f64>,
    cb: Vec<f64>,
    xb: Vec<f64>,
    /// ℓ2 floating-point bound of both composed vectors.
    pub eta_l2: f64,
    /// Chernoff bounds on the composed mass below / above the window (A, B).
    pub tau_a: (f64, f64),
    pub tau_b: (f64, f64),
    /// Upper bound on `Σ_{x > top} x·c^A_x` (composed `A`, above the window).
    pub above_x_a: f64,
}

/// `y₀` exponent: the smallest `w` (to 1e−3) with `Φ̄(w) ≤ budget`, so that
/// `e_tr ≤ Φ̄(z₀ − a) ≤ budget` for `ln y₀ = a w + a²/2`.
fn trunc_point(a: f64, budget: f64) -> (f64, f64) {
    let mut w = 0.0;
    while norm_sf(w) > budget && w < 38.0 {
        w += 1e-3;
    }
    let ln_y0 = a * w + 0.5 * a * a;
    (ln_y0, w)
}

/// The tail sums `T_n = Φ̄(z_n)` of `Y_↓` for `n = 0..=n_y`, rounded up (`upper`) or down, made
/// monotone, with `T_0 = 1` and a final 0 (no mass at +∞).
fn tails(a: f64, h: f64, n_y: usize, upper: bool) -> Vec<f64> {
    let mut t = Vec::with_capacity(n_y + 2);
    t.push(1.0);
    let half = 0.5 * a * a;
    for n in 1..=n_y {
        let g = n as f64 * h; // exact: snapped h, n < 2^37
        let lg = g.ln();
        let z = (lg + half) / a;
        let v = norm_sf(z);
        // Relative error of Φ̄ at the f64 argument: RHO for the evaluation, plus the hazard
        // (≤ |z| + 1) times the absolute error of z (≤ 8u(|ln g| + a²/2 + |z|a)/a).
        let dz = 8.0 * U * (lg.abs() + half + z.abs() * a) / a;
        let rel = RHO + (z.abs() + 1.0) * dz;
        let r = if upper { (v * (1.0 + rel)).next_up().min(1.0) } else { (v * (1.0 - rel)).next_down().max(0.0) };
        t.push(r);
    }
    // Monotone envelope in the safe direction (the exact tails are non-increasing).
    if upper {
        for n in 1..t.len() {
            t[n] = t[n].min(t[n - 1]);
        }
    } else {
        for n in (1..t.len()).rev() {
            t[n - 1] = t[n - 1].max(t[n]);
        }
        t[0] = 1.0;
    }
    t.push(0.0);
    t
}

/// Neumaier suffix sums `C_j = Σ_{i≥j} c_i`, `X_j = Σ_{i≥j} i c_i`, `j = 0..=len`.
fn suffix_sums(c: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let n = c.len();
    let (mut cs, mut xs) = (vec![0.0; n + 1], vec![0.0; n + 1]);
    let (mut s1, mut k1, mut s2, mut k2) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for i in (0..n).rev() {
        let (v1, v2) = (c[i], c[i] * i as f64);
        let t1 = s1 + v1;
        k1 += if s1.abs() >= v1.abs() { (s1 - t1) + v1 } else { (v1 - t1) + s1 };
        s1 = t1;
        let t2 = s2 + v2;
        k2 += if s2.abs() >= v2.abs() { (s2 - t2) + v2 } else { (v2 - t2) + s2 };
        s2 = t2;
        cs[i] = s1 + k1;
        xs[i] = s2 + k2;
    }
    (cs, xs)
}

/// Upper bound on `Σ_{x ≥ b} x c_x` for the `T`-fold composition of `obj` (module doc).
fn above_x(obj: &DiscretePld, t: u64, b: f64) -> f64 {
    let lp = 1.0 / b; // λ' = 1/B: tight at x = B
    let mut best = f64::INFINITY;
    for i in -30..=10 {
        let l = 2f64.powf(i as f64 / 2.0) / b;
        let k = composed_cgf_up(&[(obj, t)], l + lp);
        let v = (k - l * b).exp() / (std::f64::consts::E * lp);
        if v.is_finite() {
            best = best.min(v);
        }
    }
    // Rounding up: the exponent is an upper bound; 1 % for the f64 exp and product.
    (best * 1.01).next_up()
}

impl LognormalSum {
    /// The truncation point `y₀` used for a budget (before rounding up to the grid).
    pub fn truncation_point(a: f64, budget: f64) -> f64 {
        trunc_point(a, budget).0.exp()
    }

    /// Build and compose the lattice objects for `T` terms, `a = c/σ`.
    /// Errors: a grid that needs more than `opts.max_len` FFT points.
    pub fn new(t: u64, a: f64, opts: &LatticeOptions) -> Result<LognormalSum> {
        let h = snap_grid_step(opts.h);
        let (ln_y0, w) = trunc_point(a, opts.trunc_budget);
        // In f64 first: for large a = c/σ, y₀ = e^{a w + a²/2} overflows any integer type.
        let n_y_f = (ln_y0.exp() / h).ceil().max(2.0);
        if !(n_y_f + 1.0 <= (opts.max_len / 2) as f64) {
            return Err(Error::Unsupported(format!("lognormal lattice needs {:.4e} points (h = {h:e}, c/σ = {a}); above the FFT cap {}", n_y_f + 1.0, opts.max_len)));
        }
        let n_y = n_y_f as usize;
        // The grid top is ≥ exp(ln y0), so z₀ ≥ w + a and e_tr ≤ Φ̄(w); rounded up.
        let e_trunc = (norm_sf(w) * (1.0 + 2.0 * RHO)).next_up();
        let ta = tails(a, h, n_y, true);
        let tb = tails(a, h, n_y, false);
        let obj_a = DiscretePld::from_tails_upper(h, 0, &ta);
        let obj_b = DiscretePld::from_tails_lower(h, 0, &tb);
        drop((ta, tb));
        let pair = StepPair { upper: obj_a, lower: obj_b };
        let mut planner = FftPlanner::<f64>::new();
        let cd: ComposedDirection = compose_direction(&mut planner, Direction::Remove, &[(&pair, t)], opts.tail_level.ln(), opts.max_len)?;
        let top_x = (cd.a + cd.len() as i64) as f64 * h;
        let above_x_a = above_x(&pair.upper, t, top_x);
        let (ca, xa) = suffix_sums(&cd.upper);
        let (cb, xb) = suffix_sums(&cd.lower);
        Ok(LognormalSum {
            t,
            a,
            h,
            n_y,
            e_trunc,
            win_a: cd.a,
            len: cd.len(),
            ca,
            xa,
            cb,
            xb,
            eta_l2: cd.eta_l2,
            tau_a: (cd.tau_lo_upper, cd.tau_hi_upper),
            tau_b: (cd.tau_lo_lower, cd.tau_hi_lower),
            above_x_a,
        })
    }

    /// Suffix sums `(C_j, X_j)` of the composed object `A` on the window (module doc).
    pub fn suffix_a(&self) -> (&[f64], &[f64]) {
        (&self.ca, &self.xa)
    }

    /// Suffix sums `(C_j, X_j)` of the composed object `B` on the window.
    pub fn suffix_b(&self) -> (&[f64], &[f64]) {
        (&self.cb, &self.xb)
    }

    /// `Σ_{i ≥ j} ((a_w + i)h + shift)/T·c_i − e^ε C_j` and its rounding allowance.
    fn upper_tail_sum(&self, cs: &[f64], xs: &[f64], j: usize, shift: f64, g: f64) -> (f64, f64) {
        let tf = self.t as f64;
        let base = self.win_a as f64 * self.h + shift;
        let (c, x) = (cs[j], xs[j]);
        let v = (base * c + self.h * x) / tf - g * c;
        let allow = 32.0 * U * ((base * c).abs() / tf + (self.h * x).abs() / tf + g * c.abs()) + 1e-300;
        (v, allow)
    }

    /// `Σ_{i < j} (1 − e^ε((a_w + i)h + shift)/T)·c_i` and its allowance.
    fn lower_head_sum(&self, cs: &[f64], xs: &[f64], j: usize, shift: f64, g: f64) -> (f64, f64) {
        let tf = self.t as f64;
        let base = self.win_a as f64 * self.h + shift;
        let (c, x) = (cs[0] - cs[j], xs[0] - xs[j]);
        let v = c - g * (base * c + self.h * x) / tf;
        let allow = 32.0 * U * (cs[0].abs() + g * ((base * cs[0]).abs() + (self.h * xs[0]).abs()) / tf) + 1e-300;
        (v, allow)
    }

    /// Window index of the first entry with `x + shift > θ` (approximately; callers scan ±1 and
    /// clamp to the window), itself clamped to `[−2, len + 2]` in f64 so that a huge `θ = T e^ε`
    /// (or an infinite one) cannot overflow the integer arithmetic of the callers.
    fn cut(&self, theta: f64, shift: f64) -> i64 {
        let x = ((theta - shift) / self.h - self.win_a as f64).floor() + 1.0;
        if x.is_nan() {
            return 0;
        }
        x.clamp(-2.0, self.len as f64 + 2.0) as i64
    }

    fn clamp_j(&self, j: i64) -> usize {
        j.clamp(0, self.len as i64) as usize
    }

    /// Certified `[lower, upper]` for `H_{e^ε}(P‖Q)` of the 1-of-T pair (module doc, (a) and (b)).
    pub fn delta_pq(&self, eps: f64) -> Interval {
        let tf = self.t as f64;
        let g = eps.exp();
        let theta = tf * g;
        let shift = tf * self.h;
        let top = (self.win_a + self.len as i64 - 1) as f64 * self.h;
        // (a) object A shifted by T h.
        let j0 = self.cut(theta, shift);
        let mut up = f64::NEG_INFINITY;
        for dj in -1..=1 {
            let j = self.clamp_j(j0 + dj);
            let (v, al) = self.upper_tail_sum(&self.ca, &self.xa, j, shift, g);
            up = up.max(v + al);
        }
        let ja = self.clamp_j(j0 - 1);
        let phi_max_a = ((top + shift) / tf - g).max(0.0);
        let l2_a = ((self.len - ja) as f64).sqrt() * phi_max_a;
        let above = self.above_x_a / tf + self.h * self.tau_a.1;
        let upper = (up.max(0.0) + l2_a * self.eta_l2 + above + self.e_trunc) * (1.0 + 8.0 * U);
        // (b) object B, no shift.
        let j0 = self.cut(theta, 0.0);
        let mut lo = f64::NEG_INFINITY;
        for dj in -1..=1 {
            let j = self.clamp_j(j0 + dj);
            let (v, al) = self.upper_tail_sum(&self.cb, &self.xb, j, 0.0, g);
            lo = lo.max(v - al);
        }
        let jb = self.clamp_j(j0 - 1);
        let phi_max_b = (top / tf - g).max(0.0);
        let l2_b = ((self.len - jb) as f64).sqrt() * phi_max_b;
        let lower = (lo - l2_b * self.eta_l2 - phi_max_b * (self.tau_b.0 + self.tau_b.1)) * (1.0 - 8.0 * U);
        Interval { lower: lower.max(0.0).min(upper.min(1.0)), upper: upper.min(1.0) }
    }

    /// Certified `[lower, upper]` for `H_{e^ε}(Q‖P)` (module doc, (c) and (d)).
    pub fn delta_qp(&self, eps: f64) -> Interval {
        let tf = self.t as f64;
        let g = eps.exp();
        let theta = tf / g; // ψ > 0 iff s < T e^{−ε}
        let shift = tf * self.h;
        let top = (self.win_a + self.len as i64 - 1) as f64 * self.h;
        let pow_t = |x: f64| (tf * x.ln_1p()).exp();
        // (c) object B, no shift; ψ ≤ 1 below the window, ψ(top) above it.
        let j0 = self.cut(theta, 0.0);
        let mut up = f64::NEG_INFINITY;
        for dj in -1..=1 {
            let j = self.clamp_j(j0 + dj);
            let (v, al) = self.lower_head_sum(&self.cb, &self.xb, j, 0.0, g);
            up = up.max(v + al);
        }
        let jb = self.clamp_j(j0 + 1);
        let psi_top = (1.0 - g * top / tf).max(0.0);
        let l2_b = (jb as f64).sqrt();
        let up_raw = up.max(0.0) + l2_b * self.eta_l2 + self.tau_b.0 + psi_top * self.tau_b.1;
        let upper = (up_raw / pow_t(-2.0 * U)) * (1.0 + 8.0 * U);
        // (d) object A shifted by T h.
        let j0 = self.cut(theta, shift);
        let mut lo = f64::NEG_INFINITY;
        for dj in -1..=1 {
            let j = self.clamp_j(j0 + dj);
            let (v, al) = self.lower_head_sum(&self.ca, &self.xa, j, shift, g);
            lo = lo.max(v - al);
        }
        let ja = self.clamp_j(j0 + 1);
        let l2_a = (ja as f64).sqrt();
        let lo_raw = lo - l2_a * self.eta_l2 - (self.tau_a.0 + self.tau_a.1);
        let lower = (lo_raw / pow_t(2.0 * U) - g * self.e_trunc) * (1.0 - 8.0 * U);
        Interval { lower: lower.max(0.0).min(upper.min(1.0)), upper: upper.min(1.0) }
    }
}

#[cfg(test)]
#[path = "lognormal_sum_test.rs"]
mod lognormal_sum_test;
