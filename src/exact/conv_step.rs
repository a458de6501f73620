//! One-step objects of the interval-convolution route ([`super::conv`]): an **upper** object by
//! pessimistic Connect-the-Dots and a **lower** object by merging loss cells, both on the grid
//! `k·h`, with every probability computed in MPFR from the closed forms of
//! [`crate::mechanisms::exact`] and rounded outward to f64.
//!
//! Notation (foundations §1.5): `L` is the privacy loss under `P`, `sf(t) = P(L > t)`,
//! `δ(t) = P(L > t) − e^t Q(L > t)` (identity 3, which holds at atoms too), hence
//! `Q(L > t) = e^{−t}(sf(t) − δ(t))`.
//!
//! **Upper (Doroshenko, Ghazi, Kamath, Kumar, Manurangsi 2022, Algorithm 1; foundations §4.2b).**
//! On the grid `ε_0 < … < ε_{n−1}` (`ε_j = (k_lo + j)h`) put the P-masses
//! `w_0 = 1 − δ_0 + (δ_1 − δ_0)/(e^h − 1)`, `w_j = [(δ_{j+1} − δ_j) − e^h(δ_j − δ_{j−1})]/(e^h − 1)`,
//! `w_{n−1} = (δ_{n−1} − δ_{n−2})/(e^{−h} − 1)`, `w_∞ = δ_{n−1}`. This pair's profile is the chord
//! interpolation of `γ ↦ H_γ` through `(0, 1)` and the grid values, flat at `δ_{n−1}` beyond
//! `e^{ε_{n−1}}`; `H_γ` is convex and non-increasing, so the chords lie above it and the pair
//! dominates `(P, Q)`; dominating pairs compose (Zhu, Dong & Wang 2022, Theorem 10; foundations
//! §1.3). The exact `w_j` are ≥ 0 (convexity). The computed ones carry the evaluation error
//! (model below), amplified by at most `4/(e^h − 1)`; each is replaced by
//! `max(ŵ_j, 0) + margin_j ≥ w_j` and rounded up. Larger masses only increase the composed
//! `δ = Σ Π w · g_ε(Σ losses)` (all coefficients `g_ε ≥ 0`), so the object stays an upper bound.
//!
//! **Lower (post-processing + rounding down; Meiser & Mohammadi 2018 for the rounding).** Cells
//! `C = (a, b]` of the loss axis are released instead of `L`: a post-processing of `(P, Q)`, so
//! the released pair and its compositions have profiles below the true ones (data processing;
//! Zhu, Dong & Wang 2022). The cell's atom is `y = ln(P(C)/Q(C)) ∈ (a, b]` with P-mass `P(C)`.
//! Rounding an atom down, or dropping mass, lowers `E[(1 − e^{ε − ΣL})_+]`. Cells are chosen so
//! that `y` lies just above a grid point `x`: `y ≥ x ⟺ Φ := P(C) − e^x Q(C) ≥ 0`, certified as
//! `Φ̂ ≥ margin`. A cell `(a, b]` starting below `x` is closed at the smallest `b ∈ (x, x + h]`
//! (bisection, 12 steps) with `Φ̂ ≥ margin`; if there is none, the cell `(a, x]` goes to the grid
//! point below `a` (its atom is `> a`). Mass below the first edge is dropped; the last cell
//! `(a, ∞)` goes to the grid point below `a`. The P-masses are rounded down. Balanced cells are
//! one grid step wide and their atoms sit at most about `h/4096` above the grid point; the error
//! is then of second order in `h` where cells balance. Measured (issue 13 report): a residual
//! drift remains where they do not (fallback cells), so the lower end is the wider one.
//!
//! **Evaluation-error model.** Each closed-form value (`δ(t)`, `sf(t)`) evaluated in MPFR at
//! [`PREC`] = 128 bits is assumed within relative `2^{−100}` of the exact value (every MPFR
//! operation is correctly rounded; the formulas have a few dozen operations and no cancellation
//! beyond what `ln_sub_exp` avoids). Margins are `2^{−96}` times the sum of the absolute values of
//! the terms of each formula, so they cover the model with room.

use crate::error::{Error, Result};
use crate::mechanisms::exact as cf;
use crate::mechanisms::{Direction, Mechanism};
use crate::num::{Mp, Real};

/// MPFR precision of the one-step evaluations.
pub const PREC: u32 = 128;

