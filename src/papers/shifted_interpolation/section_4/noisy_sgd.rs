//! Section 4.3 of Bok, Su, Altschuler 2024, "Shifted Interpolation for Differential Privacy":
//! NoisySGD (batches of size `b` sampled without replacement, `p = b/n`, `t` steps, only the last
//! iterate released). Theorems 4.8, 4.9, 4.10 (shifted_interpolation spec §6).
//!
//! Every theorem is a trade-off function built from `C_p(G_·)` factors (Definition 4.7,
//! [`crate::repr::subsampling`]) and one Gaussian; it is evaluated by [`super::composed`] — the
//! closed form of one step or of an all-Gaussian composition where it applies, otherwise
//! **certified numerical composition** ([`crate::pld::fdp_compose`]): each ε or δ is an interval
//! `[lower, upper]` containing the exact value of the stated trade-off function, and `upper` is
//! the number to report (guarantee *upper*). The CLT surrogates (Lemma A.5) are **estimates** and are only used
//! to choose the analysis parameter `K` (or `ν`); every `K` gives a valid bound.
//!
//! Parameters: `r = L/(bσ)` (per-step sensitivity-to-noise ratio, replace-one `L`, spec §1.2),
//! `c` contraction factor (§1.3), `D` diameter, `η` learning rate, `σ` noise rate.

use super::composed::{self, Composed, Query};
use crate::error::{check, Error, Result};
use crate::num::round::{mul_up, widen_up};
use crate::num::Interval;
use crate::pld::{FdpFactor, PldOptions};
use crate::repr::subsampling::clt_kappa;
use crate::repr::SubsampledGdp;

/// The sampling rate, `p ∈ (0, 1]`. Errors name the value.
fn check_p(p: f64) -> Result<f64> {
    if p > 0.0 && p <= 1.0 { Ok(p) } else { Err(Error::invalid("sampling rate p = b/n", p, "must lie in (0, 1]")) }
}
/// `r = L/(bσ)`, finite and > 0.
fn check_r(r: f64) -> Result<f64> {
    check::positive("sensitivity-to-noise ratio r = L/(b sigma)", r)
}
/// Contraction factor of Theorem 4.9: `c ∈ (0, 1)` (strong convexity).
fn check_c_strict(c: f64) -> Result<f64> {
    if c > 0.0 && c < 1.0 { Ok(c) } else { Err(Error::invalid("contraction factor c", c, "must lie in (0, 1) for Theorem 4.9 (strongly convex); for c = 1 use Theorem 4.10 or 4.8")) }
}

/// Theorem 4.8 (composition baseline; spec §6.1): NoisySGD is `C_p(G_r)^{⊗t}`-DP. Exact for
/// `t = 1` (one-step instance: gradients 0 vs `L v` on the differing datum). Returns the factors.
/// Errors: p ∉ (0, 1], r ≤ 0, t = 0.
pub fn thm_4_8_factors(p: f64, r: f64, t: u64) -> Result<Vec<(FdpFactor, u64)>> {
    let (p, r) = (check_p(p)?, check_r(r)?);
    check::at_least_one("number of steps t", t)?;
    Ok(vec![(FdpFactor::SubsampledGaussian { p, mu: r }, t)])
}

/// Theorem 4.8: certified `ε(δ)` or `δ(ε)` of `C_p(G_r)^{⊗t}` ([`super::composed`]: at `t = 1`
/// the closed form of Definition 4.7, exact up to its MPFR enclosure; at `p = 1` the Gaussian
/// `G_{r√t}`; otherwise the certified FFT at `opts`' width). Guarantee *upper*: report
/// `.interval.upper`. Errors as [`thm_4_8_factors`]; δ ∉ (0, 1) or ε not finite.
pub fn thm_4_8(p: f64, r: f64, t: u64, q: Query, opts: &PldOptions) -> Result<Composed> {
    composed::query(&thm_4_8_factors(p, r, t)?, q, opts)
}

/// Theorem 4.8: the certified `ε(δ)` interval of [`thm_4_8`] (report `.upper`).
pub fn thm_4_8_epsilon(p: f64, r: f64, t: u64, delta: f64, opts: &PldOptions) -> Result<Interval> {
    Ok(thm_4_8(p, r, t, Query::Epsilon { delta }, opts)?.interval)
}

