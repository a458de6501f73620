//! Piecewise-linear convex trade-off functions (mixtures_fdp spec §2.1–§2.8; Dong, Roth, Su
//! 2022, "Gaussian differential privacy", Definition 2.1 and Proposition 2.2; foundations §1.6,
//! §1.7).
//!
//! `f = T(P, Q)` maps a type-I error `a` to the smallest type-II error. A [`TradeOff`] is the
//! linear interpolation of a convex vertex chain `0 = x_0 < … < x_K = 1`, `y_0 ≥ … ≥ y_K = 0`,
//! with non-decreasing slopes. Every vertex carries four numbers, each accumulated from the end
//! at which it is small (mixtures_fdp §2.1): `x`, `x̄ = 1 − x`, `ρ = 1 − y` and `y`, so that δ
//! and ε never come from subtracting numbers close to 1.
//!
//! Used as a *lower bound* on the true trade-off (f-DP guarantee): every δ or ε derived here is
//! rounded up (towards more privacy loss); a smaller f is more conservative.
//! Constructions (from pairs, δ grids, (ε, δ), symmetrisation) are in `tradeoff_build.rs`.

use crate::error::{check, Error, Result};
use crate::num::round::{mul_down, sub_up};
use serde::{Deserialize, Serialize};

/// Tolerance on slope monotonicity (relative) and on `f ≤ 1 − x` (absolute) used in validation:
/// chains computed in floating point may violate exact convexity by rounding.
pub const CONVEX_TOL: f64 = 1e-9;

/// One vertex: `x` (type I), `x_bar = 1 − x`, `rho = 1 − y` (power), `y` (type II).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Vertex {
    pub x: f64,
    pub x_bar: f64,
    pub rho: f64,
    pub y: f64,
}

impl Vertex {
    /// Make exact zeros authoritative: `x = 0 ⇒ x̄ = 1`, `x̄ = 0 ⇒ x = 1`, `y = 0 ⇒ ρ = 1`,
    /// `ρ = 0 ⇒ y = 1` (sums accumulated from the other end may miss 1 by an ulp).
    pub fn snapped(mut self) -> Vertex {
        if self.x == 0.0 {
            self.x_bar = 1.0;
        } else if self.x_bar == 0.0 {
            self.x = 1.0;
        }
        if self.y == 0.0 {
            self.rho = 1.0;
        } else if self.rho == 0.0 {
            self.y = 1.0;
        }
        self
    }
    /// A vertex from its coordinates; the complements are computed by subtraction.
    pub fn from_xy(x: f64, y: f64) -> Vertex {
        Vertex { x, x_bar: 1.0 - x, rho: 1.0 - y, y }
    }
    /// Reflection in the diagonal: `(x, x̄, ρ, y) ↦ (y, ρ, x̄, x)` (mixtures_fdp §2.3).
    pub fn reflect(&self) -> Vertex {
        Vertex { x: self.y, x_bar: self.rho, rho: self.x_bar, y: self.x }
    }
}

/// A piecewise-linear convex trade-off function (invariants in the module doc).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TradeOff {
    v: Vec<Vertex>,
}

impl TradeOff {
    /// Validate a chain of vertices. Errors ([`Error::InvalidParameter`]) name the first
    /// violation: fewer than 2 vertices, `x_0 ≠ 0`, `x_K ≠ 1`, `y_K ≠ 0`, a non-finite or
    /// out-of-[0,1] number, `x` not strictly increasing (ties in `x` are allowed when `x̄` strictly
    /// decreases: knots denser than f64 resolution near 1, mixtures_fdp §8 item 8), `y` increasing, complements
    /// inconsistent (> 1e−12), slopes decreasing (beyond [`CONVEX_TOL`]), or `y > 1 − x`.
    pub fn from_chain(v: Vec<Vertex>) -> Result<TradeOff> {
        let bad = |what: &str, k: usize, val: f64| Err(Error::invalid(&format!("trade-off vertex {k} {what}"), val, "not a convex trade-off chain"));
        if v.len() < 2 {
            return Err(Error::invalid("trade-off vertices", v.len(), "need at least 2"));
        }
        if v[0].x != 0.0 {
            return bad("x (first must be 0)", 0, v[0].x);
        }
        let last = v.len() - 1;
        if v[last].x != 1.0 || v[last].y != 0.0 {
            return bad("(last must be (1, 0)) x", last, v[last].x);
        }
        for (k, p) in v.iter().enumerate() {
            for val in [p.x, p.x_bar, p.rho, p.y] {
                if !(0.0..=1.0).contains(&val) {
                    return bad("coordinate", k, val);
                }
            }
            if (p.x + p.x_bar - 1.0).abs() > 1e-12 || (p.y + p.rho - 1.0).abs() > 1e-12 {
                return bad("complement", k, p.x_bar);
            }
            if p.y > p.x_bar + CONVEX_TOL {
                return bad("y > 1 - x", k, p.y);
            }
            // strictly increasing in the small-end sense (x below ½, x̄ above)
            if k > 0 && cmp_abscissa(&v[k - 1], p) != std::cmp::Ordering::Less {
                return bad("x not increasing", k, p.x);
            }
            if k > 0 && p.y > v[k - 1].y {
                return bad("y increasing", k, p.y);
            }
        }
        for k in 0..last.saturating_sub(1) {
            let ((s0, dx0), (s1, dx1)) = (slope(&v[k], &v[k + 1]), slope(&v[k + 1], &v[k + 2]));
            // Allowance: relative CONVEX_TOL, plus the effect on each slope of an absolute
            // rounding error of 4u in the stored coordinates (mixtures_fdp §8 item 8).
            let allow = CONVEX_TOL * s0.abs().max(s1.abs()).max(1.0) + 4.0 * f64::EPSILON * (1.0 / dx0 + 1.0 / dx1);
            if s0 > s1 + allow {
                return bad("slope decreasing", k + 1, s1);
            }
        }
        Ok(TradeOff { v })
    }

