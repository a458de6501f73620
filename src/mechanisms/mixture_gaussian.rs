//! Gaussian-mixture privacy loss: `P̃ = Σ_k r_k N(a_k, 1)` versus `Q̃ = N(0, 1)`, both add/remove
//! directions (the 1-D surrogate pair of *DP Model Merging*, Theorem 6.4, spec `merging.md` §12;
//! dp_accounting's `MixtureGaussianPrivacyLoss`). The Poisson-subsampled Gaussian is the case
//! `{(0, 1−q), (1/σ, q)}` ([`super::subsampled_gaussian::SgmLoss`]).
//!
//! With `ℓ(z) = ln Σ_k r_k e^{a_k z − a_k²/2}` (convex, strictly increasing when some `a_k > 0`,
//! `inf ℓ = ln r_0`, `r_0` the mass at shift 0):
//! * forward ([`Direction::Remove`], pair `(P̃, Q̃)`): `L = ℓ(Y)`, `Y ∼ P̃`;
//! * reverse ([`Direction::Add`], pair `(Q̃, P̃)`): `L = −ℓ(Z)`, `Z ∼ Q̃` (spec §1.3 link).
//!
//! Atoms with `a_k = +∞` (a non-private step, `s_λ = 0`) are mass at `L = +∞` in the forward
//! direction and are absent from `P̃`'s density in the reverse one.
//!
//! **Root.** `ℓ(z_t) = t` is solved as `g(z) = u` with `g(z) = ln Σ_{a_k>0} r_k e^{a_k z − a_k²/2}`
//! and `u = ln(e^t − r_0)` (`ln_sub_exp`, no cancellation near `t = ln r_0`): `g` is convex with
//! `g' ∈ [a_min⁺, a_max]`, so Newton from the right bracket `min_k` (single-term root) converges
//! monotonically and the root is as well conditioned as the SGM closed form.
//!
//! **Accuracy (f64).** `cdf`/`sf` are sums of positive terms `r_k Φ(±(z − a_k))` (erfc tails):
//! relative error ~1e−14. `delta` uses the positive form (Mills ratio `R = Φ̄/φ`)
//! `δ_fwd = p_∞ + Σ_k r_k Φ̄(z−a_k)·(1 − R(z)/R(z−a_k))` and
//! `δ_rev = Φ(z)·Σ_k ŵ_k (1 − R(a_k−z)/R(−z))`, `ŵ_k ∝ r_k e^{a_k z − a_k²/2}` normalised, which is
//! the two-CDF closed form of spec §12 without its cancellation. The MPFR oracle
//! ([`mixture_delta`], [`mixture_cdf`]) evaluates the two-CDF form directly at high precision.

use super::{Direction, PrivacyLoss, SimRng};
use crate::error::{Error, Result};
use crate::num::root::{root_bracket, Bracket, RootError, Stop};
use crate::num::special::{erfcx, ln_ndtr, ln_sub_exp, ln_sum_exp, ndtr, LN_SQRT_2PI};
use crate::num::Real;
use rand::Rng;
use rand_distr::{Distribution, StandardNormal};

/// One direction of the Gaussian-mixture pair, with validated atoms.
#[derive(Clone, Debug)]
pub struct MixtureGaussianLoss {
    /// Finite atoms `(a_k, r_k)`, `r_k > 0`, sorted by shift.
    atoms: Vec<(f64, f64)>,
    /// Mass of the infinite-shift atoms.
    inf_atoms: f64,
    dir: Direction,
    /// `ln r_0` (−∞ when there is no zero shift).
    ln_r0: f64,
    /// `(a_k, ln r_k)` for the positive finite shifts.
    pos: Vec<(f64, f64)>,
}

