//! Section 3 of *DP Model Merging*: Proposition 3.1, no free lunch for mechanism-agnostic mergers
//! (`no_free_lunch.rs`, spec §3, audit A11).

pub mod no_free_lunch;