/// A discrete object on the grid `k·h − shift`: masses `p[i]` at losses `(lo + i)·h − shift`,
/// plus `inf` at `+∞`. `shift ≥ 0` is used by lower objects only ([`SHIFT`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Obj {
    pub lo: i64,
    pub p: Vec<f64>,
    pub inf: f64,
    pub shift: f64,
}

/// Offset of the lower object's grid, as a fraction of `h`: its atoms sit at `k·h − θ` with
/// `θ = SHIFT·h`, so that an atom at `±ε0 = ±1/S` that is a rounding error away from `±m·h`
/// (the grid step is an f64, `1/S` is not) still has a grid point at or below it on both sides.
/// Lowering every loss by `θ` is a rounding down (module doc); `T` steps lower ε by `T·θ`.
pub const SHIFT: f64 = 1.0 / (1u64 << 30) as f64;

/// One step of one mechanism in one direction, in MPFR.
#[derive(Clone, Debug)]
pub enum StepLaw {
    Sgm { q: f64, sigma: f64, dir: Direction },
    /// `ε0 = 1/S`, kept as the noise multiplier `S` so that MPFR forms `1/S` exactly rounded.
    Laplace { s: f64 },
    Rr { s: f64 },
}

impl StepLaw {
    /// The law of `mech` in `dir` (symmetric mechanisms ignore `dir`); `None` for the subsampled
    /// Gaussian with `q = 0` (the step reveals nothing: `L ≡ 0`). Gaussian: not handled here
    /// (the exact route has its closed form).
    pub fn of(mech: &Mechanism, dir: Direction) -> Result<Option<StepLaw>> {
        Ok(match *mech {
            Mechanism::PoissonSubsampledGaussian { sampling_rate, .. } if sampling_rate == 0.0 => None,
            Mechanism::PoissonSubsampledGaussian { noise_multiplier, sampling_rate, .. } => Some(StepLaw::Sgm { q: sampling_rate, sigma: noise_multiplier, dir }),
            Mechanism::Laplace { noise_multiplier, .. } => Some(StepLaw::Laplace { s: noise_multiplier }),
            Mechanism::RandomizedResponse { noise_multiplier } => Some(StepLaw::Rr { s: noise_multiplier }),
            Mechanism::Gaussian { .. } => return Err(Error::Unsupported("interval convolution does not take the Gaussian mechanism (its exact closed form applies)".into())),
        })
    }

    fn mp(&self, x: f64) -> Mp {
        Mp::new(PREC, x)
    }

    /// `ε0 = 1/S` of the atom mechanisms in MPFR (`1/S` is not an f64 in general).
    pub fn eps0_mp(&self) -> Option<Mp> {
        match *self {
            StepLaw::Laplace { s } | StepLaw::Rr { s } => Some(self.mp(1.0) / self.mp(s)),
            StepLaw::Sgm { .. } => None,
        }
    }

    /// `δ(t)` in MPFR (foundations §2.2–§2.4 closed forms).
    pub fn delta(&self, t: &Mp) -> Mp {
        let v = match *self {
            StepLaw::Sgm { q, sigma, dir } => cf::sgm_delta(&self.mp(q), &self.mp(sigma), dir, t),
            StepLaw::Laplace { s } => cf::laplace_delta(&(t.one() / self.mp(s)), t),
            StepLaw::Rr { s } => cf::rr_delta(&(t.one() / self.mp(s)), t, 1),
        };
        v.max(t.zero())
    }

    /// `sf(t) = P(L > t)` in MPFR. Laplace/RR: foundations §2.2, §2.3 (atoms at `±ε0`).
    /// Subsampled Gaussian (§2.4): remove `(1−q)Φ̄(x_t/σ) + qΦ̄((x_t−1)/σ)` for `t > ln(1−q)`;
    /// add `Φ(x_{−t}/σ)` for `t < −ln(1−q)`.
    pub fn sf(&self, t: &Mp) -> Mp {
        let one = t.one();
        match *self {
            StepLaw::Sgm { q, sigma, dir } => {
                let (qm, s) = (self.mp(q), self.mp(sigma));
                let ln_1mq = (-qm.clone()).ln_1p();
                match dir {
                    Direction::Remove => {
                        if *t <= ln_1mq {
                            return one;
                        }
                        let x = cf::sgm_x_of(&qm, &s, t);
                        let a = (-(x.clone() / s.clone())).ndtr() * (one.clone() - qm.clone());
                        a + qm * ((one - x) / s).ndtr()
                    }
                    Direction::Add => {
                        if *t >= -ln_1mq {
                            return t.zero(); // q < 1: the add loss is below −ln(1−q)
                        }
                        (cf::sgm_x_of(&qm, &s, &-t.clone()) / s).ndtr()
                    }
                }
            }
            StepLaw::Laplace { .. } | StepLaw::Rr { .. } => {
                let e0 = self.eps0_mp().unwrap_or_else(|| t.zero());
                if *t < -e0.clone() {
                    one
                } else if *t >= e0 {
                    t.zero()
                } else if let StepLaw::Rr { .. } = *self {
                    // π = 1/(1 + e^{−ε0})
                    one.clone() / (one + (-e0).exp())
                } else {
                    // 1 − ½e^{−(ε0 − t)/2}
                    one - ((t.clone() - e0) / t.cst(2.0)).exp() / t.cst(2.0)
                }
            }
        }
    }

