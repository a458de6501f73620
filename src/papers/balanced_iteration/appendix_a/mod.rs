//! Appendix A.5: Rényi divergences between Gaussians (Propositions A.1 and A.2).

pub mod gaussians;
