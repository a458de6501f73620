//! Public entry points of the characteristic-function route: certified δ(ε) and ε(δ) of a
//! composition of Gaussian and Poisson-subsampled Gaussian mechanisms (both directions,
//! maximised at the end, as in the FFT route).

use super::invert::{chernoff_objective, ln_chernoff_factor, ln_m_upper, loss_sup, quick_ln_m, saddle, Inversion};
use super::law::Law;
use crate::error::{check, Error, Result};
use crate::mechanisms::{Direction, Mechanism};
use crate::num::root::golden_min;
use crate::num::Interval;
use serde::Serialize;

/// Options of the route.
#[derive(Clone, Debug)]
pub struct CfOptions {
    /// Largest number of quadrature nodes summed, over all evaluations of one query
    /// (default 4e8, a few seconds). Beyond it the route answers [`Error::Unsupported`] with
    /// the reason, and the FFT route is the one to use.
    pub budget: u64,
}

impl Default for CfOptions {
    fn default() -> Self {
        CfOptions { budget: 400_000_000 }
    }
}

/// What one direction's inversion used.
#[derive(Clone, Debug, Serialize)]
pub struct CfDirection {
    pub direction: &'static str,
    /// Tilt `c` (the RDP order minus one at which the inversion contour runs).
    pub tilt: f64,
    /// Node spacing and number of computed nodes.
    pub dt: f64,
    pub nodes: usize,
    /// Taylor-fill segments of the sup bound and the largest Riemann–Lebesgue constant.
    pub fill_segments: usize,
    pub rl_constant: f64,
    /// Normalised truncation bound and the aliasing bound at the answer.
    pub truncation: f64,
    pub aliasing: f64,
    /// δ of this direction at the answer's ε.
    pub delta: (f64, f64),
    /// Quadrature nodes summed.
    pub work: u64,
}

/// Diagnostics of one query.
#[derive(Clone, Debug, Default, Serialize)]
pub struct CfDiagnostics {
    pub directions: Vec<CfDirection>,
    /// Directions settled by a certified Chernoff bound below the other direction.
    pub skipped: Vec<String>,
}

impl CfDiagnostics {
    /// One line for reports.
    pub fn describe(&self) -> String {
        let parts: Vec<String> = self
            .directions
            .iter()
            .map(|d| format!("{}: c={:.4}, dt={:.3e}, nodes={}, fill={} (V={:.3e}), work={}", d.direction, d.tilt, d.dt, d.nodes, d.fill_segments, d.rl_constant, d.work))
            .collect();
        let mut s = format!("characteristic-function inversion; {}", parts.join("; "));
        for k in &self.skipped {
            s.push_str("; ");
            s.push_str(k);
        }
        s
    }
    pub fn work(&self) -> u64 {
        self.directions.iter().map(|d| d.work).sum()
    }
}

fn validate(parts: &[(Mechanism, u64)]) -> Result<()> {
    if parts.is_empty() {
        return Err(Error::invalid("mechanisms", "none", "at least one (mechanism, steps) pair is required"));
    }
    for (_, t) in parts {
        check::at_least_one("steps", *t)?;
    }
    Ok(())
}

fn directions(parts: &[(Mechanism, u64)]) -> Vec<Direction> {
    let asym = parts.iter().any(|(m, _)| m.directions().len() > 1);
    if asym {
        vec![Direction::Remove, Direction::Add]
    } else {
        vec![Direction::Remove]
    }
}

fn laws(parts: &[(Mechanism, u64)], dir: Direction) -> Result<Vec<(Law, u64)>> {
    let mut v = Vec::new();
    for (m, t) in parts {
        if let Some(l) = Law::of(m, dir)? {
            v.push((l, *t));
        }
    }
    Ok(v)
}

fn record(dir: Direction, inv: &Inversion, eps: f64, delta: (f64, f64)) -> CfDirection {
    CfDirection {
        direction: dir.name(),
        tilt: inv.c,
        dt: inv.dt,
        nodes: inv.nodes,
        fill_segments: inv.fill_segments,
        rl_constant: inv.rl_constant,
        truncation: inv.trunc,
        aliasing: inv.aliasing(eps),
        delta,
        work: inv.work,
    }
}

