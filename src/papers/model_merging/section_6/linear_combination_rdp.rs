//! Theorem 6.2 (DP Model Merging), eq. (9), and Algorithm 3 (spec §10): the per-step Rényi bound
//! `ε_α^{(t)}(λ) = ln A_α / (α − 1)` of a linear combination of DP-SGD models, its composition
//! over steps and the `DPEps` conversion of Algorithm 3.
//!
//! Every evaluator returns `ln A_α` for the collapsed per-step pair of [`StepPair`]
//! (`P̃ = Σ_k r_k N(a_k, 1)` vs `Q̃ = N(0, 1)`, spec §9):
//! * [`ln_a_alpha_enumerate`] — eq. (9) literally, over compositions of `α` into the collapsed
//!   atoms: `A_α = Σ_γ α!/Πγ_k! · Π r_k^{γ_k} · B(γ)`, `B(γ) = exp(X/2)`,
//!   `X = (Σγ_k a_k)² − Σγ_k a_k² ≥ 0` (the appendix form; audit A5). Exact up to rounding.
//!   It sums `A_α − 1 = Σ_γ (…)·expm1(X/2)` (every term ≥ 0, because `Σ_γ α!/Πγ! Π r^γ = 1`),
//!   so tiny per-step values keep full relative accuracy. Refused above [`MAX_ENUM_TERMS`] terms.
//! * [`ln_a_alpha_naive`] — the same sum over the `2^N` uncollapsed subsets (cross-check only).
//! * [`ln_a_alpha`] — the fast path: `A_α = E_{Z∼N(0,1)}[(Σ_k r_k e^{a_k Z − a_k²/2})^α]`
//!   (expand `e^{a²/2} = E e^{aZ}`; spec §10 "equivalent forms"), i.e. `A_α = e^{(α−1)D_α(P̃‖Q̃)}`:
//!   **the bound of Theorem 6.2 is exactly the Rényi divergence of the 1-D surrogate pair of
//!   Theorem 6.4**, which is defined for every real `α > 1`. (Whether the surrogate still bounds the
//!   non-collinear DP-SGD step at non-integer `α` is the supermodularity argument of audit A13 — not
//!   in the paper; [`surrogate_rdp`] exposes the real-order value as an *estimate* only.)
//!
//! Fast-path numerics. With `x(z) = Σ_k r_k expm1(a_k z − a_k²/2)` (so `∫φx = 0` exactly) we
//! integrate `A_α − 1 = ∫ φ(z) g(x(z)) dz`, `g(x) = (1+x)^α − 1 − αx ≥ 0` (convexity): no
//! cancellation between nodes, and `g` is evaluated by its binomial series when `|αx| ≤ ½`. For
//! integer `α`, `φ·g` is a finite signed sum of unit-variance Gaussians centred in `[0, α a_max]`,
//! whose trapezoid sums with step `h` have relative aliasing error `2e^{−2π²/h²}` (Poisson
//! summation): `h = 0.45` gives `< 1e−42` relative to the total absolute mass `≤ A + 1 + 2α`.
//! The grid spans `[−16, α a_max + 16]` (truncation `< Φ(−16) ≈ 6e−58` per unit mass). For
//! non-integer `α` the integrand is analytic only in the strip `|Im z| < π/(2a_max)`; the step is
//! reduced to `0.2/a_max` (aliasing `≈ e^{−π²/(a_max h)} = e^{−49}`).
//!
//! Assumptions (spec §9): add/remove adjacency, Poisson sampling independent across models (A2),
//! independent noise; only the mixture-first direction `D_α(P‖Q)` is bounded (A3); composing over
//! steps needs the unstated assumption (e) of §9, which fails in general (A1).

use crate::papers::model_merging::common::conventions::{epsilon_from_rdp, Conversion, EpsilonAtOrder};
use crate::papers::model_merging::section_6::dpsgd_step::{lc_step_simplex, Atom, StepHyper, StepPair, Subset};
use crate::papers::model_merging::common::simplex::Simplex;
use crate::error::{check, Error, Result};
use crate::num::round::{add_up, mul_up};
use crate::num::special::{ln_binom, ln_gamma, neumaier_sum};
use crate::num::Real;

