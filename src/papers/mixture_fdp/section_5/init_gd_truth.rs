//! Ground truth for Section 5 of the mixtures f-DP paper (spec §5.6 item 1): the true output pair
//! `(θ(D₀), θ(D₁))` of one DP-GD step from `I ~ N(0, 1)` for concrete datasets, its two-sided
//! hockey-stick δ(ε) and its trade-off function, by quadrature — independent of the joint
//! (index-revealed) bound of Theorem 5.1, which they must satisfy (`δ_true ≤ δ_J`).
//!
//! Densities `p_D(x) = ∫ φ_σ(x − s_D(i)) φ(i) di`: in closed form for least squares (the drift
//! `s_D` is linear on three pieces; each piece is a Gaussian integral), by tanh–sinh in `i` for
//! the logistic loss. `∫(p − γq)_+ dx`: the sign changes of `p − γq` are located on a 2400-point
//! grid and refined by bisection, and tanh–sinh integrates each positive piece.

use crate::papers::mixture_fdp::section_5::init_gd::Shift;
use crate::error::{check, Error, Result};
use crate::num::quad::integrate_split;
use crate::num::root::golden_min;
use crate::num::special::ndtr;

/// A neighbouring pair of datasets and the one-step outputs `θ(D) = I − g(I, D) − σZ`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum OutputPair {
    /// Examples D.1/D.2: `D₀` = n points with `y = ax`, `x² = 1`, `D₁ = D₀` minus one; gradient
    /// clipped at `c` (`c = ∞`: D.1). `s_D(i) = i − n_D clip(i − a, −c, c)`.
    LeastSquares { n: u64, a: f64, c: f64, sigma: f64 },
    /// Example D.3: `D₀` = n points with `xy = u`, `D₁ = D₀` minus one (logistic loss
    /// `log(1 + e^{−yθx})`): `s_D(i) = i + n_D u/(1 + e^{iu})`.
    Logistic { n: u64, u: f64, sigma: f64 },
}

fn phi(x: f64) -> f64 {
    (-0.5 * x * x).exp() / (2.0 * std::f64::consts::PI).sqrt()
}

/// `∫_L^U φ_σ(x − b − k i) φ(i) di` in closed form (completing the square in `i`).
fn gauss_piece(x: f64, k: f64, b: f64, sigma: f64, l: f64, u: f64) -> f64 {
    let v = 1.0 + k * k / (sigma * sigma);
    let m = k * (x - b) / (sigma * sigma * v);
    let sv = v.sqrt();
    let (zl, zu) = (sv * (l - m), sv * (u - m));
    let mass = if zl > 0.0 { ndtr(-zl) - ndtr(-zu) } else { ndtr(zu) - ndtr(zl) };
    phi((x - b) / (sigma * sv)) / (sigma * sv) * mass
}

impl OutputPair {
    /// Validate. Errors: n = 0, a/u not finite, c or σ not > 0.
    pub fn checked(self) -> Result<OutputPair> {
        match self {
            OutputPair::LeastSquares { n, a, c, sigma } => {
                check::at_least_one("n", n)?;
                check::finite("a", a)?;
                check::positive("sigma", sigma)?;
                if !(c > 0.0) {
                    return Err(Error::invalid("clipping norm c", c, "must be > 0"));
                }
            }
            OutputPair::Logistic { n, u, sigma } => {
                check::at_least_one("n", n)?;
                check::finite("u = xy", u)?;
                check::positive("sigma", sigma)?;
            }
        }
        Ok(self)
    }

    /// The instance `μ_I` of Theorem 5.1 for this pair as a [`Shift`] (spec §5.1): the clipped
    /// shift for least squares; `None` for the logistic loss (its `μ_I` is [`OutputPair::mu`]).
    pub fn shift(&self) -> Option<Shift> {
        match *self {
            OutputPair::LeastSquares { a, c, sigma, .. } => Some(Shift::Clipped { a, c, sigma }),
            OutputPair::Logistic { .. } => None,
        }
    }

    /// `μ_I = (g(I, D₁) − g(I, D₀))/σ` of this pair (spec §5.1).
    pub fn mu(&self, i: f64) -> f64 {
        match *self {
            OutputPair::LeastSquares { a, c, sigma, .. } => (a - i).clamp(-c, c) / sigma,
            OutputPair::Logistic { u, sigma, .. } => u / (sigma * (1.0 + (i * u).exp())),
        }
    }

    fn n_of(&self, which: usize) -> f64 {
        let n = match *self {
            OutputPair::LeastSquares { n, .. } | OutputPair::Logistic { n, .. } => n as f64,
        };
        if which == 0 {
            n
        } else {
            n - 1.0
        }
    }