/// Certified δ(ε) (maximum over directions). The interval's ends are rounded outward.
///
/// ```no_run
/// use dpaudit::mechanisms::Mechanism;
/// use dpaudit::cf::{delta_interval, CfOptions};
/// let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
/// let (d, diag) = delta_interval(&[(sgm, 100_000)], 10.0, &CfOptions::default()).unwrap();
/// println!("δ ∈ {d}; {}", diag.describe());
/// ```
pub fn delta_interval(parts: &[(Mechanism, u64)], epsilon: f64, opts: &CfOptions) -> Result<(Interval, CfDiagnostics)> {
    validate(parts)?;
    check::finite("epsilon", epsilon)?;
    let mut diag = CfDiagnostics::default();
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for dir in directions(parts) {
        let laws = laws(parts, dir)?;
        let (l, h) = if laws.is_empty() {
            let d = (-epsilon.exp_m1()).max(0.0); // L ≡ 0: δ(ε) = (1 − e^{ε})₊, expm1 within 1e−13
            (d * (1.0 - 1e-13), (d * (1.0 + 1e-13)).min(1.0))
        } else {
            if epsilon >= loss_sup(&laws) {
                (0.0, 0.0)
            } else if let Some(bound) = negligible_delta(&laws, epsilon, lo) {
                // This direction's certified Chernoff bound is below the other direction's lower
                // end: it cannot change the maximum (δ_dir ∈ [0, bound], bound ≤ lo ≤ hi).
                diag.skipped.push(format!("{}: δ ≤ {bound:.3e} (Chernoff) below the other direction", dir.name()));
                (0.0, bound)
            } else {
                let c = saddle(&laws, epsilon);
                let d_ref = chernoff_objective(&laws, c, epsilon).exp();
                let inv = Inversion::build(&laws, c, epsilon, d_ref, opts.budget)?;
                let d = inv.delta(epsilon);
                diag.directions.push(record(dir, &inv, epsilon, d));
                d
            }
        };
        lo = lo.max(l);
        hi = hi.max(h);
    }
    let iv = Interval::new(lo, hi).ok_or_else(|| Error::Numerical(format!("characteristic-function route: empty δ interval [{lo}, {hi}]")))?;
    Ok((iv, diag))
}

/// Certified ε(δ) = inf{ε ≥ 0 : δ(ε) ≤ δ} (maximum over directions), by bisection on the
/// certified δ bounds: the upper end `ε_U` satisfies `δ_U(ε_U) ≤ δ`, the lower end `ε_L` has
/// `δ_L(ε_L) > δ` (or is 0).
///
/// ```no_run
/// use dpaudit::mechanisms::Mechanism;
/// use dpaudit::cf::{epsilon_interval, CfOptions};
/// let sgm = Mechanism::from_name("sgm", 1.0, None, Some(0.01)).unwrap();
/// let (e, _) = epsilon_interval(&[(sgm, 1_000_000)], 1e-5, &CfOptions::default()).unwrap();
/// println!("ε ∈ {e}");
/// ```
pub fn epsilon_interval(parts: &[(Mechanism, u64)], delta: f64, opts: &CfOptions) -> Result<(Interval, CfDiagnostics)> {
    validate(parts)?;
    check::unit_open("delta", delta)?;
    let mut diag = CfDiagnostics::default();
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for dir in directions(parts) {
        let laws = laws(parts, dir)?;
        if laws.is_empty() {
            continue; // L ≡ 0: ε(δ) = 0
        }
        if let Some(bound) = negligible_epsilon(&laws, delta, lo) {
            diag.skipped.push(format!("{}: ε ≤ {bound:.6e} (Chernoff) below the other direction", dir.name()));
            continue; // ε_dir ∈ [0, bound] with bound ≤ lo: the maximum is unchanged
        }
        let (l, h, rec) = epsilon_direction(&laws, dir, delta, opts)?;
        diag.directions.push(rec);
        lo = lo.max(l);
        hi = hi.max(h);
    }
    let iv = Interval::new(lo, hi).ok_or_else(|| Error::Numerical(format!("characteristic-function route: empty ε interval [{lo}, {hi}]")))?;
    Ok((iv, diag))
}

/// A certified upper bound on this direction's δ(ε) when it is at most `other_lo` (so the
/// direction cannot change the maximum); `None` otherwise or when `other_lo` is 0.
fn negligible_delta(laws: &[(Law, u64)], eps: f64, other_lo: f64) -> Option<f64> {
    if other_lo <= 0.0 {
        return None;
    }
    let c = saddle(laws, eps);
    if quick_ln_m(laws, c) - c * eps + ln_chernoff_factor(c) > other_lo.ln() + 1.0 {
        return None; // not even the estimate is small enough: skip the certified evaluation
    }
    let ln_m = ln_m_upper(laws, c).ok()?; // a failure here only means: no shortcut
    let lg = ln_chernoff_factor(c);
    let slack = 1e-12 * (1.0 + ln_m.abs() + (c * eps).abs() + lg.abs());
    let bound = (ln_m - c * eps + lg + slack).exp() * (1.0 + 1e-12); // upward
    if bound <= other_lo { Some(bound) } else { None }
}

