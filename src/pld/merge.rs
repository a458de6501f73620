//! Tight optimistic discretisation by merging loss cells. **Lower** object.
//!
//! Privacy buckets rounded down (spec §4.2a) lose about `h/2` of loss per step, i.e. a drift of
//! `T·h/2` in ε after `T` steps. This module removes the drift with two elementary facts:
//!
//! 1. *Merging is post-processing.* Partition the finite losses into cells `C_j` and release only
//!    the cell index. The released pair `(P(C_j), Q(C_j))_j` is a post-processing of `(P, Q)`, so
//!    by the data-processing inequality its profile — and, by the composition theorem for
//!    dominating pairs (Zhu, Dong & Wang 2022; spec §1.3 item 1), the profile of its `T`-fold
//!    composition — lies below the true one. Its loss for cell `j` is the atom
//!    `y_j = ln(P(C_j)/Q(C_j))`, a weighted average of the losses in `C_j`, with P-mass `P(C_j)`.
//!    (This pair's profile is the maximum of the tangents of `γ ↦ H_γ` at the cell edges: the
//!    "optimistic" counterpart of Connect-the-Dots, whose pair is the chord interpolation.)
//! 2. *Rounding down is monotone.* Moving an atom to a smaller loss, or dropping mass, lowers
//!    `E[(1 − e^{ε−ΣL})_+]` (the integrand is non-decreasing in each loss and non-negative).
//!
//! Cells are chosen one after the other so that `y_j` is just above a grid point `x_j = j h`,
//! and the atom is then rounded down to `x_j`. With `Q(C) = E_P[e^{−L}; C]` (spec §1.5 item 4),
//! `y_j ≥ x_j ⟺ Φ_j := E_P[(1 − e^{x_j − L}); L ∈ C_j] ≥ 0`. For a cell `(t_a, t_b]`,
//! `Φ_j = D(x_j; t_a) − D(x_j; t_b)` with `D(x; t) = E_P[(1 − e^{x−L}); L > t]
//! = δ(t) − expm1(x − t)·(sf(t) − δ(t))`, because `e^t Q(t < L < ∞) = sf(t) − δ(t)` (spec §1.5
//! item 3). The free edge of each cell is found by a safeguarded secant search for
//! `Φ_j − margin ∈ [0, 10⁻⁶·h·P(C_j)]`, where `margin` bounds the evaluation error of `Φ_j`
//! under the model of `discretise.rs`: `y_j ≥ x_j` is certified, and the atom lies at most about
//! `10⁻⁶ h` above its grid point. Balanced cells are about one grid step wide, so the remaining
//! error is of second order in `h`, like Connect-the-Dots (see `scan_up` for the cell pattern).
//!
//! Fallbacks, valid without any check: a cell `(t_a, x_j)` is assigned to `floor(t_a/h)` (its
//! atom is `> t_a`); a cell `[x_j, t_b]` or `(x_j, t_b]` is assigned to `x_j`. They are used where
//! no balanced edge exists within a few grid steps (atoms, far tails where Φ is below the
//! evaluation-error margin) and, in cells of negligible mass, to re-centre the cell pattern.
//! Mass below `t_lo` is dropped; finite mass above the last edge forms one cell rounded down;
//! `w_∞ = p_∞`.
//!
//! The tail sums of the result are lower-rounded values of `sf` / `sf_left` at the cell edges.

use super::discretise::{checked, grid_range, inf_down, EvalModel, StepRange, ABS_SLACK};
use super::pmf::{DiscretePld, U};
use crate::error::Result;
use crate::mechanisms::PrivacyLoss;

/// Accept an edge once the certified `Φ_j − margin ≥ 0` exceeds zero by at most
/// `MERGE_TOL·h·P(C_j)`; the atom then lies at most about `MERGE_TOL·h` above its grid point.
const MERGE_TOL: f64 = 1e-6;

