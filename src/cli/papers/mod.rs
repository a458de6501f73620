//! The paper commands: views on the papers' result cards and report types
//! ([`crate::papers`]). Each parses its arguments into the paper's request, calls one library
//! function and prints the report (text, or its `Serialize` form with `--json`).
//!
//! * [`merge`] — `dpaudit merge` (*DP Model Merging*).
//! * [`noisy_gd`] — `dpaudit noisy-gd` (*Shifted Interpolation for DP*).
//! * [`partition`] — `dpaudit partition` (*Balanced Iteration Subsampling*).
//! * [`shuffle`] — `dpaudit shuffle` (*Mixture Mechanisms via f-DP*, Section 4).
//! * [`init_gd`] — `dpaudit init-gd` (*Mixture Mechanisms via f-DP*, Section 5).

pub mod init_gd;
pub mod merge;
pub mod noisy_gd;
pub mod partition;
pub mod shuffle;
