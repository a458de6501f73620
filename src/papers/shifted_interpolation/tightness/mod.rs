//! Tightness instances of *Shifted Interpolation for DP* (spec §10): explicit pairs of datasets
//! whose final-iterate trade-off is computed from the instance itself (never from a theorem), each
//! a **lower** bound on the worst-case privacy loss the theorems bound from above.
//!
//! ```text
//! gaussian.rs  linear and quadratic instances (Theorems 4.1, 4.2, 4.4, 4.5): Gaussian laws, closed gap/std
//! grid.rs      law evolution of a 1-D noisy iteration on a grid (boundary atoms); Neyman–Pearson, δ(ε)
//! walk.rs      projected-walk instances of Theorems 4.3 / 4.6 vs their G_μ (spec §4.3, §5.3)
//! sgd.rs       subsampled-drift instances of Theorems 4.8–4.10 vs certified f_K; t = 1 equals C_p(G_r)
//! mc.rs        seeded Monte Carlo of the quadratic instance (Theorem 4.2) with Clopper–Pearson bounds
//! ```

pub mod gaussian;
pub mod grid;
pub mod mc;
pub mod sgd;
pub mod walk;
