//! Appendix A of *Shifted Interpolation for DP*: conversions out of Gaussian DP (Lemmas A.3, A.4),
//! the CLT for subsampled compositions (Lemma A.5, an estimate), and the RDP → (ε, δ) baselines
//! the paper compares with (spec §2.8–2.13).

pub mod clt;
pub mod conversions;
pub mod rdp_baselines;
