//! The answer to a `dpaudit shuffle` question ([`shuffle_report`]): for `n` users with ε₀-DP
//! local randomisers behind a shuffler, the δ(ε) or ε(δ) of every bound a user can pick, side by
//! side — the paper's f-DP bound (Theorem 4.2 through Corollary 4.3, the card
//! [`crate::papers::mixture_fdp::cards::section_4::COROLLARY_4_3`]), the exact pair of the FMT23
//! reduction, FMT23's closed form (what shuffle users run today), and the exact values of two
//! concrete shuffled mechanisms (3-ary and binary randomised response, **lower** bounds on the
//! worst case). Every number comes from `section_4/` (no formula here).
//!
//! A row that cannot be computed (its hypothesis fails, or the exact sum is beyond the work
//! budget) says why and the other rows are still reported. The report checks the nesting the
//! theory forces (mixtures spec §4.5 "Reading"): `lower bounds ≤ exact pair ≤ f-DP bound` and
//! `exact pair ≤ FMT23`, comparing each lower side's certified **lower** end with the upper
//! side's certified **upper** end (in `ln δ` for a δ target, so values below the f64 range are
//! compared too); a violation is a finding.

use crate::error::{check, Error, Result};
use crate::papers::mixture_fdp::section_4::clones::{fmt23_delta, fmt23_epsilon};
use crate::papers::mixture_fdp::section_4::rr::{binary_rr_epsilon_with, binary_rr_ln_delta, k_rr_epsilon_with, k_rr_ln_delta_with};
use crate::papers::mixture_fdp::section_4::shuffling::*;
use crate::papers::Guarantee;
use serde::Serialize;
use std::sync::atomic::{AtomicBool, Ordering};

/// Largest n for the trade-off curves (the exact chains hold every atom, ~n²/2 of them).
pub const TRADEOFF_MAX_USERS: u64 = 2000;
/// Number of α points of `--tradeoff-csv` (α = 0, 1/(K−1), …, 1).
pub const TRADEOFF_POINTS: usize = 101;
/// The stated assumption of every upper bound of the report.
pub const ASSUMPTION: &str = "upper bounds assume the FMT23 shuffling reduction (restricted by its erratum to a class of local randomisers)";

/// What is asked: δ at a given ε, or ε at a given δ.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    Delta { epsilon: f64 },
    Epsilon { delta: f64 },
}

/// A `dpaudit shuffle` request (validated by [`shuffle_report`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShuffleRequest {
    pub users: u64,
    pub local_epsilon: f64,
    pub target: Target,
}

/// One bound (the JSON object of a row).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// Stable key: `f_dp`, `exact_pair`, `fmt23`, `rr3`, `rr2`.
    pub key: &'static str,
    /// Where it comes from.
    pub result: &'static str,
    /// Short description.
    pub what: &'static str,
    pub guarantee: Guarantee,
    /// The δ (δ target) or ε (ε target), rounded in the guarantee's direction; `null` when not
    /// computed (then `not_applicable` or `not_computed` says why). An upper δ below the f64
    /// range is the smallest subnormal (`ln_value` holds its logarithm).
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub value: Option<f64>,
    /// `ln δ` of the value (δ target only): exact also below the f64 range.
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64", skip_serializing_if = "Option::is_none")]
    pub ln_value: Option<f64>,
    /// This row's value divided by the f-DP row's (null when either is missing or that is 0).
    #[serde(rename = "ratio_to_f_dp", serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub ratio: Option<f64>,
    /// The result's hypothesis fails for these parameters, and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_applicable: Option<String>,
    /// Not computed (cost), and why.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_computed: Option<String>,
    /// Certified `(lower, upper)` ends of the true value, in `ln δ` (δ target) or ε: what the
    /// nesting check compares.
    #[serde(skip)]
    pub ends: Option<(f64, f64)>,
}