impl MixtureGaussianLoss {
    /// Build from atoms `(shift, prob)`: shifts ≥ 0 (may be `+∞`), probabilities in `[0, 1]`
    /// summing to 1 within 1e−12. Zero-probability atoms are skipped (spec §1.6 rule 6).
    /// Errors: NaN/negative shift, probability out of range, bad total.
    pub fn new(atoms: &[(f64, f64)], dir: Direction) -> Result<MixtureGaussianLoss> {
        let mut fin = Vec::new();
        let mut inf_atoms = 0.0;
        let mut total = 0.0;
        for &(a, r) in atoms {
            if a.is_nan() || a < 0.0 {
                return Err(Error::invalid("atom shift", a, "must be >= 0 (may be +inf)"));
            }
            if !(0.0..=1.0).contains(&r) {
                return Err(Error::invalid("atom probability", r, "must lie in [0, 1]"));
            }
            total += r;
            if r == 0.0 {
                continue;
            }
            if a.is_infinite() {
                inf_atoms += r;
            } else {
                fin.push((a, r));
            }
        }
        if (total - 1.0).abs() > 1e-12 {
            return Err(Error::invalid("atom probabilities", total, "must sum to 1"));
        }
        fin.sort_by(|x, y| x.0.total_cmp(&y.0));
        let r0: f64 = fin.iter().filter(|x| x.0 == 0.0).map(|x| x.1).sum();
        let ln_r0 = if r0 > 0.0 { r0.ln() } else { f64::NEG_INFINITY };
        let pos = fin.iter().filter(|x| x.0 > 0.0).map(|&(a, r)| (a, r.ln())).collect();
        Ok(MixtureGaussianLoss { atoms: fin, inf_atoms, dir, ln_r0, pos })
    }

    /// The finite atoms `(a_k, r_k)` (sorted, positive probabilities).
    pub fn atoms(&self) -> &[(f64, f64)] {
        &self.atoms
    }

    /// The direction of this loss.
    pub fn direction(&self) -> Direction {
        self.dir
    }

    /// `ℓ(z) = ln Σ_k r_k e^{a_k z − a_k²/2}` over the finite atoms (log-sum-exp; −∞ without finite atoms).
    pub fn ell(&self, z: f64) -> f64 {
        let t: Vec<f64> = self.atoms.iter().map(|&(a, r)| r.ln() + a * z - 0.5 * a * a).collect();
        ln_sum_exp(&t)
    }

    /// `g(z)` and `g'(z)` for the positive shifts (see module doc).
    fn g_and_slope(&self, z: f64) -> (f64, f64) {
        let m = self.pos.iter().map(|&(a, lr)| lr + a * z - 0.5 * a * a).fold(f64::NEG_INFINITY, f64::max);
        let (mut s, mut sa) = (0.0, 0.0);
        for &(a, lr) in &self.pos {
            let e = (lr + a * z - 0.5 * a * a - m).exp();
            s += e;
            sa += a * e;
        }
        (m + s.ln(), sa / s)
    }

    /// The root `z_t` of `ℓ(z) = t`; `None` when `t ≤ ln r_0` (no root) or without positive
    /// shifts. Newton from the right bracket (see module doc); accurate to a few ulps of `z`.
    pub fn z_of(&self, t: f64) -> Option<f64> {
        if self.pos.is_empty() || t <= self.ln_r0 || t.is_nan() {
            return None;
        }
        let u = ln_sub_exp(t, self.ln_r0);
        if u == f64::INFINITY {
            return Some(f64::INFINITY);
        }
        // Each single-term root lies right of the root (g ≥ every single term).
        let mut z = self.pos.iter().map(|&(a, lr)| (u - lr + 0.5 * a * a) / a).fold(f64::INFINITY, f64::min);
        if z == f64::NEG_INFINITY {
            // The root lies left of −f64::MAX (shifts so small that |u − ln r_k|/a_k overflows).
            return Some(z);
        }
        if z == f64::INFINITY {
            // Every single-term root overflows. g ≤ max term + ln(#terms), so the root is at
            // least the smallest single-term root of u − ln(#terms): +∞ if that overflows too,
            // else Newton from there (g convex and increasing: from the left the first step
            // lands right of the root, and Newton then descends to it).
            let ln_n = (self.pos.len() as f64).ln();
            z = self.pos.iter().map(|&(a, lr)| (u - ln_n - lr + 0.5 * a * a) / a).fold(f64::INFINITY, f64::min);
            if !z.is_finite() {
                return Some(f64::INFINITY);
            }
        }
        for _ in 0..200 {
            let (g, s) = self.g_and_slope(z);
            let step = (g - u) / s;
            z -= step;
            if step.abs() <= 2.0 * f64::EPSILON * z.abs().max(1e-300) {
                break;
            }
        }
        Some(z)
    }

    /// Mass of the finite atoms.
    fn finite_mass(&self) -> f64 {
        self.atoms.iter().map(|x| x.1).sum()
    }

