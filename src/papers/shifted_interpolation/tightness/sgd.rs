//! Subsampled-drift instances for the NoisySGD bounds, Theorems 4.8, 4.9 and 4.10 of Bok, Su,
//! Altschuler 2024 (spec §6, §10). Batches of size `b` drawn without replacement contain the
//! differing datum with probability `p = b/n`, independently over steps; all other losses are
//! equal, so in noise units (`ησ = 1`) a step is `x ← Π(a x + r B + Z)`, `B ~ Bernoulli(p)` under
//! `S'` and `B = 0` under `S`, `r = L/(bσ)`:
//!
//! * Theorem 4.8 (any losses): linear instance `f_i ≡ 0`, `f'_{i*} = −L x`, `a = 1`, unconstrained;
//!   at `t = 1` its exact trade-off (both orders, convexified) is `C_p(G_r)` (the paper's
//!   one-step optimality).
//! * Theorem 4.9 (strongly convex): `f_i = (m/2)x²`, `f'_{i*} = (m/2)x² − L x`, `a = c = 1 − ηm`.
//! * Theorem 4.10 (convex, constrained): the projected walk of [`crate::papers::shifted_interpolation::tightness::walk`] on
//!   `[0, D/(ησ)]` from 0 with subsampled drift.
//!
//! Unconstrained instances are evolved on `[−W, W]` with `W` = largest mean + 12 standard
//! deviations + 1, so the boundary atoms (reported) stay below ~1e−30. Each bound `f_K` is
//! composed by the certified PLD accountant ([`crate::pld::fdp_compose`]); the check is
//! `δ_inst(ε) ≤ δ_{f_K}(ε)` (upper end of the certified interval) at a grid of ε, with the grid
//! error stated as in [`crate::papers::shifted_interpolation::tightness::walk`].

use crate::papers::shifted_interpolation::section_4::noisy_sgd::{self, Constrained, Thm49Form};
use crate::papers::shifted_interpolation::tightness::grid::{self as grid, Grid, Law};
use crate::papers::shifted_interpolation::tightness::walk::{ALPHAS, EPSILONS};
use crate::error::{check, Error, Result};
use crate::pld::{compose_fdp, FdpFactor, PldOptions};
use crate::repr::SubsampledGdp;

/// An f-DP bound (composed factors) compared with its instance by δ(ε).
#[derive(Clone, Debug, PartialEq)]
pub struct FdpComparison {
    /// `max_ε (δ_inst(ε) − δ_U(ε))` over [`EPSILONS`], `δ_U` the certified upper end (> 0: the
    /// bound is violated).
    pub delta_excess: f64,
    /// `min_ε δ_U(ε)/δ_inst(ε)` over the ε with `δ_inst(ε) > 1e−12` (how loose the bound is).
    pub min_delta_ratio: f64,
    /// Stated grid error (cells vs cells/2).
    pub grid_error: f64,
    /// Boundary (or escaped tail) mass of the final laws.
    pub atoms: (f64, f64),
}

impl FdpComparison {
    /// True when δ of the instance never exceeds the bound beyond twice the grid error + 1e−9.
    pub fn bound_holds(&self) -> bool {
        self.delta_excess <= 2.0 * self.grid_error + 1e-9
    }
}

/// Laws of the final iterate: `t` steps of factor `a`, shift `r` with probability `p`, from 0, on
/// `[0, d]` (projected, `Some(d)` = `D/(ησ)`) or on a wide symmetric grid (`None`); `cells` and
/// `cells/2` (both made odd, so that 0 is a cell centre on the symmetric grid).
pub fn sgd_laws(p: f64, r: f64, a: f64, t: u64, d: Option<f64>, cells: usize) -> Result<((Law, Law), (Law, Law))> {
    check::unit_closed("sampling rate p", p)?;
    check::positive("shift r", r)?;
    check::at_least_one("number of steps t", t)?;
    if !(a > 0.0 && a <= 1.0) {
        return Err(Error::invalid("step factor a", a, "must lie in (0, 1]"));
    }
    let make = |n: usize| -> Result<(Law, Law)> {
        let g = match d {
            Some(d) => Grid::new(0.0, d, n)?,
            None => {
                let (mut s1, mut s2, mut ak) = (0.0, 0.0, 1.0);
                for _ in 0..t {
                    s1 += ak;
                    s2 += ak * ak;
                    ak *= a;
                }
                let w = r * s1 + 12.0 * s2.sqrt() + 1.0;
                Grid::new(-w, w, n | 1)?
            }
        };
        grid::evolve_pair(&g, 0.0, a, r, t, |_| p)
    };
    Ok((make(cells)?, make(cells / 2)?))
}

/// Compare the instance laws with the certified composition of `parts`.
pub fn compare_fdp(fine: (&Law, &Law), coarse: (&Law, &Law), parts: &[(FdpFactor, u64)], opts: &PldOptions) -> Result<FdpComparison> {
    let pld = compose_fdp(parts, opts)?;
    let (mut excess, mut ratio) = (f64::NEG_INFINITY, f64::INFINITY);
    for &e in &EPSILONS {
        let (di, db) = (grid::delta_both(fine.0, fine.1, e), pld.delta(e).upper);
        excess = excess.max(di - db);
        if di > 1e-12 {
            ratio = ratio.min(db / di);
        }
    }
    Ok(FdpComparison { delta_excess: excess, min_delta_ratio: ratio, grid_error: grid::grid_error(fine, coarse, &EPSILONS, &ALPHAS), atoms: (fine.0.atom_mass(), fine.1.atom_mass()) })
}

