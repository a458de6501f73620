//! Directional privacy curves: certified intervals for both hockey-stick directions of a
//! dominating pair (foundations spec §1.1–§1.2). Lifted from the model-merging paper (its
//! Theorem 5.2, Yin–Zaheer–Li 2026, takes one such curve per model) so that every curve type can
//! pass the shared conformance checks; `papers::model_merging::random_selection_pld` re-exports it.

use crate::error::Result;
use crate::num::Interval;

/// Certified intervals containing `H_{e^ε}(P‖Q)` ("forward", add/remove Remove direction) and
/// `H_{e^ε}(Q‖P)` ("reverse", Add) of a dominating pair `(P, Q)`.
///
/// Contract for implementors (checked by `tests/conformance`): both intervals lie in `[0, 1]`
/// with `lower ≤ upper`; they are consistent with a profile non-increasing in ε; an exact pair
/// (not a symmetrised table) also satisfies the direction identity
/// `H_γ(P‖Q) = 1 − γ + γ H_{1/γ}(Q‖P)` (from the definition in foundations §1.1).
pub trait DirectionalCurve: Send + Sync + std::fmt::Debug {
    fn describe(&self) -> String;
    /// Interval containing `H_{e^ε}(P‖Q)`.
    fn h_forward(&self, eps: f64) -> Result<Interval>;
    /// Interval containing `H_{e^ε}(Q‖P)`.
    fn h_reverse(&self, eps: f64) -> Result<Interval>;
}