/// Largest number of terms `C(α+K−1, K−1)` the enumerations accept (spec §10: switch to the fast
/// path above a term budget).
pub const MAX_ENUM_TERMS: f64 = 1e7;
/// Trapezoid step for integer orders (aliasing `2e^{−2π²/h²} ≈ 1e−42`, see module doc).
pub const TRAPEZOID_STEP: f64 = 0.45;
/// Half-width of the Gaussian tails kept on both sides of the centres `[0, α a_max]`.
pub const TAIL: f64 = 16.0;
/// Relative error budget of the fast path used to round reported bounds up. Measured agreement
/// with the enumeration is ≲ 1e−14 relative (tests); the margin is 100× that.
pub const FAST_PATH_REL_MARGIN: f64 = 1e-12;
/// Largest order accepted by the fast path (grid size grows like `α a_max`).
pub const MAX_ORDER: f64 = 4096.0;

const LN_SQRT_2PI: f64 = 0.918_938_533_204_672_8;

/// Streaming, compensated log-sum-exp accumulator.
struct Lse {
    m: f64,
    s: f64,
    c: f64,
}

impl Lse {
    fn new() -> Lse {
        Lse { m: f64::NEG_INFINITY, s: 0.0, c: 0.0 }
    }
    fn add(&mut self, t: f64) {
        if t == f64::NEG_INFINITY {
            return;
        }
        if t > self.m {
            let f = (self.m - t).exp();
            self.s *= f;
            self.c *= f;
            self.m = t;
        }
        let x = (t - self.m).exp();
        let u = self.s + x;
        self.c += if self.s.abs() >= x { (self.s - u) + x } else { (x - u) + self.s };
        self.s = u;
    }
    fn value(&self) -> f64 {
        if self.m == f64::NEG_INFINITY { f64::NEG_INFINITY } else { self.m + (self.s + self.c).ln() }
    }
}

/// `ln A` from `ln(A − 1)` (`A ≥ 1`): `ln1p(e^{u})` without overflow.
fn ln_a_from_ln_am1(u: f64) -> f64 {
    if u == f64::NEG_INFINITY {
        0.0
    } else if u < 0.0 {
        u.exp().ln_1p()
    } else {
        u + (-u).exp().ln_1p()
    }
}

/// `ln expm1(y)` for `y > 0`.
fn ln_expm1(y: f64) -> f64 {
    if y > 36.0 { y + (-(-y).exp()).ln_1p() } else { y.exp_m1().ln() }
}

/// `C(α+K−1, K−1)` in log space: the number of compositions of `α` into `K` parts (spec §10, A20).
pub fn ln_compositions(alpha: u32, parts: usize) -> f64 {
    if parts == 0 {
        return f64::NEG_INFINITY;
    }
    ln_binom((alpha as f64) + (parts as f64) - 1.0, (parts as f64) - 1.0)
}

fn check_order(alpha: u32) -> Result<()> {
    if alpha < 2 {
        return Err(Error::invalid("Rényi order", alpha, "Theorem 6.2 needs an integer order >= 2"));
    }
    Ok(())
}

