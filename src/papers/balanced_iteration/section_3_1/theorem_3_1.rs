//! Theorem 3.1 (Dong, Chen, Özgür 2025, Section 3.1; spec §1): the RDP of the mixture-versus-
//! Gaussian pair in both directions, `ε_α = max{D_α(P‖Q), D_α(Q‖P)} ≤ max{F_α (or G_α), reverse}`
//! for integer `α ≥ 2`, with the flag "reverse term certified: yes/no" (spec §1.2): the forward
//! term is the exact `F_α` (first term of (2), [`super::forward_exact`]) where affordable, else
//! Corollary 3.14's `G_α`; the reverse term is the certified `R^∞` or the paper's `R^paper`
//! ([`crate::papers::balanced_iteration::section_3_4::reverse`]).

use crate::papers::balanced_iteration::mixture_pair::MixturePair;
use crate::papers::balanced_iteration::section_3_1::forward_exact::theorem_3_1_forward;
use crate::papers::balanced_iteration::section_3_4::forward_bound::corollary_3_14;
use crate::papers::balanced_iteration::section_3_4::reverse::{corollary_3_19_paper, reverse_certified};
use crate::error::{Error, Result};

/// Which reverse term Theorem 3.1's value uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReverseTerm {
    /// `R^∞` (spec §1.5): provably ≥ `D_α(Q‖P)`. The default for accounting.
    Certified,
    /// The paper's `R^paper` (Corollary 3.19): **not** certified (Lemma 3.18 is false).
    Paper,
}

/// Theorem 3.1's value at one order, with what it rests on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theorem31 {
    /// `max(forward, reverse)`.
    pub epsilon: f64,
    /// Exact `F_α` where the DP is affordable, else Corollary 3.14's `G_α` (both rounded up).
    pub forward: f64,
    pub forward_exact: bool,
    pub reverse: f64,
    /// "reverse term certified: yes/no".
    pub reverse_certified: bool,
}

/// **Theorem 3.1** (with the corrections of spec §1.4): `ε_α ≤ max{F_α (or G_α), reverse}` for
/// integer `α ≥ 2`. With [`ReverseTerm::Certified`] an upper bound on the RDP of the pair in both
/// directions (rounded up); with [`ReverseTerm::Paper`] the paper's value, flagged uncertified.
///
/// Errors: invalid order.
pub fn theorem_3_1(pair: &MixturePair, alpha: u64, reverse: ReverseTerm) -> Result<Theorem31> {
    let (forward, forward_exact) = match theorem_3_1_forward(pair, alpha) {
        Ok(f) => (f, true),
        Err(Error::Unsupported(_)) => (corollary_3_14(pair, alpha)?, false),
        Err(e) => return Err(e),
    };
    let (rev, certified) = match reverse {
        ReverseTerm::Certified => (reverse_certified(pair, alpha)?, true),
        ReverseTerm::Paper => (corollary_3_19_paper(pair, alpha)?, false),
    };
    Ok(Theorem31 { epsilon: forward.max(rev), forward, forward_exact, reverse: rev, reverse_certified: certified })
}

#[cfg(test)]
#[path = "theorem_3_1_test.rs"]
mod theorem_3_1_test;
