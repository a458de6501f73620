//! Section 6 and Appendices A, E of the mixtures f-DP paper: tightness of joint concavity and
//! advanced joint concavity (Proposition 6.1, Lemmas A.4, 6.2, 6.3, Propositions 6.4, E.1; spec
//! §6.1–§6.6).

pub mod advanced_concavity;

#[cfg(test)]
mod advanced_concavity_test;
