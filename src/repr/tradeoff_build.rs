//! Constructions of piecewise-linear trade-off functions (mixtures_fdp spec §2.2, §2.6, §2.8;
//! foundations §1.6, §1.7): from a finite discrete pair (exact), from (ε, δ)-DP, from a δ(ε)
//! grid (a valid lower bound), and the symmetrisation `C(f)` as a lower convex hull.

use super::tradeoff::{cmp_abscissa, TradeOff, Vertex};
use crate::error::{Error, Result};
use crate::num::special::neumaier_sum;
use std::cmp::Ordering;

impl TradeOff {
    /// `T(P, Q)` of a finite discrete pair (mixtures_fdp §2.2; Neyman–Pearson, foundations
    /// §1.6), exact up to the rounding of the partial sums. Atoms are sorted by the likelihood
    /// ratio `p/q` ascending, compared exactly ([`cmp_ratio`]: error-free products of the
    /// mantissas, exponents apart, so masses down to the subnormal range never underflow into a
    /// false tie); equal ratios are merged. Forward sums give `x`, `ρ`; tail sums give `x̄`, `y` (compensated summation), so
    /// `y` reaches an exact 0. The vectors are normalised by their sums.
    ///
    /// Errors: lengths differ or empty; an entry negative or not finite; a sum not within 1e−9
    /// of 1; a resulting chain that fails validation (denser than f64 resolution).
    pub fn from_pair(p: &[f64], q: &[f64]) -> Result<TradeOff> {
        if p.is_empty() || p.len() != q.len() {
            return Err(Error::invalid("discrete pair", format!("{} vs {} atoms", p.len(), q.len()), "need equal, non-zero lengths"));
        }
        for (name, v) in [("P", p), ("Q", q)] {
            if let Some(&bad) = v.iter().find(|x| !(x.is_finite() && **x >= 0.0)) {
                return Err(Error::invalid(&format!("{name} mass"), bad, "must be finite and ≥ 0"));
            }
            let s = neumaier_sum(v.iter().copied());
            if (s - 1.0).abs() > 1e-9 {
                return Err(Error::invalid(&format!("{name} total mass"), s, "must be 1 (within 1e-9)"));
            }
        }
        let (sp, sq) = (neumaier_sum(p.iter().copied()), neumaier_sum(q.iter().copied()));
        // atoms with no mass (also after normalising) are dropped: `(0, 0)` has no ratio and
        // would compare equal to every atom
        let mut atoms: Vec<(f64, f64)> = p.iter().zip(q).map(|(a, b)| (a / sp, b / sq)).filter(|(a, b)| *a > 0.0 || *b > 0.0).collect();
        atoms.sort_by(|a, b| cmp_ratio(*a, *b));
        // group equal ratios
        let mut groups: Vec<(f64, f64)> = Vec::new();
        let mut last: Option<(f64, f64)> = None;
        for a in atoms {
            match (last, groups.last_mut()) {
                (Some(l), Some(g)) if cmp_ratio(l, a) == Ordering::Equal => {
                    g.0 += a.0;
                    g.1 += a.1;
                }
                _ => groups.push(a),
            }
            last = Some(a);
        }
        let n = groups.len();
        // tail sums (suffix sums) computed backwards with compensation
        let suffix = |sel: fn(&(f64, f64)) -> f64| -> Vec<f64> {
            let mut out = vec![0.0; n + 1];
            let (mut s, mut c) = (0.0f64, 0.0f64);
            for k in (0..n).rev() {
                let x = sel(&groups[k]);
                let t = s + x;
                c += if s.abs() >= x.abs() { (s - t) + x } else { (x - t) + s };
                s = t;
                out[k] = (s + c).min(1.0);
            }
            out
        };
        let (tail_p, tail_q) = (suffix(|g| g.0), suffix(|g| g.1));
        let prefix = |sel: fn(&(f64, f64)) -> f64| -> Vec<f64> {
            let mut out = vec![0.0; n + 1];
            let (mut s, mut c) = (0.0f64, 0.0f64);
            for k in 0..n {
                let x = sel(&groups[k]);
                let t = s + x;
                c += if s.abs() >= x.abs() { (s - t) + x } else { (x - t) + s };
                s = t;
                out[k + 1] = (s + c).min(1.0);
            }
            out
        };
        let (head_p, head_q) = (prefix(|g| g.0), prefix(|g| g.1));
        // vertex j (after j groups) = (head_p[j], tail_p[j], head_q[j], tail_q[j])
        let mut v: Vec<Vertex> = Vec::with_capacity(n + 1);
        for j in 0..=n {
            let mut w = Vertex { x: head_p[j], x_bar: tail_p[j], rho: head_q[j], y: tail_q[j] }.snapped();
            if j == n {
                w = Vertex { x: 1.0, x_bar: 0.0, rho: 1.0, y: 0.0 };
            }
            match v.last_mut() {
                // the ratio-0 group moves only y: it replaces the start (0, 1)
                Some(prev) if cmp_abscissa(prev, &w) != Ordering::Less => *prev = w,
                _ => v.push(w),
            }
        }
        TradeOff::from_chain(v)
    }

