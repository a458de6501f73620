//! Feasible weight sets on the simplex and utility-best weights (spec §6, §7, §10, §13): the
//! output step of Algorithms 1–4 of *DP Model Merging* ("return the set of weights whose
//! certified ε is at most ε′"), for any certified-ε closure `w ↦ ε(w)`.
//!
//! Method: evaluate ε on the simplex lattice `{c/m : c ∈ ℕ^N, Σc = m}`; on every lattice edge
//! (neighbours `c` and `c − e_i + e_j`) whose ends disagree on feasibility, find the crossing by
//! bisection and report the **feasible** end of the final bracket (certified feasible: its ε is a
//! certified upper bound ≤ ε′). For N = 2 the lattice is the edge `w = (w1, 1 − w1)` and the
//! feasible set is reported as intervals of `w1`. Features smaller than the lattice step (a
//! feasible island strictly between two infeasible lattice points, or two crossings on one edge)
//! are not resolved: refine `m`.

use crate::error::{Error, Result};
use crate::num::root::{root_bits, Bracket};
use crate::num::special::neumaier_sum;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// Largest lattice accepted by [`feasible`] (number of points).
pub const MAX_LATTICE_POINTS: usize = 200_000;

/// One lattice point with its certified ε and feasibility (`ε ≤ ε′`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LatticePoint {
    pub weights: Vec<f64>,
    pub epsilon: f64,
    pub feasible: bool,
    /// Why `epsilon` could not be computed at this point (`+∞` is then reported, a trivially
    /// valid bound, and the point is infeasible); absent when it was computed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A boundary point found on the lattice edge between lattice points `from` (feasible) and `to`
/// (infeasible): the feasible end of the final bisection bracket, with its certified ε ≤ ε′.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoundaryPoint {
    pub weights: Vec<f64>,
    pub epsilon: f64,
    pub from: usize,
    pub to: usize,
}

/// The feasible set `{w ∈ Δ^{N−1} : ε(w) ≤ ε′}` sampled on a lattice of step `1/m`, with the
/// boundary points on lattice edges (serializable for the CLI's `--json`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FeasibleSet {
    pub n_models: usize,
    pub eps_target: f64,
    pub lattice_step: usize,
    pub lattice: Vec<LatticePoint>,
    pub boundary: Vec<BoundaryPoint>,
    /// For N = 2: maximal intervals `[lo, hi]` of `w1` whose lattice points are all feasible,
    /// extended to the boundary points (`lo`, `hi` are certified feasible). Empty for N ≠ 2.
    pub intervals_w1: Vec<(f64, f64)>,
}

/// Utility-best feasible weights and their certificate.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BestWeights {
    pub weights: Vec<f64>,
    /// Certified ε of `weights` (upper bound).
    pub epsilon: f64,
    /// `ε′ − epsilon ≥ 0`.
    pub slack: f64,
    /// `Σ_i w_i u_i`.
    pub utility: f64,
}

