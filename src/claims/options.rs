//! Options of a claims audit ([`super::audit_claims`]).

use crate::error::{check, Error, Result};
use indicatif::ProgressBar;

/// How hard to try, and how to judge.
#[derive(Clone, Debug)]
pub struct ClaimOptions {
    /// Family-wise confidence of the Monte Carlo evidence: Holm's procedure over every row that
    /// is tested by Monte Carlo runs at level `1 − confidence` (default 0.999). Certified verdicts
    /// do not depend on it.
    pub confidence: f64,
    /// Wall-clock seconds, counted from the start of the audit (default 60). The first certified
    /// pass of the rows is started in input order, each evaluation only before the end of the
    /// budget; rows not reached are reported [`super::Verdict::NotChecked`] (issue 14, F5).
    /// Refinement (4× MPFR precision, finer FFT levels) is started only if predicted to finish
    /// within the first 3/4 of it, Monte Carlo checks only before its end. A budget of 0 checks
    /// nothing but the trivial rows (q = 0), which need no computation.
    pub time_budget: f64,
    /// Relative numerical tolerance κ: a claim is called unsound only when a certified lower
    /// bound exceeds the claim by more than the factor `1 + κ` (ε or δ), foundations §5.5
    /// "separate numerical tolerance". Default 1e−9 (above the f64 noise of an accountant's
    /// own arithmetic, below any real bug). `sound` is never relaxed by κ.
    pub tolerance: f64,
    /// MPFR precision (bits) of the first exact evaluation (default 256); an undecided exact row
    /// is re-evaluated once at `4 ×` this precision.
    pub precision: u32,
    /// Relative ε accuracy of the first FFT pass (`PldOptions::eps_rel_accuracy`, default 1e−2).
    pub initial_accuracy: f64,
    /// Finest relative ε accuracy refinement aims for (default 1e−6); rows whose claim lies closer
    /// to the truth than this stay inconclusive.
    pub finest_accuracy: f64,
    /// Largest FFT length of a refinement pass (default 2^22).
    pub max_fft_len: usize,
    /// Whether inconclusive rows get a Monte Carlo check (default true).
    pub monte_carlo: bool,
    /// Replicates per Monte Carlo check (default 50 000; capped by `mc_max_draws` per-step draws).
    pub mc_samples: usize,
    /// Cap on elementary draws per Monte Carlo check (default 10^7).
    pub mc_max_draws: u64,
    /// Base seed of the Monte Carlo checks (row `i` uses its own stream label; default 0).
    pub seed: u64,
    /// Advanced by one per decided row (and per finished row at the end).
    pub progress: Option<ProgressBar>,
}

impl Default for ClaimOptions {
    fn default() -> Self {
        ClaimOptions {
            confidence: 0.999,
            time_budget: 60.0,
            tolerance: 1e-9,
            precision: 256,
            initial_accuracy: 1e-2,
            finest_accuracy: 1e-6,
            max_fft_len: 1 << 22,
            monte_carlo: true,
            mc_samples: 50_000,
            mc_max_draws: 10_000_000,
            seed: 0,
            progress: None,
        }
    }
}

impl ClaimOptions {
    /// Validate every field (typed error naming the bad value).
    pub fn validate(&self) -> Result<()> {
        check::unit_open("confidence", self.confidence)?;
        if self.time_budget.is_nan() || self.time_budget < 0.0 || self.time_budget.is_infinite() {
            return Err(Error::invalid("time budget", self.time_budget, "must be a finite number of seconds ≥ 0"));
        }
        if !(self.tolerance >= 0.0 && self.tolerance < 0.1) {
            return Err(Error::invalid("tolerance", self.tolerance, "must lie in [0, 0.1)"));
        }
        crate::num::mp::check_precision(self.precision)?;
        check::unit_open("initial accuracy", self.initial_accuracy)?;
        check::unit_open("finest accuracy", self.finest_accuracy)?;
        if self.finest_accuracy > self.initial_accuracy {
            return Err(Error::invalid("finest accuracy", self.finest_accuracy, "must not exceed the initial accuracy"));
        }
        if self.max_fft_len < 1024 {
            return Err(Error::invalid("max FFT length", self.max_fft_len, "must be at least 1024"));
        }
        if self.mc_samples < 100 {
            return Err(Error::invalid("Monte Carlo samples", self.mc_samples, "must be at least 100"));
        }
        Ok(())
    }
}
