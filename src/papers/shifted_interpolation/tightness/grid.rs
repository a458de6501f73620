//! Law evolution of a one-dimensional noisy iteration on a grid, and the exact (Neyman–Pearson)
//! trade-off and privacy profile between two discrete laws (spec §4.3, §5.3, §6, §10: the
//! projected-walk and subsampled-drift tightness instances of Bok, Su, Altschuler 2024).
//!
//! Units: the per-step noise standard deviation `ησ` is 1. One step is
//! `x ← Π_[lo, hi](a·x + s·B + Z)`, `Z ~ N(0, 1)`, `B ~ Bernoulli(p)` (independent of `Z`), `s` the
//! gradient shift of the differing datum divided by `ησ`. The state space is `cells` cells of
//! width `h = (hi − lo)/cells` (mass placed at the cell centre) plus two **atoms** at `lo` and
//! `hi`, which receive the mass the projection puts on the boundary. For an unconstrained
//! instance choose `[lo, hi]` so wide that the atoms stay negligible ([`Law::atom_mass`] reports
//! them).
//!
//! Discretisation: the transition from a state is exact (Gaussian CDF differences at the cell
//! edges); the only approximation is that the mass of a cell sits at its centre. This error is not
//! signed: callers estimate it by evolving at `cells` and `cells/2` and comparing
//! ([`grid_error`]). When the initial law is a point mass and one step is taken, the result is the
//! exact law of the binned output (a post-processing), so its trade-off lies **above** the exact
//! one and its δ(ε) below (data processing).

use crate::error::{check, Error, Result};
use crate::num::special::ndtr;

/// Largest number of grid cells (two dense banded kernels of `cells²` entries at most).
pub const MAX_CELLS: usize = 4096;

/// The discretised state space `[lo, hi]`: `cells` cells plus two boundary atoms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Grid {
    pub lo: f64,
    pub hi: f64,
    pub cells: usize,
}

impl Grid {
    /// Validate: `lo < hi` finite, `2 ≤ cells ≤` [`MAX_CELLS`].
    pub fn new(lo: f64, hi: f64, cells: usize) -> Result<Grid> {
        check::finite("grid lower end", lo)?;
        check::finite("grid upper end", hi)?;
        if !(hi > lo) {
            return Err(Error::invalid("grid upper end", hi, "must exceed the lower end"));
        }
        if !(2..=MAX_CELLS).contains(&cells) {
            return Err(Error::invalid("grid cells", cells, &format!("must lie in 2..={MAX_CELLS}")));
        }
        Ok(Grid { lo, hi, cells })
    }
    /// Cell width.
    pub fn h(&self) -> f64 {
        (self.hi - self.lo) / self.cells as f64
    }
    /// Number of states: cells, then the atoms at `lo` and `hi`.
    pub fn states(&self) -> usize {
        self.cells + 2
    }
    /// Position of state `i` (cell centre, or `lo` / `hi` for the atoms).
    pub fn position(&self, i: usize) -> f64 {
        if i < self.cells {
            self.lo + (i as f64 + 0.5) * self.h()
        } else if i == self.cells {
            self.lo
        } else {
            self.hi
        }
    }
    /// The law of the point mass at `x`: the atom if `x` is an end, else the cell containing it.
    pub fn point_mass(&self, x: f64) -> Result<Law> {
        if !(x >= self.lo && x <= self.hi) {
            return Err(Error::invalid("initial point", x, "must lie in the grid [lo, hi]"));
        }
        let mut m = vec![0.0; self.states()];
        let i = if x == self.lo {
            self.cells
        } else if x == self.hi {
            self.cells + 1
        } else {
            (((x - self.lo) / self.h()) as usize).min(self.cells - 1)
        };
        m[i] = 1.0;
        Ok(Law { grid: *self, mass: m })
    }
}

/// A law on a [`Grid`]: one mass per state (cells, then the two atoms).
#[derive(Clone, Debug, PartialEq)]
pub struct Law {
    pub grid: Grid,
    pub mass: Vec<f64>,
}

impl Law {
    /// Mass of the two atoms (boundary mass of a projected walk; escaped tail otherwise).
    pub fn atom_mass(&self) -> f64 {
        self.mass[self.grid.cells] + self.mass[self.grid.cells + 1]
    }
    /// Mean of the law (states at their positions).
    pub fn mean(&self) -> f64 {
        self.mass.iter().enumerate().map(|(i, m)| m * self.grid.position(i)).sum()
    }
}