    /// Validate a chain given by coordinates `(x_k, y_k)` ([`TradeOff::from_chain`]).
    pub fn from_points(xy: &[(f64, f64)]) -> Result<TradeOff> {
        TradeOff::from_chain(xy.iter().map(|&(x, y)| Vertex::from_xy(x, y)).collect())
    }

    /// `Id(a) = 1 − a = T(P, P)`, perfect privacy.
    pub fn identity() -> TradeOff {
        TradeOff { v: vec![Vertex { x: 0.0, x_bar: 1.0, rho: 0.0, y: 1.0 }, Vertex { x: 1.0, x_bar: 0.0, rho: 1.0, y: 0.0 }] }
    }

    /// Internal constructor for chains built by this module's algorithms (already valid).
    pub(crate) fn from_chain_unchecked(v: Vec<Vertex>) -> TradeOff {
        TradeOff { v }
    }

    pub fn vertices(&self) -> &[Vertex] {
        &self.v
    }

    /// `f(a)` by binary search and linear interpolation (mixtures_fdp §2.3), rounded to
    /// nearest; `f(0) = y_0` (right limit). Errors: a ∉ [0, 1].
    pub fn eval(&self, a: f64) -> Result<f64> {
        check::unit_closed("type I error a", a)?;
        let k = self.v.partition_point(|p| p.x <= a);
        if k >= self.v.len() {
            return Ok(self.v[self.v.len() - 1].y);
        }
        let (p, q) = (&self.v[k - 1], &self.v[k]);
        let t = (a - p.x) / (q.x - p.x);
        Ok((p.y + t * (q.y - p.y)).clamp(q.y, p.y))
    }

    /// The left inverse `f⁻¹(y) = inf{x : f(x) ≤ y}`, with `T(P,Q)⁻¹ = T(Q,P)` (mixtures_fdp
    /// §1.6, §2.3): reflect the vertices in the diagonal, keep only the lowest reflected point on
    /// `x = 0`, and append `(1, 0)` when `f(0) < 1`.
    pub fn inverse(&self) -> TradeOff {
        let zf = self.v.iter().position(|p| p.y == 0.0).unwrap_or(self.v.len() - 1);
        let mut w: Vec<Vertex> = Vec::with_capacity(zf + 2);
        for p in self.v[..=zf].iter().rev() {
            let r = p.reflect();
            if w.last().map_or(true, |l| cmp_abscissa(l, &r) == std::cmp::Ordering::Less) {
                w.push(r);
            }
        }
        if self.v[0].y < 1.0 {
            w.push(Vertex { x: 1.0, x_bar: 0.0, rho: 1.0, y: 0.0 });
        }
        TradeOff { v: w }
    }

    /// Convex conjugate `f*(s) = sup_{x∈[0,1]} (s x − f(x)) = max_k (s x_k − y_k)` (mixtures_fdp
    /// §1.7, §2.7; attained at a vertex). Rounded to nearest.
    pub fn conjugate(&self, s: f64) -> f64 {
        self.v.iter().map(|p| s * p.x - p.y).fold(f64::NEG_INFINITY, f64::max)
    }

    /// `H_{e^ε}(Q‖P) = 1 + f*(−e^ε) = max_k (ρ_k − e^ε x_k)_+` for `f = T(P, Q)` and any finite ε
    /// (foundations §1.7; DRS Proposition 2.12: for symmetric f this is the δ(ε) of f-DP).
    /// Computed from the forward sums ρ, x; rounded up. Errors: ε not finite.
    pub fn delta_qp(&self, eps: f64) -> Result<f64> {
        check::finite("epsilon", eps)?;
        Ok(envelope_up(eps, self.v.iter().map(|p| (p.rho, p.x))))
    }
    /// `H_{e^ε}(P‖Q) = sup_a [1 − a − e^ε f(a)] = max_k (x̄_k − e^ε y_k)_+` (foundations §1.7),
    /// from the tail sums x̄, y; rounded up. Errors: ε not finite.
    pub fn delta_pq(&self, eps: f64) -> Result<f64> {
        check::finite("epsilon", eps)?;
        Ok(envelope_up(eps, self.v.iter().map(|p| (p.x_bar, p.y))))
    }
    /// `max(δ_qp, δ_pq)`: the δ curve of the symmetrisation `C(f)` (mixtures_fdp §2.7), i.e. the
    /// guarantee when `f` bounds both orders of each pair.
    pub fn delta_two_sided(&self, eps: f64) -> Result<f64> {
        Ok(self.delta_qp(eps)?.max(self.delta_pq(eps)?))
    }

