//! Verdicts of the divergence kinds `rdp`, `zcdp` and `gdp` (issue 12; `docs/claims.md` §2,
//! "Claim kinds"). Each gives a certified interval of the kind's true value and the verdict of
//! the general rule ([`decide_value`]) or, for GDP of mechanisms other than the Gaussian, of the
//! profile comparison of [`gdp_profile_check`].

use super::claim::Claim;
use super::kind::ClaimKind;
use super::rdp_truth::{composed_rdp, times_steps};
use super::route::guarded;
use super::verdict::Verdict;
use crate::error::Result;
use crate::mechanisms::Mechanism;
use crate::num::round::{div_down, div_up, mul_down, mul_up};
use crate::num::{Interval, Mp};
use crate::pld::{compose_mechanisms, PldOptions};

/// Outcome of a divergence-kind claim.
#[derive(Clone, Debug, PartialEq)]
pub struct KindOutcome {
    /// Certified interval of the true value of the kind (ρ of `rdp`/`zcdp`, μ of `gdp`).
    pub truth: Interval,
    pub verdict: Verdict,
    pub method: String,
    pub notes: Vec<String>,
}

/// The general rule for a claimed value `c` of a quantity whose truth lies in `truth`: unsound
/// iff `truth.lower > c·(1+κ)`, sound iff `truth.upper ≤ c`, inconclusive otherwise.
pub fn decide_value(c: f64, truth: &Interval, tolerance: f64) -> Verdict {
    if truth.lower > c * (1.0 + tolerance) {
        Verdict::Unsound
    } else if truth.upper <= c {
        Verdict::Sound
    } else {
        Verdict::Inconclusive
    }
}

/// Evaluate a claim of kind `rdp`, `zcdp` or `gdp` at `prec` bits (a panic in an engine becomes
/// an error). Errors: the claim is of an (ε, δ) kind; engine failures.
pub fn evaluate(claim: &Claim, prec: u32, tolerance: f64) -> Result<KindOutcome> {
    let mech = claim.privacy_mechanism();
    let steps = claim.steps;
    guarded(|| match claim.kind {
        ClaimKind::Rdp { order, value } => {
            let (truth, method) = composed_rdp(&mech, steps, order, prec)?;
            Ok(KindOutcome { truth, verdict: decide_value(value, &truth, tolerance), method: format!("rdp at α = {order}, T = {steps}: {method}"), notes: Vec::new() })
        }
        ClaimKind::Zcdp { rho } => zcdp(&mech, steps, rho, prec, tolerance),
        ClaimKind::Gdp { mu } => gdp(&mech, steps, mu, prec, tolerance),
        ClaimKind::EpsDelta | ClaimKind::Calibration => Err(crate::Error::Unsupported(format!("{} claims are decided by the (ε, δ) engines", claim.kind.name()))),
    })
}

/// `T/(2σ²)` rounded outward: the composed Gaussian's ρ (Bun & Steinke 2016, Proposition 1.6 and
/// Lemma 2.3), also an upper bound for the subsampled Gaussian (see [`zcdp`]).
fn gaussian_rho(sigma: f64, steps: u64) -> Interval {
    let s2 = Interval { lower: mul_down(sigma, sigma), upper: mul_up(sigma, sigma) };
    let half = Interval { lower: div_down(0.5, s2.upper), upper: div_up(0.5, s2.lower) };
    times_steps(half, steps)
}

/// Orders at which `D_α/α` is evaluated for a zCDP lower bound.
const ZCDP_ORDERS: [f64; 22] = [1.01, 1.05, 1.1, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0, 16.0, 20.0, 24.0, 32.0, 48.0, 64.0, 128.0];

