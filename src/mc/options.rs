//! Options of a Monte Carlo run.

use super::stream::RunControl;
use super::tilt::Tilt;
use crate::error::{check, Error, Result};
use indicatif::ProgressBar;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Options of [`super::delta_interval`] and [`super::epsilon_interval`].
#[derive(Clone, Debug)]
pub struct McOptions {
    /// Replicates (independent draws of the composed loss `S`) per δ evaluation and direction,
    /// before the [`McOptions::max_draws`] cap. At least 100.
    pub samples: usize,
    /// Cap on elementary draws per evaluation: the replicates used are
    /// `min(samples, max(MIN_REPLICATES, max_draws / cost))`, where `cost` is the expected number
    /// of per-step draws of one replicate (1 for the exact Gaussian and randomized-response
    /// paths, ≈ T for per-step sampling). `0` disables the cap. The number actually used is
    /// reported in [`super::McEstimate::samples`].
    pub max_draws: u64,
    /// Two-sided confidence level `c ∈ (0, 1)`; the total error probability is `β = 1 − c`.
    pub confidence: f64,
    pub seed: u64,
    pub tilt: Tilt,
    /// Maximal number of δ evaluations per direction when inverting ε(δ) (≥ 2); the error
    /// probability is split evenly over all of them (union bound), whether used or not.
    pub max_evaluations: usize,
    /// Advanced by the number of replicates drawn (its length is increased as work is planned).
    pub progress: Option<ProgressBar>,
    /// When set (e.g. by a Ctrl-C handler), the run stops between chunks with
    /// [`Error::Interrupted`].
    pub interrupt: Option<Arc<AtomicBool>>,
}

/// Floor of the replicate count under the `max_draws` cap.
pub const MIN_REPLICATES: usize = 2_000;

impl Default for McOptions {
    /// 200 000 replicates, at most 2·10⁷ elementary draws per evaluation (≈ 20 000 replicates
    /// of a 1000-step per-step sampler), confidence 0.999, seed 0, tilting on, 6 evaluations per
    /// direction for ε(δ).
    fn default() -> Self {
        McOptions {
            samples: 200_000,
            max_draws: 20_000_000,
            confidence: 0.999,
            seed: 0,
            tilt: Tilt::Auto,
            max_evaluations: 6,
            progress: None,
            interrupt: None,
        }
    }
}

impl McOptions {
    /// Validate the options (errors name the bad value).
    pub fn validate(&self) -> Result<()> {
        check::unit_open("confidence", self.confidence)?;
        if self.samples < 100 {
            return Err(Error::invalid("samples", self.samples, "must be at least 100"));
        }
        if self.max_evaluations < 2 {
            return Err(Error::invalid("max_evaluations", self.max_evaluations, "must be at least 2"));
        }
        Ok(())
    }

    /// Replicates for a sampler of the given per-replicate cost.
    pub fn replicates(&self, cost: f64) -> usize {
        if self.max_draws == 0 {
            return self.samples;
        }
        let by_budget = (self.max_draws as f64 / cost.max(1.0)).floor() as usize;
        self.samples.min(by_budget.max(MIN_REPLICATES))
    }

    pub(crate) fn control(&self) -> RunControl<'_> {
        RunControl { progress: self.progress.as_ref(), interrupt: self.interrupt.as_deref() }
    }
}
