//! Theorem 3.1's quantities at one integer order `α`, each computed on its own (Dong, Chen,
//! Özgür 2025, Theorem 3.1 with Lemmas 3.12–3.19; spec §1): the exact forward term `F_α`
//! (Lemma 3.12 on `S_{d,k}`), Corollary 3.14's `G_α`, Corollary 3.17's shift `s_α`, the certified
//! reverse term `R^∞_α` (spec §1.5), the paper's `R^paper_α` (Corollaries 3.17 + 3.19, exponent
//! `σ²d`), the second terms as printed in (2) and (3) (typos, spec §1.4), the exact reverse
//! divergence `D_α(Q‖P)` for `k = 1` (spec §1.6; Lemma 3.15 checked, not used), a Monte Carlo
//! interval of the reverse divergence for any `k`, and the two-sided values `ε_α` (certified:
//! `max(F_α or G_α, R^∞_α)`) and the paper's `max(F_α or G_α, R^paper_α)`.
//!
//! A term that cannot be computed at the given parameters (cost above its budget, outside an
//! oracle's domain, undefined as printed) carries the reason and does not stop the others; only
//! an invalid order and [`Error::Interrupted`] are errors. The result cards of the Theorem 3.1
//! family ([`crate::papers::balanced_iteration::cards`]) and the `terms` of `dpaudit partition`
//! are views on [`order_terms`].

use crate::error::{Error, Result};
use crate::num::fmt::format_number;
use crate::num::{Interval, Mp};
use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::papers::balanced_iteration::section_3_1::forward_exact::{dp_ops, forward_r, theorem_3_1_forward_dp};
use crate::papers::balanced_iteration::section_3_1::forward_quadrature::{quadrature_cost, theorem_3_1_forward_quadrature_curve};
use crate::papers::balanced_iteration::section_3_1::lognormal_gauss::{multiset_count, node_count, MAX_MULTISETS};
use crate::papers::balanced_iteration::section_3_1::printed::{printed_eq2_reverse, printed_eq3_reverse};
use crate::papers::balanced_iteration::section_3_4::forward_bound::{corollary_3_14, corollary_3_14_r};
use crate::papers::balanced_iteration::section_3_4::reverse::{corollary_3_17_r, corollary_3_19_paper, corollary_3_19_paper_r, reverse_certified, reverse_certified_r, reverse_exact_d2};
use crate::papers::balanced_iteration::section_3_4::reverse_exact::reverse_exact_k1;
use crate::papers::balanced_iteration::section_3_4::reverse_mc::reverse_mc;
use crate::papers::card::two_precision;
use crate::papers::Guarantee;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// Operations (the units of [`dp_ops`] / [`quadrature_cost`]) the exact `F_α` may cost at one
/// order before it is declined in favour of `G_α` (about a second).
pub const FORWARD_BUDGET: f64 = 3.0e7;
/// Operations the MPFR twin of `F_α` (EGF or DP, evaluated at two precisions) may cost.
pub const MP_BUDGET: f64 = 5.0e5;
/// Largest `samples · d · (k + 1)` of a Monte Carlo term (a few seconds).
pub const MC_WORK: f64 = 5.0e8;

/// A Monte Carlo request: sample size, seed, two-sided confidence level.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct McSpec {
    pub samples: u64,
    pub seed: u64,
    pub confidence: f64,
}

impl McSpec {
    /// The default of the cards and of `dpaudit partition`: 100 000 samples, seed 1, 99.9 %.
    pub const DEFAULT: McSpec = McSpec { samples: 100_000, seed: 1, confidence: 0.999 };

    /// `Ok` when `samples · d · (k + 1)` is within [`MC_WORK`], else the reason.
    pub fn check_work(&self, d: u64, k: u64) -> Result<()> {
        let work = self.samples as f64 * d as f64 * (k as f64 + 1.0);
        if work <= MC_WORK {
            Ok(())
        } else {
            Err(Error::Unsupported(format!("the Monte Carlo would need samples·d·(k+1) = {:.2e} operations (above {:.0e}); give fewer samples", work, MC_WORK)))
        }
    }
}

/// What [`order_terms`] computes besides the closed forms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TermOptions {
    /// Budget of the exact `F_α` ([`FORWARD_BUDGET`]).
    pub forward_budget: f64,
    /// MPFR precision of the enclosures (`None`: no MPFR twins).
    pub precision: Option<u32>,
    /// The Monte Carlo interval of the reverse divergence (`None`: not computed).
    pub mc: Option<McSpec>,
}

/// One quantity at one order: its value (rounded as its guarantee says), an enclosure (MPFR
/// two-precision, or a confidence interval for a Monte Carlo estimate), and a note (the route, or
/// why the value is missing).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Term {
    pub name: &'static str,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub value: Option<f64>,
    #[serde(serialize_with = "serialize_opt_interval")]
    pub interval: Option<Interval>,
    pub guarantee: Guarantee,
    pub note: String,
}