/// zCDP (Bun & Steinke 2016, Definition 1.1 with ξ = 0): the true ρ is `sup_{α>1} D_α/α` of the
/// composition.
///
/// * Gaussian: `ρ = T/(2σ²)` exactly (`D_α = αT/(2σ²)`, Mironov 2017, Proposition 7).
/// * Subsampled Gaussian: upper `T/(2σ²)`: by joint quasi-convexity of Rényi divergence (van
///   Erven & Harremoës 2014, Theorem 13) `D_α((1−q)P + qP' ‖ P) ≤ max(D_α(P‖P), D_α(P'‖P)) =
///   α/(2σ²)`, and the same for the reverse pair, so every step is `α/(2σ²)`-RDP at every α;
///   composition adds (Mironov 2017, Proposition 1). Lower: `max` over integer orders of
///   `T·D_α/α` ([`composed_rdp`]).
/// * Laplace and randomized response: upper `T ε0²/2` (pure `ε0`-DP implies `ε0²/2`-zCDP, Bun &
///   Steinke 2016, Proposition 1.4; composition, Lemma 2.3); lower: `max` over the orders
///   [`ZCDP_ORDERS`] of `T·D_α/α` (closed forms).
fn zcdp(mech: &Mechanism, steps: u64, rho: f64, prec: u32, tolerance: f64) -> Result<KindOutcome> {
    let (truth, method) = match *mech {
        Mechanism::Gaussian { noise_multiplier, .. } => (gaussian_rho(noise_multiplier, steps), "exact: ρ = T/(2σ²) (Bun & Steinke 2016, Prop. 1.6), outward-rounded".to_string()),
        Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } if sampling_rate == 0.0 => (Interval::point(0.0), "q = 0: ρ = 0".into()),
        Mechanism::PoissonSubsampledGaussian { noise_multiplier, .. } => {
            let upper = gaussian_rho(noise_multiplier, steps).upper;
            let lower = orders_lower(mech, steps, &ZCDP_ORDERS.iter().copied().filter(|a| a.fract() == 0.0).collect::<Vec<_>>(), prec)?;
            (Interval { lower: lower.min(upper), upper }, "upper T/(2σ²) (joint quasi-convexity, van Erven & Harremoës 2014, Thm 13); lower max over integer orders 2…128 of T·D_α/α (binomial sum)".into())
        }
        Mechanism::Laplace { noise_multiplier, .. } | Mechanism::RandomizedResponse { noise_multiplier } => {
            let e0 = Interval { lower: div_down(1.0, noise_multiplier), upper: div_up(1.0, noise_multiplier) };
            let half_sq = Interval { lower: mul_down(0.5, mul_down(e0.lower, e0.lower)), upper: mul_up(0.5, mul_up(e0.upper, e0.upper)) };
            let upper = times_steps(half_sq, steps).upper;
            let lower = orders_lower(mech, steps, &ZCDP_ORDERS, prec)?;
            (Interval { lower: lower.min(upper), upper }, "upper T·ε0²/2 (pure DP ⇒ zCDP, Bun & Steinke 2016, Prop. 1.4); lower max over 22 orders in [1.01, 128] of T·D_α/α (closed form)".into())
        }
    };
    Ok(KindOutcome { truth, verdict: decide_value(rho, &truth, tolerance), method: format!("zcdp, T = {steps}: {method}"), notes: Vec::new() })
}

/// `max_α T·D_α/α` over `orders`, each lower end rounded down.
fn orders_lower(mech: &Mechanism, steps: u64, orders: &[f64], prec: u32) -> Result<f64> {
    let mut best = 0.0f64;
    for &a in orders {
        let (d, _) = composed_rdp(mech, steps, a, prec)?;
        best = best.max(div_down(d.lower, a));
    }
    Ok(best)
}

/// Number of grid intervals of the GDP profile comparison.
pub const GDP_GRID: usize = 400;

