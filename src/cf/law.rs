//! One step's privacy-loss law, as the characteristic-function route needs it: the moment
//! generating function `M(z) = E_P[e^{zL}]` at complex `z = c + it` (closed form for the
//! Gaussian, certified quadrature for the subsampled Gaussian, [`super::sgm_tilt`]).
//!
//! Which laws: the Gaussian mechanism (μ = 1/σ; `L ~ N(μ²/2, μ²)` in both directions) and the
//! Poisson-subsampled Gaussian in each direction (`mechanisms::subsampled_gaussian`):
//! * remove: `M(z) = ∫ φ_σ(x) R(x)^{1+z} dx`, `R(x) = 1 − q + q e^{(2x−1)/(2σ²)}`;
//! * add: `M(z) = ∫ φ_σ(x) R(x)^{−z} dx`.
//!
//! Both are `∫ φ_σ(x) e^{(a + i s t) ℓ(x)} dx` with `ℓ = ln R`, real exponent `a` (`1 + c` for
//! remove, `−c` for add) and phase sign `s` (+1 remove, −1 add). `q = 1` is the Gaussian with
//! μ = 1/σ; `q = 0` has `L ≡ 0` and contributes nothing (`M ≡ 1`).

use crate::error::{Error, Result};
use crate::mechanisms::subsampled_gaussian::SgmLoss;
use crate::mechanisms::{Direction, Mechanism};

/// A non-trivial one-step law.
#[derive(Clone, Debug, PartialEq)]
pub enum Law {
    /// μ-GDP Gaussian: `ln M(z) = μ² z (1 + z)/2` (both directions).
    Gaussian { mu: f64 },
    /// Poisson-subsampled Gaussian, `0 < q < 1`, one direction.
    Sgm { q: f64, sigma: f64, dir: Direction },
}

impl Law {
    /// The law of `mech` in direction `dir`; `Ok(None)` when the loss is identically 0 (q = 0).
    /// Errors: [`Error::Unsupported`] for mechanisms without a route here (Laplace, randomized
    /// response: their losses are lattice-valued, so their characteristic functions do not decay
    /// and the inversion below does not apply).
    pub fn of(mech: &Mechanism, dir: Direction) -> Result<Option<Law>> {
        match *mech {
            Mechanism::Gaussian { noise_multiplier, .. } => Ok(Some(Law::Gaussian { mu: 1.0 / noise_multiplier })),
            Mechanism::PoissonSubsampledGaussian { sampling_rate: q, .. } if q == 0.0 => Ok(None),
            Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate: q, .. } if q == 1.0 => Ok(Some(Law::Gaussian { mu: 1.0 / noise_multiplier })),
            Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate: q, .. } => Ok(Some(Law::Sgm { q, sigma: noise_multiplier, dir })),
            _ => Err(Error::Unsupported(format!(
                "the characteristic-function route covers the Gaussian and the Poisson-subsampled Gaussian; {} has a lattice-valued loss whose characteristic function does not decay",
                mech.name()
            ))),
        }
    }

    /// Uncertified `ln M(c)` for real `c > 0` (used only to *choose* the tilt and the aliasing
    /// period; every reported number uses the certified evaluation). Trapezoid rule with step
    /// `0.1·σ·min(σ, 1)` over the range where the integrand is not negligible.
    pub fn quick_ln_m(&self, c: f64) -> f64 {
        match *self {
            Law::Gaussian { mu } => 0.5 * mu * mu * c * (1.0 + c),
            Law::Sgm { q, sigma, dir } => {
                let a = exponent(dir, c);
                let (lo, hi) = x_range(q, sigma, a);
                // The trapezoid rule converges like e^{−2πy/h} with strip half-width
                // y = σ²·min(1.4, √80/σ) (`sgm_tilt`), so h = 0.1·σ·min(σ, 1) is far more
                // accurate than a choice needs.
                let h = 0.1 * sigma * sigma.min(1.0);
                let n = ((hi - lo) / h).ceil() as usize + 1;
                let loss = SgmLoss::new(q, sigma, dir);
                let s2 = sigma * sigma;
                let terms: Vec<f64> = (0..n)
                    .map(|k| {
                        let x = lo + k as f64 * h;
                        -x * x / (2.0 * s2) + a * loss.ell(x)
                    })
                    .collect();
                crate::num::special::ln_sum_exp(&terms) + h.ln() - (sigma * (2.0 * std::f64::consts::PI).sqrt()).ln()
            }
        }
    }

    /// Uncertified variance of the loss under the tilt `c` (second derivative of `ln M` at `c`,
    /// by a central difference): a scale for choosing where the inversion nodes end.
    pub fn quick_var(&self, c: f64) -> f64 {
        match *self {
            Law::Gaussian { mu } => mu * mu,
            Law::Sgm { .. } => {
                let d = 1e-3 * c.max(0.05);
                ((self.quick_ln_m(c + d) - 2.0 * self.quick_ln_m(c) + self.quick_ln_m(c - d)) / (d * d)).max(0.0)
            }
        }
    }

    /// Uncertified estimate of the Riemann–Lebesgue constant `V = 4·sup h` of `fill.rs` (0 for
    /// the Gaussian, which needs no fill): `h = φ_σR^{a+1}e^{−w}σ²/(q·M(c))`, maximised on a grid.
    pub fn quick_rl_constant(&self, c: f64) -> f64 {
        match *self {
            Law::Gaussian { .. } => 0.0,
            Law::Sgm { q, sigma, dir } => {
                let b = exponent(dir, c) + 1.0;
                let loss = SgmLoss::new(q, sigma, dir);
                let (lo, hi) = (b.min(0.0) - 1.0, b.max(0.0) - 1.0);
                let n = 400;
                let best = (0..=n).map(|k| ln_h_unnormalised(&loss, b, lo + (hi - lo) * k as f64 / n as f64)).fold(f64::NEG_INFINITY, f64::max);
                4.0 * (best - self.quick_ln_m(c)).exp()
            }
        }
    }

    /// Supremum of the loss (`+∞` except for the add direction of the subsampled Gaussian,
    /// whose loss is below `−ln(1 − q)`).
    pub fn loss_sup(&self) -> f64 {
        match *self {
            Law::Sgm { q, dir: Direction::Add, .. } => -(-q).ln_1p(),
            _ => f64::INFINITY,
        }
    }
}

