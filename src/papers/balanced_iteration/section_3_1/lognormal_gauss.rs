//! The `r`-point Gauss rule of the lognormal column law `ln Y ~ N(−β, 2β)` (moments
//! `E[Y^m] = f(m) = e^{βm(m−1)}`, `β = c²/(2σ²)`; spec §1.3 D's column weight), built in MPFR and
//! **certified** after rounding to binary values — the quadrature of
//! [`super::forward_quadrature`] (Theorem 3.1's exact forward term).
//!
//! * *Existence.* The lognormal is a positive measure on `(0, ∞)` with infinite support, so its
//!   Hankel matrices are positive definite and the Gauss rule exists with `r` nodes `s_j > 0`,
//!   weights `c_j > 0`, reproducing the moments `0..2r − 1` (Gautschi 2004, *Orthogonal
//!   Polynomials: Computation and Approximation*, Thm 1.45–1.46).
//! * *Construction.* The recurrence coefficients of the monic orthogonal polynomials come from the
//!   moments `f(0..2r − 1)` by the Chebyshev algorithm (Gautschi 2004, §2.1.7), which is badly
//!   conditioned (Hankel matrices of `e^{βm²}`); it runs in MPFR at a precision grown with `βr²`.
//!   The nodes are the eigenvalues of the Jacobi matrix, isolated by Sturm-sequence bisection
//!   (the number of negative pivots of `J − x` is the number of nodes below `x`) in `ln x`, then
//!   Newton-polished on `π_r` inside their bracket; the weights are the Christoffel numbers
//!   `c_j = 1/Σ_{i<r} π_i(s_j)²/‖π_i‖²`, `‖π_i‖² = b_0⋯b_i` (Gautschi 2004, Thm 1.46 with (1.3.13)).
//!   No f64 eigen-solver is involved.
//! * *Check.* The rule is rounded to binary values — nodes `s̃_j` to f64, weights
//!   `c̃_j = m_j 2^{e_j}` (f64 mantissa, integer exponent: at `β = 2` the weights reach `1e−365`) —
//!   and `f̃(m) = Σ_j c̃_j s̃_j^m` is recomputed in [`VERIFY_PREC`]-bit MPFR for `m = 0..α_max`:
//!   `η = max_m |f̃(m)/f(m) − 1|`, rounded up with the evaluation error of these positive sums.
//!   A rule with `η > ETA_MAX` is rebuilt at twice the precision; past [`MAX_PREC`] bits the
//!   construction fails with an error, never an uncertified rule. How `η` bounds `W_α` is in
//!   [`super::forward_quadrature`].

use crate::papers::balanced_iteration::mixture_pair::{check_order, MixturePair};
use crate::error::{Error, Result};
use crate::num::round::widen_up;
use crate::num::{Mp, Real};
use rug::ops::Pow;
use rug::Float;

/// Largest number of multisets `C(d + r − 1, r − 1)` accepted by the quadrature route.
pub const MAX_MULTISETS: f64 = 2.0e8;
/// Largest accepted moment mismatch `η` of the rounded rule (else the rule is rebuilt).
pub const ETA_MAX: f64 = 1e-13;
/// MPFR precision of the moment check `f̃(m)` (a sum of positive terms: well conditioned).
pub const VERIFY_PREC: u32 = 192;
/// Largest MPFR precision tried for the rule before the route gives up.
pub const MAX_PREC: u32 = 1 << 15;

/// Smallest `β` the rule is built for: its nodes lie within about `√(2β)` of 1, and below
/// `√(2·1e−24) ≈ 1.4e−12` (a few thousand ulps of 1) the f64 nodes no longer separate, so the
/// η check fails at every precision.
pub const MIN_BETA: f64 = 1e-24;

/// Number of Gauss nodes for orders up to `alpha_max`: `r = ⌊α_max/2⌋ + 1`, so `2r − 1 ≥ α_max`.
pub fn node_count(alpha_max: u64) -> usize {
    alpha_max as usize / 2 + 1
}

