//! Balanced Iteration Subsampling (Dong, Chen, Özgür 2025, Section 3.3; spec §11–§12): each
//! record is used in a uniformly random `k` of the `T` iterations (Theorem 3.8, a **whole-run**
//! guarantee: Theorem 3.1 at `d = T`), and epoch-wise composition (Remark 3.10).

use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::papers::balanced_iteration::section_3_1::theorem_3_1::{theorem_3_1, ReverseTerm, Theorem31};
use crate::error::{Error, Result};
use crate::num::round::widen_up;

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
#[path = "bis_test.rs"]
mod bis_test;
