//! *Leveraging Randomness in Model and Data Partitioning for Privacy Amplification* (Andy Dong,
//! Wei-Ning Chen, Ayfer Özgür, 2025): the mixture-versus-Gaussian pair of Theorem 3.1 behind
//! model splitting and Balanced Iteration Subsampling (each record used in exactly `k` of `T`
//! iterations), its exact forward divergence, the closed-form bound of Corollary 3.14, the
//! Poisson baseline (Theorem 3.11) and the RDP → DP conversion (Proposition 2.3). Spec:
//! `shared/spec/balanced_iteration.md`. Derivations and decisions: `README.md` (included below).
//!
//! Files by section of the paper:
//! ```text
//! mixture_pair.rs   Section 3.1: the pair (P, Q) of Theorem 3.1, validated once (spec §0.3)
//! forward_exact.rs  Theorem 3.1 first term of (2) = Lemma 3.12 on S_{d,k}: exact F_α (EGF, row-need DP; §1.3)
//! lognormal_gauss.rs  Gauss rule of the lognormal column law (MPFR, Sturm bisection), certified moment mismatch η
//! forward_quadrature.rs Theorem 3.1 first term of (2) by that quadrature: exact F_α, all orders ≤ α_max in one walk
//! forward_bound.rs  Corollary 3.14 (first term of (3)), licensed by Lemma 3.13 (spec §4–§5)
//! mixtures.rs       Section 3.4: Lemmas 3.12 and 3.13 for a general Gaussian mixture (literal sums)
//! poisson.rs        Section 3.3: Theorem 3.11 (Poisson-subsampled Gaussian, Zhu–Wang) (spec §13)
//! conversion.rs     Section 2: Proposition 2.3 (RDP → DP) (spec §9)
//! reverse.rs        Section 3.4: Corollaries 3.17/3.19 (R^paper, flagged), Lemma 3.18's bound, certified R^∞ (§1.5), proven d = 2 reverse, Theorem 3.1 with its flag
//! printed.rs        Theorem 3.1: second terms of (2)/(3) as printed (typos; regression only), Remark 3.2's chain
//! reverse_exact.rs  exact reverse divergence for k = 1 (1-D Laplace representation; checks Lemma 3.15), log-domain trapezoid
//! gaussians.rs      Appendix: Propositions A.1 / A.2
//! applications.rs   Sections 3.2–3.3: Theorems 3.4, 3.5, 3.8, Corollary 3.7, Remark 3.10
//! shuffle.rs        Remark 3.9: the shuffled-batch instance (T = 2) of spec §14
//! lognormal_sum.rs  §11, k = 1: certified law of the lognormal likelihood-ratio sum; H(P‖Q), H(Q‖P) bounds
//! allocation_compose.rs §11, k > 1: certified upper bound by decomposition into 1-of-m allocations (FS25)
//! hockey_stick.rs   §11: certified (ε, δ) of BIS beyond RDP — entry points certified_delta / certified_epsilon
//! hockey_mc.rs      §11: hockey-stick Monte Carlo of the exact pair (ground truth with confidence)
//! shuffle_t3.rs     Remark 3.9 at T = 3: 2-D quadrature (ndarray grid) after the reduction along 1
//! shuffle_mc.rs     Remark 3.9 at any T: Monte Carlo (batched ndarray samples; an estimate)
//! curves.rs         RDP curves over an order grid: Theorems 3.1/3.8 (exact F within a budget, else G), 3.11
//! partition_report.rs  `dpaudit partition`: BIS vs model splitting vs Poisson (RDP, PLD), σ for a target
//! partition_request.rs the request, its validation and the report's types
//! partition_rows.rs the rows of that report (Proposition 2.3, certified PLD, σ bisection, shuffle row)
//! two_part.rs       Section 3.2.2 / Table 1: joint forward RDP of Poisson subsampling + model splitting (spec §3)
//! experiments.rs    Table 1 and Figure 3 (spec §15)
//! experiments_figures.rs  Figures 1 and 2, Figure 3's Poisson-PLD column (spec §15)
//! audit_points.rs   audit points of spec §17 (first slice), with verdicts
//! audit_points_reverse.rs  audit points of spec §17 (second slice: reverse term, typos, applications)
//! audit_points_figure3.rs  audit point A13: Figure 3's headline at the RDP and hockey-stick levels (spec §17 item 13)
//! golden/           golden-file generators (`golden/balanced_iteration/*.csv`)
//! paper.rs          the paper as a `Paper`: registry, audit points, golden files, experiments
//! ```
#![doc = include_str!("README.md")]

pub mod mixture_pair;
pub mod forward_exact;
pub mod lognormal_gauss;
pub mod forward_quadrature;
pub mod forward_bound;
pub mod mixtures;
pub mod poisson;
pub mod conversion;
pub mod reverse;
pub mod printed;
pub mod reverse_exact;
pub mod reverse_mc;
pub mod applications;
pub mod two_part;
pub mod curves;
pub mod partition_request;
pub mod partition_rows;
pub mod partition_report;
pub mod experiments;
pub mod experiments_figures;
pub mod gaussians;
pub mod shuffle;
pub mod lognormal_sum;
pub mod allocation_compose;
pub mod hockey_stick;
pub mod hockey_mc;
pub mod shuffle_t3;
pub mod shuffle_mc;
pub mod audit_points;
pub mod audit_points_reverse;
pub mod audit_points_figure3;
pub mod golden;
pub mod paper;

pub use paper::BALANCED_ITERATION;

/// Paper key used in registries and reports.
pub const PAPER: &str = "balanced_iteration";
