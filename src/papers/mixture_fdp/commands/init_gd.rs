//! `dpaudit init-gd`: one step of DP-GD from a random Gaussian initialisation (mixtures f-DP
//! paper, Section 5; spec §5): Theorem 5.1's bound for the least-squares shift
//! `μ_I = clip(a − I, −c, c)/σ` (Examples D.1, D.2; with `c` the sup over datasets of this family,
//! so also the worst-case remark with the envelope `min(|a − I|, c)/σ`) next to the baseline
//! without initialisation randomness (`G_{c/σ}`) — the functions of the cards
//! [`crate::papers::mixture_fdp::cards::section_5`]. The CLI parses, calls [`init_gd_report`] and
//! prints the `Serialize` report.

use crate::papers::mixture_fdp::section_5::init_gd::*;
use crate::papers::mixture_fdp::section_5::ln_delta::{delta_upper_from_ln, gdp_delta_upper};
use crate::error::{check, Error, Result};
use crate::num::fmt::format_number;
use crate::papers::Guarantee;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// What is asked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// δ at this ε ≥ 0.
    Delta { epsilon: f64 },
    /// ε at this δ ∈ (0, 1).
    Epsilon { delta: f64 },
    /// The trade-off value β at this type I error α ∈ [0, 1].
    Beta { alpha: f64 },
}

/// A request: label slope `a`, noise σ, clipping norm `c` (`None`: no clipping, Example D.1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct InitGdRequest {
    pub a: f64,
    pub sigma: f64,
    pub clip: Option<f64>,
    pub target: Target,
}

/// One line of the report (a JSON row).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    pub key: &'static str,
    pub result: &'static str,
    pub what: String,
    pub guarantee: Guarantee,
    /// `None`: not applicable (reason in `not_applicable`). An upper δ below the f64 range is the
    /// smallest subnormal (never 0; `ln_value` holds its logarithm).
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub value: Option<f64>,
    /// `ln δ` (δ target only).
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64", skip_serializing_if = "Option::is_none")]
    pub ln_value: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_applicable: Option<String>,
    /// The value could not be computed, and why (the other rows are still reported).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_computed: Option<String>,
}

impl Row {
    fn of(key: &'static str, result: &'static str, what: String, r: Result<(f64, Option<f64>)>) -> Result<Row> {
        let mut row = Row { key, result, what, guarantee: Guarantee::Upper, value: None, ln_value: None, not_applicable: None, not_computed: None };
        match r {
            Ok((v, ln)) => (row.value, row.ln_value) = (Some(v), ln),
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) => row.not_computed = Some(e.to_string()),
        }
        Ok(row)
    }
}

/// The answer: the JSON object of `dpaudit init-gd --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InitGdReport {
    pub command: &'static str,
    pub paper: &'static str,
    #[serde(serialize_with = "crate::num::fmt::serialize_f64")]
    pub a: f64,
    #[serde(serialize_with = "crate::num::fmt::serialize_f64")]
    pub sigma: f64,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub clip: Option<f64>,
    /// `delta`, `epsilon` or `beta`.
    pub quantity: &'static str,
    pub rows: Vec<Row>,
    #[serde(skip)]
    pub request: InitGdRequest,
    #[serde(skip)]
    pub shift: Shift,
}

/// Points of the trade-off CSV: thresholds `t = sinh(s)`, `s = −5, −4.9, …, 5`.
pub const TRADEOFF_POINTS: usize = 101;

impl InitGdRequest {
    /// Validate. Errors (one line each): `a` not finite or `|a| > 1000`; σ ∉ [1e−3, 1e3];
    /// `c` not in (0, 1000]; ε not finite or < 0; δ ∉ (0, 1); α ∉ [0, 1].
    pub fn shift(&self) -> Result<Shift> {
        check::finite("--a", self.a)?;
        if self.a.abs() > 1e3 {
            return Err(Error::invalid("--a", self.a, "must satisfy |a| <= 1000"));
        }
        if !(self.sigma.is_finite() && (1e-3..=1e3).contains(&self.sigma)) {
            return Err(Error::invalid("--sigma", self.sigma, "must lie in [0.001, 1000]"));
        }
        let c = match self.clip {
            Some(c) => {
                if !(c.is_finite() && c > 0.0 && c <= 1e3) {
                    return Err(Error::invalid("--clip", c, "must lie in (0, 1000]"));
                }
                c
            }
            None => f64::INFINITY,
        };
        match self.target {
            Target::Delta { epsilon } => {
                if !(epsilon.is_finite() && epsilon >= 0.0) {
                    return Err(Error::invalid("--epsilon", epsilon, "must be a finite number >= 0"));
                }
            }
            Target::Epsilon { delta } => {
                check::unit_open("--delta", delta)?;
            }
            Target::Beta { alpha } => {
                check::unit_closed("--alpha", alpha)?;
            }
        }
        Ok(Shift::Clipped { a: self.a, c, sigma: self.sigma })
    }
}

