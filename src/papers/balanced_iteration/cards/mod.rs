//! The result cards of *Leveraging Randomness in Model and Data Partitioning*
//! ([`crate::papers::card`]), one file per section of the paper; [`super::paper::REGISTRY`] lists
//! them in paper order. `common.rs`: the parameters in the paper's notation and the outputs of
//! the Theorem 3.1 family shared by the cards of Sections 3.1–3.4 (views on
//! [`super::section_3_1::terms::order_terms`]).

pub mod common;
pub mod section_2;
pub mod section_3_1;
pub mod section_3_2;
pub mod section_3_3;
pub mod section_3_4;
pub mod appendix_a;

#[cfg(test)]
#[path = "cards_test.rs"]
mod cards_test;
