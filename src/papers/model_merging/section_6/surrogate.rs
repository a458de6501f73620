//! Theorem 6.4 (DP Model Merging): the 1-D surrogate privacy loss `ℓ̃(z) = ln Σ_k r_k e^{a_k z − a_k²/2}`
//! of one merged DP-SGD step and its closed-form hockey-stick divergences (spec `merging.md` §12).
//!
//! The surrogate pair is `P̃ = Σ_k r_k N(a_k, 1)`, `Q̃ = N(0, 1)` with the collapsed atoms of
//! [`crate::papers::model_merging::section_6::dpsgd_step::lc_step`]. Directions use [`Direction`]: `Remove` = forward `H_ε(P̃, Q̃)`,
//! `Add` = reverse `H_ε(Q̃, P̃)`. Closed forms (spec §12), `z_x` the root of `ℓ̃(z) = x`:
//! * `H_ε(P̃,Q̃) = Σ_k r_k Φ̄(z_ε − a_k) − e^ε Φ̄(z_ε)` for `ε > ln r_0`, else `1 − e^ε`;
//! * `H_ε(Q̃,P̃) = Φ(z_{−ε}) − e^ε Σ_k r_k Φ(z_{−ε} − a_k)` for `−ε > ln r_0`, else `0`.
//!
//! Guarantee: [`surrogate_h`] is the exact value in f64 (relative ~1e−12, positive
//! cancellation-free form of `crate::mechanisms::mixture_gaussian`); [`surrogate_h_exact`] is
//! the same closed form in any precision (MPFR golden values). Domination of the true step
//! (Theorem 6.4) holds for *every real* ε in the forward direction, hence both directions at
//! ε ≥ 0 by identity (1.1) (audit A6) — conditionally on the past and under assumption (e) of §9,
//! which fails for T > 1 (audit A1, `audit_points/hidden_state.rs`).
//!
//! The *convention trap* of audit A4 ([`convention_trap_h`]) integrates `(1 − e^{ε−ℓ̃})_+` against
//! `Q̃` instead of `P̃`; it is provided only to reproduce the wrong number.

use crate::papers::model_merging::section_6::dpsgd_step::StepPair;
use crate::error::{check, Error, Result};
use crate::mechanisms::mixture_gaussian::{mixture_delta, MixtureGaussianLoss};
use crate::mechanisms::{Direction, PrivacyLoss};
use crate::num::special::ndtr;
use crate::num::{Mp, Real};

/// Which law a loss CDF is taken under (spec §1.3: P-convention vs Q-convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Under {
    /// `Y ∼ P̃` (the PLD literature's convention).
    P,
    /// `Z ∼ Q̃ = N(0,1)` (the paper's eq. (11)).
    Q,
}

/// The atoms `(a_k, r_k)` of a step.
pub fn atoms_of(step: &StepPair) -> Vec<(f64, f64)> {
    step.atoms.iter().map(|a| (a.shift, a.prob)).collect()
}

/// The surrogate loss law of one step in direction `dir` (forward = `Remove`).
/// Errors: invalid atoms (see [`MixtureGaussianLoss::new`]).
pub fn surrogate_loss(step: &StepPair, dir: Direction) -> Result<MixtureGaussianLoss> {
    MixtureGaussianLoss::new(&atoms_of(step), dir)
}

/// Theorem 6.4 closed form: `H_ε(P̃, Q̃)` (`Remove`) or `H_ε(Q̃, P̃)` (`Add`), exact in f64, any real ε
/// (spec §12). Errors: NaN ε, invalid atoms.
pub fn surrogate_h(step: &StepPair, eps: f64, dir: Direction) -> Result<f64> {
    if eps.is_nan() {
        return Err(Error::invalid("epsilon", eps, "must be a number"));
    }
    Ok(surrogate_loss(step, dir)?.delta(eps))
}

/// `z_x` with `ℓ̃(z_x) = x` (spec §12 `solve_z`); `None` when `x ≤ ln r_0` (no root) or when no
/// atom has a positive finite shift.
pub fn solve_z(step: &StepPair, x: f64) -> Option<f64> {
    surrogate_loss(step, Direction::Remove).ok()?.z_of(x)
}