/// Serde: an optional interval as `[lower, upper]` (infinite ends as the strings of
/// [`crate::num::fmt::serialize_f64`]), `null` when absent.
pub fn serialize_opt_interval<S: serde::Serializer>(iv: &Option<Interval>, s: S) -> std::result::Result<S::Ok, S::Error> {
    match iv {
        Some(iv) => crate::num::fmt::serialize_f64s(&[iv.lower, iv.upper], s),
        None => s.serialize_none(),
    }
}

impl Term {
    fn value(name: &'static str, guarantee: Guarantee, value: f64, interval: Option<Interval>, note: impl Into<String>) -> Term {
        Term { name, value: Some(value), interval, guarantee, note: note.into() }
    }
    fn missing(name: &'static str, guarantee: Guarantee, why: impl Into<String>) -> Term {
        Term { name, value: None, interval: None, guarantee, note: why.into() }
    }
}

/// Every term at one order (names as the cards' outputs: `epsilon_alpha`, `F_alpha`, `G_alpha`,
/// `s_alpha`, `R_inf`, `R_paper`, `epsilon_alpha_paper`, `R_eq2_printed`, `R_eq3_printed`,
/// `R_exact`, `R_mc`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OrderTerms {
    pub d: u64,
    pub k: u64,
    pub alpha: u64,
    pub terms: Vec<Term>,
}

impl OrderTerms {
    /// The term `name`.
    pub fn get(&self, name: &str) -> Option<&Term> {
        self.terms.iter().find(|t| t.name == name)
    }
}

/// Estimated cost (operations) of the exact `F_α` by its cheapest route: the EGF
/// (`10 (α + 1)² · 2 log₂ d`) for `min(k, d − k) = 1`, else the smaller of the row-need DP
/// ([`dp_ops`]) and the Gauss-quadrature walk ([`quadrature_cost`], where applicable).
pub fn forward_cost(pair: &MixturePair, alpha: u64) -> f64 {
    if pair.k.min(pair.d - pair.k) == 1 {
        return egf_cost(pair, alpha);
    }
    let dp = dp_ops(pair, alpha);
    if multiset_count(pair.d, node_count(alpha)) <= MAX_MULTISETS {
        dp.min(quadrature_cost(pair, alpha))
    } else {
        dp
    }
}

fn egf_cost(pair: &MixturePair, alpha: u64) -> f64 {
    let a = alpha as f64 + 1.0;
    10.0 * a * a * 2.0 * (pair.d as f64).log2().max(1.0)
}

/// **Theorem 3.1, first term of (2)** (Lemma 3.12 on `S_{d,k}`): the exact `F_α`, rounded up, by
/// the cheapest route whose cost is within `budget`; [`Error::Unsupported`] naming the cost
/// otherwise (Corollary 3.14's `G_α` then bounds it).
pub fn forward_within(pair: &MixturePair, alpha: u64, budget: f64) -> Result<f64> {
    check_order(alpha)?;
    let declined = |cost: f64| Error::Unsupported(format!("the exact F_α at d = {}, k = {}, α = {alpha} would cost ≈ {cost:.1e} operations (above {budget:.0e}); G_α bounds it", pair.d, pair.k));
    if pair.k.min(pair.d - pair.k) == 1 {
        let cost = egf_cost(pair, alpha);
        return if cost <= budget { theorem_3_1_forward_dp(pair, alpha) } else { Err(declined(cost)) };
    }
    let dp = dp_ops(pair, alpha);
    let quad_ok = multiset_count(pair.d, node_count(alpha)) <= MAX_MULTISETS;
    let quad = if quad_ok { quadrature_cost(pair, alpha) } else { f64::INFINITY };
    if quad < dp && quad <= budget {
        match theorem_3_1_forward_quadrature_curve(pair, alpha) {
            Ok(all) => return Ok(all[alpha as usize - 2]),
            Err(Error::Unsupported(_)) | Err(Error::Numerical(_)) => {}
            Err(e) => return Err(e),
        }
    }
    if dp <= budget {
        theorem_3_1_forward_dp(pair, alpha)
    } else {
        Err(declined(dp.min(quad)))
    }
}

/// The cost of the MPFR twin of `F_α` (EGF or DP, never the quadrature).
pub fn mp_cost(pair: &MixturePair, alpha: u64) -> f64 {
    if pair.k.min(pair.d - pair.k) == 1 {
        egf_cost(pair, alpha)
    } else {
        dp_ops(pair, alpha)
    }
}

