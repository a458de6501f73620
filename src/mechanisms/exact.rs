//! Exact closed forms, generic over [`Real`] so that they evaluate in f64 and in MPFR
//! ([`crate::num::Mp`]). These are the oracle formulas of foundations §6.3 item 1: direct
//! transcriptions of the exact expressions, with no f64 intermediates when `R = Mp`.
//!
//! Guarantee: exact formulas; the only error is rounding at the working precision (and, for the
//! quadrature-based functions, the returned quadrature error estimate).

use super::Direction;
use crate::num::quad::{integrate_split, Quad};
use crate::num::special::{ln_1m_exp, ln_binom, significant_range, significant_range_concave};
use crate::num::Real;

/// ln δ(ε) of the Gaussian mechanism / μ-GDP (Balle & Wang 2018, Theorem 8; Dong, Roth & Su
/// 2022, Corollary 2.13), generic: delegates to [`crate::repr::gdp::ln_delta`] (the formula lives
/// once, with the GDP representation).
pub fn gaussian_ln_delta<R: Real>(mu: &R, eps: &R) -> R {
    crate::repr::gdp::ln_delta(mu, eps)
}

/// Laplace mechanism profile with `ε0 = Δ/b` (foundations §2.2): `1 − e^ε` for ε ≤ −ε0,
/// `1 − e^{(ε−ε0)/2}` for |ε| ≤ ε0, 0 for ε ≥ ε0.
pub fn laplace_delta<R: Real>(eps0: &R, eps: &R) -> R {
    if *eps <= -eps0.clone() {
        -eps.exp_m1()
    } else if *eps < *eps0 {
        -((eps.clone() - eps0.clone()) / eps.cst(2.0)).exp_m1()
    } else {
        eps.zero()
    }
}

/// T-fold randomized response (ε0) profile: the composed loss is `ε0(2K − T)` with
/// `K ~ Bin(T, π)`, `π = e^{ε0}/(1+e^{ε0})`, so `δ(ε) = Σ_k C(T,k) π^k (1−π)^{T−k}
/// (1 − e^{ε − ε0(2k−T)})_+` (identity 1 of foundations §1.5 on the exact discrete PLD;
/// for T = 1 this is §2.3). Terms are formed in log space and summed in working precision.
pub fn rr_delta<R: Real>(eps0: &R, eps: &R, steps: u64) -> R {
    let one = eps.one();
    let ln_pi = -((-eps0.clone()).exp().ln_1p()); // ln π = −ln(1 + e^{−ε0})
    let ln_1mpi = -(eps0.exp().ln_1p()); // ln(1−π) = −ln(1 + e^{ε0})
    let t = eps.cst(steps as f64);
    let lg_t = (t.clone() + one.clone()).ln_gamma();
    let mut sum = eps.zero();
    // Long sums: only the terms that matter at this precision. The f64 estimate of ln of the
    // k-th term, ln C(T,k) + k ln π + (T−k) ln(1−π) + ln(1 − e^{ε − ε0(2k−T)}), is concave in k
    // on the terms with loss > ε (a log-concave binomial times 1 − e^{−x}, log-concave in x,
    // x linear in k), so `significant_range_concave` finds the range with O(log T) estimates.
    let (k_lo, k_hi) = if steps > 2000 && eps.prec() > 53 {
        let (e0, ef) = (eps0.to_f64(), eps.to_f64());
        let (lp, l1p) = (-(-e0).exp().ln_1p(), -(e0.exp().ln_1p()));
        let tf = steps as f64;
        // First k with ε0(2k − T) > ε (in f64, then corrected by one either way below).
        let k_min = (((ef / e0 + tf) / 2.0).floor().max(0.0) as u64).saturating_sub(1);
        let ln_term = |k: u64| {
            let kf = k as f64;
            let loss = e0 * (2.0 * kf - tf);
            if loss <= ef { f64::NEG_INFINITY } else { ln_binom(tf, kf) + kf * lp + (tf - kf) * l1p + ln_1m_exp(ef - loss) }
        };
        let mut k0 = k_min.min(steps);
        while k0 < steps && ln_term(k0) == f64::NEG_INFINITY {
            k0 += 1;
        }
        if ln_term(k0) == f64::NEG_INFINITY {
            return sum;
        }
        match significant_range_concave(ln_term, k0, steps, eps.prec()) {
            Some(r) => r,
            None => return sum,
        }
    } else {
        (0, steps)
    };
    // ln w_k by lnΓ at the top of the range, then downward by the ratio
    // w_{k−1}/w_k = k/(T−k+1) · (1−π)/π (one logarithm per term instead of two lnΓ; the
    // accumulated rounding, ~(k_hi − k_lo)·2^{−prec}, shows in the two-precision error bound).
    let ln_odds = ln_1mpi.clone() - ln_pi.clone();
    let mut ln_w: Option<R> = None;
    for k in (k_lo..=k_hi).rev() {
        let kf = eps.cst(k as f64);
        let loss = eps0.clone() * (kf.clone() * eps.cst(2.0) - t.clone());
        if loss <= *eps {
            break; // losses decrease with k going down
        }
        let w = match ln_w.take() {
            None => {
                let ln_c = lg_t.clone() - (kf.clone() + one.clone()).ln_gamma() - (t.clone() - kf.clone() + one.clone()).ln_gamma();
                ln_c + kf.clone() * ln_pi.clone() + (t.clone() - kf.clone()) * ln_1mpi.clone()
            }
            Some(prev) => {
                // prev = ln w_{k+1}; w_k = w_{k+1} · (k+1)/(T−k) · π/(1−π).
                let k1 = kf.clone() + one.clone();
                prev + (k1 / (t.clone() - kf.clone())).ln() + ln_odds.clone()
            }
        };
        let g = -(eps.clone() - loss).exp_m1();
        sum = sum + w.exp() * g;
        ln_w = Some(w);
    }
    sum
}