/// Theorem 4.8, `t = 1`: the exact one-step trade-off `C_p(G_r)` in closed form (spec §2.6).
pub fn thm_4_8_one_step(p: f64, r: f64) -> Result<SubsampledGdp> {
    SubsampledGdp::new(check_p(p)?, check_r(r)?)
}

/// **Estimate.** Theorem 4.8 through Lemma A.5: `μ ≈ √2 p √t √κ(r)` (the paper's "GDP
/// composition NoisySGD" column, spec §7.2). Not a bound (spec §9 item 1).
pub fn thm_4_8_clt_mu_estimate(p: f64, r: f64, t: u64) -> Result<f64> {
    thm_4_8_one_step(p, r)?.clt_mu_estimate(t)
}

/// The two readings of Theorem 4.9 (spec §6.2, §9 item 4).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Thm49Form {
    /// The authors' code (`gdp_clt_sc`): `C_p(G_{2r})^{⊗K} ⊗ G_{2√2 r (c^K − c^t)/(1 − c)}`.
    Code,
    /// Final step's noise split in equal halves: `C_p(G_{2r})^{⊗(K−1)} ⊗ C_p(G_{2√2 r}) ⊗
    /// G_{2√2 r (c^K − c^t)/(1 − c)}`.
    Conservative,
}

/// `(c^K − c^t)/(1 − c) = c^K (1 − c^{t−K})/(1 − c)` for `c ∈ (0, 1)`, `K ≤ t`, with
/// `1 − c^{t−K} = −expm1((t−K) ln c)` (no cancellation for c near 1, spec §9 item 15); rounded up.
fn geometric_gap(c: f64, k: u64, t: u64) -> f64 {
    let lc = c.ln();
    let num = -(((t - k) as f64) * lc).exp_m1();
    let ck = (k as f64 * lc).exp();
    // Direction: up (a larger gap is a larger Gaussian μ, a weaker guarantee); 8 ulps cover
    // exp, expm1, ln and the products.
    widen_up(ck * num / (1.0 - c), 8)
}

/// Validate the common inputs of Theorem 4.9.
fn thm_4_9_check(p: f64, r: f64, c: f64, t: u64, k: u64) -> Result<(f64, f64, f64)> {
    let (p, r, c) = (check_p(p)?, check_r(r)?, check_c_strict(c)?);
    check::at_least_one("number of steps t", t)?;
    if k == 0 || k > t {
        return Err(Error::invalid("window K of Theorem 4.9", k, &format!("must lie in 1..=t = {t}")));
    }
    Ok((p, r, c))
}

/// Theorem 4.9 (strongly convex, unconstrained; spec §6.2, *reconstructed*): for every
/// `K ∈ {1, …, t}` NoisySGD is `f_K`-DP with `f_K` of [`Thm49Form`]; the Gaussian factor has
/// `μ = 2√2 r (c^K − c^t)/(1 − c)` (rounded up). Hypotheses (not checked here): `m`-strongly
/// convex, `M`-smooth, `η ∈ (0, 2/M)`, contraction `c < 1`. Errors: p ∉ (0, 1], r ≤ 0,
/// c ∉ (0, 1), t = 0, K ∉ 1..=t.
pub fn thm_4_9_factors(p: f64, r: f64, c: f64, t: u64, k: u64, form: Thm49Form) -> Result<Vec<(FdpFactor, u64)>> {
    let (p, r, c) = thm_4_9_check(p, r, c, t, k)?;
    let s2r = mul_up(2.0 * r, std::f64::consts::SQRT_2).next_up();
    let gauss = FdpFactor::Gaussian { mu: mul_up(s2r, geometric_gap(c, k, t)) };
    let sub = FdpFactor::SubsampledGaussian { p, mu: 2.0 * r };
    let mut v = match form {
        Thm49Form::Code => vec![(sub, k)],
        Thm49Form::Conservative if k == 1 => vec![(FdpFactor::SubsampledGaussian { p, mu: s2r }, 1)],
        Thm49Form::Conservative => vec![(sub, k - 1), (FdpFactor::SubsampledGaussian { p, mu: s2r }, 1)],
    };
    if k < t {
        v.push((gauss, 1));
    }
    Ok(v)
}

/// Theorem 4.9 at a fixed `K`: certified `ε(δ)` or `δ(ε)` of `f_K` ([`super::composed`];
/// guarantee *upper*).
pub fn thm_4_9(p: f64, r: f64, c: f64, t: u64, k: u64, form: Thm49Form, q: Query, opts: &PldOptions) -> Result<Composed> {
    composed::query(&thm_4_9_factors(p, r, c, t, k, form)?, q, opts)
}

