//! The result cards of *DP Model Merging* ([`crate::papers::card`]), one file per section of the
//! paper; [`super::paper::REGISTRY`] lists them in paper order.

pub mod section_5;