/// `ln(h(x)·M(c))` with `h = g_c/|ℓ'| = φ_σR^{b}e^{−w}σ²/(q·M(c))`, `b = a + 1`: the function
/// whose supremum gives the Riemann–Lebesgue constant of `fill.rs` (`SgmTilt::sup_h`,
/// certified; [`Law::quick_rl_constant`], an estimate).
pub fn ln_h_unnormalised(loss: &SgmLoss, b: f64, x: f64) -> f64 {
    let s2 = loss.sigma * loss.sigma;
    let w = (2.0 * x - 1.0) / (2.0 * s2);
    -x * x / (2.0 * s2) - (loss.sigma * (2.0 * std::f64::consts::PI).sqrt()).ln() + b * loss.ell(x) - w + (s2 / loss.q).ln()
}

/// Real exponent `a` of `R(x)^a` in the tilted integrand: `1 + c` (remove), `−c` (add).
pub fn exponent(dir: Direction, c: f64) -> f64 {
    match dir {
        Direction::Remove => 1.0 + c,
        Direction::Add => -c,
    }
}

/// Phase sign `s`: the loss is `s·ℓ(x)` (+1 remove, −1 add).
pub fn phase_sign(dir: Direction) -> f64 {
    match dir {
        Direction::Remove => 1.0,
        Direction::Add => -1.0,
    }
}

/// Integration range `[x_lo, x_hi]` outside which the trapezoid sums of
/// `φ_σ(x) R(x)^{a'}`, `a' ∈ {a − 1, a, a + 1}`, are below `e^{−46}` (≈ 1e−20) relative to
/// `M ≥ 1` (`tails::trapezoid_tail`): `x_hi = a⁺ + σ·√(2·(a⁺(a⁺−1)/(2σ²))⁺ + 92)` with
/// `a⁺ = max(a + 1, 1)`, `x_lo = −σ·√(2|a⁻|·|ln(1−q)| + 92)` with `a⁻ = min(a − 1, 0)`.
pub fn x_range(q: f64, sigma: f64, a: f64) -> (f64, f64) {
    let s2 = sigma * sigma;
    let a_hi = (a + 1.0).max(1.0);
    let hi = a_hi + sigma * ((a_hi * (a_hi - 1.0) / s2).max(0.0) + 92.0).sqrt();
    let a_lo = (a - 1.0).min(0.0);
    let lo = -sigma * (2.0 * a_lo.abs() * (-(-q).ln_1p()) + 92.0).sqrt();
    (lo.min(-1.0), hi.max(1.0))
}
