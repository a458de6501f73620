//! Exact reverse divergences `R_α = D_α(Q‖P)` of Theorem 3.1's pair for `k = 1` and any `d`
//! (audit and test oracle; spec §1.6 "k = 1, any d: exact 1-D representation"), and a log-domain
//! trapezoid rule shared with the other f64 oracles of the folder.
//!
//! With `a = c/σ`, `w_t = e^{aZ_t − a²/2}` (`Z_t` i.i.d. standard normal) `q/p = d/Σ_t w_t`, and
//! `E[S^{−m}] = Γ(m)^{−1} ∫₀^∞ s^{m−1} E[e^{−sS}] ds` gives
//! `e^{(α−1)R_α} = d^{α−1}/Γ(α−1) ∫ e^{(α−1)u} L(e^u)^d du`, `L(s) = E exp(−s e^{aZ − a²/2})`.
//! This representation does **not** use Lemma 3.15, so it checks it. Not an accountant: no
//! rounding direction (nearest, ≈ 1e−12 relative for `c/σ ≤ 1`).

use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::error::{Error, Result};
use crate::num::special::{ln_gamma, ln_sum_exp};

/// `ln ∫_lo^hi e^{g(x)} dx` by the trapezoid rule with `n` steps, summed in the log domain
/// (spectrally accurate for the smooth, rapidly decaying integrands used here).
pub fn ln_trapezoid(g: impl Fn(f64) -> f64, lo: f64, hi: f64, n: usize) -> f64 {
    let h = (hi - lo) / n as f64;
    let terms: Vec<f64> = (0..=n).map(|i| g(lo + i as f64 * h) + if i == 0 || i == n { (0.5f64).ln() } else { 0.0 }).collect();
    ln_sum_exp(&terms) + h.ln()
}

/// `ln L(s)` on the fixed node set (`z ∈ [−40, 40]`, step 0.04).
struct LaplaceNodes {
    ln_w: Vec<f64>,
    ln_phi: Vec<f64>,
}

impl LaplaceNodes {
    fn new(a: f64) -> LaplaceNodes {
        let (n, zmax) = (2000usize, 40.0);
        let h = 2.0 * zmax / n as f64;
        let z: Vec<f64> = (0..=n).map(|i| -zmax + i as f64 * h).collect();
        let c0 = h.ln() - 0.5 * (2.0 * std::f64::consts::PI).ln();
        LaplaceNodes { ln_w: z.iter().map(|z| a * z - a * a / 2.0).collect(), ln_phi: z.iter().map(|z| c0 - z * z / 2.0).collect() }
    }
    fn ln_l(&self, u: f64) -> f64 {
        let terms: Vec<f64> = self.ln_w.iter().zip(&self.ln_phi).map(|(lw, lp)| lp - (u + lw).exp()).collect();
        ln_sum_exp(&terms).min(0.0)
    }
}

/// The exact reverse divergence `R_α = D_α(Q‖P)` for `k = 1`, any `d` (spec §1.6), by the 1-D
/// Laplace representation above: `L` by the trapezoid rule on `z ∈ [−40, 40]` (step 0.04), the
/// outer integral in `u = ln s` by the trapezoid rule (step 0.02) on the window where the
/// integrand exceeds `e^{−60}` of its maximum.
///
/// Errors: `k ≠ 1`, `c/σ > 2` (accuracy not established), invalid order.
///
/// Example (spec §1.4): `d = 10, c = σ = 1, α = 2`: 0.1437186832704.
pub fn reverse_exact_k1(pair: &MixturePair, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    let a = pair.c / pair.sigma;
    if pair.k != 1 || a > 2.0 {
        return Err(Error::Unsupported(format!("exact reverse term only for k = 1 and c/σ ≤ 2 (got k = {}, c/σ = {a})", pair.k)));
    }
    let nodes = LaplaceNodes::new(a);
    let (am1, d) = (alpha as f64 - 1.0, pair.d as f64);
    let g = |u: f64| am1 * u + d * nodes.ln_l(u);
    let coarse: Vec<(f64, f64)> = (0..=400).map(|i| -100.0 + 0.5 * i as f64).map(|u| (u, g(u))).collect();
    let gmax = coarse.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    let inside: Vec<f64> = coarse.iter().filter(|p| p.1 > gmax - 60.0).map(|p| p.0).collect();
    let (lo, hi) = (inside[0] - 1.0, inside[inside.len() - 1] + 1.0);
    if lo <= -100.0 || hi >= 100.0 {
        return Err(Error::Numerical(format!("reverse integrand not contained in u ∈ [−100, 100] (d = {}, α = {alpha})", pair.d)));
    }
    let n = ((hi - lo) / 0.02).ceil() as usize;
    let ln_i = ln_trapezoid(g, lo, hi, n);
    Ok((am1 * d.ln() - ln_gamma(am1) + ln_i) / am1)
}

#[cfg(test)]
#[path = "reverse_exact_test.rs"]
mod reverse_exact_test;