/// `x_t = σ²[ln(e^t − (1 − q)) − ln q] + ½`, the point where the subsampled-Gaussian loss
/// `ℓ(x) = ln(1 − q + q e^{(2x−1)/(2σ²)})` equals `t` (foundations §2.4); needs `t > ln(1−q)`.
pub fn sgm_x_of<R: Real>(q: &R, sigma: &R, t: &R) -> R {
    let ln_1mq = (-q.clone()).ln_1p();
    let ln_arg = if (q.clone() - q.one()).abs() == q.zero() { t.clone() } else { t.ln_sub_exp(&ln_1mq) };
    sigma.clone() * sigma.clone() * (ln_arg - q.ln()) + q.cst(0.5)
}

/// One-step Poisson-subsampled Gaussian profile (foundations §2.4, closed forms), 0 < q ≤ 1:
/// remove `q Φ̄((x_ε − 1)/σ) − (e^ε − 1 + q) Φ̄(x_ε/σ)`; add
/// `(1 − (1 − q)e^ε) Φ(x'_ε/σ) − q e^ε Φ((x'_ε − 1)/σ)` with `x'_ε = x_{−ε}`; each product is
/// formed in log space and the difference as `exp(ln_sub_exp)`.
pub fn sgm_delta<R: Real>(q: &R, sigma: &R, dir: Direction, eps: &R) -> R {
    let one = q.one();
    let q_is_one = *q == one;
    let ln_1mq = (-q.clone()).ln_1p();
    match dir {
        Direction::Remove => {
            if !q_is_one && *eps <= ln_1mq {
                return -eps.exp_m1();
            }
            let x = sgm_x_of(q, sigma, eps);
            let la = q.ln() + ((one.clone() - x.clone()) / sigma.clone()).ln_ndtr();
            let ln_e = if q_is_one { eps.clone() } else { eps.ln_sub_exp(&ln_1mq) };
            let lb = ln_e + (-(x / sigma.clone())).ln_ndtr();
            if lb >= la { q.zero() } else { la.ln_sub_exp(&lb).exp() }
        }
        Direction::Add => {
            if !q_is_one && *eps >= -ln_1mq.clone() {
                return q.zero();
            }
            let x = sgm_x_of(q, sigma, &-eps.clone());
            let la_first = if q_is_one { q.zero() } else { (eps.clone() + ln_1mq).ln_1m_exp() };
            let la = la_first + (x.clone() / sigma.clone()).ln_ndtr();
            let lb = q.ln() + eps.clone() + ((x - one) / sigma.clone()).ln_ndtr();
            if lb >= la { q.zero() } else { la.ln_sub_exp(&lb).exp() }
        }
    }
}