/// GDP (Dong, Roth & Su 2022). The true μ is the smallest μ with `δ(ε) ≤ δ_μ(ε)` for all `ε ≥ 0`
/// (`δ_μ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2)`, DRS Corollary 2.13; symmetric trade-off
/// functions, DRS Proposition 2.12).
///
/// * Gaussian: `μ = √T/σ` exactly (DRS Theorem 2.7 and Corollary 3.3).
/// * Otherwise [`gdp_profile_check`] on a grid. For the subsampled Gaussian, the claim is also
///   sound when `μ_c ≥ √T/σ`: for a test with type-I error `a` under `P`, the type-II error
///   under the mixture `(1−q)P + qP'` is `≥ (1−q)(1−a) + q·f(a) ≥ f(a)` with `f = T(P, P') =
///   G_{1/σ}` (as `f(a) ≤ 1−a`), likewise for the reverse pair, so each step is `G_{1/σ}`-DP and
///   the composition `G_{√T/σ}`-DP (DRS Corollary 3.3).
fn gdp(mech: &Mechanism, steps: u64, mu: f64, prec: u32, tolerance: f64) -> Result<KindOutcome> {
    if let Mechanism::Gaussian { noise_multiplier, .. } = *mech {
        let r = sqrt_steps(steps);
        let mut truth = Interval { lower: div_down(r.lower, noise_multiplier), upper: div_up(r.upper, noise_multiplier) };
        // The enclosure is a few ulps wide, so a claim equal to the f64 value of √T/σ straddled
        // it (issue 25: inconclusive). Decide exactly instead: μ_c ≥ √T/σ ⇔ μ_c²σ² ≥ T, where
        // μ_c², σ² (106 bits each) and their product (212 bits) are exact in 256-bit MPFR.
        let (c, s) = (Mp::new(256, mu), Mp::new(256, noise_multiplier));
        let mut notes = Vec::new();
        if c.clone() * c.clone() * s.clone() * s >= Mp(rug::Float::with_val(256, steps)) {
            truth.upper = truth.upper.min(mu);
            truth.lower = truth.lower.min(truth.upper);
            notes.push("μ_c ≥ √T/σ decided exactly (μ_c²σ² ≥ T in exact arithmetic)".to_string());
        } else {
            truth.lower = truth.lower.max(mu);
            notes.push("μ_c < √T/σ decided exactly (μ_c²σ² < T in exact arithmetic)".to_string());
        }
        return Ok(KindOutcome { truth, verdict: decide_value(mu, &truth, tolerance), method: format!("gdp, T = {steps}: exact μ = √T/σ (DRS 2022, Thm 2.7, Cor. 3.3)"), notes });
    }
    if let Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } = *mech {
        if sampling_rate == 0.0 {
            return Ok(KindOutcome { truth: Interval::point(0.0), verdict: Verdict::Sound, method: "gdp: q = 0, μ = 0".into(), notes: Vec::new() });
        }
    }
    // The true profile δ(ε): exact where the exact route applies, else one certified PLD.
    let exact = matches!(mech, Mechanism::RandomizedResponse { .. }) || steps == 1;
    let pld = if exact {
        None
    } else {
        Some(compose_mechanisms(&[(mech.clone(), steps)], &PldOptions { eps_rel_accuracy: 1e-3, reference_delta: 1e-10, max_fft_len: 1 << 20, ..PldOptions::default() })?)
    };
    let profile = |e: f64| -> Result<Interval> {
        match &pld {
            None => crate::exact::delta(mech, steps, e, prec),
            Some(p) => Ok(p.delta(e)),
        }
    };
    let (bounded, eps_max, domination) = match *mech {
        Mechanism::Laplace { noise_multiplier, .. } | Mechanism::RandomizedResponse { noise_multiplier } => (true, mul_up(steps as f64, div_up(1.0, noise_multiplier)), None),
        Mechanism::PoissonSubsampledGaussian { noise_multiplier, .. } => {
            (false, (mu * mu / 2.0 + 10.0 * mu).max(1.0), Some(div_up(sqrt_steps(steps).upper, noise_multiplier)))
        }
        Mechanism::Gaussian { .. } => unreachable!("handled above"),
    };
    let check = gdp_profile_check(mu, &profile, eps_max, prec, tolerance)?;
    let mut notes = Vec::new();
    let src = if exact { format!("exact profile (MPFR, {prec} bits)") } else { "certified FFT profile (PLD, relative ε accuracy 1e-3)".to_string() };
    let mut upper = f64::INFINITY;
    if let Some(u) = domination {
        upper = u;
    }
    let verdict = if let Some(w) = &check.witness {
        notes.push(format!(
            "violation at ε = {}: certified true δ(ε) ≥ {:e} > δ_μ(ε) ≤ {:e} (μ = {mu}); the true μ is at least {}",
            w.epsilon, w.true_delta_lower, w.gdp_delta_upper, w.mu_lower
        ));
        Verdict::Unsound
    } else if domination.is_some_and(|u| u <= mu) {
        notes.push(format!("sound: μ_claim ≥ √T/σ = {} (subsampling does not increase the trade-off of the Gaussian)", domination.unwrap_or(f64::NAN)));
        Verdict::Sound
    } else if check.proven && bounded {
        upper = upper.min(mu);
        notes.push(format!("sound: δ(ε) ≤ δ_μ(ε) proven on [0, {eps_max}] by the monotone-grid argument ({GDP_GRID} intervals), and δ(ε) = 0 beyond {eps_max} (largest privacy loss T/σ)"));
        Verdict::Sound
    } else if check.proven {
        notes.push(format!("inconclusive: δ(ε) ≤ δ_μ(ε) proven on [0, {eps_max}] (monotone grid), but there is no tail argument for ε > {eps_max} (unbounded privacy loss)"));
        Verdict::Inconclusive
    } else {
        notes.push(format!("inconclusive: no violation found on the grid of [0, {eps_max}], and the monotone-grid proof failed on {} of {GDP_GRID} intervals", check.unproven));
        Verdict::Inconclusive
    };
    let lower = check.witness.as_ref().map(|w| w.mu_lower).unwrap_or(0.0);
    let truth = Interval { lower: lower.min(upper), upper };
    Ok(KindOutcome { truth, verdict, method: format!("gdp, T = {steps}: δ(ε) against δ_μ(ε) on {GDP_GRID} + 1 points of [0, {eps_max}], {src}"), notes })
}

