//! The MPFR route for Section 4 (mixtures spec §4.6 item 1: "confirm with high-precision
//! arithmetic: exact integer binomials and a multiprecision w⁰_i"): Corollary 4.3's δ and the
//! exact pair's hockey-stick as direct sums over every atom below the threshold, 256-bit MPFR,
//! exact `C(i, a)` by integer recursion — no log space, no tail cut. Independent of
//! `shuffling.rs`'s f64 evaluation (used by the golden `exact` route and the tests).
//!
//! Only components with `ln w⁰_i ≥ −1000` (decided in f64) are summed; the rest weigh < n e^{−1000}.

use crate::num::Mp;
use crate::papers::golden_table::GOLDEN_PREC;
use crate::papers::mixture_fdp::section_4::shuffling::Shuffle;
use rug::ops::Pow;
use rug::{Float, Integer};

/// Number of atoms the MPFR sums visit (components with `ln w⁰_i ≥ −1000`, every atom below the
/// threshold at most): a cost estimate for callers that cap the route.
pub fn work(s: &Shuffle) -> u64 {
    (0..s.n).filter(|&i| s.ln_w0(i) >= -1000.0).map(|i| i / 2 + 1).sum()
}

/// `Σ_i w⁰_i Σ_{a/b < c0/c1} p_i(a) (c0 − c1 a/b)` at `prec` bits (the positive-term sum of
/// `sums.rs`), every quantity in MPFR.
fn positive_sum(s: &Shuffle, c0: &Float, c1: &Float, prec: u32) -> Float {
    let mut total = Float::with_val(prec, 0);
    if *c0 <= 0 {
        return total;
    }
    let e0 = Float::with_val(prec, s.eps0).exp();
    let w = Float::with_val(prec, 1) / (e0 + 1u32);
    let pc = Float::with_val(prec, &w * 2u32);
    let one_m_pc = Float::with_val(prec, 1) - &pc;
    let m = (s.n - 1) as u32;
    let mut cm = Integer::from(1); // C(m, i)
    for i in 0..s.n as u32 {
        if i > 0 {
            cm = cm * (m - i + 1) / i;
        }
        if s.ln_w0(i as u64) < -1000.0 {
            continue;
        }
        let w0 = Float::with_val(prec, &cm) * pc.clone().pow(i) * one_m_pc.clone().pow(m - i);
        let scale = w0 / Float::with_val(prec, Integer::from(1) << i);
        let mut c = Integer::from(1); // C(i, a)
        let mut comp = Float::with_val(prec, 0);
        for a in 0..=i {
            if a > 0 {
                c = c * (i - a + 1) / a;
            }
            let b = i + 1 - a;
            let term = Float::with_val(prec, c0) - Float::with_val(prec, c1) * a / b;
            if term <= 0 {
                break;
            }
            comp += Float::with_val(prec, &c) * term;
        }
        total += comp * scale;
    }
    total
}

/// Corollary 4.3's δ (spec §4.4 box, last form) at `prec` bits.
pub fn corollary_4_3_delta_mpfr(s: &Shuffle, eps: f64, prec: u32) -> Mp {
    let e0 = Float::with_val(prec, s.eps0);
    let t = Float::with_val(prec, &e0 / 2u32).tanh();
    let g = Float::with_val(prec, 1) + Float::with_val(prec, eps).exp_m1() / &t;
    Mp(positive_sum(s, &Float::with_val(prec, 1), &g, prec) * t)
}

/// The exact pair's `H_{e^ε}(P‖Q)` (spec §4.4) at `prec` bits; 0 for ε ≥ ε₀ (the pair's
/// likelihood ratios lie in `[e^{−ε₀}, e^{ε₀}]`).
pub fn exact_pair_delta_mpfr(s: &Shuffle, eps: f64, prec: u32) -> Mp {
    if eps >= s.eps0 {
        return Mp::new(prec, 0.0);
    }
    let e0 = Float::with_val(prec, s.eps0).exp();
    let w = Float::with_val(prec, 1) / (e0 + 1u32);
    let g = Float::with_val(prec, eps).exp();
    let one_m_w = Float::with_val(prec, 1) - &w;
    let c0 = Float::with_val(prec, &one_m_w - Float::with_val(prec, &g * &w));
    let c1 = Float::with_val(prec, Float::with_val(prec, &g * &one_m_w) - &w);
    Mp(positive_sum(s, &c0, &c1, prec))
}

/// [`corollary_4_3_delta_mpfr`] at 256 bits, rounded to the nearest f64.
pub fn corollary_4_3_delta_mp(s: &Shuffle, eps: f64) -> f64 {
    corollary_4_3_delta_mpfr(s, eps, GOLDEN_PREC).0.to_f64()
}

/// [`exact_pair_delta_mpfr`] at 256 bits, rounded to the nearest f64.
pub fn exact_pair_delta_mp(s: &Shuffle, eps: f64) -> f64 {
    exact_pair_delta_mpfr(s, eps, GOLDEN_PREC).0.to_f64()
}