impl Row {
    fn new(key: &'static str, result: &'static str, what: &'static str, guarantee: Guarantee) -> Row {
        Row { key, result, what, guarantee, value: None, ln_value: None, ratio: None, not_applicable: None, not_computed: None, ends: None }
    }
    /// The value, when computed.
    pub fn value(&self) -> Option<f64> {
        self.value
    }
}

/// The whole answer: the JSON object of `dpaudit shuffle --json`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShuffleReport {
    pub command: &'static str,
    pub paper: &'static str,
    pub users: u64,
    #[serde(serialize_with = "crate::num::fmt::serialize_f64")]
    pub local_epsilon: f64,
    /// `delta` (δ at ε) or `epsilon` (ε at δ).
    pub quantity: &'static str,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub epsilon: Option<f64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub delta: Option<f64>,
    pub rows: Vec<Row>,
    pub nesting_holds: bool,
    /// Violations of the nesting the theory forces (empty: all hold). Each names both rows and
    /// both certified ends.
    pub nesting_violations: Vec<String>,
    /// The comparisons that were decided (both rows computed).
    pub nesting_checked: Vec<String>,
    pub assumption: &'static str,
    pub tradeoff_points: usize,
    #[serde(skip)]
    pub request: ShuffleRequest,
}

fn checked(req: &ShuffleRequest) -> Result<Shuffle> {
    let s = Shuffle::new(req.users, req.local_epsilon)?;
    match req.target {
        Target::Delta { epsilon } => {
            if !(epsilon.is_finite() && epsilon >= 0.0) {
                return Err(Error::invalid("epsilon", epsilon, "must be a finite number ≥ 0"));
            }
        }
        Target::Epsilon { delta } => {
            check::unit_open("delta", delta)?;
        }
    }
    Ok(s)
}

/// Record `r` in `row`: a value with its certified ends, or the reason it is not computed (an
/// interruption is passed on).
fn record(row: &mut Row, r: Result<(f64, Option<f64>, (f64, f64))>) -> Result<()> {
    match r {
        Ok((v, ln, ends)) => {
            row.value = Some(v);
            row.ln_value = ln;
            row.ends = Some(ends);
        }
        Err(Error::Interrupted) => return Err(Error::Interrupted),
        Err(e) => row.not_computed = Some(e.to_string()),
    }
    Ok(())
}

/// Wall-clock limit of one row: the sums check their stop flag every 256 components, so a row
/// that would run on (n near 10⁹, where one exact sum has ~10¹⁰ terms and an inversion needs
/// ~20 sums) stops within a fraction of a second after it and says so, and the other rows are
/// still computed (issue 25: `--users 1e9` ran for minutes).
pub const ROW_LIMIT: std::time::Duration = std::time::Duration::from_secs(8);

