//! Monte Carlo engine (being written).

pub mod bounds;
pub mod estimate;
pub mod invert;
pub mod multiple;
pub mod options;
pub mod sampler;
pub mod stream;
pub mod summary;
pub mod tilt;
pub mod tilt_sgm;

#[cfg(test)]
mod estimate_test;

pub use estimate::{delta_interval, McEstimate, McPart, PartStats};
pub use invert::epsilon_interval;
pub use multiple::{bonferroni, holm};
pub use options::McOptions;
pub use tilt::Tilt;
