//! Certified δ(ε) of one direction of a composition by inverting its moment generating function
//! (module doc of [`super`] for the derivation; this file is the computation).
//!
//! At a fixed tilt `c`, node spacing `dt` (dyadic, so `t_n = n·dt` is exact) and ε:
//! `δ = pref·S_∞ − A` with `pref = M_tot(c)e^{−cε}`,
//! `S_∞ = (dt/2π)·Σ_{n∈ℤ} Φ_tot(t_n)e^{−it_nε}/((c + it_n)(c + 1 + it_n))` (real, ≥ 0) and the
//! aliasing `A ∈ [0, A_max]`. The computed part is `n = 0..N`; `|n| > N` is bounded by the
//! sup bounds of [`super::fill`].

use super::fill::{fill, SupBound};
use super::law::Law;
use super::sgm_tilt::{SgmTilt, LIBM_REL};
use crate::error::{Error, Result};
use crate::num::root::golden_min;
use num_complex::Complex64 as C64;
use std::f64::consts::PI;

const U: f64 = f64::EPSILON / 2.0;
/// Target of the composed normalised error terms (quadrature, truncation) relative to the sum.
const REL_TARGET: f64 = 1e-9;

/// One factor: a law composed `steps` times, tilted at `c`.
enum Engine {
    Gaussian { mu: f64 },
    Sgm(Box<SgmTilt>),
}

struct Factor {
    engine: Engine,
    steps: u64,
    sup: SupBound,
}

/// A direction's composition prepared at tilt `c`: node values and every error bound that does
/// not depend on ε.
pub struct Inversion {
    pub c: f64,
    pub dt: f64,
    /// `P = 2π/dt`, rounded down.
    pub period: f64,
    /// Last computed node index `N` (nodes `1..=N`).
    pub nodes: usize,
    values: Vec<C64>,
    errs: Vec<f64>,
    pub ln_m_lo: f64,
    pub ln_m_hi: f64,
    /// Tilt λ > c of the upper aliasing bound and the certified `ln M_tot(λ)` (upper).
    pub lambda: f64,
    pub ln_m_lambda_hi: f64,
    /// Normalised truncation bound (units of `pref`).
    pub trunc: f64,
    /// Quadrature nodes summed (cost).
    pub work: u64,
    pub fill_segments: usize,
    /// Largest Riemann–Lebesgue constant among the factors (0 if none).
    pub rl_constant: f64,
    /// Supremum of the composed loss (`+∞` unless every factor is bounded above).
    pub loss_sup: f64,
}

/// Uncertified `Σ T_i ln M_i(c)`.
pub fn quick_ln_m(laws: &[(Law, u64)], c: f64) -> f64 {
    laws.iter().map(|(l, t)| *t as f64 * l.quick_ln_m(c)).sum()
}

/// Uncertified Chernoff-type objective `ln M_tot(c) − cε − ln(c(c + 1))` (the log of the
/// integrand's modulus at t = 0 of the inversion, i.e. `≈ ln δ` at the saddle): convex in c.
pub fn chernoff_objective(laws: &[(Law, u64)], c: f64, eps: f64) -> f64 {
    quick_ln_m(laws, c) - c * eps - (c * (c + 1.0)).ln()
}

/// Supremum of the composed loss, rounded up (`+∞` unless every factor is bounded above: only
/// the add direction of the subsampled Gaussian is).
pub fn loss_sup(laws: &[(Law, u64)]) -> f64 {
    laws.iter().map(|(l, t)| *t as f64 * l.loss_sup()).sum::<f64>() * (1.0 + 8.0 * U) // upward
}

/// Certified upper bound on `ln M_tot(c) = Σ T_i ln M_i(c)`.
pub fn ln_m_upper(laws: &[(Law, u64)], c: f64) -> Result<f64> {
    let mut total = 0.0;
    for (law, steps) in laws {
        let v = match *law {
            Law::Gaussian { mu } => 0.5 * mu * mu * c * (1.0 + c) * (1.0 + 8.0 * U), // upward
            Law::Sgm { q, sigma, dir } => SgmTilt::new(q, sigma, dir, c)?.ln_m_hi,
        };
        total += *steps as f64 * v * if v >= 0.0 { 1.0 + 4.0 * U } else { 1.0 - 4.0 * U }; // upward
    }
    Ok(total)
}

/// `ln max_{y>0} (1 − e^{−y})e^{−cy} = −ln(c + 1) + c·ln(c/(c + 1))`: with it,
/// `δ(ε) ≤ M(c)e^{−cε}·(1/(c+1))(c/(c+1))^c` for every `c > 0` (the Chernoff-type bound of
/// Canonne, Kamath & Steinke 2020, Proposition 12, here in its hockey-stick form).
pub fn ln_chernoff_factor(c: f64) -> f64 {
    -(c + 1.0).ln() + c * (c / (c + 1.0)).ln()
}

