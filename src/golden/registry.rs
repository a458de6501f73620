//! The registry of golden files: for each file, the function that generates its rows with the
//! MPFR oracle (`dpaudit golden regen`) and the function that recomputes its compared columns by
//! each route (`dpaudit golden check`).

pub use crate::papers::golden_table::{Generator, Inputs, Route, RouteValue, GOLDEN_PREC};
use std::sync::OnceLock;

/// Every registered golden file: the paper-independent files, then each paper's
/// ([`crate::papers::Paper::golden_tables`], papers in [`crate::papers::ALL`] order).
pub fn generators() -> &'static [Generator] {
    use super::gen_profiles::{GAUSSIAN_PROFILE, LAPLACE_PROFILE, RR_PROFILE, SGM_ONE_STEP};
    use super::gen_rdp_epsilon::{GAUSSIAN_EPSILON, SGM_RDP};
    static ALL: OnceLock<Vec<Generator>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut v = vec![GAUSSIAN_PROFILE, LAPLACE_PROFILE, RR_PROFILE, SGM_ONE_STEP, SGM_RDP, GAUSSIAN_EPSILON];
        for p in crate::papers::ALL {
            v.extend_from_slice(p.golden_tables());
        }
        v
    })
}

/// The generator for a file name, if registered.
pub fn find(file: &str) -> Option<&'static Generator> {
    generators().iter().find(|g| g.file == file)
}