/// One evaluated cell edge `t`: `δ(t)`, `sf(t)` and `Q̃(t) = sf(t) − δ(t) = e^t Q(t < L < ∞)`.
#[derive(Clone, Copy, Debug)]
struct Edge {
    t: f64,
    delta: f64,
    sf: f64,
    qt: f64,
}

struct Merger<'a> {
    loss: &'a dyn PrivacyLoss,
    r: &'a StepRange,
    m: EvalModel,
    h: f64,
}

impl<'a> Merger<'a> {
    fn edge(&mut self, t: f64) -> Result<Edge> {
        let (sf, delta) = if t >= self.r.support.1 {
            let p = self.loss.inf_mass();
            (p, p)
        } else {
            (checked("sf", self.loss, t, self.loss.sf(t))?, checked("delta", self.loss, t, self.loss.delta(t))?)
        };
        Ok(Edge { t, delta, sf, qt: (sf - delta).max(0.0) })
    }

    /// `D(x; e.t)` and a bound on its evaluation error (model of `discretise.rs` plus f64
    /// rounding of the two operations; `x` and `e.t` are exact f64 numbers, so `x − t` carries
    /// one rounding).
    fn d_val(&self, x: f64, e: &Edge) -> (f64, f64) {
        let d = x - e.t;
        let em = d.exp_m1();
        let val = e.delta - em * e.qt;
        // Model: |Δδ| ≤ ρ·sf, |Δsf| ≤ ρ·sf, so |ΔQ̃| ≤ 2ρ·sf and |ΔD| ≤ ρ·sf·(1 + 3|em|).
        let rho = self.m.rho * 1.01;
        let err_em = em.abs() * (3.0 * U + U * d.abs());
        let err = rho * e.sf * (1.0 + 3.0 * em.abs())
            + err_em * e.qt
            + 2.0 * U * (e.delta.abs() + (em * e.qt).abs())
            + 2.0 * ABS_SLACK * (1.0 + em.abs());
        (val, err)
    }

    /// Certified-side value `ψ = Φ − margin` for the cell between `lower` and `upper` edges
    /// (ψ ≥ 0 ⟹ Φ ≥ 0 ⟹ the merged atom is ≥ x), and the acceptance tolerance.
    fn psi(&self, x: f64, lower: &Edge, upper: &Edge) -> (f64, f64) {
        let (dl, el) = self.d_val(x, lower);
        let (du, eu) = self.d_val(x, upper);
        let phi = dl - du;
        let psi = phi - el - eu - 2.0 * U * (dl.abs() + du.abs());
        let mass = (lower.sf - upper.sf).max(0.0);
        (psi, MERGE_TOL * self.h * mass)
    }

