//! The rows of a `dpaudit noisy-gd` report ([`super::report`]), one function per algorithm.
//! Each row calls the theorem functions of Sections 4.1–4.3; a theorem whose hypotheses are
//! missing is *not applicable* (with the hypothesis named), a theorem whose value cannot be
//! computed is *not computed* (with the reason) — neither takes the report down. The NoisySGD
//! compositions run on a worker thread ([`interruptible`]) so that Ctrl-C stops them at once.

use super::row::{Outcome, Row};
use super::request::Checked;
use crate::error::{Error, Result};
use crate::papers::shifted_interpolation::appendix_a::conversions::{lemma_a_3_delta, lemma_a_3_epsilon};
use crate::worker::run_interruptible;
use crate::papers::shifted_interpolation::section_4::composed::{options_for_width, Composed, Query};
use crate::papers::shifted_interpolation::section_4::noisy_cgd::{cgd_convex, theorem_4_4, theorem_4_5, theorem_4_6_best, theorem_4_6_closed};
use crate::papers::shifted_interpolation::section_4::noisy_gd::{theorem_4_1, theorem_4_2, theorem_4_3_best, theorem_4_3_closed, Constrained};
use crate::papers::shifted_interpolation::section_4::noisy_sgd::{thm_4_10, thm_4_10_best, thm_4_8, thm_4_9, thm_4_9_best, Constrained as SgdConstrained, Thm49Form};
use crate::papers::shifted_interpolation::setting::ratio;
use crate::papers::Guarantee;
use crate::pld::PldOptions;
use std::sync::atomic::AtomicBool;

const NO_C: &str = "no contraction factor given (--c, or --m and --M)";
const NO_D: &str = "no diameter D given (--d): the constrained theorem needs a bounded set";

fn c_one(thm: &str) -> String {
    format!("c = 1 (no strong convexity); {thm} needs c < 1")
}

fn row(result: &'static str, what: &'static str, baseline: bool, guarantee: Guarantee, outcome: Outcome) -> Row {
    Row { result, what, baseline, guarantee, outcome, chosen: None, ratio: None }
}

fn na(result: &'static str, what: &'static str, why: impl Into<String>) -> Row {
    row(result, what, false, Guarantee::Upper, Outcome::NotApplicable(why.into()))
}

/// An error of a row's computation as a *not computed* outcome (an interruption is passed on).
fn or_not_computed(r: Result<Outcome>) -> Result<Outcome> {
    match r {
        Err(Error::Interrupted) => Err(Error::Interrupted),
        Err(e) => Ok(Outcome::NotComputed(e.to_string())),
        ok => ok,
    }
}

/// The GDP outcome of μ: ε(δ) and δ(ε) of `G_μ` (Lemma A.3, certified upper ends) at the
/// request's queries; μ = ∞ (overflow of an extreme input) gives ε = ∞, δ = 1.
fn gdp(mu: Result<f64>, s: &Checked) -> Result<Outcome> {
    or_not_computed(mu.and_then(|mu| {
        if mu == f64::INFINITY {
            return Ok(Outcome::Gdp { mu, epsilon: s.delta.map(|_| f64::INFINITY), delta: s.epsilon.map(|_| 1.0) });
        }
        let epsilon = s.delta.map(|d| lemma_a_3_epsilon(mu, d).map(|iv| iv.upper)).transpose()?;
        let delta = s.epsilon.map(|e| lemma_a_3_delta(mu, e).map(|iv| iv.upper)).transpose()?;
        Ok(Outcome::Gdp { mu, epsilon, delta })
    }))
}

