//! The answer to a `dpaudit shuffle` question ([`shuffle_report`]): for `n` users with ε₀-DP
//! local randomisers behind a shuffler, the δ(ε) or ε(δ) of every bound a user can pick, side by
//! side — the paper's f-DP bound (Theorem 4.2 through Corollary 4.3), the exact pair of the FMT23
//! reduction, FMT23's closed form (what shuffle users run today), and the exact values of two
//! concrete shuffled mechanisms (3-ary and binary randomised response, **lower** bounds on the
//! worst case). Every number comes from `shuffling.rs`, `clones.rs` and `rr.rs` (no formula
//! here). The report checks the nesting the theory forces (mixtures spec §4.5 "Reading"):
//! `lower bounds ≤ exact pair ≤ f-DP bound` and `exact pair ≤ FMT23`; a violation is a finding.

use crate::papers::mixture_fdp::section_4::clones::{fmt23_delta, fmt23_epsilon};
use crate::papers::mixture_fdp::section_4::rr::{binary_rr_delta, binary_rr_epsilon, k_rr_delta, k_rr_epsilon};
use crate::papers::mixture_fdp::section_4::shuffling::{corollary_4_3_delta, corollary_4_3_epsilon, exact_pair_chain, exact_pair_delta, exact_pair_epsilon, theorem_4_2_chain, Shuffle};
use crate::error::{check, Error, Result};
use crate::papers::Guarantee;
use std::sync::atomic::{AtomicBool, Ordering};

/// Largest n for which the 3-ary RR lower bound is computed for a δ target (one δ sum costs
/// ~(n/(e^{ε₀}+2))² terms; at ε₀ = 1 and n = 10⁵ that is ~3·10⁸) and for an ε target (a
/// bisection of ~60 sums).
pub const K_RR_MAX_USERS_DELTA: u64 = 100_000;
pub const K_RR_MAX_USERS_EPSILON: u64 = 20_000;
/// Largest n for the trade-off curves (the exact chains hold every atom, ~n²/2 of them).
pub const TRADEOFF_MAX_USERS: u64 = 2000;
/// δ values below this are under the f64 range of the sums (`shuffling.rs` floors every dropped
/// term at the smallest normal number): an upper bound there is only "δ ≤ ~1e−300", and two such
/// bounds cannot be ordered, so the nesting check skips them.
pub const F64_FLOOR: f64 = 1e-290;
/// Number of α points of `--tradeoff-csv` (α = 0, 1/(K−1), …, 1).
pub const TRADEOFF_POINTS: usize = 101;

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

/// One row's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// The δ (for a δ target) or ε (for an ε target).
    Value(f64),
    /// The result's hypothesis fails for these parameters, and why.
    NotApplicable(String),
    /// Not computed (cost), and why.
    Skipped(String),
}

/// One bound.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// Stable key (JSON): `f_dp`, `exact_pair`, `fmt23`, `rr3`, `rr2`.
    pub key: &'static str,
    /// Where it comes from.
    pub result: &'static str,
    /// Short description.
    pub what: &'static str,
    pub guarantee: Guarantee,
    pub outcome: Outcome,
    /// This row's value divided by the f-DP row's (None when either is missing or that is 0).
    pub ratio: Option<f64>,
}

impl Row {
    pub fn value(&self) -> Option<f64> {
        match self.outcome {
            Outcome::Value(v) => Some(v),
            _ => None,
        }
    }
}

/// The whole answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ShuffleReport {
    pub request: ShuffleRequest,
    pub rows: Vec<Row>,
    /// Violations of the nesting the theory forces (empty: all hold). Each names both rows and
    /// both numbers.
    pub nesting_violations: Vec<String>,
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