/// One-step subsampled-Gaussian profile by quadrature of `∫ (p − e^ε q)_+ dx` split at the kink
/// (foundations §2.4 "equivalent one-dimensional integrals") — an independent check of
/// [`sgm_delta`]. Returns the value and the quadrature error estimate.
pub fn sgm_delta_quad<R: Real>(q: &R, sigma: &R, dir: Direction, eps: &R) -> Quad<R> {
    let s = sigma.clone();
    let one = q.one();
    let ln_norm = -(s.ln() + (q.cst(2.0) * q.pi()).sqrt().ln());
    let phi = move |x: &R, m: f64| -> R {
        let z = (x.clone() - x.cst(m)) / s.clone();
        (ln_norm.clone() - z.clone() * z / x.cst(2.0)).exp()
    };
    let e = eps.exp();
    let (q1, e1) = (q.clone(), e.clone());
    let integrand = move |x: &R| -> R {
        let mix = (one.clone() - q1.clone()) * phi(x, 0.0) + q1.clone() * phi(x, 1.0);
        let g = phi(x, 0.0);
        let v = match dir {
            Direction::Remove => mix - e1.clone() * g,
            Direction::Add => g - e1.clone() * mix,
        };
        v.max(x.zero())
    };
    let width = sigma.cst(60.0) * sigma.clone() + sigma.cst(2.0);
    let kink = match dir {
        Direction::Remove => sgm_x_of(q, sigma, eps),
        Direction::Add => sgm_x_of(q, sigma, &-eps.clone()),
    };
    // The positive part lies above the kink for remove, below it for add. Without a kink
    // (remove with ε ≤ ln(1−q), add with ε ≥ −ln(1−q)) the integrand has one sign everywhere.
    if kink.is_nan() {
        let w = width + sigma.cst(1.0);
        let pts = vec![-w.clone(), sigma.cst(0.0), sigma.cst(1.0), w];
        let tol = q.cst(2f64.powi(-(q.prec() as i32)));
        return integrate_split(integrand, &pts, &tol, 14);
    }
    let pts = match dir {
        Direction::Remove => vec![kink.clone(), kink.clone() + sigma.clone(), kink.clone() + width],
        Direction::Add => vec![kink.clone() - width, kink.clone() - sigma.clone(), kink],
    };
    let tol = q.cst(2f64.powi(-(q.prec() as i32)));
    integrate_split(integrand, &pts, &tol, 14)
}

/// RDP of the Gaussian mechanism: `D_α = α μ²/2` (Mironov 2017, Proposition 7).
pub fn gaussian_rdp<R: Real>(mu: &R, alpha: &R) -> R {
    alpha.clone() * mu.clone() * mu.clone() / mu.cst(2.0)
}

/// RDP of the Laplace mechanism (Mironov 2017, Proposition 6), α > 1:
/// `(1/(α−1)) ln[(α/(2α−1)) e^{(α−1)ε0} + ((α−1)/(2α−1)) e^{−αε0}]`.
pub fn laplace_rdp<R: Real>(eps0: &R, alpha: &R) -> R {
    let one = alpha.one();
    let am1 = alpha.clone() - one.clone();
    let d = alpha.clone() * alpha.cst(2.0) - one;
    let a = (alpha.clone() / d.clone()).ln() + am1.clone() * eps0.clone();
    let b = (am1.clone() / d).ln() - alpha.clone() * eps0.clone();
    a.ln_add_exp(&b) / am1
}

/// RDP of binary randomized response (Mironov 2017, Proposition 5), α > 1:
/// `(1/(α−1)) ln(π^α (1−π)^{1−α} + (1−π)^α π^{1−α})`.
pub fn rr_rdp<R: Real>(eps0: &R, alpha: &R) -> R {
    let one = alpha.one();
    let ln_pi = -((-eps0.clone()).exp().ln_1p());
    let ln_1mpi = -(eps0.exp().ln_1p());
    let am1 = alpha.clone() - one.clone();
    let a = alpha.clone() * ln_pi.clone() + (one.clone() - alpha.clone()) * ln_1mpi.clone();
    let b = alpha.clone() * ln_1mpi + (one - alpha.clone()) * ln_pi;
    a.ln_add_exp(&b) / am1
}

