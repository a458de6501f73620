//! Stable f64 special functions (foundations spec §6.1).
//!
//! Each function states its accuracy; all are validated against MPFR at 256 bits in
//! `num/special_test.rs`. erf/erfc/lnΓ come from the `libm` crate (a port of musl's
//! implementations, error below 1 ulp for erf/erfc). `statrs`'s erfc was measured at ~1e−11
//! relative error near x = 1 and is therefore not used. `erfcx`, `ln_ndtr`, `ndtri`, `ln_binom`
//! and the log-space helpers are implemented here.

/// erf(x) (libm, musl port).
pub fn erf(x: f64) -> f64 {
    libm::erf(x)
}

/// erfc(x) = 1 − erf(x) without cancellation (libm, musl port; < 1 ulp while the result is a
/// normal f64, i.e. x < 26.5).
pub fn erfc(x: f64) -> f64 {
    libm::erfc(x)
}

/// ln Γ(x) for x > 0 (libm `lgamma`).
pub fn ln_gamma(x: f64) -> f64 {
    libm::lgamma(x)
}

const FRAC_1_SQRT_PI: f64 = 0.564_189_583_547_756_3;
/// ½ ln(2π).
pub const LN_SQRT_2PI: f64 = 0.918_938_533_204_672_8;

/// Scaled complementary error function erfcx(x) = e^{x²} erfc(x), finite for all x ≥ −26.
///
/// x < 0: `2e^{x²} − erfcx(−x)`; 0 ≤ x < 4: `exp(x²)·erfc(x)` (relative error ≲ x²·u);
/// x ≥ 4: the Laplace continued fraction `erfc(x) = e^{−x²}/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …))))`
/// evaluated by the modified Lentz method (relative error ≲ 4u).
pub fn erfcx(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x < 0.0 {
        return 2.0 * (x * x).exp() - erfcx(-x);
    }
    if x < 4.0 {
        return (x * x).exp() * erfc(x);
    }
    if x > 1e8 {
        return FRAC_1_SQRT_PI / x;
    }
    // K = x + a1/(x + a2/(x + ...)) with a_k = k/2; erfcx = 1/(√π K).
    let tiny = 1e-300;
    let mut f = x;
    let mut c = x;
    let mut d = 0.0;
    for k in 1..200 {
        let a = k as f64 / 2.0;
        d = x + a * d;
        if d.abs() < tiny {
            d = tiny;
        }
        c = x + a / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() < 1e-16 {
            break;
        }
    }
    FRAC_1_SQRT_PI / f
}

/// ln Φ(x), Φ the standard normal CDF, for every finite x (no underflow).
///
/// x > 5: `ln_1p(−exp(ln(erfcx(x/√2)/2) − x²/2))`; 0 < x ≤ 5: `ln_1p(−erfc(x/√2)/2)`; −5 ≤ x ≤ 0: `ln(erfc(−x/√2)/2)`; x < −5:
/// `ln(erfcx(−x/√2)/2) − x²/2` (foundations §6.1). Relative error ≤ 1e−13 on [−1e3, 40]
/// (tested against MPFR).
pub fn ln_ndtr(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    if x == f64::INFINITY {
        return 0.0;
    }
    if x == f64::NEG_INFINITY {
        return f64::NEG_INFINITY;
    }
    let s = std::f64::consts::FRAC_1_SQRT_2;
    if x > 40.0 {
        // ln Φ(x) = ln(1 − Φ(−x)) = −Φ(−x) to the last bit, and Φ(−x) < 4e−350 underflows: the
        // split below would multiply e^{−x²/2} = 0 by e^{−lo/2} = ∞ for x ≳ 1e75 (NaN, issue 25).
        -(0.5 * erfc(x * s))
    } else if x > 5.0 {
        // Φ(−x) via erfcx: erfc(z) itself has condition number ~2z², so rounding x/√2 would
        // cost 1e−13 relative at x = 25; erfcx is well conditioned and x²/2 is exact to u.
        // x² = hi + lo exactly (FMA), and e^{−hi/2} is evaluated from an exact argument, so the
        // large exponent contributes no rounding error beyond exp's own < 1 ulp.
        let hi = x * x;
        let lo = x.mul_add(x, -hi);
        let tail = (-0.5 * hi).exp() * ((0.5 * erfcx(x * s)).ln() - 0.5 * lo).exp();
        (-tail).ln_1p()
    } else if x > 0.0 {
        (-0.5 * erfc(x * s)).ln_1p()
    } else if x >= -5.0 {
        (0.5 * erfc(-x * s)).ln()
    } else {
        (0.5 * erfcx(-x * s)).ln() - 0.5 * x * x
    }
}

/// Φ(x) (may underflow to 0 below x ≈ −38.5; use [`ln_ndtr`] there).
pub fn ndtr(x: f64) -> f64 {
    if x < 0.0 {
        0.5 * erfc(-x * std::f64::consts::FRAC_1_SQRT_2)
    } else {
        1.0 - 0.5 * erfc(x * std::f64::consts::FRAC_1_SQRT_2)
    }
}

