//! Section 5: Langevin Monte Carlo and the exponential mechanism — Proposition 5.1,
//! Corollary 5.2, Remark 5.3, Corollary 5.4 (spec §8).
//!
//! LMC `X_{k+1} = X_k − η∇F(X_k) + √(2η) Z_k` is NoisyGD with `n = b = 1` and noise rate
//! `σ = √(2/η)` (so `ησ = √(2η)`); `L_F = sup_x ‖∇F(x) − ∇F'(x)‖` is the gradient sensitivity.

use crate::papers::shifted_interpolation::appendix_c::meta_theorem::{best_integer, lemma_c6_value};
use crate::papers::shifted_interpolation::setting::{check_count, check_diameter, check_eta, check_strict_contraction, mu_up, check_contraction};
use crate::error::{check, Error, Result};
use crate::num::round::{div_up, mul_down};
use crate::num::Real;

/// The μ of Proposition 5.1 (generic): `G √(η/2) √((1+c)/(1−c) · (1−c^T)/(1+c^T))`.
pub fn proposition_5_1_value<R: Real>(g: &R, eta: &R, c: &R, t: &R) -> R {
    // √η·√½, not √(η/2): η/2 underflows to 0 at η = 5e−324 (an upper bound μ = 0; issue 25's
    // card fuzz).
    g.clone() * eta.clone().sqrt() * eta.cst(0.5).sqrt() * lemma_c6_value(c, t, &g.one()).sqrt()
}

/// Proposition 5.1 (Bok, Su, Altschuler 2024; spec §8.1, from Theorem 4.2): `F, F'`
/// `m`-strongly convex and `M`-smooth with `F − F'` `G`-Lipschitz, `η ∈ (0, 2/M)`, contraction
/// `c` ([`crate::papers::shifted_interpolation::setting::contraction_factor`]): `T` steps of LMC from a common start are
/// μ_T-GDP with `μ_T = G √(η/2) √((1+c)/(1−c) · (1−c^T)/(1+c^T))`. Upper bound (exact when
/// `c = 1 − ηm`, Remark 5.3), rounded up. `c = 1` gives the convex limit `G √(ηT/2)`.
/// Errors: G, η not finite > 0; `c ∉ (0, 1]`; T = 0.
pub fn proposition_5_1(g: f64, eta: f64, c: f64, t: u64) -> Result<f64> {
    check::positive("Lipschitz constant G of F − F'", g)?;
    check_eta(eta)?;
    check_contraction(c)?;
    check_count("number of steps T", t)?;
    Ok(mu_up(proposition_5_1_value(&g, &eta, &c, &(t as f64))))
}

/// Proposition 5.1 at `T → ∞` (stationary laws of LMC; spec §8.1):
/// `μ_∞ = G √(η(1+c)/(2(1−c)))`, rounded up. Errors: as [`proposition_5_1`]; `c = 1`.
pub fn proposition_5_1_stationary(g: f64, eta: f64, c: f64) -> Result<f64> {
    check::positive("Lipschitz constant G of F − F'", g)?;
    check_eta(eta)?;
    check_strict_contraction(c)?;
    Ok(mu_up(g * (eta * (1.0 + c) / (2.0 * (1.0 - c))).sqrt()))
}

/// Corollary 5.2 (spec §8.2; Gopi, Lee, Liu 2022, Thm 4): the exponential mechanism
/// `π ∝ e^{−F}` with `F, F'` `m`-strongly convex and `F − F'` `G`-Lipschitz satisfies
/// `T(π, π') ≥ G_{G/√m}` — exact (attained by Remark 5.3's instance). Rounded up.
/// Errors: G, m not finite > 0.
pub fn corollary_5_2(g: f64, m: f64) -> Result<f64> {
    check::positive("Lipschitz constant G of F − F'", g)?;
    check::positive("strong convexity m", m)?;
    Ok(mu_up(g / m.sqrt()))
}

