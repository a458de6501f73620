//! Privacy-curve representations and the conversions between them (foundations spec §1, §3;
//! mixtures_fdp spec §2).
//!
//! | type | file | what it holds |
//! |---|---|---|
//! | [`RdpCurve`] | `rdp.rs` | upper bounds `r(α) ≥ D_α` on a grid of orders |
//! | [`Gdp`] | `gdp.rs` | μ-GDP: exact profile (generic f64/MPFR), ε(δ), `G_μ`, RDP, composition |
//! | [`DirectionalCurve`] | `directional.rs` | certified intervals for both directions `H_{e^ε}(P‖Q)`, `H_{e^ε}(Q‖P)` |
//! | [`PrivacyProfile`] | `profile.rs` | δ(ε) per adjacency direction (closures or tables), max, ε(δ) |
//! | [`TradeOff`] | `tradeoff.rs`, `tradeoff_build.rs` | piecewise-linear convex f: eval, inverse, conjugate, C(f), δ(ε), ε(δ), constructions |
//! | (combinations) | `tradeoff_combine.rs` | pointwise `Σλ_k f_k` vs joint (index-revealed) `J_w` |
//! | [`LogPair`] | `log_delta.rs` | δ(ε), ε(δ) as log-space sums of positive terms (relative accuracy at tiny δ) |
//! | [`Formula`] | `rdp_formula.rs` (closed forms), `opt1.rs`, `rdp_to_dp.rs` (dispatch) | RDP → (ε, δ) at one order (M, G, F, H, KL, OPT-1) |
//! | [`EpsilonFromRdp`], [`DeltaFromRdp`] | `rdp_optimize.rs` | min over formulas and orders (grid or continuous) |
//!
//! Conversions between representations are in `convert.rs` (trade-off ↔ profile, GDP → profile
//! and PL trade-off, RDP → profile) and on the types themselves (`Gdp::to_rdp`,
//! `PrivacyProfile::epsilon_for_delta`, `rdp_optimize`).
//!
//! Conventions: every bound returned here is rounded towards more privacy loss (larger ε or δ,
//! smaller trade-off function); functions and fields say which (`_up`, "upper bound").
//! Invalid input is an [`crate::error::Error`], never a panic or NaN.

pub mod convert;
pub mod directional;
pub mod gdp;
pub mod log_delta;
pub mod opt1;
pub mod profile;
pub mod rdp;
pub mod rdp_optimize;
pub mod rdp_formula;
pub mod rdp_to_dp;
pub mod subsampling;
pub mod tradeoff;
mod tradeoff_build;
mod tradeoff_combine;

pub use directional::DirectionalCurve;
pub use gdp::Gdp;
pub use profile::{DeltaCurve, PrivacyProfile, TabulatedDelta};
pub use rdp::RdpCurve;
pub use rdp_optimize::{DeltaFromRdp, EpsilonFromRdp, OrderRange};
pub use rdp_to_dp::Formula;
pub use subsampling::SubsampledGdp;
pub use log_delta::LogPair;
pub use tradeoff::{TradeOff, Vertex};

#[cfg(test)]
mod gdp_test;
#[cfg(test)]
mod rdp_to_dp_test;
#[cfg(test)]
mod rdp_test;
#[cfg(test)]
mod tradeoff_test;
#[cfg(test)]
mod tradeoff_combine_test;
#[cfg(test)]
mod profile_test;
#[cfg(test)]
mod props_test;
#[cfg(test)]
mod subsampling_test;
