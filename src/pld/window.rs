//! Truncation windows and tail bounds by Chernoff's inequality (foundations spec §4.4).
//!
//! For independent finite losses `S = Σ_i Σ_{t ≤ T_i} L_{i,t}` and any `λ > 0`,
//! `P(S ≥ B) ≤ exp(Σ_i T_i K_i(λ) − λB)` and `P(S ≤ A) ≤ exp(Σ_i T_i K_i(−λ) + λA)` with
//! `K_i(λ) = ln E[e^{λL_i}; L_i < ∞]`; the same holds for non-negative measures of any total mass
//! (`Σ_{m ≥ B} c_m ≤ Σ_m c_m e^{λ(x_m − B)}`). Two sources of `K_i`:
//!
//! * **discrete** ([`DiscretePld::ln_mgf_up`]): exact for the discretised objects up to outward
//!   rounding — used for the certified `τ_lo`, `τ_hi` of the composed objects;
//! * **continuous** ([`continuous_cgf_up`]): `PrivacyLoss::ln_mgf` where implemented, completed by
//!   convexity of `K` and by `support()` — used only to size the first grid (an a-priori window).
//!
//! Any λ gives a valid bound; λ is optimised numerically only for tightness.

use super::pmf::{up_ulps, DiscretePld};
use crate::mechanisms::PrivacyLoss;

/// The composed finite measure as a list of (per-step object, count).
pub type Parts<'a> = [(&'a DiscretePld, u64)];

/// `Σ_i T_i K_i(λ)` (upper bound) for the discrete parts.
pub fn composed_cgf_up(parts: &Parts, lambda: f64) -> f64 {
    let mut s = 0.0f64;
    for (p, t) in parts {
        let k = p.ln_mgf_up(lambda);
        if k == f64::NEG_INFINITY {
            return f64::NEG_INFINITY;
        }
        // Rounding up: T·K rounded up, partial sums rounded up.
        s = up_ulps(s + up_ulps(*t as f64 * k, 1), 1);
    }
    s
}

/// Largest finite composed loss: `Σ_i T_i k_hi,i · h`.
pub fn composed_max(parts: &Parts) -> f64 {
    parts.iter().map(|(p, t)| *t as f64 * p.loss(p.k_hi())).sum()
}

/// Smallest composed loss: `Σ_i T_i k_lo,i · h`.
pub fn composed_min(parts: &Parts) -> f64 {
    parts.iter().map(|(p, t)| *t as f64 * p.loss(p.k_lo)).sum()
}

/// Composed mean and variance (estimates, to centre the λ search).
fn composed_mean_var(parts: &Parts) -> (f64, f64) {
    parts.iter().fold((0.0, 0.0), |(m, v), (p, t)| {
        let (pm, pv) = p.mean_var();
        (m + *t as f64 * pm, v + *t as f64 * pv)
    })
}

/// Minimise a unimodal function of `u = ln λ` on `[u0 − 12, u0 + 12]`: scan with step 2, then golden
/// section. Returns the minimal value found (every value is itself a valid bound).
fn minimise_ln_lambda<F: FnMut(f64) -> f64>(mut f: F, u0: f64) -> f64 {
    let mut best_u = u0;
    let mut best = f64::INFINITY;
    let mut u = u0 - 12.0;
    while u <= u0 + 12.0 {
        let v = f(u);
        if v < best {
            best = v;
            best_u = u;
        }
        u += 2.0;
    }
    let (_, v) = crate::num::root::golden_min(&mut f, best_u - 2.0, best_u + 2.0, 24);
    best.min(v)
}

fn lambda_centre(parts: &Parts, ln_tau: f64) -> f64 {
    let (_, var) = composed_mean_var(parts);
    let h = parts.first().map(|(p, _)| p.h).unwrap_or(1.0);
    let s = var.sqrt().max(h);
    ((2.0 * (-ln_tau).max(1.0)).sqrt() / s).ln()
}

