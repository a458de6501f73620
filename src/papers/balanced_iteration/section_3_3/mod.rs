//! Section 3.3 (Balanced Iteration Subsampling): Theorem 3.8 and Remark 3.10 (`bis.rs`),
//! Theorem 3.11 (the Poisson baseline), Remark 3.9's fixed-batch shuffling instance (`T = 2`
//! and `T = 3` by quadrature, any `T` by Monte Carlo), and the (ε, δ) of Balanced Iteration
//! Subsampling beyond RDP: the certified hockey-stick divergences of the pair (`k = 1`: the
//! lognormal likelihood-ratio sum; `1 < k < T`: the one-use allocation decomposition) and their
//! Monte Carlo ground truth.

pub mod bis;
pub mod poisson;
pub mod shuffle;
pub mod shuffle_t3;
pub mod shuffle_mc;
pub mod lognormal_sum;
pub mod allocation_compose;
pub mod hockey_stick;
pub mod hockey_mc;
