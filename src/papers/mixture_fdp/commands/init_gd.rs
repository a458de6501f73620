//! `dpaudit init-gd`: one step of DP-GD from a random Gaussian initialisation (mixtures f-DP
//! paper, Section 5; spec §5): Theorem 5.1's bound for the least-squares shift
//! `μ_I = clip(a − I, −c, c)/σ` (Examples D.1, D.2; with `c` the sup over datasets of this family,
//! so also the worst-case remark with the envelope `min(|a − I|, c)/σ`) next to the baseline
//! without initialisation randomness (`G_{c/σ}`). The CLI parses, calls [`init_gd_report`] and
//! prints.

use crate::papers::mixture_fdp::section_5::init_gd::*;
use crate::error::{check, Error, Result};
use crate::num::fmt::format_number;
use crate::papers::Guarantee;
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

/// One line of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub key: &'static str,
    pub result: &'static str,
    pub what: String,
    pub guarantee: Guarantee,
    /// `None`: not applicable (reason in `note`).
    pub value: Option<f64>,
    pub note: String,
}

/// The answer.
#[derive(Clone, Debug, PartialEq)]
pub struct InitGdReport {
    pub request: InitGdRequest,
    pub shift: Shift,
    pub rows: Vec<Row>,
}

/// Points of the trade-off CSV: thresholds `t = sinh(s)`, `s = −5, −4.9, …, 5`.
pub const TRADEOFF_POINTS: usize = 101;

impl InitGdRequest {
    /// Validate. Errors (one line each): `a` not finite or `|a| > 1000`; σ ∉ [1e−3, 1e3];
    /// `c` not in (0, 1000] or `c/σ > 60`; ε not finite or < 0; δ ∉ (0, 1); α ∉ [0, 1].
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
                if c / self.sigma > 60.0 {
                    return Err(Error::invalid("--clip", c, "c/sigma must be <= 60 (delta below 1e-300 at every eps of interest)"));
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

fn answer(s: &Shift, t: Target, theorem: bool) -> Result<f64> {
    if theorem {
        return match t {
            Target::Delta { epsilon } => theorem_5_1_delta(s, epsilon),
            Target::Epsilon { delta } => theorem_5_1_epsilon(s, delta),
            Target::Beta { alpha } => theorem_5_1_eval(s, alpha),
        };
    }
    let g = no_init_baseline(s)?;
    match t {
        Target::Delta { epsilon } => Ok(crate::num::round::widen_up(g.delta(epsilon)?, 4).min(1.0)),
        Target::Epsilon { delta } => Ok(g.epsilon_for_delta(delta)?.upper),
        Target::Beta { alpha } => Ok((g.tradeoff(alpha)? * (1.0 - 1e-12)).max(0.0)),
    }
}

/// Compute the report (validation first; nothing computed on bad input). Errors: invalid
/// parameters ([`InitGdRequest::shift`]), [`Error::Interrupted`].
pub fn init_gd_report(req: &InitGdRequest, interrupt: &AtomicBool) -> Result<InitGdReport> {
    let s = req.shift()?;
    let mut rows = Vec::new();
    let v = answer(&s, req.target, true)?;
    rows.push(Row { key: "theorem_5_1", result: "Theorem 5.1", what: "random initialisation I ~ N(0,1), index-revealed bound J (|mu_I| form)".into(), guarantee: Guarantee::Upper, value: Some(v), note: String::new() });
    if interrupt.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    let row = match req.clip {
        Some(c) => Row { key: "no_init", result: "Example D.2", what: format!("fixed start (no initialisation randomness): G_{{c/sigma}}, c/sigma = {}", format_number(c / req.sigma)), guarantee: Guarantee::Upper, value: Some(answer(&s, req.target, false)?), note: String::new() },
        None => Row { key: "no_init", result: "Example D.1", what: "fixed start (no initialisation randomness)".into(), guarantee: Guarantee::Upper, value: None, note: "not applicable: without clipping the sensitivity |a - theta0|/sigma is unbounded over theta0".into() },
    };
    rows.push(row);
    Ok(InitGdReport { request: *req, shift: s, rows })
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
