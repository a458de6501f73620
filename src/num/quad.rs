//! Double-exponential (tanh–sinh) quadrature, generic over [`Real`].
//!
//! Takahasi & Mori (1974); the node formulas are evaluated in the working precision, so the same
//! code integrates in f64 and at hundreds of bits in MPFR (foundations spec §6.3: "double-
//! exponential (tanh–sinh) quadrature implemented on `Float`"). The rule is refined by halving
//! the step (levels) until two successive levels agree to the requested tolerance. The returned
//! error estimate is the difference between the last two levels, which for analytic integrands
//! over-estimates the true error of the last level by orders of magnitude (doubly exponential
//! convergence); it is an *estimate*, not a proof, and callers that need a certified interval add
//! it to an independent check (closed form or a second precision).
//!
//! Integrands with kinks must be split at the kink ([`integrate_split`]): the rule is only
//! exponentially convergent for integrands analytic inside the interval.

use super::real::Real;

/// Result of a quadrature: value and an error estimate (absolute).
#[derive(Clone, Debug)]
pub struct Quad<R> {
    pub value: R,
    pub err: R,
    pub levels: u32,
}

/// The tanh–sinh abscissae and weights in one precision, independent of the interval and the
/// integrand: for each node `t` the weight `w = (π/2)·cosh t / cosh²u` (`u = (π/2) sinh t`) and the
/// two denominators `1 + e^{2u}`, `1 + e^{−2u}` that place the node at distance
/// `(b − a)/(1 + e^{±2u})` from an end. Built level by level on first use and shared by every
/// piece of a split integral ([`integrate_split`]): the same values, in the same operations, as
/// computing them per piece — only computed once (at 256 bits they were a fifth of the cost).
pub struct Nodes<R> {
    prec: u32,
    t_max: f64,
    /// `levels[0]`: `t = 1, 2, …`; `levels[L]`: the new odd nodes `t = j·2^{−L}`.
    levels: Vec<Vec<Node<R>>>,
}

struct Node<R> {
    w: R,
    /// `1 + e^{2u}`
    den_b: R,
    /// `1 + e^{−2u}`
    den_a: R,
}

impl<R: Real> Nodes<R> {
    /// An empty table for the precision of `like`.
    pub fn new(like: &R) -> Nodes<R> {
        let prec = like.prec();
        // Truncate the t-range where the weight times a bounded integrand falls below the
        // precision: the weight decays like exp(−(π/2)e^t), so t_max = ln(2·prec·ln2/π·…)
        // suffices; use a generous bound and also stop when the node distance underflows to 0.
        let t_max = ((prec as f64) * 2.0f64.ln() * 2.0 / std::f64::consts::PI + 10.0).ln() + 1.0;
        Nodes { prec, t_max, levels: Vec::new() }
    }

    /// The nodes of `level` (built, with every level below it, on first use).
    fn level(&mut self, like: &R, level: usize) -> &[Node<R>] {
        while self.levels.len() <= level {
            let l = self.levels.len();
            let pi_2 = like.pi() / like.cst(2.0);
            let node = |t: &R| {
                let u = pi_2.clone() * t.sinh();
                let ch = u.cosh();
                let w = pi_2.clone() * t.cosh() / (ch.clone() * ch);
                let e2u = (u * like.cst(2.0)).exp();
                Node { w, den_b: like.one() + e2u.clone(), den_a: like.one() + like.one() / e2u }
            };
            let mut v = Vec::new();
            if l == 0 {
                let mut k = 1i64;
                while (k as f64) <= self.t_max {
                    v.push(node(&like.cst(k as f64)));
                    k += 1;
                }
            } else {
                let mut h = like.one();
                for _ in 0..l {
                    h = h / like.cst(2.0);
                }
                let mut j = 1i64;
                loop {
                    let t = h.clone() * like.cst(j as f64);
                    if t.to_f64() > self.t_max {
                        break;
                    }
                    v.push(node(&t));
                    j += 2;
                }
            }
            self.levels.push(v);
        }
        &self.levels[level]
    }
}