    /// `inf{ε ≥ 0 : δ_qp(ε) ≤ δ}` in closed form: `δ_qp` is the upper envelope of the lines
    /// `ρ_k − γ x_k` in `γ = e^ε`, so `γ* = max(1, max_{ρ_k > δ} (ρ_k − δ)/x_k)` (`+∞` if some
    /// `x_k = 0` has `ρ_k > δ`, i.e. `Q(p = 0) > δ`). Rounded up. Errors: δ ∉ (0, 1).
    pub fn epsilon_qp(&self, delta: f64) -> Result<f64> {
        check::unit_open("delta", delta)?;
        Ok(envelope_inverse_up(delta, self.v.iter().map(|p| (p.rho, p.x))))
    }
    /// `inf{ε ≥ 0 : δ_pq(ε) ≤ δ}` (lines `x̄_k − γ y_k`), rounded up. Errors: δ ∉ (0, 1).
    pub fn epsilon_pq(&self, delta: f64) -> Result<f64> {
        check::unit_open("delta", delta)?;
        Ok(envelope_inverse_up(delta, self.v.iter().map(|p| (p.x_bar, p.y))))
    }
    /// `inf{ε ≥ 0 : δ_two_sided(ε) ≤ δ} = max(ε_qp, ε_pq)`. Errors: δ ∉ (0, 1).
    pub fn epsilon_two_sided(&self, delta: f64) -> Result<f64> {
        Ok(self.epsilon_qp(delta)?.max(self.epsilon_pq(delta)?))
    }

    /// Whether `f = f⁻¹` up to `tol` in the value at every vertex of either function.
    pub fn is_symmetric(&self, tol: f64) -> bool {
        let inv = self.inverse();
        let close = |g: &TradeOff, h: &TradeOff| g.v.iter().all(|p| h.eval(p.x).is_ok_and(|y| (y - p.y).abs() <= tol));
        close(self, &inv) && close(&inv, self)
    }

    /// Pointwise comparison `self(a) ≤ other(a) + tol` at every vertex of both (exact for PL
    /// functions up to `tol`): "self is a valid lower bound on other".
    pub fn is_below(&self, other: &TradeOff, tol: f64) -> bool {
        let xs = self.v.iter().chain(other.v.iter()).map(|p| p.x);
        xs.into_iter().all(|x| matches!((self.eval(x), other.eval(x)), (Ok(a), Ok(b)) if a <= b + tol))
    }
}

/// Order of abscissae using the small-end number: `x` when both are ≤ ½, `x̄` (reversed)
/// otherwise, so knots denser than f64 resolution near 1 stay ordered (mixtures_fdp §8 item 8).
pub(crate) fn cmp_abscissa(a: &Vertex, b: &Vertex) -> std::cmp::Ordering {
    if a.x <= 0.5 && b.x <= 0.5 {
        a.x.total_cmp(&b.x)
    } else {
        b.x_bar.total_cmp(&a.x_bar)
    }
}

/// Slope and run of the segment p→q, with the run and rise taken from the small-end numbers.
fn slope(p: &Vertex, q: &Vertex) -> (f64, f64) {
    let dx = if q.x <= 0.5 { q.x - p.x } else { p.x_bar - q.x_bar };
    let dy = if p.y <= 0.5 { q.y - p.y } else { p.rho - q.rho };
    (dy / dx, dx)
}

/// `max_k (c_k − γ s_k)_+` with `γ = e^ε`, rounded up: γ is taken rounded down (libm exp is
/// within 1 ulp), the product rounded down and the difference rounded up.
fn envelope_up<I: Iterator<Item = (f64, f64)>>(eps: f64, lines: I) -> f64 {
    let g = eps.exp().next_down().max(0.0);
    let mut best = 0.0f64;
    for (c, s) in lines {
        let t = if s == 0.0 { c } else { sub_up(c, mul_down(g, s)) };
        best = best.max(t);
    }
    best.min(1.0)
}

/// Smallest `ε ≥ 0` with `c_k − e^ε s_k ≤ δ` for all k, rounded up.
fn envelope_inverse_up<I: Iterator<Item = (f64, f64)>>(delta: f64, lines: I) -> f64 {
    let mut g = 1.0f64;
    for (c, s) in lines {
        if c <= delta {
            continue;
        }
        if s == 0.0 {
            return f64::INFINITY;
        }
        // Direction: numerator up, quotient up.
        g = g.max((sub_up(c, delta) / s).next_up());
    }
    if g <= 1.0 {
        0.0
    } else {
        g.ln().next_up().max(0.0)
    }
}