fn compositions(n: usize, m: usize) -> Vec<Vec<u32>> {
    fn rec(n: usize, left: u32, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if cur.len() + 1 == n {
            cur.push(left);
            out.push(cur.clone());
            cur.pop();
            return;
        }
        for k in 0..=left {
            cur.push(k);
            rec(n, left - k, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(n, m as u32, &mut Vec::with_capacity(n), &mut out);
    out
}

/// Algorithms 1–4 (DP Model Merging), output step: the feasible set `{w : ε(w) ≤ ε′}` of a
/// certified-ε closure on the simplex lattice of step `1/m`, with boundary points on the lattice
/// edges (see the module doc). `eps_of` must return a certified upper bound on ε (may be `+∞`).
///
/// Guarantee: every point reported feasible (lattice or boundary) has `eps_of(w) ≤ ε′`; points
/// reported infeasible have `eps_of(w) > ε′`. The set between lattice points is not certified.
/// Domain: `n ≥ 1`, `m ≥ 1`, at most [`MAX_LATTICE_POINTS`] lattice points, `ε′ ≥ 0`.
/// Errors: out-of-domain arguments; errors of `eps_of`; a NaN ε.
pub fn feasible<F: Fn(&[f64]) -> Result<f64>>(n: usize, eps_target: f64, m: usize, eps_of: F) -> Result<FeasibleSet> {
    if n == 0 || m == 0 {
        return Err(Error::invalid("(models, lattice step)", format!("({n}, {m})"), "need at least one model and m >= 1"));
    }
    if !(eps_target >= 0.0) {
        return Err(Error::invalid("epsilon target", eps_target, "must be >= 0"));
    }
    let count = crate::num::special::ln_binom((m + n - 1) as f64, (n - 1) as f64).exp();
    if count > MAX_LATTICE_POINTS as f64 * 1.01 {
        return Err(Error::invalid("lattice step m", m, &format!("gives ~{count:.0} points for {n} models (max {MAX_LATTICE_POINTS})")));
    }
    let eval = |w: &[f64]| -> Result<f64> {
        let e = eps_of(w)?;
        if e.is_nan() {
            return Err(Error::Numerical(format!("certified epsilon is NaN at weights {w:?}")));
        }
        Ok(e)
    };
    let mf = m as f64;
    let comps = compositions(n, m);
    let index: HashMap<Vec<u32>, usize> = comps.iter().enumerate().map(|(k, c)| (c.clone(), k)).collect();
    let mut lattice = Vec::with_capacity(comps.len());
    for c in &comps {
        let w: Vec<f64> = c.iter().map(|&x| x as f64 / mf).collect();
        let e = eval(&w)?;
        lattice.push(LatticePoint { weights: w, epsilon: e, feasible: e <= eps_target, note: None });
    }
    let mut boundary = Vec::new();
    for (k, c) in comps.iter().enumerate() {
        for i in 0..n {
            for j in (i + 1)..n {
                if c[i] == 0 {
                    continue;
                }
                let mut c2 = c.clone();
                c2[i] -= 1;
                c2[j] += 1;
                let k2 = index[&c2];
                if lattice[k].feasible == lattice[k2].feasible {
                    continue;
                }
                let (from, to) = if lattice[k].feasible { (k, k2) } else { (k2, k) };
                boundary.push(edge_root(&comps[from], &comps[to], mf, eps_target, &eval, from, to)?);
            }
        }
    }
    let intervals_w1 = if n == 2 { intervals(&comps, &lattice, &boundary, m) } else { Vec::new() };
    Ok(FeasibleSet { n_models: n, eps_target, lattice_step: m, lattice, boundary, intervals_w1 })
}

/// Crossing on the edge from lattice point `a` (feasible) to `b` (infeasible): the weight moves
/// by `s ∈ [0, 1/m]` from coordinate `i` (where `b_i = a_i − 1`) to `j`. The half of the edge
/// holding the crossing is parameterised by its distance to the nearer end, so that a tiny
/// coordinate near a face keeps full relative precision.
fn edge_root<E: Fn(&[f64]) -> Result<f64>>(a: &[u32], b: &[u32], mf: f64, target: f64, eval: &E, from: usize, to: usize) -> Result<BoundaryPoint> {
    let i = (0..a.len()).find(|&k| b[k] < a[k]).expect("lattice neighbours differ");
    let j = (0..a.len()).find(|&k| b[k] > a[k]).expect("lattice neighbours differ");
    let h = 1.0 / mf;
    // Weights at distance s from a (near_a) or r from b (!near_a).
    let weights = |x: f64, near_a: bool| -> Vec<f64> {
        let mut w: Vec<f64> = a.iter().map(|&c| c as f64 / mf).collect();
        if near_a {
            w[i] = a[i] as f64 / mf - x;
            w[j] = a[j] as f64 / mf + x;
        } else {
            w[i] = b[i] as f64 / mf + x;
            w[j] = b[j] as f64 / mf - x;
        }
        w
    };
    let mid = weights(0.5 * h, true);
    let mid_feasible = eval(&mid)? <= target;
    let (w, e) = if mid_feasible {
        // Crossing in the half near b: feasible for r ≥ r*, i.e. pred(r) = infeasible.
        // Bracket from the lattice: r = 0 is b (infeasible), r = h/2 the feasible midpoint.
        // Bisection on bit patterns keeps full relative precision for roots like 4e-12 (spec §6).
        let r = root_bits(|r| Ok::<_, Error>(eval(&weights(r, false))? > target), Bracket::established(0.0, 0.5 * h))?;
        let w = weights(r.hi, false);
        let e = eval(&w)?;
        (w, e)
    } else {
        // Bracket: s = 0 is a (feasible), s = h/2 the infeasible midpoint.
        let s = root_bits(|s| Ok::<_, Error>(eval(&weights(s, true))? <= target), Bracket::established(0.0, 0.5 * h))?;
        let w = weights(s.lo, true);
        let e = eval(&w)?;
        (w, e)
    };
    Ok(BoundaryPoint { weights: w, epsilon: e, from, to })
}

fn intervals(comps: &[Vec<u32>], lattice: &[LatticePoint], boundary: &[BoundaryPoint], m: usize) -> Vec<(f64, f64)> {
    // Lattice index by c_1 (= k, w1 = k/m).
    let mut by_k = vec![0usize; m + 1];
    for (idx, c) in comps.iter().enumerate() {
        by_k[c[0] as usize] = idx;
    }
    let bnd = |x: usize, y: usize| boundary.iter().find(|b| (b.from == x && b.to == y) || (b.from == y && b.to == x)).map(|b| b.weights[0]);
    let mut out = Vec::new();
    let mut k = 0;
    while k <= m {
        if !lattice[by_k[k]].feasible {
            k += 1;
            continue;
        }
        let k0 = k;
        while k < m && lattice[by_k[k + 1]].feasible {
            k += 1;
        }
        let lo = if k0 == 0 { 0.0 } else { bnd(by_k[k0 - 1], by_k[k0]).unwrap_or(lattice[by_k[k0]].weights[0]) };
        let hi = if k == m { 1.0 } else { bnd(by_k[k], by_k[k + 1]).unwrap_or(lattice[by_k[k]].weights[0]) };
        out.push((lo, hi));
        k += 1;
    }
    out
}

/// Algorithms 1–4 (DP Model Merging), weight choice: maximise the utility `Σ_i w_i u_i` over the
/// feasible points of `set` (lattice points and boundary points). For RS the expected utility
/// of the selected model is exactly linear in π; for LC `u` is a user-supplied linear proxy. The
/// optimum of a linear utility over the feasible set is searched on the lattice + boundary points
/// only, so it is a certified-feasible point whose utility is within the lattice resolution of
/// the true optimum (for RS under PLD the feasible set is a convex polytope and the optimum lies
/// on its boundary). Ties are broken by larger slack.
///
/// Returns `None` when no point is feasible. Errors: `utility` of the wrong length or non-finite.
pub fn best_weights(utility: &[f64], set: &FeasibleSet) -> Result<Option<BestWeights>> {
    if utility.len() != set.n_models {
        return Err(Error::invalid("utility", format!("{} values", utility.len()), &format!("needs one per model ({})", set.n_models)));
    }
    if let Some(u) = utility.iter().find(|u| !u.is_finite()) {
        return Err(Error::invalid("utility", u, "must be finite"));
    }
    let cands = set.lattice.iter().filter(|p| p.feasible).map(|p| (&p.weights, p.epsilon)).chain(set.boundary.iter().map(|b| (&b.weights, b.epsilon)));
    let mut best: Option<BestWeights> = None;
    for (w, e) in cands {
        let u = neumaier_sum(w.iter().zip(utility).map(|(a, b)| a * b));
        let better = match &best {
            None => true,
            Some(b) => u > b.utility || (u == b.utility && e < b.epsilon),
        };
        if better {
            best = Some(BestWeights { weights: w.clone(), epsilon: e, slack: set.eps_target - e, utility: u });
        }
    }
    Ok(best)
}

#[cfg(test)]
#[path = "feasible_test.rs"]
mod feasible_test;