/// Shared recursion of the enumerations: `ln(A − 1)` with `B = exp(scale·X)` (`scale = ½` is
/// eq. (9); `scale = 1` the wrong reading of audit A5). `atoms`: finite shifts, positive masses.
fn enumerate_ln_am1(atoms: &[(f64, f64)], alpha: u32, scale: f64) -> Result<f64> {
    let parts = atoms.len();
    let ln_terms = ln_compositions(alpha, parts);
    if ln_terms > MAX_ENUM_TERMS.ln() {
        return Err(Error::Unsupported(format!(
            "eq. (9) enumeration with {parts} atoms at order {alpha} has {:.3e} terms (budget {MAX_ENUM_TERMS:e}); use the fast path ln_a_alpha",
            ln_terms.exp()
        )));
    }
    let zero_mass: f64 = atoms.iter().filter(|a| a.0 == 0.0).map(|a| a.1).sum();
    let pos: Vec<(f64, f64)> = atoms.iter().filter(|a| a.0 > 0.0).map(|&(a, r)| (a, r.ln())).collect();
    let lnfact: Vec<f64> = (0..=alpha).map(|k| ln_gamma(k as f64 + 1.0)).collect();
    let ln_r0 = if zero_mass > 0.0 { zero_mass.ln() } else { f64::NEG_INFINITY };
    let mut acc = Lse::new();
    // State: next atom index, remaining count, S = Σγa, X = S² − Σγa² (kept as a sum of
    // nonnegative increments: X' = X + 2c·a·S + c(c−1)a²), lw = Σ(γ ln r − ln γ!).
    #[allow(clippy::too_many_arguments)]
    fn rec(pos: &[(f64, f64)], k: usize, rem: u32, s: f64, x: f64, lw: f64, ctx: &(&[f64], f64, f64), acc: &mut Lse) {
        let (lnfact, ln_r0, scale) = (ctx.0, ctx.1, ctx.2);
        if k == pos.len() {
            if x <= 0.0 {
                return; // B − 1 = 0
            }
            let tail = if rem == 0 {
                0.0
            } else if ln_r0 == f64::NEG_INFINITY {
                return; // no zero atom to absorb the rest
            } else {
                rem as f64 * ln_r0 - lnfact[rem as usize]
            };
            acc.add(lw + tail + ln_expm1(scale * x));
            return;
        }
        let (a, ln_r) = pos[k];
        for c in 0..=rem {
            let cf = c as f64;
            let x2 = x + 2.0 * cf * a * s + cf * (cf - 1.0) * a * a;
            let lw2 = if c == 0 { lw } else { lw + cf * ln_r - lnfact[c as usize] };
            rec(pos, k + 1, rem - c, s + cf * a, x2, lw2, ctx, acc);
        }
    }
    rec(&pos, 0, alpha, 0.0, 0.0, 0.0, &(&lnfact, ln_r0, scale), &mut acc);
    let v = acc.value();
    Ok(if v == f64::NEG_INFINITY { v } else { v + lnfact[alpha as usize] })
}

/// Largest number of terms [`ln_a_alpha_enumerate_r`] accepts (MPFR work per term is ~µs).
pub const MAX_MP_TERMS: f64 = 2e5;

/// Theorem 6.2 (DP Model Merging), eq. (9) enumerated literally in any precision — the MPFR twin
/// of [`ln_a_alpha_enumerate`]: `ln(1 + α! Σ_γ Π_k r_k^{γ_k}/γ_k! · expm1(X(γ)/2))`,
/// `X = (Σγ_k a_k)² − Σγ_k a_k² ≥ 0`, over the compositions `γ` of `α` into the atoms `(a_k, r_k)`
/// (finite shifts `a_k ≥ 0`, masses `r_k > 0` summing to 1; every summand ≥ 0, so no
/// cancellation). Errors: `α < 2`; no atoms; more than [`MAX_MP_TERMS`] terms.
pub fn ln_a_alpha_enumerate_r<R: Real>(atoms: &[(R, R)], alpha: u32) -> Result<R> {
    check_order(alpha)?;
    let Some(first) = atoms.first() else {
        return Err(Error::invalid("atoms", "[]", "needs at least one atom"));
    };
    let ln_terms = ln_compositions(alpha, atoms.len());
    if ln_terms > MAX_MP_TERMS.ln() {
        return Err(Error::Unsupported(format!("MPFR enumeration of eq. (9) with {} atoms at order {alpha} has {:.3e} terms (budget {MAX_MP_TERMS:e})", atoms.len(), ln_terms.exp())));
    }
    let one = first.0.one();
    let mut fact = vec![one.clone()];
    for k in 1..=alpha {
        let next = fact[k as usize - 1].clone() * one.cst(k as f64);
        fact.push(next);
    }
    // State: atom index, remaining count, S = Σγa, X, weight w = Π r^γ/γ!.
    fn rec<R: Real>(atoms: &[(R, R)], k: usize, rem: u32, s: &R, x: &R, w: &R, fact: &[R], acc: &mut R) {
        let (a, r) = &atoms[k];
        let last = k + 1 == atoms.len();
        for c in if last { rem..=rem } else { 0..=rem } {
            let cf = a.cst(c as f64);
            let x2 = x.clone() + a.cst(2.0) * cf.clone() * a.clone() * s.clone() + cf.clone() * (cf.clone() - a.one()) * a.clone() * a.clone();
            let w2 = if c == 0 { w.clone() } else { w.clone() * r.powf(&cf) / fact[c as usize].clone() };
            if last {
                *acc = acc.clone() + w2 * (x2 / a.cst(2.0)).exp_m1();
            } else {
                rec(atoms, k + 1, rem - c, &(s.clone() + cf * a.clone()), &x2, &w2, fact, acc);
            }
        }
    }
    let mut acc = one.zero();
    rec(atoms, 0, alpha, &one.zero(), &one.zero(), &one, &fact, &mut acc);
    Ok((fact[alpha as usize].clone() * acc).ln_1p())
}

