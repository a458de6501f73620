//! Section 4.2: noisy cyclic gradient descent (NoisyCGD), Theorems 4.4, 4.5, 4.6 (spec §5):
//! `l` fixed batches of size `b` per epoch, `E` epochs, `T = E·l` steps, `r = L/(bσ)`.
//!
//! Every μ is an **upper bound** on the final-iterate GDP parameter, rounded towards more loss
//! ([`mu_up`]). The bounds do not depend on which batch holds the differing datum (spec §5).

use crate::papers::shifted_interpolation::appendix_c::meta_theorem::{best_integer, lemma_c10_value};
use crate::papers::shifted_interpolation::section_4::noisy_gd::Constrained;
use crate::papers::shifted_interpolation::setting::{check_contraction, check_count, mu_up, ratio};
use crate::error::{Error, Result};
use crate::num::Real;

/// Theorem 4.4 (Bok, Su, Altschuler 2024; spec §5.1), composition baseline: NoisyCGD is μ-GDP
/// with `μ = √E · L/(bσ)` (one Gaussian mechanism per epoch; sensitivity only). Upper bound,
/// rounded up. Errors: L, σ not finite > 0; b = 0; E = 0.
pub fn theorem_4_4(l: f64, b: u64, sigma: f64, e: u64) -> Result<f64> {
    let r = ratio(l, b, sigma)?;
    check_count("number of epochs E", e)?;
    Ok(mu_up((e as f64).sqrt() * r))
}

/// The μ of Theorem 4.5 for ratio `r` (generic; spec §5.2):
/// `μ = r √(1 + c^{2l−2}(1 − c²)/(1 − c^l)² · (1 − c^{l(E−1)})/(1 + c^{l(E−1)}))`
/// = `r √(1 + Lemma C.10 with s = 1)`; `c = 1` gives the derived convex limit `r √(1 + (E−1)/l)`.
pub fn theorem_4_5_value<R: Real>(r: &R, c: &R, batches: &R, e: &R) -> R {
    r.clone() * (r.one() + lemma_c10_value(c, batches, e, &r.one())).sqrt()
}

/// Theorem 4.5 (spec §5.2): `m`-strongly convex, `M`-smooth, unconstrained, `η ∈ (0, 2/M)`,
/// contraction `c`: NoisyCGD with `l` batches per epoch over `E` epochs is μ-GDP with
/// `μ = (L/(bσ)) √(1 + c^{2l−2}(1 − c²)/(1 − c^l)² · (1 − c^{l(E−1)})/(1 + c^{l(E−1)}))`.
/// Upper bound, rounded up. `c = 1` is accepted and gives the derived convex refinement
/// `r √(1 + (E−1)/l)` ([`cgd_convex`]). Errors: as [`theorem_4_4`]; l = 0; `c ∉ (0, 1]`.
pub fn theorem_4_5(l: f64, b: u64, sigma: f64, batches: u64, e: u64, c: f64) -> Result<f64> {
    let r = ratio(l, b, sigma)?;
    check_count("batches per epoch l", batches)?;
    check_count("number of epochs E", e)?;
    check_contraction(c)?;
    Ok(mu_up(theorem_4_5_value(&r, &c, &(batches as f64), &(e as f64))))
}

/// Derived refinement, **not stated in the paper** (spec §5.2): for convex `M`-smooth losses with
/// `η ≤ 2/M`, constrained or not, NoisyCGD is `r √(1 + (E−1)/l)`-GDP (Theorem C.3 with `c = 1`,
/// `z_0 = 0`, Lemma C.10's limit). Upper bound, rounded up. Errors: as [`theorem_4_5`].
pub fn cgd_convex(l: f64, b: u64, sigma: f64, batches: u64, e: u64) -> Result<f64> {
    theorem_4_5(l, b, sigma, batches, e, 1.0)
}

/// Theorem 4.6, any-window form (spec §5.3; derived from Lemma 3.1 and Lemma C.11): for every
/// `q ∈ {1, …, E − 1}` whole epochs before the last step touching the differing datum,
/// `μ(q) = √((L/b)² + (D/η + q L/b)²/(l q))/σ`. Upper bound, rounded up.
/// Errors: invalid parameters; `q = 0` or `q ≥ E` (the window must fit in the run).
pub fn theorem_4_6_window(p: &Constrained, batches: u64, e: u64, q: u64) -> Result<f64> {
    p.check()?;
    check_count("batches per epoch l", batches)?;
    check_count("number of epochs E", e)?;
    if q == 0 || q >= e {
        return Err(Error::invalid("window epochs q", q, &format!("must lie in {{1, …, E − 1}} = {{1, …, {}}} (Theorem 4.6 window, spec §5.3)", e.saturating_sub(1))));
    }
    let sh = p.l / p.n as f64;
    let x = p.d / p.eta + q as f64 * sh;
    Ok(mu_up((sh * sh + x * x / (batches as f64 * q as f64)).sqrt() / p.sigma))
}

/// Theorem 4.6, best window (spec §5.3): `min_{1 ≤ q ≤ E−1} μ(q)` and its `q` (convex in real q
/// with minimiser `Db/(ηL)`: floor or ceiling clamped). For `E = 1` the differing datum is used
/// once and the bound is `r` (Lemma 3.1), returned with `q = 0`. Upper bound, rounded up.
pub fn theorem_4_6_best(p: &Constrained, batches: u64, e: u64) -> Result<(u64, f64)> {
    p.check()?;
    check_count("batches per epoch l", batches)?;
    check_count("number of epochs E", e)?;
    if e == 1 {
        return Ok((0, mu_up(ratio(p.l, p.n, p.sigma)?)));
    }
    best_integer(p.d * p.n as f64 / (p.eta * p.l), e - 1, |q| theorem_4_6_window(p, batches, e, q))
}

/// Theorem 4.6, closed form (spec §5.3, the paper's statement and code): with
/// `q* = ⌈Db/(ηL)⌉` and `E ≥ q* + 1`,
/// `μ ≤ √(3DL/(ηbl) + (L/b)² + (L/b)² q*/l)/σ`. An upper bound on μ(q*); rounded up.
/// Errors: invalid parameters; **`E < q* + 1`** (the window of `q*` epochs must fit before the
/// last touching step, spec §9 items 5–6) — use [`theorem_4_6_best`] there.
pub fn theorem_4_6_closed(p: &Constrained, batches: u64, e: u64) -> Result<f64> {
    p.check()?;
    check_count("batches per epoch l", batches)?;
    check_count("number of epochs E", e)?;
    let q_star = p.real_window().ceil();
    if (e as f64) < q_star + 1.0 {
        return Err(Error::invalid("number of epochs E", e, &format!("Theorem 4.6's closed form needs E ≥ q* + 1 = ⌈Db/(ηL)⌉ + 1 = {} (spec §9 item 5); use the any-window form", q_star + 1.0)));
    }
    let sh = p.l / p.n as f64;
    let lb = batches as f64;
    Ok(mu_up((3.0 * p.d * sh / (p.eta * lb) + sh * sh + sh * sh * q_star / lb).sqrt() / p.sigma))
}

#[cfg(test)]
#[path = "noisy_cgd_test.rs"]
mod noisy_cgd_test;