/// The value at the target and, for a δ target, `ln δ`.
fn answer(s: &Shift, t: Target, theorem: bool) -> Result<(f64, Option<f64>)> {
    if theorem {
        return match t {
            Target::Delta { epsilon } => {
                let l = theorem_5_1_ln_delta(s, epsilon)?;
                Ok((delta_upper_from_ln(l), Some(l)))
            }
            Target::Epsilon { delta } => Ok((theorem_5_1_epsilon(s, delta)?, None)),
            Target::Beta { alpha } => Ok((theorem_5_1_eval(s, alpha)?, None)),
        };
    }
    let g = no_init_baseline(s)?;
    match t {
        Target::Delta { epsilon } => {
            let (v, _, ln) = gdp_delta_upper(&g, epsilon, crate::papers::card::DEFAULT_PRECISION);
            Ok((v, Some(ln)))
        }
        Target::Epsilon { delta } => Ok((g.epsilon_for_delta(delta)?.upper, None)),
        Target::Beta { alpha } => Ok(((g.tradeoff(alpha)? * (1.0 - 1e-12)).max(0.0), None)),
    }
}

/// Compute the report (validation first; nothing computed on bad input). Errors: invalid
/// parameters ([`InitGdRequest::shift`]), [`Error::Interrupted`].
pub fn init_gd_report(req: &InitGdRequest, interrupt: &AtomicBool) -> Result<InitGdReport> {
    let s = req.shift()?;
    let mut rows = vec![Row::of("theorem_5_1", "Theorem 5.1", "random initialisation I ~ N(0,1), index-revealed bound J (|mu_I| form)".into(), answer(&s, req.target, true))?];
    if interrupt.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    rows.push(match req.clip {
        Some(c) => Row::of("no_init", "Example D.2", format!("fixed start (no initialisation randomness): G_{{c/sigma}}, c/sigma = {}", format_number(c / req.sigma)), answer(&s, req.target, false))?,
        None => Row { value: None, not_applicable: Some("without clipping the sensitivity |a - theta0|/sigma is unbounded over theta0".into()), ..Row::of("no_init", "Example D.1", "fixed start (no initialisation randomness)".into(), Ok((0.0, None)))? },
    });
    let quantity = match req.target {
        Target::Delta { .. } => "delta",
        Target::Epsilon { .. } => "epsilon",
        Target::Beta { .. } => "beta",
    };
    Ok(InitGdReport { command: "init-gd", paper: crate::papers::mixture_fdp::PAPER, a: req.a, sigma: req.sigma, clip: req.clip, quantity, rows, request: *req, shift: s })
}

impl InitGdReport {
    /// The trade-off curves as CSV: `t, alpha, beta_theorem_5_1, beta_no_init` (the last empty
    /// without clipping), at `t = sinh(s)`, `s = −5, …, 5` ([`TRADEOFF_POINTS`] rows), β rounded down.
    pub fn tradeoff_csv(&self) -> Result<String> {
        let mut out = String::from("# source: Mixtures f-DP Theorem 5.1 (spec §5.2) points (alpha(t), beta(t)) for mu_I = clip(a - I, -c, c)/sigma and the no-initialisation baseline G_{c/sigma}(alpha(t)), generated by: dpaudit init-gd\nt,alpha,beta_theorem_5_1,beta_no_init\n");
        let base = no_init_baseline(&self.shift).ok();
        for k in 0..TRADEOFF_POINTS {
            let t = (-5.0 + 0.1 * k as f64).sinh();
            let (a, b) = theorem_5_1_alpha_beta(&self.shift, t)?;
            let b = (b * (1.0 - ROUND_REL)).max(0.0);
            let g = match base {
                Some(g) => format_number((g.tradeoff(a)? * (1.0 - 1e-12)).max(0.0)),
                None => String::new(),
            };
            out.push_str(&format!("{},{},{},{}\n", format_number(t), format_number(a), format_number(b), g));
        }
        Ok(out)
    }
}
