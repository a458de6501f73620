//! Certified evaluation of the tilted characteristic function of one subsampled-Gaussian step:
//! `Φ(t) = M(c + it)/M(c)` with `M(z) = ∫ φ_σ(x) e^{(a + i s t)ℓ(x)} dx` (notation of
//! [`super::law`]), by the trapezoid rule on ℝ with an a-priori error bound.
//!
//! **Discretisation error** (trapezoid rule for functions analytic in a strip; Trefethen &
//! Weideman 2014, "The exponentially convergent trapezoidal rule", SIAM Review 56, Theorem 5.1):
//! if `f` is analytic in `|Im x| < y` and `∫|f(x ± iy')|dx ≤ B` for `y' < y`, then for any
//! offset the infinite trapezoid sum with step `h` differs from `∫f` by at most
//! `2B/(e^{2πy/h} − 1)`. Here, for `θ = y/σ² < π/2`:
//! * `|φ_σ(x + iy)| = φ_σ(x)·e^{y²/(2σ²)}`;
//! * `R(x + iy) = (1 − q) + q e^{w} e^{iθ}` is a positive combination of `1` and `e^{iθ}`, so
//!   `arg R ∈ [0, θ]`, `Re R > 0` (the principal `ln R` is analytic) and
//!   `cos θ·R(x) ≤ |R(x + iy)| ≤ R(x)`;
//! * hence `|e^{(a + ist)ℓ(x+iy)}| = |R|^{a}·e^{−st·arg R} ≤ R(x)^{a}·e^{|t|θ}·K`, with `K = 1`
//!   for `a ≥ 0` and `K = (cos θ)^{a}` for `a < 0`;
//! * so `B ≤ e^{y²/(2σ²) + |t|θ}·K·M(c)`.
//! We take `θ = min(θ_max, √80/σ, 1/|t|)` (`θ_max = 1.4`, and `≤ 1/|a|` when `a < 0`, which keeps
//! `K = (cos θ)^{a}` below `e^{1.3}`);
//! the step needed for a relative error `τ` is then `h ≈ 2πσ²θ/ln(2e^{2}K/τ)`.
//!
//! **Moment integrands.** For the Taylor bounds of [`super::fill`] we also need
//! `∫φ_σ R^{a}(ℓ − m)e^{istℓ}` and `∫φ_σ R^{a}(ℓ − m)²`. On the strip
//! `|ℓ(x+iy) − ℓ(x)| = |ln(R(x+iy)/R(x))| ≤ |ln cos θ| + θ =: C_θ`, so the extra factor is at
//! most `|ℓ(x) − m| + C_θ` (resp. `2(ℓ(x) − m)² + 2C_θ²`), and `B` gains the corresponding
//! moment of the tilted law (bounded with Cauchy–Schwarz by the second moment, which is itself
//! bounded from its own trapezoid sum by solving the linear inequality it satisfies).
//!
//! **Truncation** to the nodes in `[x_lo, x_hi]`: [`super::tails::trapezoid_tail`], with
//! `|u| ≤ e^{u} + e^{−u}` and `u² ≤ e^{u} + e^{−u}` for the moment integrands (exponents
//! `a ± 1`).
//!
//! **Rounding.** Nodes are dyadic (`h = 2^{−j}`, `x_lo` a multiple of `h`), so the node set is an
//! exact arithmetic progression. Each term `e^{ln φ + aℓ − shift}·e^{istℓ}` is assumed within
//! relative `3·LIBM_REL + 8u·(|ln φ| + |arg| + (|a| + |t|)·λ + 2)` (λ bounds `|ℓ|` and its
//! rounding error's scale), with `LIBM_REL = 1e−14` (elementary functions; see the constant); sums are
//! blocked (128 terms), error `≤ (128 + n/128 + 2)·u·Σ|terms|`.
//!
//! Levels: level `j` uses step `h₀/2^j` on the same dyadic lattice, so every level's nodes are
//! a subset of the finest level built.

use super::law::{exponent, ln_h_unnormalised, phase_sign, x_range};
use super::tails::trapezoid_tail;
use crate::error::{Error, Result};
use crate::mechanisms::Direction;
use crate::mechanisms::subsampled_gaussian::SgmLoss;
use num_complex::Complex64 as C64;