/// Upper bound on `ln P(S ≥ b)` for the composed discrete finite measure (−∞ if `b` exceeds every
/// composed loss, then the tail is exactly empty).
pub fn ln_tail_hi_up(parts: &Parts, b: f64) -> f64 {
    if b > composed_max(parts) {
        return f64::NEG_INFINITY;
    }
    let u0 = lambda_centre(parts, -30.0);
    let v = minimise_ln_lambda(|u| {
        let l = u.exp();
        // Rounding up: K(λ) is already an upper bound; −λb rounded up.
        up_ulps(composed_cgf_up(parts, l) - l * b, 2) + 4.0 * f64::EPSILON * (l * b).abs()
    }, u0);
    v.min(composed_cgf_up(parts, 0.0))
}

/// Upper bound on `ln P(S ≤ a)` (−∞ if `a` is below every composed loss).
pub fn ln_tail_lo_up(parts: &Parts, a: f64) -> f64 {
    if a < composed_min(parts) {
        return f64::NEG_INFINITY;
    }
    let u0 = lambda_centre(parts, -30.0);
    let v = minimise_ln_lambda(|u| {
        let l = u.exp();
        up_ulps(composed_cgf_up(parts, -l) + l * a, 2) + 4.0 * f64::EPSILON * (l * a).abs()
    }, u0);
    v.min(composed_cgf_up(parts, 0.0))
}

/// A loss `B` with `P(S ≥ B) ≤ e^{ln_tau}`: `min_λ (Σ T_i K_i(λ) − ln τ)/λ`, capped at the
/// largest composed loss.
pub fn quantile_hi(parts: &Parts, ln_tau: f64) -> f64 {
    let u0 = lambda_centre(parts, ln_tau);
    let v = minimise_ln_lambda(|u| {
        let l = u.exp();
        (composed_cgf_up(parts, l) - ln_tau) / l
    }, u0);
    v.min(composed_max(parts))
}

/// A loss `A` with `P(S ≤ A) ≤ e^{ln_tau}`: `max_λ (ln τ − Σ T_i K_i(−λ))/λ`, floored at the
/// smallest composed loss.
pub fn quantile_lo(parts: &Parts, ln_tau: f64) -> f64 {
    let u0 = lambda_centre(parts, ln_tau);
    let v = minimise_ln_lambda(|u| {
        let l = u.exp();
        (composed_cgf_up(parts, -l) - ln_tau) / l
    }, u0);
    (-v).max(composed_min(parts))
}

/// Upper bound on the cumulant `K(λ) = ln E_P[e^{λL}; L < ∞]` of one continuous step, from
/// `PrivacyLoss::ln_mgf` where finite, completed by convexity of `K` (chords between integers;
/// `K(0) ≤ 0`; `K(−1) = ln Q(p > 0) ≤ 0`, spec §1.5 item 4) and by the support
/// (`K(λ) ≤ λ·sup L` for λ > 0, `≤ λ·inf L` for λ < 0). `+∞` when nothing applies.
pub fn continuous_cgf_up(loss: &dyn PrivacyLoss, lambda: f64) -> f64 {
    let (s_lo, s_hi) = loss.support();
    let direct = loss.ln_mgf(lambda);
    let mut best = if direct.is_finite() { direct } else { f64::INFINITY };
    if lambda > 0.0 && s_hi.is_finite() {
        best = best.min(lambda * s_hi);
    }
    if lambda < 0.0 && s_lo.is_finite() {
        best = best.min(lambda * s_lo);
    }
    if lambda == 0.0 {
        return 0.0;
    }
    // Chords of the convex K between the neighbouring integers (values at 0 and −1 are ≤ 0).
    let k_at = |n: f64| -> f64 {
        if n == 0.0 || n == -1.0 {
            0.0
        } else {
            let v = loss.ln_mgf(n);
            if v.is_finite() { v } else { f64::INFINITY }
        }
    };
    let (a, b) = (lambda.floor(), lambda.ceil());
    if a != b {
        let t = lambda - a;
        let chord = (1.0 - t) * k_at(a) + t * k_at(b);
        if chord.is_finite() {
            best = best.min(chord);
        }
    }
    best
}

