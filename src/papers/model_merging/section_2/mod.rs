//! Section 2 of *DP Model Merging*: Definition 2.1, (ε, δ)-differential privacy through the
//! hockey-stick divergence (`hockey_stick.rs`, spec §2).

pub mod hockey_stick;
