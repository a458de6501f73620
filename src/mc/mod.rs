//! Monte Carlo engine: privacy profiles δ(ε) and ε(δ) of composed mechanisms from samples of
//! the privacy-loss random variable, with finite-sample confidence intervals (foundations §5).
//!
//! ## What is estimated
//! `δ(ε) = E_P[(1 − e^{ε−S})_+]` for the composed loss `S = Σ_{i≤T} L_i` under `P` (§1.5 items 1
//! and 7), per adjacency direction; the profile is the maximum over directions (§1.3).
//! Results are **estimates with a stated confidence** (`McEstimate::confidence`), not certified
//! bounds: they are reported separately from the exact and FFT intervals.
//!
//! ## Estimators and confidence methods (which is used where)
//! | situation | estimator | bound |
//! |---|---|---|
//! | tilt available and `B_λ < 1` (Gaussian; randomized response; Laplace; subsampled Gaussian both directions) | tilted weight `Y/B ∈ [0,1]` (§5.3) | empirical Bernstein, Maurer & Pontil 2009 Thm 4 ([`bounds::maurer_pontil_margin`]) |
//! | otherwise, or `Tilt::Off` | Bernoulli form `1{U < X}`, `X = (1 − e^{ε−S})_+` (§5.1) | Clopper–Pearson, exact ([`bounds::clopper_pearson_upper`]) |
//! | ε ≥ T·sup L, or constant loss | none | exact value |
//! | ε(δ) | inversion of one-sided δ bounds at ≤ `max_evaluations` points per direction | union bound ([`invert`]) |
//! | many checks | p-values ([`McEstimate::p_value_delta_exceeds`]) | [`holm`] / [`bonferroni`] (§5.5) |
//!
//! Hoeffding's bound is available in [`bounds`] but not used by default.
//! Two-sided intervals at confidence `c` use `β = 1 − c`, split evenly over the directions
//! (Bonferroni) and within a direction evenly over the two sides.
//!
//! ## Samplers (see [`sampler`])
//! Exact fast paths: Gaussian (`S ~ N(Tμ²/2, Tμ²)`, tilted `N((λ+½)Tμ², Tμ²)`), randomized
//! response (`S = ε0(2K − T)`, `K ~ Bin(T, π)`), subsampled Gaussian remove-direction tilt (the
//! Gaussian mixture `Σ w_k N(k, σ²)` at integer α). Otherwise `mechanism.loss(dir).sample` per
//! step, tilted by exact rejection for losses bounded above (Laplace, subsampled Gaussian add).
//!
//! ## Reproducibility
//! Bit-identical results for a given seed whatever the thread count ([`stream`]): fixed chunks
//! of [`stream::CHUNK`] replicates, one ChaCha8 stream per (seed, check label, chunk), chunks
//! combined in order. Each check (direction, ε or δ, evaluation index) has its own label, so
//! checks use independent streams.
//!
//! ## Cost control
//! [`McOptions::samples`] replicates per evaluation, capped by [`McOptions::max_draws`] per-step
//! draws (default 2·10⁷, i.e. 2·10⁴ replicates for T = 1000). Progress via an
//! `indicatif::ProgressBar`, interruption via an `AtomicBool` checked between chunks.
//!
//! ## Example
//! ```
//! use dpaudit::mc::{delta_interval, McOptions};
//! use dpaudit::mechanisms::Mechanism;
//! let g = Mechanism::from_name("gaussian", 1.0, None, None).unwrap();
//! let opts = McOptions { samples: 20_000, ..McOptions::default() };
//! let est = delta_interval(&g, 1, 1.0, &opts).unwrap();
//! assert!(est.interval.contains(0.12693673750664395)); // §8.3, holds with probability ≥ 0.999
//! ```

pub mod bounds;
pub mod estimate;
pub mod invert;
pub mod multiple;
pub mod options;
pub mod sampler;
pub mod stream;
pub mod summary;
pub mod tilt;
pub mod tilt_sgm;

#[cfg(test)]
mod bounds_test;
#[cfg(test)]
mod estimate_test;
#[cfg(test)]
mod invert_test;
#[cfg(test)]
mod multiple_test;
#[cfg(test)]
mod stream_test;
#[cfg(test)]
mod tilt_test;

pub use estimate::{delta_interval, McEstimate, McPart, PartStats};
pub use invert::epsilon_interval;
pub use multiple::{bonferroni, holm};
pub use options::McOptions;
pub use tilt::Tilt;
