//! Audit points of *DP Model Merging* (spec `merging.md` §19, A1–A24, and one soundness point
//! "S-…" per result), each decided by computation; a failing computation becomes verdict
//! Inconclusive with the error in its evidence, never a panic.
//!
//! ```text
//! general.rs             Definition 2.1, Proposition 3.1, Theorem 6.1, Proposition 7.1; A8, A11, A12, A16, A18, A22, A23
//! random_selection.rs    Lemma 4.1, Theorem 4.2, Theorems 5.1/5.2, Algorithms 1/2; A9, A10, A19, A24
//! linear_combination.rs  Theorem 6.2, Algorithm 3; A2, A5, A13, A14, A15, A17, A20, A21
//! surrogate.rs           Lemma 6.3, Theorem 6.4, Corollary 6.5, Algorithm 4; A1, A3, A4, A6, A7
//! hidden_state.rs        A1: exact linear-Gaussian truth of the T-step merged mechanism
//! kinds.rs               what each point tests (bound or side claim) and its findings' kinds
//! ```

use crate::papers::{AuditPoint, Verdict};
use std::sync::atomic::AtomicBool;

pub mod general;
pub mod hidden_state;
pub mod kinds;
pub mod linear_combination;
pub mod random_selection;
pub mod surrogate;

/// Every audit point of the paper: those of [`general`], [`random_selection`],
/// [`linear_combination`] and [`surrogate`], annotated with what each tests and its findings
/// ([`kinds`]). Stops computing when `interrupt` is set (remaining points are returned as
/// Inconclusive "interrupted").
pub fn all_points(interrupt: &AtomicBool) -> Vec<AuditPoint> {
    let mut v = general::points(interrupt);
    v.extend(random_selection::points(interrupt));
    v.extend(linear_combination::points(interrupt));
    v.extend(surrogate::points(interrupt));
    kinds::annotate(&mut v);
    v
}

/// Worst verdict over the points that concern `result` (e.g. `"Theorem 6.1"`):
/// Counterexample > Inconclusive > Holds; no such point (or only NotAudited ones) → NotAudited.
pub fn verdict_for(points: &[AuditPoint], result: &str) -> Verdict {
    crate::papers::audit_point::worst_verdict(points, result)
}

