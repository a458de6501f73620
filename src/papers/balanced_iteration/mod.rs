//! *Leveraging Randomness in Model and Data Partitioning for Privacy Amplification* (Andy Dong,
//! Wei-Ning Chen, Ayfer Özgür, 2025): the mixture-versus-Gaussian pair of Theorem 3.1 behind
//! model splitting and Balanced Iteration Subsampling (each record used in exactly `k` of `T`
//! iterations), its exact forward divergence, the closed-form bound of Corollary 3.14, the
//! Poisson baseline (Theorem 3.11) and the RDP → DP conversion (Proposition 2.3). Spec:
//! `shared/spec/balanced_iteration.md`. Derivations and decisions: `README.md` (included below).
//!
//! Rooms (folders) by section of the paper:
//! ```text
//! mixture_pair.rs  the setting: the pair (P, Q) of Theorem 3.1, validated once (spec §0.3)
//! section_2/       Proposition 2.3 (RDP → DP)                                   conversion.rs
//! section_3_1/     Theorem 3.1: theorem_3_1.rs (two-sided value, reverse-term flag); exact F_α
//!                  (forward_exact.rs: EGF / row-need DP; forward_quadrature.rs + lognormal_gauss.rs:
//!                  Gauss quadrature of the lognormal column law); printed.rs (the printed second
//!                  terms, Remark 3.2); curves.rs (RDP curves over an order grid)
//! section_3_2/     Theorems 3.4, 3.5, Corollary 3.7 (splitting.rs); Section 3.2.2 / Table 1's joint
//!                  pair (two_part.rs)
//! section_3_3/     Theorem 3.8, Remark 3.10 (bis.rs); Theorem 3.11 (poisson.rs); Remark 3.9
//!                  (shuffle.rs T = 2, shuffle_t3.rs T = 3, shuffle_mc.rs any T); certified (ε, δ)
//!                  beyond RDP (hockey_stick.rs over lognormal_sum.rs k = 1 and
//!                  allocation_compose.rs 1 < k < T); hockey_mc.rs (its Monte Carlo ground truth)
//! section_3_4/     Lemmas 3.12, 3.13 for any mixture (mixtures.rs); Corollary 3.14 (forward_bound.rs);
//!                  Corollary 3.17, Lemma 3.18, Corollary 3.19, R^∞ (reverse.rs); Lemma 3.15's exact
//!                  reverse k = 1 (reverse_exact.rs) and its Monte Carlo for any k (reverse_mc.rs)
//! appendix_a/      Propositions A.1, A.2 (gaussians.rs)
//! cards/           the result cards (one file per section), dpaudit eval / Python evaluate
//! commands/        dpaudit partition: request, report types, rows
//! audit_points/    audit points of spec §17 (mod.rs first slice, reverse.rs, figure3.rs)
//! experiments/     Table 1 and Figure 3 (mod.rs), Figures 1–2 and Figure 3's PLD column (figures.rs)
//! golden/          golden-file generators (golden/balanced_iteration/*.csv)
//! paper.rs         the paper as a `Paper`: registry of cards, audit points, golden files, experiments
//! ```
#![doc = include_str!("README.md")]

pub mod mixture_pair;
pub mod section_2;
pub mod section_3_1;
pub mod section_3_2;
pub mod section_3_3;
pub mod section_3_4;
pub mod appendix_a;
pub mod cards;
pub mod commands;
pub mod audit_points;
pub mod experiments;
pub mod golden;
pub mod paper;

pub use paper::BALANCED_ITERATION;

/// Paper key used in registries and reports.
pub const PAPER: &str = "balanced_iteration";
