//! The back-end of `dpaudit partition` (`src/cli/papers/partition.rs`): the request and its
//! validation, the report's `Serialize` types, and the rows (each computed on its own: a row
//! that cannot be computed says why and the others still print).

pub mod partition_request;
pub mod partition_rows;
pub mod partition_report;
