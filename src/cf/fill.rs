//! Certified upper bounds on `|Φ(t)|` (one step's tilted characteristic function) for all
//! `t ≥ t_s`: they bound the part of the inversion sum that is not computed node by node
//! ([`super::invert`]).
//!
//! * **Gaussian**: `|Φ(t)| = e^{−μ²t²/2}` exactly.
//! * **Subsampled Gaussian**, two bounds, each proven here:
//!   1. *Taylor fill.* Let `Ψ(t) = Φ(t)e^{−istm}` (same modulus). `Ψ'(t) = i s E_c[(ℓ − m)
//!      e^{ist(ℓ−m)}]` and `|Ψ''| ≤ E_c[(ℓ − m)²] ≤ m2`. So for `σ' ∈ [0, S]`,
//!      `|Φ(τ + σ')| ≤ |Φ(τ)| + σ'·|E_c[(ℓ − m)e^{isτℓ}]| + σ'²·m2/2`, where both moduli at `τ`
//!      are bounded by a certified evaluation ([`super::sgm_tilt::SgmTilt::eval`]). The step
//!      `S` is chosen so that the bound rises by at most half of the gap `1 − |Φ(τ)|`.
//!   2. *Riemann–Lebesgue with total variation.* With `g` the tilted density of x and
//!      `h = g/|ℓ'|`, integration by parts gives `|Φ(t)| ≤ TV(h)/|t|` (`h → 0` at ±∞). `ln h`
//!      has derivative `(−x − 1 + (a + 1)ν(x))/σ²` with ν logistic in x, so `(a + 1)ν − x − 1`
//!      has at most three zeros (its second derivative `(a + 1)ν''` changes sign once); `h` has at
//!      most two local maxima and `TV(h) ≤ 4·sup h` (`SgmTilt::sup_h`).
//!   The fill runs from `t_s` until the Riemann–Lebesgue bound takes over; beyond its end
//!   `|Φ(t)| ≤ V/t`, `V = 4·sup h`.

use super::sgm_tilt::SgmTilt;
use crate::error::{Error, Result};

/// Fraction of the gap `1 − |Φ(τ)|` that one Taylor step may use.
const GAMMA: f64 = 0.5;

/// A piecewise bound on `|Φ|` over `[start, ∞)`.
#[derive(Clone, Debug)]
pub enum SupBound {
    /// `|Φ(t)| = e^{−μ²t²/2}`.
    Gaussian { mu: f64 },
    /// `|Φ(t)| ≤ bound` on `[a, b)` for each segment (contiguous from the first `a`), and
    /// `≤ v/t` from the last `b` on (also anywhere `t ≥ v`).
    Filled { segs: Vec<(f64, f64, f64)>, v: f64 },
}

impl SupBound {
    /// Upper bound on `|Φ(t)|` for `t` at or beyond the first segment's start.
    pub fn at(&self, t: f64) -> f64 {
        match self {
            SupBound::Gaussian { mu } => (-0.5 * mu * mu * t * t).exp() * (1.0 + 1e-12), // upward
            SupBound::Filled { segs, v } => {
                let rl = if t > 0.0 { (v / t) * (1.0 + 1e-15) } else { f64::INFINITY }; // upward
                let i = segs.partition_point(|s| s.1 <= t);
                let seg = if i < segs.len() && segs[i].0 <= t { segs[i].2 } else { f64::INFINITY };
                seg.min(rl).min(1.0)
            }
        }
    }
    /// Where the bound becomes the closed form `v/t` (Gaussian: 0).
    pub fn rl_from(&self) -> f64 {
        match self {
            SupBound::Gaussian { .. } => 0.0,
            SupBound::Filled { segs, .. } => segs.last().map(|s| s.1).unwrap_or(0.0),
        }
    }
    /// The Riemann–Lebesgue constant `v` (Gaussian: none).
    pub fn rl_constant(&self) -> Option<f64> {
        match self {
            SupBound::Gaussian { .. } => None,
            SupBound::Filled { v, .. } => Some(*v),
        }
    }
    pub fn segments(&self) -> usize {
        match self {
            SupBound::Gaussian { .. } => 0,
            SupBound::Filled { segs, .. } => segs.len(),
        }
    }
}

/// Fill `[t_s, t_end)` for a subsampled-Gaussian step composed `steps` times, where `t_end ≥ V`
/// is the first point at which `(V/t)^{steps}` is below `rl_level`. Charges the quadrature
/// nodes to `work` and fails with [`Error::Unsupported`] when `work` would exceed `budget`.
pub fn fill(tilt: &mut SgmTilt, t_s: f64, steps: u64, rl_level: f64, work: &mut u64, budget: u64) -> Result<SupBound> {
    let v = 4.0 * tilt.sup_h()? * (1.0 + 1e-12); // upward
    // (V/t)^T ≤ rl_level  ⇔  t ≥ V·rl_level^{−1/T}
    let t_end = v * (-(rl_level.ln()) / steps as f64).exp();
    let m2 = tilt.m2_up;
    if !m2.is_finite() {
        return Err(Error::Numerical("characteristic-function route: no certified bound on the tilted variance (Taylor fill)".into()));
    }
    let mut segs = Vec::new();
    let mut tau = t_s;
    while tau < t_end {
        let est = tilt.nodes_for(tau, 1e-9) as u64;
        if *work + est > budget {
            return Err(Error::Unsupported(format!(
                "characteristic-function route: bounding |Φ(t)| up to t = {t_end:.3e} (Riemann–Lebesgue constant {v:.3e}) needs more than the work budget of {budget} quadrature nodes (reached t = {tau:.3e}); use the fft method"
            )));
        }
        let ev = tilt.eval(tau, 1e-9, true)?;
        *work += ev.nodes as u64;
        let a = (ev.d.norm() + ev.err).min(1.0);
        let b = ev.d1.norm() + ev.err1;
        let gap = 1.0 - a;
        if gap <= 1e-14 {
            return Err(Error::Numerical(format!("characteristic-function route: |Φ({tau:.6e})| is not certified below 1 (bound {a})")));
        }
        let s = if m2 > 0.0 { ((b * b + 2.0 * m2 * GAMMA * gap).sqrt() - b) / m2 } else { GAMMA * gap / b.max(1e-300) };
        let s = s.min(t_end - tau + 1e-12 * t_end).max(1e-12 * tau.max(1.0));
        let bound = (a + s * b + 0.5 * s * s * m2) * (1.0 + 1e-14); // upward
        segs.push((tau, tau + s, bound.min(1.0)));
        tau += s;
    }
    Ok(SupBound::Filled { segs, v })
}