    /// `ln E_{Z∼N(0,1)}[e^{β ℓ(Z)}]` by a log-space trapezoid rule, for the Chernoff window only
    /// (an *estimate* with a relative margin of 1e−9 added upward; not certified). The
    /// integrand `exp(βℓ(z) − z²/2)` is concave in log for β < 0 and has curvature ≥ −1 for
    /// β ≥ 0, which fixes the step; tails beyond 12 standard units are below e^{−72}.
    pub fn ln_moment(&self, beta: f64) -> f64 {
        if beta == 0.0 {
            return 0.0;
        }
        if self.atoms.is_empty() {
            return f64::INFINITY;
        }
        let amax = self.atoms.last().map(|x| x.0).unwrap_or(0.0);
        if amax == 0.0 {
            return beta * self.ell(0.0);
        }
        let g = |z: f64| beta * self.ell(z) - 0.5 * z * z;
        let (lo, hi, h) = if beta > 0.0 {
            (-12.0, beta * amax + 12.0, 0.25)
        } else {
            // Mode of the strictly concave g: g'(z) = βℓ'(z) − z = 0 on [β a_max, 0].
            let slope = |z: f64| {
                let w: Vec<f64> = self.atoms.iter().map(|&(a, r)| r.ln() + a * z - 0.5 * a * a).collect();
                let m = ln_sum_exp(&w);
                let d: f64 = self.atoms.iter().zip(&w).map(|(x, wi)| x.0 * (wi - m).exp()).sum();
                beta * d - z
            };
            // Bracket established by the mathematics: ℓ'(z) = d is a weighted mean of the atoms'
            // a ∈ [0, a_max] (shifts are validated ≥ 0), so g'(β a_max − 1e−9) ≥ 1e−9 > 0 and g'(1e−9) ≤ −1e−9 < 0. 200
            // halvings (or adjacent floats); the mode estimate is the midpoint of the final
            // bracket (not a certified quantity: it only centres the window). A NaN β or a_max
            // (invalid bracket) gives a NaN mode, as before.
            let stop = Stop::iterations(200);
            let m = match root_bracket(|z: &f64| Ok::<_, RootError>(slope(*z) > 0.0), Bracket::established(beta * amax - 1e-9, 1e-9), &stop) {
                Ok(b) => 0.5 * (b.lo + b.hi),
                Err(_) => f64::NAN,
            };
            (m - 12.0, m + 12.0, 0.25 / (1.0 + beta.abs() * amax * amax / 4.0).sqrt())
        };
        let n = ((hi - lo) / h).ceil() as usize + 1;
        let vals: Vec<f64> = (0..n).map(|i| g(lo + (hi - lo) * i as f64 / (n - 1) as f64)).collect();
        let v = ln_sum_exp(&vals) + ((hi - lo) / (n - 1) as f64).ln() - LN_SQRT_2PI;
        // Margin upward (rounding of the log-sum-exp; the trapezoid error is far smaller).
        v + 1e-10 * v.abs() + 1e-13
    }
}

/// `ln(Φ̄(x)/φ(x))` (log Mills ratio) for all finite x, via erfcx (no overflow).
fn ln_mills(x: f64) -> f64 {
    let y = x * std::f64::consts::FRAC_1_SQRT_2;
    // R(x) = √(π/2)·erfcx(x/√2); for y < −26 erfcx(y) = 2e^{y²} − erfcx(−y) ≈ 2e^{y²}.
    let half_ln_pi_2 = 0.225_791_352_644_727_43;
    if y < -26.0 {
        half_ln_pi_2 + y * y + std::f64::consts::LN_2
    } else {
        half_ln_pi_2 + erfcx(y).ln()
    }
}

/// `1 − e^{x}` for x ≤ 0 (clamped at 0 for rounding noise above 0).
fn one_minus_exp(x: f64) -> f64 {
    (-x.min(0.0).exp_m1()).max(0.0)
}

impl PrivacyLoss for MixtureGaussianLoss {
    fn describe(&self) -> String {
        let a: Vec<String> = self.atoms.iter().map(|(a, r)| format!("({a},{r})")).collect();
        format!("mixture_gaussian(atoms=[{}], inf_mass={}, {})", a.join(","), self.inf_atoms, self.dir.name())
    }