fn finite_atoms(step: &StepPair) -> Vec<(f64, f64)> {
    step.atoms.iter().filter(|a| a.prob > 0.0).map(|a| (a.shift, a.prob)).collect()
}

/// Theorem 6.2 (DP Model Merging), eq. (9): `ln A_α` by exact enumeration of the compositions
/// of `α` over the collapsed atoms (spec §10 reference computation 1).
///
/// Guarantee: exact up to f64 rounding (all summands ≥ 0; relative error ~1e−15 of `A_α − 1`).
/// `+∞` for a non-private step, `0` for a trivial one. Errors: `α < 2`; more than
/// [`MAX_ENUM_TERMS`] terms (`Error::Unsupported`).
pub fn ln_a_alpha_enumerate(step: &StepPair, alpha: u32) -> Result<f64> {
    check_order(alpha)?;
    if step.is_non_private() {
        return Ok(f64::INFINITY);
    }
    Ok(ln_a_from_ln_am1(enumerate_ln_am1(&finite_atoms(step), alpha, 0.5)?))
}

/// Audit A5 helper: eq. (9) with the main text's `B(γ)² = exp(X)` read as `B(γ) = exp(X)`.
/// An upper bound on the correct value (`X ≥ 0`) but loose; it matches neither the quadrature
/// of the 1-D mixture divergence nor the SGM formula at `N = 1`. Errors as [`ln_a_alpha_enumerate`].
pub fn ln_a_alpha_wrong_square(step: &StepPair, alpha: u32) -> Result<f64> {
    check_order(alpha)?;
    if step.is_non_private() {
        return Ok(f64::INFINITY);
    }
    Ok(ln_a_from_ln_am1(enumerate_ln_am1(&finite_atoms(step), alpha, 1.0)?))
}

/// Theorem 6.2 (DP Model Merging), eq. (9) over the `2^N` *uncollapsed* subsets (spec §10
/// reference computation 3), written literally: `ln Σ_γ α!/Πγ_J! · B(γ) Π ρ_J^{γ_J}` with
/// `B = exp(½[(Σγ_JΔ̃_J)² − Σγ_JΔ̃_J²])`, summed as logs. Cross-check for tiny cases only.
///
/// Guarantee: exact up to rounding (absolute error ~1e−16 in `A_α`, so not for tiny per-step
/// values). Errors: `α < 2`; more than `1e6` compositions.
pub fn ln_a_alpha_naive(subsets: &[Subset], alpha: u32) -> Result<f64> {
    check_order(alpha)?;
    let n = subsets.len();
    if n == 0 || ln_compositions(alpha, n) > 1e6f64.ln() {
        return Err(Error::Unsupported(format!("naive eq. (9) enumeration over {n} subsets at order {alpha} is too large")));
    }
    if subsets.iter().any(|s| s.rho > 0.0 && s.shift.is_infinite()) {
        return Ok(f64::INFINITY);
    }
    let lg_a = ln_gamma(alpha as f64 + 1.0);
    let mut gamma = vec![0u32; n];
    gamma[n - 1] = alpha;
    let mut logs = Vec::new();
    loop {
        let (mut lt, mut s, mut q) = (lg_a, 0.0, 0.0);
        for (g, j) in gamma.iter().zip(subsets) {
            let gf = *g as f64;
            lt += gf * j.rho.ln() - ln_gamma(gf + 1.0);
            s += gf * j.shift;
            q += gf * j.shift * j.shift;
        }
        logs.push(lt + 0.5 * (s * s - q));
        // next composition (odometer on the first n−1 parts; the last takes the rest)
        let mut i = 0;
        loop {
            if i + 1 == n {
                return Ok(crate::num::special::ln_sum_exp(&logs));
            }
            let used: u32 = gamma[..n - 1].iter().sum();
            if used < alpha {
                gamma[i] += 1;
                gamma[n - 1] = alpha - used - 1;
                break;
            }
            gamma[n - 1] += gamma[i];
            gamma[i] = 0;
            i += 1;
        }
    }
}