/// A certified upper bound on this direction's ε(δ) when it is at most `other_lo`.
fn negligible_epsilon(laws: &[(Law, u64)], delta: f64, other_lo: f64) -> Option<f64> {
    if other_lo <= 0.0 {
        return None;
    }
    // ε_dir(δ) ≤ (ln M(c) + ln g(c) − ln δ)/c for every c > 0; c from the uncertified minimum
    let g = |c: f64, lnm: f64| (lnm + ln_chernoff_factor(c) - delta.ln()) / c;
    let (best, lc) = scan_ln_c(0.1, |lc| g(lc.exp(), quick_ln_m(laws, lc.exp())));
    if !(best < other_lo) {
        return None;
    }
    let c = lc.exp();
    let ln_m = ln_m_upper(laws, c).ok()?;
    // numerator rounding (u + libm) × its terms, divided by c
    let pad = 1e-12 * (1.0 + ln_m.abs() + ln_chernoff_factor(c).abs() + delta.ln().abs()) / c;
    let bound = g(c, ln_m) * (1.0 + 1e-12) + pad; // upward
    if bound <= other_lo { Some(bound.max(0.0)) } else { None }
}

/// Chernoff-type starting point `min_c (ln M_tot(c) − ln(δ c(c+1)))/c` (uncertified).
fn epsilon_guess(laws: &[(Law, u64)], delta: f64) -> f64 {
    let g = |lc: f64| {
        let c = f64::exp(lc);
        (quick_ln_m(laws, c) - (delta * c * (c + 1.0)).ln()) / c
    };
    // coarse scan in ln c, then golden-section refinement around the best point
    let (best, lc) = scan_ln_c(0.25, g);
    golden_min(g, lc - 0.25, lc + 0.25, 30).1.min(best).max(0.0)
}

/// Minimum of `f(ln c)` over the grid `ln c = ln 1e−3, ln 1e−3 + step, … ≤ ln 2000` (objectives
/// that are not unimodal in c, so a golden section alone could miss): `(min value, its ln c)`.
fn scan_ln_c(step: f64, f: impl Fn(f64) -> f64) -> (f64, f64) {
    let (lo, hi) = ((1e-3f64).ln(), 2000f64.ln());
    let mut best = (f64::INFINITY, lo);
    let mut lc = lo;
    while lc <= hi {
        let v = f(lc);
        if v < best.0 {
            best = (v, lc);
        }
        lc += step;
    }
    best
}

fn epsilon_direction(laws: &[(Law, u64)], dir: Direction, delta: f64, opts: &CfOptions) -> Result<(f64, f64, CfDirection)> {
    let sup = loss_sup(laws);
    let mut eps_ref = epsilon_guess(laws, delta).min(sup);
    let mut c = saddle(laws, eps_ref);
    let mut last = None;
    for _round in 0..4 {
        let inv = Inversion::build(laws, c, eps_ref, delta, opts.budget)?;
        // Upper end: smallest ε with δ_U(ε) ≤ δ.
        let up = |e: f64| inv.delta(e).1 <= delta;
        let eps_hi = if up(0.0) {
            0.0
        } else {
            let mut b = eps_ref.max(1e-6).min(sup);
            let mut k = 0;
            while !up(b) {
                b = (2.0 * b + 1.0).min(sup);
                k += 1;
                if k > 60 {
                    return Err(Error::Numerical("characteristic-function route: no ε with certified δ below the target".into()));
                }
            }
            bisect(0.0, b, |e| !up(e)).1
        };
        // Lower end: largest ε with δ_L(ε) > δ.
        let above = |e: f64| inv.delta(e).0 > delta;
        // The aliasing bound is tuned near ε_ref and grows without limit as ε decreases, so the
        // predicate is searched for just below ε_U (steps doubling), not from 0.
        let mut step = 1e-9 * eps_hi.max(1e-9);
        let mut a = eps_hi - step;
        while a > 0.0 && !above(a) {
            step *= 2.0;
            a = eps_hi - step;
        }
        let eps_lo = if a <= 0.0 { if above(0.0) { bisect(0.0, eps_hi, above).0 } else { 0.0 } } else { bisect(a, eps_hi, above).0 };
        let mid = 0.5 * (eps_lo + eps_hi);
        let rec = record(dir, &inv, eps_hi, inv.delta(eps_hi));
        last = Some((eps_lo, eps_hi, rec));
        let c_new = saddle(laws, mid);
        if (c_new / c).ln().abs() < 0.2 || mid <= 0.0 {
            break;
        }
        c = c_new;
        eps_ref = mid;
    }
    last.ok_or_else(|| Error::Numerical("characteristic-function route: no round completed".into()))
}

/// Bisection on `[a, b]` where `pred(a)` holds and `pred(b)` does not: returns `(x, y)` with
/// `pred(x)`, `!pred(y)`, `y − x ≤ 1e−12·max(|y|, 1e−300)`.
fn bisect(mut a: f64, mut b: f64, pred: impl Fn(f64) -> bool) -> (f64, f64) {
    for _ in 0..200 {
        if b - a <= 1e-12 * b.abs().max(1e-300) {
            break;
        }
        let m = 0.5 * (a + b);
        if m <= a || m >= b {
            break;
        }
        if pred(m) {
            a = m;
        } else {
            b = m;
        }
    }
    (a, b)
}
