//! Claims in, certified verdicts out (issue 4): is an accountant's `(ε, δ)` claim for a
//! composed mechanism sound, unsound, or undecidable within the time budget — and how tight?
//!
//! ```text
//! parse.rs     claims CSV → validated [`Claim`]s (Error::Parse naming file, line, column)
//! event*.rs    the events accountants compose (issue 12): model, parsing, dominating pairs, shuffle lower bound
//! route.rs     which certified engine decides a row (trivial / exact MPFR / FFT PLD)
//! exact_group.rs rows sharing (mechanism, steps) and a claimed δ or ε share one exact evaluation
//! fft_group.rs rows sharing (mechanism, steps) share one certified PLD; refinement levels
//! schedule.rs  items started in input order while the time budget lasts
//! engine.rs    rounds over rows and groups (rayon), deadline, Monte Carlo phase
//! verdict.rs   the decision rule from certified intervals
//! mc_check.rs  Monte Carlo evidence + Holm for rows left inconclusive (never changes a verdict)
//! report.rs    JSON, Markdown, text table
//! ```
//!
//! **Verdicts** (details in [`verdict`] and `docs/claims.md`): *unsound* only when a certified
//! lower bound of the true δ(ε_claim) exceeds δ_claim (or of the true ε(δ_claim) exceeds
//! ε_claim), by more than the relative numerical tolerance κ (default 1e−9); *sound* when a
//! certified upper bound is within the claim; *inconclusive* otherwise, after automatic
//! refinement (finer FFT grid, higher MPFR precision) within the time budget; *not_checked*
//! when the time budget ran out before the row's first certified pass started.
//!
//! ```no_run
//! use dpaudit::claims::{audit_claims, parse_claims, report, ClaimOptions};
//! let csv = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta\n\
//!            a,me,poisson_subsampled_gaussian,1.0,,0.01,1000,1.8,1e-5\n";
//! let claims = parse_claims(csv, "inline")?;
//! let verdicts = audit_claims(&claims, &ClaimOptions::default())?;
//! assert_eq!(verdicts[0].verdict.name(), "unsound"); // true ε ≈ 1.8282 (foundations §8.1)
//! println!("{}", report::to_table(&verdicts));
//! # Ok::<(), dpaudit::Error>(())
//! ```

pub mod calibration;
pub mod claim;
pub mod engine;
pub mod event;
pub mod event_loss;
pub mod event_parse;
pub mod event_shuffle;
pub mod exact_group;
pub mod fft_group;
pub mod junit;
pub mod kind;
pub mod kinds_eval;
pub mod margin;
pub mod mc_check;
pub mod options;
pub mod parse;
pub mod rdp_truth;
pub mod report;
pub mod result;
pub mod route;
pub mod schedule;
pub mod verdict;

#[cfg(test)]
mod event_test;
#[cfg(test)]
mod exact_group_test;
#[cfg(test)]
mod parse_test;
#[cfg(test)]
mod pure_dp_test;
#[cfg(test)]
mod schedule_test;
#[cfg(test)]
mod verdict_test;

pub use claim::Claim;
pub use kind::ClaimKind;
pub use engine::audit_claims_with;
pub use options::ClaimOptions;
pub use parse::{parse_claims, read_claims, COLUMNS};
pub use result::{ClaimVerdict, McEvidence, RouteKind};
pub use verdict::Verdict;

use crate::error::Result;

/// Audit every claim with no interruption flag (see [`audit_claims_with`]). This is the entry
/// point for the audit engine: results in input order, one [`ClaimVerdict`] per claim.
pub fn audit_claims(claims: &[Claim], opts: &ClaimOptions) -> Result<Vec<ClaimVerdict>> {
    audit_claims_with(claims, opts, &std::sync::atomic::AtomicBool::new(false))
}
