//! Audit A1 (DP Model Merging, Theorem 6.2 composition, Corollary 6.5, Algorithms 3–4): the exact
//! privacy of a T-step *linearly merged* DP-SGD trajectory whose gradients are linear in the
//! per-model iterates (spec `merging.md` §19 A1).
//!
//! **Finding.** The LC certificate of Theorems 6.2/6.4 composed by Corollary 6.5 is **not sound for
//! T > 1 in general**: step t of model i evaluates gradients at its own *unreleased* iterate
//! `θ_i^{(t−1)}`, so given the released merged iterates the non-record part of the step still
//! differs between D and D′ (assumption (e) of §9 fails). The other records' gradients transmit
//! the hidden state. With λ = (½,½), η = (0.01, 0.04), σ = (0.5, 2), C = 1, T = 2 the accounting
//! says μ² = 0.778 (ε(1e−5) = 3.79) while the truth is μ² = 4.628 (ε = 10.94) for K = 10⁴.
//! Callers reporting LC accounting for T > 1 must report Theorem 6.1's joint-release bound
//! instead ([`lc_t_gt_1_soundness_note`], [`LcSoundness`]). Sound special cases: T = 1; steps whose
//! data-dependent part depends on the past only through the released merged iterate (e.g. equal
//! η_i with affine, never-clipped gradients — [`LinearMergeModel`] with equal η shows no leak).
//!
//! **Model** (q_i = 1, clipping inactive): `θ_i^{(t)} = θ_i^{(t−1)} − η_i(b·g* + G θ_i^{(t−1)} + e_i^{(t)})`,
//! `e_i ∼ N(0, σ_i²C_i² I_p)` independent, `θ_i^{(0)} = 0`, `b ∈ {0,1}` the presence of the record,
//! `G` the summed gradient map of the other records; released `R^{(t)} = Σ_i λ_i θ_i^{(t)}`,
//! t = 1..T. `R` is Gaussian with covariance independent of `b` and mean `b·m`, so the release
//! is exactly μ-GDP with `μ² = mᵀΣ⁻¹m` (both directions). `m` and `Σ` follow the linear
//! recursion: `A_i = I − η_i G`, `m_i^{(t)} = A_i m_i^{(t−1)} − η_i g*`,
//! `V_i^{(t)} = A_i V_i^{(t−1)} A_iᵀ + η_i²σ_i²C_i² I`, `Cov(R^{(t)}, R^{(u)}) = Σ_i λ_i² A_i^{u−t} V_i^{(t)}` (u ≥ t).
//! Computed in f64 and in MPFR (Cholesky), generic over [`Real`].

use crate::papers::model_merging::section_6::dpsgd_step::{lc_step, StepHyper};
use crate::error::{Error, Result};
use crate::num::{Interval, Mp, Real};
use crate::repr::gdp::Gdp;

/// Why an LC (Theorems 6.2/6.4 + Corollary 6.5) number is or is not a certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LcSoundness {
    /// T = 1: the per-step domination needs no adaptive composition.
    SingleStep,
    /// T > 1: not sound in general (audit A1); report Theorem 6.1's joint-release bound.
    NotCertifiedMultiStep,
}

impl LcSoundness {
    /// Classify a trajectory by its number of merged steps.
    pub fn for_steps(t: u64) -> LcSoundness {
        if t <= 1 { LcSoundness::SingleStep } else { LcSoundness::NotCertifiedMultiStep }
    }
    /// Human-readable reason (for CLI output).
    pub fn reason(&self) -> &'static str {
        match self {
            LcSoundness::SingleStep => "single merged step: Theorems 6.2/6.4 bound it directly",
            LcSoundness::NotCertifiedMultiStep => lc_t_gt_1_soundness_note(),
        }
    }
}

/// The reason LC accounting is not reported as a certificate for T > 1 (audit A1).
pub fn lc_t_gt_1_soundness_note() -> &'static str {
    "LC accounting (Theorems 6.2/6.4 composed by Corollary 6.5) is not sound for T > 1 in general: \
     each model's gradients are evaluated at its own unreleased iterate, so the per-step \
     mixture-vs-Gaussian pair is not an adaptive dominating pair (audit A1: exact 2-step linear-Gaussian \
     instance, accounted eps(1e-5) = 3.79 vs true 10.94). Reporting Theorem 6.1's joint-release bound instead."
}