/// `P(lo' ≤ m + Z < hi')` for `Z ~ N(0, 1)`, computed on the side where both CDF values are
/// small (no cancellation between two numbers close to 1).
fn gauss_between(a: f64, b: f64) -> f64 {
    if a >= 0.0 {
        (ndtr(-a) - ndtr(-b)).max(0.0)
    } else {
        (ndtr(b) - ndtr(a)).max(0.0)
    }
}

/// The transition kernel of `x ← Π_[lo,hi](a x + s + Z)` on a grid, stored by source state as
/// `(first target cell, masses of the cells from there, mass to atom lo, mass to atom hi)`;
/// cell masses below 1e−300 outside the band are dropped.
#[derive(Clone, Debug)]
pub struct Kernel {
    cols: Vec<(usize, Vec<f64>, f64, f64)>,
}

impl Kernel {
    /// Build the kernel for step factor `a` and shift `s` (both finite).
    pub fn new(g: &Grid, a: f64, s: f64) -> Result<Kernel> {
        check::finite("step factor a", a)?;
        check::finite("shift s", s)?;
        let h = g.h();
        // Band: targets within 40 standard deviations (Φ(−40) ≈ 4e−350 underflows).
        let band = (40.0 / h).ceil() as i64;
        let mut cols = Vec::with_capacity(g.states());
        for j in 0..g.states() {
            let m = a * g.position(j) + s;
            let centre = ((m - g.lo) / h).floor() as i64;
            let first = (centre - band).clamp(0, g.cells as i64) as usize;
            let last = (centre + band).clamp(0, g.cells as i64) as usize;
            let v: Vec<f64> = (first..last).map(|i| gauss_between(g.lo + i as f64 * h - m, g.lo + (i + 1) as f64 * h - m)).collect();
            cols.push((first, v, ndtr(g.lo - m), ndtr(m - g.hi)));
        }
        Ok(Kernel { cols })
    }

    /// Push `w · law` through the kernel, adding into `out`.
    fn apply_into(&self, law: &[f64], w: f64, out: &mut [f64]) {
        let cells = out.len() - 2;
        for (j, &mj) in law.iter().enumerate() {
            if mj == 0.0 {
                continue;
            }
            let (first, v, to_lo, to_hi) = &self.cols[j];
            let wm = w * mj;
            for (k, x) in v.iter().enumerate() {
                out[first + k] += wm * x;
            }
            out[cells] += wm * to_lo;
            out[cells + 1] += wm * to_hi;
        }
    }
}

/// One step of the mixture `(1 − p)·K_0 + p·K_s`: with probability `p` the step uses `shifted`
/// (the differing datum is in the batch), otherwise `plain`. `p = 0` or `1` uses one kernel only.
pub fn step(law: &Law, plain: &Kernel, shifted: &Kernel, p: f64) -> Law {
    let mut out = vec![0.0; law.mass.len()];
    if p < 1.0 {
        plain.apply_into(&law.mass, 1.0 - p, &mut out);
    }
    if p > 0.0 {
        shifted.apply_into(&law.mass, p, &mut out);
    }
    Law { grid: law.grid, mass: out }
}

/// Evolve two laws from the point mass `x0` for `steps` steps of factor `a`: the first (dataset
/// `S`) never shifts; the second (`S'`) shifts by `s` with probability `p_at(k)` at step `k`
/// (1-based). Returns `(P, Q)`, the laws of the final iterate under `S` and `S'`.
/// Errors: bad grid or point, `a`/`s` not finite, a probability outside `[0, 1]`.
pub fn evolve_pair(g: &Grid, x0: f64, a: f64, s: f64, steps: u64, p_at: impl Fn(u64) -> f64) -> Result<(Law, Law)> {
    let plain = Kernel::new(g, a, 0.0)?;
    let shifted = Kernel::new(g, a, s)?;
    let (mut p, mut q) = (g.point_mass(x0)?, g.point_mass(x0)?);
    for k in 1..=steps {
        let pk = check::unit_closed("probability of the shifted step", p_at(k))?;
        p = step(&p, &plain, &shifted, 0.0);
        q = step(&q, &plain, &shifted, pk);
    }
    Ok((p, q))
}

