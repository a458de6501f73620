//! Certified evaluation and inversion of the profile of a composed discrete PLD
//! (foundations spec §4.7 step 7, §1.5 item 8).
//!
//! For a window result `c_m` (indices `m ∈ [a, top]`, loss `x_m = m h`) the finite part of the
//! profile at `ε = x_j + s`, `0 ≤ s < h`, is `Σ_{m>j} c_m(1 − e^{ε−x_m}) = A_j − expm1(s)·B_j` with
//!
//! ```text
//! U_j = Σ_{m>j} c_m,   A_j = Σ_{m>j} c_m (1 − e^{x_j − x_m}),   B_j = Σ_{m>j} c_m e^{x_j − x_m},
//! A_{j−1} = (1 − e^{−h}) U_{j−1} + e^{−h} A_j,   B_{j−1} = e^{−h} (c_j + B_j)
//! ```
//!
//! — recurrences with non-negative terms only (no cancellation, unlike `M_U − e^ε M_L`, §4.6),
//! evaluated once in O(N) with every operation rounded in the safe direction. Every term
//! `c_m (−expm1(ε − x_m))` is thereby summed exactly as §4.6 asks, and δ at any ε costs O(1).
//!
//! The certified bounds add the constant error terms of the piece containing ε:
//!
//! ```text
//! δ_U(ε) = w^U_∞ + τ^U_hi (+ τ^U_lo if ε < x_{a−1}) + η(ε) + [A_j − expm1(s) B_j]_{c⁺}
//! δ_L(ε) = max(0, w^L_∞ − τ^L_lo − τ^L_hi − η(ε) + [A_j − expm1(s) B_j]_{c^L})
//! η(ε)   = max(η₂·√n(ε), ν·n(ε)),  n(ε) = #{m in the window : x_m > ε}
//! ```
//!
//! (`η₂·√n` bounds `Σ_{m:x_m>ε} |c̃_m − c_m|` by Cauchy–Schwarz; `ν·n` is the empirical rule of
//! §4.6; the larger is used.) Window entries above the largest composed loss that can carry
//! mass are exactly zero in the linear convolution and are dropped.

use super::compose::ComposedDirection;
use super::pmf::{down_ulps, up_ulps, U};
use super::tilt::exp_up;
use crate::num::root::{root_index, Bracket, RootError};
use crate::num::round::{add_down_loose, add_up, add_up_loose, mul_down, mul_down_loose, mul_up, mul_up_loose, sub_down};

/// Which end of the certified interval a curve bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// Rounded towards more privacy loss.
    Upper,
    /// Rounded towards less privacy loss.
    Lower,
}

/// A certified profile curve (one bound, one direction).
#[derive(Clone, Debug)]
pub struct Curve {
    bound: Bound,
    h: f64,
    /// First piece index `a − 1`.
    j0: i64,
    /// Last index that can carry mass (`min(top, top_possible)`); for ε ≥ x_{jt} the finite part is 0.
    jt: i64,
    /// `A_j`, `B_j` for `j = j0..=jt` (index `j − j0`).
    a_arr: Vec<f64>,
    b_arr: Vec<f64>,
    /// `B_{j0}` rounded the other way (needed below the window, where expm1(s) < 0).
    b0_other: f64,
    /// `w_∞ ± τ_hi (∓ τ_lo)` for the lower curve; `w_∞ + τ_hi` for the upper curve.
    base: f64,
    /// `τ_lo` of the upper object (added below the window).
    tau_lo_below: f64,
    /// Monotone envelope at the grid points: running minimum of the raw upper bound from the
    /// left, running maximum of the raw lower bound from the right (index `j − j0`).
    env: Vec<f64>,
    eta_l2: f64,
    nu: f64,
    /// Untilting of a tilted composition (`tilt.rs`): error terms scale with `S_j`.
    tilt: Option<CurveTilt>,
}

