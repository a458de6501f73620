//! Back-ends of the paper's commands: `dpaudit shuffle` ([`shuffle`]) and `dpaudit init-gd`
//! ([`init_gd`]). Each takes a request, computes every row through the paper's library code (the
//! same functions the result cards call) and returns a `Serialize` report; a row that cannot be
//! computed carries its reason and does not take the report down.

pub mod init_gd;
pub mod shuffle;

#[cfg(test)]
mod shuffle_test;