/// Per-node data of the fast path: `ln φ(z)`, `x(z)` (`+∞` when not representable) and `ℓ(z)`.
struct Nodes {
    h: f64,
    ln_phi: Vec<f64>,
    x: Vec<f64>,
    ell: Vec<f64>,
}

fn nodes(atoms: &[(f64, f64)], alpha_max: f64, h: f64) -> Nodes {
    let a_max = atoms.iter().map(|a| a.0).fold(0.0, f64::max);
    let lo = -TAIL;
    let hi = alpha_max * a_max + TAIL;
    let m = ((hi - lo) / h).ceil() as usize + 1;
    let pre: Vec<(f64, f64, f64)> = atoms.iter().map(|&(a, r)| (a, r, r.ln() - 0.5 * a * a)).collect();
    let mut out = Nodes { h, ln_phi: Vec::with_capacity(m), x: Vec::with_capacity(m), ell: Vec::with_capacity(m) };
    let mut t = vec![0.0; pre.len()];
    for j in 0..m {
        let z = lo + j as f64 * h;
        let mut tmax = f64::NEG_INFINITY;
        for (tk, &(a, _, c)) in t.iter_mut().zip(&pre) {
            *tk = a * z + c; // ln r_k + a_k z − a_k²/2
            tmax = tmax.max(*tk);
        }
        let (x, ell) = if tmax >= 1.0 {
            // Σ_k e^{t_k} ≥ e, so x = e^ℓ − 1 > 1.7 has no cancellation: ℓ by log-sum-exp,
            // skipping terms below e^{−50} of the largest (relative effect < K·2e−22).
            let s: f64 = t.iter().filter(|&&tk| tk > tmax - 50.0).map(|&tk| (tk - tmax).exp()).sum();
            let ell = tmax + s.ln();
            (if ell < 700.0 { ell.exp_m1() } else { f64::INFINITY }, ell)
        } else {
            // x = Σ r_k expm1(e_k), e_k = a_k z − a_k²/2, compensated (mixed signs only for
            // a_min/2 < z < a_max/2, where x is tiny and g(x) ~ x² negligible).
            let x = neumaier_sum(pre.iter().zip(&t).map(|(&(a, r, _), &tk)| {
                let e = a * (z - 0.5 * a);
                if e < 700.0 { r * e.exp_m1() } else { tk.exp() - r }
            }));
            (x, x.ln_1p())
        };
        out.ln_phi.push(-0.5 * z * z - LN_SQRT_2PI);
        out.x.push(x);
        out.ell.push(ell);
    }
    out
}

/// `ln g(x)`, `g(x) = (1+x)^α − 1 − αx ≥ 0`, given `x` and `ℓ = ln(1+x)`.
fn ln_g(alpha: f64, x: f64, ell: f64) -> f64 {
    if x.is_finite() && (alpha * x).abs() <= 0.5 {
        // binomial series Σ_{j≥2} C(α,j) x^j; |ratio| ≤ α|x|/3 ≤ 1/6 (or < |x| beyond j > α)
        let mut c = 0.5 * alpha * (alpha - 1.0);
        let mut term = c * x * x;
        let mut sum = term;
        let mut j = 2.0;
        while term != 0.0 && term.abs() > 1e-18 * sum.abs() && j < 200.0 {
            c *= (alpha - j) / (j + 1.0);
            term = c * x.powi(j as i32 + 1);
            sum += term;
            j += 1.0;
        }
        return if sum > 0.0 { sum.ln() } else { f64::NEG_INFINITY };
    }
    let al = alpha * ell;
    if !x.is_finite() {
        return al; // (1 + αx)e^{−αℓ} < e^{−600}: below f64 resolution
    }
    if al < 700.0 {
        let g = al.exp_m1() - alpha * x;
        if g > 0.0 { g.ln() } else { f64::NEG_INFINITY }
    } else {
        al + (-(1.0 + alpha * x) * (-al).exp()).ln_1p()
    }
}

