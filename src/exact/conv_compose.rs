//! Composition of grid objects by direct (non-FFT) convolution with outward rounding, powers by
//! repeated squaring, and truncation that keeps each object on its side.
//!
//! **Rounding of a convolution.** All masses are non-negative. Each output `c_k = Σ_i a_i b_{k−i}`
//! is accumulated in f64 (round to nearest, one product and one sum per term, at most
//! `m = min(len a, len b)` terms), so by the standard bound for recursive dot products
//! (Higham 2002, *Accuracy and Stability of Numerical Algorithms*, 2nd ed., §3.1, eq. (3.4)),
//! extended by the underflow term of the model `fl(x∘y) = (x∘y)(1+θ) + η`, `|η| ≤ 2^{−1075}`
//! (§2.1, (2.8)): `|ĉ_k − c_k| ≤ γ_m c_k + m·2^{−1073}` with `γ_m = m u/(1 − m u)`, `u = 2^{−53}`.
//! Hence `c_k ≤ (ĉ_k + m·2^{−1073})/(1 − γ_m)` (upper object) and
//! `c_k ≥ (ĉ_k − m·2^{−1073})/(1 + γ_m)` (lower object), each evaluated with directed rounding
//! ([`crate::num::round`]). The error is *relative* to each mass, so small δ keep their digits.
//!
//! **Truncation.** Upper object: the lowest masses (total ≤ τ/2) are moved up to the first kept
//! index, the highest (total ≤ τ/2) to `+∞` — losses only increase. Lower object: the lowest are
//! dropped (loss `−∞`), the highest moved down to the last kept index — losses only decrease.
//! The integrand `(1 − e^{ε − ℓ})_+` is non-decreasing in `ℓ`, sums of losses preserve these
//! pointwise orders, so both objects stay on their side after any later composition
//! (Meiser & Mohammadi 2018, privacy buckets; foundations §4.2a); each truncation changes δ by at
//! most the moved mass.
//!
//! **Infinite mass** (upper only): `w_∞(a ⊛ b) = a_∞·(|b| + b_∞) + |a|·b_∞`, rounded up.

use super::conv_step::Obj;
use crate::error::{Error, Result};
use crate::num::round::{add_down, add_up, div_down, div_up, mul_up, sub_down};

const U: f64 = f64::EPSILON / 2.0;

/// Which side an object bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Upper,
    Lower,
}

fn raw(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut c = vec![0.0; a.len() + b.len() - 1];
    let (a, b) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    for (i, &ai) in a.iter().enumerate() {
        if ai == 0.0 {
            continue;
        }
        let row = &mut c[i..i + b.len()];
        for (cj, &bj) in row.iter_mut().zip(b) {
            *cj += ai * bj;
        }
    }
    c
}

/// Mass total rounded up (`Upper`) or down (`Lower`).
pub fn total(p: &[f64], side: Side) -> f64 {
    match side {
        Side::Upper => p.iter().fold(0.0, |s, &x| add_up(s, x)),
        Side::Lower => p.iter().fold(0.0, |s, &x| add_down(s, x)),
    }
}

/// `a ⊛ b` with the outward rounding of the module doc. Errors with `Unsupported` when the
/// result would have more than `max_len` points.
pub fn convolve(a: &Obj, b: &Obj, side: Side, max_len: usize) -> Result<Obj> {
    let len = a.p.len() + b.p.len() - 1;
    if len > max_len {
        return Err(Error::Unsupported(format!("interval convolution: the composed support needs {len} grid points, above the limit {max_len}")));
    }
    let c = raw(&a.p, &b.p);
    let m = a.p.len().min(b.p.len()) as f64;
    let mu = mul_up(m, U);
    // γ_m = m u / (1 − m u), rounded up.
    let gamma = div_up(mu, sub_down(1.0, mu));
    let eta = mul_up(m, 2f64.powi(-1073));
    let p: Vec<f64> = match side {
        // Direction: up.
        Side::Upper => c.iter().map(|&x| if x == 0.0 { 0.0 } else { div_up(add_up(x, eta), sub_down(1.0, gamma)) }).collect(),
        // Direction: down.
        Side::Lower => c.iter().map(|&x| div_down(sub_down(x, eta), add_up(1.0, gamma)).max(0.0)).collect(),
    };
    let inf = match side {
        Side::Upper => {
            let (ta, tb) = (total(&a.p, Side::Upper), total(&b.p, Side::Upper));
            add_up(mul_up(a.inf, add_up(tb, b.inf)), mul_up(ta, b.inf))
        }
        Side::Lower => 0.0,
    };
    // Direction: up (a larger shift lowers every loss of the lower object).
    Ok(Obj { lo: a.lo + b.lo, p, inf, shift: add_up(a.shift, b.shift) })
}

