//! The two ways of combining trade-off functions that the mixtures paper uses (mixtures_fdp spec
//! §1.9, §2.4, §2.5; Wang, Su, Ye, Shokri, Su 2023, "Unified Enhancement of Privacy Bounds for
//! Mixture Mechanisms via f-DP", Lemma 3.1 and Theorem 4.2). They are different operations:
//!
//! * the **pointwise** combination `Σ λ_k f_k(α)` (Theorem 4.2, Proposition 6.4,
//!   Proposition E.1) — convex, but in general not the trade-off function of any natural mixture;
//! * the **joint** (index-revealed) combination
//!   `J_w(f_1, …, f_m)(α) = min { Σ w_i f_i(α_i) : Σ w_i α_i = α }` (Lemma 3.1) — the trade-off
//!   function of `((I, X), (I, Y))` with `I ~ w`, `X | I = i ~ P_i`, `Y | I = i ~ Q_i`. Its
//!   conjugate is `Σ w_i f_i*`, so `δ_J(ε) = Σ w_i δ_{f_i}(ε)` (spec §1.9 [D]).
//!
//! `J_w ≤ Σ w_i f_i` pointwise, strictly in general (spec §1.9: at α = 0.05 in the Lemma 3.1
//! example, 0.55 vs 0.7375).

use super::tradeoff::{cmp_abscissa, TradeOff, Vertex};
use crate::error::{Error, Result};
use std::cmp::Ordering;

/// Check mixture weights: same length as the list, non-empty, each in [0, 1], summing to 1
/// within 1e−12.
fn check_weights(w: &[f64], n: usize, what: &str) -> Result<()> {
    if w.is_empty() || w.len() != n {
        return Err(Error::invalid(&format!("{what} weights"), format!("{} weights for {n} functions", w.len()), "need one weight per function, at least one"));
    }
    for &x in w {
        crate::error::check::unit_closed(&format!("{what} weight"), x)?;
    }
    let s: f64 = crate::num::special::neumaier_sum(w.iter().copied());
    if (s - 1.0).abs() > 1e-12 {
        return Err(Error::invalid(&format!("{what} weights sum"), s, "must be 1 (within 1e-12)"));
    }
    Ok(())
}

impl TradeOff {
    /// `(f(x), 1 − f(x))` at the abscissa of `at` (given with its complement, so that points
    /// closer to 1 than f64 resolves keep their order), interpolating `y` and `ρ` separately
    /// (each from its own stored numbers, no subtraction from 1).
    pub(crate) fn eval_both(&self, at: &Vertex) -> (f64, f64) {
        let v = self.vertices();
        let k = v.partition_point(|p| cmp_abscissa(p, at) != Ordering::Greater);
        if k == 0 {
            return (v[0].y, v[0].rho);
        }
        if k >= v.len() {
            let l = &v[v.len() - 1];
            return (l.y, l.rho);
        }
        let (p, q) = (&v[k - 1], &v[k]);
        if cmp_abscissa(p, at) == Ordering::Equal {
            return (p.y, p.rho);
        }
        let t = if at.x <= 0.5 { (at.x - p.x) / (q.x - p.x) } else { (p.x_bar - at.x_bar) / (p.x_bar - q.x_bar) };
        let t = t.clamp(0.0, 1.0);
        ((p.y + t * (q.y - p.y)).clamp(q.y, p.y), (p.rho + t * (q.rho - p.rho)).clamp(p.rho, q.rho))
    }

    /// The pointwise combination `Σ λ_k f_k` (mixtures_fdp spec §2.4; the operation of the
    /// mixtures paper's Theorem 4.2 `f_Shuffle = 2w Id + (1 − 2w) T(P₀, Q₀)`): every `f_k`
    /// evaluated on the union of all breakpoints. Exact for PL input up to rounding (the sum of
    /// PL functions is linear between the union of their knots). Errors: weights invalid
    /// (see [`TradeOff::joint`]).
    pub fn pointwise(weights: &[f64], fs: &[TradeOff]) -> Result<TradeOff> {
        check_weights(weights, fs.len(), "pointwise combination")?;
        let mut xs: Vec<Vertex> = fs.iter().flat_map(|f| f.vertices().iter().copied()).collect();
        xs.sort_by(super::tradeoff_build::cmp_abscissa_total);
        xs.dedup_by(|b, a| cmp_abscissa(a, b) == Ordering::Equal);
        let v: Vec<Vertex> = xs
            .iter()
            .map(|at| {
                let (mut y, mut rho) = (0.0, 0.0);
                for (l, f) in weights.iter().zip(fs) {
                    let (fy, fr) = f.eval_both(at);
                    y += l * fy;
                    rho += l * fr;
                }
                Vertex { x: at.x, x_bar: at.x_bar, rho: rho.min(1.0), y: y.min(1.0) }.snapped()
            })
            .collect();
        TradeOff::from_chain(v).map_err(|e| Error::Numerical(format!("pointwise combination: {e}")))
    }

    /// The atoms of a pair realising `f` (mixtures_fdp spec §2.5): the vertical boundary piece
    /// `(0, 1 − f(0))`, one atom `(run, drop)` per segment, the run taken from the small-end
    /// numbers (`x` below ½, `x̄` above) and the drop likewise from `ρ` or `y`.
    pub fn segment_atoms(&self) -> Vec<(f64, f64)> {
        let v = self.vertices();
        let mut out = Vec::with_capacity(v.len());
        if v[0].rho > 0.0 {
            out.push((0.0, v[0].rho));
        }
        for w in v.windows(2) {
            let (p, q) = (&w[0], &w[1]);
            let dx = if q.x <= 0.5 { q.x - p.x } else { p.x_bar - q.x_bar };
            let dr = if q.rho <= 0.5 { q.rho - p.rho } else { p.y - q.y };
            if dx > 0.0 || dr > 0.0 {
                out.push((dx.max(0.0), dr.max(0.0)));
            }
        }
        out
    }

    /// The joint (index-revealed) combination `J_w(f_1, …, f_m)` (mixtures paper Lemma 3.1;
    /// mixtures_fdp spec §1.9, §2.5): the trade-off function of `((I, X), (I, Y))`. Built as
    /// [`TradeOff::from_pair`] of the concatenated weighted segment atoms `(w_i run, w_i drop)`
    /// — merging the segments of all `f_i` by slope, steepest first, which equalises slopes as
    /// the minimiser requires. Exact for PL input up to rounding.
    ///
    /// Errors: weights not one per function, outside [0, 1] or not summing to 1.
    pub fn joint(weights: &[f64], fs: &[TradeOff]) -> Result<TradeOff> {
        check_weights(weights, fs.len(), "joint combination")?;
        let mut p = Vec::new();
        let mut q = Vec::new();
        for (w, f) in weights.iter().zip(fs) {
            for (a, b) in f.segment_atoms() {
                p.push(w * a);
                q.push(w * b);
            }
        }
        TradeOff::from_pair(&p, &q).map_err(|e| Error::Numerical(format!("joint combination: {e}")))
    }
}