    /// `f_{ε,δ}(a) = max{0, 1 − δ − e^ε a, e^{−ε}(1 − δ − a)}`: (ε, δ)-DP as a trade-off function
    /// (Wasserman–Zhou 2010; Kairouz–Oh–Viswanath 2015; DRS §2). Vertices `(0, 1 − δ)`,
    /// `((1 − δ)/(1 + e^ε), (1 − δ)/(1 + e^ε))`, `(1 − δ, 0)`, `(1, 0)`. Errors: ε not finite or
    /// < 0; δ ∉ [0, 1].
    pub fn eps_delta(eps: f64, delta: f64) -> Result<TradeOff> {
        if !(eps.is_finite() && eps >= 0.0) {
            return Err(Error::invalid("epsilon", eps, "must be a finite number ≥ 0"));
        }
        crate::error::check::unit_closed("delta", delta)?;
        let g = eps.exp();
        let one_m_d = 1.0 - delta;
        let mut pts = vec![Vertex { x: 0.0, x_bar: 1.0, rho: delta, y: one_m_d }];
        if eps > 0.0 && one_m_d > 0.0 {
            let m = one_m_d / (1.0 + g);
            let c = (g + delta) / (1.0 + g);
            pts.push(Vertex { x: m, x_bar: c, rho: c, y: m });
        }
        if one_m_d > 0.0 && delta > 0.0 {
            pts.push(Vertex { x: one_m_d, x_bar: delta, rho: 1.0, y: 0.0 });
        }
        pts.push(Vertex { x: 1.0, x_bar: 0.0, rho: 1.0, y: 0.0 });
        TradeOff::from_chain(pts)
    }

    /// The lower bound on `T(P, Q)` from upper bounds on both profiles on a grid (foundations
    /// §1.7 "δ → f"; DRS Proposition 2.12):
    /// `f_lo(a) = max{0, max_i (1 − δ^{QP}_i − e^{ε_i} a), max_i e^{−ε_i}(1 − a − δ^{PQ}_i)}`,
    /// with `δ^{QP}_i ≥ H_{e^{ε_i}}(Q‖P)` and `δ^{PQ}_i ≥ H_{e^{ε_i}}(P‖Q)`. Any real ε_i are
    /// allowed (include negative ε for asymmetric pairs). The upper envelope is computed exactly
    /// by the convex-hull trick; vertex values are rounded down (a lower bound on f).
    ///
    /// Errors: lengths differ or empty; ε not finite or |ε| > 700; δ not in [0, 1] or below the
    /// universal lower bound `(1 − e^ε)_+` (such a δ cannot be an upper bound).
    pub fn from_delta_grid(eps: &[f64], delta_qp: &[f64], delta_pq: &[f64]) -> Result<TradeOff> {
        if eps.is_empty() || eps.len() != delta_qp.len() || eps.len() != delta_pq.len() {
            return Err(Error::invalid("delta grid", eps.len(), "need equal, non-zero lengths of eps, delta_qp, delta_pq"));
        }
        // lines y = c + m·a, with d = δ for the `1 − δ − γa` family (then ρ = 1 − y = δ + γa is
        // computed without cancellation) and d = −1 otherwise
        let mut lines: Vec<(f64, f64, f64)> = vec![(0.0, 0.0, -1.0)];
        for i in 0..eps.len() {
            let e = eps[i];
            if !(e.is_finite() && e.abs() <= 700.0) {
                return Err(Error::invalid("delta grid epsilon", e, "must be finite with |eps| ≤ 700"));
            }
            let floor = -e.exp_m1();
            for d in [delta_qp[i], delta_pq[i]] {
                crate::error::check::unit_closed("delta grid delta", d)?;
                if d < floor - 1e-12 {
                    return Err(Error::invalid("delta grid delta", d, &format!("below (1 - e^eps)_+ = {floor} at eps = {e}: not a valid profile")));
                }
            }
            let g = e.exp();
            let dq = delta_qp[i].max(floor);
            lines.push((1.0 - dq, -g, dq));
            lines.push(((1.0 - delta_pq[i].max(floor)) / g, -1.0 / g, -1.0));
        }
        TradeOff::from_chain(upper_envelope(lines)).map_err(|e| Error::Numerical(format!("trade-off from delta grid: {e}")))
    }