/// Assumed relative accuracy of the elementary functions `exp`, `ln`, `ln_1p`, `exp_m1`, `sin`,
/// `cos` of the platform libm. glibc documents at most 1–2 ulp (≈ 2e−16) for these on x86_64
/// ("Known Maximum Errors in Math Functions", glibc manual §19.7); 1e−14 leaves a factor ≈ 45.
/// (The FFT route's `PldOptions::eval_rel_err` = 1e−13 is the analogous allowance for its
/// compound one-step `cdf`/`sf` evaluations.)
pub const LIBM_REL: f64 = 1e-14;
const U: f64 = f64::EPSILON / 2.0;
const THETA_MAX: f64 = 1.4;
const BLOCK: usize = 128;
/// Largest node count of one level (2²⁴): beyond it the route reports itself too costly.
pub const MAX_NODES: usize = 1 << 24;

/// One evaluation: `d ≈ Φ(t)` with `|d − Φ(t)| ≤ err`, and (when asked) `d1 ≈ E_c[(ℓ − m)e^{istℓ}]`
/// with `|d1 − ·| ≤ err1`.
#[derive(Clone, Copy, Debug)]
pub struct Eval {
    pub d: C64,
    pub err: f64,
    pub d1: C64,
    pub err1: f64,
    /// Nodes summed (cost accounting).
    pub nodes: usize,
}

/// The tilted transform of one subsampled-Gaussian step at tilt `c` (see the module doc).
#[derive(Clone, Debug)]
pub struct SgmTilt {
    q: f64,
    sigma: f64,
    /// One step's loss: `ℓ(x)` is `loss.ell(x)`.
    loss: SgmLoss,
    pub c: f64,
    a: f64,
    s: f64,
    x_lo: f64,
    x_hi: f64,
    h0: f64,
    shift: f64,
    /// Finest level built and its node data.
    level: u32,
    ell: Vec<f64>,
    r: Vec<f64>,
    /// Per node: `λ_k = |ℓ_k| + |w_k| + |ln q| + 2` (scale of ℓ's rounding error).
    lam_max: f64,
    /// `max_k(|ln φ_k| + |arg_k| + |a|·λ_k)`.
    arg_max: f64,
    /// Per level: `Σ r_k` over the level's nodes times its step, and the node count.
    s0: Vec<f64>,
    n: Vec<usize>,
    /// Mean of ℓ under the (computed) tilt and a certified upper bound on `E_c[(ℓ − m)²]`.
    pub m: f64,
    pub m2_up: f64,
    /// Certified bounds on `ln M(c)` (unshifted).
    pub ln_m_lo: f64,
    pub ln_m_hi: f64,
}

impl SgmTilt {
    /// Build at tilt `c > 0` for `0 < q < 1`, `σ > 0`, with levels up to the one needed for
    /// `|t| ≤ t_max` at relative accuracy 1e−15.
    pub fn new(q: f64, sigma: f64, dir: Direction, c: f64) -> Result<SgmTilt> {
        let a = exponent(dir, c);
        let (lo, hi) = x_range(q, sigma, a);
        let h_req = step_for(0.0, a, sigma, 1e-16);
        if !(h_req.is_finite() && h_req > 0.0) {
            return Err(Error::Numerical(format!("characteristic-function route: no quadrature step for q = {q}, σ = {sigma}, c = {c}")));
        }
        let h0 = 2f64.powi(h_req.log2().floor() as i32);
        let x_lo = (lo / h0).floor() * h0;
        let mut t = SgmTilt {
            q,
            sigma,
            loss: SgmLoss::new(q, sigma, dir),
            c,
            a,
            s: phase_sign(dir),
            x_lo,
            x_hi: hi,
            h0,
            shift: 0.0,
            level: 0,
            ell: Vec::new(),
            r: Vec::new(),
            lam_max: 0.0,
            arg_max: 0.0,
            s0: Vec::new(),
            n: Vec::new(),
            m: 0.0,
            m2_up: 0.0,
            ln_m_lo: 0.0,
            ln_m_hi: 0.0,
        };
        t.build(0, true)?;
        let e0 = t.abs_err(0, 0.0, false);
        let rel0 = e0 / t.s0[0];
        if !(rel0 < 1e-9) {
            return Err(Error::Numerical(format!("characteristic-function route: the tilted normaliser at c = {c} has relative error bound {rel0:e}")));
        }
        let ln_s0 = t.s0[0].ln();
        let ln_s = ln_s0 + t.shift;
        let slack = LIBM_REL * ln_s0.abs() + 4.0 * U * (ln_s0.abs() + t.shift.abs()) + 1e-300;
        t.ln_m_lo = ln_s + (-rel0).ln_1p() * (1.0 + 1e-12) - slack; // downward
        t.ln_m_hi = ln_s + rel0.ln_1p() * (1.0 + 1e-12) + slack; // upward
        t.moments();
        Ok(t)
    }