fn ln_a_on_nodes(nd: &Nodes, alpha: f64) -> f64 {
    let mut acc = Lse::new();
    for j in 0..nd.x.len() {
        acc.add(nd.ln_phi[j] + ln_g(alpha, nd.x[j], nd.ell[j]));
    }
    ln_a_from_ln_am1(acc.value() + nd.h.ln())
}

fn check_real_order(alpha: f64) -> Result<()> {
    if !(alpha > 1.0 && alpha <= MAX_ORDER) {
        return Err(Error::invalid("Rényi order", alpha, &format!("must be a real number in (1, {MAX_ORDER}]")));
    }
    Ok(())
}

/// Theorem 6.2 (DP Model Merging), fast path: `ln A_α = ln E_Z[(Σ_k r_k e^{a_k Z − a_k²/2})^α]`
/// for every real `α ∈ (1, MAX_ORDER]` at once over `orders` (one grid of `ℓ(z)`, reused).
///
/// Guarantee: for integer `α` equal to eq. (9) (tested against [`ln_a_alpha_enumerate`] to
/// ~1e−14 relative); for real `α` the exact `ln E_Q̃[(p̃/q̃)^α]` of the 1-D surrogate (estimate,
/// see module doc). `+∞` for non-private steps. Errors: an order outside `(1, MAX_ORDER]`.
pub fn ln_a_alpha_orders(step: &StepPair, orders: &[f64]) -> Result<Vec<f64>> {
    for &a in orders {
        check_real_order(a)?;
    }
    if step.is_non_private() {
        return Ok(vec![f64::INFINITY; orders.len()]);
    }
    if step.is_trivial() || orders.is_empty() {
        return Ok(vec![0.0; orders.len()]);
    }
    let atoms = finite_atoms(step);
    let a_max = step.max_shift();
    let (int, frac): (Vec<usize>, Vec<usize>) = (0..orders.len()).partition(|&i| orders[i].fract() == 0.0);
    let mut out = vec![0.0; orders.len()];
    for (group, h) in [(int, TRAPEZOID_STEP), (frac, TRAPEZOID_STEP.min(0.2 / a_max))] {
        if group.is_empty() {
            continue;
        }
        let amax = group.iter().map(|&i| orders[i]).fold(0.0, f64::max);
        let nd = nodes(&atoms, amax, h);
        for i in group {
            out[i] = ln_a_on_nodes(&nd, orders[i]);
        }
    }
    Ok(out)
}

/// Theorem 6.2 (DP Model Merging), eq. (9) by the Gaussian-expectation fast path at one order
/// (see [`ln_a_alpha_orders`]). Cost `O(K · (α a_max + 32)/h)`. Errors as there.
pub fn ln_a_alpha(step: &StepPair, alpha: f64) -> Result<f64> {
    Ok(ln_a_alpha_orders(step, &[alpha])?[0])
}