/// Number of multisets of size `d` from `r` node types, `C(d + r − 1, r − 1)` (as f64).
pub fn multiset_count(d: u64, r: usize) -> f64 {
    (crate::num::special::ln_binom((d + r as u64 - 1) as f64, (r - 1) as f64)).exp().round()
}

/// A Gauss rule of the lognormal column law rounded to binary values: nodes `s̃_j` (f64) and
/// weights `c̃_j = m_j · 2^{e_j}`, with its certified moment mismatch `η` up to `alpha_max` and
/// the MPFR precision it was built at.
#[derive(Clone, Debug)]
pub struct GaussRule {
    pub nodes: Vec<f64>,
    pub weights: Vec<(f64, i32)>,
    pub alpha_max: u64,
    pub eta: f64,
    pub prec: u32,
}

/// `β = c²/(2σ²)` at `prec` bits.
fn beta_mp(pair: &MixturePair, prec: u32) -> Mp {
    let c = Mp::new(prec, pair.c);
    let s = Mp::new(prec, pair.sigma);
    c.clone() * c / (Mp::new(prec, 2.0) * s.clone() * s)
}

/// The moments `f(m) = e^{βm(m−1)}`, `m = 0..count`.
fn moments(beta: &Mp, count: usize) -> Vec<Mp> {
    (0..count).map(|m| (beta.clone() * beta.cst((m * m.saturating_sub(1)) as f64)).exp()).collect()
}

/// Chebyshev algorithm (Gautschi 2004, §2.1.7): recurrence `π_{i+1} = (x − a_i)π_i − b_i π_{i−1}`
/// of the monic orthogonal polynomials from the moments `μ_0..μ_{2r−1}`; `b_0 = μ_0`. `None` if a
/// `b_i` is not positive (precision too low for the Hankel conditioning).
fn chebyshev(mom: &[Mp], r: usize) -> Option<(Vec<Mp>, Vec<Mp>)> {
    let zero = mom[0].zero();
    let mut prev = vec![zero.clone(); 2 * r];
    let mut cur: Vec<Mp> = mom[..2 * r].to_vec();
    let mut a = vec![mom[1].clone() / mom[0].clone()];
    let mut b = vec![mom[0].clone()];
    for k in 1..r {
        let mut next = vec![zero.clone(); 2 * r];
        for l in k..(2 * r - k) {
            next[l] = cur[l + 1].clone() - a[k - 1].clone() * cur[l].clone() - b[k - 1].clone() * prev[l].clone();
        }
        if !(next[k] > zero) || !next[k].is_finite() {
            return None;
        }
        a.push(next[k + 1].clone() / next[k].clone() - cur[k].clone() / cur[k - 1].clone());
        b.push(next[k].clone() / cur[k - 1].clone());
        prev = cur;
        cur = next;
    }
    Some((a, b))
}

/// Number of eigenvalues of the Jacobi matrix `(a, √b)` below `x` (negative pivots of `J − x`).
fn sturm_count(a: &[Mp], b: &[Mp], x: &Mp) -> usize {
    let tiny = x.cst(2f64.powi(-((x.prec() as i32).min(1000)))) * (x.abs() + x.one());
    let mut count = 0;
    let mut q = a[0].clone() - x.clone();
    for i in 0..a.len() {
        if i > 0 {
            q = a[i].clone() - x.clone() - b[i].clone() / q;
        }
        if q == q.zero() {
            q = -tiny.clone();
        }
        if q < q.zero() {
            count += 1;
        }
    }
    count
}

/// `(π_r(x), π_r'(x))` from the recurrence.
fn pi_r(a: &[Mp], b: &[Mp], x: &Mp) -> (Mp, Mp) {
    let (mut p0, mut p1) = (x.zero(), x.one());
    let (mut d0, mut d1) = (x.zero(), x.zero());
    for i in 0..a.len() {
        let p2 = (x.clone() - a[i].clone()) * p1.clone() - b[i].clone() * p0.clone();
        let d2 = p1.clone() + (x.clone() - a[i].clone()) * d1.clone() - b[i].clone() * d0.clone();
        p0 = p1;
        p1 = p2;
        d0 = d1;
        d1 = d2;
    }
    (p1, d1)
}

