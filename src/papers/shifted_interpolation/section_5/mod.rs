//! Section 5 of *Shifted Interpolation for DP*: Langevin Monte Carlo and the exponential
//! mechanism (Proposition 5.1, Corollary 5.2, Remark 5.3, Corollary 5.4; spec §8).

pub mod langevin;
