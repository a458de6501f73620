//! Result cards of the mixtures f-DP paper, one file per section (see `docs/cards.md`): every
//! registered result with its parameters (the paper's symbols), outputs (each with its
//! guarantee; printed and corrected forms side by side where they differ), evaluator and example.
//! The registry in `paper.rs` lists them in paper order.

pub mod appendix_b;
pub mod appendix_f;
pub mod common;
pub mod section_3;
pub mod section_4;
pub mod section_5;
pub mod section_6;

#[cfg(test)]
mod testing;
#[cfg(test)]
mod section_3_test;
#[cfg(test)]
mod section_4_test;
#[cfg(test)]
mod section_5_test;
#[cfg(test)]
mod section_6_test;
