//! Parameters and output helpers shared by the paper's cards: the type-I error query, a
//! discrete distribution as a list, the finite pairs of Sections 3 and 6, and the reporting of
//! a value with its error bound.

use crate::error::{Error, Result};
use crate::num::Interval;
use crate::papers::card::common::TYPE_I;
use crate::papers::card::{Args, Domain, Outputs, Param};
use crate::papers::mixture_fdp::section_3::joint_concavity::Pair;

/// `alpha`: the type-I error at which a trade-off function is evaluated (optional).
pub const ALPHA: Param = TYPE_I.optional();

/// A probability vector on a finite support, as a comma-separated list.
pub const fn dist(name: &'static str, symbol: &'static str, meaning: &'static str) -> Param {
    Param::new(name, symbol, meaning, Domain::reals(Domain::UNIT_CLOSED, 1, 4096))
}

/// The list parameter `name` as a probability vector: entries sum to 1 within 1e−9.
pub fn prob(a: &Args, name: &str) -> Result<Vec<f64>> {
    let v = a.reals(name)?.to_vec();
    let s: f64 = v.iter().sum();
    if (s - 1.0).abs() > 1e-9 {
        return Err(Error::invalid(name, format!("sum {s}"), "must be a probability vector (entries summing to 1)"));
    }
    Ok(v)
}

/// The pair `(P, Q)` from the lists `p`, `q` (same support). Errors name the lists.
pub fn pair(a: &Args, p: &str, q: &str) -> Result<Pair> {
    let (pv, qv) = (prob(a, p)?, prob(a, q)?);
    if pv.len() != qv.len() {
        return Err(Error::invalid(&format!("{p}, {q}"), format!("{} vs {} entries", pv.len(), qv.len()), "must have the same length (one support)"));
    }
    Ok(Pair { p: pv, q: qv })
}

/// The weights `w` (a probability vector with `k` entries).
pub fn weights(a: &Args, name: &str, k: usize) -> Result<Vec<f64>> {
    let w = prob(a, name)?;
    if w.len() != k {
        return Err(Error::invalid(name, format!("{} weights", w.len()), &format!("must have {k} entries (one per pair)")));
    }
    Ok(w)
}

/// Report `value` with the enclosure `iv`.
pub fn interval(out: &mut Outputs, name: &'static str, value: f64, iv: Interval, note: &str) {
    out.interval(name, value, iv, note);
}

/// Report a number in [0, 1] known within `err`: interval `[value − err, value + err] ∩ [0, 1]`.
pub fn unit_interval(out: &mut Outputs, name: &'static str, value: f64, err: f64, note: &str) {
    out.interval(name, value, Interval { lower: (value - err).max(0.0), upper: (value + err).min(1.0).max(value) }, note);
}

/// Every output in `names` not computed with the reason `e` (an interruption is passed on).
pub fn not_computed_from(out: &mut Outputs, names: &[&'static str], e: Error) -> Result<()> {
    if e == Error::Interrupted {
        return Err(e);
    }
    for n in names {
        out.not_computed(n, e.to_string());
    }
    Ok(())
}

/// Every output in `names` not computed because the query `param` is absent.
pub fn ask(out: &mut Outputs, names: &[&'static str], what: &str) {
    for n in names {
        out.not_computed(n, what.to_string());
    }
}

/// `v` rounded down (toward more privacy loss for a lower bound on a trade-off function): one
/// ulp below the nearest value less a relative 4u, never below 0.
pub fn down(v: f64) -> f64 {
    (v * (1.0 - 2.0 * f64::EPSILON)).next_down().max(0.0)
}
