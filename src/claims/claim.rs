//! One accountant claim: "the mechanism, composed `steps` times, is (ε, δ)-DP" (issue 4,
//! claims input format), with parameters validated once, at the boundary.

use super::event::{Adjacency, Event};
use super::kind::ClaimKind;
use crate::mechanisms::Mechanism;
use serde::Serialize;

/// A validated claim (one CSV row).
///
/// Invariants (enforced by [`super::parse`]): `id` non-empty and unique within its file,
/// `steps ≥ 1`, `epsilon` finite and `≥ 0`, `delta ∈ [0, 1)` (0: a pure-DP claim), and `mechanism` valid
/// (`σ > 0`, sensitivity `> 0`, `q ∈ [0, 1]`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Claim {
    /// The row's identifier (unique within the file).
    pub id: String,
    /// Free text naming the accountant (and version) that produced the claim.
    pub accountant: String,
    /// The mechanism, add/remove adjacency (Poisson subsampling for the subsampled Gaussian).
    pub mechanism: Mechanism,
    /// Number of self-compositions T ≥ 1.
    pub steps: u64,
    /// Claimed ε (finite, ≥ 0).
    pub epsilon: f64,
    /// Claimed δ ∈ [0, 1) (0: a pure-DP claim, decided by [`super::route::pure_dp_intervals`]).
    /// Both are 0 (and unused) for the kinds `rdp`, `gdp`, `zcdp`.
    pub delta: f64,
    /// What the row claims (issue 12): (ε, δ) (default), Rényi DP, GDP, zCDP or a calibration.
    pub kind: ClaimKind,
    /// 1-based line of the row in its file (for messages).
    pub line: usize,
    /// The row's event (column `event`, or a legacy row with adjacency `replace_one`), issue 12.
    /// `None`: the legacy event `steps × mechanism` under add/remove.
    pub event: Option<Box<ClaimEvent>>,
}

/// The event of a claim row and its adjacency (`docs/claims.md`, "Events").
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClaimEvent {
    pub event: Event,
    pub adjacency: Adjacency,
    /// True when `mechanism` and `steps` of the claim are an exactly equivalent legacy event
    /// (then the legacy routes decide the row); false for events composed by the FFT or bounded
    /// from below (then `mechanism` only names the first phase, for the report).
    pub legacy: bool,
}

impl Claim {
    /// The mechanism column of reports: the event's canonical text (with ` [replace_one]` under
    /// replace-one adjacency) for event rows, else [`Claim::mechanism_name`].
    pub fn mechanism_label(&self) -> String {
        match &self.event {
            Some(e) if e.adjacency == Adjacency::ReplaceOne => format!("{} [replace_one]", e.event.text),
            Some(e) => e.event.text.clone(),
            None => self.mechanism_name().to_string(),
        }
    }

    /// True when the row's event is not an equivalent legacy event (FFT composition of its
    /// phases or the shuffle lower bound decide it).
    pub fn is_composed_event(&self) -> bool {
        self.event.as_ref().is_some_and(|e| !e.legacy)
    }

    /// CSV name of the mechanism (`gaussian`, `laplace`, `poisson_subsampled_gaussian`,
    /// `randomized_response`).
    pub fn mechanism_name(&self) -> &'static str {
        match self.mechanism {
            Mechanism::Gaussian { .. } => "gaussian",
            Mechanism::Laplace { .. } => "laplace",
            Mechanism::RandomizedResponse { .. } => "randomized_response",
            Mechanism::PoissonSubsampledGaussian { .. } => "poisson_subsampled_gaussian",
        }
    }

    /// The noise multiplier S (noise scale / sensitivity).
    pub fn noise_multiplier(&self) -> f64 {
        match self.mechanism {
            Mechanism::Gaussian { noise_multiplier, .. }
            | Mechanism::Laplace { noise_multiplier, .. }
            | Mechanism::RandomizedResponse { noise_multiplier }
            | Mechanism::PoissonSubsampledGaussian { noise_multiplier, .. } => noise_multiplier,
        }
    }

    /// The sensitivity C (1 when the CSV field was empty; 1 for randomized response).
    pub fn sensitivity(&self) -> f64 {
        match self.mechanism {
            Mechanism::Gaussian { sensitivity, .. }
            | Mechanism::Laplace { sensitivity, .. }
            | Mechanism::PoissonSubsampledGaussian { sensitivity, .. } => sensitivity,
            Mechanism::RandomizedResponse { .. } => 1.0,
        }
    }

    /// The Poisson sampling rate q (subsampled Gaussian only).
    pub fn sampling_rate(&self) -> Option<f64> {
        match self.mechanism {
            Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } => Some(sampling_rate),
            _ => None,
        }
    }

    /// The mechanism whose privacy profile decides the claim: sensitivity set to 1 (the privacy
    /// loss depends only on the noise multiplier), and Poisson sampling at `q = 1` replaced by
    /// the Gaussian mechanism it equals (every record is always included, foundations §2.4 with
    /// `M_1 = N(1, σ²)`).
    pub fn privacy_mechanism(&self) -> Mechanism {
        match self.mechanism {
            Mechanism::Gaussian { noise_multiplier, .. } => Mechanism::Gaussian { noise_multiplier, sensitivity: 1.0 },
            Mechanism::Laplace { noise_multiplier, .. } => Mechanism::Laplace { noise_multiplier, sensitivity: 1.0 },
            Mechanism::RandomizedResponse { noise_multiplier } => Mechanism::RandomizedResponse { noise_multiplier },
            Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate: 1.0, .. } => {
                Mechanism::Gaussian { noise_multiplier, sensitivity: 1.0 }
            }
            Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate, .. } => {
                Mechanism::PoissonSubsampledGaussian { noise_multiplier, sensitivity: 1.0, sampling_rate }
            }
        }
    }
}
