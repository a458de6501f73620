//! What `dpaudit merge` asks of the paper (*DP Model Merging*, Algorithms 1–4): a
//! [`MergeRequest`] as the user wrote it, plus the small parsers it needs (order grids, the
//! lattice size of the feasible-set search). [`crate::papers::model_merging::commands::merge_certify::certify_merge`] validates it
//! and answers it; the CLI only fills it in and prints the answer.

use crate::error::{Error, Result};
use std::path::PathBuf;

/// The merger (spec §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Merger {
    /// Random selection, eq. (4): Theorems 5.1/5.2, Algorithms 1/2.
    Rs,
    /// Linear combination, eq. (5): Theorems 6.1/6.2/6.4, Algorithms 3/4.
    Lc,
}

/// The accounting family of the paper's algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Accounting {
    /// RDP (Algorithms 1/3).
    Rdp,
    /// PLD, certified FFT (Algorithms 2/4).
    Pld,
}

/// One `merge` question. Fields hold the user's values unvalidated (strings where the user
/// typed a grammar); [`crate::papers::model_merging::commands::merge_certify::certify_merge`] checks them in the order listed
/// here, so the first bad one is the one reported.
#[derive(Clone, Debug, PartialEq)]
pub struct MergeRequest {
    pub merger: Merger,
    /// Portfolio file (TOML, or CSV when the name ends in `.csv`).
    pub portfolio: PathBuf,
    /// Target ε′ (finite, `≥ 0`).
    pub epsilon: f64,
    /// Target δ′ ∈ (0, 1).
    pub delta: f64,
    /// Lattice step `1/grid` of the feasible-set search (`≥ 1`).
    pub grid: usize,
    /// RDP → (ε, δ) conversion: `classic` or `improved` (`conventions::Conversion::parse`).
    pub conversion: String,
    /// Rényi orders: `LO..HI`, `LO..=HI` (integers) or a comma list ([`parse_orders`]).
    pub orders: String,
    /// Merge weights, one per model: certify these; `None`: search the feasible set.
    pub weights: Option<Vec<f64>>,
    pub accounting: Accounting,
    /// Utility per model (overrides the portfolio's `utility`).
    pub utility: Option<Vec<f64>>,
}

/// Parse an order grid: `LO..HI` or `LO..=HI` (integers, both ends included, `2 ≤ LO ≤ HI ≤
/// 100000`) or a comma list of finite orders `> 1` (sorted, duplicates removed).
/// Errors name `--orders` and the text.
///
/// ```
/// use dpaudit::papers::model_merging::commands::merge_request::parse_orders;
/// assert_eq!(parse_orders("2..4").unwrap(), vec![2.0, 3.0, 4.0]);
/// assert_eq!(parse_orders("8, 2.5,8").unwrap(), vec![2.5, 8.0]);
/// assert!(parse_orders("1..4").is_err());
/// ```
pub fn parse_orders(s: &str) -> Result<Vec<f64>> {
    let bad = |why: &str| Error::invalid("--orders", s, why);
    if let Some((a, b)) = s.split_once("..") {
        let lo: u32 = a.trim().parse().map_err(|_| bad("expected LO..HI with integers"))?;
        let hi: u32 = b.trim().trim_start_matches('=').parse().map_err(|_| bad("expected LO..HI with integers"))?;
        if lo < 2 || hi < lo || hi > 100_000 {
            return Err(bad("needs 2 <= LO <= HI <= 100000"));
        }
        return Ok((lo..=hi).map(f64::from).collect());
    }
    let mut v: Vec<f64> = s.split(',').map(|x| x.trim().parse::<f64>().map_err(|_| bad("expected numbers"))).collect::<Result<_>>()?;
    if v.is_empty() || v.iter().any(|a| !(a.is_finite() && *a > 1.0)) {
        return Err(bad("orders must be finite and > 1"));
    }
    v.sort_by(f64::total_cmp);
    v.dedup();
    Ok(v)
}

/// Number of points `C(m + n − 1, n − 1)` of the simplex lattice `{c/m : c ∈ ℕ^n, Σc = m}`
/// searched by [`crate::papers::model_merging::common::feasible::feasible`] (evaluated through `ln_binom`, rounded to the
/// nearest integer; saturates for astronomically large lattices). Used for progress reporting.
pub fn lattice_points(n: usize, m: usize) -> u64 {
    if n == 0 {
        return 0;
    }
    crate::num::special::ln_binom((m + n - 1) as f64, (n - 1) as f64).exp().round() as u64
}

#[cfg(test)]
#[path = "merge_request_test.rs"]
mod merge_request_test;