/// Theorem 4.9 at a fixed `K`: the certified `ε(δ)` interval of [`thm_4_9`].
pub fn thm_4_9_epsilon(p: f64, r: f64, c: f64, t: u64, k: u64, form: Thm49Form, delta: f64, opts: &PldOptions) -> Result<Interval> {
    Ok(thm_4_9(p, r, c, t, k, form, Query::Epsilon { delta }, opts)?.interval)
}

/// **Estimate.** The CLT surrogate of Theorem 4.9 (authors' `gdp_clt_sc`; spec §6.2):
/// `μ(K)² ≈ 2κ(2r)p²K + 8r²((c^K − c^t)/(1 − c))²`; conservative form: one `κ(2r)` replaced by
/// `κ(2√2 r)`. Used only to choose K.
pub fn thm_4_9_clt_mu_estimate(p: f64, r: f64, c: f64, t: u64, k: u64, form: Thm49Form) -> Result<f64> {
    let (p, r, c) = thm_4_9_check(p, r, c, t, k)?;
    let (k1, k2) = (clt_kappa(2.0 * r), clt_kappa(2.0 * std::f64::consts::SQRT_2 * r));
    let sub = match form {
        Thm49Form::Code => 2.0 * k1 * p * p * k as f64,
        Thm49Form::Conservative => 2.0 * p * p * (k1 * (k - 1) as f64 + k2),
    };
    let g = (c.powf(k as f64) - c.powf(t as f64)) / (1.0 - c);
    Ok((sub + 8.0 * r * r * g * g).sqrt())
}

/// **Estimate.** The integer `K ∈ 1..=t` minimising [`thm_4_9_clt_mu_estimate`] (a scan; the
/// surrogate is convex in K for t → ∞, spec §6.2) and its surrogate μ.
pub fn thm_4_9_best_k_clt(p: f64, r: f64, c: f64, t: u64, form: Thm49Form) -> Result<(u64, f64)> {
    let mut best = (t, thm_4_9_clt_mu_estimate(p, r, c, t, t, form)?);
    for k in 1..t {
        let m = thm_4_9_clt_mu_estimate(p, r, c, t, k, form)?;
        if m < best.1 {
            best = (k, m);
        }
    }
    Ok(best)
}

/// Ratio of the geometric grid of windows shortlisted by the CLT surrogate (`2^{1/4}`).
const GRID_RATIO: f64 = 1.189_207_115_002_721;
/// Windows certified by the `*_epsilon_best` searches: the CLT-optimal one, `t` (Theorem 4.9) or
/// 1 (Theorem 4.10), and the best two others of the geometric grid.
pub const MAX_CERTIFIED: usize = 4;

/// The windows to certify: `must` (kept, in order) and then the [`MAX_CERTIFIED`] − |must| points
/// of the geometric grid `{1, ⌈GRID_RATIO^j⌉, t}` of `1..=t` with the smallest CLT surrogate
/// `clt(K)` (an **estimate**, used only to choose; every window gives a valid bound).
fn shortlist(t: u64, must: &[u64], clt: impl Fn(u64) -> Result<f64>) -> Result<Vec<u64>> {
    let mut grid = vec![1u64, t];
    let mut x = 1.0f64;
    while x < t as f64 {
        x *= GRID_RATIO;
        grid.push((x.ceil() as u64).min(t));
    }
    grid.sort_unstable();
    grid.dedup();
    let mut scored = Vec::new();
    for k in grid.into_iter().filter(|k| !must.contains(k)) {
        scored.push((clt(k)?, k));
    }
    scored.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut out = must.to_vec();
    out.dedup();
    out.extend(scored.into_iter().map(|(_, k)| k).take(MAX_CERTIFIED.saturating_sub(out.len())));
    Ok(out)
}