/// The exact reverse divergence `D_α(Q‖P)` where an oracle exists: `d = 2, k = 1` by 128-bit
/// quadrature after Lemma 3.15's split; `k = 1`, any `d` (and `c/σ ≤ 2`) by the 1-D Laplace
/// representation (spec §1.6, which does not use Lemma 3.15 and so checks it).
///
/// Both routes compute `R_α` as a difference of `O(ln d)` terms, an absolute error of a few ulps
/// of `ln d` ([`reverse_exact_floor`]). Where the result exceeds Corollary 3.17's shift `s_α`
/// (a lower bound: Lemma 3.15, `D_α(Q'‖P) ≥ 0`) by less than that floor, the orthogonal part
/// `D_α(Q'‖P) = O(β²)` (second order in `β = c²/(2σ²)`, against `s_α = αβk²/d`) is not resolved
/// and `s_α` itself is returned: relative error `O(β)` instead of a value up to 1e7× too large
/// (issue 25: `c = 1e−300` gave 4.4e−16, above `R^∞ = 2e−323`). Routes at `σ = 1` (the divergence
/// depends on `c/σ` only): no `c²`/`σ²` overflow.
pub fn reverse_exact(pair: &MixturePair, alpha: u64) -> Result<f64> {
    let x = pair.c / pair.sigma;
    let v = match (pair.d, pair.k) {
        (2, 1) if x <= 8.0 => reverse_exact_d2(x, 1.0, alpha)?,
        (2, 1) => return Err(Error::Unsupported(format!("the exact D_α(Q‖P) at d = 2 is computed for c/σ ≤ 8 (quadrature resolution); c/σ = {x:e} here: see R_inf"))),
        (_, 1) => reverse_exact_k1(&MixturePair::new(pair.d, 1, x, 1.0)?, alpha)?,
        _ => return Err(Error::Unsupported(format!("the exact D_α(Q‖P) is implemented for k = 1 only (1-D Laplace representation, spec §1.6); k = {} here: see R_mc", pair.k))),
    };
    let s = corollary_3_17_r(pair, alpha as f64, &0.0f64);
    Ok(if v - s < reverse_exact_floor(pair.d) { s } else { v })
}

/// The absolute error floor of [`reverse_exact`]'s routes: `64u(1 + ln d)` (observed: 4.4e−16 at
/// `d = 10`, 1.3e−16 at `d = 3`).
pub fn reverse_exact_floor(d: u64) -> f64 {
    64.0 * f64::EPSILON * (1.0 + (d as f64).ln())
}

fn note_or(e: Error) -> Result<String> {
    match e {
        Error::Interrupted => Err(Error::Interrupted),
        other => Ok(other.to_string()),
    }
}

/// The MPFR enclosure of the closed forms `[s_α, R^∞, R^paper, G_α]` at `prec` bits.
fn closed_form_enclosures(pair: &MixturePair, alpha: u64, prec: u32) -> Result<Vec<Interval>> {
    let a = alpha as f64;
    two_precision(prec, |p| {
        let m = Mp::new(p, 0.0);
        Ok(vec![corollary_3_17_r(pair, a, &m), reverse_certified_r(pair, a, &m), corollary_3_19_paper_r(pair, a, &m), corollary_3_14_r(pair, alpha, &m)?])
    })
}

