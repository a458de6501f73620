//! Projected-walk instances for the constrained bounds, Theorem 4.3 (full batch) and Theorem 4.6
//! (cyclic batches) of Bok, Su, Altschuler 2024 (spec §4.3 "Ground truth / looseness", §5.3,
//! §10): `K = [0, D]`, `x_0 = 0`, `f_i ≡ 0` and `f'_{i*}(x) = −L x` (convex, `0`-smooth, gradient
//! difference exactly `L`), so a step touching the differing datum moves the iterate by `+ηL/b`
//! into the interval. In noise units (`ησ = 1`): the interval is `[0, D/(ησ)]` and the shift is
//! `r = L/(bσ)`. The laws of the final iterate under both datasets are evolved on a grid with the
//! boundary atoms ([`crate::papers::shifted_interpolation::tightness::grid`]), and compared with the bound's `G_μ`:
//!
//! * trade-off: `G_μ(α) ≤ T_inst(α)` for both orders of the pair, at a grid of α;
//! * privacy profile: `δ_inst(ε) ≤ δ_{G_μ}(ε)` at a grid of ε (`δ_{G_μ}` certified, MPFR);
//! * the instance's GDP parameter (smallest μ with `G_μ ≤ T_inst`, evaluated at finitely many α:
//!   a lower estimate) and its ratio to the bound.
//!
//! The grid error is stated: the evolution is repeated with half the cells and the largest
//! difference of δ and T over the grids is reported ([`super::grid::grid_error`]); an excess
//! counts as a violation only beyond twice that plus 1e−9.

use crate::papers::shifted_interpolation::section_4::noisy_gd::Constrained;
use crate::papers::shifted_interpolation::tightness::grid::{self as grid, Grid, Law};
use crate::papers::shifted_interpolation::section_4::{noisy_cgd, noisy_gd};
use crate::error::{check, Result};
use crate::repr::Gdp;

/// α grid of the trade-off comparison (spec §4.2's Monte Carlo α plus the tails).
pub const ALPHAS: [f64; 12] = [1e-4, 1e-3, 0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999];
/// ε grid of the δ(ε) comparison.
pub const EPSILONS: [f64; 8] = [0.0, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0];

/// A bound compared with its instance.
#[derive(Clone, Debug, PartialEq)]
pub struct GdpComparison {
    /// GDP parameter of the bound.
    pub mu_bound: f64,
    /// Lower estimate of the instance's GDP parameter ([`grid::gdp_mu_of`], both orders).
    pub mu_instance: f64,
    /// `max_α (G_{μ_bound}(α) − T_inst(α))` over [`ALPHAS`] and both orders (> 0: bound violated).
    pub tradeoff_excess: f64,
    /// `max_ε (δ_inst(ε) − δ_{G_{μ_bound}}(ε))` over [`EPSILONS`] (> 0: bound violated).
    pub delta_excess: f64,
    /// Stated grid error (cells vs cells/2).
    pub grid_error: f64,
    /// Boundary mass of the final laws (`P`, `Q`).
    pub atoms: (f64, f64),
}

impl GdpComparison {
    /// The tolerance a comparison is allowed: twice the grid error plus 1e−9.
    pub fn tolerance(&self) -> f64 {
        2.0 * self.grid_error + 1e-9
    }
    /// True when neither the trade-off nor δ(ε) of the instance crosses the bound beyond the
    /// tolerance.
    pub fn bound_holds(&self) -> bool {
        self.tradeoff_excess <= self.tolerance() && self.delta_excess <= self.tolerance()
    }
    /// `μ_bound / μ_instance` (how loose the bound is on this instance).
    pub fn ratio(&self) -> f64 {
        self.mu_bound / self.mu_instance
    }
}