/// `√T` enclosed: the point when `T` is a perfect square (exact), else the neighbours of the
/// correctly rounded f64 square root.
fn sqrt_steps(steps: u64) -> Interval {
    let t = (steps as f64).sqrt();
    let r = t as u64;
    if t.fract() == 0.0 && r.checked_mul(r) == Some(steps) {
        Interval::point(t)
    } else {
        Interval { lower: t.next_down(), upper: t.next_up() }
    }
}

/// A certified violation of a GDP claim.
#[derive(Clone, Debug, PartialEq)]
pub struct GdpWitness {
    pub epsilon: f64,
    pub true_delta_lower: f64,
    pub gdp_delta_upper: f64,
    /// Certified lower bound on the true μ implied by this point.
    pub mu_lower: f64,
}

/// Result of comparing a profile with `δ_μ` on a grid.
#[derive(Clone, Debug, PartialEq)]
pub struct GdpCheck {
    /// The grid point with the largest certified ratio `δ_L(ε)/δ_μ,U(ε)` among violations.
    pub witness: Option<GdpWitness>,
    /// `δ(ε) ≤ δ_μ(ε)` proven on all of `[0, eps_max]`.
    pub proven: bool,
    /// Number of grid intervals where the proof failed.
    pub unproven: usize,
}

