//! Section 7 of *DP Model Merging*: Proposition 7.1, joint RDP against (ε, δ) advanced
//! composition for identical Gaussian releases (`advanced_composition.rs`, spec §16).

pub mod advanced_composition;
