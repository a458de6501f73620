//! Experiments of the mixtures f-DP paper, written by `dpaudit audit` under `experiments/`:
//! Tables 1, 2 and the δ(ε) curves of Section 4 ([`tables`]), the Theorem 5.1 curves of
//! Section 5 ([`section_5`]).

pub mod section_5;
pub mod tables;