/// Φ⁻¹(p) for p ∈ (0, 1), accurate to a few ulps for p down to the smallest subnormal.
///
/// Acklam's rational approximation (relative error 1.15e−9) as the starting point, then Newton
/// steps on `ln Φ(x) = ln p` using [`ln_ndtr`] (so that p = 1e−300 is handled in log space).
/// Returns ±∞ at p = 0 / 1 and NaN outside [0, 1].
pub fn ndtri(p: f64) -> f64 {
    if p.is_nan() || !(0.0..=1.0).contains(&p) {
        return f64::NAN;
    }
    if p == 0.0 {
        return f64::NEG_INFINITY;
    }
    if p == 1.0 {
        return f64::INFINITY;
    }
    if p > 0.5 {
        // 1 − p is exact for p ≥ 0.5 (Sterbenz).
        return -ndtri(1.0 - p);
    }
    let mut x = acklam(p);
    let lp = p.ln();
    for _ in 0..8 {
        let lphi = ln_ndtr(x);
        let g = lphi - lp;
        let dg = (-0.5 * x * x - LN_SQRT_2PI - lphi).exp();
        let step = g / dg;
        x -= step;
        if step.abs() <= 1e-15 * x.abs().max(1e-300) {
            break;
        }
    }
    x
}

fn acklam(p: f64) -> f64 {
    const A: [f64; 6] = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.383577518672690e2, -3.066479806614716e1, 2.506628277459239e0];
    const B: [f64; 5] = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
    const C: [f64; 6] = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838e0, -2.549732539343734e0, 4.374664141464968e0, 2.938163982698783e0];
    const D: [f64; 4] = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996e0, 3.754408661907416e0];
    if p < 0.02425 {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    }
}

/// log(1 − eˣ) for x ≤ 0 (Mächler 2012). Returns −∞ at x = 0 and NaN for x > 0.
pub fn ln_1m_exp(x: f64) -> f64 {
    if x > -std::f64::consts::LN_2 {
        (-x.exp_m1()).ln()
    } else {
        (-x.exp()).ln_1p()
    }
}

/// log(eᵃ + eᵇ).
pub fn ln_add_exp(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if hi == f64::NEG_INFINITY {
        return hi;
    }
    if hi == f64::INFINITY {
        return hi;
    }
    hi + (lo - hi).exp().ln_1p()
}

/// log(eᵃ − eᵇ) for a ≥ b; −∞ when a = b; NaN when a < b.
pub fn ln_sub_exp(a: f64, b: f64) -> f64 {
    if b == f64::NEG_INFINITY {
        return a;
    }
    a + ln_1m_exp(b - a)
}

/// A value in signed log representation: `sign · exp(ln_abs)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SignedLog {
    pub sign: i8,
    pub ln_abs: f64,
}

/// Signed log-sum-exp: Σ sᵢ e^{aᵢ} returned as a [`SignedLog`] (terms given as (sign, ln|term|)).
/// Positive and negative parts are accumulated separately in log space, then subtracted once.
pub fn signed_ln_sum_exp(terms: &[(i8, f64)]) -> SignedLog {
    let pos: Vec<f64> = terms.iter().filter(|t| t.0 > 0).map(|t| t.1).collect();
    let neg: Vec<f64> = terms.iter().filter(|t| t.0 < 0).map(|t| t.1).collect();
    let lp = ln_sum_exp(&pos);
    let ln = ln_sum_exp(&neg);
    if lp >= ln {
        SignedLog { sign: if lp == f64::NEG_INFINITY { 0 } else { 1 }, ln_abs: ln_sub_exp(lp, ln) }
    } else {
        SignedLog { sign: -1, ln_abs: ln_sub_exp(ln, lp) }
    }
}

/// log Σ e^{aᵢ} with the running maximum (−∞ for an empty slice).
pub fn ln_sum_exp(a: &[f64]) -> f64 {
    let m = a.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
    if !m.is_finite() {
        return m;
    }
    let s: f64 = neumaier_sum(a.iter().map(|&x| (x - m).exp()));
    m + s.ln()
}

/// log C(n, k) for real n ≥ k ≥ 0.
///
/// Stirling form with Loader's exact correction (Loader 2000, "Fast and accurate computation of
/// binomial probabilities"): `k ln(n/k) + m ln(n/m) + ½ ln(n/(k m)) − ½ln(2π)
/// + s(n) − s(k) − s(m)` with `m = n − k`, each `x ln(n/x)` evaluated in its well-conditioned
/// form, `s(x) = lnΓ(x+1) − (x+½)ln x + x − ½ln(2π)`. This avoids the
/// cancellation of three large lnΓ values: relative error ≲ 1e−14 for n up to 10⁹ (tested
/// against exact MPFR binomials). Returns −∞ when k ∉ [0, n].
pub fn ln_binom(n: f64, k: f64) -> f64 {
    if k < 0.0 || k > n || n.is_nan() || k.is_nan() {
        return f64::NEG_INFINITY;
    }
    if k == 0.0 || k == n {
        return 0.0;
    }
    let m = n - k;
    // x·ln(n/x): direct when x is the smaller part (n/x ≥ 2 is well conditioned), otherwise
    // −x·ln1p(−(n−x)/n) with a small, accurately rounded argument.
    let term = |x: f64, other: f64| if x <= other { x * (n / x).ln() } else { -x * (-other / n).ln_1p() };
    term(k, m) + term(m, k) + 0.5 * (n / (k * m)).ln() - LN_SQRT_2PI + stirlerr(n) - stirlerr(k) - stirlerr(m)
}

