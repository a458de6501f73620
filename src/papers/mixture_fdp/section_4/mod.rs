//! Section 4 and Appendix C of the mixtures f-DP paper: privacy amplification by shuffling
//! (Proposition 4.1, Theorem 4.2, Corollary 4.3; spec §4), with the independent routes and the
//! comparison bounds the paper's tables use:
//!
//! ```text
//! shuffling.rs     Proposition 4.1, Theorem 4.2, Corollary 4.3 (+ literal knot, trivial cap), the exact pair
//! knots.rs         Proposition 4.1's knots and T(P0, Q0)(α) by per-component binomial tails (any n)
//! theorem_4_2.rs   Theorem 4.2's f_S, x̄, f_S(x̄) and C(f_S)(α) from the knots (any n)
//! sums.rs          the positive-term δ sums in log space with certified ends (Corollary 4.3, exact pair)
//! shuffling_mp.rs  the same δ sums in MPFR with exact binomials (independent route)
//! rr.rs            shuffled binary and k-ary randomised response: exact δ, lower bounds (§4.6 item 3)
//! clones.rs        FMT23 Theorem 3.2, the closed-form baseline of Tables 1/2
//! is_mc.rs         importance-sampled Monte Carlo of the pair's privacy loss (§4.6 item 2, §10.3)
//! ```

pub mod clones;
pub mod is_mc;
pub mod knots;
pub mod rr;
pub mod shuffling;
pub mod shuffling_mp;
pub mod sums;
pub mod theorem_4_2;

#[cfg(test)]
mod clones_test;
#[cfg(test)]
mod shuffling_test;