/// Nodes (Sturm bisection in `ln x`, Newton polish) and Christoffel weights in MPFR; `None` if a
/// node is not positive or not isolated.
fn nodes_weights(a: &[Mp], b: &[Mp]) -> Option<(Vec<Mp>, Vec<Mp>)> {
    let r = a.len();
    let zero = a[0].zero();
    if sturm_count(a, b, &zero) != 0 {
        return None; // a node ≤ 0: the recurrence is not that of a measure on (0, ∞)
    }
    // Gershgorin: every eigenvalue lies below max_i a_i + √b_i + √b_{i+1}
    let mut hi = zero.one();
    for i in 0..r {
        let mut g = a[i].abs();
        if i > 0 {
            g = g + b[i].sqrt();
        }
        if i + 1 < r {
            g = g + b[i + 1].sqrt();
        }
        hi = hi.max(g);
    }
    hi = hi * zero.cst(2.0);
    let mut lo = hi.clone() * zero.cst(2f64.powi(-64));
    for _ in 0..200 {
        if sturm_count(a, b, &lo) == 0 {
            break;
        }
        lo = lo * zero.cst(2f64.powi(-64));
    }
    if sturm_count(a, b, &lo) != 0 || sturm_count(a, b, &hi) != r {
        return None;
    }
    let tol = zero.cst(2f64.powi(-72));
    let mut nodes = Vec::with_capacity(r);
    for i in 0..r {
        let (mut l, mut h) = (lo.clone(), hi.clone());
        for _ in 0..400 {
            if h.clone() / l.clone() - zero.one() < tol {
                break;
            }
            let m = (l.clone() * h.clone()).sqrt();
            if sturm_count(a, b, &m) <= i {
                l = m;
            } else {
                h = m;
            }
        }
        let mut x = (l.clone() * h.clone()).sqrt();
        let eps = zero.cst(2f64.powi(8 - x.prec() as i32));
        for _ in 0..12 {
            let (p, dp) = pi_r(a, b, &x);
            if dp == zero {
                break;
            }
            let nx = x.clone() - p / dp;
            if !(nx >= l && nx <= h) {
                break;
            }
            let done = (nx.clone() - x.clone()).abs() <= eps.clone() * x.clone();
            x = nx;
            if done {
                break;
            }
        }
        nodes.push(x);
    }
    let mut weights = Vec::with_capacity(r);
    for x in &nodes {
        let (mut p0, mut p1) = (zero.clone(), zero.one());
        let mut norm = b[0].clone();
        let mut sum = p1.clone() * p1.clone() / norm.clone();
        for i in 0..r - 1 {
            let p2 = (x.clone() - a[i].clone()) * p1.clone() - b[i].clone() * p0.clone();
            p0 = p1;
            p1 = p2;
            norm = norm * b[i + 1].clone();
            sum = sum + p1.clone() * p1.clone() / norm.clone();
        }
        weights.push(sum.one() / sum);
    }
    Some((nodes, weights))
}

/// Certified moment mismatch `η = max_{m ≤ α_max} |f̃(m)/f(m) − 1|` of a binary rule (module
/// doc, *Check*), computed in [`VERIFY_PREC`]-bit MPFR and rounded up with its evaluation error.
/// Public so that tests can certify a deliberately perturbed rule.
pub fn rule_eta(pair: &MixturePair, nodes: &[f64], weights: &[(f64, i32)], alpha_max: u64) -> f64 {
    let p = VERIFY_PREC;
    let beta = beta_mp(pair, p);
    let mut eta = 0.0f64;
    for m in 0..=alpha_max {
        let mut ft = Float::with_val(p, 0);
        for (&s, &(wm, we)) in nodes.iter().zip(weights) {
            let mut w = Float::with_val(p, wm);
            w <<= we;
            ft += w * Float::with_val(p, s).pow(m as u32);
        }
        let f = (beta.clone() * beta.cst((m * m.saturating_sub(1)) as f64)).exp();
        let dev = (Mp(ft) / f - beta.one()).abs();
        eta = eta.max(dev.to_f64_up());
    }
    // evaluation error: (m + r + 3) roundings of positive terms, β and the exponent (module doc)
    let b = pair.beta();
    let slack = ((alpha_max + nodes.len() as u64 + 16) as f64 + 4.0 * b * (alpha_max * alpha_max) as f64) * 2f64.powi(-(p as i32) + 10);
    widen_up(eta + slack, 2)
}

