//! Theorem 3.1 applied to model parallelism (Dong, Chen, Özgür 2025, Section 3.2; spec §10):
//! disjoint model splitting (Theorem 3.4), probabilistic mixtures of disjoint splittings
//! (Theorem 3.5) and dropout at rate ½ (Corollary 3.7). Each is Theorem 3.1's value at `k = 1`
//! and the stated `d`, per iteration; the reverse term is chosen by the caller and flagged
//! ([`ReverseTerm`]).

use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::papers::balanced_iteration::section_3_1::theorem_3_1::{theorem_3_1, ReverseTerm, Theorem31};
use crate::papers::balanced_iteration::section_3_4::reverse::reverse_proven_d2;
use crate::error::Result;

/// **Theorem 3.4**: one iteration of Algorithm 1 with a disjoint split into `d` sub-models (each
/// client's clipped gradient, norm ≤ `c`, lands in one uniformly chosen block; noise `σ` per
/// coordinate) is `(α, ε)`-RDP with `ε` = Theorem 3.1 at `k = 1`. Per iteration; `T` iterations
/// compose to `T ε` (RDP composition). Upper bound (certified with [`ReverseTerm::Certified`]).
///
/// Errors: `d < 2`, invalid `c`, `σ`, order.
///
/// Example (spec §10, `d = 3, σ = 1, α = 8`): forward `F_8 = 2.903531719328`, certified reverse 1.666…
pub fn theorem_3_4(d: u64, c: f64, sigma: f64, alpha: u64, reverse: ReverseTerm) -> Result<Theorem31> {
    theorem_3_1(&MixturePair::new(d, 1, c, sigma)?, alpha, reverse)
}

/// **Theorem 3.5**: a probabilistic mixture (independent of the data) of disjoint splittings, each
/// into `d` sub-models, has the same guarantee as Theorem 3.4 (the proof conditions on the chosen
/// partition; Remark 3.6: the partition's randomness is not used). Same value as [`theorem_3_4`].
pub fn theorem_3_5(d: u64, c: f64, sigma: f64, alpha: u64, reverse: ReverseTerm) -> Result<Theorem31> {
    theorem_3_4(d, c, sigma, alpha, reverse)
}

/// **Corollary 3.7**: one iteration of Algorithm 2 (dropout at rate ½ on hidden units, the
/// adjacent weights as the split part) is Theorem 3.1 at `d = 2, k = 1`. With
/// [`ReverseTerm::Certified`] the reverse term is the bound proven for `d = 2`
/// ([`reverse_proven_d2`], spec §8; tighter than `R^∞`), so the value stays certified.
pub fn corollary_3_7(c: f64, sigma: f64, alpha: u64, reverse: ReverseTerm) -> Result<Theorem31> {
    let mut t = theorem_3_1(&MixturePair::new(2, 1, c, sigma)?, alpha, reverse)?;
    if reverse == ReverseTerm::Certified {
        t.reverse = reverse_proven_d2(c, sigma, alpha)?;
        t.epsilon = t.forward.max(t.reverse);
    }
    Ok(t)
}

#[cfg(test)]
#[path = "splitting_test.rs"]
mod splitting_test;