/// The linear-Gaussian merged DP-SGD instance of audit A1 (q_i = 1, clipping inactive).
#[derive(Clone, Debug, PartialEq)]
pub struct LinearMergeModel {
    pub lambda: Vec<f64>,
    pub eta: Vec<f64>,
    pub sigma: Vec<f64>,
    pub clip: Vec<f64>,
    /// Per-example gradient `g*` of the differing record (dimension p; assumed ‖g*‖ ≤ C_i).
    pub record_grad: Vec<f64>,
    /// Summed gradient map `G` (p × p, row-major rows) of the other records: their gradient sum is `Gθ`.
    pub others: Vec<Vec<f64>>,
    /// Number of released merged iterates T.
    pub steps: usize,
}

impl LinearMergeModel {
    /// Spec A1 instance: p = 2, `g* = (1,0)`, others' sum `K(0, θ[0])`, C = 1, T = 2.
    pub fn spec_a1(lambda: [f64; 2], eta: [f64; 2], sigma: [f64; 2], k: f64) -> LinearMergeModel {
        LinearMergeModel {
            lambda: lambda.to_vec(),
            eta: eta.to_vec(),
            sigma: sigma.to_vec(),
            clip: vec![1.0, 1.0],
            record_grad: vec![1.0, 0.0],
            others: vec![vec![0.0, 0.0], vec![k, 0.0]],
            steps: 2,
        }
    }

    /// Validate dimensions and values. Errors name the bad field.
    pub fn validate(&self) -> Result<()> {
        let n = self.lambda.len();
        if n == 0 || self.eta.len() != n || self.sigma.len() != n || self.clip.len() != n {
            return Err(Error::invalid("models", n, "lambda, eta, sigma, clip need one entry per model"));
        }
        let p = self.record_grad.len();
        if p == 0 || self.others.len() != p || self.others.iter().any(|r| r.len() != p) {
            return Err(Error::invalid("gradient map", p, "record gradient of dimension p and a p x p map are required"));
        }
        if self.steps == 0 || self.steps * p > 400 {
            return Err(Error::invalid("steps", self.steps, "need 1 <= T and T*p <= 400"));
        }
        let all = self.lambda.iter().chain(&self.eta).chain(&self.sigma).chain(&self.clip);
        if all.clone().any(|x| !x.is_finite() || *x < 0.0) {
            return Err(Error::invalid("hyper-parameters", "negative or non-finite", "all must be finite and >= 0"));
        }
        if self.others.iter().flatten().chain(&self.record_grad).any(|x| !x.is_finite()) {
            return Err(Error::invalid("gradients", "non-finite", "must be finite"));
        }
        Ok(())
    }

    /// Exact `μ² = mᵀΣ⁻¹m` of the released `(R^{(1)}, …, R^{(T)})` in the precision of `one`.
    /// Errors: invalid model, singular covariance (the release then reveals `b` exactly).
    pub fn mu_squared<R: Real>(&self, one: &R) -> Result<R> {
        self.validate()?;
        let p = self.record_grad.len();
        let c = |x: f64| one.cst(x);
        let g: Vec<Vec<R>> = self.others.iter().map(|r| r.iter().map(|&x| c(x)).collect()).collect();
        let tt = self.steps;
        let dim = p * tt;
        let mut mean = vec![one.zero(); dim];
        let mut cov = vec![vec![one.zero(); dim]; dim];
        for i in 0..self.lambda.len() {
            let (lam, eta) = (c(self.lambda[i]), c(self.eta[i]));
            let var = c(self.eta[i] * self.sigma[i] * self.clip[i]);
            let var = var.clone() * var;
            // A = I − η G
            let a: Vec<Vec<R>> = (0..p).map(|r| (0..p).map(|s| c(if r == s { 1.0 } else { 0.0 }) - eta.clone() * g[r][s].clone()).collect()).collect();
            let mut m = vec![one.zero(); p];
            let mut v = vec![vec![one.zero(); p]; p];
            let mut vs: Vec<Vec<Vec<R>>> = Vec::with_capacity(tt);
            for t in 0..tt {
                m = matvec(&a, &m).into_iter().zip(&self.record_grad).map(|(x, &gs)| x - eta.clone() * c(gs)).collect();
                v = add_diag(&matmul(&matmul(&a, &v), &transpose(&a)), &var);
                for r in 0..p {
                    mean[t * p + r] = mean[t * p + r].clone() + lam.clone() * m[r].clone();
                }
                vs.push(v.clone());
            }
            // Cov(R^{(t)}, R^{(u)}) += λ² A^{u−t} V^{(t)} for u ≥ t.
            let l2 = lam.clone() * lam;
            for t in 0..tt {
                let mut block = vs[t].clone();
                for u in t..tt {
                    if u > t {
                        block = matmul(&a, &block);
                    }
                    for r in 0..p {
                        for s in 0..p {
                            let x = l2.clone() * block[r][s].clone();
                            cov[u * p + r][t * p + s] = cov[u * p + r][t * p + s].clone() + x.clone();
                            if u > t {
                                cov[t * p + s][u * p + r] = cov[t * p + s][u * p + r].clone() + x;
                            }
                        }
                    }
                }
            }
        }
        cholesky_quadratic(&cov, &mean)
    }