/// Error-term data of a curve built from a tilted composition (`tilt.rs`, "Error after
/// untilting"); all values rounded up.
#[derive(Clone, Copy, Debug)]
struct CurveTilt {
    theta: f64,
    ln_k_up: f64,
    /// `(1 − e^{−2θh})^{−1/2}` and `(1 − e^{−θh})^{−1}`: the geometric sums of `G₂`, `G₁`.
    g2_inf: f64,
    g1_inf: f64,
    /// Tilted-domain aliased mass bounds `τ^θ_hi`, `τ^θ_lo` and the untilted wrap bound from
    /// below (lower curve only; 0 for the upper).
    alias_hi: f64,
    alias_lo: f64,
    wrap_lo: f64,
}

impl Bound {
    /// `a + b` rounded towards this bound's side (+∞ for [`Bound::Upper`], −∞ for
    /// [`Bound::Lower`]): nearest, then one ulp outward ([`crate::num::round::add_up_loose`];
    /// never on the wrong side of the exact sum, and 3–5× cheaper than the exactly directed
    /// rounding in this O(N) loop).
    #[inline]
    fn add(self, a: f64, b: f64) -> f64 {
        match self {
            Bound::Upper => add_up_loose(a, b),
            Bound::Lower => add_down_loose(a, b),
        }
    }
    /// `a·b` rounded towards this bound's side (nearest, then one ulp outward).
    #[inline]
    fn mul(self, a: f64, b: f64) -> f64 {
        match self {
            Bound::Upper => mul_up_loose(a, b),
            Bound::Lower => mul_down_loose(a, b),
        }
    }
    /// The other direction (for a term that is subtracted later).
    fn opposite(self) -> Bound {
        match self {
            Bound::Upper => Bound::Lower,
            Bound::Lower => Bound::Upper,
        }
    }
}

impl Curve {
    /// Build the upper or lower curve of a composed direction.
    pub fn new(cd: &ComposedDirection, bound: Bound) -> Curve {
        let up = bound == Bound::Upper;
        let h = cd.h;
        let n = cd.len() as i64;
        let top = cd.a + n - 1;
        let jt = top.min(cd.top_possible).max(cd.a - 1);
        let j0 = cd.a - 1;
        let len = (jt - j0 + 1) as usize;
        let c = if up { &cd.upper } else { &cd.lower };
        // Constants 1 − e^{−h} and e^{−h}, as intervals.
        let g = -(-h).exp_m1();
        let (g_lo, g_hi) = (down_ulps(g, 2), up_ulps(g, 2));
        let r = (-h).exp();
        let (r_lo, r_hi) = (down_ulps(r, 2), up_ulps(r, 2));
        // Sign-aware product of an interval constant with x, rounded towards `d`'s side.
        let prod = |lo: f64, hi: f64, x: f64, d: Bound| -> f64 {
            let k = if (x >= 0.0) == (d == Bound::Upper) { hi } else { lo };
            d.mul(k, x)
        };
        let mut a_arr = vec![0.0; len];
        let mut b_arr = vec![0.0; len];
        let (mut u_s, mut a_s, mut b_s, mut b_o) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for j in (j0..jt).rev() {
            let cm = c[(j + 1 - cd.a) as usize];
            // Rounding: A and U towards the bound's direction; B the opposite way (it is
            // subtracted after multiplication by expm1(s) ≥ 0); b_o is B in the bound's direction.
            let other = bound.opposite();
            u_s = bound.add(u_s, cm);
            a_s = bound.add(prod(g_lo, g_hi, u_s, bound), prod(r_lo, r_hi, a_s, bound));
            b_s = prod(r_lo, r_hi, other.add(cm, b_s), other);
            b_o = prod(r_lo, r_hi, bound.add(cm, b_o), bound);
            a_arr[(j - j0) as usize] = a_s;
            b_arr[(j - j0) as usize] = if up { b_s.max(0.0) } else { b_s };
        }
        let b0_other = if up { b_o } else { b_o.min(b_arr[0]) };
        // Tilted: the lower object's aliased mass is a tilted-domain quantity, scaled per piece
        // in `err_at`; the untilted τ^U_hi (above the window) stays in the upper base.
        let base = if up {
            add_up(cd.inf_upper, cd.tau_hi_upper)
        } else if cd.tilt.is_some() {
            cd.inf_lower
        } else {
            sub_down(sub_down(cd.inf_lower, cd.tau_lo_lower), cd.tau_hi_lower)
        };
        let tilt = cd.tilt.map(|t| {
            // Rounding up: 1 − e^{−x} rounded down before the reciprocal.
            let one_minus = |x: f64| down_ulps(-(-x).exp_m1(), 2);
            let recip_up = |d: f64| if d > 0.0 { up_ulps(1.0 / d, 2) } else { f64::INFINITY };
            let th = t.theta * h;
            CurveTilt {
                theta: t.theta,
                ln_k_up: t.ln_k_up,
                g2_inf: recip_up(down_ulps(one_minus(2.0 * th).sqrt(), 1)),
                g1_inf: recip_up(one_minus(th)),
                alias_hi: if up { 0.0 } else { cd.tau_hi_lower },
                alias_lo: if up { 0.0 } else { cd.tau_lo_lower },
                wrap_lo: if up { 0.0 } else { t.wrap_lo },
            }
        });
        let mut c = Curve { bound, h, j0, jt, a_arr, b_arr, b0_other, base, tau_lo_below: cd.tau_lo_upper, env: Vec::new(), eta_l2: cd.eta_l2, nu: cd.nu_neg, tilt };
        let mut env: Vec<f64> = (j0..=jt).map(|j| c.raw_at_grid(j)).collect();
        if up {
            for i in 1..env.len() {
                env[i] = env[i].min(env[i - 1]);
            }
        } else {
            for i in (0..env.len().saturating_sub(1)).rev() {
                env[i] = env[i].max(env[i + 1]);
            }
        }
        c.env = env;
        c
    }