    /// Symmetric version of [`TradeOff::from_delta_grid`] with one profile for both directions
    /// (mixtures_fdp §2.8): a valid symmetric lower bound; exact in the dense-grid limit.
    pub fn from_symmetric_delta_grid(eps: &[f64], delta: &[f64]) -> Result<TradeOff> {
        TradeOff::from_delta_grid(eps, delta, delta)
    }

    /// Pointwise combination `p·f + (1 − p)·Id` (mixtures_fdp §1.9, §2.4; the operator `f_p` of
    /// shifted_interpolation §2.6, Definition 4.7, whose symmetrisation is `C_p(f)`). Exact for PL
    /// input: same abscissae, `y' = p y + (1 − p) x̄`, `ρ' = p ρ + (1 − p) x` (no cancellation).
    /// Errors: p ∉ [0, 1].
    pub fn mix_with_identity(&self, p: f64) -> Result<TradeOff> {
        crate::error::check::unit_closed("mixture weight p", p)?;
        let v = self.vertices().iter().map(|w| Vertex { x: w.x, x_bar: w.x_bar, rho: (p * w.rho + (1.0 - p) * w.x).min(1.0), y: (p * w.y + (1.0 - p) * w.x_bar).min(1.0) }).collect();
        TradeOff::from_chain(v).map_err(|e| Error::Numerical(format!("p f + (1 - p) Id: {e}")))
    }

    /// Symmetrisation `C(f) = (min{f, f⁻¹})**` (mixtures_fdp §1.8, §2.6; DRS Appendix F): the
    /// lower convex hull of the vertices of `f` and `f⁻¹` together with `(0, 1)` and `(1, 0)`.
    /// Exact for PL input (the epigraph of the min is the union of the epigraphs). Hull tests use
    /// coordinate differences taken from the small-end numbers (mixtures_fdp §8 item 8).
    pub fn symmetrize(&self) -> TradeOff {
        let inv = self.inverse();
        let mut pts: Vec<Vertex> = self.vertices().iter().chain(inv.vertices()).copied().collect();
        pts.push(Vertex { x: 0.0, x_bar: 1.0, rho: 0.0, y: 1.0 });
        pts.push(Vertex { x: 1.0, x_bar: 0.0, rho: 1.0, y: 0.0 });
        pts.sort_by(|a, b| cmp_abscissa_total(a, b).then(a.y.total_cmp(&b.y)));
        let mut hull: Vec<Vertex> = Vec::with_capacity(pts.len());
        for c in pts {
            while hull.len() >= 2 {
                let (a, b) = (&hull[hull.len() - 2], &hull[hull.len() - 1]);
                let cross = dx(a, b) * dy(a, &c) - dy(a, b) * dx(a, &c);
                if cross <= 0.0 {
                    hull.pop();
                } else {
                    break;
                }
            }
            if hull.last().is_some_and(|l| cmp_abscissa(l, &c) == Ordering::Equal && l.y <= c.y) {
                continue; // same abscissa, higher point: not on the lower hull
            }
            hull.push(c);
        }
        // Vertices taken from f and f⁻¹ carry x, x̄, ρ, y from different sums: across the two
        // halves they may disagree by an ulp, so keep x non-decreasing and y non-increasing (y is
        // lowered: toward a smaller trade-off, more privacy loss).
        for k in 1..hull.len() {
            let prev = hull[k - 1];
            let v = &mut hull[k];
            if v.x < prev.x {
                (v.x, v.x_bar) = (prev.x, prev.x_bar);
            }
            if v.y > prev.y {
                (v.y, v.rho) = (prev.y, prev.rho);
            }
        }
        TradeOff::from_chain_unchecked(hull)
    }
}