    /// Step of level `j`.
    fn h(&self, j: u32) -> f64 {
        self.h0 / 2f64.powi(j as i32)
    }

    /// (Re)build node data at level `j` (and the per-level sums of every coarser level).
    fn build(&mut self, j: u32, first: bool) -> Result<()> {
        let h = self.h(j);
        let n = ((self.x_hi - self.x_lo) / h).ceil() as usize + 1;
        if n > MAX_NODES {
            return Err(Error::Unsupported(format!("characteristic-function route: {n} quadrature nodes needed (more than {MAX_NODES}); use the fft method")));
        }
        let s2 = self.sigma * self.sigma;
        let lnq = self.q.ln();
        let ln_norm = (self.sigma * (2.0 * std::f64::consts::PI).sqrt()).ln();
        let mut ell = Vec::with_capacity(n);
        let mut args = Vec::with_capacity(n);
        let (mut lam_max, mut arg_max) = (0.0f64, 0.0f64);
        for k in 0..n {
            let x = self.x_lo + k as f64 * h; // exact: dyadic lattice
            let w = (2.0 * x - 1.0) / (2.0 * s2);
            let l = self.loss.ell(x);
            let ln_phi = -x * x / (2.0 * s2) - ln_norm;
            let arg = ln_phi + self.a * l;
            let lam = l.abs() + w.abs() + lnq.abs() + 2.0;
            lam_max = lam_max.max(lam);
            arg_max = arg_max.max(ln_phi.abs() + arg.abs() + self.a.abs() * lam);
            ell.push(l);
            args.push(arg);
        }
        if first {
            self.shift = args.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
        }
        self.r = args.iter().map(|&g| (g - self.shift).exp()).collect();
        self.ell = ell;
        self.lam_max = lam_max;
        self.arg_max = arg_max + self.shift.abs();
        self.level = j;
        self.s0.clear();
        self.n.clear();
        for jj in 0..=j {
            let stride = 1usize << (j - jj);
            let (sum, cnt) = blocked_sum(self.r.iter().step_by(stride).cloned());
            self.s0.push(sum * self.h(jj));
            self.n.push(cnt);
        }
        Ok(())
    }

    /// Absolute error bound (shifted units) of the level-`j` sum at `t` for the plain integrand,
    /// or for the `(ℓ − m)` integrand when `first_moment`.
    fn abs_err(&self, j: u32, t: f64, first_moment: bool) -> f64 {
        let h = self.h(j);
        let theta = theta_for(t, self.a, self.sigma);
        let y = self.sigma * self.sigma * theta;
        let m_up = self.s0[0] * (1.0 + 1e-9); // M(c) in shifted units, upward (certified at build: level-0 relative error < 1e−9)
        let c_theta = theta + (-theta.cos().ln());
        let base = if first_moment { (self.m2_up.sqrt() + c_theta) * m_up } else { m_up };
        let disc = 2.0 * growth(t, theta, self.sigma, self.a) * base / (2.0 * std::f64::consts::PI * y / h).exp_m1();
        let x_last = self.x_lo + (self.n[j as usize] - 1) as f64 * h;
        let tails = if first_moment {
            let e_m = (-self.m).exp();
            e_m * trapezoid_tail(self.q, self.sigma, self.a + 1.0, self.x_lo, x_last) + e_m.recip() * trapezoid_tail(self.q, self.sigma, self.a - 1.0, self.x_lo, x_last)
        } else {
            trapezoid_tail(self.q, self.sigma, self.a, self.x_lo, x_last)
        } * (-self.shift).exp();
        let n = self.n[j as usize];
        // ℓ_k carries the libm error of ln q, ln(1−q) and ln_add_exp (≤ 2·LIBM_REL·λ absolute),
        // which enters the amplitude times |a| and the phase times |t|
        let eta = 3.0 * LIBM_REL + 8.0 * U * (self.arg_max + 2.0) + (8.0 * U + 2.0 * LIBM_REL) * (t.abs() + self.a.abs()) * self.lam_max;
        let sum_err = (BLOCK + n / BLOCK + 2) as f64 * U;
        let mag = if first_moment { m_up * (self.m.abs() + self.lam_max) } else { m_up };
        (disc + tails + (eta + sum_err) * mag) * (1.0 + 1e-12) // upward
    }

    /// Coarsest level whose discretisation error at `t` is below `tol` (relative to M(c)).
    fn level_for(&self, t: f64, tol: f64) -> u32 {
        let j = (self.h0 / step_for(t, self.a, self.sigma, tol)).log2().ceil().max(0.0);
        if j.is_finite() { j.min(40.0) as u32 } else { 40 } // level 40 exceeds MAX_NODES: a clean error in `build`
    }