    fn up(&self) -> bool {
        self.bound == Bound::Upper
    }

    /// Floating-point error term for `n` window entries above ε.
    fn eta(&self, n: i64) -> f64 {
        if n <= 0 {
            return 0.0;
        }
        let nf = n as f64;
        // Rounding up: an error term, added to upper and subtracted from lower bounds.
        up_ulps((self.eta_l2 * nf.sqrt()).max(self.nu * nf), 2)
    }

    /// Error term of the piece `[x_j, x_{j+1})` (`j ≥ j0`): floating point (and, for a tilted
    /// lower curve, aliasing) over the `n = jt − j` window entries above ε. Untilted: `η(n)`;
    /// tilted: `S_j·(max(η₂G₂(n), νG₁(n)) + τ^θ_hi) + min(S_j·τ^θ_lo, wrap_lo)`,
    /// `S_j = e^{K − θx_{j+1}}` (`tilt.rs`).
    fn err_at(&self, j: i64) -> f64 {
        let n = self.jt - j;
        let Some(t) = self.tilt else { return self.eta(n) };
        if n <= 0 {
            return 0.0;
        }
        let nf = n as f64;
        let tx = t.theta * ((j + 1) as f64 * self.h);
        let s = exp_up(t.ln_k_up - tx, tx.abs());
        // Rounding up: each factor and the sums.
        let g2 = up_ulps(nf.sqrt(), 1).min(t.g2_inf);
        let g1 = nf.min(t.g1_inf);
        let e = up_ulps(up_ulps(self.eta_l2 * g2, 1).max(up_ulps(self.nu * g1, 1)) + t.alias_hi, 1);
        let lo = up_ulps(s * t.alias_lo, 1).min(t.wrap_lo);
        up_ulps(up_ulps(s * e, 1) + lo, 1)
    }

    /// Floating-point (and tilted alias) error term of the piece containing ε (diagnostics and
    /// the decision to tilt).
    pub fn error_term(&self, eps: f64) -> f64 {
        let j = if eps < self.j0 as f64 * self.h { self.j0 } else { self.piece(eps) };
        self.err_at(j)
    }

    /// Constant part of the piece starting at `x_j` (`below` = ε < x_{j0}).
    fn constant(&self, j: i64, below: bool) -> f64 {
        let e = self.err_at(j.max(self.j0));
        if self.up() {
            let k = add_up(self.base, e);
            if below { add_up(k, self.tau_lo_below) } else { k }
        } else {
            sub_down(self.base, e)
        }
    }