/// Ground truth for Theorem 6.2 in any precision: `ln A_α = ln(1 + ∫ φ(z) g(x(z)) dz)` by
/// tanh–sinh quadrature split every 2 units on `[−16, α a_max + 16]` (independent of the trapezoid
/// fast path), evaluated in `R` (use `crate::num::Mp` at ≥ 200 bits for golden values).
/// `atoms`: `(a_k, r_k)` with finite `a_k ≥ 0`, `Σ r_k = 1` (not validated: test oracle).
/// Returns `(ln A_α, quadrature error estimate of A_α − 1)`.
pub fn ln_a_alpha_quad<R: Real>(atoms: &[(f64, f64)], alpha: &R) -> (R, R) {
    let one = alpha.one();
    let a_max = atoms.iter().map(|a| a.0).fold(0.0, f64::max);
    let hi = alpha.to_f64() * a_max + TAIL;
    let mut pts = Vec::new();
    let mut z = -TAIL;
    while z < hi {
        pts.push(alpha.cst(z));
        z += 2.0;
    }
    pts.push(alpha.cst(hi));
    let at: Vec<(R, R)> = atoms.iter().map(|&(a, r)| (alpha.cst(a), alpha.cst(r))).collect();
    let ln_norm = -(alpha.cst(2.0) * alpha.pi()).sqrt().ln();
    let f = |z: &R| -> R {
        let mut x = z.zero();
        for (a, r) in &at {
            let e = a.clone() * (z.clone() - a.clone() / z.cst(2.0));
            x = x + r.clone() * e.exp_m1();
        }
        let g = (alpha.clone() * x.ln_1p()).exp_m1() - alpha.clone() * x;
        (ln_norm.clone() - z.clone() * z.clone() / z.cst(2.0)).exp() * g
    };
    let tol = alpha.cst(2f64.powi(-(alpha.prec() as i32) - 20));
    let q = crate::num::quad::integrate_split(f, &pts, &tol, 12);
    ((one + q.value).ln(), q.err)
}

/// Theorem 6.2 (DP Model Merging): the per-step bound `ε_α^{(t)}(λ) = ln A_α/(α − 1)` at an
/// integer order `α ≥ 2`, by the fast path. Guarantee: upper bound on `D_α(P^{(t)}‖Q^{(t)})`
/// under the assumptions of the module doc, rounded up by [`FAST_PATH_REL_MARGIN`].
/// Errors: `α < 2`.
pub fn lc_step_rdp(step: &StepPair, alpha: u32) -> Result<f64> {
    check_order(alpha)?;
    let v = ln_a_alpha(step, alpha as f64)? / (alpha as f64 - 1.0);
    Ok(mul_up(v, 1.0 + FAST_PATH_REL_MARGIN)) // towards more privacy loss
}

/// The Rényi divergence `D_α(P̃‖Q̃)` of the 1-D surrogate pair (Theorem 6.4) at a real order
/// `α > 1`. Equals [`lc_step_rdp`] at integer orders. At non-integer orders it is an *estimate*
/// of an upper bound for the DP-SGD step (audit A13: supermodularity argument, not in the paper).
/// Errors: an order outside `(1, MAX_ORDER]`.
pub fn surrogate_rdp(step: &StepPair, alpha: f64) -> Result<f64> {
    Ok(ln_a_alpha(step, alpha)? / (alpha - 1.0))
}

fn integer_order(a: f64) -> Result<u32> {
    if a.fract() != 0.0 || !(2.0..=MAX_ORDER).contains(&a) {
        return Err(Error::invalid("Rényi order", a, "Theorem 6.2 / Algorithm 3 allow integer orders >= 2 only"));
    }
    Ok(a as u32)
}

/// Theorem 6.2 + composition (Algorithm 3, line "ε_α^{LC}(λ) = Σ_t ε_α^{(t)}(λ)"): the RDP curve
/// of `Σ_t count_t · ε_α^{(t)}` at each integer order. Guarantee: upper bound (sums rounded up).
/// Errors: a non-integer or < 2 order, a zero count.
pub fn lc_rdp_curve(steps: &[(StepPair, u64)], orders: &[f64]) -> Result<Vec<f64>> {
    for &a in orders {
        integer_order(a)?;
    }
    let mut total = vec![0.0; orders.len()];
    for (pair, count) in steps {
        check::at_least_one("step count", *count)?;
        let ln_a = ln_a_alpha_orders(pair, orders)?;
        for ((t, l), a) in total.iter_mut().zip(ln_a).zip(orders) {
            let per = mul_up(l / (a - 1.0), 1.0 + FAST_PATH_REL_MARGIN);
            *t = add_up(*t, mul_up(per, *count as f64));
        }
    }
    Ok(total)
}

/// [`lc_rdp_curve`] at one integer order.
pub fn lc_rdp(steps: &[(StepPair, u64)], alpha: u32) -> Result<f64> {
    Ok(lc_rdp_curve(steps, &[alpha as f64])?[0])
}