/// The tilt minimising the Chernoff-type objective `ln M_tot(c) − cε − ln(c(c + 1))` (convex in
/// c), by golden-section search on `ln c ∈ [ln 1e−3, ln 2000]`.
pub fn saddle(laws: &[(Law, u64)], eps: f64) -> f64 {
    let f = |lc: f64| chernoff_objective(laws, lc.exp(), eps);
    golden_min(f, (1e-3f64).ln(), 2000f64.ln(), 80).0.exp()
}


/// The inversion's parameters: tilt `c`, aliasing tilt `λ`, period `P`, node range `t_s`.
pub struct Plan {
    pub c: f64,
    pub lambda: f64,
    pub period: f64,
    pub t_s: f64,
}

/// Choose the tilt among `c_saddle·{1, 0.9, …, 0.3}` and the aliasing tilt `λ > c` to minimise
/// the estimated work (inversion nodes `t_s/dt = t_s·P/2π`, each costing `∝ t`, plus the Taylor
/// fill of the sup bounds), subject to
/// losing at most 2 digits against the saddle (`F(c) − F(c_saddle) ≤ ln 100`, where `F` is the
/// Chernoff objective; the computed sum is `≈ δ/pref`, so its relative error grows by
/// `pref/δ`). Near the order where the Rényi moments explode (small q), the saddle is a poor
/// choice: any λ above it has an enormous `M(λ)` and forces a huge period. Uncertified choices
/// only; every bound is computed for the chosen values.
pub fn plan(laws: &[(Law, u64)], c_saddle: f64, eps: f64, delta_ref: f64) -> Plan {
    let f = |c: f64| chernoff_objective(laws, c, eps);
    let f_best = f(c_saddle);
    let ln_tol = delta_ref.min(f_best.exp()).max(1e-300).ln() + (1e-12f64).ln();
    let mut best: Option<(f64, Plan)> = None;
    for k in [1.0, 0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3] {
        let c = c_saddle * k;
        if f(c) - f_best > (1e2f64).ln() {
            continue;
        }
        let p_minus = -ln_tol / c;
        let (mut p_plus, mut lambda) = (f64::INFINITY, 2.0 * c + 1.0);
        for r in [0.05, 0.1, 0.2, 0.35, 0.5, 1.0, 2.0, 4.0] {
            let lam = c * (1.0 + r) + 0.01;
            let p = (quick_ln_m(laws, lam) - lam * eps - ln_tol) / (lam - c);
            if p < p_plus {
                p_plus = p;
                lambda = lam;
            }
        }
        let period = p_minus.max(p_plus).max(1.0) * 1.05;
        let tv: f64 = laws.iter().map(|(l, t)| *t as f64 * l.quick_var(c)).sum();
        let t_s = (120.0 / tv.max(1e-300)).sqrt();
        // Work in units of "quadrature nodes per unit t": nodes 1..N cost ≈ P·t_s²/(4π); the
        // Taylor fill of each subsampled-Gaussian factor up to its Riemann–Lebesgue constant V
        // takes ≈ V·√(m2/(2γ·ḡ)) steps at t ≲ V, with the plateau gap ḡ ≈ 1e−2 assumed
        // (m2 ≈ the tilted variance): ≈ 5·√m2·V² — large near the order where the Rényi
        // moments explode, which the saddle often sits on for small q.
        let fill: f64 = laws.iter().map(|(l, _)| { let v = l.quick_rl_constant(c); 5.0 * l.quick_var(c).sqrt() * v * v }).sum();
        let cost = period * t_s * t_s / (4.0 * PI) + fill;
        if best.as_ref().map_or(true, |b| cost < b.0) {
            best = Some((cost, Plan { c, lambda, period, t_s }));
        }
    }
    best.map(|b| b.1).unwrap_or(Plan { c: c_saddle, lambda: 2.0 * c_saddle + 1.0, period: 1.0, t_s: 1.0 })
}

