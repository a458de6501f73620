//! The discretisation-error model of the automatic grid choice (`certify.rs`, `auto`) and the
//! a-priori estimate that sizes its first pass. Nothing here affects soundness: every pass is
//! certified, the model only decides which grid steps are tried.

use super::options::Discretisation;
use super::window::{continuous_cgf_up, continuous_epsilon_hi};
use crate::mechanisms::PrivacyLoss;

/// A-priori scale of the queried ε(δ) of one direction, from the continuous cumulants `K_i` of
/// the per-step losses (`PrivacyLoss::ln_mgf`, completed by convexity and the support,
/// `window.rs`).
///
/// * `eps`, `lambda`: the RDP-to-DP upper bound on ε(δ) and its optimal λ = α − 1
///   ([`continuous_epsilon_hi`], Canonne, Kamath & Steinke 2020, Prop. 12). For the subsampled
///   Gaussian `ln_mgf` exists at integer λ only (chords in between), so `lambda` is an integer
///   ≥ 1 there and `eps` over-estimates ε(δ): by 15 % at ε ≈ 1.8, 30 % at ε ≈ 140.
/// * `var`: `v = Σ_i T_i K_i(1)` (`= T·D₂(P‖Q)`), the composed loss's variance for a Gaussian
///   PLD (`K(λ) = λ(λ+1)v/2`).
///
/// Cost: 81 + 1 evaluations of each distinct per-step cumulant (closed forms), microseconds
/// against `O(N log N)` for one composition; no discretisation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Apriori {
    pub eps: f64,
    pub lambda: f64,
    pub var: f64,
}

impl Apriori {
    /// The estimate of one direction; `None` when a cumulant needed is not finite or ε ≤ 0.
    pub fn of_direction(parts: &[(&dyn PrivacyLoss, u64)], delta: f64) -> Option<Apriori> {
        let (eps, lambda) = continuous_epsilon_hi(parts, delta);
        let var: f64 = parts.iter().map(|(p, t)| *t as f64 * continuous_cgf_up(*p, 1.0)).sum();
        (eps.is_finite() && eps > 0.0 && lambda > 0.0 && var.is_finite() && var > 0.0).then_some(Apriori { eps, lambda, var })
    }

    /// `g(ε) = min((λ + 1)/2, 1/4 + ε/(2v))`, the sensitivity `∂ε/∂v` of ε(δ) to extra variance
    /// of the composed loss ([`ErrorModel`]).
    pub fn g(&self, eps: f64) -> f64 {
        (0.5 * (self.lambda + 1.0)).min(0.25 + eps / (2.0 * self.var))
    }

    /// `ε/g(ε)` at the a-priori ε: the target width `acc·ε` is met at `h² ∝ acc·ε/(C·T·g)`, so a
    /// smaller value means a finer step (used to pick the direction).
    pub fn scale(&self) -> f64 {
        self.eps / self.g(self.eps)
    }
}

