//! Section 4.1: full-batch noisy gradient descent (NoisyGD), Theorems 4.1, 4.2, 4.3 (spec §4).
//!
//! Every μ is an **upper bound** on the final-iterate GDP parameter (a valid guarantee), rounded
//! towards more loss ([`mu_up`]); `r = L/(nσ)` is the per-step sensitivity-to-noise ratio (spec
//! §1.2; `L` is the replace-one gradient sensitivity of Definition 2.10).

use crate::papers::shifted_interpolation::appendix_c::meta_theorem::{best_integer, lemma_c6_value};
use crate::papers::shifted_interpolation::setting::{check_contraction, check_count, check_diameter, check_eta, check_sensitivity, check_sigma, mu_up, ratio};
use crate::error::{Error, Result};
use crate::num::round::{div_up, mul_down, mul_up};
use crate::num::Real;

/// Theorem 4.1 (Bok, Su, Altschuler 2024; spec §4.1), composition baseline: NoisyGD with
/// gradient sensitivity `L` is `μ`-GDP with `μ = √T · L/(nσ)` (no convexity needed). Upper bound
/// (exact in the worst case: the linear instance of spec §4.1 attains it), rounded up.
/// Errors: L, σ not finite > 0; n = 0; T = 0.
pub fn theorem_4_1(l: f64, n: u64, sigma: f64, t: u64) -> Result<f64> {
    let r = ratio(l, n, sigma)?;
    check_count("number of steps T", t)?;
    Ok(mu_up((t as f64).sqrt() * r))
}

/// The μ of Theorem 4.2 for ratio `r` (generic closed form; spec §4.2):
/// `μ = r √((1 + c)/(1 − c) · (1 − c^T)/(1 + c^T))` = `r √(Lemma C.6 with s = 1)`;
/// `c = 1` gives the limit `r √T` (Theorem 4.1).
pub fn theorem_4_2_value<R: Real>(r: &R, t: &R, c: &R) -> R {
    r.clone() * lemma_c6_value(c, t, &r.one()).sqrt()
}

/// Theorem 4.2 (spec §4.2): `m`-strongly convex, `M`-smooth losses, unconstrained, step
/// `η ∈ (0, 2/M)` with contraction `c = max(|1 − ηm|, |1 − ηM|)`
/// ([`crate::papers::shifted_interpolation::setting::contraction_factor`]): NoisyGD is μ-GDP with
/// `μ = (L/(nσ)) √((1 + c)/(1 − c) · (1 − c^T)/(1 + c^T))`. Upper bound (exact when `c = 1 − ηm`,
/// the quadratic instance of [`crate::papers::shifted_interpolation::tightness::gaussian`]); rounded up. `c = 1` is accepted and gives the
/// `c ↑ 1` limit `√T L/(nσ)` (= Theorem 4.1).
/// Errors: as [`theorem_4_1`]; `c ∉ (0, 1]`.
pub fn theorem_4_2(l: f64, n: u64, sigma: f64, t: u64, c: f64) -> Result<f64> {
    let r = ratio(l, n, sigma)?;
    check_count("number of steps T", t)?;
    check_contraction(c)?;
    Ok(mu_up(theorem_4_2_value(&r, &(t as f64), &c)))
}

/// Theorem 4.2 as `T → ∞` (spec §4.2): `μ_∞ = (L/(nσ)) √((1 + c)/(1 − c))`, rounded up.
/// Errors: as [`theorem_4_2`], and `c = 1` (no finite limit).
pub fn theorem_4_2_limit(l: f64, n: u64, sigma: f64, c: f64) -> Result<f64> {
    let r = ratio(l, n, sigma)?;
    crate::papers::shifted_interpolation::setting::check_strict_contraction(c)?;
    Ok(mu_up(r * ((1.0 + c) / (1.0 - c)).sqrt()))
}