/// The candidate with the smallest certified upper end (ties: the earlier candidate). A window
/// that cannot be certified (e.g. its Gaussian factor's μ is beyond what the accountant handles,
/// [`crate::pld::fdp_compose::MAX_FACTOR_MU`]) is skipped: every window gives a valid bound, so
/// the minimum over the others is still one. Errors: no window certified (the reasons, by
/// window); an interruption.
fn smallest_upper(what: &str, cands: &[u64], eval: impl Fn(u64) -> Result<Composed>) -> Result<(u64, Composed)> {
    let mut best: Option<(u64, Composed)> = None;
    let mut skipped = Vec::new();
    for &k in cands {
        match eval(k) {
            Ok(c) => {
                if best.as_ref().map_or(true, |(_, b)| c.interval.upper < b.interval.upper) {
                    best = Some((k, c));
                }
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) => skipped.push(format!("{what} = {k}: {e}")),
        }
    }
    best.ok_or_else(|| Error::Unsupported(format!("no window could be certified ({})", skipped.join("; "))))
}

/// Theorem 4.9 optimised over K. Every `f_K` is a valid bound, so the smallest certified upper
/// end over any set of K is an upper bound on ε(δ) of NoisySGD (guarantee *upper*). Search: the
/// CLT-optimal K ([`thm_4_9_best_k_clt`]), `K = t`, and the two points of the geometric grid
/// (ratio `2^{1/4}`) of `1..=t` with the smallest CLT surrogate are certified (≤ [`MAX_CERTIFIED`]
/// FFT compositions); the CLT is an estimate that can mis-rank windows (it underestimates the
/// subsampled factors), so certifying its neighbours can only lower the result. Returns the K
/// with the smallest certified upper end and its interval.
pub fn thm_4_9_epsilon_best(p: f64, r: f64, c: f64, t: u64, form: Thm49Form, delta: f64, opts: &PldOptions) -> Result<(u64, Interval)> {
    thm_4_9_best(p, r, c, t, form, Query::Epsilon { delta }, opts).map(|(k, c)| (k, c.interval))
}

/// Theorem 4.9 optimised over K for the query `q` (ε(δ) or δ(ε)): the windows of
/// [`thm_4_9_epsilon_best`], the smallest certified upper end. Windows that cannot be certified
/// are skipped (see `smallest_upper`); errors when none can.
pub fn thm_4_9_best(p: f64, r: f64, c: f64, t: u64, form: Thm49Form, q: Query, opts: &PldOptions) -> Result<(u64, Composed)> {
    let (k0, _) = thm_4_9_best_k_clt(p, r, c, t, form)?;
    let cands = shortlist(t, &[k0, t], |k| thm_4_9_clt_mu_estimate(p, r, c, t, k, form))?;
    smallest_upper("K", &cands, |k| thm_4_9(p, r, c, t, k, form, q, opts))
}

/// Parameters of Theorem 4.10: `D` diameter of the constraint set, `η` learning rate, `σ` noise
/// rate (the noise on the iterate is `ησ`), `θ ∈ (0, 1)` share of each window step's noise
/// variance paid for the subsampled part (the statement uses `θ = 1/2`, the paper's figure 9/10).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Constrained {
    pub d: f64,
    pub eta: f64,
    pub sigma: f64,
    pub theta: f64,
}

impl Constrained {
    /// The statement's split `θ = 1/2`.
    pub fn half(d: f64, eta: f64, sigma: f64) -> Constrained {
        Constrained { d, eta, sigma, theta: 0.5 }
    }
    fn check(&self) -> Result<()> {
        check::positive("diameter D", self.d)?;
        check::positive("learning rate eta", self.eta)?;
        check::positive("noise rate sigma", self.sigma)?;
        if !(self.theta > 0.0 && self.theta < 1.0) {
            return Err(Error::invalid("noise split theta", self.theta, "must lie in (0, 1)"));
        }
        Ok(())
    }
}

/// Theorem 4.10 (convex, constrained; spec §6.3): for every `ν = t − τ ∈ {1, …, t}`, NoisySGD is
/// `C_p(G_{2r/√θ})^{⊗ν} ⊗ G_{D/(ησ√((1−θ)ν))}`-DP (`θ = 1/2`: `C_p(G_{2√2 r})^{⊗ν} ⊗
/// G_{√2 D/(ησ√ν)}`). Hypotheses (not checked): convex, `M`-smooth, `η ∈ (0, 2/M]`. Errors: p, r,
/// D, η, σ, θ out of range, t = 0, ν ∉ 1..=t.
pub fn thm_4_10_factors(p: f64, r: f64, k: &Constrained, t: u64, nu: u64) -> Result<Vec<(FdpFactor, u64)>> {
    let (p, r) = (check_p(p)?, check_r(r)?);
    k.check()?;
    check::at_least_one("number of steps t", t)?;
    if nu == 0 || nu > t {
        return Err(Error::invalid("window nu = t - tau of Theorem 4.10", nu, &format!("must lie in 1..=t = {t}")));
    }
    // Direction: every μ rounded up (a few ulps cover sqrt and the quotients).
    let mu_sub = widen_up(2.0 * r / k.theta.sqrt(), 4);
    let mu_g = widen_up(k.d / (k.eta * k.sigma * ((1.0 - k.theta) * nu as f64).sqrt()), 6);
    Ok(vec![(FdpFactor::SubsampledGaussian { p, mu: mu_sub }, nu), (FdpFactor::Gaussian { mu: mu_g }, 1)])
}