/// A GDP row with an optional chosen window.
fn gdp_row(result: &'static str, what: &'static str, baseline: bool, guarantee: Guarantee, mu: Result<(Option<(&'static str, u64)>, f64)>, s: &Checked) -> Result<Row> {
    let (chosen, mu) = match mu {
        Ok((w, m)) => (w, Ok(m)),
        Err(e) => (None, Err(e)),
    };
    Ok(Row { chosen, ..row(result, what, baseline, guarantee, gdp(mu, s)?) })
}

/// Full batch (Section 4.1): Theorems 4.1, 4.2, 4.3 (best window) and 4.3's printed closed form.
pub fn full_rows(s: &Checked) -> Result<Vec<Row>> {
    let mut rows = vec![gdp_row("Theorem 4.1", "composition baseline", true, Guarantee::Exact, theorem_4_1(s.l, s.n, s.sigma, s.steps).map(|m| (None, m)), s)?];
    const W42: &str = "strongly convex, unconstrained";
    rows.push(match s.c {
        None => na("Theorem 4.2", W42, NO_C),
        Some(c) if c >= 1.0 => na("Theorem 4.2", W42, c_one("Theorem 4.2 (at c = 1 it equals Theorem 4.1)")),
        Some(c) => gdp_row("Theorem 4.2", W42, false, Guarantee::Upper, theorem_4_2(s.l, s.n, s.sigma, s.steps, c).map(|m| (None, m)), s)?,
    });
    const W43: &str = "convex, constrained (best window)";
    const W43C: &str = "convex, constrained (printed closed form at ν* = ⌈Dn/(ηL)⌉)";
    match s.d {
        None => rows.extend([na("Theorem 4.3", W43, NO_D), na("Theorem 4.3 (closed form)", W43C, NO_D)]),
        Some(d) => {
            let k = Constrained { d, eta: s.eta, l: s.l, n: s.n, sigma: s.sigma };
            rows.push(gdp_row("Theorem 4.3", W43, false, Guarantee::Upper, theorem_4_3_best(&k, s.steps).map(|(nu, m)| (Some(("nu", nu)), m)), s)?);
            let nu_star = k.real_window().ceil();
            rows.push(match theorem_4_3_closed(&k, s.steps) {
                Ok(m) => gdp_row("Theorem 4.3 (closed form)", W43C, false, Guarantee::Upper, Ok((Some(("nu_star", nu_star as u64)), m)), s)?,
                Err(e) => na("Theorem 4.3 (closed form)", W43C, e.to_string()),
            });
        }
    }
    Ok(rows)
}

/// Cyclic batches (Section 4.2): Theorems 4.4, 4.5, the derived c = 1 refinement (spec §5.2),
/// 4.6 (best window) and 4.6's printed closed form.
pub fn cyclic_rows(s: &Checked) -> Result<Vec<Row>> {
    let mut rows = vec![gdp_row("Theorem 4.4", "composition baseline", true, Guarantee::Upper, theorem_4_4(s.l, s.b, s.sigma, s.epochs).map(|m| (None, m)), s)?];
    const W45: &str = "strongly convex, unconstrained";
    rows.push(match s.c {
        None => na("Theorem 4.5", W45, NO_C),
        Some(c) if c >= 1.0 => na("Theorem 4.5", W45, c_one("Theorem 4.5 (see the derived c = 1 row)")),
        Some(c) => gdp_row("Theorem 4.5", W45, false, Guarantee::Upper, theorem_4_5(s.l, s.b, s.sigma, s.batches, s.epochs, c).map(|m| (None, m)), s)?,
    });
    const WD: &str = "convex, smooth (spec §5.2, not in the paper)";
    rows.push(match s.c {
        None => na("derived c = 1", WD, NO_C),
        Some(_) => gdp_row("derived c = 1", WD, false, Guarantee::Upper, cgd_convex(s.l, s.b, s.sigma, s.batches, s.epochs).map(|m| (None, m)), s)?,
    });
    const W46: &str = "convex, constrained (best window)";
    const W46C: &str = "convex, constrained (printed closed form at q* = ⌈Db/(ηL)⌉)";
    match s.d {
        None => rows.extend([na("Theorem 4.6", W46, NO_D), na("Theorem 4.6 (closed form)", W46C, NO_D)]),
        Some(d) => {
            let k = Constrained { d, eta: s.eta, l: s.l, n: s.b, sigma: s.sigma };
            rows.push(gdp_row("Theorem 4.6", W46, false, Guarantee::Upper, theorem_4_6_best(&k, s.batches, s.epochs).map(|(q, m)| (Some(("q", q)), m)), s)?);
            let q_star = k.real_window().ceil();
            rows.push(match theorem_4_6_closed(&k, s.batches, s.epochs) {
                Ok(m) => gdp_row("Theorem 4.6 (closed form)", W46C, false, Guarantee::Upper, Ok((Some(("q_star", q_star as u64)), m)), s)?,
                Err(e) => na("Theorem 4.6 (closed form)", W46C, e.to_string()),
            });
        }
    }
    Ok(rows)
}

/// A composition row: ε at the request's δ (the window chosen by `run` for it), then δ at the
/// request's ε at the same window (every window is valid); each on a worker thread. `run(q, w)`
/// evaluates query `q` at window `w` (or chooses one) and returns the window used.
fn composed_row<F>(s: &Checked, interrupt: &AtomicBool, window: Option<&'static str>, run: F) -> Result<(Option<(&'static str, u64)>, Outcome)>
where
    F: Fn(Query, Option<u64>) -> Result<(Option<u64>, Composed)> + Clone + Send + 'static,
{
    let mut used = None;
    let mut notes = Vec::new();
    let mut eps = None;
    if let Some(d) = s.delta {
        let f = run.clone();
        match run_interruptible(interrupt, None, move || f(Query::Epsilon { delta: d }, None)) {
            Ok((w, c)) => {
                used = w;
                notes.push(format!("ε: {}", c.note));
                eps = Some(c.interval);
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(e) => return Ok((None, Outcome::NotComputed(e.to_string()))),
        }
    }
    let mut delta = None;
    if let Some(e) = s.epsilon {
        let f = run.clone();
        match run_interruptible(interrupt, None, move || f(Query::Delta { epsilon: e }, used)) {
            Ok((w, c)) => {
                used = used.or(w);
                notes.push(format!("δ: {}", c.note));
                delta = Some(c.interval);
            }
            Err(Error::Interrupted) => return Err(Error::Interrupted),
            Err(err) if eps.is_none() => return Ok((None, Outcome::NotComputed(err.to_string()))),
            Err(err) => notes.push(format!("δ not computed: {err}")),
        }
    }
    let chosen = window.zip(used);
    Ok((chosen, Outcome::Composition { epsilon: eps, delta, note: notes.join("; ") }))
}

/// Sampled batches (Section 4.3): Theorems 4.8 (baseline), 4.9 (conservative form, best
/// certified window), 4.10 (θ = 1/2, best certified window), certified at the request's width.
pub fn sampled_rows(s: &Checked, interrupt: &AtomicBool) -> Result<Vec<Row>> {
    let opts = match s.width {
        Some(w) => options_for_width(w)?,
        None => PldOptions::default(),
    };
    let r = ratio(s.l, s.b, s.sigma)?;
    let (p, t) = (s.p, s.steps);
    let mut rows = Vec::new();
    let o = opts.clone();
    let (chosen, out) = composed_row(s, interrupt, None, move |q, _| Ok((None, thm_4_8(p, r, t, q, &o)?)))?;
    rows.push(Row { chosen, ..row("Theorem 4.8", "composition baseline (certified C_p(G_r)^t)", true, Guarantee::Upper, out) });
    const W49: &str = "strongly convex, unconstrained (conservative form)";
    rows.push(match s.c {
        None => na("Theorem 4.9", W49, NO_C),
        Some(c) if c >= 1.0 => na("Theorem 4.9", W49, c_one("Theorem 4.9")),
        Some(c) => {
            let (o, f) = (opts.clone(), Thm49Form::Conservative);
            let (chosen, out) = composed_row(s, interrupt, Some("K"), move |q, w| match w {
                Some(k) => Ok((Some(k), thm_4_9(p, r, c, t, k, f, q, &o)?)),
                None => thm_4_9_best(p, r, c, t, f, q, &o).map(|(k, c)| (Some(k), c)),
            })?;
            Row { chosen, ..row("Theorem 4.9", W49, false, Guarantee::Upper, out) }
        }
    });
    const W410: &str = "convex, constrained (theta = 1/2)";
    rows.push(match s.d {
        None => na("Theorem 4.10", W410, NO_D),
        Some(d) => {
            let (o, k) = (opts, SgdConstrained::half(d, s.eta, s.sigma));
            let (chosen, out) = composed_row(s, interrupt, Some("nu"), move |q, w| match w {
                Some(nu) => Ok((Some(nu), thm_4_10(p, r, &k, t, nu, q, &o)?)),
                None => thm_4_10_best(p, r, &k, t, q, &o).map(|(nu, c)| (Some(nu), c)),
            })?;
            Row { chosen, ..row("Theorem 4.10", W410, false, Guarantee::Upper, out) }
        }
    });
    Ok(rows)
}
