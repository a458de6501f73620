//! The back-end of `dpaudit noisy-gd` (`src/cli/papers/noisy_gd.rs`): the request as the user
//! wrote it, validated once ([`request`]), and its answer ([`report`]), one row per theorem of
//! Sections 4.1–4.3 ([`rows`], each a [`row::Row`]).

pub mod report;
pub mod request;
pub mod row;
pub mod rows;
