//! Conventions and helpers shared by every section of *DP Model Merging*.
//!
//! ```text
//! conventions.rs  adjacency, RDP → (ε, δ) conversions, order grids, the simplex check (spec §1)
//! simplex.rs      merge weights validated once (π of eq. (4), λ of eq. (5); spec §4)
//! feasible.rs     the output step of Algorithms 1–4: feasible weight sets on the simplex,
//!                 utility-best weights (spec §6, §7, §10, §13)
//! ```

pub mod conventions;
pub mod feasible;
pub mod simplex;