    fn cdf(&self, t: f64) -> f64 {
        match self.dir {
            Direction::Remove => {
                if self.pos.is_empty() {
                    return if t >= self.ln_r0 { self.finite_mass() } else { 0.0 };
                }
                match self.z_of(t) {
                    None => 0.0,
                    Some(z) => self.atoms.iter().map(|&(a, r)| r * ndtr(z - a)).sum(),
                }
            }
            Direction::Add => {
                if self.atoms.is_empty() {
                    return 0.0;
                }
                if self.pos.is_empty() {
                    return if t >= -self.ln_r0 { 1.0 } else { 0.0 };
                }
                // P(−ℓ(Z) ≤ t) = P(Z ≥ z_{−t}).
                match self.z_of(-t) {
                    None => 1.0,
                    Some(z) => ndtr(-z),
                }
            }
        }
    }

    fn cdf_left(&self, t: f64) -> f64 {
        if self.pos.is_empty() {
            let c = if self.dir == Direction::Remove { self.ln_r0 } else { -self.ln_r0 };
            return if t > c { self.cdf(t) } else { 0.0 };
        }
        self.cdf(t)
    }

    fn sf(&self, t: f64) -> f64 {
        match self.dir {
            Direction::Remove => {
                if self.pos.is_empty() {
                    return self.inf_atoms + if t < self.ln_r0 { self.finite_mass() } else { 0.0 };
                }
                match self.z_of(t) {
                    None => 1.0,
                    Some(z) => self.inf_atoms + self.atoms.iter().map(|&(a, r)| r * ndtr(a - z)).sum::<f64>(),
                }
            }
            Direction::Add => {
                if self.atoms.is_empty() {
                    return 1.0;
                }
                if self.pos.is_empty() {
                    return if t < -self.ln_r0 { 1.0 } else { 0.0 };
                }
                match self.z_of(-t) {
                    None => 0.0,
                    Some(z) => ndtr(z),
                }
            }
        }
    }

    fn sf_left(&self, t: f64) -> f64 {
        if self.pos.is_empty() {
            let c = if self.dir == Direction::Remove { self.ln_r0 } else { -self.ln_r0 };
            if t == c {
                return self.sf(t) + if self.dir == Direction::Remove { self.finite_mass() } else { 1.0 };
            }
        }
        self.sf(t)
    }

    fn inf_mass(&self) -> f64 {
        match self.dir {
            Direction::Remove => self.inf_atoms,
            Direction::Add => {
                if self.atoms.is_empty() { 1.0 } else { 0.0 }
            }
        }
    }

    fn support(&self) -> (f64, f64) {
        if self.atoms.is_empty() {
            return (0.0, 0.0);
        }
        if self.pos.is_empty() {
            let c = if self.dir == Direction::Remove { self.ln_r0 } else { -self.ln_r0 };
            return (c, c);
        }
        match self.dir {
            Direction::Remove => (self.ln_r0, f64::INFINITY),
            Direction::Add => (f64::NEG_INFINITY, -self.ln_r0),
        }
    }