impl Inversion {
    /// Prepare the inversion at tilt `c` for queries near `eps_ref` with δ near `delta_ref`
    /// (both only steer the aliasing period and the node range; every bound is certified for any
    /// ε). Fails with [`Error::Unsupported`] when the work would exceed `budget` nodes.
    pub fn build(laws: &[(Law, u64)], c: f64, eps_ref: f64, delta_ref: f64, budget: u64) -> Result<Inversion> {
        let mut work = 0u64;
        let plan = plan(laws, c, eps_ref, delta_ref);
        let (c, lambda) = (plan.c, plan.lambda);
        let dt = 2f64.powi((2.0 * PI / plan.period).log2().floor() as i32); // dyadic: nodes n·dt exact
        let period = 2.0 * PI / dt * (1.0 - 4.0 * U); // downward
        let mut t_s = plan.t_s.min(1e9); // a vanishing variance estimate must not ask for 10¹⁵⁰ nodes
        let mut factors = Vec::with_capacity(laws.len());
        let (mut ln_m_lo, mut ln_m_hi, mut ln_m_lambda_hi) = (0.0, 0.0, 0.0);
        for (law, steps) in laws {
            let tf = *steps as f64;
            match *law {
                Law::Gaussian { mu } => {
                    let v = 0.5 * mu * mu * c * (1.0 + c) * tf;
                    ln_m_lo += v * (1.0 - 8.0 * U); // downward
                    ln_m_hi += v * (1.0 + 8.0 * U); // upward
                    ln_m_lambda_hi += 0.5 * mu * mu * lambda * (1.0 + lambda) * tf * (1.0 + 8.0 * U); // upward
                    factors.push(Factor { engine: Engine::Gaussian { mu }, steps: *steps, sup: SupBound::Gaussian { mu } });
                }
                Law::Sgm { q, sigma, dir } => {
                    let tilt = SgmTilt::new(q, sigma, dir, c)?;
                    let tl = SgmTilt::new(q, sigma, dir, lambda)?;
                    ln_m_lo += tf * tilt.ln_m_lo * if tilt.ln_m_lo >= 0.0 { 1.0 - 4.0 * U } else { 1.0 + 4.0 * U }; // downward
                    ln_m_hi += tf * tilt.ln_m_hi * if tilt.ln_m_hi >= 0.0 { 1.0 + 4.0 * U } else { 1.0 - 4.0 * U }; // upward
                    ln_m_lambda_hi += tf * tl.ln_m_hi * if tl.ln_m_hi >= 0.0 { 1.0 + 4.0 * U } else { 1.0 - 4.0 * U }; // upward
                    factors.push(Factor { engine: Engine::Sgm(Box::new(tilt)), steps: *steps, sup: SupBound::Gaussian { mu: 0.0 } });
                }
            }
        }
        let loss_sup = loss_sup(laws);
        // Nodes 1..=N with N·dt ≥ t_s. The sup bounds are filled once from the first N·dt; they
        // stay valid when the node range is widened (they hold for every t beyond their start).
        let n0_f = (t_s / dt).ceil().max(1.0);
        if n0_f > budget as f64 || n0_f > 5e7 {
            return Err(Error::Unsupported(format!("characteristic-function route: {n0_f:.2e} inversion nodes needed; use the fft method")));
        }
        let n0 = n0_f as usize;
        let mut fill_segments = 0;
        let mut rl_constant: f64 = 0.0;
        for f in factors.iter_mut() {
            if let Engine::Sgm(tilt) = &mut f.engine {
                f.sup = fill(tilt, n0 as f64 * dt, f.steps, 1e-14, &mut work, budget)?;
                fill_segments += f.sup.segments();
                rl_constant = rl_constant.max(f.sup.rl_constant().unwrap_or(0.0));
            }
        }
        let floor = 1e-15 * dt / (2.0 * PI * c * (c + 1.0));
        let (mut values, mut errs) = (Vec::new(), Vec::new());
        for _attempt in 0..6 {
            let n_f = (t_s / dt).ceil().max(1.0);
            if n_f > budget as f64 || n_f > 5e7 {
                return Err(Error::Unsupported(format!("characteristic-function route: {n_f:.2e} inversion nodes needed; use the fft method")));
            }
            let n_nodes = n_f as usize;
            let t_n = n_nodes as f64 * dt;
            extend_node_values(&mut factors, c, dt, n_nodes, &mut values, &mut errs, &mut work, budget)?;
            let trunc = truncation(&factors, c, dt, t_n, floor)?;
            let inv = Inversion { c, dt, period, nodes: n_nodes, values, errs, ln_m_lo, ln_m_hi, lambda, ln_m_lambda_hi, trunc, work, fill_segments, rl_constant, loss_sup };
            let s = inv.sum(eps_ref).0;
            if trunc <= REL_TARGET * s.abs().max(1e-300) {
                return Ok(inv);
            }
            // widen: the nodes computed so far are kept (they depend on n·dt only)
            (values, errs) = (inv.values, inv.errs);
            t_s *= 2.0;
        }
        Err(Error::Unsupported("characteristic-function route: the truncation bound did not fall below 1e−9 of the sum after widening the node range 6 times (|Φ|^T decays too slowly here: few steps or a small sampling rate); use the fft method".into()))
    }

