//! Golden files of *DP Model Merging* (`golden/model_merging/*.csv`), one file per numbered result
//! (or a result with its algorithm). Each file's values are generated at 256-bit MPFR by a route
//! written here, independently of the f64 production code where that is cheap (literal closed
//! forms, log-sum-exp, GDP profile), or by the production formula generic over `Real` evaluated at
//! 256 bits (quadratures). Routes: `exact` = the same 256-bit evaluation; `f64` = the production
//! functions in `crate::papers::model_merging`; `fft` = the certified FFT accountant where the
//! result is a PLD composition (the stored value is then a closed form of a case that has one).
//!
//! Tolerances: `rel:1e-12` on exact closed forms (the stored f64 is the rounding of a 256-bit
//! value, ≤ 1.1e-16 relative; 1e-12 leaves room for f64 libm in the production code);
//! quadrature-based f64 routes `rel:1e-10` (tanh–sinh in f64, ≈1e-13 observed).
//!
//! One file per golden file (a result, or a result with its algorithm); [`ALL`] lists them in the
//! order `dpaudit golden check|regen` visits them.

use crate::error::Result;
use crate::mechanisms::Mechanism;
use crate::num::fmt::format_number as fmt;
use crate::num::root::{root, Bracket, Midpoint, Side, Stop};
use crate::num::{Mp, Real};
use crate::papers::golden_table::helpers::{mp, points, read, rows_of};
use crate::papers::golden_table::{Generator, Inputs, Route, RouteValue};
use crate::papers::model_merging as mm;
use crate::pld::PldOptions;

pub mod definition_2_1;
pub mod proposition_3_1;
pub mod theorem_6_1;
pub mod proposition_7_1;
pub mod lemma_4_1_theorem_4_2;
pub mod theorem_5_1_algorithm_1;
pub mod theorem_5_2_algorithm_2;
pub mod theorem_6_2_algorithm_3;
pub mod lemma_6_3;
pub mod theorem_6_4;
pub mod corollary_6_5_algorithm_4;

/// Every golden file of the paper.
pub const ALL: [Generator; 11] = [
    proposition_3_1::PROP_3_1,
    lemma_4_1_theorem_4_2::LEMMA_4_1_THM_4_2,
    theorem_5_1_algorithm_1::THM_5_1_ALG_1,
    theorem_5_2_algorithm_2::THM_5_2_ALG_2,
    theorem_6_1::THM_6_1,
    theorem_6_2_algorithm_3::THM_6_2_ALG_3,
    lemma_6_3::LEMMA_6_3,
    theorem_6_4::THM_6_4,
    corollary_6_5_algorithm_4::COR_6_5_ALG_4,
    proposition_7_1::PROP_7_1,
    definition_2_1::DEF_2_1,
];



/// Smallest ε in `[lo, hi]` with `f(ε) ≤ target` for a non-increasing `f` evaluated at 256 bits,
/// to adjacent f64s (the upper end returned: more privacy loss).
/// The bracket `[lo, hi]` is the caller's (not re-evaluated at its ends).
fn mp_root(f: impl Fn(f64) -> Result<Mp>, target: f64, lo: f64, hi: f64) -> Result<f64> {
    let t = mp(target);
    let stop = Stop::adjacent().with_midpoint(Midpoint::FromLo);
    root(|e: &f64| Ok(f(*e)? > t), Bracket::established(lo, hi), &stop, Side::Upper)
}

/// 256-bit subsets `(Δ̃_J, ρ_J)` of the N = 2 DP-SGD step of spec §9, literal:
/// `w_i = λ_iη_iC_i`, `s = √Σ(λ_iη_iσ_iC_i)²`, `Δ̃_J = Σ_{i∈J} w_i/s`, `ρ_J = Π_{i∈J} q_i Π_{i∉J}(1−q_i)`.
/// Inputs `[q1, q2, sigma1, sigma2, lambda1]`, η = 0.1 and C = 1 for both models.
fn step_atoms(x: &[f64]) -> Vec<(Mp, Mp)> {
    let (q, s, l1) = ([mp(x[0]), mp(x[1])], [mp(x[2]), mp(x[3])], mp(x[4]));
    let one = l1.one();
    let lam = [l1.clone(), one.clone() - l1];
    let eta = mp(0.1);
    let w: Vec<Mp> = lam.iter().map(|l| l.clone() * eta.clone()).collect();
    let sl = (0..2).map(|i| (w[i].clone() * s[i].clone()) * (w[i].clone() * s[i].clone())).fold(one.zero(), |a, b| a + b).sqrt();
    (0..4u32)
        .map(|j| {
            let (mut shift, mut rho) = (one.zero(), one.clone());
            for i in 0..2 {
                if j >> i & 1 == 1 {
                    shift = shift + w[i].clone();
                    rho = rho * q[i].clone();
                } else {
                    rho = rho * (one.clone() - q[i].clone());
                }
            }
            (shift / sl.clone(), rho)
        })
        .collect()
}

/// The production collapsed step for the same inputs.
fn step_pair(x: &[f64]) -> Result<mm::section_6::dpsgd_step::StepPair> {
    let h = |q: f64, s: f64| mm::section_6::dpsgd_step::StepHyper::new(q, s, 1.0, 0.1);
    mm::section_6::dpsgd_step::lc_step(&[x[4], 1.0 - x[4]], &[h(x[0], x[2])?, h(x[1], x[3])?])
}