    /// Exact profile in the positive (cancellation-free) form of the module doc; `1 − e^ε`
    /// (forward) / `0` (reverse) below the support, as in spec §12.
    fn delta(&self, eps: f64) -> f64 {
        if eps.is_nan() {
            return f64::NAN;
        }
        if self.pos.is_empty() {
            // Constant finite loss c with mass m (plus the atom at +∞).
            let (c, m) = match self.dir {
                Direction::Remove => (self.ln_r0, self.finite_mass()),
                Direction::Add => (-self.ln_r0, if self.atoms.is_empty() { 0.0 } else { 1.0 }),
            };
            let fin = if m > 0.0 && eps < c { m * one_minus_exp(eps - c) } else { 0.0 };
            return (self.inf_mass() + fin).min(1.0);
        }
        match self.dir {
            Direction::Remove => {
                let z = match self.z_of(eps) {
                    None => return one_minus_exp(eps),
                    Some(z) => z,
                };
                // A root beyond f64 (shifts near the subnormal range): every finite tail is 0
                // (z = +∞) or 1 (z = −∞), δ = P(L > ε) − e^ε Q(L > ε) from them.
                if z == f64::INFINITY {
                    return self.inf_atoms;
                }
                if z == f64::NEG_INFINITY {
                    return (self.inf_atoms + self.finite_mass() * one_minus_exp(eps)).min(1.0);
                }
                let lm_z = ln_mills(z);
                let mut terms = Vec::with_capacity(self.pos.len());
                for &(a, lr) in &self.pos {
                    let ln_rho = lm_z - ln_mills(z - a);
                    terms.push((lr + ln_ndtr(a - z)).exp() * one_minus_exp(ln_rho));
                }
                (self.inf_atoms + crate::num::special::neumaier_sum(terms)).min(1.0)
            }
            Direction::Add => {
                let z = match self.z_of(-eps) {
                    None => return 0.0,
                    Some(z) => z,
                };
                // As above: P(Z < z) and Q(Z < z) are both 0 (z = −∞) or both 1 (z = +∞).
                if z.is_infinite() {
                    return if z > 0.0 { one_minus_exp(eps) } else { 0.0 };
                }
                let lw: Vec<f64> = self.atoms.iter().map(|&(a, r)| r.ln() + a * z - 0.5 * a * a).collect();
                let lsum = ln_sum_exp(&lw);
                let lm_mz = ln_mills(-z);
                let s = crate::num::special::neumaier_sum(
                    self.atoms.iter().zip(&lw).map(|(&(a, _), l)| (l - lsum).exp() * one_minus_exp(ln_mills(a - z) - lm_mz)),
                );
                (ndtr(z) * s).clamp(0.0, 1.0)
            }
        }
    }

    /// Forward: `ln E_Z[e^{(1+λ)ℓ(Z)}]`; reverse: `ln E_Z[e^{−λℓ(Z)}]` — numerical estimates with
    /// an upward margin ([`MixtureGaussianLoss::ln_moment`]), used only to size the first grid.
    /// `+∞` forward when there is mass at +∞ and λ > 0… the finite-part moment is returned, as
    /// the contract asks (`E[e^{λL}; L < ∞]`).
    fn ln_mgf(&self, lambda: f64) -> f64 {
        if lambda == 0.0 {
            return if self.dir == Direction::Remove { self.finite_mass().ln() } else { (1.0 - self.inf_mass()).ln() };
        }
        match self.dir {
            Direction::Remove => self.ln_moment(1.0 + lambda),
            Direction::Add => self.ln_moment(-lambda),
        }
    }

    fn sample(&self, rng: &mut SimRng) -> f64 {
        let z: f64 = StandardNormal.sample(rng);
        match self.dir {
            Direction::Remove => {
                let mut u: f64 = rng.gen();
                if u < self.inf_atoms {
                    return f64::INFINITY;
                }
                u -= self.inf_atoms;
                let mut shift = self.atoms.last().map(|x| x.0).unwrap_or(0.0);
                for &(a, r) in &self.atoms {
                    if u < r {
                        shift = a;
                        break;
                    }
                    u -= r;
                }
                self.ell(shift + z)
            }
            Direction::Add => -self.ell(z),
        }
    }
}

/// `ℓ(z)` in any precision (log-sum-exp), atoms `(a_k, r_k)` finite with `r_k > 0`.
pub fn mixture_ell<R: Real>(atoms: &[(R, R)], z: &R) -> R {
    let terms: Vec<R> = atoms.iter().map(|(a, r)| r.ln() + a.clone() * z.clone() - a.clone() * a.clone() / z.cst(2.0)).collect();
    let m = terms.iter().cloned().fold(z.cst(f64::NEG_INFINITY), |x, y| x.max(y));
    let s = terms.iter().fold(z.zero(), |acc, t| acc + (t.clone() - m.clone()).exp());
    m + s.ln()
}

