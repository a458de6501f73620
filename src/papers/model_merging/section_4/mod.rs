//! Section 4 of *DP Model Merging*: the two mergers — random selection, eq. (4), and linear
//! combination, eq. (5) (`mergers.rs`, spec §4) — and the Gaussian mean-estimation case study of
//! Section 4.1, Lemma 4.1 and Theorem 4.2 (`mean_estimation.rs`, spec §5).

pub mod mean_estimation;
pub mod mergers;
