//! The experiments of *DP Model Merging* (Section 8, Appendix H; spec §17) recomputed as audits:
//! `section_8.rs` (mean estimation, Figs 1, 7, 8; MNIST three-model portfolio, Figs 2, 3).

pub mod section_8;
