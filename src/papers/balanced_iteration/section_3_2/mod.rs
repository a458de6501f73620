//! Section 3.2 (Privacy Amplification by Model Parallelism): Theorems 3.4 and 3.5 (disjoint model
//! splitting and mixtures of splittings), Corollary 3.7 (dropout), and Section 3.2.2's partial
//! splitting combined with Poisson subsampling (the joint forward pair behind Table 1).

pub mod splitting;
pub mod two_part;