/// ∫ₐᵇ f(x) dx by tanh–sinh with an absolute tolerance `tol` (the stopping rule is
/// |Iₖ − Iₖ₋₁| ≤ max(tol, rel_tol·|Iₖ|), `rel_tol = 2^(−prec+8)`), at most `max_levels` halvings.
///
/// `f` receives `(x, dist_a, dist_b)`: the node and its distances to the two ends, computed
/// without cancellation, so integrands with endpoint behaviour such as `ln(x − a)` can be
/// evaluated accurately.
pub fn tanh_sinh<R: Real, F: Fn(&R, &R, &R) -> R>(f: F, a: &R, b: &R, tol: &R, max_levels: u32) -> Quad<R> {
    tanh_sinh_with(&mut Nodes::new(a), f, a, b, tol, max_levels)
}

/// [`tanh_sinh`] on a node table shared between calls in the same precision (see [`Nodes`]).
/// Panics if `nodes` was built for another precision (a programming error).
pub fn tanh_sinh_with<R: Real, F: Fn(&R, &R, &R) -> R>(nodes: &mut Nodes<R>, f: F, a: &R, b: &R, tol: &R, max_levels: u32) -> Quad<R> {
    assert_eq!(nodes.prec, a.prec(), "tanh-sinh node table built for another precision");
    let half_width = (b.clone() - a.clone()) / a.cst(2.0);
    let pi_2 = a.pi() / a.cst(2.0);
    let prec = a.prec();
    let rel_tol = a.cst(2f64.powi(-(prec as i32) + 8));
    let full = b.clone() - a.clone();
    // One node pair at ±t: the weighted sum of the right node x = b − d_b and its mirror a + d_b.
    let eval = |n: &Node<R>| -> R {
        let d_b = full.clone() / n.den_b.clone();
        let d_a = full.clone() / n.den_a.clone();
        let mut s = a.zero();
        if d_b > a.zero() {
            let xr = b.clone() - d_b.clone();
            let fr = f(&xr, &d_a, &d_b);
            let xl = a.clone() + d_b.clone();
            let fl = f(&xl, &d_b, &d_a);
            if fr.is_finite() {
                s = s + fr;
            }
            if fl.is_finite() {
                s = s + fl;
            }
        }
        n.w.clone() * s
    };
    let mid = a.clone() + half_width.clone();
    let f0 = f(&mid, &half_width, &half_width);
    let mut h = a.one();
    // level 0: t = k·h, k = 0, ±1, ±2, ...
    let mut sum = f0 * pi_2;
    for n in nodes.level(a, 0) {
        sum = sum + eval(n);
    }
    let mut prev = sum.clone() * h.clone() * half_width.clone();
    let mut err = prev.abs();
    let mut levels = 0;
    for level in 1..=max_levels {
        h = h / a.cst(2.0);
        // add the new odd nodes
        for n in nodes.level(a, level as usize) {
            sum = sum + eval(n);
        }
        let cur = sum.clone() * h.clone() * half_width.clone();
        err = (cur.clone() - prev.clone()).abs();
        prev = cur;
        levels = level;
        let thr = tol.clone().max(rel_tol.clone() * prev.abs());
        if level >= 3 && err <= thr {
            break;
        }
    }
    Quad { value: prev, err, levels }
}

/// ∫ over consecutive breakpoints `pts[0] < pts[1] < …` (split at kinks), summing values and
/// error estimates.
pub fn integrate_split<R: Real, F: Fn(&R) -> R>(f: F, pts: &[R], tol: &R, max_levels: u32) -> Quad<R> {
    let z = pts[0].zero();
    let mut total = Quad { value: z.clone(), err: z, levels: 0 };
    let mut nodes = Nodes::new(&pts[0]);
    for w in pts.windows(2) {
        let q = tanh_sinh_with(&mut nodes, |x, _, _| f(x), &w[0], &w[1], tol, max_levels);
        total.value = total.value + q.value;
        total.err = total.err + q.err;
        total.levels = total.levels.max(q.levels);
    }
    total
}