/// Exact bucket masses (spec §12): `P̃(ℓ̃ ≤ x) = Σ_k r_k Φ(z_x − a_k)` or `Q̃(ℓ̃ ≤ x) = Φ(z_x)`
/// (finite atoms only; 0 below the support). Exact in f64 (~1e−14 relative).
pub fn surrogate_loss_cdf(step: &StepPair, x: f64, under: Under) -> Result<f64> {
    let l = surrogate_loss(step, Direction::Remove)?;
    Ok(match under {
        Under::P => l.cdf(x),
        // Q̃(ℓ̃ ≤ x) = 1 − P(−ℓ̃(Z) < −x) = reverse-direction sf_left(−x).
        Under::Q => match l.z_of(x) {
            Some(z) => ndtr(z),
            None => {
                let has_pos = l.atoms().iter().any(|a| a.0 > 0.0);
                if has_pos || x < l.ell(0.0) { 0.0 } else { 1.0 }
            }
        },
    })
}

/// The closed form of Theorem 6.4 (spec §12, two-CDF form) in any precision — use MPFR for golden
/// values (f64 cancels). `atoms` finite with at least one positive shift.
/// Errors: no positive finite shift, or an infinite shift.
pub fn surrogate_h_exact<R: Real>(atoms: &[(R, R)], eps: &R, dir: Direction) -> Result<R> {
    if !atoms.iter().any(|(a, _)| a.to_f64() > 0.0) || atoms.iter().any(|(a, _)| !a.is_finite()) {
        return Err(Error::invalid("atoms", "no positive finite shift", "the closed form needs a finite non-trivial mixture"));
    }
    Ok(mixture_delta(atoms, dir, eps))
}

/// [`surrogate_h_exact`] at `prec` bits for a step (atoms converted exactly from f64).
pub fn surrogate_h_mp(step: &StepPair, eps: f64, dir: Direction, prec: u32) -> Result<Mp> {
    let a: Vec<(Mp, Mp)> = step.atoms.iter().map(|x| (Mp::new(prec, x.shift), Mp::new(prec, x.prob))).collect();
    surrogate_h_exact(&a, &Mp::new(prec, eps), dir)
}

/// **Wrong convention (audit A4), for demonstration only:** `E_{Z∼Q̃}[(1 − e^{ε−ℓ̃(Z)})_+]`, i.e.
/// Lemma F.4's `δ_L` fed with the paper's Q-convention loss. Tanh–sinh quadrature on
/// `[z_ε, z_ε + 40]` (an estimate, error ≲ 1e−13). Example B, ε = 1: 0.01774818244 instead of
/// the correct 0.2187816179. Errors: non-finite ε, no positive shift.
pub fn convention_trap_h(step: &StepPair, eps: f64) -> Result<f64> {
    check::finite("epsilon", eps)?;
    let l = surrogate_loss(step, Direction::Remove)?;
    let z0 = match l.z_of(eps) {
        Some(z) => z,
        None => return Err(Error::invalid("epsilon", eps, "below the support (no root) or trivial step")),
    };
    // Composite Simpson on [z_ε, z_ε + 40] (smooth integrand, h = 1e−3: error ≲ 1e−12).
    let f = |z: f64| {
        let g = -(eps - l.ell(z)).min(0.0).exp_m1();
        g * (-0.5 * z * z).exp() / (2.0 * std::f64::consts::PI).sqrt()
    };
    Ok(simpson_tail(f, z0))
}

/// Composite Simpson rule of `f` on `[z0, z0 + 40]` with 40 000 panels (h = 1e−3; for the smooth
/// Gaussian-weighted integrands of the A4 audit the error is ≲ 1e−12). An estimate, not a bound.
pub(crate) fn simpson_tail(f: impl Fn(f64) -> f64, z0: f64) -> f64 {
    let n = 40_000usize;
    let h = 40.0 / n as f64;
    let mut s = f(z0) + f(z0 + 40.0);
    for i in 1..n {
        s += if i % 2 == 1 { 4.0 } else { 2.0 } * f(z0 + i as f64 * h);
    }
    s * h / 3.0
}

#[cfg(test)]
#[path = "surrogate_test.rs"]
mod surrogate_test;
