//! *Unified Enhancement of Privacy Bounds for Mixture Mechanisms via f-Differential Privacy*
//! (Chendi Wang, Buxin Su, Jiayuan Ye, Reza Shokri, Weijie J. Su, NeurIPS 2023): f-DP of
//! shuffled mechanisms (Section 4), one-step DP-GD with random initialisation (Section 5), joint and advanced joint concavity (Sections 3, 6, Appendices B,
//! E, F), with exact ground truths and randomised-response lower
//! bounds (implementation spec `shared/spec/mixtures_fdp.md`). The trade-off machinery below the
//! paper (pointwise vs joint combination, log-space δ) is in `crate::repr`. Decisions and what is left:
//! `README.md` (included below).
//!
//! Files by section of the paper:
//! ```text
//! shuffling.rs     Section 4 / App. C: Proposition 4.1, Theorem 4.2, Corollary 4.3 (+ literal knot,
//!                  trivial cap), the exact pair (spec §4.1–4.4, §4.6 item 1)
//! shuffling_mp.rs  the same δ sums in 256-bit MPFR with exact binomials (independent route)
//! rr.rs            shuffled binary and k-ary randomised response: exact δ, lower bounds (§4.6 item 3)
//! clones.rs        FMT23 Theorem 3.2, the closed-form baseline of Tables 1/2 (what shuffle users run)
//! shuffle_report.rs `dpaudit shuffle`: every bound side by side, with the nesting check
//! experiments.rs  Tables 1, 2 and the δ(ε) curves as CSV + SVG (`dpaudit audit`, experiments)
//! is_mc.rs        importance-sampled Monte Carlo of the pair's privacy loss (§4.6 item 2, §10.3)
//! joint_concavity.rs    Section 3 / App. B: Lemma 3.1, Props 3.2, 3.3, B.1, B.2, Cors B.3, B.5, B.6 (§3)
//! advanced_concavity.rs Section 6 / App. E: Props 6.1, 6.4, E.1, Lemmas A.4, 6.2, 6.3 (§6.1–§6.6)
//! examples_f.rs    App. F and the Gaussian instances: Examples F.1–F.4 (§6.7, §6.8)
//! init_gd.rs       Section 5 / App. D: Theorem 5.1, the worst-case remark, Examples D.1–D.3 (§5.1–§5.5)
//! init_gd_truth.rs the true one-step output pair of concrete datasets, by quadrature (§5.6)
//! init_gd_report.rs `dpaudit init-gd`: Theorem 5.1 next to the no-initialisation baseline
//! experiments_s5.rs Theorem 5.1 trade-off and δ curves vs the baseline (CSV + SVG)
//! audit_points_s5.rs    audit points of spec §10.1 item 3 and §10.2 for Section 5
//! audit_points_s36.rs   audit points of spec §10.1 items 1, 2, 7–10 and §10.2 for Sections 3, 6
//! audit_points.rs  audit points of spec §10.1 items 1, 2, 4, 5, 6, 11
//! audit_points_tables.rs audit points on Tables 1, 2 and Figure 3: importance sampling, §10.1 items 12, 13
//! golden/          golden-file generators (`golden/mixture_fdp/*.csv`)
//! paper.rs         the paper as a `Paper`: registry, audit points, golden files, verdicts
//! ```
#![doc = include_str!("README.md")]

pub mod shuffling;
pub mod shuffling_mp;
pub mod rr;
pub mod clones;
pub mod shuffle_report;
pub mod is_mc;
pub mod experiments;
pub mod joint_concavity;
pub mod advanced_concavity;
pub mod examples_f;
pub mod init_gd;
pub mod init_gd_truth;
pub mod audit_points;
pub mod audit_points_s36;
pub mod audit_points_s5;
pub mod experiments_s5;
pub mod init_gd_report;
pub mod audit_points_tables;
pub mod golden;
pub mod paper;

pub use paper::MIXTURE_FDP;

/// Paper key used in registries and reports.
pub const PAPER: &str = "mixture_fdp";

#[cfg(test)]
mod shuffling_test;
#[cfg(test)]
mod clones_test;
#[cfg(test)]
mod shuffle_report_test;
#[cfg(test)]
mod joint_concavity_test;
#[cfg(test)]
mod advanced_concavity_test;
#[cfg(test)]
mod examples_f_test;
#[cfg(test)]
mod audit_points_s36_test;
#[cfg(test)]
mod init_gd_test;
#[cfg(test)]
mod audit_points_s5_test;
