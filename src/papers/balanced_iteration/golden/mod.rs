//! Golden files of *Leveraging Randomness in Model and Data Partitioning*
//! (`golden/balanced_iteration/*.csv`). Stored values come from the paper folder's formulas written
//! once generic over [`crate::num::Real`], evaluated in 256-bit MPFR — except the exact forward term
//! on DP tables too large for a fast MPFR run (more than [`MP_DP_ENTRIES`] entries), whose stored
//! value is the same sum in f64 (nearest, log domain) and whose `exact` route is not applicable;
//! those rows rest on their independent anchors. Routes: `exact` = the 256-bit oracle; `f64` = the
//! production functions (upper bounds rounded up by an a-priori allowance, hence tolerances
//! `rel:1e-11`/`1e-12`); `fft` = not applicable (closed forms and exact sums). Independent anchors:
//! mpmath at 60 digits by `golden/anchors/balanced_iteration/anchors.py` (exact integer
//! polynomials, literal pair sums, quadrature), cross-checked against the spec's computed examples.

use crate::error::Result;
use crate::num::{Mp, Real};
use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::papers::golden_table::helpers::{mp, points, read, rows_of};
use crate::papers::golden_table::{Generator, Inputs, Route, RouteValue};

pub mod forward;
pub mod poisson;
pub mod conversion;
pub mod reverse;

/// Largest DP table (histograms × column totals) evaluated in MPFR by the golden oracle.
pub const MP_DP_ENTRIES: u64 = 2_000;

/// Every golden file of the paper.
pub const ALL: [Generator; 8] = [
    forward::LEMMA_3_12,
    forward::COROLLARY_3_14,
    poisson::THEOREM_3_11,
    conversion::PROPOSITION_2_3,
    reverse::THEOREM_3_1,
    reverse::APPLICATIONS,
    reverse::REVERSE_EXACT,
    reverse::GAUSSIANS,
];

/// A count input column (≥ 0, integral).
fn count(inp: &Inputs, name: &str) -> Result<u64> {
    let x = inp.num(name)?;
    if x >= 0.0 && x.fract() == 0.0 && x < 9.0e15 {
        Ok(x as u64)
    } else {
        Err(inp.error(format!("column '{name}': {x} is not a non-negative integer")))
    }
}

/// The pair of a row's `d, k, c, sigma` columns.
fn pair_of(x: &[f64]) -> Result<MixturePair> {
    MixturePair::new(x[0] as u64, x[1] as u64, x[2], x[3])
}

/// Is the exact forward term of this pair at order `alpha` cheap enough for the MPFR oracle?
fn mp_affordable(p: &MixturePair, alpha: u64) -> bool {
    let kk = p.k.min(p.d - p.k);
    if kk == 1 {
        return true;
    }
    let mut states: u64 = 1;
    for i in 0..kk {
        states = states * (alpha + kk - i) / (i + 1);
    }
    states * (alpha + 1) <= MP_DP_ENTRIES
}

/// The 256-bit prototype.
fn proto() -> Mp {
    mp(0.0)
}