    /// `(t_lo, t_hi)`: a loss range outside which each tail has P-mass ≤ `tau` (f64 laws of
    /// [`crate::mechanisms::PrivacyLoss`]; the choice affects tightness only, never soundness).
    pub fn range(&self, mech: &Mechanism, dir: Direction, tau: f64) -> (f64, f64) {
        let loss = mech.loss(dir);
        let (s_lo, s_hi) = loss.support();
        let hi = if s_hi.is_finite() { s_hi } else { search(|t| loss.sf(t).max(loss.delta(t)) <= tau, 1.0, 1.0) };
        let lo = if s_lo.is_finite() { s_lo } else { search(|t| loss.cdf(t) <= tau, -1.0, -1.0) };
        (lo, hi)
    }
}

/// The boundary of `{t : ok(t)}` (an up- or down-set) found by doubling from `start` in the
/// direction `sign`, then 40 bisection steps; returns a point where `ok` holds.
fn search<F: Fn(f64) -> bool>(ok: F, start: f64, sign: f64) -> f64 {
    let (mut bad, mut good) = (0.0, start);
    while !ok(good) && good.abs() < 1e6 {
        bad = good;
        good *= 2.0;
    }
    for _ in 0..40 {
        let mid = 0.5 * (bad + good);
        if ok(mid) {
            good = mid;
        } else {
            bad = mid;
        }
    }
    let _ = sign;
    good
}

fn two_m96(x: &Mp) -> Mp {
    x.cst(2f64.powi(-96))
}

/// The Connect-the-Dots upper object on `[k_lo, k_hi]` (module doc).
pub fn upper(law: &StepLaw, h: f64, k_lo: i64, k_hi: i64) -> Obj {
    let hm = Mp::new(PREC, h);
    let d: Vec<Mp> = (k_lo..=k_hi).map(|k| law.delta(&(Mp::new(PREC, k as f64) * hm.clone()))).collect();
    let n = d.len();
    let one = hm.one();
    let eh = hm.exp();
    let em1 = hm.exp_m1(); // e^h − 1 > 0
    let em1_neg = (-hm.clone()).exp_m1(); // e^{−h} − 1 < 0
    let amp = (one.clone() + eh.clone()) * hm.cst(2.0) / em1.clone(); // error amplification bound
    let mut p = Vec::with_capacity(n);
    for j in 0..n {
        let (w, scale) = if j == 0 {
            let w = one.clone() - d[0].clone() + (d[1].clone() - d[0].clone()) / em1.clone();
            (w, one.clone() + d[0].clone() + d[1].clone())
        } else if j == n - 1 {
            ((d[j].clone() - d[j - 1].clone()) / em1_neg.clone(), d[j].clone() + d[j - 1].clone())
        } else {
            let w = ((d[j + 1].clone() - d[j].clone()) - eh.clone() * (d[j].clone() - d[j - 1].clone())) / em1.clone();
            (w, d[j - 1].clone() + d[j].clone() + d[j + 1].clone())
        };
        let margin = two_m96(&w) * scale * amp.clone();
        // Direction: up (mass of the pessimistic object).
        p.push((w.max(hm.zero()) + margin).to_f64_up());
    }
    // Direction: up (mass sent to +∞); margin as for the masses.
    let inf = (d[n - 1].clone() + two_m96(&hm) * d[n - 1].clone()).to_f64_up();
    Obj { lo: k_lo, p, inf, shift: 0.0 }
}

/// MPFR values at one cell edge: `t`, `sf(t)` and `e^t Q(L > t) = sf(t) − δ(t)`.
#[derive(Clone)]
struct Edge {
    t: Mp,
    sf: Mp,
    qt: Mp,
    scale: Mp,
}

