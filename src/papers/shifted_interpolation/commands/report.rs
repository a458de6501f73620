//! The answer to a `dpaudit noisy-gd` question ([`noisy_gd_report`]): for the request's
//! algorithm, one [`Row`] per theorem of the paper and per composition baseline — GDP μ (or the
//! certified interval of a `C_p(G_μ)` composition), ε(δ) and/or δ(ε), guarantee type and the
//! ratio to the composition baseline. Every number comes from the theorem functions of the paper
//! ([`super::rows`]; no formula here). A theorem whose hypotheses the parameters do not give is
//! a row saying why (*not applicable*); a row that cannot be computed says why (*not computed*)
//! and the other rows are still reported. The report is `Serialize`: the JSON of `noisy-gd`.

use super::request::{Algorithm, Checked, NoisyGdRequest};
use super::row::Row;
use super::rows::{cyclic_rows, full_rows, sampled_rows};
use crate::error::{Error, Result};
use crate::repr::Gdp;
use serde::Serialize;
use std::sync::atomic::AtomicBool;

/// The whole answer: the validated setting (its fields at the top level of the JSON) and the
/// rows; `ratio_of` says whether the ratios compare ε or δ.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NoisyGdReport {
    #[serde(flatten)]
    pub setting: Checked,
    pub ratio_of: &'static str,
    pub rows: Vec<Row>,
}

/// Answer a request: validate it ([`NoisyGdRequest::check`]) and evaluate every theorem and
/// baseline of its algorithm (full: Theorems 4.1, 4.2, 4.3 and 4.3's printed closed form;
/// cyclic: 4.4, 4.5, the derived c = 1 refinement, 4.6 and its closed form; sampled: 4.8, 4.9
/// (conservative form, spec §9 item 4), 4.10 (θ = 1/2)). Errors: the request's validation
/// errors (exit 2); [`Error::Interrupted`] (compositions run on a worker thread, polled every
/// 50 ms). A row that cannot be computed is a `NotComputed` row, not an error.
pub fn noisy_gd_report(req: &NoisyGdRequest, interrupt: &AtomicBool) -> Result<NoisyGdReport> {
    let s = req.check()?;
    let mut rows = match s.algorithm {
        Algorithm::Full => full_rows(&s)?,
        Algorithm::Cyclic => cyclic_rows(&s)?,
        Algorithm::Sampled => sampled_rows(&s, interrupt)?,
    };
    let by_eps = s.delta.is_some();
    let value = |r: &Row| if by_eps { r.epsilon() } else { r.delta() };
    let base = rows.iter().find(|r| r.baseline).and_then(value);
    for r in &mut rows {
        r.ratio = match (value(r), base) {
            (Some(e), Some(b)) if b > 0.0 && b.is_finite() => Some(e / b),
            _ => None,
        };
    }
    Ok(NoisyGdReport { setting: s, ratio_of: if by_eps { "epsilon" } else { "delta" }, rows })
}

/// Number of grid points of [`NoisyGdReport::tradeoff_csv`] (α = 0, 0.01, …, 1).
pub const TRADEOFF_POINTS: usize = 101;
/// MPFR precision (bits) of the trade-off values of [`NoisyGdReport::tradeoff_csv`].
pub const TRADEOFF_PREC: u32 = 128;

impl NoisyGdReport {
    /// The trade-off curves of the GDP rows as CSV: header `alpha,<result>…` (result names with
    /// spaces as `_`), one line per α = i/(points − 1), value `G_μ(α) = Φ(Φ⁻¹(1 − α) − μ)`
    /// (Dong–Roth–Su Definition 2.4) evaluated in MPFR at [`TRADEOFF_PREC`] bits and rounded
    /// **down** ([`crate::repr::convert::gdp_tradeoff_down`]): a reported trade-off is a lower
    /// bound on the achievable type II error, so rounding down errs towards more privacy loss.
    /// Rows that are not GDP (or whose μ overflowed to ∞) have no curve here.
    /// Errors: points < 2; a μ that [`Gdp::new`] rejects.
    pub fn tradeoff_csv(&self, points: usize) -> Result<String> {
        if points < 2 {
            return Err(Error::invalid("trade-off grid points", points, "must be ≥ 2"));
        }
        let curves: Vec<(&Row, Gdp)> = self.rows.iter().filter_map(|r| r.mu().filter(|mu| mu.is_finite()).map(|mu| Gdp::new(mu).map(|g| (r, g)))).collect::<Result<_>>()?;
        let mut out = String::from("alpha");
        for (r, _) in &curves {
            out.push(',');
            out.push_str(&r.result.replace(' ', "_"));
        }
        out.push('\n');
        for i in 0..points {
            let a = i as f64 / (points - 1) as f64;
            out.push_str(&format!("{a}"));
            for (_, g) in &curves {
                out.push_str(&format!(",{:e}", crate::repr::convert::gdp_tradeoff_down(*g, a, TRADEOFF_PREC)?));
            }
            out.push('\n');
        }
        Ok(out)
    }
}

#[cfg(test)]
#[path = "report_test.rs"]
mod report_test;