    /// Density of `θ(D_which)` (0: `D₀`, 1: `D₁`) at `x`.
    pub fn density(&self, which: usize, x: f64) -> f64 {
        let nd = self.n_of(which);
        match *self {
            OutputPair::LeastSquares { a, c, sigma, .. } => {
                if !c.is_finite() {
                    return gauss_piece(x, 1.0 - nd, nd * a, sigma, f64::NEG_INFINITY, f64::INFINITY);
                }
                gauss_piece(x, 1.0, nd * c, sigma, f64::NEG_INFINITY, a - c) + gauss_piece(x, 1.0 - nd, nd * a, sigma, a - c, a + c) + gauss_piece(x, 1.0, -nd * c, sigma, a + c, f64::INFINITY)
            }
            OutputPair::Logistic { u, sigma, .. } => {
                if nd == 0.0 {
                    return gauss_piece(x, 1.0, 0.0, sigma, f64::NEG_INFINITY, f64::INFINITY);
                }
                let f = |&i: &f64| phi((x - i - nd * u / (1.0 + (i * u).exp())) / sigma) / sigma * phi(i);
                integrate_split(f, &[-38.0, -10.0, -5.0, -2.0, 0.0, 2.0, 5.0, 10.0, 38.0], &0.0, 10).value
            }
        }
    }

    fn range(&self) -> f64 {
        match *self {
            OutputPair::LeastSquares { n, a, c, sigma } => 38.0 * (1.0 + sigma) + n as f64 * (a.abs() + c.min(40.0)) + if c.is_finite() { 0.0 } else { 38.0 * n as f64 },
            OutputPair::Logistic { n, u, sigma } => 40.0 * (1.0 + sigma) + n as f64 * u.abs(),
        }
    }

    /// `∫ (p_from − γ p_to)_+ dx` (`γ ≥ 0`): the hockey-stick divergence `H_γ(θ(D_from) ‖ θ(D_to))`.
    pub fn hockey_stick(&self, from: usize, gamma: f64) -> f64 {
        let to = 1 - from;
        let d = |x: f64| self.density(from, x) - gamma * self.density(to, x);
        let r = self.range();
        let k = 2400;
        let xs: Vec<f64> = (0..=k).map(|j| -r + 2.0 * r * j as f64 / k as f64).collect();
        let ds: Vec<f64> = xs.iter().map(|&x| d(x)).collect();
        let root = |mut lo: f64, mut hi: f64| -> f64 {
            let s_lo = d(lo) > 0.0;
            for _ in 0..100 {
                let mid = 0.5 * (lo + hi);
                if (d(mid) > 0.0) == s_lo {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            0.5 * (lo + hi)
        };
        let mut pieces: Vec<(f64, f64)> = Vec::new();
        let mut start = if ds[0] > 0.0 { Some(xs[0]) } else { None };
        for j in 1..=k {
            let (a, b) = (ds[j - 1] > 0.0, ds[j] > 0.0);
            if a != b {
                let z = root(xs[j - 1], xs[j]);
                if b {
                    start = Some(z);
                } else if let Some(s0) = start.take() {
                    pieces.push((s0, z));
                }
            }
        }
        if let Some(s0) = start {
            pieces.push((s0, xs[k]));
        }
        pieces.iter().map(|&(l, u)| integrate_split(|&x: &f64| d(x).max(0.0), &[l, u], &0.0, 10).value).sum::<f64>().max(0.0)
    }

    /// Two-sided `δ(ε) = max(H_{e^ε}(θ(D₀)‖θ(D₁)), H_{e^ε}(θ(D₁)‖θ(D₀)))` (spec §5.6 item 1).
    pub fn delta(&self, eps: f64) -> Result<f64> {
        check::finite("epsilon", eps)?;
        let s = self.checked()?;
        let g = eps.exp();
        Ok(s.hockey_stick(0, g).max(s.hockey_stick(1, g)))
    }

    /// `T(θ(D_from), θ(D_to))(α) = sup_{λ ≥ 0} [1 − λα − H_λ(θ(D_to) ‖ θ(D_from))]` (Neyman–Pearson
    /// duality; golden-section on `ln λ ∈ [−25, 25]`, 80 steps; a lower estimate of the sup).
    pub fn tradeoff(&self, from: usize, alpha: f64) -> Result<f64> {
        check::unit_closed("type I error alpha", alpha)?;
        let s = self.checked()?;
        let obj = |ll: f64| -> f64 {
            let l = ll.exp();
            -(1.0 - l * alpha - s.hockey_stick(1 - from, l))
        };
        let (_, v) = golden_min(obj, -25.0, 25.0, 80);
        Ok((-v).clamp(0.0, 1.0))
    }
}
