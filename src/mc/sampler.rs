//! Samplers of the composed privacy-loss random variable `S = Σ_{i≤T} L_i` (foundations §1.5
//! item 7), under `P` or under an exponentially tilted `P_λ` (§5.3).
//!
//! Exact fast paths (documented here, chosen in `tilt.rs`):
//! * **Gaussian**: the T-fold sum of `L_i ~ N(μ²/2, μ²)` is exactly `N(Tμ²/2, Tμ²)`; tilted by
//!   λ it is `N((λ + ½)Tμ², Tμ²)` (each step's tilt is `N((1+λ)μ, 1)` on the output, §5.3), so
//!   one normal draw per replicate ([`Sampler::Normal`]).
//! * **Randomized response**: `L = ±ε0` with `P(+ε0) = π = e^{ε0}/(1+e^{ε0})`, so
//!   `S = ε0(2K − T)` with `K ~ Bin(T, π)`; tilting by λ replaces π by
//!   `π_λ = πe^{λε0}/Z = 1/(1 + e^{−(1+2λ)ε0})` ([`Sampler::Binomial`]).
//! * **Poisson-subsampled Gaussian, remove direction, integer α = 1 + λ**: `P_λ` is the mixture
//!   `Σ_k w_k N(k, σ²)` (§5.3) and `L(x) = ln(1 − q + q e^{(2x−1)/(2σ²)})` ([`Sampler::SgmMixture`]).
//!
//! Generic paths, using `mechanism.loss(dir).sample(rng)` once per step:
//! * [`Sampler::Plain`], untilted.
//! * [`Sampler::SgmAddRejection`]: the same rejection tilt specialised to the subsampled
//!   Gaussian add direction: `x ~ N(0, σ²)`, `b = (q/(1−q)) e^{(2x−1)/(2σ²)}`,
//!   `L = −ln(1−q) − ln(1 + b)`, accepted iff `E ≥ λ ln(1 + b)` with `E ~ Exp(1)` (i.e. with
//!   probability `(1 + b)^{−λ} = e^{λ(L − L_max)}`).
//! * [`Sampler::Rejection`], exact tilting of a loss bounded above by `L_max`, by rejection from
//!   `P`: accept a draw `L` with probability `e^{λ(L − L_max)} ≤ 1`. The accepted draws have law
//!   `e^{λL}P/Z_λ = P_λ` exactly (von Neumann 1951); acceptance rate `Z_λ e^{−λ L_max}`.

use crate::mechanisms::{PrivacyLoss, SimRng};
use rand::Rng;
use rand_distr::{Binomial, Distribution, Exp1, StandardNormal};

/// A sampler of the composed loss `S`.
#[derive(Debug)]
pub enum Sampler {
    /// `S ~ N(mean, sd²)` exactly.
    Normal { mean: f64, sd: f64 },
    /// `S = ε0 (2K − T)`, `K ~ Bin(T, p)`.
    Binomial { eps0: f64, steps: u64, p: f64, dist: Binomial },
    /// Per step: `k ~ w` (cumulative weights `cum`), `x ~ N(k, σ²)`, `L = ℓ(x)`.
    SgmMixture { steps: u64, sigma: f64, ln_q: f64, ln_1mq: f64, cum: Vec<f64> },
    /// Per step: subsampled Gaussian add direction by rejection (see the module doc).
    SgmAddRejection { steps: u64, sigma: f64, ln_r: f64, l_max: f64, lambda: f64, acceptance: f64 },
    /// Per step: rejection from `loss.sample` with acceptance `e^{λ(L − l_max)}`.
    Rejection { loss: Box<dyn PrivacyLoss>, steps: u64, lambda: f64, l_max: f64, acceptance: f64 },
    /// Per step: `loss.sample`.
    Plain { loss: Box<dyn PrivacyLoss>, steps: u64 },
}

impl Sampler {
    /// `RR` sampler; `p` is the probability of `+ε0` per step.
    pub fn binomial(eps0: f64, steps: u64, p: f64) -> Option<Sampler> {
        let dist = Binomial::new(steps, p).ok()?;
        Some(Sampler::Binomial { eps0, steps, p, dist })
    }

    /// Expected number of elementary draws per replicate (for the sample-budget cap).
    pub fn cost(&self) -> f64 {
        match self {
            Sampler::Normal { .. } | Sampler::Binomial { .. } => 1.0,
            Sampler::SgmMixture { steps, .. } | Sampler::Plain { steps, .. } => *steps as f64,
            Sampler::Rejection { steps, acceptance, .. } | Sampler::SgmAddRejection { steps, acceptance, .. } => {
                *steps as f64 / acceptance.max(1e-300)
            }
        }
    }

