//! The baseline shuffle users run today: the closed-form bound of Feldman, McMillan and Talwar,
//! *Stronger privacy amplification by shuffling for Rényi and approximate differential privacy*
//! (SODA 2023, "FMT23"), **Theorem 3.2** — the successor of their "hiding among the clones"
//! bound (FOCS 2021) and the bound the mixtures paper compares with in its Tables 1 and 2
//! (mixtures_fdp spec §4.5).
//!
//! For `n` users with ε₀-DP local randomisers and `δ ∈ (0, 1)`, if
//! `ε₀ ≤ ln(n / (8 ln(2/δ)) − 1)` (the assumption as the mixtures paper quotes it, Section 4,
//! lines 146/161/177 of the seed), the shuffled output is (ε, δ)-DP with
//!
//! `ε = ln(1 + (e^{ε₀} − 1)·(4√(2 ln(4/δ)) / √((e^{ε₀} + 1) n) + 4/n))`.
//!
//! Inverted for δ at a given ε (what Table 1 prints): with
//! `x = (e^ε − 1)/(e^{ε₀} − 1) − 4/n > 0`, `δ = 4 exp(−x² (e^{ε₀} + 1) n / 32)`, valid when the
//! assumption holds at that δ.
//!
//! **Independent anchors** (tests): the mixtures paper's printed Table 1 ("δ in [23]": 0.9494,
//! 0.3764, 0.1038, 0.0181, 0.0018, 8e−5 at ε = 0.5 … 1.0) and Table 2 ("upper bound in [23]":
//! 1.014, 1.085, then ε₀ where the assumption fails) are reproduced to their printed (truncated)
//! digits at `ε₀ = ln(n/(8 ln(2/δ₀)) − 1) = 4.4444785`, δ₀ = n^{−1.5} — the boundary value the
//! paper rounds to 4.444. At ε₀ = 4.444 exactly the first Table 1 entry would be 0.94872 (printed
//! 0.9494): the printed column was computed at the unrounded boundary (an observation, not a
//! defect).
//!
//! **Caveat shared with every shuffling result**: FMT23's erratum restricts its Theorems 3.1 and
//! 3.2 to a class of local randomisers (mixtures spec §10.1 item 5; `shuffling.rs` module doc).
//!
//! Rounding: ε is rounded up and δ up (toward more privacy loss) by a relative 1e−12 allowance
//! for the f64 evaluation of these few elementary functions.

use crate::papers::mixture_fdp::section_4::shuffling::Shuffle;
use crate::error::{check, Result};

const REL: f64 = 1e-12;

/// Whether FMT23 Theorem 3.2's assumption `ε₀ ≤ ln(n/(8 ln(2/δ)) − 1)` holds.
pub fn fmt23_applies(s: &Shuffle, delta: f64) -> bool {
    let inner = s.n as f64 / (8.0 * (2.0 / delta).ln()) - 1.0;
    inner > 0.0 && s.eps0 <= inner.ln()
}

/// FMT23 Theorem 3.2: the ε at `delta`, rounded up; `None` when the assumption fails (the
/// theorem then says nothing beyond the trivial ε₀). Errors: δ ∉ (0, 1).
pub fn fmt23_epsilon(s: &Shuffle, delta: f64) -> Result<Option<f64>> {
    check::unit_open("delta", delta)?;
    if !fmt23_applies(s, delta) {
        return Ok(None);
    }
    let (e0, n) = (s.eps0.exp(), s.n as f64);
    let inner = (e0 - 1.0) * (4.0 * (2.0 * (4.0 / delta).ln()).sqrt() / ((e0 + 1.0) * n).sqrt() + 4.0 / n);
    Ok(Some((inner.ln_1p() * (1.0 + REL)).next_up()))
}

/// FMT23 Theorem 3.2 inverted: the δ at `eps`, rounded up; `None` when the assumption fails at
/// that δ or ε is too small for the bound to say anything (`x ≤ 0`: δ would exceed 1 — then the
/// answer is the trivial 1, reported as `Some(1.0)`). Errors: ε not finite or < 0.
pub fn fmt23_delta(s: &Shuffle, eps: f64) -> Result<Option<f64>> {
    if !(eps.is_finite() && eps >= 0.0) {
        return Err(crate::error::Error::invalid("epsilon", eps, "must be a finite number ≥ 0"));
    }
    let (e0, n) = (s.eps0.exp(), s.n as f64);
    let x = eps.exp_m1() / (e0 - 1.0) - 4.0 / n;
    if x <= 0.0 {
        return Ok(Some(1.0));
    }
    // rounded up: the exponent's magnitude shrunk by the relative allowance
    let d = (4.0 * (-(x * x * (e0 + 1.0) * n / 32.0) * (1.0 - REL)).exp() * (1.0 + REL)).next_up();
    if d >= 1.0 {
        return Ok(Some(1.0));
    }
    Ok(if fmt23_applies(s, d) { Some(d) } else { None })
}