/// Root of `ℓ(z) = t` in any precision (Newton from the right, as the f64 code), `None` when
/// `t ≤ ln r_0` or no shift is positive. Starting point: the f64 root.
pub fn mixture_z_of<R: Real>(atoms: &[(R, R)], t: &R) -> Option<R> {
    let f: Vec<(f64, f64)> = atoms.iter().map(|(a, r)| (a.to_f64(), r.to_f64())).collect();
    let loss = MixtureGaussianLoss::new(&renormalised(&f), Direction::Remove).ok()?;
    let z0 = loss.z_of(t.to_f64())?;
    if z0.is_infinite() {
        // Beyond f64 (shifts near the subnormal range): the masses at ±∞ are what the f64 route uses.
        return Some(t.cst(z0));
    }
    let mut z = t.cst(z0);
    let tol = t.cst(2f64.powi(-(t.prec() as i32) + 6));
    for _ in 0..60 {
        let (mut s, mut sa) = (t.zero(), t.zero());
        let terms: Vec<R> = atoms.iter().map(|(a, r)| r.ln() + a.clone() * z.clone() - a.clone() * a.clone() / t.cst(2.0)).collect();
        let m = terms.iter().cloned().fold(t.cst(f64::NEG_INFINITY), |x, y| x.max(y));
        for ((a, _), tm) in atoms.iter().zip(&terms) {
            let e = (tm.clone() - m.clone()).exp();
            sa = sa + a.clone() * e.clone();
            s = s + e;
        }
        let l = m + s.ln();
        let step = (l - t.clone()) / (sa / s);
        z = z - step.clone();
        if step.abs() <= tol.clone() * z.abs().max(t.one()) {
            break;
        }
    }
    Some(z)
}

fn renormalised(f: &[(f64, f64)]) -> Vec<(f64, f64)> {
    let s: f64 = f.iter().map(|x| x.1).sum();
    f.iter().map(|&(a, r)| (a, r / s)).collect()
}

/// Exact `P(L ≤ t)` (forward: `Σ r_k Φ(z_t − a_k)`; reverse: `Φ̄(z_{−t})`) in any precision
/// (spec §12 "exact bucket masses"). Finite atoms only, at least one positive shift.
pub fn mixture_cdf<R: Real>(atoms: &[(R, R)], dir: Direction, t: &R) -> R {
    match dir {
        Direction::Remove => match mixture_z_of(atoms, t) {
            None => t.zero(),
            Some(z) => atoms.iter().fold(t.zero(), |acc, (a, r)| acc + r.clone() * (z.clone() - a.clone()).ndtr()),
        },
        Direction::Add => match mixture_z_of(atoms, &(-t.clone())) {
            None => t.one(),
            Some(z) => (-z).ndtr(),
        },
    }
}

/// Exact `P(L > t)` (forward: `Σ r_k Φ̄(z_t − a_k)`; reverse: `Φ(z_{−t})`) in any precision,
/// as a sum of positive terms (finite atoms only, at least one positive shift).
pub fn mixture_sf<R: Real>(atoms: &[(R, R)], dir: Direction, t: &R) -> R {
    match dir {
        Direction::Remove => match mixture_z_of(atoms, t) {
            None => atoms.iter().fold(t.zero(), |acc, (_, r)| acc + r.clone()),
            Some(z) => atoms.iter().fold(t.zero(), |acc, (a, r)| acc + r.clone() * (a.clone() - z.clone()).ndtr()),
        },
        Direction::Add => match mixture_z_of(atoms, &(-t.clone())) {
            None => t.zero(),
            Some(z) => z.ndtr(),
        },
    }
}

/// Exact hockey-stick profile by the two-CDF closed form of spec §12 in any precision (use
/// MPFR: the difference cancels in f64). Forward `Σ r_k Φ̄(z_ε − a_k) − e^ε Φ̄(z_ε)`, reverse
/// `Φ(z_{−ε}) − e^ε Σ r_k Φ(z_{−ε} − a_k)`. Finite atoms only, at least one positive shift.
pub fn mixture_delta<R: Real>(atoms: &[(R, R)], dir: Direction, eps: &R) -> R {
    match dir {
        Direction::Remove => match mixture_z_of(atoms, eps) {
            None => -eps.exp_m1(),
            Some(z) => {
                let a_sum = atoms.iter().fold(eps.zero(), |acc, (a, r)| acc + r.clone() * (a.clone() - z.clone()).ndtr());
                a_sum - eps.exp() * (-z).ndtr()
            }
        },
        Direction::Add => match mixture_z_of(atoms, &(-eps.clone())) {
            None => eps.zero(),
            Some(z) => {
                let b_sum = atoms.iter().fold(eps.zero(), |acc, (a, r)| acc + r.clone() * (z.clone() - a.clone()).ndtr());
                z.ndtr() - eps.exp() * b_sum
            }
        },
    }
}

#[cfg(test)]
#[path = "mixture_gaussian_test.rs"]
mod mixture_gaussian_test;
