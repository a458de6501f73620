//! Judging one check: apply its [`Criteria`] to the evaluated [`ProfileReport`].
//!
//! Monte Carlo intervals hold with a stated confidence, not with certainty; they take part in the
//! overlap criterion (a disagreement is worth a look) but references are compared with the
//! certified intervals (exact, fft) unless a reference names `mc` explicitly.

use super::format::fmt_num;
use super::plan::{method_name, Criteria, Expect, RefValue, Reference};
use crate::num::Interval;
use crate::profile::{Method, ProfileReport};
use serde::Serialize;

/// The outcome of one criterion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Finding {
    /// `overlap`, `width`, `positive-upper`, `reference`, `coverage` or `error`.
    pub criterion: String,
    pub passed: bool,
    pub message: String,
}

impl Finding {
    fn new(criterion: &str, passed: bool, message: String) -> Finding {
        Finding { criterion: criterion.into(), passed, message }
    }
}

/// The intervals the report produced, in method order.
pub fn intervals(report: &ProfileReport) -> Vec<(Method, Interval)> {
    report.outcomes.iter().filter_map(|o| o.interval.map(|iv| (o.method, iv))).collect()
}

/// Apply every criterion. A check passes when every finding passed.
pub fn judge(criteria: &Criteria, report: &ProfileReport) -> Vec<Finding> {
    let ivs = intervals(report);
    let mut out = Vec::new();
    if ivs.is_empty() {
        out.push(Finding::new("coverage", false, "no method produced an interval".into()));
        return out;
    }
    if criteria.require_overlap {
        let mut bad = Vec::new();
        for (i, (ma, a)) in ivs.iter().enumerate() {
            for (mb, b) in &ivs[i + 1..] {
                if !a.overlaps(b) {
                    bad.push(format!("{} {} vs {} {}", method_name(*ma), show(a), method_name(*mb), show(b)));
                }
            }
        }
        let names: Vec<&str> = ivs.iter().map(|(m, _)| method_name(*m)).collect();
        out.push(if bad.is_empty() {
            Finding::new("overlap", true, format!("intervals of {} overlap", names.join(", ")))
        } else {
            Finding::new("overlap", false, format!("disjoint intervals: {}", bad.join("; ")))
        });
    }
    for (m, r) in &criteria.max_rel_width {
        out.push(match ivs.iter().find(|(mm, _)| mm == m) {
            None => Finding::new("width", false, format!("{}: no interval to measure", method_name(*m))),
            Some((_, iv)) => {
                let rel = iv.width() / iv.midpoint().abs();
                let ok = iv.width() <= r * iv.midpoint().abs();
                Finding::new("width", ok, format!("{} relative width {rel:.3e} {} {r:e}", method_name(*m), if ok { "≤" } else { ">" }))
            }
        });
    }
    if criteria.require_positive_upper {
        let zero: Vec<&str> = ivs.iter().filter(|(_, iv)| iv.upper <= 0.0 || iv.upper.is_nan()).map(|(m, _)| method_name(*m)).collect();
        out.push(if zero.is_empty() {
            Finding::new("positive-upper", true, "every upper bound is > 0 (not flushed to zero)".into())
        } else {
            Finding::new("positive-upper", false, format!("upper bound is 0 for {}", zero.join(", ")))
        });
    }
    for r in &criteria.references {
        out.push(judge_reference(r, &ivs));
    }
    out
}

fn judge_reference(r: &Reference, ivs: &[(Method, Interval)]) -> Finding {
    let shown = match r.value {
        RefValue::Point(v) if r.abs_tol > 0.0 => format!("{v} ± {:e}", r.abs_tol),
        RefValue::Point(v) => format!("{v}"),
        RefValue::Range(iv) => format!("[{}, {}]", iv.lower, iv.upper),
    };
    let mut parts = Vec::new();
    let mut ok = true;
    let mut compared = 0;
    for m in &r.methods {
        let Some((_, iv)) = ivs.iter().find(|(mm, _)| mm == m) else { continue };
        compared += 1;
        let reference = match r.value {
            RefValue::Point(v) => Interval::around(v, r.abs_tol),
            RefValue::Range(ri) => ri,
        };
        let pass = match r.expect {
            Expect::Inside => reference.overlaps(iv),
            Expect::Encloses => reference.lower <= iv.lower && iv.upper <= reference.upper,
            // An accountant's upper bound below a certified lower bound is unsound.
            Expect::UpperBound => reference.upper >= iv.lower,
            Expect::LowerBound => reference.lower <= iv.upper,
            Expect::Info => true,
        };
        ok &= pass;
        let position = if r.expect != Expect::Info {
            ""
        } else if reference.upper < iv.lower {
            " (reference below)"
        } else if reference.lower > iv.upper {
            " (reference above)"
        } else {
            " (reference inside)"
        };
        parts.push(format!("{} {}{}{}", method_name(*m), show(iv), position, if pass { "" } else { " ✗" }));
    }
    if compared == 0 && r.expect != Expect::Info {
        return Finding::new("reference", false, format!("{shown} ({}): none of {} produced an interval", r.source, names(&r.methods)));
    }
    let verb = match (r.expect, ok) {
        (Expect::Inside, true) => "lies inside",
        (Expect::Inside, false) => "lies OUTSIDE",
        (Expect::Encloses, true) => "encloses",
        (Expect::Encloses, false) => "does NOT enclose",
        (Expect::UpperBound, true) => "claimed as an upper bound: sound (≥ certified lower end)",
        (Expect::UpperBound, false) => "claimed as an upper bound: UNSOUND (below the certified lower end)",
        (Expect::LowerBound, true) => "claimed as a lower bound: consistent (≤ certified upper end)",
        (Expect::LowerBound, false) => "claimed as a lower bound: WRONG (above the certified upper end)",
        (Expect::Info, _) => "for information",
    };
    Finding::new("reference", ok, format!("{shown} {verb}: {} — {}", parts.join(", "), r.source))
}

fn names(ms: &[Method]) -> String {
    ms.iter().map(|m| method_name(*m)).collect::<Vec<_>>().join(", ")
}

/// `[lower, upper]` with 10 significant digits.
fn show(iv: &Interval) -> String {
    format!("[{}, {}]", fmt_num(iv.lower), fmt_num(iv.upper))
}
