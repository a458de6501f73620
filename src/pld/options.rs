//! Options and diagnostics of the certified PLD accountant.

use crate::error::{Error, Result};
use crate::mechanisms::Direction;
use crate::num::Interval;
use serde::{Deserialize, Serialize};

/// How each step is discretised (foundations §4.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Discretisation {
    /// Upper: pessimistic Connect-the-Dots (§4.2b); lower: cell merging (`merge.rs`). Both errors
    /// are of second order in `h`, so `h` can be ~100× coarser than with privacy buckets.
    ConnectDotsMerge,
    /// Privacy buckets rounded up / down (§4.2a): interval width ≈ `T·h` in ε.
    PrivacyBuckets,
}

/// Options of [`super::compose_mechanisms`], [`super::epsilon_interval`], [`super::delta_interval`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PldOptions {
    /// Target for ε(δ) queries: `ε_U − ε_L ≤ eps_rel_accuracy · ε` (default 1e−3).
    pub eps_rel_accuracy: f64,
    /// Target for δ(ε) queries: `δ_U − δ_L ≤ delta_rel_accuracy · δ_U` (default 1e−3); not
    /// reachable below the floating-point floor, which is then reported as the upper bound.
    pub delta_rel_accuracy: f64,
    /// Explicit grid step `h` (snapped down to a 16-bit significand); `None`: chosen automatically
    /// from the requested accuracy.
    pub grid_step: Option<f64>,
    /// Total tail budget τ (per-step truncation plus the two window tails, each a quarter);
    /// `None`: `min(1e−3·δ, 1e−12)` (for δ(ε) queries δ is first estimated).
    pub tail_budget: Option<f64>,
    /// Largest FFT length; when the window would need more, it is shortened (wider but still
    /// certified interval, flagged in the diagnostics). Default 2^24.
    pub max_fft_len: usize,
    /// Discretisation scheme (default [`Discretisation::ConnectDotsMerge`]).
    pub discretisation: Discretisation,
    /// δ used by [`super::compose_mechanisms`] to choose `h` when `grid_step` is `None`.
    pub reference_delta: f64,
    /// Assumed relative accuracy of each f64 evaluation of `cdf`/`sf`/`delta` of a one-step
    /// privacy loss (the evaluation-error model of `discretise.rs`). Default 1e−13.
    pub eval_rel_err: f64,
    /// Maximum number of automatic refinement passes (default 6).
    pub max_passes: usize,
    /// Stop with [`Error::Interrupted`] at the next pass or per-step discretisation once this token
    /// is set (a caller that stopped waiting: `crate::worker::run_cancellable`). Default: never.
    #[serde(skip)]
    pub cancel: crate::worker::Cancel,
}

impl Default for PldOptions {
    fn default() -> Self {
        PldOptions {
            eps_rel_accuracy: 1e-3,
            delta_rel_accuracy: 1e-3,
            grid_step: None,
            tail_budget: None,
            max_fft_len: 1 << 24,
            discretisation: Discretisation::ConnectDotsMerge,
            reference_delta: 1e-5,
            eval_rel_err: 1e-13,
            max_passes: 6,
            cancel: crate::worker::Cancel::default(),
        }
    }
}

impl PldOptions {
    /// Validate every field (typed error naming the bad value).
    pub fn validate(&self) -> Result<()> {
        let pos = |name: &str, x: f64| -> Result<()> {
            if x.is_finite() && x > 0.0 { Ok(()) } else { Err(Error::invalid(name, x, "must be a finite number > 0")) }
        };
        pos("eps_rel_accuracy", self.eps_rel_accuracy)?;
        pos("delta_rel_accuracy", self.delta_rel_accuracy)?;
        if let Some(h) = self.grid_step {
            pos("grid_step", h)?;
        }
        if let Some(t) = self.tail_budget {
            if !(t > 0.0 && t < 1.0) {
                return Err(Error::invalid("tail_budget", t, "must lie in (0, 1)"));
            }
        }
        if self.max_fft_len < 64 {
            return Err(Error::invalid("max_fft_len", self.max_fft_len, "must be at least 64"));
        }
        if !(self.reference_delta > 0.0 && self.reference_delta < 1.0) {
            return Err(Error::invalid("reference_delta", self.reference_delta, "must lie in (0, 1)"));
        }
        if !(self.eval_rel_err >= 0.0 && self.eval_rel_err < 1e-3) {
            return Err(Error::invalid("eval_rel_err", self.eval_rel_err, "must lie in [0, 1e-3)"));
        }
        if self.max_passes == 0 {
            return Err(Error::invalid("max_passes", 0, "must be at least 1"));
        }
        Ok(())
    }
}

/// Error terms of one composed direction (foundations §4.7 step 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DirectionDiagnostics {
    pub direction: Direction,
    /// Loss window `[a h, (a + N − 1) h]` held by the FFT.
    pub window: (f64, f64),
    /// Chernoff bounds on the composed finite mass below / above the window (upper object).
    pub tau_lo_upper: f64,
    pub tau_hi_upper: f64,
    /// Same for the lower object.
    pub tau_lo_lower: f64,
    pub tau_hi_lower: f64,
    /// Model bound on `‖c̃ − c‖₂` of the FFT result (η_fp = max(η₂√n, νn) for n bins above ε).
    pub eta_fp_l2: f64,
    /// Largest negative FFT entry magnitude (empirical noise floor ν).
    pub nu_negative: f64,
    /// Composed mass at +∞ of the upper / lower object.
    pub inf_mass_upper: f64,
    pub inf_mass_lower: f64,
    /// Σ window entries + mass at +∞ (≈ 1 − dropped mass), upper / lower object.
    pub total_mass_upper: f64,
    pub total_mass_lower: f64,
    /// Whether the FFT length cap forced a shorter window.
    pub window_capped: bool,
}

/// A tilted composition of one direction (`tilt.rs`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TiltDiagnostics {
    pub direction: Direction,
    /// The ε the tilt was chosen for (the tilted mean).
    pub target: f64,
    /// Tilt parameter θ.
    pub theta: f64,
    /// Loss window `[c h, top h]` read from the tilted FFT.
    pub window: (f64, f64),
    /// Length of the tilted FFT.
    pub fft_len: usize,
    /// Tilted-domain model bound on `‖c̃_θ − c_θ‖₂`.
    pub eta_fp_l2: f64,
    /// Upper bound on `K = Σ T_i κ_i` (untilting factor `e^{K − θx}`).
    pub ln_scale: f64,
}

/// One refinement pass of the automatic grid choice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PassRecord {
    pub grid_step: f64,
    pub fft_len: usize,
    /// The queried quantity's certified interval at this pass (ε or δ; `None` without a query).
    pub interval: Option<Interval>,
    pub seconds: f64,
}

/// Everything needed to judge a certified PLD result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PldDiagnostics {
    pub discretisation: Discretisation,
    /// Grid step h of the final pass.
    pub grid_step: f64,
    /// FFT length N of the final pass (largest over directions).
    pub fft_len: usize,
    /// Total tail budget τ used.
    pub tail_budget: f64,
    /// Whether the accuracy target was met (always true with an explicit grid step).
    pub target_met: bool,
    /// Whether the FFT length cap limited the result.
    pub fft_len_capped: bool,
    pub passes: Vec<PassRecord>,
    pub directions: Vec<DirectionDiagnostics>,
    /// Tilted compositions added for small δ (`tilt.rs`), one per direction that needed one.
    #[serde(default)]
    pub tilts: Vec<TiltDiagnostics>,
    /// Human-readable remarks (cap reached, floor-dominated, …).
    pub notes: Vec<String>,
}