    /// The raw bound at a grid point `x_j` (`s = 0`); j clamped to `[j0, jt]`.
    fn raw_at_grid(&self, j: i64) -> f64 {
        let j = j.clamp(self.j0, self.jt);
        let v = self.bound.add(self.constant(j, false), self.a_arr[(j - self.j0) as usize]);
        if self.up() { v } else { v.max(0.0) }
    }

    /// The monotone bound at a grid point (see [`Curve::delta`]).
    fn at_grid(&self, j: i64) -> f64 {
        self.env[(j.clamp(self.j0, self.jt) - self.j0) as usize]
    }

    /// The certified bound at ε (upper: ≥ δ(ε); lower: ≤ δ(ε)), made non-increasing in ε:
    /// because the true profile is non-increasing, `min_{ε' ≤ ε} δ_U(ε')` is again an upper bound
    /// and `max_{ε' ≥ ε} δ_L(ε')` a lower bound. (The raw bounds need not be monotone: the
    /// floating-point term η(ε) shrinks as fewer bins lie above ε.) Inside a piece the raw
    /// bound is monotone whenever `B_j ≥ 0`, so the envelopes only need the grid values.
    pub fn delta(&self, eps: f64) -> f64 {
        if eps.is_nan() {
            return if self.up() { 1.0 } else { 0.0 };
        }
        let raw = self.raw_delta(eps);
        let x0 = self.j0 as f64 * self.h;
        if eps < x0 {
            // Below the window the raw bounds are monotone; the lower one may still use the
            // envelope of the grid values to its right.
            return if self.up() { raw } else { raw.max(self.env[0]) };
        }
        let j = self.piece(eps);
        if self.up() {
            raw.min(self.at_grid(j))
        } else {
            let right = if j < self.jt { self.at_grid(j + 1) } else { raw };
            // With B_j < 0 (negative noise) the raw lower bound rises within the piece; its
            // value at the right end is then a valid lower bound for every point of the piece.
            let end = if j < self.jt && self.b_arr[(j - self.j0) as usize] < 0.0 { self.raw_delta(((j + 1) as f64 * self.h).next_down()) } else { 0.0 };
            raw.max(right).max(end)
        }
    }

    /// The raw certified bound at ε (not necessarily monotone).
    fn raw_delta(&self, eps: f64) -> f64 {
        let up = self.up();
        let x0 = self.j0 as f64 * self.h;
        if eps >= self.jt as f64 * self.h {
            let v = self.constant(self.jt, false);
            return if up { v.min(1.0) } else { v.clamp(0.0, 1.0) };
        }
        let (j, below) = if eps < x0 { (self.j0, true) } else { (self.piece(eps), false) };
        let xj = j as f64 * self.h;
        // s = ε − x_j rounded so that the bound moves the safe way: smaller s → larger δ.
        let s = if up { down_ulps(eps - xj, 1) } else { up_ulps(eps - xj, 1) };
        let em = s.exp_m1();
        // expm1(s) enclosed in [em_lo, em_hi] (libm is accurate to ≤ 1 ulp); each use below picks
        // the end that moves the bound the safe way.
        let (em_lo, em_hi) = (down_ulps(em, 2), up_ulps(em, 2));
        let i = (j - self.j0) as usize;
        let a = self.a_arr[i];
        let k = self.constant(j, below);
        let v = if !below {
            // δ = K + A − em·B, em ≥ 0.
            let b = self.b_arr[i];
            let t = if up { mul_down(em_lo.max(0.0), b) } else { (em_lo * b).max(em_hi * b).next_up() };
            self.bound.add(self.bound.add(k, a), -t)
        } else {
            // δ = K + A + |em|·B, em < 0 (ε below the window).
            let (m_lo, m_hi) = (-em_hi, -em_lo);
            let b = if up { self.b0_other.max(self.b_arr[0]) } else { self.b0_other };
            let t = if up { mul_up(m_hi, b) } else { mul_down(if b >= 0.0 { m_lo } else { m_hi }, b) };
            self.bound.add(self.bound.add(k, a), t)
        };
        if up { v.min(1.0) } else { v.clamp(0.0, 1.0) }
    }