/// Algorithm 3 (DP Model Merging), `DPEps(λ, δ) = min_{α∈A} {ε_α^{LC}(λ) + conv(α, δ)}`
/// with the conversion of spec §1.4 (classic = the paper's). Guarantee: upper bound on ε under
/// the assumptions of the module doc (A1: not sound in general for T > 1). Errors: non-integer
/// orders, δ ∉ (0, 1), empty grid, zero counts.
pub fn lc_dp_eps(steps: &[(StepPair, u64)], orders: &[f64], delta: f64, conv: Conversion) -> Result<EpsilonAtOrder> {
    check::unit_open("delta", delta)?;
    let rdp = lc_rdp_curve(steps, orders)?;
    epsilon_from_rdp(orders, &rdp, delta, conv)
}

/// The per-step pairs of a schedule: `schedule[g] = (hyper-parameters of all N models at the
/// steps of group g, number of such steps)` → `(lc_step(λ, ·), count)` (spec §9).
pub fn lc_steps(lambda: &[f64], schedule: &[(Vec<StepHyper>, u64)]) -> Result<Vec<(StepPair, u64)>> {
    lc_steps_simplex(&Simplex::new("lambda", lambda)?, schedule)
}

/// [`lc_steps`] for weights already validated (checked once, not once per step group).
pub fn lc_steps_simplex(lambda: &Simplex, schedule: &[(Vec<StepHyper>, u64)]) -> Result<Vec<(StepPair, u64)>> {
    schedule.iter().map(|(h, c)| Ok((lc_step_checked_simplex(lambda, h)?, check::at_least_one("step count", *c)?))).collect()
}

/// [`lc_step`] with the `s_λ = 0` edge case of spec §9 made explicit: when every positive-weight
/// model is non-private and some model with `w_i > 0` samples the record (`q_i > 0`), the step is
/// non-private — atoms `{(0, P(no such model samples)), (+∞, rest)}`. (Works around
/// `dpsgd_step::collapse`, which merges `+∞` shifts into the zero atom because
/// `∞ − 0 ≤ tol·∞`.) Errors as [`lc_step`].
pub fn lc_step_checked(lambda: &[f64], hyper: &[StepHyper]) -> Result<StepPair> {
    lc_step_checked_simplex(&Simplex::new("lambda", lambda)?, hyper)
}

/// [`lc_step_checked`] for weights already validated. Errors as [`lc_step_simplex`].
pub fn lc_step_checked_simplex(lambda: &Simplex, hyper: &[StepHyper]) -> Result<StepPair> {
    let p = lc_step_simplex(lambda, hyper)?;
    if p.s_lambda == 0.0 && p.w.iter().zip(hyper).any(|(&w, h)| w > 0.0 && h.sampling_rate > 0.0) {
        let p0: f64 = p.w.iter().zip(hyper).filter(|(&w, _)| w > 0.0).map(|(_, h)| 1.0 - h.sampling_rate).product();
        let mut atoms = Vec::new();
        if p0 > 0.0 {
            atoms.push(Atom { shift: 0.0, prob: p0 });
        }
        atoms.push(Atom { shift: f64::INFINITY, prob: 1.0 - p0 });
        return Ok(StepPair { atoms, s_lambda: 0.0, w: p.w });
    }
    Ok(p)
}

/// Algorithm 3's output test `DPEps(λ, δ′) ≤ ε′` for one weight vector (the printed algorithm
/// writes π for λ — audit A8). Returns the decision and the certified ε. Errors as
/// [`lc_dp_eps`] and [`lc_step`]; ε′ must be finite and ≥ 0.
pub fn lc_feasible(lambda: &[f64], schedule: &[(Vec<StepHyper>, u64)], eps_target: f64, delta: f64, orders: &[f64], conv: Conversion) -> Result<(bool, EpsilonAtOrder)> {
    if !(eps_target.is_finite() && eps_target >= 0.0) {
        return Err(Error::invalid("target epsilon", eps_target, "must be finite and >= 0"));
    }
    let e = lc_dp_eps(&lc_steps(lambda, schedule)?, orders, delta, conv)?;
    Ok((e.epsilon <= eps_target, e))
}

#[cfg(test)]
#[path = "linear_combination_rdp_test.rs"]
mod linear_combination_rdp_test;