    /// Search `t ∈ [t_min, t_max]` with `0 ≤ ψ(t) ≤ tol`, where the cell is `(fixed, t]`
    /// (`fixed_is_lower`) or `(t, fixed]`; in both cases ψ is non-decreasing in `t`.
    /// Regula falsi with the Illinois modification once bracketed, slope extrapolation before.
    fn search(&mut self, x: f64, fixed: &Edge, fixed_is_lower: bool, t0: f64, t_min: f64, t_max: f64) -> Result<Search> {
        let h = self.h;
        // max/min instead of clamp: rounding can make t_min exceed t_max by an ulp (clamp panics);
        // the search position is not soundness-critical (each edge is certified separately).
        let mut t = t0.max(t_min).min(t_max);
        let mut neg: Option<(f64, f64)> = None; // (t, ψ − target)
        let mut pos: Option<(Edge, f64)> = None;
        let mut last_side = 0i8;
        for _ in 0..80 {
            let e = self.edge(t)?;
            let (psi, tol) = if fixed_is_lower { self.psi(x, fixed, &e) } else { self.psi(x, &e, fixed) };
            if psi >= 0.0 && psi <= tol {
                return Ok(Search::Found(e));
            }
            let target = 0.5 * tol;
            if psi < 0.0 {
                if last_side == -1 {
                    if let Some(p) = pos.as_mut() {
                        p.1 *= 0.5;
                    }
                }
                last_side = -1;
                neg = Some((t, psi - target));
            } else {
                if last_side == 1 {
                    if let Some(n) = neg.as_mut() {
                        n.1 *= 0.5;
                    }
                }
                last_side = 1;
                pos = Some((e, psi - target));
            }
            // Slope estimate dΦ/dt ≈ |1 − e^{x−t}|·(cell mass)/(cell width), for extrapolation.
            let slope = (-(x - e.t).exp_m1()).abs().max(1e-3 * h) * ((fixed.sf - e.sf).abs().max(1e-300) / (e.t - fixed.t).abs().max(1e-300));
            t = match (&neg, &pos) {
                (Some((tn, fn_)), Some((ep, fp))) => {
                    if (ep.t - tn).abs() <= 8.0 * U * ep.t.abs().max(h) {
                        return Ok(Search::Found(*ep));
                    }
                    let c = tn - fn_ * (ep.t - tn) / (fp - fn_);
                    let (a, b) = if *tn < ep.t { (*tn, ep.t) } else { (ep.t, *tn) };
                    if c > a && c < b { c } else { 0.5 * (a + b) }
                }
                (Some((tn, fn_)), None) => {
                    if *tn >= t_max {
                        return Ok(Search::Negative(e));
                    }
                    (tn - 1.2 * fn_ / slope).max(*tn + 1e-9 * h).min(t_max)
                }
                (None, Some((ep, fp))) => {
                    if ep.t <= t_min {
                        return Ok(Search::Positive(*ep));
                    }
                    (ep.t - 1.2 * fp / slope).max(t_min).min(ep.t - 1e-9 * h)
                }
                (None, None) => unreachable!("one side is set after every evaluation"),
            };
        }
        match pos {
            Some((e, _)) => Ok(Search::Found(e)),
            None => Ok(Search::Negative(self.edge(t_max)?)),
        }
    }
}

/// Outcome of [`Merger::search`].
enum Search {
    /// An edge with `0 ≤ ψ ≤ tol`.
    Found(Edge),
    /// ψ < 0 even at `t_max` (the edge evaluated there).
    Negative(Edge),
    /// ψ > tol even at `t_min` (the edge there is still valid: ψ ≥ 0).
    Positive(Edge),
}

/// Width of the search range beyond the target grid point, in grid steps.
const REACH: f64 = 4.0;

/// Tight lower (optimistic) discretisation by cell merging (module documentation).
///
/// Cells are built upwards from the bottom of the range, except when the support is bounded
/// above and unbounded below (e.g. the add direction of the subsampled Gaussian), where they are
/// built downwards from the top: the end where the scan starts is balanced exactly, the other
/// end gets one cell rounded down, so the scan starts at the end where mass may pile up.
pub fn merge_lower(loss: &dyn PrivacyLoss, h: f64, r: &StepRange, m: &EvalModel) -> Result<DiscretePld> {
    let (k_lo, k_hi) = grid_range(r, h);
    // The upward scan may start at t_lo − h/2 (finite support): one more slot below.
    let k_lo = if r.support.0.is_finite() { k_lo.min(((r.t_lo - 0.5 * h) / h).floor() as i64) } else { k_lo };
    let n = (k_hi - k_lo + 1) as usize;
    let p_inf = inf_down(loss, m);
    let mut mg = Merger { loss, r, m: *m, h };
    let downward = r.support.1.is_finite() && !r.support.0.is_finite();
    // (assigned grid index, lower bound on P(L above the cell's lower edge)), bottom to top.
    let cells = if downward { scan_down(&mut mg, k_lo)? } else { scan_up(&mut mg, k_hi)? };
    // Tail sum at grid index k: the tail at the lower edge of the lowest cell assigned ≥ k.
    let mut tails = vec![p_inf; n + 1];
    let mut filled = k_lo - 1;
    for &(a, tv) in &cells {
        if a > filled {
            for k in (filled + 1).max(k_lo)..=a.min(k_hi) {
                tails[(k - k_lo) as usize] = tv;
            }
            filled = a;
        }
    }
    // Running minimum from the bottom: keeps lower bounds and makes masses ≥ 0.
    for i in 1..=n {
        tails[i] = tails[i].min(tails[i - 1]);
    }
    Ok(DiscretePld::from_tails_lower(h, k_lo, &tails))
}

