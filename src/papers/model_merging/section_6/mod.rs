//! Section 6 of *DP Model Merging*: privacy of linear combination.
//!
//! ```text
//! joint_release.rs           6.1  Theorem 6.1: joint-release RDP/PLD bound and tightness (spec §8)
//! dpsgd_step.rs              6.2  per-step quantities ρ_J, w_i, Δ_J, s_λ of merged DP-SGD (spec §9)
//! linear_combination_rdp.rs  6.2  Theorem 6.2 (eq. 9) and Algorithm 3 (spec §10)
//! privacy_loss.rs            6.2  Lemma 6.3: exact per-step privacy loss, samplers, Monte Carlo (spec §11)
//! surrogate.rs               6.2  Theorem 6.4: the 1-D surrogate pair, closed-form hockey-stick (spec §12)
//! linear_combination_pld.rs  6.2  Corollary 6.5 and Algorithm 4: certified FFT composition (spec §13)
//! step_alignment.rs          6.2  different step counts: virtual steps (spec §14)
//! provenance.rs              6.3  recycled checkpoints of one run (spec §15)
//! ```
//!
//! Composing the per-step accounting of Theorems 6.2/6.4 over T > 1 steps is not sound in
//! general (audit A1, [`crate::papers::model_merging::audit_points::hidden_state`]).

pub mod dpsgd_step;
pub mod joint_release;
pub mod linear_combination_pld;
pub mod linear_combination_rdp;
pub mod privacy_loss;
pub mod provenance;
pub mod step_alignment;
pub mod surrogate;
