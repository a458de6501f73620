//! Tilting quantities of the Poisson-subsampled Gaussian (foundations §2.4, §5.3), q ∈ (0, 1).
//!
//! * Remove direction, integer `α = 1 + λ ≥ 1`: `P_λ = Σ_k w_k N(k, σ²)` with
//!   `ln w_k = t_k − ln A_α`, `t_k = ln C(α,k) + k ln q + (α−k) ln(1−q) + (k²−k)/(2σ²)`,
//!   `A_α = Σ_k e^{t_k}` (Mironov, Talwar & Zhang 2019; the binomial expansion of
//!   `(1 − q + q e^{(2x−1)/(2σ²)})^α` against `N(0, σ²)`), all in log space.
//! * Add direction, real `λ > 0`: `Z_λ = E_{N(0,σ²)}[e^{λ L_add}] = ∫ φ(z) (1 − q + q e^{(2σz−1)/(2σ²)})^{−λ} dz`
//!   by tanh–sinh quadrature (`num::quad`) of the scaled integrand
//!   `φ(z) exp(−λ ln(1 + (q/(1−q)) e^{(2σz−1)/(2σ²)})) ≤ φ(z)`, which equals the acceptance rate
//!   `Z_λ (1−q)^λ` of the rejection sampler; `ln Z_λ = ln I − λ ln(1 − q)`.

use crate::error::{Error, Result};
use crate::num::quad::integrate_split;
use crate::num::special::{ln_binom, ln_sum_exp, LN_SQRT_2PI};

/// Mixture of the remove-direction tilt at integer α: `ln A_α`, cumulative weights of the
/// components `N(k, σ²)`, `k = 0..=α`, and an absolute error allowance for `ln A_α`
/// (1e−15 relative per term, times the number of terms; generous for the log-sum-exp).
#[derive(Clone, Debug)]
pub struct SgmRemoveTilt {
    pub alpha: u64,
    pub ln_a: f64,
    pub ln_a_err: f64,
    pub cum: Vec<f64>,
}

/// Build the remove-direction tilt at integer `alpha ≥ 1`. Requires `0 < q < 1`, `σ > 0`.
pub fn sgm_remove_tilt(q: f64, sigma: f64, alpha: u64) -> SgmRemoveTilt {
    let ln_q = q.ln();
    let ln_1mq = (-q).ln_1p();
    let s2 = sigma * sigma;
    let a = alpha as f64;
    let terms: Vec<f64> = (0..=alpha)
        .map(|k| {
            let kf = k as f64;
            ln_binom(a, kf) + kf * ln_q + (a - kf) * ln_1mq + (kf * kf - kf) / (2.0 * s2)
        })
        .collect();
    let ln_a = ln_sum_exp(&terms);
    let max_abs = terms.iter().fold(0.0f64, |m, t| m.max(t.abs()));
    let ln_a_err = 1e-15 * (alpha as f64 + 2.0) * (1.0 + max_abs);
    let mut cum = Vec::with_capacity(terms.len());
    let mut acc = 0.0;
    for t in &terms {
        acc += (t - ln_a).exp();
        cum.push(acc);
    }
    // The weights sum to 1 up to rounding; the last cumulative value is set to exactly 1 so
    // that every uniform u ∈ [0, 1) selects a component.
    if let Some(last) = cum.last_mut() {
        *last = 1.0;
    }
    SgmRemoveTilt { alpha, ln_a, ln_a_err, cum }
}

/// `(ln Z_λ, absolute error allowance, acceptance rate Z_λ(1−q)^λ)` of the add direction for
/// real `λ > 0`. Errors: [`Error::Numerical`] if the quadrature's error estimate exceeds 1e−12
/// relative.
pub fn sgm_add_ln_z(q: f64, sigma: f64, lambda: f64) -> Result<(f64, f64, f64)> {
    let ln_r = q.ln() - (-q).ln_1p(); // ln(q/(1−q))
    let c = 0.5 / (sigma * sigma);
    let f = |z: &f64| -> f64 {
        let a = ln_r + (2.0 * sigma * z - 1.0) * c;
        // ln(1 + e^a) without overflow
        let sp = if a > 35.0 { a + (-a).exp().ln_1p() } else { a.exp().ln_1p() };
        (-0.5 * z * z - LN_SQRT_2PI - lambda * sp).exp()
    };
    // Transition of the integrand: a = 0 at z_t = (σ² ln((1−q)/q) + 1/2)/σ.
    let z_t = ((sigma * sigma * (-ln_r) + 0.5) / sigma).clamp(-30.0, 30.0);
    let mut pts = vec![-38.5, -12.0, -4.0, 0.0, 4.0, 12.0, 38.5, z_t, z_t - 3.0, z_t + 3.0];
    pts.retain(|p| (-38.5..=38.5).contains(p));
    pts.sort_by(|a, b| a.total_cmp(b));
    pts.dedup_by(|a, b| (*a - *b).abs() < 0.5);
    let quad = integrate_split(f, &pts, &1e-300, 12);
    let i = quad.value;
    if i.is_nan() || i <= 0.0 || quad.err.is_nan() || quad.err > 1e-12 * i {
        return Err(Error::Numerical(format!(
            "add-direction tilt normaliser for q={q}, sigma={sigma}, lambda={lambda}: quadrature {i:e} ± {:e}",
            quad.err
        )));
    }
    // Tails beyond |z| = 38.5 carry φ-mass < 1e−320: negligible against the allowance.
    let ln_z = i.ln() - lambda * (-q).ln_1p();
    let err = 2.0 * quad.err / i + 1e-14 * (1.0 + ln_z.abs());
    Ok((ln_z, err, i))
}
