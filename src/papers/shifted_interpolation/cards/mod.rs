//! The result cards of *Shifted Interpolation for DP* ([`crate::papers::card`]), one file per
//! section of the paper; [`super::paper::REGISTRY`] lists them in paper order.

pub mod section_4;