/// Run one row with its own stop flag, set when the user interrupts or [`ROW_LIMIT`] passes.
/// A row stopped by the limit is [`Error::Unsupported`] naming it; a user interrupt stays
/// [`Error::Interrupted`].
fn within_limit<T>(interrupt: &AtomicBool, f: impl FnOnce(Option<&AtomicBool>) -> Result<T>) -> Result<T> {
    let row_stop = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    std::thread::scope(|sc| {
        sc.spawn(|| {
            let t0 = std::time::Instant::now();
            while !done.load(Ordering::SeqCst) {
                if interrupt.load(Ordering::SeqCst) || t0.elapsed() > ROW_LIMIT {
                    row_stop.store(true, Ordering::SeqCst);
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        });
        let r = f(Some(&row_stop));
        done.store(true, Ordering::SeqCst);
        match r {
            Err(Error::Interrupted) if !interrupt.load(Ordering::SeqCst) => Err(Error::Unsupported(format!(
                "not finished within the {} s limit of one row (the exact sums grow with n); the other rows are computed",
                ROW_LIMIT.as_secs()
            ))),
            r => r,
        }
    })
}

/// Compute every row for the request. Errors: n < 2 or > 10⁹, ε₀ ∉ (0, 700], ε < 0 or not
/// finite, δ ∉ (0, 1); [`Error::Interrupted`] once the flag is set (checked inside every sum).
pub fn shuffle_report(req: &ShuffleRequest, interrupt: &AtomicBool) -> Result<ShuffleReport> {
    let s = checked(req)?;
    let halt = || if interrupt.load(Ordering::SeqCst) { Err(Error::Interrupted) } else { Ok(()) };
    halt()?;
    let mut f_dp = Row::new("f_dp", "Theorem 4.2 / Corollary 4.3", "f-DP bound of the paper (sound knot), rounded up", Guarantee::Upper);
    let mut pair = Row::new("exact_pair", "exact pair H(P‖Q)", "tightest bound through the FMT23 reduction (what FMT's numerical method bounds)", Guarantee::Upper);
    let mut fmt = Row::new("fmt23", "FMT23 Theorem 3.2", "closed form of Feldman–McMillan–Talwar (SODA 2023)", Guarantee::Upper);
    let mut rr3 = Row::new("rr3", "shuffled 3-ary RR (exact)", "a concrete ε₀-DP mechanism: lower bound on the worst case", Guarantee::Lower);
    let mut rr2 = Row::new("rr2", "shuffled binary RR (exact)", "a concrete ε₀-DP mechanism: lower bound on the worst case", Guarantee::Lower);
    // a lower bound on ln δ as a row: the f64 value rounded down (0 below the f64 range)
    let lower = |l: f64| -> (f64, Option<f64>, (f64, f64)) { (if l < -745.0 { 0.0 } else { (l.exp() * (1.0 - 1e-15)).next_down().max(0.0) }, Some(l), (l, l)) };
    let fmt_na = || format!("ε₀ = {} > ln(n/(8 ln(2/δ)) − 1), FMT23's assumption", req.local_epsilon);
    match req.target {
        Target::Delta { epsilon } => {
            record(&mut f_dp, within_limit(interrupt, |stop| corollary_4_3_ln_delta(&s, epsilon, stop)).map(|b| (b.upper(1.0), Some(b.ln_hi), (b.ln_lo, b.ln_hi))))?;
            halt()?;
            record(
                &mut pair,
                within_limit(interrupt, |stop| exact_pair_ln_delta(&s, epsilon, stop)).map(|b| match b {
                    Some(b) => (b.upper(1.0), Some(b.ln_hi), (b.ln_lo, b.ln_hi)),
                    None => (0.0, Some(f64::NEG_INFINITY), (f64::NEG_INFINITY, f64::NEG_INFINITY)),
                }),
            )?;
            halt()?;
            match fmt23_delta(&s, epsilon)? {
                Some(v) => record(&mut fmt, Ok((v, Some(v.ln()), ((v * (1.0 - 1e-11)).ln(), v.ln()))))?,
                None => fmt.not_applicable = Some(fmt_na()),
            }
            record(&mut rr3, within_limit(interrupt, |stop| k_rr_ln_delta_with(&s, 3, epsilon, stop)).map(lower))?;
            halt()?;
            record(&mut rr2, binary_rr_ln_delta(&s, epsilon).map(lower))?;
        }
        Target::Epsilon { delta } => {
            let up = |e: f64| (e, None, (e, e));
            record(&mut f_dp, within_limit(interrupt, |stop| corollary_4_3_epsilon_with(&s, delta, stop)).map(up))?;
            halt()?;
            record(&mut pair, within_limit(interrupt, |stop| exact_pair_epsilon_bounds(&s, delta, stop)).map(|(lo, hi)| (hi, None, (lo, hi))))?;
            halt()?;
            match fmt23_epsilon(&s, delta)? {
                Some(v) => record(&mut fmt, Ok(up(v)))?,
                None => fmt.not_applicable = Some(fmt_na()),
            }
            record(&mut rr3, within_limit(interrupt, |stop| k_rr_epsilon_with(&s, 3, delta, stop)).map(up))?;
            halt()?;
            record(&mut rr2, within_limit(interrupt, |stop| binary_rr_epsilon_with(&s, delta, stop)).map(up))?;
        }
    }
    let mut rows = vec![f_dp, pair, fmt, rr3, rr2];
    let base = rows[0].value;
    for r in rows.iter_mut() {
        r.ratio = match (r.value, base) {
            (Some(v), Some(b)) if b > 0.0 => Some(v / b),
            _ => None,
        };
    }
    let (nesting_violations, nesting_checked) = nesting(&rows, matches!(req.target, Target::Delta { .. }));
    let (quantity, epsilon, delta) = match req.target {
        Target::Delta { epsilon } => ("delta", Some(epsilon), None),
        Target::Epsilon { delta } => ("epsilon", None, Some(delta)),
    };
    Ok(ShuffleReport {
        command: "shuffle",
        paper: crate::papers::mixture_fdp::PAPER,
        users: req.users,
        local_epsilon: req.local_epsilon,
        quantity,
        epsilon,
        delta,
        nesting_holds: nesting_violations.is_empty(),
        rows,
        nesting_violations,
        nesting_checked,
        assumption: ASSUMPTION,
        tradeoff_points: TRADEOFF_POINTS,
        request: *req,
    })
}

/// The orderings the theory forces between rows (both targets are monotone the same way: a
/// larger δ at fixed ε ⇔ a larger ε at fixed δ): the lower side's certified lower end against
/// the upper side's certified upper end. Returns `(violations, comparisons decided)`.
fn nesting(rows: &[Row], ln_delta: bool) -> (Vec<String>, Vec<String>) {
    let get = |k: &str| rows.iter().find(|r| r.key == k).and_then(|r| r.ends.map(|e| (r.result, e)));
    let show = |x: f64| if ln_delta { format!("δ = e^{x:.6}") } else { format!("ε = {x:.10}") };
    let pairs = [("rr3", "exact_pair"), ("rr2", "exact_pair"), ("exact_pair", "f_dp"), ("exact_pair", "fmt23")];
    let (mut bad, mut done) = (Vec::new(), Vec::new());
    for (lo, hi) in pairs {
        if let (Some((ln, (l_lo, _))), Some((hn, (_, h_hi)))) = (get(lo), get(hi)) {
            done.push(format!("{lo} <= {hi}"));
            if l_lo > h_hi {
                bad.push(format!("{ln} ({} at least) exceeds {hn} ({} at most)", show(l_lo), show(h_hi)));
            }
        }
    }
    (bad, done)
}

impl ShuffleReport {
    /// CSV of the trade-off curves `alpha, theorem_4_2, exact_pair` at [`TRADEOFF_POINTS`] α:
    /// Theorem 4.2's `C(f_S)` (a lower bound on the shuffled mechanism's trade-off under the
    /// FMT23 reduction) and the exact `T(P, Q)`. Errors: n > [`TRADEOFF_MAX_USERS`].
    pub fn tradeoff_csv(&self) -> Result<String> {
        let s = Shuffle::new(self.request.users, self.request.local_epsilon)?;
        if s.n > TRADEOFF_MAX_USERS {
            return Err(Error::invalid("--users", s.n, &format!("--tradeoff-csv builds the exact chains of every atom: n must be ≤ {TRADEOFF_MAX_USERS}")));
        }
        let (f, t) = (theorem_4_2_chain(&s)?, exact_pair_chain(&s)?);
        let mut out = String::from("alpha,theorem_4_2,exact_pair\n");
        for i in 0..TRADEOFF_POINTS {
            let a = i as f64 / (TRADEOFF_POINTS - 1) as f64;
            out.push_str(&format!("{a},{:e},{:e}\n", f.eval(a)?, t.eval(a)?));
        }
        Ok(out)
    }
}