/// The Neyman–Pearson trade-off `T(P, Q)` (type II error of the best test of `P` against `Q` at
/// type I error α) as its vertices `(α_k, β_k)`, α increasing from 0 to 1: states sorted by the
/// likelihood ratio `Q/P` decreasing (states with `P = 0 < Q` first), cumulative sums; between
/// vertices the trade-off is linear (randomised tests).
pub fn tradeoff_vertices(p: &[f64], q: &[f64]) -> Vec<(f64, f64)> {
    let mut idx: Vec<usize> = (0..p.len()).filter(|&i| p[i] > 0.0 || q[i] > 0.0).collect();
    // Sort key: the ratio Q/P (+∞ where P = 0), decreasing; a total order (f64::total_cmp).
    let ratio = |i: usize| if p[i] > 0.0 { q[i] / p[i] } else { f64::INFINITY };
    idx.sort_by(|&i, &j| ratio(j).total_cmp(&ratio(i)));
    let (tp, tq): (f64, f64) = (p.iter().sum(), q.iter().sum());
    let mut v = vec![(0.0, 1.0)];
    let (mut a, mut b) = (0.0, 0.0);
    for i in idx {
        a += p[i] / tp;
        b += q[i] / tq;
        v.push((a.min(1.0), (1.0 - b).max(0.0)));
    }
    v
}

/// Evaluate the piecewise-linear trade-off with vertices `v` (from [`tradeoff_vertices`]) at α.
pub fn tradeoff_at(v: &[(f64, f64)], alpha: f64) -> f64 {
    let k = v.partition_point(|&(a, _)| a < alpha);
    if k == 0 {
        return v[0].1;
    }
    if k >= v.len() {
        return 0.0;
    }
    let ((a0, b0), (a1, b1)) = (v[k - 1], v[k]);
    if a1 <= a0 {
        return b1;
    }
    b0 + (b1 - b0) * (alpha - a0) / (a1 - a0)
}

/// The hockey-stick divergence `δ_{P‖Q}(ε) = Σ_i max(0, P_i − e^ε Q_i)` (the privacy profile of
/// the pair in the direction `P` vs `Q`), summed in f64.
pub fn hockey_stick(p: &[f64], q: &[f64], eps: f64) -> f64 {
    let e = eps.exp();
    p.iter().zip(q).map(|(&a, &b)| (a - e * b).max(0.0)).sum()
}

/// `max(δ_{P‖Q}(ε), δ_{Q‖P}(ε))`: the δ(ε) of the instance under replace-one adjacency (both
/// orders of the pair).
pub fn delta_both(p: &Law, q: &Law, eps: f64) -> f64 {
    hockey_stick(&p.mass, &q.mass, eps).max(hockey_stick(&q.mass, &p.mass, eps))
}

/// The smallest μ with `G_μ ≤ T` at the given α values and at the vertices of `T`:
/// `max_α [Φ⁻¹(1 − α) − Φ⁻¹(T(α))]` over `α ∈ (0, 1)` with `T(α) ∈ (0, 1)`. It is evaluated at
/// finitely many α, so it is a lower estimate of the instance's GDP parameter (safe direction
/// for a lower bound on the worst case).
pub fn gdp_mu_of(v: &[(f64, f64)], alphas: &[f64]) -> f64 {
    use crate::num::special::ndtri;
    let at = |a: f64, b: f64| if a > 0.0 && a < 1.0 && b > 0.0 && b < 1.0 { ndtri(1.0 - a) - ndtri(b) } else { f64::NEG_INFINITY };
    let from_vertices = v.iter().map(|&(a, b)| at(a, b)).fold(0.0f64, f64::max);
    alphas.iter().map(|&a| at(a, tradeoff_at(v, a))).fold(from_vertices, f64::max)
}

/// Largest difference between the δ(ε) of two evolutions (e.g. `cells` and `cells/2`) over the
/// ε values, and between their trade-offs over the α values: the stated grid error.
pub fn grid_error(fine: (&Law, &Law), coarse: (&Law, &Law), eps: &[f64], alphas: &[f64]) -> f64 {
    let mut e: f64 = 0.0;
    for &x in eps {
        e = e.max((delta_both(fine.0, fine.1, x) - delta_both(coarse.0, coarse.1, x)).abs());
    }
    let (vf, vc) = (tradeoff_vertices(&fine.0.mass, &fine.1.mass), tradeoff_vertices(&coarse.0.mass, &coarse.1.mass));
    let (wf, wc) = (tradeoff_vertices(&fine.1.mass, &fine.0.mass), tradeoff_vertices(&coarse.1.mass, &coarse.0.mass));
    for &a in alphas {
        e = e.max((tradeoff_at(&vf, a) - tradeoff_at(&vc, a)).abs()).max((tradeoff_at(&wf, a) - tradeoff_at(&wc, a)).abs());
    }
    e
}

#[cfg(test)]
#[path = "grid_test.rs"]
mod tests;