/// The model of the composed ε interval width that the discretisation alone causes at step `h`.
///
/// **Connect-the-Dots + merging** (second order): each step's discretisation acts on the
/// composed δ(ε) like an extra variance `≈ c·h²` of the composed loss (mass split between two
/// neighbouring grid points), `T·c·h²` in all. For a Gaussian PLD `N(v/2, v)` at δ ≈ e^{−z²/2},
/// `ε = v/2 + z√v`, so `∂ε/∂v = 1/4 + ε/(2v)`. In general (first order in Δv, extra variance Δv
/// with mean Δv/2 so the law stays a PLD): `Δδ(ε) = (Δv/2)·p_P(ε)` and `δ'(ε) = −e^ε Q(L > ε)`, so
/// `∂ε/∂v = ½·p_Q(ε)/Q(L > ε)`, half the hazard rate of the composed loss under `Q` at ε, which a
/// saddle-point approximation puts at `(λ* + 1)/2` (λ* the optimal Chernoff/RDP λ). Hence
///
/// ```text
/// width ≈ C · T · h² · g(ε),   g(ε) = min((λ + 1)/2, 1/4 + ε/(2v)),
/// ```
///
/// with `v` the composed variance and `λ` the RDP-optimal order − 1 ([`Apriori`]): for a
/// Gaussian PLD `(λ*+1)/2 = 1/4 + ε/(2v)` exactly (saddle point `λ* = ε/v − 1/2`); for the
/// heavy-tailed subsampled Gaussian at small q and δ, `1/4 + ε/(2v)` is far too large (v = T·K(1)
/// misses the tail) and `(λ+1)/2` is the right one; where λ* < 1, the chord cumulant makes the
/// computed λ = 1 and the Gaussian value is the smaller. Without an a-priori estimate the old
/// ε ≈ 1–2 calibration `width ≈ 1.2·T·h²` is used.
///
/// **Measured constant** (`examples/pld_width_model.rs` and `examples/hard_regime.rs`, release,
/// 2026-11-26; Poisson-subsampled Gaussian, ε(δ) width at the automatic step (first pass aimed at
/// 0.7 of the target) and at 2× and 4×
/// it, floor-dominated rows excluded). `width/(T·h²·g)` at the automatic step: 0.32 (q 0.01, σ 1,
/// T 10³, δ 1e−5, ε 1.83), 0.26 (q 0.1, σ 2, T 10⁴, δ 1e−6, ε 38.7), 0.31 (q 0.004, σ 1.1, T 10⁵,
/// ε 6.73), 0.30 (q 0.001, σ 0.8, T 10⁴, δ 1e−8, ε 1.48), 0.28 (q 0.01, σ 1, T 10⁶, ε 139); at 2×
/// the step 0.24–0.52 over ten workloads with ε from 1.0 to 139 (higher-order terms grow with
/// h). For comparison, over the same rows `width/(T·h²)` spans 0.20–2.0 and `width/(ε·T·h²)`
/// 0.0014–1.4: neither is a constant. [`C_CDM`] = 0.3 is the middle of the spread at the
/// automatic step; the a-priori ε over-estimates ε (16 % at ε = 1.83, 31 % at 139, 67 % at
/// δ = 1e−8, T = 10⁴), which adds margin where it matters least — at small δ the first pass can
/// still miss (q 0.001, σ 0.8, T 10⁴: 1.4× the target) and the measured-order refinement follows.
/// Nothing here is proven; the schedule only chooses which certified passes run.
///
/// **Privacy buckets** (first order): `width ≈ T·h`.
#[derive(Clone, Copy, Debug)]
pub struct ErrorModel {
    pub t: f64,
    pub disc: Discretisation,
    pub apriori: Option<Apriori>,
}

/// Constant `C` of the Connect-the-Dots model `width ≈ C·T·h²·g`, `g = min((λ+1)/2, 1/4 + ε/(2v))`.
pub const C_CDM: f64 = 0.3;

impl ErrorModel {
    pub fn new(t: u64, disc: Discretisation, apriori: Option<Apriori>) -> ErrorModel {
        ErrorModel { t: t.max(1) as f64, disc, apriori }
    }

    /// `width / h^p` at ε (`p` = [`ErrorModel::order`]).
    fn coefficient(&self, eps: f64) -> f64 {
        match (self.disc, self.apriori) {
            (Discretisation::ConnectDotsMerge, Some(a)) => C_CDM * self.t * a.g(eps),
            (Discretisation::ConnectDotsMerge, None) => 1.2 * self.t,
            (Discretisation::PrivacyBuckets, _) => self.t,
        }
    }

    /// Order `p` of the discretisation error (`width ∝ h^p`).
    pub fn order(&self) -> f64 {
        match self.disc {
            Discretisation::ConnectDotsMerge => 2.0,
            Discretisation::PrivacyBuckets => 1.0,
        }
    }

    /// Expected width at step `h` and ε.
    pub fn width(&self, h: f64, eps: f64) -> f64 {
        self.coefficient(eps) * h.powf(self.order())
    }

    /// Step at which the expected width is `frac·acc·ε`; `None` unless finite and positive.
    pub fn step(&self, eps: f64, acc: f64, frac: f64) -> Option<f64> {
        let h = (frac * acc * eps / self.coefficient(eps)).powf(1.0 / self.order());
        (h.is_finite() && h > 0.0).then_some(h)
    }
}

/// Coarsest useful first step for `t` composed steps without an a-priori estimate: a first pass
/// with `h > 0.3/√T` has a width of order 0.1 nat or more under the ε ≈ 1–2 calibration
/// (`1.2·T·h²`) and only tells the next pass to refine. With privacy buckets (`T·h`) the same
/// reasoning gives `0.1/T`.
pub fn probe_step_cap(t: u64, d: Discretisation) -> f64 {
    let t = (t.max(1)) as f64;
    match d {
        Discretisation::ConnectDotsMerge => 0.3 / t.sqrt(),
        Discretisation::PrivacyBuckets => 0.1 / t,
    }
}