/// Truncate with budget `tau` (module doc), then drop zero ends.
pub fn trim(mut o: Obj, tau: f64, side: Side) -> Obj {
    let half = tau / 2.0;
    // Lowest indices [0, i0) with total ≤ half (plain sums choose the cut; moved mass is certified).
    let mut s = 0.0;
    let mut i0 = 0;
    while i0 + 1 < o.p.len() && s + o.p[i0] <= half {
        s += o.p[i0];
        i0 += 1;
    }
    let mut s2 = 0.0;
    let mut i1 = o.p.len();
    while i1 > i0 + 1 && s2 + o.p[i1 - 1] <= half {
        s2 += o.p[i1 - 1];
        i1 -= 1;
    }
    match side {
        Side::Upper => {
            // Direction: up — low tail moved up to i0, high tail to +∞.
            let low = total(&o.p[..i0], Side::Upper);
            let high = total(&o.p[i1..], Side::Upper);
            o.p[i0] = add_up(o.p[i0], low);
            o.inf = add_up(o.inf, high);
        }
        Side::Lower => {
            // Direction: down — low tail dropped, high tail moved down to i1 − 1.
            let high = total(&o.p[i1..], Side::Lower);
            o.p[i1 - 1] = add_down(o.p[i1 - 1], high);
        }
    }
    let mut p = o.p[i0..i1].to_vec();
    let mut lo = o.lo + i0 as i64;
    let first = p.iter().position(|&x| x > 0.0).unwrap_or(0);
    let last = p.iter().rposition(|&x| x > 0.0).unwrap_or(0);
    p = p[first..=last.max(first)].to_vec();
    lo += first as i64;
    Obj { lo, p, inf: o.inf, shift: o.shift }
}

/// `o^{⊛t}` by repeated squaring, truncating each product with budget `tau`. Uses at most
/// [`ops`]`(t)` truncations.
pub fn power(o: &Obj, t: u64, side: Side, tau: f64, max_len: usize) -> Result<Obj> {
    let mut result: Option<Obj> = None;
    let mut base = o.clone();
    let mut e = t;
    while e > 0 {
        if e & 1 == 1 {
            result = Some(match result {
                None => base.clone(),
                Some(r) => trim(convolve(&r, &base, side, max_len)?, tau, side),
            });
        }
        e >>= 1;
        if e > 0 {
            base = trim(convolve(&base, &base, side, max_len)?, tau, side);
        }
    }
    result.ok_or_else(|| Error::Numerical("interval convolution: zero steps".into()))
}

/// Number of truncations [`power`] performs for `t` (an upper bound: squarings + products).
pub fn ops(t: u64) -> u64 {
    2 * (64 - t.leading_zeros() as u64)
}

/// Sum of the masses of `p` at indices whose loss `(lo+i)h` exceeds ε, weighted by
/// `1 − e^{ε − ℓ}`, in f64 (not certified; used to locate roots before certification).
pub fn delta_f64(o: &Obj, h: f64, eps: f64) -> f64 {
    let mut s = o.inf;
    for (i, &w) in o.p.iter().enumerate() {
        let l = (o.lo + i as i64) as f64 * h - o.shift;
        if l > eps {
            s += w * -(eps - l).exp_m1();
        }
    }
    s
}