/// Stirling's error term s(x) = lnΓ(x+1) − (x+½) ln x + x − ½ ln(2π), x > 0.
/// Asymptotic series (5 terms, error < 1e−17) for x > 15, lnΓ otherwise.
pub fn stirlerr(x: f64) -> f64 {
    if x > 15.0 {
        let x2 = x * x;
        (1.0 / 12.0 - (1.0 / 360.0 - (1.0 / 1260.0 - (1.0 / 1680.0 - 1.0 / (1188.0 * x2)) / x2) / x2) / x2) / x
    } else {
        ln_gamma(x + 1.0) - (x + 0.5) * x.ln() + x - LN_SQRT_2PI
    }
}

/// Neumaier (improved Kahan–Babuška) compensated summation.
pub fn neumaier_sum(it: impl IntoIterator<Item = f64>) -> f64 {
    let mut s = 0.0f64;
    let mut c = 0.0f64;
    for x in it {
        let t = s + x;
        if s.abs() >= x.abs() {
            c += (s - t) + x;
        } else {
            c += (x - t) + s;
        }
        s = t;
    }
    s + c
}

/// The index range `[lo, hi]` of the terms of a sum of non-negative terms that matter at
/// precision `prec`, from f64 estimates `ln_terms[i]` of their logarithms (NaN or −∞ for zero
/// terms): every term outside the range has an estimated log below `max − cutoff`, with
/// `cutoff = prec·ln 2 + ln n + 40`, so together they are below `n·e^{−cutoff}` ≤
/// `2^{−prec}·e^{−40}` of the largest term (hence of the sum), with a margin of e^{40} for the
/// error of the f64 estimates. Used to skip the negligible terms of long binomial sums evaluated
/// in MPFR (issue 25: 10⁶ terms at 256 and 512 bits took minutes). `None` when no term is
/// positive. Terms must be unimodal in `i` for the range to be contiguous; the range is the
/// smallest one containing every term above the cutoff, so it is correct for any shape.
pub fn significant_range(ln_terms: &[f64], prec: u32) -> Option<(usize, usize)> {
    let max = ln_terms.iter().copied().filter(|x| !x.is_nan()).fold(f64::NEG_INFINITY, f64::max);
    if !max.is_finite() {
        return None;
    }
    let cutoff = f64::from(prec) * std::f64::consts::LN_2 + (ln_terms.len() as f64).ln() + 40.0;
    let keep = |x: &f64| *x >= max - cutoff;
    let lo = ln_terms.iter().position(keep)?;
    let hi = ln_terms.iter().rposition(keep)?;
    Some((lo, hi))
}

/// [`significant_range`] for terms whose f64 log estimate `ln_term(k)` is **concave** in `k` on
/// `[lo, hi]` (hence unimodal), found with O(log(hi − lo)) estimates instead of one per term:
/// integer ternary search for the largest term, then binary search on each monotone side for
/// the last index above `max − cutoff` (the cutoff of [`significant_range`] with `n = hi − lo + 1`).
/// `None` when no term is finite.
pub fn significant_range_concave(ln_term: impl Fn(u64) -> f64, lo: u64, hi: u64, prec: u32) -> Option<(u64, u64)> {
    if lo > hi {
        return None;
    }
    let f = |k: u64| {
        let v = ln_term(k);
        if v.is_nan() { f64::NEG_INFINITY } else { v }
    };
    let (mut a, mut b) = (lo, hi);
    while b - a > 2 {
        let m1 = a + (b - a) / 3;
        let m2 = b - (b - a) / 3;
        if f(m1) < f(m2) {
            a = m1 + 1;
        } else {
            b = m2;
        }
    }
    let (k_max, max) = (a..=b).map(|k| (k, f(k))).fold((a, f64::NEG_INFINITY), |best, x| if x.1 > best.1 { x } else { best });
    if !max.is_finite() {
        return None;
    }
    let cutoff = f64::from(prec) * std::f64::consts::LN_2 + ((hi - lo + 1) as f64).ln() + 40.0;
    let keep = |k: u64| f(k) >= max - cutoff;
    // Left side: f is non-decreasing on [lo, k_max]; the smallest kept index.
    let (mut l, mut r) = (lo, k_max);
    while l < r {
        let m = l + (r - l) / 2;
        if keep(m) { r = m } else { l = m + 1 }
    }
    let left = l;
    // Right side: f is non-increasing on [k_max, hi]; the largest kept index.
    let (mut l, mut r) = (k_max, hi);
    while l < r {
        let m = l + (r - l).div_ceil(2);
        if keep(m) { l = m } else { r = m - 1 }
    }
    Some((left, l))
}