/// Compare the laws `(P, Q)` (with the same pair at half the cells for the grid error) against
/// `G_{μ_bound}`. Errors: μ not finite ≥ 0, or a failing certified δ evaluation.
pub fn compare_gdp(fine: (&Law, &Law), coarse: (&Law, &Law), mu_bound: f64) -> Result<GdpComparison> {
    let g = Gdp::new(mu_bound)?;
    let (p, q) = fine;
    let (vpq, vqp) = (grid::tradeoff_vertices(&p.mass, &q.mass), grid::tradeoff_vertices(&q.mass, &p.mass));
    let mut t_excess = f64::NEG_INFINITY;
    for &a in &ALPHAS {
        let gb = g.tradeoff(a)?;
        t_excess = t_excess.max(gb - grid::tradeoff_at(&vpq, a)).max(gb - grid::tradeoff_at(&vqp, a));
    }
    let mut d_excess = f64::NEG_INFINITY;
    for &e in &EPSILONS {
        d_excess = d_excess.max(grid::delta_both(p, q, e) - g.delta_bounds(e, 128)?.upper);
    }
    let dense: Vec<f64> = (1..2000).map(|i| i as f64 / 2000.0).collect();
    let mu_instance = grid::gdp_mu_of(&vpq, &dense).max(grid::gdp_mu_of(&vqp, &dense));
    Ok(GdpComparison {
        mu_bound,
        mu_instance,
        tradeoff_excess: t_excess,
        delta_excess: d_excess,
        grid_error: grid::grid_error(fine, coarse, &EPSILONS, &ALPHAS),
        atoms: (p.atom_mass(), q.atom_mass()),
    })
}

/// The laws of the final iterate of the projected walk (noise units) with `cells` cells on
/// `[0, D/(ησ)]`, shift `L/(nσ)` at the steps `k` with `touched(k)`, `steps` steps.
fn walk(p: &Constrained, steps: u64, cells: usize, touched: &dyn Fn(u64) -> bool) -> Result<(Law, Law)> {
    p.check()?;
    let g = Grid::new(0.0, p.d / (p.eta * p.sigma), cells)?;
    grid::evolve_pair(&g, 0.0, 1.0, p.l / (p.n as f64 * p.sigma), steps, |k| if touched(k) { 1.0 } else { 0.0 })
}

/// Theorem 4.3's instance: NoisyGD (every step touches the differing datum) for `T` steps, laws
/// at `cells` and `cells/2`. Errors: invalid parameters, T = 0, bad grid.
pub fn walk_gd(p: &Constrained, t: u64, cells: usize) -> Result<((Law, Law), (Law, Law))> {
    check::at_least_one("number of steps T", t)?;
    Ok((walk(p, t, cells, &|_| true)?, walk(p, t, cells / 2, &|_| true)?))
}

/// Theorem 4.3 (best window, [`noisy_gd::theorem_4_3_best`]) against its projected walk.
pub fn check_theorem_4_3(p: &Constrained, t: u64, cells: usize) -> Result<GdpComparison> {
    let (fine, coarse) = walk_gd(p, t, cells)?;
    compare_gdp((&fine.0, &fine.1), (&coarse.0, &coarse.1), noisy_gd::theorem_4_3_best(p, t)?.1)
}

/// Theorem 4.6's instance: NoisyCGD with `l` batches over `E` epochs and the differing datum in
/// the last batch (touched at steps `l, 2l, …, El`; `p.n` is the batch size `b`).
pub fn walk_cgd(p: &Constrained, batches: u64, e: u64, cells: usize) -> Result<((Law, Law), (Law, Law))> {
    check::at_least_one("batches per epoch l", batches)?;
    check::at_least_one("number of epochs E", e)?;
    let touched = move |k: u64| k % batches == 0;
    let t = batches.saturating_mul(e);
    Ok((walk(p, t, cells, &touched)?, walk(p, t, cells / 2, &touched)?))
}

/// Theorem 4.6 (best window, [`noisy_cgd::theorem_4_6_best`]) against its cyclic projected walk.
pub fn check_theorem_4_6(p: &Constrained, batches: u64, e: u64, cells: usize) -> Result<GdpComparison> {
    let (fine, coarse) = walk_cgd(p, batches, e, cells)?;
    compare_gdp((&fine.0, &fine.1), (&coarse.0, &coarse.1), noisy_cgd::theorem_4_6_best(p, batches, e)?.1)
}

#[cfg(test)]
#[path = "walk_test.rs"]
mod tests;