/// Remove-direction RDP of the subsampled Gaussian at integer α ≥ 2 (Mironov, Talwar & Zhang
/// 2019): `D_α = ln A_α/(α−1)`, `A_α = Σ_k C(α,k)(1−q)^{α−k} q^k e^{(k²−k)/(2σ²)}`, summed in
/// log space; binomials through lnΓ at working precision.
pub fn sgm_rdp_remove_int<R: Real>(q: &R, sigma: &R, alpha: u64) -> R {
    let one = q.one();
    let a = q.cst(alpha as f64);
    let lg_a = (a.clone() + one.clone()).ln_gamma();
    let ln_q = q.ln();
    let ln_1mq = (-q.clone()).ln_1p();
    let s2 = sigma.clone() * sigma.clone() * q.cst(2.0);
    let mut acc: Option<R> = None;
    // Long sums: only the terms that matter at this precision (f64 pre-screen, see
    // `significant_range`; all terms are positive).
    let (k_lo, k_hi) = if alpha > 2000 && q.prec() > 53 {
        let (qf, sf) = (q.to_f64(), sigma.to_f64());
        let logs: Vec<f64> = (0..=alpha).map(|k| sgm_term_ln(qf, sf, alpha, k)).collect();
        significant_range(&logs, q.prec()).map_or((0, alpha), |(l, h)| (l as u64, h as u64))
    } else {
        (0, alpha)
    };
    for k in k_lo..=k_hi {
        let kf = q.cst(k as f64);
        let rest = alpha - k;
        let mut t = lg_a.clone() - (kf.clone() + one.clone()).ln_gamma() - (a.clone() - kf.clone() + one.clone()).ln_gamma();
        if k > 0 {
            t = t + kf.clone() * ln_q.clone();
        }
        if rest > 0 {
            t = t + q.cst(rest as f64) * ln_1mq.clone();
        }
        t = t + (kf.clone() * kf.clone() - kf) / s2.clone();
        acc = Some(match acc {
            None => t,
            Some(s) => s.ln_add_exp(&t),
        });
    }
    acc.unwrap() / (a - one)
}

/// f64 estimate of ln of the k-th term of `A_α` (see [`sgm_rdp_remove_int`]).
fn sgm_term_ln(q: f64, sigma: f64, alpha: u64, k: u64) -> f64 {
    let (a, kf) = (alpha as f64, k as f64);
    let mut t = ln_binom(a, kf) + (kf * kf - kf) / (2.0 * sigma * sigma);
    if k > 0 {
        t += kf * q.ln();
    }
    if alpha > k {
        t += (a - kf) * (-q).ln_1p();
    }
    t
}

/// Subsampled-Gaussian RDP for any real α > 1, either direction, by tanh–sinh quadrature
/// (foundations §2.4 "independent oracle"): remove `A_α = E_{N(0,σ²)}[e^{αℓ(x)}]`, add
/// `B_α = E_{N(0,σ²)}[e^{−(α−1)ℓ(x)}]`; `D_α = ln(·)/(α−1)`. Returns `(D_α, error estimate of D_α)`.
pub fn sgm_rdp_quad<R: Real>(q: &R, sigma: &R, dir: Direction, alpha: &R) -> (R, R) {
    let one = q.one();
    let ln_norm = -(sigma.ln() + (q.cst(2.0) * q.pi()).sqrt().ln());
    let ln_q = q.ln();
    let ln_1mq = (-q.clone()).ln_1p();
    let s2 = sigma.clone() * sigma.clone() * q.cst(2.0);
    let am1 = alpha.clone() - one.clone();
    let power = match dir {
        Direction::Remove => alpha.clone(),
        Direction::Add => -am1.clone(),
    };
    let (sg, s22) = (sigma.clone(), s2.clone());
    let q_is_one = *q == one;
    let integrand = move |x: &R| -> R {
        let z = x.clone() / sg.clone();
        let exponent = (x.clone() * x.cst(2.0) - x.one()) / s22.clone();
        let ell = if q_is_one { exponent } else { ln_1mq.ln_add_exp(&(ln_q.clone() + exponent)) };
        (ln_norm.clone() - z.clone() * z / x.cst(2.0) + power.clone() * ell).exp()
    };
    let w = sigma.clone() * q.cst(40.0);
    let peak = match dir {
        Direction::Remove => alpha.clone(),
        Direction::Add => q.zero(),
    };
    let mut pts = vec![-w.clone() - one.clone(), q.zero(), q.cst(0.5), one.clone()];
    if *alpha > one.cst(1.5) {
        pts.push(peak.clone() / q.cst(2.0));
        pts.push(peak.clone());
    }
    pts.push(peak + w + one);
    pts.sort_by(|a, b| a.partial_cmp(b).unwrap());
    pts.dedup_by(|a, b| a == b);
    let tol = q.cst(2f64.powi(-(q.prec() as i32)));
    let r = integrate_split(integrand, &pts, &tol, 14);
    let d = r.value.ln() / am1.clone();
    let err = (r.err / r.value) / am1;
    (d, err)
}
