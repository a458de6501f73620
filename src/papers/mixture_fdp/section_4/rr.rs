//! Exact δ of concrete shuffled ε₀-DP mechanisms: binary and k-ary randomised response (mixtures
//! spec §4.6 item 3). These are **lower bounds** on the worst case over all ε₀-DP local
//! randomisers and do not depend on the FMT23 reduction; every upper bound of Section 4
//! (Theorem 4.2, Corollary 4.3, the exact pair) must lie above them.
//!
//! Rounding: each value is a direct sum of the positive parts `(P − γQ)_+` over the count
//! statistic (sufficient, so exact), rounded **down** (multiplied by `1 − 1e−12`); mass outside
//! the enumerated counts is dropped, which only lowers a sum of positive terms.

use crate::papers::mixture_fdp::section_4::shuffling::{invert_bracket, Shuffle};
use crate::error::{Error, Result};
use crate::num::special::ln_binom;

const REL: f64 = 1e-12;

fn check_eps(eps: f64) -> Result<()> {
    if !(eps.is_finite() && eps >= 0.0) {
        return Err(Error::invalid("epsilon", eps, "must be a finite number ≥ 0"));
    }
    Ok(())
}

/// Shuffled binary randomised response (spec §4.6 item 3): each user reports its bit with
/// probability `1 − w`, `w = 1/(e^{ε₀}+1)`; neighbours differ in user 1's bit, the others all
/// hold 0. The count `N = B₀ + S`, `S ~ Binom(n−1, w)`, `B₀ ~ Bern(w)` vs `Bern(1−w)`.
/// Returns `max{H_{e^ε}(D₀‖D₁), H_{e^ε}(D₁‖D₀)}`, rounded down (a lower bound). Errors: ε.
pub fn binary_rr_delta(s: &Shuffle, eps: f64) -> Result<f64> {
    check_eps(eps)?;
    let (w, g, m) = (s.w(), eps.exp(), (s.n - 1) as f64);
    let ls = |k: f64| if k < 0.0 || k > m { f64::NEG_INFINITY } else { ln_binom(m, k) + k * w.ln() + (m - k) * (-w).ln_1p() };
    let (mut h01, mut h10) = (0.0f64, 0.0f64);
    for k in 0..=s.n {
        let (a, b) = (ls(k as f64).exp(), ls(k as f64 - 1.0).exp());
        let p = (1.0 - w) * a + w * b;
        let q = w * a + (1.0 - w) * b;
        h01 += (p - g * q).max(0.0);
        h10 += (q - g * p).max(0.0);
    }
    Ok(h01.max(h10) * (1.0 - REL))
}

/// Shuffled k-ary randomised response, `k ≥ 3`, the others holding a third value (spec §4.6
/// item 3): `q = 1/(e^{ε₀} + k − 1)`, `M` = law of the first two counts of
/// `Multinomial(n − 1; q, q, 1 − 2q)`, `P(a, b) = e^{ε₀} q M(a−1, b) + q M(a, b−1) + (k−2) q M(a, b)`,
/// `Q` with `e^{ε₀}` on the other count. Returns `H_{e^ε}(P‖Q)` (= the reverse by symmetry),
/// rounded down; counts up to `(n−1)q + 40√((n−1)q) + 60`. Errors: ε; k < 3.
pub fn k_rr_delta(s: &Shuffle, k: u32, eps: f64) -> Result<f64> {
    check_eps(eps)?;
    if k < 3 {
        return Err(Error::invalid("k-ary RR alphabet size k", k, "must be ≥ 3 (k = 2 is binary RR)"));
    }
    let e0 = s.eps0.exp();
    let q = 1.0 / (e0 + k as f64 - 1.0);
    let m = (s.n - 1) as f64;
    let cut = ((m * q + 40.0 * (m * q).sqrt() + 60.0).min(m)) as i64;
    let ln_r = (-2.0 * q).ln_1p();
    // ln M(a, b) = ln C(m, a) + ln C(m − a, b) + (a + b) ln q + (m − a − b) ln(1 − 2q)
    let ln_m = |a: i64, b: i64| -> f64 {
        if a < 0 || b < 0 || (a + b) as f64 > m {
            return f64::NEG_INFINITY;
        }
        ln_binom(m, a as f64) + ln_binom(m - a as f64, b as f64) + (a + b) as f64 * q.ln() + (m - (a + b) as f64) * ln_r
    };
    let g = eps.exp();
    // table of M(a, b) for a, b ∈ [−1, cut + 1] (index + 1)
    let w = (cut + 3) as usize;
    let mut tab = vec![0.0f64; w * w];
    for a in -1..=cut + 1 {
        for b in -1..=cut + 1 {
            tab[(a + 1) as usize * w + (b + 1) as usize] = ln_m(a, b).exp();
        }
    }
    let at = |a: i64, b: i64| tab[(a + 1) as usize * w + (b + 1) as usize];
    let mut h = 0.0f64;
    for a in 0..=cut + 1 {
        for b in 0..=cut + 1 {
            if (a + b) as f64 > m + 1.0 {
                continue;
            }
            let (ma, mb, m0) = (at(a - 1, b), at(a, b - 1), at(a, b));
            let p = e0 * q * ma + q * mb + (k as f64 - 2.0) * q * m0;
            let qq = q * ma + e0 * q * mb + (k as f64 - 2.0) * q * m0;
            h += (p - g * qq).max(0.0);
        }
    }
    Ok(h * (1.0 - REL))
}

/// ε(δ) of shuffled binary RR (a lower bound on any valid ε, up to the bisection's last step:
/// the lower end of the final bracket is returned). Errors: δ ∉ (0, 1).
pub fn binary_rr_epsilon(s: &Shuffle, delta: f64) -> Result<f64> {
    lower_end(|e| binary_rr_delta(s, e), delta)
}

/// ε(δ) of shuffled k-ary RR (lower end of the final bracket). Errors: δ ∉ (0, 1), k < 3.
pub fn k_rr_epsilon(s: &Shuffle, k: u32, delta: f64) -> Result<f64> {
    lower_end(|e| k_rr_delta(s, k, e), delta)
}

fn lower_end(f: impl Fn(f64) -> Result<f64>, delta: f64) -> Result<f64> {
    // the lower end of the final bracket: f(lo) > δ, so lo < ε(δ) — a valid lower bound
    Ok(invert_bracket(f, delta)?.0)
}