/// Every term of Theorem 3.1's family at `(pair, alpha)` ([`OrderTerms`]; module doc).
///
/// Errors: an invalid order; [`Error::Interrupted`] (checked between terms and inside the Monte
/// Carlo loop). Everything else is reported per term.
pub fn order_terms(pair: &MixturePair, alpha: u64, opts: &TermOptions, interrupt: &AtomicBool) -> Result<OrderTerms> {
    check_order(alpha)?;
    let stop = || if interrupt.load(Ordering::Relaxed) { Err(Error::Interrupted) } else { Ok(()) };
    let mut terms = Vec::new();
    let enclosures = match opts.precision {
        Some(p) => Some(closed_form_enclosures(pair, alpha, p)?),
        None => None,
    };
    let iv = |i: usize| enclosures.as_ref().map(|e| e[i]);
    let mp_note = |what: &str| match opts.precision {
        Some(p) => format!("{what}; interval: MPFR {p} bits"),
        None => what.to_string(),
    };
    stop()?;
    // Forward: exact F_α within budget, else G_α.
    let forward = forward_within(pair, alpha, opts.forward_budget);
    let forward_iv = match (&forward, opts.precision) {
        (Ok(_), Some(p)) if mp_cost(pair, alpha) <= MP_BUDGET => Some(two_precision(p, |q| Ok(vec![forward_r(pair, alpha, &Mp::new(q, 0.0))?]))?[0]),
        _ => None,
    };
    let route = if pair.k.min(pair.d - pair.k) == 1 { "EGF power (spec §1.3 B)" } else { "row-need DP or Gauss quadrature of the column law (spec §1.3 D)" };
    terms.push(match &forward {
        Ok(f) => Term::value("F_alpha", Guarantee::Exact, *f, forward_iv, match (forward_iv, opts.precision) {
            (Some(_), Some(p)) => format!("{route}, f64 rounded up; interval: MPFR {p} bits"),
            (None, Some(_)) => format!("{route}, f64 rounded up (MPFR twin above its cost budget)"),
            _ => format!("{route}, f64 rounded up"),
        }),
        Err(e) => Term::missing("F_alpha", Guarantee::Exact, note_or(e.clone())?),
    });
    stop()?;
    let g = corollary_3_14(pair, alpha)?;
    terms.push(Term::value("G_alpha", Guarantee::Upper, g, iv(3), mp_note("Corollary 3.14 closed form, f64 rounded up")));
    let s = corollary_3_17_r(pair, alpha as f64, &0.0f64);
    terms.push(Term::value("s_alpha", Guarantee::Exact, s, iv(0), mp_note("Corollary 3.17 closed form, f64 nearest")));
    let r_inf = reverse_certified(pair, alpha)?;
    terms.push(Term::value("R_inf", Guarantee::Upper, r_inf, iv(1), mp_note("spec §1.5 (Jensen) closed form, f64 rounded up")));
    let r_paper = corollary_3_19_paper(pair, alpha)?;
    terms.push(Term::value("R_paper", Guarantee::Estimate, r_paper, iv(2), mp_note("Corollaries 3.17 + 3.19 (exponent σ²d); rests on Lemma 3.18, false as stated: not an upper bound")));
    // Two-sided values: forward = F_α where computed, else G_α.
    let (fwd, fwd_iv, fwd_name) = match &forward {
        Ok(f) => (*f, forward_iv, "F_α"),
        Err(_) => (g, iv(3), "G_α (exact F_α not computed)"),
    };
    let max_iv = |a: Option<Interval>, b: Option<Interval>| match (a, b) {
        (Some(a), Some(b)) => Some(Interval { lower: a.lower.max(b.lower), upper: a.upper.max(b.upper) }),
        _ => None,
    };
    terms.push(Term::value("epsilon_alpha", Guarantee::Upper, fwd.max(r_inf), max_iv(fwd_iv, iv(1)), format!("max(forward = {fwd_name}, R^∞)")));
    terms.push(Term::value("epsilon_alpha_paper", Guarantee::Estimate, fwd.max(r_paper), max_iv(fwd_iv, iv(2)), format!("max(forward = {fwd_name}, R^paper): the paper's value (not certified)")));
    terms.push(Term::value("R_eq2_printed", Guarantee::Estimate, printed_eq2_reverse(pair, alpha)?, None, "second term of (2) as printed (σ²d² typo; can be negative)"));
    terms.push(match printed_eq3_reverse(pair, alpha)? {
        Some(v) => Term::value("R_eq3_printed", Guarantee::Estimate, v, None, "second term of (3) as printed (σ²d² and +(1−α) typos)"),
        None => Term::missing("R_eq3_printed", Guarantee::Estimate, "undefined as printed: the logarithm's argument e^{αv} + 1 − α is not positive"),
    });
    stop()?;
    let pair_c = *pair;
    let exact = crate::worker::run_interruptible(interrupt, None, move || reverse_exact(&pair_c, alpha));
    terms.push(match exact {
        Ok(v) => Term::value("R_exact", Guarantee::Exact, v, None, if pair.d == 2 { "128-bit tanh-sinh quadrature after Lemma 3.15's split (d = 2)" } else { "1-D Laplace representation (spec §1.6), trapezoid rules, ≈ 1e−12 relative" }),
        Err(e) => Term::missing("R_exact", Guarantee::Exact, note_or(e)?),
    });
    stop()?;
    terms.push(match opts.mc {
        None => Term::missing("R_mc", Guarantee::Estimate, "Monte Carlo not requested"),
        Some(mc) => match mc.check_work(pair.d, pair.k).and_then(|_| reverse_mc(pair, alpha, mc.samples, mc.seed, 1.0 - mc.confidence, Some(interrupt))) {
            Ok(r) => Term::value("R_mc", Guarantee::Estimate, r.estimate, Some(r.interval), format!(
                "Monte Carlo of the bounded reduced integrand (spec §1.6): estimate = log of the sample mean (biased low); interval: two-sided {} % empirical-Bernstein confidence interval; {} samples, seed {}",
                format_number(100.0 * mc.confidence), mc.samples, mc.seed
            )),
            Err(e) => Term::missing("R_mc", Guarantee::Estimate, note_or(e)?),
        },
    });
    Ok(OrderTerms { d: pair.d, k: pair.k, alpha, terms })
}

#[cfg(test)]
#[path = "terms_test.rs"]
mod terms_test;
