//! Section 5 of *DP Model Merging*: privacy of random selection.
//!
//! ```text
//! random_selection_rdp.rs  Theorem 5.1 (eq. 6) and Algorithm 1: RDP accounting (spec §6)
//! random_selection_pld.rs  Theorem 5.2 and Algorithm 2: PLD (hockey-stick) accounting (spec §7)
//! ```

pub mod random_selection_pld;
pub mod random_selection_rdp;
