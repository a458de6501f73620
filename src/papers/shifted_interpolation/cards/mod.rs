//! The result cards of *Shifted Interpolation for DP* ([`crate::papers::card`]), one file per
//! section of the paper (Section 4.3, the sampled-batch compositions, in its own file);
//! [`super::paper::REGISTRY`] lists them in paper order. Shared parameters: [`params`].

pub mod appendix_a;
pub mod appendix_c;
pub mod params;
pub mod section_4;
pub mod section_4_3;
pub mod section_5;

#[cfg(test)]
#[path = "cards_test.rs"]
mod cards_test;
