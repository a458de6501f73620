//! The answer to a `dpaudit noisy-gd` question ([`noisy_gd_report`]): for the request's
//! algorithm, one [`Row`] per theorem of the paper and per composition baseline — GDP μ (or the
//! certified ε interval of a `C_p(G_μ)` composition), ε(δ), guarantee type and the ratio to the
//! composition baseline. Every number comes from the theorem functions of this module's siblings
//! (no formula here); a theorem that does not apply to the parameters is kept as a row saying why.

use super::conversions::lemma_a_3_epsilon;
use super::noisy_cgd::{cgd_convex, theorem_4_4, theorem_4_5, theorem_4_6_best};
use super::noisy_gd::{theorem_4_1, theorem_4_2, theorem_4_3_best, Constrained};
use super::noisy_sgd::{thm_4_10_epsilon_best, thm_4_8_epsilon, thm_4_9_epsilon_best, Constrained as SgdConstrained, Thm49Form};
use super::request::{Algorithm, Checked, NoisyGdRequest};
use super::setting::ratio;
use crate::error::{Error, Result};
use crate::num::Interval;
use crate::papers::Guarantee;
use crate::pld::PldOptions;
use crate::repr::Gdp;
use std::sync::atomic::{AtomicBool, Ordering};

/// What a row's result is.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// μ-GDP; `epsilon` is the upper end of Lemma A.3's certified ε(δ) enclosure.
    Gdp { mu: f64, epsilon: f64 },
    /// A composition of `C_p(G_·)` factors (not GDP): the certified ε(δ) interval; report `.upper`.
    Composition { epsilon: Interval },
    /// The theorem does not apply to these parameters, and why.
    NotApplicable(String),
}

/// One theorem or baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// "Theorem 4.5", "derived (spec §5.2)", …
    pub result: &'static str,
    /// Short description (baseline or the hypothesis the theorem uses).
    pub what: &'static str,
    /// Whether this row is the composition baseline the ratios refer to.
    pub baseline: bool,
    pub guarantee: Guarantee,
    pub outcome: Outcome,
    /// The analysis parameter chosen (window ν, q or K), when the theorem optimises one.
    pub chosen: Option<(&'static str, u64)>,
    /// ε of this row divided by ε of the baseline (None when either is missing or the baseline ε is 0).
    pub ratio: Option<f64>,
}

impl Row {
    /// The reported ε(δ): upper end (rounded toward more loss); None when not applicable.
    pub fn epsilon(&self) -> Option<f64> {
        match &self.outcome {
            Outcome::Gdp { epsilon, .. } => Some(*epsilon),
            Outcome::Composition { epsilon } => Some(epsilon.upper),
            Outcome::NotApplicable(_) => None,
        }
    }
    /// μ when the row is GDP.
    pub fn mu(&self) -> Option<f64> {
        match &self.outcome {
            Outcome::Gdp { mu, .. } => Some(*mu),
            _ => None,
        }
    }
}

/// The whole answer.
#[derive(Clone, Debug, PartialEq)]
pub struct NoisyGdReport {
    pub setting: Checked,
    pub rows: Vec<Row>,
}

fn gdp(mu: f64, delta: f64) -> Result<Outcome> {
    Ok(Outcome::Gdp { mu, epsilon: lemma_a_3_epsilon(mu, delta)?.upper })
}

fn row(result: &'static str, what: &'static str, baseline: bool, guarantee: Guarantee, outcome: Outcome) -> Row {
    Row { result, what, baseline, guarantee, outcome, chosen: None, ratio: None }
}

fn na(result: &'static str, what: &'static str, why: String) -> Row {
    row(result, what, false, Guarantee::Upper, Outcome::NotApplicable(why))
}

const NO_C: &str = "no contraction factor given (--c, or --m and --M)";
const NO_D: &str = "no diameter D given (--d): the constrained theorem needs a bounded set";

fn c_one(thm: &str) -> String {
    format!("c = 1 (no strong convexity); {thm} needs c < 1")
}

