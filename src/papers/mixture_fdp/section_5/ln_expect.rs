//! `ln E_I[e^{ln_h(μ_I)}]` over the initialisation `I ~ N(0, 1)` in log space (mixtures spec
//! §5.2, §8 items 9, 10): the expectation behind Theorem 5.1's δ when δ lies far below the f64
//! range (`init-gd --epsilon 1e5`, `--delta 1e-300`).

use super::init_gd::{Shift, CUTS, I_MAX};
use crate::num::quad::integrate_split;
use crate::num::special::ln_ndtr;

impl Shift {
    /// `ln E_I[e^{ln_h(μ_I)}]` in log space (δ far below the f64 range keeps its relative
    /// accuracy): the integrand `exp(ln_h(μ_I) + ln φ(I) − L)`, `L` its largest value on a scan
    /// (so nothing overflows or underflows), tanh–sinh split at the kinks, the zero of `μ`, the
    /// fixed partition and the scanned peak; constant tails of a clipped shift analytically. For an
    /// unbounded shift (Example D.1) the range grows with `reach` (the integrand may peak far
    /// out when ε is large: at `|μ| ≈ 0.95√ε`); beyond `|I| > R` the weight `2Φ(−R)` (each
    /// `e^{ln_h} ≤ 1`) is added, so the result stays an upper bound on the true logarithm up to
    /// the quadrature error.
    pub fn ln_expect(&self, ln_h: impl Fn(f64) -> f64, reach: f64) -> f64 {
        let ln_phi = |i: f64| -0.5 * i * i - crate::num::special::LN_SQRT_2PI;
        let (mut lo, mut hi) = (-I_MAX, I_MAX);
        let mut kinks = vec![0.0];
        let mut tails: Vec<f64> = Vec::new();
        match *self {
            Shift::Constant { mu } => return ln_h(mu),
            Shift::Clipped { a, c, sigma } => {
                kinks = vec![a];
                if c.is_finite() {
                    tails.push(ln_ndtr(a - c) + ln_h(c / sigma));
                    tails.push(ln_ndtr(-a - c) + ln_h(-c / sigma));
                    lo = (a - c).max(-I_MAX);
                    hi = (a + c).min(I_MAX);
                } else {
                    let r = (I_MAX + a.abs() + (1.0 + sigma) * (2.0 * reach.max(0.0).sqrt())).min(1e5);
                    lo = -r;
                    hi = r;
                    // beyond ±r: at most the Gaussian weight 2Φ(−r)
                    tails.push(std::f64::consts::LN_2 + ln_ndtr(-r));
                }
            }
            _ => {}
        }
        if lo == -I_MAX || hi == I_MAX {
            // the weight beyond ±38 (where |μ| ≤ sup|μ|), bounded
            tails.push(std::f64::consts::LN_2 + ln_ndtr(-I_MAX) + ln_h(self.sup_abs()));
        }
        let mut l = tails.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let mut peak = None;
        if lo < hi {
            // step 0.05, or coarser on a very wide range (the scale only has to be within ~e^600)
            let steps = (((hi - lo) / 0.05).ceil() as usize).clamp(2, 40_000);
            for k in 0..=steps {
                let i = lo + (hi - lo) * k as f64 / steps as f64;
                let v = ln_h(self.mu(i)) + ln_phi(i);
                if v > l {
                    l = v;
                    peak = Some(i);
                }
            }
        }
        if l == f64::NEG_INFINITY {
            return f64::NEG_INFINITY;
        }
        let mut total: f64 = tails.iter().map(|t| (t - l).exp()).sum();
        if lo < hi {
            let mut pts: Vec<f64> = CUTS.iter().copied().chain(kinks).collect();
            if let Some(p) = peak {
                pts.extend([p - 30.0, p - 10.0, p - 3.0, p - 1.0, p, p + 1.0, p + 3.0, p + 10.0, p + 30.0]);
            }
            let mut pts: Vec<f64> = pts.into_iter().filter(|&x| x > lo && x < hi).collect();
            pts.push(lo);
            pts.push(hi);
            pts.sort_by(|x, y| x.total_cmp(y));
            pts.dedup();
            total += integrate_split(|&i: &f64| (ln_h(self.mu(i)) + ln_phi(i) - l).exp(), &pts, &0.0, 12).value;
        }
        l + total.ln()
    }
}
