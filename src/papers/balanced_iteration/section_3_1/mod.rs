//! Section 3.1 (Main Technical Result): Theorem 3.1 for the mixture-versus-Gaussian pair —
//! the exact forward term `F_α` (first term of (2), by the EGF, the row-need DP or the Gauss
//! quadrature of the lognormal column law), the two-sided value with its certified or paper
//! reverse term, the second terms as printed with Remark 3.2's chain, and RDP curves over an
//! order grid.

pub mod theorem_3_1;
pub mod forward_exact;
pub mod lognormal_gauss;
pub mod forward_quadrature;
pub mod printed;
pub mod curves;
pub mod terms;