    /// Short description for the `method` string.
    pub fn describe(&self) -> String {
        match self {
            Sampler::Normal { mean, sd } => format!("exact composed normal N({mean:.6e}, {sd:.6e}^2)"),
            Sampler::Binomial { eps0, steps, p, .. } => format!("exact eps0*(2K-T), K~Bin({steps}, {p:.6e}), eps0={eps0}"),
            Sampler::SgmMixture { cum, .. } => format!("per-step Gaussian mixture with {} components", cum.len()),
            Sampler::Rejection { loss, lambda, acceptance, .. } => {
                format!("per-step rejection tilt of {} (lambda={lambda:.6e}, acceptance {acceptance:.3})", loss.describe())
            }
            Sampler::SgmAddRejection { lambda, acceptance, .. } => {
                format!("per-step subsampled-gaussian add rejection tilt (lambda={lambda:.6e}, acceptance {acceptance:.3})")
            }
            Sampler::Plain { loss, .. } => format!("per-step {}.sample", loss.describe()),
        }
    }

    /// Draw one replicate of `S` (may be `+∞` for losses with an atom at `+∞`).
    #[inline]
    pub fn sample(&self, rng: &mut SimRng) -> f64 {
        match self {
            Sampler::Normal { mean, sd } => {
                let z: f64 = StandardNormal.sample(rng);
                mean + sd * z
            }
            Sampler::Binomial { eps0, steps, dist, .. } => {
                let k = dist.sample(rng);
                eps0 * (2.0 * k as f64 - *steps as f64)
            }
            Sampler::SgmMixture { steps, sigma, ln_q, ln_1mq, cum } => {
                // S = Σ ln a_i, a_i = 1 − q + q e^{(2x_i−1)/(2σ²)} ∈ (1 − q, ∞), accumulated as a
                // product that is folded into a log-sum whenever it leaves [1e−150, 1e150]: one
                // exp per step instead of exp + ln1p (relative error of the product ≲ T·u, i.e.
                // an absolute error ≲ 1e−13 on S for T = 1000).
                let c = 0.5 / (sigma * sigma);
                let one_m_q = ln_1mq.exp();
                let (mut ln_acc, mut prod) = (0.0f64, 1.0f64);
                for _ in 0..*steps {
                    let u: f64 = rng.gen();
                    let k = cum.iter().position(|&w| u < w).unwrap_or(cum.len() - 1);
                    let z: f64 = StandardNormal.sample(rng);
                    let x = k as f64 + sigma * z;
                    let e = ln_q + (2.0 * x - 1.0) * c;
                    if e < 600.0 {
                        prod *= one_m_q + e.exp();
                        if !(1e-150..=1e150).contains(&prod) {
                            ln_acc += prod.ln();
                            prod = 1.0;
                        }
                    } else {
                        ln_acc += ln_add_exp(*ln_1mq, e);
                    }
                }
                ln_acc + prod.ln()
            }
            Sampler::Rejection { loss, steps, lambda, l_max, .. } => {
                let mut s = 0.0;
                for _ in 0..*steps {
                    loop {
                        let l = loss.sample(rng);
                        let u: f64 = rng.gen();
                        if u < (lambda * (l - l_max)).exp() {
                            s += l;
                            break;
                        }
                    }
                }
                s
            }
            Sampler::SgmAddRejection { steps, sigma, ln_r, l_max, lambda, .. } => {
                let c = 0.5 / (sigma * sigma);
                let mut s = 0.0;
                for _ in 0..*steps {
                    loop {
                        let z: f64 = StandardNormal.sample(rng);
                        let t = (ln_r + (2.0 * sigma * z - 1.0) * c).exp().ln_1p();
                        let e: f64 = Exp1.sample(rng);
                        if e >= lambda * t {
                            s += l_max - t;
                            break;
                        }
                    }
                }
                s
            }
            Sampler::Plain { loss, steps } => {
                let mut s = 0.0;
                for _ in 0..*steps {
                    s += loss.sample(rng);
                }
                s
            }
        }
    }
}

/// `ln(eᵃ + eᵇ)` for finite or `−∞` arguments (inlined copy of `num::special::ln_add_exp` for
/// the inner loop).
#[inline]
fn ln_add_exp(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a >= b { (a, b) } else { (b, a) };
    if hi == f64::NEG_INFINITY {
        return hi;
    }
    hi + (lo - hi).exp().ln_1p()
}