/// Certified `δ_μ(ε)` ([`crate::exact::delta`] of the Gaussian with σ = 1/μ, one step; DRS
/// Corollary 2.13). μ = 0 gives 0.
pub fn gdp_delta(mu: f64, eps: f64, prec: u32) -> Result<Interval> {
    if mu == 0.0 {
        return Ok(Interval::point(0.0));
    }
    crate::exact::delta(&Mechanism::Gaussian { noise_multiplier: 1.0 / mu, sensitivity: 1.0 }, 1, eps, prec).map(|iv| {
        // σ = 1/μ is rounded; δ_μ is increasing in μ, so widen by the neighbours of σ.
        let lo = crate::exact::delta(&Mechanism::Gaussian { noise_multiplier: (1.0 / mu).next_up(), sensitivity: 1.0 }, 1, eps, prec).map(|d| d.lower).unwrap_or(0.0);
        let hi = crate::exact::delta(&Mechanism::Gaussian { noise_multiplier: (1.0 / mu).next_down(), sensitivity: 1.0 }, 1, eps, prec).map(|d| d.upper).unwrap_or(1.0);
        Interval { lower: lo.min(iv.lower), upper: hi.max(iv.upper) }
    })
}

/// Compare a certified profile with `δ_μ` on the grid `ε_j = j·ε_max/N`, `N =` [`GDP_GRID`].
///
/// * Violation at `ε_j` when `δ_L(ε_j) > δ_μ,U(ε_j)·(1+κ)`; the witness is the largest ratio.
/// * Proof on `[ε_j, ε_{j+1}]` when `δ_U(ε_j) ≤ δ_μ,L(ε_{j+1})`: both functions are
///   non-increasing, so for ε in the cell `δ(ε) ≤ δ(ε_j) ≤ δ_μ(ε_{j+1}) ≤ δ_μ(ε)`.
pub fn gdp_profile_check(mu: f64, profile: &dyn Fn(f64) -> Result<Interval>, eps_max: f64, prec: u32, tolerance: f64) -> Result<GdpCheck> {
    let n = GDP_GRID;
    let grid: Vec<f64> = (0..=n).map(|j| eps_max * j as f64 / n as f64).collect();
    let mut truth = Vec::with_capacity(n + 1);
    let mut gdp = Vec::with_capacity(n + 1);
    for &e in &grid {
        truth.push(profile(e)?);
        gdp.push(gdp_delta(mu, e, prec)?);
    }
    let mut witness: Option<(f64, usize)> = None;
    for j in 0..=n {
        if truth[j].lower > gdp[j].upper * (1.0 + tolerance) {
            let ratio = if gdp[j].upper > 0.0 { truth[j].lower / gdp[j].upper } else { f64::INFINITY };
            if witness.is_none_or(|(r, _)| ratio > r) {
                witness = Some((ratio, j));
            }
        }
    }
    let unproven = (0..n).filter(|&j| truth[j].upper > gdp[j + 1].lower).count();
    let witness = match witness {
        None => None,
        Some((_, j)) => Some(GdpWitness { epsilon: grid[j], true_delta_lower: truth[j].lower, gdp_delta_upper: gdp[j].upper, mu_lower: mu_lower_at(mu, grid[j], truth[j].lower, prec)? }),
    };
    let proven = unproven == 0 && witness.is_none();
    Ok(GdpCheck { witness, proven, unproven })
}

/// The largest μ' ≥ μ found (bisection, 60 steps) with `δ_{μ'},U(ε) < d`: every μ-GDP bound
/// that holds at ε has μ > μ', so μ' is a certified lower bound on the true μ.
fn mu_lower_at(mu: f64, eps: f64, d: f64, prec: u32) -> Result<f64> {
    let below = |m: f64| -> Result<bool> { Ok(gdp_delta(m, eps, prec)?.upper < d) };
    let mut lo = mu;
    let mut hi = if mu > 0.0 { 2.0 * mu } else { 1.0 };
    let mut k = 0;
    while below(hi)? {
        lo = hi;
        hi *= 2.0;
        k += 1;
        if k > 60 {
            return Ok(lo);
        }
    }
    for _ in 0..60 {
        let mid = 0.5 * (lo + hi);
        if below(mid)? {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(lo)
}

#[cfg(test)]
#[path = "kinds_eval_test.rs"]
mod tests;