/// Re-centring is allowed only for cells of P-mass at most `h / RECENTRE_DIV`: its drift
/// (≤ h/2) then costs at most `h²/2400` of mean loss, a few per cent of the merge error itself.
const RECENTRE_DIV: f64 = 1200.0;

/// Upward scan. The first edge is `t_lo` (mass below is dropped), or `t_lo − h/2` when the
/// support starts there (so that an atom at the end of the support is kept).
///
/// Balanced cells obey `a' ≈ h − a + c a²` with `a = x_j − t_p` and `c ∝ (κ − ½)`, `κ` the slope
/// of the log-density: centred cells (`a = h/2`) attract where the density increases and repel
/// where it decreases, where the pattern degenerates into alternating narrow and wide cells.
/// Narrow cells (`a < h/20`) are skipped (the next grid point is targeted), and where the mass
/// above is small the pattern is re-centred at the price of one cell of first-order drift.
fn scan_up(mg: &mut Merger, k_hi: i64) -> Result<Vec<(i64, f64)>> {
    let (h, m) = (mg.h, mg.m);
    let start = if mg.r.support.0.is_finite() { mg.r.t_lo - 0.5 * h } else { mg.r.t_lo };
    let mut prev = mg.edge(start)?;
    let mut cells = Vec::new();
    let mut curv = 0.0; // predictor: t* ≈ x_j + a + curv·a²
    let mut failing = false; // after a failure, try the end of the search range first
    loop {
        let mut j = (prev.t / h).floor() as i64 + 1;
        if j > k_hi {
            // Last cell (t_p, ∞): its atom is > t_p, rounded down to floor(t_p/h) = j − 1.
            cells.push(((prev.t / h).floor() as i64, m.down(prev.sf)));
            return Ok(cells);
        }
        let mut x = j as f64 * h;
        let mut a = x - prev.t;
        let cheap = !failing && prev.sf <= h / RECENTRE_DIV;
        if cheap && a > 0.75 * h {
            // Cell (t_p, x_j − h/2]: every loss is > t_p; atom rounded down to floor(t_p/h) = j − 1.
            cells.push(((prev.t / h).floor() as i64, m.down(prev.sf)));
            prev = mg.edge(x - 0.5 * h)?;
            continue;
        }
        if cheap && a < 0.25 * h {
            // End the cell at x_j + h/2 if certified (then its atom is ≥ x_j, with drift).
            let e = mg.edge(x + 0.5 * h)?;
            if mg.psi(x, &prev, &e).0 >= 0.0 {
                cells.push((j, m.down(prev.sf)));
                prev = e;
                continue;
            }
        }
        if a < 0.05 * h && j < k_hi {
            // Skip a narrow cell: target the next grid point with one wider cell.
            j += 1;
            x += h;
            a += h;
        }
        let t0 = if failing { x + REACH * h } else { x + a + curv * a * a };
        match mg.search(x, &prev, true, t0, x, x + REACH * h)? {
            Search::Found(e) | Search::Positive(e) => {
                // Certified Φ ≥ 0: the merged atom of (t_p, t] is ≥ x_j.
                failing = false;
                cells.push((j, m.down(prev.sf)));
                if a > 0.05 * h {
                    curv = ((e.t - x - a) / (a * a)).clamp(-20.0 / h, 20.0 / h);
                }
                prev = e;
            }
            Search::Negative(_) => {
                failing = true;
                // Cell (t_p, x_j): its atom is > t_p, rounded down to floor(t_p/h) (= j − 1, or
                // j − 2 after a skip); then the cell [x_j, x_j + h/2], whose losses are all ≥ x_j.
                cells.push(((prev.t / h).floor() as i64, m.down(prev.sf)));
                let sl = checked("sf_left", mg.loss, x, mg.loss.sf_left(x))?;
                cells.push((j, m.down(sl)));
                prev = mg.edge(x + 0.5 * h)?;
            }
        }
    }
}