/// Compute every row for the request. Errors: n < 2 or > 10⁹, ε₀ ∉ (0, 700], ε < 0 or not
/// finite, δ ∉ (0, 1); `Interrupted` when the flag is set between rows.
pub fn shuffle_report(req: &ShuffleRequest, interrupt: &AtomicBool) -> Result<ShuffleReport> {
    let s = checked(req)?;
    let stop = || if interrupt.load(Ordering::SeqCst) { Err(Error::Interrupted) } else { Ok(()) };
    let by_target = |d: &dyn Fn(f64) -> Result<f64>, e: &dyn Fn(f64) -> Result<f64>| -> Result<Outcome> {
        Ok(Outcome::Value(match req.target {
            Target::Delta { epsilon } => d(epsilon)?,
            Target::Epsilon { delta } => e(delta)?,
        }))
    };
    let mut rows = Vec::new();
    let mut push = |key, result, what, guarantee, outcome| rows.push(Row { key, result, what, guarantee, outcome, ratio: None });

    let f_dp = by_target(&|e| corollary_4_3_delta(&s, e), &|d| corollary_4_3_epsilon(&s, d))?;
    push("f_dp", "Theorem 4.2 / Corollary 4.3", "f-DP bound of the paper (sound knot), rounded up", Guarantee::Upper, f_dp);
    stop()?;
    let pair = by_target(&|e| exact_pair_delta(&s, e), &|d| exact_pair_epsilon(&s, d))?;
    push("exact_pair", "exact pair H(P‖Q)", "tightest bound through the FMT23 reduction (what FMT's numerical method bounds)", Guarantee::Upper, pair);
    stop()?;
    let fmt = match req.target {
        Target::Delta { epsilon } => fmt23_delta(&s, epsilon)?,
        Target::Epsilon { delta } => fmt23_epsilon(&s, delta)?,
    };
    let fmt = fmt.map_or_else(|| Outcome::NotApplicable(format!("ε₀ = {} > ln(n/(8 ln(2/δ)) − 1), FMT23's assumption", req.local_epsilon)), Outcome::Value);
    push("fmt23", "FMT23 Theorem 3.2", "closed form of Feldman–McMillan–Talwar (SODA 2023)", Guarantee::Upper, fmt);
    stop()?;
    let k_rr_cap = match req.target {
        Target::Delta { .. } => K_RR_MAX_USERS_DELTA,
        Target::Epsilon { .. } => K_RR_MAX_USERS_EPSILON,
    };
    let rr3 = if s.n > k_rr_cap {
        Outcome::Skipped(format!("n > {k_rr_cap}: the exact 3-RR sum costs ~(n/(e^ε₀+2))² terms"))
    } else {
        by_target(&|e| k_rr_delta(&s, 3, e), &|d| k_rr_epsilon(&s, 3, d))?
    };
    push("rr3", "shuffled 3-ary RR (exact)", "a concrete ε₀-DP mechanism: lower bound on the worst case", Guarantee::Lower, rr3);
    stop()?;
    let rr2 = by_target(&|e| binary_rr_delta(&s, e), &|d| binary_rr_epsilon(&s, d))?;
    push("rr2", "shuffled binary RR (exact)", "a concrete ε₀-DP mechanism: lower bound on the worst case", Guarantee::Lower, rr2);

    let base = rows[0].value();
    for r in rows.iter_mut() {
        r.ratio = match (r.value(), base) {
            (Some(v), Some(b)) if b > 0.0 => Some(v / b),
            _ => None,
        };
    }
    let nesting_violations = nesting(&rows);
    Ok(ShuffleReport { request: *req, rows, nesting_violations })
}

/// The orderings the theory forces between rows (both δ and ε targets are monotone the same
/// way: a larger δ at fixed ε ⇔ a larger ε at fixed δ). Pairs whose upper side lies below
/// [`F64_FLOOR`] are not compared (both are floor artefacts there).
fn nesting(rows: &[Row]) -> Vec<String> {
    let get = |k: &str| rows.iter().find(|r| r.key == k).and_then(|r| r.value().map(|v| (r.result, v)));
    let pairs = [("rr3", "exact_pair"), ("rr2", "exact_pair"), ("exact_pair", "f_dp"), ("exact_pair", "fmt23")];
    pairs
        .iter()
        .filter_map(|(lo, hi)| match (get(lo), get(hi)) {
            (Some((ln, lv)), Some((hn, hv))) if lv > hv && hv >= F64_FLOOR => Some(format!("{ln} = {lv:e} exceeds {hn} = {hv:e}")),
            _ => None,
        })
        .collect()
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