    /// Index j with `x_j ≤ ε < x_{j+1}`, clamped to `[j0, jt]`.
    fn piece(&self, eps: f64) -> i64 {
        // Clamp in f64 first: ε/h beyond the i64 range (ε = 10²⁰ at h ≈ 3.5e−3, issue 25) would
        // saturate the cast and overflow the search below (a panic in debug, a hang in release).
        let x = eps / self.h;
        if !(x < (self.jt + 1) as f64) {
            return self.jt;
        }
        if x < self.j0 as f64 {
            return self.j0;
        }
        let mut j = x.floor() as i64;
        while (j as f64) * self.h > eps {
            j -= 1;
        }
        while ((j + 1) as f64) * self.h <= eps {
            j += 1;
        }
        j.clamp(self.j0, self.jt)
    }

    /// `ε(δ) = inf{ε ≥ 0 : bound(ε) ≤ δ}` (spec §1.2). For the upper curve the returned value
    /// satisfies `δ_U(ε) ≤ δ` (so it is ≥ the true ε(δ)); for the lower curve `δ_L(ε) > δ` holds
    /// just below it (so it is ≤ the true ε(δ)). `+∞` when the bound never falls to δ.
    pub fn epsilon(&self, delta: f64) -> f64 {
        let up = self.up();
        if self.delta(0.0) <= delta {
            return 0.0;
        }
        if self.delta(self.jt as f64 * self.h) > delta {
            return f64::INFINITY;
        }
        // Smallest grid piece start j in [j0, jt] with bound(x_j) ≤ δ.
        let hi = if self.at_grid(self.j0) <= delta {
            self.j0
        } else {
            // Bracket: at_grid(j0) > δ just checked; the top end jt is taken as the answer when no
            // smaller index qualifies (δ(x_jt) ≤ δ was checked above), so it is not re-tested.
            root_index(|j| Ok::<_, RootError>(self.at_grid(j) > delta), Bracket::established(self.j0, self.jt)).map_or(self.jt, |b| b.hi)
        };
        let h = self.h;
        let (cand, left, right) = if hi == self.j0 {
            // Crossing below the window: δ = K + A + |em|·B on (−∞, x_{j0}).
            let x0 = self.j0 as f64 * h;
            let k = self.constant(self.j0, true);
            let a = self.a_arr[0];
            let b = self.b0_other;
            let need = (delta - k - a) / b; // = |expm1(s)| = 1 − e^s
            let c = if need <= 0.0 || b <= 0.0 { x0 } else if need >= 1.0 { f64::NEG_INFINITY } else { x0 + (-need).ln_1p() };
            (c, f64::NEG_INFINITY, x0)
        } else {
            let j = hi - 1;
            let xj = j as f64 * h;
            let i = (j - self.j0) as usize;
            let k = self.constant(j, false);
            let (a, b) = (self.a_arr[i], self.b_arr[i]);
            let em = (k + a - delta) / b;
            let s = if b > 0.0 && em.is_finite() { em.max(0.0).ln_1p().min(h) } else { h };
            (xj + s, xj, hi as f64 * h)
        };
        let cand = cand.max(0.0);
        if up {
            // Certify δ_U(ε_U) ≤ δ, moving right (bound(right) ≤ δ is known).
            let mut e = cand;
            let mut step = (e.abs() * 4.0 * U).max(1e-300);
            for _ in 0..2000 {
                if self.delta(e) <= delta {
                    return e;
                }
                e = (e + step).min(right);
                step *= 2.0;
                if e >= right {
                    return right;
                }
            }
            right
        } else {
            // Certify δ_L just below ε_L exceeds δ: use ε_L with δ_L(ε_L) > δ, moving left.
            let mut e = cand;
            let mut step = (e.abs() * 4.0 * U).max(1e-300);
            for _ in 0..2000 {
                if e <= 0.0 {
                    return 0.0;
                }
                if self.delta(e) > delta {
                    return e;
                }
                e = (e - step).max(left);
                step *= 2.0;
                if e <= left {
                    return left.max(0.0);
                }
            }
            left.max(0.0)
        }
    }
}
