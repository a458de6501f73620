//! Certified FFT privacy-loss-distribution accountant (foundations spec §4).
//!
//! Pipeline, one file per step:
//!
//! ```text
//! discretise.rs  one-step range; Connect-the-Dots upper and privacy-bucket objects (§4.2)
//! merge.rs       tight lower object by merging loss cells (post-processing + rounding down)
//! pmf.rs         the discrete PLD type (grid, masses, mass at +∞), built from tail sums
//! window.rs      Chernoff windows and tails: continuous (a priori) and discrete (certified) (§4.4)
//! compose.rs     FFT composition, aliasing, infinite mass, floating-point error (§4.3, §4.5, §4.6)
//! tilt.rs        exponentially tilted composition: error relative to δ where δ is small (issue 13)
//! curve.rs       certified δ(ε) and ε(δ) of a composed object (§4.7 step 7)
//! schedule.rs    error model and a-priori ε estimate of the automatic grid choice
//! certify.rs     CertifiedPld, automatic grid choice, public entry points
//! options.rs     PldOptions, PldDiagnostics
//! ```
//!
//! **Guarantee.** Every returned interval contains the true value for the composition of the
//! given mechanisms (add/remove adjacency; both directions composed separately and maximised at
//! the end, §1.3 item 2), provided (i) each f64 evaluation of a one-step `cdf`/`sf`/`delta` is
//! within relative `PldOptions::eval_rel_err` (default 1e−13) of the exact value, and (ii) the
//! FFT obeys the error model documented in `compose.rs` (Higham-type bound with a safety
//! factor). Upper ends are rounded towards more privacy loss, lower ends towards less, at every
//! step; each place where a direction is chosen is commented.
//!
//! **Accuracy and grid choice.** The upper object is pessimistic Connect-the-Dots (§4.2b); the
//! lower object merges loss cells so that each merged atom sits just above a grid point
//! (`merge.rs`), instead of rounding every loss down as privacy buckets do. Both errors are of
//! second order in the grid step `h` (no `T·h` drift), so `h` is chosen by a coarse pass
//! followed by extrapolation with the observed order (2 for smooth losses, down to 1 when atoms
//! are rounded), until `ε_U − ε_L ≤ eps_rel_accuracy·ε` (or `δ_U − δ_L ≤ delta_rel_accuracy·δ_U`).
//! Every pass is certified and the intersection of all passes is returned.
//!
//! **Small δ.** The FFT's certified floating-point bound is absolute (≈ `T·u·log₂N` times the
//! bulk mass, `compose.rs`), so it swamps δ ≲ 1e−8. When it exceeds 1e−3 of δ at the query, a
//! pass adds, for that direction, a composition of the *exponentially tilted* per-step objects
//! (same grid, no new discretisation, one more FFT; θ at the saddle point of the queried ε),
//! whose error after untilting is relative to the Chernoff scale `e^{K − θε}` (`tilt.rs`, with
//! the proof). Both pairs of curves are certified at every ε; each direction keeps their
//! intersection. Privacy buckets
//! ([`Discretisation::PrivacyBuckets`]) remain available (interval width ≈ `T·h`).
//!
//! **Large T.** At fixed relative accuracy the grid grows like √T (`certify::auto`); for the
//! Gaussian and the subsampled Gaussian at T ≳ 10⁴, [`crate::cf`] (characteristic-function
//! inversion, certified, cost flat in T) is faster and far narrower.
//!
//! ```no_run
//! use dpaudit::mechanisms::Mechanism;
//! use dpaudit::pld::{epsilon_interval, PldOptions};
//! let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
//! let (eps, diag) = epsilon_interval(&[(sgm, 1000)], 1e-5, &PldOptions::default()).unwrap();
//! assert!(eps.contains(1.82824));
//! println!("{eps} with h = {}, N = {}", diag.grid_step, diag.fft_len);
//! ```

pub mod certify;
pub mod compose;
pub mod curve;
pub mod discretise;
pub mod fdp_compose;
pub mod merge;
pub mod options;
pub mod pmf;
pub mod schedule;
pub mod tilt;
pub mod window;

pub use certify::{compose_losses, compose_mechanisms, delta_interval, delta_interval_losses, epsilon_interval, epsilon_interval_losses, CertifiedPld, LossStep};
pub use fdp_compose::{compose_fdp, delta_interval_fdp, epsilon_interval_fdp, FdpFactor};
pub use options::{DirectionDiagnostics, Discretisation, PassRecord, PldDiagnostics, PldOptions, TiltDiagnostics};
pub use pmf::DiscretePld;

#[cfg(test)]
mod discretise_test;
#[cfg(test)]
mod certify_test;
#[cfg(test)]
mod invariants_test;
#[cfg(test)]
mod fdp_compose_test;
#[cfg(test)]
mod tilt_test;