    /// `(S, err)`: the computed normalised sum at ε and its error bound (nodes + rounding +
    /// truncation).
    fn sum(&self, eps: f64) -> (f64, f64) {
        let c = self.c;
        let mut s = 1.0 / (c * (c + 1.0));
        let mut abs_sum = s;
        let mut err = 0.0;
        for (k, (v, e)) in self.values.iter().zip(&self.errs).enumerate() {
            let t = (k + 1) as f64 * self.dt;
            let z = C64::new(c, t) * C64::new(c + 1.0, t);
            let zn = z.norm();
            let term = (*v * C64::from_polar(1.0, -t * eps) / z).re;
            s += 2.0 * term;
            abs_sum += 2.0 * v.norm() / zn;
            // node error + phase rounding (|tε|·u) on the node value
            err += 2.0 * (e + v.norm() * (3.0 * LIBM_REL + 4.0 * U * (t * eps.abs() + 4.0))) / zn;
        }
        let scale = self.dt / (2.0 * PI);
        let round = (self.values.len() as f64 + 4.0) * U * abs_sum;
        (s * scale, ((err * (1.0 + 1e-9) + round) * scale + self.trunc) * (1.0 + 1e-9)) // upward (1e−9: naive summation of ≤ 5e7 error terms)
    }

    /// Certified `[δ_lo, δ_hi]` of this direction at ε.
    pub fn delta(&self, eps: f64) -> (f64, f64) {
        if eps >= self.loss_sup {
            return (0.0, 0.0); // the loss never exceeds ε: δ(ε) = E[(1 − e^{ε−L})₊] = 0
        }
        let (s, err) = self.sum(eps);
        let c = self.c;
        let slack = 8.0 * U * (self.ln_m_hi.abs().max(self.ln_m_lo.abs()) + (c * eps).abs() + 1.0);
        let pref_hi = ((self.ln_m_hi - c * eps) + slack).exp() * (1.0 + 3.0 * LIBM_REL); // upward
        let pref_lo = ((self.ln_m_lo - c * eps) - slack).exp() * (1.0 - 3.0 * LIBM_REL); // downward
        let a_max = self.aliasing(eps);
        let mut hi = pref_hi * (s + err) * (1.0 + 1e-12); // upward
        if hi == 0.0 && s + err > 0.0 {
            hi = f64::from_bits(1); // never flush a positive upper bound to 0
        }
        let lo = (pref_lo * (s - err).max(0.0) * (1.0 - 1e-12) - a_max).max(0.0); // downward
        (lo, hi.min(1.0))
    }

    /// Certified upper bound `A_max` on the aliasing at ε.
    pub fn aliasing(&self, eps: f64) -> f64 {
        let cp = self.c * self.period;
        let alias_lo = (-cp).exp() / (-(-cp).exp_m1()); // A₋: u ≤ 1
        let g = self.ln_m_lambda_hi - self.lambda * eps;
        let slack = 8.0 * U * (self.ln_m_lambda_hi.abs() + (self.lambda * eps).abs() + 1.0);
        let alias_hi = (g + slack).exp() / ((self.lambda - self.c) * self.period * (1.0 - 4.0 * U)).exp_m1(); // A₊: u(x) ≤ M(λ)e^{−λx}
        (alias_lo + alias_hi) * (1.0 + 6.0 * LIBM_REL + 1e-12) // upward
    }
}

