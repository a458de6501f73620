//! Building one audit point of this paper from its deciding computation (shared by
//! `audit_points/mod.rs` and `audit_points/bounds.rs`).

use crate::papers::shifted_interpolation::PAPER;
use crate::error::Result;
pub use crate::papers::audit_point::Made;
use crate::papers::audit_point::make_point;
use crate::papers::{AuditPoint, Tested};

/// Build a point by running `make`; a failing computation becomes Inconclusive with the error
/// in the evidence and no findings (never a panic).
pub fn point(id: &str, results: &[&str], title: &str, tests: Tested, make: fn() -> Result<Made>) -> AuditPoint {
    make_point(PAPER, id, results, title, tests, make)
}