/// Theorem 4.8 (`C_p(G_r)^{⊗t}`) against the linear subsampled-drift instance.
pub fn check_theorem_4_8(p: f64, r: f64, t: u64, cells: usize, opts: &PldOptions) -> Result<FdpComparison> {
    let (f, c) = sgd_laws(p, r, 1.0, t, None, cells)?;
    compare_fdp((&f.0, &f.1), (&c.0, &c.1), &noisy_sgd::thm_4_8_factors(p, r, t)?, opts)
}

/// Theorem 4.9 at window `K` (form `form`) against the quadratic subsampled-drift instance with
/// `a = c`.
pub fn check_theorem_4_9(p: f64, r: f64, c: f64, t: u64, k: u64, form: Thm49Form, cells: usize, opts: &PldOptions) -> Result<FdpComparison> {
    let parts = noisy_sgd::thm_4_9_factors(p, r, c, t, k, form)?;
    let (f, cc) = sgd_laws(p, r, c, t, None, cells)?;
    compare_fdp((&f.0, &f.1), (&cc.0, &cc.1), &parts, opts)
}

/// Theorem 4.10 at window `ν` against the projected subsampled-drift walk on `[0, D/(ησ)]`.
pub fn check_theorem_4_10(p: f64, r: f64, k: &Constrained, t: u64, nu: u64, cells: usize, opts: &PldOptions) -> Result<FdpComparison> {
    let parts = noisy_sgd::thm_4_10_factors(p, r, k, t, nu)?;
    let (f, c) = sgd_laws(p, r, 1.0, t, Some(k.d / (k.eta * k.sigma)), cells)?;
    compare_fdp((&f.0, &f.1), (&c.0, &c.1), &parts, opts)
}

/// Lower convex hull of the union of two vertex lists (α increasing): the symmetrised trade-off
/// `(min{T(P,Q), T(Q,P)})**` of a pair under replace-one adjacency.
pub fn symmetric_hull(a: &[(f64, f64)], b: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let mut pts: Vec<(f64, f64)> = a.iter().chain(b).copied().collect();
    pts.sort_by(|x, y| x.0.partial_cmp(&y.0).unwrap_or(std::cmp::Ordering::Equal).then(x.1.partial_cmp(&y.1).unwrap_or(std::cmp::Ordering::Equal)));
    let mut h: Vec<(f64, f64)> = Vec::new();
    for q in pts {
        while h.len() >= 2 {
            let (o, a) = (h[h.len() - 2], h[h.len() - 1]);
            // Pop `a` unless it lies strictly below the chord from o to q.
            if (a.0 - o.0) * (q.1 - o.1) - (a.1 - o.1) * (q.0 - o.0) <= 0.0 {
                h.pop();
            } else {
                break;
            }
        }
        h.push(q);
    }
    h
}

/// Theorem 4.8 at `t = 1`: the one-step instance against `C_p(G_r)`.
#[derive(Clone, Debug, PartialEq)]
pub struct OneStep {
    /// `max_α |T_sym(α) − C_p(G_r)(α)|` over the α grid.
    pub tradeoff_gap: f64,
    /// `min_α (T_sym(α) − C_p(G_r)(α))`: ≥ 0 up to rounding, since the binned laws are a
    /// post-processing of the exact ones.
    pub tradeoff_min: f64,
    /// `max_ε |δ_inst(ε) − δ_{C_p(G_r)}(ε)|` over [`EPSILONS`] (closed form, spec §2.6).
    pub delta_gap: f64,
}

/// The exact mixture trade-off of the one-step instance (`N(0,1)` vs `(1−p)N(0,1) + pN(r,1)`,
/// binned on `cells` cells of `[−r−12, r+12]`), symmetrised, against `C_p(G_r)` at `alphas`.
pub fn one_step(p: f64, r: f64, cells: usize, alphas: &[f64]) -> Result<OneStep> {
    let cp = SubsampledGdp::new(p, r)?;
    let w = r + 12.0;
    let g = Grid::new(-w, w, cells | 1)?;
    let (lp, lq) = grid::evolve_pair(&g, 0.0, 1.0, r, 1, |_| p)?;
    let h = symmetric_hull(&grid::tradeoff_vertices(&lp.mass, &lq.mass), &grid::tradeoff_vertices(&lq.mass, &lp.mass));
    let (mut gap, mut min) = (0.0f64, f64::INFINITY);
    for &a in alphas {
        let d = grid::tradeoff_at(&h, a) - cp.tradeoff(a)?;
        gap = gap.max(d.abs());
        min = min.min(d);
    }
    let mut dgap: f64 = 0.0;
    for &e in &EPSILONS {
        dgap = dgap.max((grid::delta_both(&lp, &lq, e) - cp.delta(e)?).abs());
    }
    Ok(OneStep { tradeoff_gap: gap, tradeoff_min: min, delta_gap: dgap })
}

#[cfg(test)]
#[path = "sgd_test.rs"]
mod tests;