/// Downward scan from above the (finite) top of the support to `t_lo` (mass below dropped).
/// Mirror image of [`scan_up`]: centred cells attract where the density decreases upwards.
fn scan_down(mg: &mut Merger, k_lo: i64) -> Result<Vec<(i64, f64)>> {
    let (h, m) = (mg.h, mg.m);
    let t_lo = mg.r.t_lo;
    let mut upper = mg.edge(mg.r.t_hi + 0.5 * h)?;
    let mut cells = Vec::new();
    let mut curv = 0.0;
    let mut failing = false;
    loop {
        let mut j = (upper.t / h).ceil() as i64 - 1; // largest grid point below the edge
        let mut x = j as f64 * h;
        if x <= t_lo || j < k_lo {
            // Last cell (t_lo, t_u]: atom > t_lo, rounded down to floor(t_lo/h).
            cells.push(((t_lo / h).floor() as i64, m.down(checked("sf", mg.loss, t_lo, mg.loss.sf(t_lo))?)));
            break;
        }
        let mut b = upper.t - x;
        let off = !failing && !(0.25 * h..=0.75 * h).contains(&b);
        let cheap = off && x - 0.5 * h > t_lo && checked("cdf", mg.loss, upper.t, mg.loss.cdf(upper.t))? <= h / RECENTRE_DIV;
        if cheap && b < 0.25 * h {
            // Cell (x_j − h/2, t_u]: every loss is > x_j − h/2 > x_{j−1}; rounded down to x_{j−1}.
            let e = mg.edge(x - 0.5 * h)?;
            cells.push((j - 1, m.down(e.sf)));
            upper = e;
            continue;
        }
        if cheap && b > 0.75 * h {
            // End the cell at x_j − h/2 if certified (the balance point lies below it).
            let e = mg.edge(x - 0.5 * h)?;
            if mg.psi(x, &e, &upper).0 >= 0.0 {
                cells.push((j, m.down(e.sf)));
                upper = e;
                continue;
            }
        }
        if b < 0.05 * h && x - h > t_lo {
            j -= 1;
            x -= h;
            b += h;
        }
        let t0 = if failing { x } else { x - b - curv * b * b };
        let t_min = (x - REACH * h).max(t_lo);
        match mg.search(x, &upper, false, t0, t_min, x)? {
            Search::Found(e) => {
                // Certified Φ ≥ 0: the merged atom of (t, t_u] is ≥ x_j.
                failing = false;
                cells.push((j, m.down(e.sf)));
                if b > 0.05 * h {
                    curv = ((x - e.t - b) / (b * b)).clamp(-20.0 / h, 20.0 / h);
                }
                upper = e;
            }
            Search::Positive(e) => {
                // Still certified (ψ ≥ 0), with some drift: the search range limit was reached.
                cells.push((j, m.down(e.sf)));
                if e.t <= t_lo {
                    break;
                }
                upper = e;
            }
            Search::Negative(e) => {
                failing = true;
                // Cell (x_j, t_u]: every loss is > x_j (`e` is the edge at x_j = t_max), so its
                // atom rounds down to x_j.
                cells.push((j, m.down(e.sf)));
                upper = e;
            }
        }
    }
    cells.reverse();
    Ok(cells)
}
