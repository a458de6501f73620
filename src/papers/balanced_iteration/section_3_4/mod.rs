//! Section 3.4 (Proof Overview of Theorem 3.1): Lemmas 3.12 and 3.13 for a general Gaussian
//! mixture, Corollary 3.14 (`G_α`), the reverse direction (Lemma 3.15's split, Corollary 3.17,
//! Lemma 3.18 — false as stated — and Corollary 3.19, the certified `R^∞`), and the exact and
//! Monte Carlo oracles of the reverse divergence.

pub mod mixtures;
pub mod forward_bound;
pub mod reverse;
pub mod reverse_exact;
pub mod reverse_mc;
