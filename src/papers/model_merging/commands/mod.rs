//! The back-end of `dpaudit merge` (*DP Model Merging*, Algorithms 1–4): the request, the
//! portfolio input, which result certifies a merge, the one library call, and the report.
//!
//! ```text
//! merge_request.rs    a `dpaudit merge` question: request, order grids, lattice size
//! portfolio*.rs       portfolio input (TOML/CSV): per-model curves or DP-SGD hyper-parameters
//! merge_certifier.rs  which result certifies a merge (A1 policy), Theorem 6.1 / checkpoint bounds
//! merge_certify.rs    certify_merge: the one call behind `dpaudit merge`
//! merge_report.rs     the report `dpaudit merge` prints (Serialize: its `--json`)
//! ```

pub mod merge_certifier;
pub mod merge_certify;
pub mod merge_report;
pub mod merge_request;
pub mod portfolio;