/// Theorem 4.10 at a fixed ν: certified `ε(δ)` or `δ(ε)` ([`super::composed`]; guarantee
/// *upper*).
pub fn thm_4_10(p: f64, r: f64, k: &Constrained, t: u64, nu: u64, q: Query, opts: &PldOptions) -> Result<Composed> {
    composed::query(&thm_4_10_factors(p, r, k, t, nu)?, q, opts)
}

/// Theorem 4.10 at a fixed ν: the certified `ε(δ)` interval of [`thm_4_10`].
pub fn thm_4_10_epsilon(p: f64, r: f64, k: &Constrained, t: u64, nu: u64, delta: f64, opts: &PldOptions) -> Result<Interval> {
    Ok(thm_4_10(p, r, k, t, nu, Query::Epsilon { delta }, opts)?.interval)
}

/// **Estimate.** CLT surrogate of Theorem 4.10 (authors' `gdp_clt_proj`; spec §6.3):
/// `μ(ν)² ≈ 2κ(2r/√θ)p²ν + D²/(η²σ²(1−θ)ν)`.
pub fn thm_4_10_clt_mu_estimate(p: f64, r: f64, k: &Constrained, t: u64, nu: u64) -> Result<f64> {
    thm_4_10_factors(p, r, k, t, nu)?;
    let kap = clt_kappa(2.0 * r / k.theta.sqrt());
    let g2 = k.d * k.d / (k.eta * k.eta * k.sigma * k.sigma * (1.0 - k.theta) * nu as f64);
    Ok((2.0 * kap * p * p * nu as f64 + g2).sqrt())
}

/// **Estimate.** The integer ν ∈ 1..=t minimising [`thm_4_10_clt_mu_estimate`], and its μ.
pub fn thm_4_10_best_nu_clt(p: f64, r: f64, k: &Constrained, t: u64) -> Result<(u64, f64)> {
    let mut best = (1, thm_4_10_clt_mu_estimate(p, r, k, t, 1)?);
    for nu in 2..=t {
        let m = thm_4_10_clt_mu_estimate(p, r, k, t, nu)?;
        if m < best.1 {
            best = (nu, m);
        }
    }
    Ok(best)
}

/// Theorem 4.10 optimised over ν (every ν is valid, so the smallest certified upper end is an
/// upper bound on ε(δ); guarantee *upper*). Search as [`thm_4_9_epsilon_best`]: the CLT-optimal
/// ν ([`thm_4_10_best_nu_clt`]), ν = t, and the two best points of the geometric grid by the CLT
/// surrogate are certified (≤ [`MAX_CERTIFIED`]).
pub fn thm_4_10_epsilon_best(p: f64, r: f64, k: &Constrained, t: u64, delta: f64, opts: &PldOptions) -> Result<(u64, Interval)> {
    thm_4_10_best(p, r, k, t, Query::Epsilon { delta }, opts).map(|(nu, c)| (nu, c.interval))
}

/// Theorem 4.10 optimised over ν for the query `q` (windows of [`thm_4_10_epsilon_best`];
/// windows that cannot be certified are skipped; errors when none can).
pub fn thm_4_10_best(p: f64, r: f64, k: &Constrained, t: u64, q: Query, opts: &PldOptions) -> Result<(u64, Composed)> {
    let (nu0, _) = thm_4_10_best_nu_clt(p, r, k, t)?;
    let cands = shortlist(t, &[nu0, t], |nu| thm_4_10_clt_mu_estimate(p, r, k, t, nu))?;
    smallest_upper("nu", &cands, |nu| thm_4_10(p, r, k, t, nu, q, opts))
}

#[cfg(test)]
#[path = "noisy_sgd_test.rs"]
mod noisy_sgd_test;