    /// `μ²` in f64 and at 256-bit MPFR; errors if they disagree by more than 1e−9 relative
    /// (ill-conditioned covariance). Returns the MPFR value rounded to f64.
    pub fn mu_squared_certified(&self) -> Result<f64> {
        let f = self.mu_squared(&1.0f64)?;
        let m = self.mu_squared(&Mp::new(256, 1.0))?.to_f64();
        if (f - m).abs() > 1e-9 * m.abs() {
            return Err(Error::Numerical(format!("mu^2: f64 {f} vs MPFR {m}: covariance ill-conditioned")));
        }
        Ok(m)
    }

    /// The LC accounting's `μ²` for the same trajectory: T times the squared normalised shift
    /// `Δ̃²_{[N]}` of the per-step surrogate with q_i = 1 (spec §9, §13 q = 1 case).
    /// Errors: invalid hyper-parameters, `s_λ = 0` with a positive shift (returns `+∞`).
    pub fn lc_accounting_mu_squared(&self) -> Result<f64> {
        self.validate()?;
        let h: Vec<StepHyper> = (0..self.lambda.len()).map(|i| StepHyper::new(1.0, self.sigma[i], self.clip[i], self.eta[i])).collect::<Result<_>>()?;
        let st = lc_step(&self.lambda, &h)?;
        let a = st.max_shift();
        Ok(self.steps as f64 * a * a)
    }
}

/// ε(δ) of μ-GDP (certified interval from `crate::repr::gdp`). Errors: invalid μ or δ.
pub fn gdp_epsilon(mu_squared: f64, delta: f64) -> Result<Interval> {
    Gdp::new(mu_squared.sqrt())?.epsilon_for_delta(delta)
}

fn matvec<R: Real>(a: &[Vec<R>], x: &[R]) -> Vec<R> {
    a.iter().map(|row| row.iter().zip(x).fold(x[0].zero(), |s, (u, v)| s + u.clone() * v.clone())).collect()
}

fn matmul<R: Real>(a: &[Vec<R>], b: &[Vec<R>]) -> Vec<Vec<R>> {
    let n = b[0].len();
    a.iter().map(|row| (0..n).map(|j| row.iter().zip(b).fold(row[0].zero(), |s, (u, br)| s + u.clone() * br[j].clone())).collect()).collect()
}

fn transpose<R: Real>(a: &[Vec<R>]) -> Vec<Vec<R>> {
    (0..a[0].len()).map(|j| a.iter().map(|r| r[j].clone()).collect()).collect()
}

fn add_diag<R: Real>(a: &[Vec<R>], d: &R) -> Vec<Vec<R>> {
    a.iter().enumerate().map(|(i, r)| r.iter().enumerate().map(|(j, x)| if i == j { x.clone() + d.clone() } else { x.clone() }).collect()).collect()
}

/// `mᵀΣ⁻¹m` by Cholesky `Σ = LLᵀ`, forward substitution `Ly = m`, `yᵀy`.
/// Errors: a non-positive pivot (singular or indefinite Σ).
pub fn cholesky_quadratic<R: Real>(cov: &[Vec<R>], m: &[R]) -> Result<R> {
    let n = m.len();
    let z = m[0].zero();
    let mut l = vec![vec![z.clone(); n]; n];
    for i in 0..n {
        for j in 0..=i {
            let mut s = cov[i][j].clone();
            for k in 0..j {
                s = s - l[i][k].clone() * l[j][k].clone();
            }
            if i == j {
                if !(s > z) {
                    return Err(Error::Numerical(format!("covariance not positive definite at pivot {i}: the release determines the record's presence")));
                }
                l[i][i] = s.sqrt();
            } else {
                l[i][j] = s / l[j][j].clone();
            }
        }
    }
    let mut y = vec![z.clone(); n];
    let mut q = z;
    for i in 0..n {
        let mut s = m[i].clone();
        for k in 0..i {
            s = s - l[i][k].clone() * y[k].clone();
        }
        y[i] = s / l[i][i].clone();
        q = q + y[i].clone() * y[i].clone();
    }
    Ok(q)
}

#[cfg(test)]
#[path = "hidden_state_test.rs"]
mod hidden_state_test;
