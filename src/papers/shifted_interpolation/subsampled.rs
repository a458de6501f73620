//! Definition 4.7 (the subsampling operator `C_p` applied to `G_μ`) and Lemma A.5 (its CLT) of
//! Bok, Su, Altschuler 2024, "Shifted Interpolation for Differential Privacy" (spec §2.6, §2.10),
//! as the paper's registry names them. Thin wrappers over [`crate::repr::subsampling`], which
//! holds the closed forms (nothing is re-implemented here).

use crate::error::Result;
use crate::repr::SubsampledGdp;

/// Definition 4.7 (spec §2.6): `C_p(G_μ) = (min{f_p, f_p⁻¹})**` with `f_p = p G_μ + (1 − p) Id`,
/// the trade-off function of one Gaussian step (GDP parameter μ) on a batch sampled without
/// replacement at rate `p = b/n` under replace-one adjacency. Exact (a definition); the returned
/// value evaluates the closed form `f_p` on `[0, α_x]`, the slope −1 segment on `[α_x, α_y]` and
/// `f_p⁻¹` beyond ([`SubsampledGdp::tradeoff`]), and the one-step profile
/// `δ(ε) = p δ_{G_μ}(ln(1 + (e^ε − 1)/p))` ([`SubsampledGdp::delta`]). Errors: p ∉ (0, 1], μ not
/// finite ≥ 0.
pub fn definition_4_7(p: f64, mu: f64) -> Result<SubsampledGdp> {
    SubsampledGdp::new(p, mu)
}

/// Definition 4.7: `C_p(G_μ)(α)` (f64, rounded to nearest; not certified). Errors: as
/// [`definition_4_7`], α ∉ [0, 1].
pub fn definition_4_7_tradeoff(p: f64, mu: f64, alpha: f64) -> Result<f64> {
    definition_4_7(p, mu)?.tradeoff(alpha)
}

/// Definition 4.7: the one-step `δ(ε)` of `C_p(G_μ)` (f64, ≈ 1e−13 relative; not certified; a
/// certified upper bound is [`SubsampledGdp::delta_up`]). Errors: as [`definition_4_7`], ε not
/// finite.
pub fn definition_4_7_delta(p: f64, mu: f64, eps: f64) -> Result<f64> {
    definition_4_7(p, mu)?.delta(eps)
}

/// **Estimate, not a bound.** Lemma A.5 (spec §2.10; DRS CLT): `C_p(G_μ)^{⊗K} ≈ G_{μ_CLT}`,
/// `μ_CLT = √2 p √K √κ(μ)`, `κ(μ) = e^{μ²} Φ(1.5μ) + 3Φ(−μ/2) − 2`. The paper's NoisySGD numbers
/// come from it; it can lie below the true composition (audit point A1). Errors: p ∉ (0, 1],
/// μ not finite ≥ 0, K = 0.
pub fn lemma_a_5_clt_mu(p: f64, k: u64, mu: f64) -> Result<f64> {
    definition_4_7(p, mu)?.clt_mu_estimate(k)
}

#[cfg(test)]
#[path = "subsampled_test.rs"]
mod subsampled_test;
