//! Section 5 and Appendix D of the mixtures f-DP paper: one step of DP-GD from a random Gaussian
//! initialisation (Theorem 5.1, the worst-case remark, Examples D.1–D.3; spec §5), and the true
//! output pair of concrete datasets by quadrature (spec §5.6).

pub mod init_gd;
pub mod init_gd_truth;
pub mod ln_delta;
pub mod ln_expect;

#[cfg(test)]
mod init_gd_test;
