//! Appendix F of the mixtures f-DP paper: Examples F.1–F.4 and the Gaussian instances of
//! Sections 3 and 6 in closed form (spec §3.1 item 4, §6.1, §6.6, §6.7, §6.8).

pub mod examples_f;

#[cfg(test)]
mod examples_f_test;
