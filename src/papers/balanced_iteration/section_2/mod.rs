//! Section 2 (Background and Definitions): Proposition 2.3, the RDP → DP conversion.

pub mod conversion;
