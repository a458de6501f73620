//! The result cards of *DP Model Merging* ([`crate::papers::card`]), one file per section of the
//! paper (Section 6 in two: RDP and PLD accounting); [`super::paper::REGISTRY`] lists them in
//! paper order. [`params`] holds the parameters the cards share (`pi`, `lambda`, `sigma`,
//! `Delta`, `q`, `T`, `eta`, `C`, the order grid and conversion) and the models they describe.

pub mod params;
pub mod section_2;
pub mod section_3;
pub mod section_4;
pub mod section_5;
pub mod section_6_pld;
pub mod section_6_rdp;
pub mod section_7;

#[cfg(test)]
#[path = "section_2_test.rs"]
mod section_2_test;
#[cfg(test)]
#[path = "section_3_test.rs"]
mod section_3_test;
#[cfg(test)]
#[path = "section_4_test.rs"]
mod section_4_test;
#[cfg(test)]
#[path = "section_5_test.rs"]
mod section_5_test;
#[cfg(test)]
#[path = "section_6_test.rs"]
mod section_6_test;
#[cfg(test)]
#[path = "section_7_test.rs"]
mod section_7_test;
#[cfg(test)]
mod testing;