/// The parameters of the constrained full-batch Theorem 4.3.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constrained {
    /// Diameter `D` of the constraint set.
    pub d: f64,
    /// Learning rate η (the caller checks `η ≤ 2/M` with [`crate::papers::shifted_interpolation::setting::contraction_factor`]).
    pub eta: f64,
    /// Gradient sensitivity `L`.
    pub l: f64,
    /// Dataset size `n` (full batch) or batch size `b` (cyclic).
    pub n: u64,
    /// Noise rate σ.
    pub sigma: f64,
}

impl Constrained {
    /// Validate every field. Errors name the parameter.
    pub fn check(&self) -> Result<Constrained> {
        check_diameter(self.d)?;
        check_eta(self.eta)?;
        check_sensitivity(self.l)?;
        check_count("batch size", self.n)?;
        check_sigma(self.sigma)?;
        Ok(*self)
    }
    /// `L/n`, the per-step gradient shift divided by η.
    fn shift(&self) -> f64 {
        self.l / self.n as f64
    }
    /// The real window minimising `D²/(η²ν) + ν (L/n)²`: `D n/(η L)`, rounded up (so that its
    /// ceiling is never below the exact quotient, which the closed form's `D²/(η²ν*) ≤ DL/(ηn)`
    /// needs).
    pub fn real_window(&self) -> f64 {
        div_up(mul_up(self.d, self.n as f64), mul_down(self.eta, self.l))
    }
}

/// Theorem 4.3, any-τ form (spec §4.3, derived from Theorem C.3 and Lemma C.8): for every window
/// `ν = T − τ ∈ {1, …, T}`, NoisyGD on a convex set of diameter `D` is μ(ν)-GDP with
/// `μ(ν) = (D/(η√ν) + (L/n)√ν)/σ`. Upper bound, rounded up. Errors: invalid parameters; ν = 0.
pub fn theorem_4_3_window(p: &Constrained, nu: u64) -> Result<f64> {
    p.check()?;
    check_count("window length nu", nu)?;
    let v = nu as f64;
    Ok(mu_up((p.d / (p.eta * v.sqrt()) + p.shift() * v.sqrt()) / p.sigma))
}

/// Theorem 4.3, best window (spec §4.3): `min_{1 ≤ ν ≤ T} μ(ν)` with the minimising `ν`
/// (`μ(ν)²` is strictly convex in real ν with minimiser `Dn/(ηL)`, so the integer optimum is its
/// floor or ceiling clamped to `[1, T]`). Upper bound, rounded up. Errors: as
/// [`theorem_4_3_window`]; T = 0.
pub fn theorem_4_3_best(p: &Constrained, t: u64) -> Result<(u64, f64)> {
    p.check()?;
    check_count("number of steps T", t)?;
    best_integer(p.d * p.n as f64 / (p.eta * p.l), t, |nu| theorem_4_3_window(p, nu))
}

/// Theorem 4.3, "in particular" closed form (spec §4.3, the paper's statement and code): with
/// `ν* = ⌈Dn/(ηL)⌉` and `T ≥ ν*`, `μ ≤ √(3DL/(ηn) + (L/n)² ν*)/σ`, independent of T. An upper
/// bound on μ(ν*) (not equal to it; the integer optimum may be at `⌊Dn/(ηL)⌋`, spec §9 item 5);
/// rounded up.
/// Errors: invalid parameters; **`T < ν*`** (the closed form is only justified when the window
/// `ν*` fits in the run, spec §9 item 5) — use [`theorem_4_3_best`] there.
pub fn theorem_4_3_closed(p: &Constrained, t: u64) -> Result<f64> {
    p.check()?;
    check_count("number of steps T", t)?;
    let nu_star = p.real_window().ceil();
    if (t as f64) < nu_star {
        return Err(Error::invalid("number of steps T", t, &format!("Theorem 4.3's closed form needs T ≥ ν* = ⌈Dn/(ηL)⌉ = {nu_star} (spec §9 item 5); use the any-τ form")));
    }
    let sh = p.shift();
    Ok(mu_up((3.0 * p.d * sh / p.eta + sh * sh * nu_star).sqrt() / p.sigma))
}

#[cfg(test)]
#[path = "noisy_gd_test.rs"]
mod noisy_gd_test;
