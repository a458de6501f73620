//! *Shifted Interpolation for Differential Privacy* (Bok, Su, Altschuler, ICML 2024): NoisySGD
//! part (Section 4.3, Theorems 4.8–4.10; spec `shifted_interpolation.md` §6). The rest of the
//! paper (Paper impl, registry, Theorems 4.1–4.6, Section 5) lives in the other files of this
//! folder.

pub mod audit_points_sgd;
pub mod noisy_sgd;

#[cfg(test)]
mod audit_points_sgd_test;
#[cfg(test)]
mod noisy_sgd_test;