/// Order of likelihood ratios `p_i/q_i` (∞ when q = 0; the atoms have `p + q > 0`), exactly:
/// compares the exact products `p_i q_j` and `p_j q_i` ([`cmp_exact_products`]). A total order:
/// it is the order of the exact extended ratios of the stored f64 masses. (Before: the products
/// were formed in f64 with an FMA error term, and masses below ~1e−160 — the far components of
/// a shuffled pair, `dpaudit shuffle --users 1000 --local-epsilon 2` — underflowed to equal
/// products, so the comparison was not transitive and `sort_by` panicked.)
pub(crate) fn cmp_ratio(a: (f64, f64), b: (f64, f64)) -> Ordering {
    cmp_exact_products((a.0, b.1), (b.0, a.1))
}

/// `x = m·2^e` with `m ∈ [1, 2)`, exactly, for a finite `x > 0` (subnormals scaled by 2^64 first).
fn split(x: f64) -> (f64, i32) {
    let (x, adj) = if x < f64::MIN_POSITIVE { (x * 18_446_744_073_709_551_616.0, -64) } else { (x, 0) };
    let bits = x.to_bits();
    let e = ((bits >> 52) & 0x7ff) as i32 - 1023;
    (f64::from_bits((bits & 0x000f_ffff_ffff_ffff) | (1023u64 << 52)), e + adj)
}

/// Compare the exact products `l.0·l.1` and `r.0·r.1` of finite non-negative numbers. Each
/// non-zero product is `(h + t)·2^e` with `h + t = m_x m_y ∈ [1, 4)` exactly (`h` the rounded
/// product of the mantissas, `t` its FMA error, neither can under- or overflow); exponents two or
/// more apart decide, otherwise the pair of the smaller exponent is scaled by 2 (exact) and `(h,
/// t)` compared lexicographically (a rounded-to-nearest head and its exact tail order like the
/// values they represent).
pub(crate) fn cmp_exact_products(l: (f64, f64), r: (f64, f64)) -> Ordering {
    let exact = |x: f64, y: f64| -> Option<(i32, f64, f64)> {
        if x == 0.0 || y == 0.0 {
            return None;
        }
        let ((mx, ex), (my, ey)) = (split(x), split(y));
        let h = mx * my;
        Some((ex + ey, h, mx.mul_add(my, -h)))
    };
    match (exact(l.0, l.1), exact(r.0, r.1)) {
        (None, None) => Ordering::Equal,
        (None, Some(_)) => Ordering::Less,
        (Some(_), None) => Ordering::Greater,
        (Some((e1, mut h1, mut t1)), Some((e2, mut h2, mut t2))) => {
            if e1 >= e2 + 2 {
                return Ordering::Greater;
            }
            if e2 >= e1 + 2 {
                return Ordering::Less;
            }
            if e1 == e2 + 1 {
                (h1, t1) = (2.0 * h1, 2.0 * t1);
            } else if e2 == e1 + 1 {
                (h2, t2) = (2.0 * h2, 2.0 * t2);
            }
            // finite, never NaN; partial_cmp also treats −0 = +0
            h1.partial_cmp(&h2).unwrap_or(Ordering::Equal).then(t1.partial_cmp(&t2).unwrap_or(Ordering::Equal))
        }
    }
}