fn edge(law: &StepLaw, t: f64) -> Edge {
    let tm = Mp::new(PREC, t);
    let sf = law.sf(&tm);
    let d = law.delta(&tm);
    let qt = (sf.clone() - d.clone()).max(tm.zero());
    let scale = sf.clone() + d;
    Edge { t: tm, sf, qt, scale }
}

/// `Φ(a, b; x) − margin` (module doc): `P(C) − e^x Q(C)` with `Q(C) = e^{−a}qt(a) − e^{−b}qt(b)`.
fn phi(a: &Edge, b: &Edge, x: f64) -> Mp {
    let xm = a.t.cst(x);
    let ea = (xm.clone() - a.t.clone()).exp();
    let eb = (xm - b.t.clone()).exp();
    let v = (a.sf.clone() - b.sf.clone()) - (ea.clone() * a.qt.clone() - eb.clone() * b.qt.clone());
    let margin = two_m96(&v) * (a.sf.clone() + b.sf.clone() + ea * a.scale.clone() + eb * b.scale.clone());
    v - margin
}

/// Lower-rounded `P(a < L ≤ b)`.
fn cell_mass(a: &Edge, b: &Edge) -> f64 {
    let v = a.sf.clone() - b.sf.clone();
    let margin = two_m96(&v) * (a.sf.clone() + b.sf.clone());
    // Direction: down (mass of the optimistic object).
    (v - margin).to_f64_down().max(0.0)
}

/// The merged-cell lower object for the loss range `[t_lo, t_hi]` (module doc).
pub fn lower(law: &StepLaw, h: f64, t_lo: f64, t_hi: f64) -> Obj {
    let theta = SHIFT * h; // exact: a power-of-two scaling
    let mut atoms: Vec<(i64, f64)> = Vec::new();
    let mut a = edge(law, t_lo - h / 2.0);
    // The edge at the grid point x of the current cell, when the previous cell computed it.
    let mut cached: Option<Edge> = None;
    loop {
        let at = a.t.to_f64();
        if at >= t_hi {
            break;
        }
        let kx = ((at + theta) / h).ceil() as i64;
        let x = kx as f64 * h - theta;
        if x <= at {
            // a on the grid: every cell (a, b] has its atom > a = x.
            let b = edge(law, at + h / 2.0);
            atoms.push((kx, cell_mass(&a, &b)));
            a = b;
            cached = None;
            continue;
        }
        let ex = match cached.take() {
            Some(e) if e.t.to_f64() == x => e,
            _ => edge(law, x),
        };
        let top = edge(law, x + h);
        let phi_top = phi(&a, &top, x);
        let base = (x, ex.clone());
        if phi_top < a.t.zero() {
            // No balanced edge: (a, x] goes to the grid point below a (its atom is > a).
            atoms.push((kx - 1, cell_mass(&a, &ex)));
            a = ex;
            cached = None;
            continue;
        }
        // Smallest b ∈ (x, x + h] with certified Φ ≥ 0, to h/4096, by bisection (Φ(a, x; x) ≤ 0:
        // every loss in (a, x] is ≤ x; Φ increases with b). Any accepted b is sound; closeness to
        // the smallest only tightens the atom.
        let (mut b_lo, mut b_hi) = (base.0, top.t.to_f64());
        let mut best = top;
        for _ in 0..12 {
            let mid = 0.5 * (b_lo + b_hi);
            let e = edge(law, mid);
            if phi(&a, &e, x) >= a.t.zero() {
                b_hi = mid;
                best = e;
            } else {
                b_lo = mid;
            }
        }
        atoms.push((kx, cell_mass(&a, &best)));
        a = best;
        cached = None;
    }
    // Last cell (a, ∞): its atom is > a; rounded down to the grid point below a.
    let at = a.t.to_f64();
    let k_last = ((at + theta) / h).floor() as i64;
    let tail = (a.sf.clone() - two_m96(&a.sf) * a.sf.clone()).to_f64_down().max(0.0);
    atoms.push((k_last, tail));
    let lo = atoms.iter().map(|x| x.0).min().unwrap_or(0);
    let hi = atoms.iter().map(|x| x.0).max().unwrap_or(0);
    let mut p = vec![0.0; (hi - lo + 1) as usize];
    for (k, m) in atoms {
        let i = (k - lo) as usize;
        // Direction: down (sum of lower masses).
        p[i] = crate::num::round::add_down(p[i], m);
    }
    Obj { lo, p, inf: 0.0, shift: theta }
}
