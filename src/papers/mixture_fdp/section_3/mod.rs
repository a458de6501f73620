//! Section 3 and Appendix B of the mixtures f-DP paper: joint concavity of trade-off functions
//! (Lemma 3.1, Propositions 3.2, 3.3, B.1, B.2, Corollaries B.3, B.5, B.6; spec §1.9, §2, §3).

pub mod joint_concavity;

#[cfg(test)]
mod joint_concavity_test;