/// The rule built at `prec` bits and rounded to binary values, with its certified `η` (which may
/// exceed [`ETA_MAX`]: the caller decides). Errors: the construction broke down at this precision
/// (a non-positive `b_i` or node), or a node/weight is outside the f64 range.
pub fn gauss_rule_at(pair: &MixturePair, alpha_max: u64, prec: u32) -> Result<GaussRule> {
    check_order(alpha_max)?;
    let r = node_count(alpha_max);
    let beta = beta_mp(pair, prec);
    let mom = moments(&beta, 2 * r);
    let fail = |what: &str| Error::Numerical(format!("Gauss rule of the lognormal moments (β = {}, {r} nodes) at {prec} bits: {what}", pair.beta()));
    let (a, b) = chebyshev(&mom, r).ok_or_else(|| fail("non-positive recurrence coefficient"))?;
    let (xs, ws) = nodes_weights(&a, &b).ok_or_else(|| fail("nodes not isolated on (0, ∞)"))?;
    let nodes: Vec<f64> = xs.iter().map(|x| x.to_f64()).collect();
    if nodes.iter().any(|s| !(s.is_normal() && *s > 0.0)) {
        return Err(fail("a node outside the positive normal f64 range"));
    }
    let weights: Vec<(f64, i32)> = ws.iter().map(|w| w.0.to_f64_exp()).collect();
    if weights.iter().any(|&(m, _)| !(m > 0.0 && m.is_finite())) {
        return Err(fail("a non-positive weight"));
    }
    let eta = rule_eta(pair, &nodes, &weights, alpha_max);
    Ok(GaussRule { nodes, weights, alpha_max, eta, prec })
}

/// A rule with `η ≤ ETA_MAX`, starting at `start_prec` bits and doubling the precision while the
/// construction breaks down or the check fails. Errors: not certified by [`MAX_PREC`] bits.
pub fn certified_rule_from(pair: &MixturePair, alpha_max: u64, start_prec: u32) -> Result<GaussRule> {
    let mut prec = start_prec.max(32);
    let mut last = String::new();
    while prec <= MAX_PREC {
        match gauss_rule_at(pair, alpha_max, prec) {
            Ok(rule) if rule.eta <= ETA_MAX => return Ok(rule),
            Ok(rule) => last = format!("η = {:.3e} > {ETA_MAX:e} at {prec} bits", rule.eta),
            Err(Error::Numerical(m)) => last = m,
            Err(e) => return Err(e),
        }
        prec *= 2;
    }
    Err(Error::Numerical(format!("the Gauss rule of the lognormal moments is not certified up to {MAX_PREC} bits ({last}); use the row-need DP")))
}

/// [`certified_rule_from`] at a starting precision grown with the Hankel conditioning
/// (`128 + 4βr²` bits).
///
/// Errors: [`Error::Unsupported`] at once for `β < MIN_BETA` (issue 25: `c = 1e−300` doubled the
/// precision up to `MAX_PREC` for seconds, deaf to the interrupt flag).
pub fn certified_rule(pair: &MixturePair, alpha_max: u64) -> Result<GaussRule> {
    if !(pair.beta() >= MIN_BETA) {
        return Err(Error::Unsupported(format!("the Gauss rule of the lognormal moments needs β = c²/(2σ²) ≥ {MIN_BETA:e} (got β = {:e}): its nodes, ≈ 1 ± √(2β), would coincide in f64", pair.beta())));
    }
    let r = node_count(alpha_max) as f64;
    let start = (128.0 + 4.0 * pair.beta() * r * r).min(MAX_PREC as f64) as u32;
    certified_rule_from(pair, alpha_max, start)
}