/// Answer a request: validate it ([`NoisyGdRequest::check`]) and evaluate every theorem and
/// baseline of its algorithm (full: Theorems 4.1, 4.2, 4.3; cyclic: 4.4, 4.5, the derived c = 1
/// refinement, 4.6; sampled: 4.8, 4.9 (conservative form, spec §9 item 4), 4.10 (θ = 1/2)).
/// Errors: the request's validation errors; [`Error::Interrupted`] between rows.
pub fn noisy_gd_report(req: &NoisyGdRequest, interrupt: &AtomicBool) -> Result<NoisyGdReport> {
    let s = req.check()?;
    let stop = || if interrupt.load(Ordering::Relaxed) { Err(Error::Interrupted) } else { Ok(()) };
    let delta = s.delta;
    let mut rows = Vec::new();
    match s.algorithm {
        Algorithm::Full => {
            rows.push(row("Theorem 4.1", "composition baseline", true, Guarantee::Exact, gdp(theorem_4_1(s.l, s.n, s.sigma, s.steps)?, delta)?));
            rows.push(match s.c {
                None => na("Theorem 4.2", "strongly convex, unconstrained", NO_C.into()),
                Some(c) if c >= 1.0 => na("Theorem 4.2", "strongly convex, unconstrained", c_one("Theorem 4.2 (at c = 1 it equals Theorem 4.1)")),
                Some(c) => row("Theorem 4.2", "strongly convex, unconstrained", false, Guarantee::Upper, gdp(theorem_4_2(s.l, s.n, s.sigma, s.steps, c)?, delta)?),
            });
            rows.push(match s.d {
                None => na("Theorem 4.3", "convex, constrained (best window)", NO_D.into()),
                Some(d) => {
                    let (nu, mu) = theorem_4_3_best(&Constrained { d, eta: s.eta, l: s.l, n: s.n, sigma: s.sigma }, s.steps)?;
                    Row { chosen: Some(("nu", nu)), ..row("Theorem 4.3", "convex, constrained (best window)", false, Guarantee::Upper, gdp(mu, delta)?) }
                }
            });
        }
        Algorithm::Cyclic => {
            rows.push(row("Theorem 4.4", "composition baseline", true, Guarantee::Upper, gdp(theorem_4_4(s.l, s.b, s.sigma, s.epochs)?, delta)?));
            rows.push(match s.c {
                None => na("Theorem 4.5", "strongly convex, unconstrained", NO_C.into()),
                Some(c) if c >= 1.0 => na("Theorem 4.5", "strongly convex, unconstrained", c_one("Theorem 4.5 (see the derived c = 1 row)")),
                Some(c) => row("Theorem 4.5", "strongly convex, unconstrained", false, Guarantee::Upper, gdp(theorem_4_5(s.l, s.b, s.sigma, s.batches, s.epochs, c)?, delta)?),
            });
            stop()?;
            rows.push(match s.c {
                None => na("derived c = 1", "convex, smooth (spec §5.2, not in the paper)", NO_C.into()),
                Some(_) => row("derived c = 1", "convex, smooth (spec §5.2, not in the paper)", false, Guarantee::Upper, gdp(cgd_convex(s.l, s.b, s.sigma, s.batches, s.epochs)?, delta)?),
            });
            rows.push(match s.d {
                None => na("Theorem 4.6", "convex, constrained (best window)", NO_D.into()),
                Some(d) => {
                    let (q, mu) = theorem_4_6_best(&Constrained { d, eta: s.eta, l: s.l, n: s.b, sigma: s.sigma }, s.batches, s.epochs)?;
                    Row { chosen: Some(("q", q)), ..row("Theorem 4.6", "convex, constrained (best window)", false, Guarantee::Upper, gdp(mu, delta)?) }
                }
            });
        }
        Algorithm::Sampled => {
            let opts = PldOptions::default();
            let r = ratio(s.l, s.b, s.sigma)?;
            rows.push(row("Theorem 4.8", "composition baseline (certified C_p(G_r)^t)", true, Guarantee::Upper, Outcome::Composition { epsilon: thm_4_8_epsilon(s.p, r, s.steps, delta, &opts)? }));
            stop()?;
            rows.push(match s.c {
                None => na("Theorem 4.9", "strongly convex, unconstrained (conservative form)", NO_C.into()),
                Some(c) if c >= 1.0 => na("Theorem 4.9", "strongly convex, unconstrained (conservative form)", c_one("Theorem 4.9")),
                Some(c) => {
                    let (k, eps) = thm_4_9_epsilon_best(s.p, r, c, s.steps, Thm49Form::Conservative, delta, &opts)?;
                    Row { chosen: Some(("K", k)), ..row("Theorem 4.9", "strongly convex, unconstrained (conservative form)", false, Guarantee::Upper, Outcome::Composition { epsilon: eps }) }
                }
            });
            stop()?;
            rows.push(match s.d {
                None => na("Theorem 4.10", "convex, constrained (theta = 1/2)", NO_D.into()),
                Some(d) => {
                    let (nu, eps) = thm_4_10_epsilon_best(s.p, r, &SgdConstrained::half(d, s.eta, s.sigma), s.steps, delta, &opts)?;
                    Row { chosen: Some(("nu", nu)), ..row("Theorem 4.10", "convex, constrained (theta = 1/2)", false, Guarantee::Upper, Outcome::Composition { epsilon: eps }) }
                }
            });
        }
    }
    let base = rows.iter().find(|r| r.baseline).and_then(Row::epsilon);
    for r in &mut rows {
        r.ratio = match (r.epsilon(), base) {
            (Some(e), Some(b)) if b > 0.0 => Some(e / b),
            _ => None,
        };
    }
    Ok(NoisyGdReport { setting: s, rows })
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
    /// Rows that are not GDP have no curve here.
    /// Errors: points < 2; a μ that [`Gdp::new`] rejects.
    pub fn tradeoff_csv(&self, points: usize) -> Result<String> {
        if points < 2 {
            return Err(Error::invalid("trade-off grid points", points, "must be ≥ 2"));
        }
        let curves: Vec<(&Row, Gdp)> = self.rows.iter().filter_map(|r| r.mu().map(|mu| Gdp::new(mu).map(|g| (r, g)))).collect::<Result<_>>()?;
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