    /// Node count that an evaluation at `t` with tolerance `tol` would sum (cost estimate).
    pub fn nodes_for(&self, t: f64, tol: f64) -> usize {
        let j = self.level_for(t, tol);
        ((self.x_hi - self.x_lo) / self.h(j)).ceil() as usize + 1
    }

    /// `Φ(t)` (and, with `moments`, the centred first-moment transform) with certified errors;
    /// `tol` selects the level (the returned `err` is the actual bound, whatever `tol`).
    pub fn eval(&mut self, t: f64, tol: f64, moments: bool) -> Result<Eval> {
        let j = self.level_for(t, tol);
        if j > self.level {
            self.build(j, false)?;
        }
        let stride = 1usize << (self.level - j);
        let st = self.s * t;
        let (mut acc, mut blk) = (C64::new(0.0, 0.0), C64::new(0.0, 0.0));
        let (mut acc1, mut blk1) = (C64::new(0.0, 0.0), C64::new(0.0, 0.0));
        let mut cnt = 0usize;
        for k in (0..self.r.len()).step_by(stride) {
            let (sn, cs) = (st * self.ell[k]).sin_cos();
            let v = C64::new(self.r[k] * cs, self.r[k] * sn);
            blk += v;
            if moments {
                blk1 += v * (self.ell[k] - self.m);
            }
            cnt += 1;
            if cnt % BLOCK == 0 {
                acc += blk;
                acc1 += blk1;
                blk = C64::new(0.0, 0.0);
                blk1 = C64::new(0.0, 0.0);
            }
        }
        acc += blk;
        acc1 += blk1;
        let h = self.h(j);
        let s0 = self.s0[j as usize];
        let d = acc * h / s0;
        let e0 = self.abs_err(j, 0.0, false);
        let err = ((self.abs_err(j, t, false) + e0) / s0 + 4.0 * U) * (1.0 + 1e-12); // upward
        let (d1, err1) = if moments {
            let d1 = acc1 * h / s0;
            // |S1/S0 − E1/M| ≤ a1/S0 + |E1/M|·a0/S0 with |E1/M| ≤ √m2
            ((d1), ((self.abs_err(j, t, true) + self.m2_up.sqrt() * e0) / s0 + 4.0 * U * (d1.norm() + 1e-300)) * (1.0 + 1e-12))
        } else {
            (C64::new(0.0, 0.0), 0.0)
        };
        Ok(Eval { d, err, d1, err1, nodes: cnt })
    }

    /// Mean `m` and a certified upper bound on `E_c[(ℓ − m)²]` at level 0.
    fn moments(&mut self) {
        let s0 = self.s0[0] / self.h0;
        let m = blocked_sum(self.r.iter().zip(&self.ell).map(|(r, l)| r * l)).0 / s0;
        self.m = m;
        let s2 = blocked_sum(self.r.iter().zip(&self.ell).map(|(r, l)| r * (l - m) * (l - m))).0 / s0;
        // Error of the (ℓ−m)² sum, relative to M: discretisation c1·(2·m2 + 2C_θ²) (+ tails +
        // rounding); solve m2 ≤ s2 + c1(2m2 + 2C²) + rest for m2.
        let theta = theta_for(0.0, self.a, self.sigma);
        let y = self.sigma * self.sigma * theta;
        let c1 = 2.0 * growth(0.0, theta, self.sigma, self.a) * (1.0 + 1e-9) / (2.0 * std::f64::consts::PI * y / self.h0).exp_m1();
        let c_theta = theta + (-theta.cos().ln());
        let x_last = self.x_lo + (self.n[0] - 1) as f64 * self.h0;
        let e_m = (-m).exp();
        let tails = (e_m * trapezoid_tail(self.q, self.sigma, self.a + 1.0, self.x_lo, x_last) + e_m.recip() * trapezoid_tail(self.q, self.sigma, self.a - 1.0, self.x_lo, x_last)) * (-self.shift).exp() / self.s0[0];
        let eta = 3.0 * LIBM_REL + 8.0 * U * (self.arg_max + 2.0) + (BLOCK + self.n[0] / BLOCK + 2) as f64 * U;
        let round = (eta + 2.0 * LIBM_REL * self.a.abs() * self.lam_max) * (m.abs() + self.lam_max).powi(2);
        let rest = 2.0 * c1 * c_theta * c_theta + tails + round + 1e-9 * s2; // 1e−9: normaliser's relative error
        let m2 = (s2 + rest) / (1.0 - 2.0 * c1) * (1.0 + 1e-12); // upward
        // 2c1 ≥ 1 or a non-finite value would make this no bound at all: +∞ then stops the
        // Taylor fill cleanly instead of dropping the curvature term
        self.m2_up = if 2.0 * c1 < 1.0 && m2.is_finite() { m2.max(0.0) } else { f64::INFINITY };
    }

