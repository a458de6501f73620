//! Lemma A.5 of Bok, Su, Altschuler 2024, "Shifted Interpolation for Differential Privacy" (spec
//! §2.10): the central limit theorem for compositions of `C_p(G_μ)` — an **estimate**, not a
//! bound. A thin wrapper over [`crate::repr::subsampling`], which holds the closed form.

use crate::error::Result;
use crate::papers::shifted_interpolation::section_4::subsampled::definition_4_7;
use crate::repr::subsampling::clt_kappa;

/// **Estimate, not a bound.** Lemma A.5 (spec §2.10; DRS CLT): `C_p(G_μ)^{⊗K} ≈ G_{μ_CLT}`,
/// `μ_CLT = √2 p √K √κ(μ)`, `κ(μ) = e^{μ²} Φ(1.5μ) + 3Φ(−μ/2) − 2`. The paper's NoisySGD numbers
/// come from it; it can lie below the true composition (audit point A1). Errors: p ∉ (0, 1],
/// μ not finite ≥ 0, K = 0.
pub fn lemma_a_5_clt_mu(p: f64, k: u64, mu: f64) -> Result<f64> {
    definition_4_7(p, mu)?.clt_mu_estimate(k)
}

/// **Estimate ingredient.** Lemma A.5's constant `κ(μ) = e^{μ²} Φ(1.5μ) + 3Φ(−μ/2) − 2`
/// ([`clt_kappa`], first term in log space; `+∞` past overflow, μ ≳ 26.6). Errors: μ not finite
/// or < 0.
pub fn lemma_a_5_kappa(mu: f64) -> Result<f64> {
    Ok(clt_kappa(crate::repr::Gdp::new(mu)?.mu()))
}

#[cfg(test)]
#[path = "clt_test.rs"]
mod clt_test;
