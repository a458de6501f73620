//! Appendix C of *Shifted Interpolation for DP*: the shifted-interpolation meta-theorem and the
//! four optimisation problems its applications reduce to (Lemmas C.6, C.8, C.10, C.11; spec §3).

pub mod meta_theorem;
