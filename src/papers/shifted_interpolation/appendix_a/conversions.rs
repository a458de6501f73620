//! Appendix A: conversions out of Gaussian DP — Lemma A.3 (GDP → (ε, δ)) and Lemma A.4
//! (GDP → RDP) (spec §2.8, §2.9). Thin wrappers over [`crate::repr::gdp`], which holds the
//! certified log-space evaluation (nothing is re-implemented here).

use crate::error::Result;
use crate::num::Interval;
use crate::repr::gdp::Gdp;

/// MPFR precision (bits) of the certified conversions.
pub const PREC: u32 = 128;

/// Lemma A.3 (Bok, Su, Altschuler 2024; Dong, Roth, Su 2022 Cor. 2.13; spec §2.8): a μ-GDP
/// mechanism is `(ε, δ(ε))`-DP with `δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)`. Exact; returned
/// as a certified enclosure (MPFR at [`PREC`] bits, log-space, outward rounding); the upper end
/// is the δ to report. Errors: μ not finite ≥ 0; ε not finite.
pub fn lemma_a_3_delta(mu: f64, eps: f64) -> Result<Interval> {
    Gdp::new(mu)?.delta_bounds(eps, PREC)
}

/// Lemma A.3 inverted (spec §2.8): the unique `ε ≥ 0` with `δ(ε) = δ`, as a certified enclosure;
/// the **upper end** is the ε to report (an upper bound on privacy loss). Exact root in
/// log-space (no overflow of `e^ε Φ(·)` at large ε, spec §9 item 11).
/// Errors: μ not finite ≥ 0; δ ∉ (0, 1).
pub fn lemma_a_3_epsilon(mu: f64, delta: f64) -> Result<Interval> {
    Gdp::new(mu)?.epsilon_bounds(delta, PREC)
}

/// Lemma A.4 (spec §2.9): μ-GDP implies `(α, αμ²/2)`-RDP for every `α > 1` (ρ-zCDP with
/// `ρ = μ²/2`). Upper bound, rounded up. Errors: μ not finite ≥ 0; α not finite or ≤ 1.
pub fn lemma_a_4_rdp(mu: f64, alpha: f64) -> Result<f64> {
    Gdp::new(mu)?.rdp(alpha)
}

/// Lemma A.4's zCDP parameter `ρ = μ²/2`, rounded up. Errors: μ not finite ≥ 0.
pub fn lemma_a_4_rho(mu: f64) -> Result<f64> {
    Ok(Gdp::new(mu)?.zcdp_rho())
}

#[cfg(test)]
#[path = "conversions_test.rs"]
mod conversions_test;
