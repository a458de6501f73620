//! Audit points of the mixtures f-DP paper (spec §10): Section 4 ([`section_4`]), Tables 1, 2 and
//! Figure 3 ([`tables`]), Sections 3 and 6 ([`sections_3_6`]), Section 5 ([`section_5`]).

pub mod section_4;
pub mod section_5;
pub mod sections_3_6;
pub mod tables;

use crate::papers::AuditPoint;
use std::sync::atomic::{AtomicBool, Ordering};

/// Every audit point of the paper, in the order above, stopping (returning the points done) once
/// `interrupt` is set.
pub fn all_points(interrupt: &AtomicBool) -> Vec<AuditPoint> {
    let mut out = Vec::new();
    for points in [section_4::points, tables::points, sections_3_6::points, section_5::points] {
        if interrupt.load(Ordering::Relaxed) {
            break;
        }
        out.extend(points(interrupt));
    }
    out
}

#[cfg(test)]
mod section_5_test;
#[cfg(test)]
mod sections_3_6_test;