    /// Upper bound on `sup_x h(x)`, `h = g_c/|ℓ'|`, `g_c = φ_σR^{a}/M(c)` the tilted density of
    /// x, used for the Riemann–Lebesgue bound `|Φ(t)| ≤ TV(h)/|t| ≤ 4·sup h/|t|` of
    /// [`super::fill`] (see there for why TV(h) ≤ 4 sup h). `ln h = ln φ_σ + (a + 1)ℓ − w +
    /// ln(σ²/q) − ln M`; its derivative is `(−x − 1 + (a + 1)ν(x))/σ²` with `ν = qe^{w}/R ∈ (0, 1)`,
    /// so `h` is monotone outside `[A, B] = [min(0, a+1) − 1, max(0, a+1) − 1]`, and on a cell of
    /// width `d` inside, `ln h ≤ ln h(x_k) + d·max|(ln h)'|`.
    pub fn sup_h(&self) -> Result<f64> {
        let s2 = self.sigma * self.sigma;
        let b = self.a + 1.0;
        let (lo, hi) = (b.min(0.0) - 1.0, b.max(0.0) - 1.0);
        let slope = (lo.abs().max(hi.abs()) + 1.0 + b.abs()) / s2;
        let d = (0.05 / slope).min((hi - lo).max(1e-3));
        let cells_f = ((hi - lo) / d).ceil().max(1.0);
        if !(cells_f <= 2e7) {
            return Err(Error::Unsupported(format!("characteristic-function route: the Riemann–Lebesgue constant needs {cells_f:.1e} cells at c = {}, σ = {}; use the fft method", self.c, self.sigma)));
        }
        let cells = cells_f as usize;
        let best = (0..=cells).map(|k| ln_h_unnormalised(&self.loss, b, lo + k as f64 * d)).fold(f64::NEG_INFINITY, f64::max);
        let ln_sup = best + d * slope - self.ln_m_lo + 1e-9 * (1.0 + best.abs()); // upward
        Ok(ln_sup.exp() * (1.0 + 3.0 * LIBM_REL + 1e-12)) // upward
    }
}

/// Strip half-width angle `θ = y/σ²` used at `t` (also `≤ √80/σ`, so that the factor
/// `e^{y²/(2σ²)} = e^{σ²θ²/2}` stays below `e^{40}` for large σ).
fn theta_for(t: f64, a: f64, sigma: f64) -> f64 {
    let mut th = THETA_MAX.min(80f64.sqrt() / sigma);
    if t != 0.0 {
        th = th.min(1.0 / t.abs());
    }
    if a < 0.0 {
        th = th.min(1.0 / a.abs());
    }
    th
}

/// Largest step whose discretisation error at `t` is below `tol` relative to M(c):
/// `2B/(e^{2πy/h} − 1) ≤ tol·M` with `B ≤ growth·M·(1 + 1e−9)` (module doc).
fn step_for(t: f64, a: f64, sigma: f64, tol: f64) -> f64 {
    let theta = theta_for(t, a, sigma);
    let need = (2.0 * growth(t, theta, sigma, a) * (1.0 + 1e-9) / tol).ln_1p();
    2.0 * std::f64::consts::PI * sigma * sigma * theta / need
}

/// `e^{y²/(2σ²) + |t|θ}·K` of the module doc.
fn growth(t: f64, theta: f64, sigma: f64, a: f64) -> f64 {
    let y = sigma * sigma * theta;
    let k = if a < 0.0 { theta.cos().powf(a) } else { 1.0 };
    (y * y / (2.0 * sigma * sigma) + t.abs() * theta).exp() * k * (1.0 + 1e-12)
}

/// Sum in blocks of [`BLOCK`] terms; returns the sum and the count.
fn blocked_sum(it: impl Iterator<Item = f64>) -> (f64, usize) {
    let (mut acc, mut blk, mut n) = (0.0, 0.0, 0usize);
    for v in it {
        blk += v;
        n += 1;
        if n % BLOCK == 0 {
            acc += blk;
            blk = 0.0;
        }
    }
    (acc + blk, n)
}