/// Extend the composed node values `Π Φ_i(t_n)^{T_i}` and their error bounds from the
/// `values.len()` nodes already computed to `n = 1..=N`.
#[allow(clippy::too_many_arguments)]
fn extend_node_values(factors: &mut [Factor], c: f64, dt: f64, n: usize, values: &mut Vec<C64>, errs: &mut Vec<f64>, work: &mut u64, budget: u64) -> Result<()> {
    for k in values.len() + 1..=n {
        let t = k as f64 * dt;
        let mut log_v = C64::new(0.0, 0.0);
        let mut log_abs_mag = 0.0; // Σ T_i |Log D_i| (rounding scale)
        let mut ln_b_sum = 0.0; // Σ T_j ln b_j
        let mut ratio_sum = 0.0; // Σ T_i e_i / b_i
        for f in factors.iter_mut() {
            let tf = f.steps as f64;
            match &mut f.engine {
                Engine::Gaussian { mu } => {
                    let l = C64::new(-t * t, t * (1.0 + 2.0 * c)) * (0.5 * *mu * *mu);
                    log_v += l * tf;
                    log_abs_mag += tf * l.norm();
                    ln_b_sum += tf * l.re;
                }
                Engine::Sgm(tilt) => {
                    let est = tilt.nodes_for(t, 1e-16) as u64;
                    if *work + est > budget {
                        return Err(Error::Unsupported(format!("characteristic-function route: the inversion nodes need more than the work budget of {budget} quadrature nodes; use the fft method")));
                    }
                    let ev = tilt.eval(t, 1e-16, false)?;
                    *work += ev.nodes as u64;
                    // b bounds both |D| and |Φ| (|Φ| ≤ 1; a rounded |D| may exceed 1)
                    let b = (ev.d.norm() + ev.err).min(1.0).max(ev.d.norm());
                    // |D| ≥ 1e−300 always holds in practice; below it the value is treated as 0·e^{iArg}
                    let l = if ev.d.norm() > 1e-300 { ev.d.ln() } else { C64::new(-690.0, 0.0) };
                    log_v += l * tf;
                    log_abs_mag += tf * (l.norm() + PI);
                    ln_b_sum += tf * b.ln();
                    ratio_sum += tf * ev.err / b;
                }
            }
        }
        let v = log_v.exp();
        // |ΠD^T − ΠΦ^T| ≤ Σ_i T_i e_i b_i^{T_i−1} Π_{j≠i} b_j^{T_j}; rounding of exp(Σ T Log D).
        let e = ratio_sum * ln_b_sum.exp() * (1.0 + 2.0 * LIBM_REL * (1.0 + ln_b_sum.abs())) + v.norm() * (3.0 * LIBM_REL + 8.0 * U * (log_abs_mag + 4.0));
        values.push(v);
        errs.push(e * (1.0 + 1e-12)); // upward
    }
    Ok(())
}

/// Normalised bound on `(dt/π)·Σ_{t_n > t_N} Π_i |Φ_i(t_n)|^{T_i}/|z_n(z_n + 1)|`.
fn truncation(factors: &[Factor], c: f64, dt: f64, t_n: f64, floor: f64) -> Result<f64> {
    let t_rl = factors.iter().map(|f| f.sup.rl_from()).fold(t_n, f64::max);
    let t_sgm: f64 = factors.iter().filter(|f| f.sup.rl_constant().is_some()).map(|f| f.steps as f64).sum();
    let ln_bound = |t: f64| -> f64 { factors.iter().map(|f| f.steps as f64 * f.sup.at(t).ln()).sum() };
    let mut total = 0.0;
    let mut k = (t_n / dt).round() as u64 + 1;
    let mut limit = t_rl;
    for _round in 0..40 {
        while (k as f64) * dt <= limit {
            let t = k as f64 * dt;
            let zn = (c * c + t * t).sqrt() * ((c + 1.0) * (c + 1.0) + t * t).sqrt();
            total += dt / PI * ln_bound(t).exp() / zn;
            k += 1;
            if k > 50_000_000 {
                return Err(Error::Unsupported("characteristic-function route: more than 5e7 truncation nodes; use the fft method".into()));
            }
        }
        // Closed-form remainder for t > limit: Π ≤ K·t^{−T_sgm}·e^{−κt²} with every factor's
        // bound decreasing beyond limit; dt·Σ g(t_n) ≤ dt·g(limit) + ∫_limit^∞ g.
        let kappa: f64 = factors.iter().map(|f| if let SupBound::Gaussian { mu } = f.sup { 0.5 * mu * mu * f.steps as f64 } else { 0.0 }).sum();
        let ln_k_at = ln_bound(limit);
        let g_lim = ln_k_at.exp() / (PI * limit * limit);
        let integral = if t_sgm > 0.0 { ln_k_at.exp() * limit / ((t_sgm + 1.0) * PI * limit * limit) } else { ln_k_at.exp() / (2.0 * kappa.max(1e-300) * limit * PI * limit * limit) };
        let rem = dt * g_lim + integral;
        let all_rl = factors.iter().all(|f| match f.sup.rl_constant() {
            Some(v) => limit >= v && limit >= f.sup.rl_from(),
            None => true,
        });
        if all_rl && rem <= 1e-3 * total.max(floor) {
            // ×2 covers the naive summation of up to 5e7 terms and the libm error of exp at
            // arguments T·ln|Φ| (the bound only has to be ≤ 1e−9 of the sum, checked by the caller)
            return Ok((total + rem) * 2.0); // upward
        }
        limit *= 2.0;
    }
    Err(Error::Numerical("characteristic-function route: the truncation remainder did not converge".into()))
}
