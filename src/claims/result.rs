//! The outcome of auditing one claim, as reported (JSON schema documented in `docs/claims.md`).

use super::kind::ClaimKind;
use super::verdict::Verdict;
use crate::num::Interval;
use serde::Serialize;

/// Which engine produced the certified intervals of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RouteKind {
    /// The output does not depend on the data (Poisson sampling with q = 0): δ(ε) = 0 for ε ≥ 0.
    Trivial,
    /// Closed form in MPFR ([`crate::exact`]).
    Exact,
    /// Certified FFT privacy-loss distribution ([`crate::pld`]).
    Fft,
    /// A pure-DP claim (δ = 0): decided by the largest privacy loss of the composed mechanism
    /// ([`super::route::pure_dp_intervals`]).
    #[serde(rename = "pure_dp")]
    PureDp,
    /// A shuffled event: a certified lower bound only ([`super::event_shuffle`]).
    #[serde(rename = "lower_bound")]
    LowerBound,
    /// A Rényi-DP claim ([`super::rdp_truth`]).
    Rdp,
    /// A GDP claim ([`super::kinds_eval`]).
    Gdp,
    /// A zCDP claim ([`super::kinds_eval`]).
    Zcdp,
}

impl RouteKind {
    pub fn name(&self) -> &'static str {
        match self {
            RouteKind::Trivial => "trivial",
            RouteKind::Exact => "exact",
            RouteKind::Fft => "fft",
            RouteKind::PureDp => "pure_dp",
            RouteKind::LowerBound => "lower_bound",
            RouteKind::Rdp => "rdp",
            RouteKind::Gdp => "gdp",
            RouteKind::Zcdp => "zcdp",
        }
    }
}

/// Monte Carlo evidence for an inconclusive row (never changes the verdict; `docs/claims.md`,
/// "Monte Carlo policy").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct McEvidence {
    /// Two-sided interval for δ(ε_claim), holding with probability ≥ `confidence` on its own.
    pub delta: Interval,
    pub confidence: f64,
    /// p-value of `H0: δ(ε_claim) ≤ δ_claim·(1 + κ)` (foundations §5.5).
    pub p_value: f64,
    /// Whether Holm's procedure over all Monte Carlo–tested rows rejects `H0` at family-wise
    /// level `1 − confidence`: then the claim is violated with false-alarm probability
    /// ≤ `1 − confidence` for the whole family.
    pub holm_rejected: bool,
    /// Number of rows in the Holm family.
    pub family_size: usize,
    pub samples: usize,
    pub seed: u64,
    pub method: String,
}

/// The audit of one claim.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimVerdict {
    pub id: String,
    pub accountant: String,
    /// CSV name of the mechanism.
    pub mechanism: String,
    pub noise_multiplier: f64,
    pub sensitivity: f64,
    pub sampling_rate: Option<f64>,
    pub steps: u64,
    /// Claimed ε and δ.
    pub epsilon: f64,
    pub delta: f64,
    pub verdict: Verdict,
    /// Certified interval for the true ε at the claimed δ.
    pub true_epsilon: Interval,
    /// Certified interval for the true δ at the claimed ε.
    pub true_delta: Interval,
    /// Claimed ε / upper true ε (`None` when that upper bound is 0 or infinite).
    pub tightness: Option<f64>,
    pub route: RouteKind,
    /// The certified method in words (precision, grid step, FFT length, passes).
    pub method: String,
    pub mc_evidence: Option<McEvidence>,
    /// Wall-clock seconds spent on this row (its share of a shared FFT composition included).
    pub seconds: f64,
    /// Remarks: refinement stopped by the time budget, floors reached, errors of an engine.
    pub notes: Vec<String>,
    /// Line of the row in the claims file.
    pub line: usize,
    /// What the row claims (issue 12).
    pub kind: ClaimKind,
    /// Certified interval of the true value of a divergence kind (ρ of `rdp` and `zcdp`, μ of
    /// `gdp`); `None` for the (ε, δ) kinds.
    pub kind_truth: Option<Interval>,
    /// Calibration rows: certified interval of the smallest noise multiplier that achieves the
    /// claimed (ε, δ).
    pub sigma_min: Option<Interval>,
}

impl ClaimVerdict {
    /// Calibration rows: `σ_claim/σ_min` enclosed (≥ 1 for a sound claim).
    pub fn sigma_tightness(&self) -> Option<Interval> {
        let s = self.sigma_min?;
        Some(Interval { lower: crate::num::round::div_down(self.noise_multiplier, s.upper), upper: crate::num::round::div_up(self.noise_multiplier, s.lower) })
    }
}
