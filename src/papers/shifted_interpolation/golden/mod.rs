//! Golden files of *Shifted Interpolation for DP* (`golden/shifted_interpolation/*.csv`), one file
//! per result (or per pair of results sharing inputs). Stored values come from the closed forms
//! written once generic over [`Real`] (the production formulas of this folder) evaluated in
//! 256-bit MPFR, or from a literal 256-bit evaluation where the production code is f64-only
//! (brute-force window minimisation, the GDP profile). Routes: `exact` = the 256-bit oracle;
//! `f64` = the production functions (upper bounds rounded up by ≤ 32 ulps, hence the tolerances
//! `rel:1e-13`); `fft` = not applicable (closed forms). Independent anchors: mpmath at 60 digits
//! by `golden/anchors/shifted_interpolation/anchors.py`, plus the spec's worked numbers and the
//! paper's printed tables.

use crate::error::Result;
use crate::num::{Mp, Real};
use crate::papers::golden_table::helpers::{mp, points, read, rows_of};
use crate::papers::golden_table::{Generator, Inputs, Route, RouteValue};
use crate::papers::shifted_interpolation as si;

pub mod appendix_a;
pub mod appendix_c;
pub mod noisy_gd;
pub mod noisy_cgd;
pub mod langevin;
pub mod subsampled;
pub mod noisy_sgd;

/// Every golden file of the paper.
pub const ALL: [Generator; 16] = [
    appendix_a::LEMMA_A_3_A_4,
    appendix_c::LEMMA_C_6,
    appendix_c::LEMMA_C_8,
    appendix_c::LEMMA_C_10,
    appendix_c::LEMMA_C_11,
    noisy_gd::THM_4_1_4_2,
    noisy_gd::THM_4_3,
    noisy_cgd::THM_4_4_4_5,
    noisy_cgd::THM_4_6,
    langevin::SECTION_5,
    langevin::COR_5_4,
    subsampled::DEF_4_7,
    subsampled::LEMMA_A_5,
    noisy_sgd::THM_4_8,
    noisy_sgd::THM_4_9,
    noisy_sgd::THM_4_10,
];


/// A non-negative integer input column (counts: steps, epochs, batch sizes).
fn count(inp: &Inputs, name: &str) -> Result<u64> {
    let x = inp.num(name)?;
    if x >= 0.0 && x.fract() == 0.0 && x < 9.0e15 {
        Ok(x as u64)
    } else {
        Err(inp.error(format!("column '{name}': {x} is not a non-negative integer")))
    }
}


/// `(argmin, min)` of `f(k)` over `k ∈ {1, …, max}` by brute force at 256 bits (ties: smaller k).
fn brute_min(max: u64, f: impl Fn(u64) -> Mp) -> (u64, Mp) {
    let mut best = (1, f(1));
    for k in 2..=max {
        let v = f(k);
        if v < best.1 {
            best = (k, v);
        }
    }
    best
}

/// The `ε ≥ 0` with `ln δ(ε) = ln δ` for a decreasing `ln δ(·)` given at 256 bits, by bisection
/// on f64 midpoints to adjacent f64s; the upper one (the ε to report). `ln δ(0) ≤ ln δ` gives 0.
fn eps_at_delta(ln_delta: impl Fn(f64) -> Mp, delta: f64) -> f64 {
    let target = mp(delta).ln();
    if ln_delta(0.0) <= target {
        return 0.0;
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while ln_delta(hi) > target {
        lo = hi;
        hi *= 2.0;
    }
    loop {
        let mid = lo + 0.5 * (hi - lo);
        if mid <= lo || mid >= hi {
            return hi;
        }
        if ln_delta(mid) > target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
}