/// Remark 5.3 (spec §8.3), the tightness instance: `F(x) = (m/2)‖x‖²`,
/// `F'(x) = F(x) + G⟨v, x⟩`. LMC from `X_0 = X'_0 = 0` with step η has Gaussian laws with equal
/// covariance; computed here from the instance's own recursion (mean gap
/// `g_{k+1} = (1 − ηm) g_k + ηG`, variance `v_{k+1} = (1 − ηm)² v_k + 2η`), not from the
/// theorem: the trade-off after `T` steps is exactly `G_{g_T/√v_T}`; `t = None` gives the
/// stationary laws `N(0, 2/(m(2 − ηm)))` vs `N(−G/m, same)`, i.e. `G √((2 − ηm)/(2m))`, and
/// `η → 0` gives Corollary 5.2's `G/√m`. Exact (not rounded). Errors: G, m, η not finite > 0;
/// `ηm ≥ 2` (the recursion diverges); `T > 10⁷` (the recursion is evaluated step by step).
pub fn remark_5_3(g: f64, m: f64, eta: f64, t: Option<u64>) -> Result<f64> {
    check::positive("Lipschitz constant G of F − F'", g)?;
    check::positive("strong convexity m", m)?;
    check_eta(eta)?;
    if eta * m >= 2.0 {
        return Err(Error::invalid("learning rate eta", eta, "must satisfy ηm < 2 for the LMC instance to converge"));
    }
    let c = 1.0 - eta * m;
    match t {
        // Stationary variance 2η/(1 − c²) with 1 − c² = ηm(2 − ηm) (no cancellation as η → 0).
        // Written G·√(2 − ηm)/√(2m): G/m and 2η/(ηm(2 − ηm)) overflow for m near the subnormal
        // range (m = 5e−324: ∞/∞, issue 25) while μ = 4.4e161·G is finite.
        None => Ok(g * (2.0 - eta * m).sqrt() / (2.0 * m).sqrt()),
        Some(t) => {
            check_count("number of steps T", t)?;
            if t > 10_000_000 {
                return Err(Error::invalid("number of steps T", t, "the instance recursion is evaluated step by step: at most 1e7"));
            }
            let (mut gap, mut var) = (0.0f64, 0.0f64);
            for _ in 0..t {
                gap = c * gap + eta * g;
                var = c * c * var + 2.0 * eta;
            }
            Ok(gap / var.sqrt())
        }
    }
}

/// Corollary 5.4, any-window form (spec §8.4, reconstructed from Theorem 4.3 with `n = 1`,
/// `σ² = 2/η`, `L = L_F`): projected LMC on a convex body of diameter `D` is μ(ν)-GDP with
/// `μ(ν) = √(η/2)(D/η + ν L_F)/√ν` for every window `ν ≤ T`. Upper bound, rounded up.
/// Errors: `L_F`, D, η not finite > 0; ν = 0.
pub fn corollary_5_4_window(l_f: f64, d: f64, eta: f64, nu: u64) -> Result<f64> {
    check::positive("gradient sensitivity L_F", l_f)?;
    check_diameter(d)?;
    check_eta(eta)?;
    check_count("window length nu", nu)?;
    let v = nu as f64;
    // Expanded as D/√(2ην) + L_F√(ην/2): D/η overflows for η near the subnormal range (η = 5e−324
    // printed ∞ against the finite 3.2e160 at ν = 100 and broke the card's enclosure, issue 25).
    Ok(mu_up(d / (2.0 * eta).sqrt() / v.sqrt() + l_f * (eta * v / 2.0).sqrt()))
}

/// Corollary 5.4, best window over `ν ∈ {1, …, T}` (minimiser `D/(ηL_F)`, floor or ceiling).
pub fn corollary_5_4_best(l_f: f64, d: f64, eta: f64, t: u64) -> Result<(u64, f64)> {
    corollary_5_4_window(l_f, d, eta, 1)?;
    check_count("number of steps T", t)?;
    best_integer(d / (eta * l_f), t, |nu| corollary_5_4_window(l_f, d, eta, nu))
}

/// Corollary 5.4, closed form (spec §8.4): for `T ≥ ⌈D/(ηL_F)⌉`,
/// `μ ≤ √((3/2) L_F D + (η/2) L_F² ⌈D/(ηL_F)⌉)`. Upper bound, rounded up.
/// Errors: invalid parameters; `T < ⌈D/(ηL_F)⌉` (spec §9 item 5).
pub fn corollary_5_4_closed(l_f: f64, d: f64, eta: f64, t: u64) -> Result<f64> {
    corollary_5_4_window(l_f, d, eta, 1)?;
    check_count("number of steps T", t)?;
    let nu_star = div_up(d, mul_down(eta, l_f)).ceil();
    if (t as f64) < nu_star {
        return Err(Error::invalid("number of steps T", t, &format!("Corollary 5.4's closed form needs T ≥ ⌈D/(ηL_F)⌉ = {nu_star} (spec §9 item 5)")));
    }
    Ok(mu_up((1.5 * l_f * d + 0.5 * eta * l_f * l_f * nu_star).sqrt()))
}

/// Corollary 5.4 as `η → 0` (stationary law → exponential mechanism on `K`; spec §8.4):
/// `μ → √(2 L_F D)`. With "`F − F'` is `G`-Lipschitz" `L_F = G`; with "`F`, `F'` each
/// `G`-Lipschitz" `L_F = 2G` (spec §9 item 14). Rounded up. Errors: `L_F`, D not finite > 0.
pub fn corollary_5_4_limit(l_f: f64, d: f64) -> Result<f64> {
    check::positive("gradient sensitivity L_F", l_f)?;
    check_diameter(d)?;
    Ok(mu_up((2.0 * l_f * d).sqrt()))
}

#[cfg(test)]
#[path = "langevin_test.rs"]
mod langevin_test;
