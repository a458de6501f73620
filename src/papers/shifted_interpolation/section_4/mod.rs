//! Section 4 of *Shifted Interpolation for DP*: final-iterate privacy of noisy gradient descent
//! with full batches (§4.1: Theorems 4.1–4.3), cyclic batches (§4.2: Theorems 4.4–4.6) and sampled
//! batches (§4.3: Definition 4.7, Theorems 4.8–4.10).

pub mod composed;
pub mod noisy_cgd;
pub mod noisy_gd;
pub mod noisy_sgd;
pub mod subsampled;
