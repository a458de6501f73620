//! Poisson subsampling combined with partial model splitting (Dong, Chen, Özgür 2025, Section
//! 3.2.2 and Table 1; spec §3 "Use beyond Theorem 3.1"): per iteration a record is included with
//! probability `γ`; if included, its non-split gradient (norm `c₁`) and its split gradient (norm
//! `c₂`, in one of `d` disjoint blocks chosen uniformly) are both added; noise `σ`. Worst-case
//! pair `Q = N(0, σ²I)`, `P = (1−γ)Q + (γ/d) Σ_i N(c₁e₀ + c₂e_i, σ²I)`. Lemma 3.12 (zero centre
//! included) gives the **forward** divergence exactly:
//! `e^{(α−1)D_α(P‖Q)} = Σ_l C(α,l)(1−γ)^{α−l}γ^l e^{β₁l(l−1)} M_l`, `M_l = e^{(l−1)F_l(d,1)}` at
//! sensitivity `c₂` (`M₀ = M₁ = 1`; `d = 1`: `M_l = e^{β₂l(l−1)}`, Theorem 3.11 at `√(c₁² + c₂²)`).
//!
//! The reverse direction of this pair is not treated by the paper (spec §17 item 12); the paper's
//! Table 1 is reproduced by the forward term alone, so values here are the forward RDP only.
//! The paper's own sentence that the two parts' RDP "can be added" is wrong under shared Poisson
//! inclusion (audit point A11): the joint pair is used instead.

use crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward;
use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::error::{check, Error, Result};
use crate::num::round::widen_up;
use crate::num::special::{ln_binom, ln_sum_exp};

/// The forward RDP curve of the joint pair (per iteration) at `orders` (`ln M_l` computed once).
/// Upper bound on the forward divergence (the `F_l` are rounded up; the final sum widened by
/// `(α + 16)u` of its magnitude).
///
/// Errors: `γ ∉ (0, 1]`, `c₁ < 0`, `c₂ ≤ 0`, `σ ≤ 0`, `d = 0`, invalid orders.
///
/// Example (spec §3): `γ = 0.1, d = 3, c₁ = c₂ = 1, σ = 2.717392, α = 8`: 0.009078056607554.
pub fn two_part_forward_curve(gamma: f64, c1: f64, c2: f64, d: u64, sigma: f64, orders: &[u64]) -> Result<Vec<f64>> {
    if !(gamma > 0.0 && gamma <= 1.0) {
        return Err(Error::invalid("gamma", gamma, "the Poisson rate must lie in (0, 1]"));
    }
    if !(c1 >= 0.0 && c1.is_finite()) {
        return Err(Error::invalid("c1", c1, "the non-split clipping norm must be finite and ≥ 0"));
    }
    check::positive("c2", c2)?;
    check::positive("sigma", sigma)?;
    if d == 0 {
        return Err(Error::invalid("d", d, "need at least one block"));
    }
    let max = orders.iter().map(|&a| check_order(a)).collect::<Result<Vec<u64>>>()?.into_iter().max().unwrap_or(2);
    let (b1, b2) = (c1 * c1 / (2.0 * sigma * sigma), c2 * c2 / (2.0 * sigma * sigma));
    let mut ln_m = vec![0.0; max as usize + 1];
    for l in 2..=max {
        let lf = l as f64;
        ln_m[l as usize] = if d == 1 { b2 * lf * (lf - 1.0) } else { (lf - 1.0) * theorem_3_1_forward(&MixturePair::new(d, 1, c2, sigma)?, l)? };
    }
    let (ln_g, ln_1g) = (gamma.ln(), (-gamma).ln_1p());
    orders
        .iter()
        .map(|&alpha| {
            let a = alpha as f64;
            let terms: Vec<f64> = (0..=alpha)
                .map(|l| {
                    let lf = l as f64;
                    let tail = if (a - lf) > 0.0 { (a - lf) * ln_1g } else { 0.0 };
                    ln_binom(a, lf) + tail + lf * ln_g + b1 * lf * (lf - 1.0) + ln_m[l as usize]
                })
                .collect();
            let s = ln_sum_exp(&terms);
            let mag = terms.iter().fold(0.0f64, |m, t| m.max(t.abs()));
            Ok(widen_up((s + (a + 16.0) * f64::EPSILON * mag).max(0.0) / (a - 1.0), 2))
        })
        .collect()
}

#[cfg(test)]
#[path = "two_part_test.rs"]
mod two_part_test;