/// A total order of vertices by abscissa for sorting: vertices with `x ≤ ½` first, by `x`, then
/// the others by `x̄` descending — [`cmp_abscissa`] (which compares across the two halves by `x̄`)
/// made transitive for vertices whose stored `x` and `x̄` disagree by rounding about the side of
/// ½ (`sort_by` needs a total order and panics on some violations).
pub(crate) fn cmp_abscissa_total(a: &Vertex, b: &Vertex) -> Ordering {
    match (a.x <= 0.5, b.x <= 0.5) {
        (true, true) => a.x.total_cmp(&b.x),
        (false, false) => b.x_bar.total_cmp(&a.x_bar),
        (true, false) => Ordering::Less,
        (false, true) => Ordering::Greater,
    }
}

fn dx(a: &Vertex, b: &Vertex) -> f64 {
    if a.x <= 0.5 && b.x <= 0.5 {
        b.x - a.x
    } else {
        a.x_bar - b.x_bar
    }
}
fn dy(a: &Vertex, b: &Vertex) -> f64 {
    if a.y <= 0.5 && b.y <= 0.5 {
        b.y - a.y
    } else {
        a.rho - b.rho
    }
}

/// Upper envelope of lines `y = c + m a` (with `d`, see `from_delta_grid`) on `[0, 1]` as a
/// vertex chain (convex-hull trick). The zero line must be among the lines and every line must be
/// ≤ 0 at a = 1 and ≤ 1 − a.
fn upper_envelope(mut lines: Vec<(f64, f64, f64)>) -> Vec<Vertex> {
    // slope ascending; for equal slopes keep the larger intercept
    lines.sort_by(|a, b| a.1.total_cmp(&b.1).then(b.0.total_cmp(&a.0)));
    lines.dedup_by(|b, a| a.1 == b.1);
    let mut st: Vec<(f64, f64, f64)> = Vec::new();
    for l in lines {
        while st.len() >= 2 {
            let (l1, l2) = (st[st.len() - 2], st[st.len() - 1]);
            // l2 is useless if x(l1, l) ≤ x(l1, l2), x(a, b) = (c_a − c_b)/(m_b − m_a)
            if (l1.0 - l.0) * (l2.1 - l1.1) <= (l1.0 - l2.0) * (l.1 - l1.1) {
                st.pop();
            } else {
                break;
            }
        }
        st.push(l);
    }
    // the active line at a: the one with the largest value
    let active = |a: f64| st.iter().copied().max_by(|p, q| (p.0 + p.1 * a).total_cmp(&(q.0 + q.1 * a))).expect("non-empty");
    let mut xs = vec![0.0];
    for w in st.windows(2) {
        let x = (w[0].0 - w[1].0) / (w[1].1 - w[0].1);
        if x > 0.0 && x < 1.0 && x > *xs.last().unwrap() {
            xs.push(x);
        }
    }
    xs.push(1.0);
    let mut v: Vec<Vertex> = Vec::with_capacity(xs.len());
    for &x in &xs {
        if x == 1.0 {
            v.push(Vertex { x, x_bar: 0.0, rho: 1.0, y: 0.0 });
            continue;
        }
        let (c, m, d) = active(x);
        // Direction: y down, ρ up (f_lo is a lower bound on the trade-off function).
        let y = (c + m * x).next_down().clamp(0.0, 1.0 - x);
        let rho = if d >= 0.0 { (d - m * x).next_up() } else { 1.0 - y };
        v.push(Vertex { x, x_bar: 1.0 - x, rho: rho.clamp(0.0, 1.0), y });
    }
    // enforce non-increasing y (rounding)
    for k in 1..v.len() {
        if v[k].y > v[k - 1].y {
            v[k].y = v[k - 1].y;
            v[k].rho = v[k - 1].rho;
        }
    }
    v
}

#[cfg(test)]
#[path = "tradeoff_build_test.rs"]
mod tradeoff_build_test;
