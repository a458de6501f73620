//! Theorem 3.1 applied (Dong, Chen, Özgür 2025, Sections 3.2–3.3; spec §10–§12): disjoint model
//! splitting (Theorem 3.4), probabilistic mixtures of disjoint splittings (Theorem 3.5), dropout
//! at rate ½ (Corollary 3.7), Balanced Iteration Subsampling (Theorem 3.8, a **whole-run**
//! guarantee) and epoch-wise composition (Remark 3.10). Each is Theorem 3.1's value at the stated
//! `(d, k)`; the reverse term is chosen by the caller and flagged ([`ReverseTerm`]).

use super::mixture_pair::{check_order, MixturePair};
use super::reverse::{reverse_proven_d2, theorem_3_1, ReverseTerm, Theorem31};
use crate::error::{Error, Result};
use crate::num::round::widen_up;

/// **Theorem 3.4**: one iteration of Algorithm 1 with a disjoint split into `d` sub-models (each
/// client's clipped gradient, norm ≤ `c`, lands in one uniformly chosen block; noise `σ` per
/// coordinate) is `(α, ε)`-RDP with `ε` = Theorem 3.1 at `k = 1`. Per iteration; `T` iterations
/// compose to `T ε` ([`remark_3_10`]). Upper bound (certified with [`ReverseTerm::Certified`]).
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

/// **Theorem 3.8**: the **entire** `T`-iteration run of Balanced Iteration Subsampling (each
/// record in a uniformly random `k` of the `T` iterations, independently across records;
/// Gaussian mechanism with sensitivity `c`, noise `σ`) is `(α, ε)`-RDP with `ε` = Theorem 3.1 at
/// `d = T`. Not per iteration: do not multiply by `T` (spec §11).
///
/// Example (spec §11, `T = 10, k = 4, σ = 2, α = 8`): forward 1.708831912463.
pub fn theorem_3_8(t: u64, k: u64, c: f64, sigma: f64, alpha: u64, reverse: ReverseTerm) -> Result<Theorem31> {
    theorem_3_1(&MixturePair::new(t, k, c, sigma)?, alpha, reverse)
}

/// **Remark 3.10**: `epochs` independent runs of a mechanism with RDP `ε(α)` cost `epochs · ε(α)`
/// (RDP composition; the runs use independent assignments). Rounded up.
///
/// Errors: `epochs = 0`; `ε` negative or not finite.
///
/// Example (spec §12): `(T, k) = (10, 4), N = 2, σ = 2, α = 4`: `2 F_4 = 1.687841979` against a
/// single run of `(20, 8)`: 1.682775657.
pub fn remark_3_10(epsilon: f64, epochs: u64, alpha: u64) -> Result<f64> {
    check_order(alpha)?;
    if epochs == 0 {
        return Err(Error::invalid("epochs", epochs, "need at least one epoch"));
    }
    if !(epsilon.is_finite() && epsilon >= 0.0) {
        return Err(Error::invalid("epsilon", epsilon, "an RDP value must be finite and ≥ 0"));
    }
    Ok(widen_up(epsilon * epochs as f64, 1))
}

#[cfg(test)]
#[path = "applications_test.rs"]
mod applications_test;
