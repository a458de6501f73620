//! The RDP baselines the paper compares with (spec §2.12–2.13): ρ-zCDP → (ε, δ) by the minimum
//! of the four conversions of the authors' script, and the NoisyCGD RDP bound of Table 1
//! ("as used" in the script, attributed to Ye–Shokri 2022, Thm 3.3; spec §9 item 10).
//!
//! The conversions are [`crate::repr::rdp_optimize::epsilon_continuous`] over the formulas
//! Mironov (= Bun–Steinke for linear curves), Balle et al. (BBG) and Asoodeh et al. (F/H):
//! a bounded search on `α > 1` (the script's unconstrained BFGS from α = 2 can leave `α > 1`,
//! spec §9 item 10). Every ε is an upper bound rounded up by those formulas.

use crate::papers::shifted_interpolation::setting::{check_contraction, check_count, geometric, mu_up, pow_c};
use crate::error::{Error, Result};
use crate::num::round::mul_up;
use crate::repr::rdp_optimize::{epsilon_continuous, EpsilonFromRdp, OrderRange};
use crate::repr::rdp_to_dp::Formula;

/// The conversions of the authors' `table_privacy_lr.py` (spec §2.12): Mir, BBG, ALC (F, with
/// H for `αδ ≥ 1`). BS equals Mir minimised over α for linear curves.
pub const FORMULAS: [Formula; 4] = [Formula::Mironov, Formula::BalleG, Formula::AsoodehF, Formula::AsoodehH];

/// ε(δ) of a ρ-zCDP guarantee (`ε(α) = ρα` for all α > 1) by the minimum of [`FORMULAS`] over
/// continuous `α ∈ [1.01, 10⁴]` (spec §2.12). Upper bound, rounded up.
/// Errors: ρ not finite or < 0; δ ∉ (0, 1).
pub fn zcdp_epsilon(rho: f64, delta: f64) -> Result<EpsilonFromRdp> {
    if !(rho.is_finite() && rho >= 0.0) {
        return Err(Error::invalid("zCDP rho", rho, "must be a finite number ≥ 0"));
    }
    epsilon_continuous(|a| mul_up(rho, a), delta, &FORMULAS, OrderRange::default())
}

/// The NoisyCGD RDP baseline of Table 1 as coded by the authors (spec §2.13, [code]):
/// `ρ₀ = (r²/2)(1 + c^{l−2} (1 − c²)/(1 − c^l)² · (1 − c^{l(E−1)}))`, written with
/// `g(k) = (1 − c^k)/(1 − c)` as `(r²/2)(1 + c^{l−2}(1 + c) g(l(E−1))/g(l)²)`. Note the exponent
/// `l − 2` and the missing `1 + c^{l(E−1)}` denominator, as in the script; not re-derived from
/// the cited paper (spec §9 item 10). Rounded up. Errors: r not finite > 0; `c ∉ (0, 1]`;
/// `l < 2` (the exponent `l − 2`); E = 0.
pub fn noisy_cgd_rdp_rho(r: f64, c: f64, batches: u64, e: u64) -> Result<f64> {
    crate::error::check::positive("ratio r = L/(b sigma)", r)?;
    check_contraction(c)?;
    check_count("number of epochs E", e)?;
    if batches < 2 {
        return Err(Error::invalid("batches per epoch l", batches, "must be at least 2 (the baseline's exponent l − 2)"));
    }
    let (lb, n) = (batches as f64, (batches * (e - 1)) as f64);
    let gl = geometric(&c, &lb);
    let extra = pow_c(&c, &(lb - 2.0)) * (1.0 + c) * geometric(&c, &n) / (gl * gl);
    Ok(mu_up(0.5 * r * r * (1.0 + extra)))
}

#[cfg(test)]
#[path = "rdp_baselines_test.rs"]
mod rdp_baselines_test;