/// A-priori composed window `[A, B]` from the continuous cumulants with tail `e^{ln_tau}` on each
/// side (Chernoff; `None` if no cumulant is finite on a side).
pub fn continuous_window(parts: &[(&dyn PrivacyLoss, u64)], ln_tau: f64) -> Option<(f64, f64)> {
    let cgf = |l: f64| -> f64 { parts.iter().map(|(p, t)| *t as f64 * continuous_cgf_up(*p, l)).sum() };
    let b = continuous_quantile_hi(parts, ln_tau).0;
    let a = LAMBDA_GRID.map(|e| 2f64.powf(e as f64 / 4.0)).iter().map(|&l| (ln_tau - cgf(-l)) / l).fold(f64::NEG_INFINITY, f64::max);
    if a.is_finite() && b.is_finite() && a < b { Some((a, b)) } else { None }
}

/// Exponents `i` of the λ grid `2^{i/4}`, `i = −40 … 40` (λ from 1e−3 to 1024).
const LAMBDA_GRID: [i32; 81] = {
    let mut g = [0i32; 81];
    let mut i = 0;
    while i < 81 {
        g[i] = i as i32 - 40;
        i += 1;
    }
    g
};

/// Upper Chernoff quantile of the composed continuous loss, `B = min_λ (Σ T_i K_i(λ) − ln τ)/λ`
/// over the λ grid `2^{i/4}`, with the minimising λ: `P(S ≥ B) ≤ e^{ln_tau}` (Chernoff).
/// `(+∞, NaN)` when no cumulant is finite.
pub fn continuous_quantile_hi(parts: &[(&dyn PrivacyLoss, u64)], ln_tau: f64) -> (f64, f64) {
    let cgf = |l: f64| -> f64 { parts.iter().map(|(p, t)| *t as f64 * continuous_cgf_up(*p, l)).sum() };
    let mut best = (f64::INFINITY, f64::NAN);
    for e in LAMBDA_GRID {
        let l = 2f64.powf(e as f64 / 4.0);
        let b = (cgf(l) - ln_tau) / l;
        if b < best.0 {
            best = (b, l);
        }
    }
    best
}

/// A-priori upper bound on `ε(δ)` of one direction from the continuous cumulants, with the
/// minimising λ: `min_λ [Σ_i T_i K_i(λ) − ln δ + λ ln(λ/(λ+1)) − ln(λ+1)]/λ` over the λ grid
/// `2^{i/4}` — the RDP-to-DP conversion of Canonne, Kamath & Steinke 2020 (Prop. 12; Asoodeh et
/// al. 2021), in cumulant form (`λ = α − 1`). Proof in one line: `(1 − e^{ε−x})_+ ≤
/// e^{λ(x−ε)}·(λ/(λ+1))^λ/(λ+1)` for all x (the maximum of the ratio is at `e^{ε−x} = λ/(λ+1)`),
/// and `δ(ε) = E_P[(1 − e^{ε−L})_+]`; the mass at `+∞`, which `K` excludes, is not counted (this
/// is an estimate for sizing the grid, not a certified bound). `(+∞, NaN)` when no cumulant is
/// finite.
pub fn continuous_epsilon_hi(parts: &[(&dyn PrivacyLoss, u64)], delta: f64) -> (f64, f64) {
    let cgf = |l: f64| -> f64 { parts.iter().map(|(p, t)| *t as f64 * continuous_cgf_up(*p, l)).sum() };
    let mut best = (f64::INFINITY, f64::NAN);
    for e in LAMBDA_GRID {
        let l = 2f64.powf(e as f64 / 4.0);
        let b = (cgf(l) - delta.ln() + l * (l / (l + 1.0)).ln() - l.ln_1p()) / l;
        if b < best.0 {
            best = (b, l);
        }
    }
    best
}

/// Smallest `n' ≥ n` of the form `2^a 3^b 5^c` (fast for RustFFT's mixed-radix algorithms).
pub fn fast_len(n: usize) -> usize {
    let n = n.max(1);
    let mut best = n.next_power_of_two();
    let mut p5 = 1usize;
    while p5 < best {
        let mut p35 = p5;
        while p35 < best {
            let mut v = p35;
            while v < n {
                v *= 2;
            }
            best = best.min(v);
            p35 *= 3;
        }
        p5 *= 5;
    }
    best
}

/// Largest `n' ≤ n` of the form `2^a 3^b 5^c` (for the length cap).
pub fn fast_len_below(n: usize) -> usize {
    let mut m = n.max(1);
    while fast_len(m) != m {
        m -= 1;
    }
    m
}
