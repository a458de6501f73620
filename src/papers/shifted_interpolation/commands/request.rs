//! What `dpaudit noisy-gd` asks (issue 9, CLI bullet): a [`NoisyGdRequest`] as the user wrote it,
//! validated once by [`NoisyGdRequest::check`] into a [`Checked`] setting that every theorem of
//! Sections 4.1–4.3 can be evaluated on ([`crate::papers::shifted_interpolation::commands::report::noisy_gd_report`] answers it).
//!
//! Conventions (spec §1): `L` is the replace-one gradient sensitivity, σ the noise rate on the
//! averaged gradient, `c ∈ (0, 1]` the contraction factor of one step, given directly or derived
//! from `(m, M)` by Lemmas 2.8/2.9 ([`contraction_factor`], which also checks that η makes the
//! step contractive). Cyclic batches: `l = n/b` batches per epoch, `T = E·l`; sampled batches:
//! `p = b/n`, one epoch is `n/b` steps.

use crate::papers::shifted_interpolation::setting::{check_contraction, check_count, check_diameter, check_eta, check_sensitivity, check_sigma, contraction_factor};
use crate::error::{check, Error, Result};
use serde::Serialize;

/// How the batches are formed (spec §4–§6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Algorithm {
    /// Full batch, NoisyGD (Section 4.1: Theorems 4.1–4.3).
    Full,
    /// Fixed cyclic batches, NoisyCGD (Section 4.2: Theorems 4.4–4.6).
    Cyclic,
    /// Batches sampled without replacement, NoisySGD (Section 4.3: Theorems 4.8–4.10).
    Sampled,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Full => "full",
            Algorithm::Cyclic => "cyclic",
            Algorithm::Sampled => "sampled",
        }
    }
}

/// One `noisy-gd` question, unvalidated. [`NoisyGdRequest::check`] checks the fields in the
/// order listed, so the first bad one is the one reported.
#[derive(Clone, Debug, PartialEq)]
pub struct NoisyGdRequest {
    pub algorithm: Algorithm,
    /// Dataset size `n ≥ 1`.
    pub n: u64,
    /// Batch size `b ∈ 1..=n` (cyclic: must divide n; full: n, may be omitted).
    pub b: Option<u64>,
    /// Sampling rate `p = b/n ∈ (0, 1]` (sampled only; alternative to `b`, `p·n` must be whole).
    pub p: Option<f64>,
    /// Learning rate η > 0.
    pub eta: f64,
    /// Noise rate σ > 0.
    pub sigma: f64,
    /// Gradient sensitivity `L > 0`.
    pub l: f64,
    /// Contraction factor `c ∈ (0, 1]` (excludes `m`, `M`).
    pub c: Option<f64>,
    /// Strong convexity `m ≥ 0` (with `M`: `c` by Lemmas 2.8/2.9).
    pub m: Option<f64>,
    /// Smoothness `M > 0`.
    pub big_m: Option<f64>,
    /// Diameter `D > 0` of the constraint set (constrained theorems only).
    pub d: Option<f64>,
    /// Number of steps `T ≥ 1` (excludes `epochs`).
    pub steps: Option<u64>,
    /// Number of epochs `E ≥ 1`.
    pub epochs: Option<u64>,
    /// δ ∈ (0, 1) of the ε(δ) column (give delta, epsilon or both).
    pub delta: Option<f64>,
    /// ε of the δ(ε) column (any finite real).
    pub epsilon: Option<f64>,
    /// Target relative width `(upper − lower)/upper` ∈ (0, 1) of the certified intervals of the
    /// composed NoisySGD rows (default: the accountant's 1e−3).
    pub width: Option<f64>,
}

/// A validated request: every field in range and consistent. Serialized (JSON of `noisy-gd`)
/// with `batches` as `batches_per_epoch`, `l` the sensitivity, and `epochs` null when the steps
/// are not a whole number of epochs.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Checked {
    pub algorithm: Algorithm,
    pub n: u64,
    /// Batch size (`n` for full batch).
    pub b: u64,
    /// Sampling rate `b/n` (1 for full batch).
    pub p: f64,
    /// Batches per epoch `l = n/b` (cyclic; 1 for full batch; `⌈n/b⌉` is not used: sampled epochs need `b | n`).
    #[serde(rename = "batches_per_epoch")]
    pub batches: u64,
    pub eta: f64,
    pub sigma: f64,
    pub l: f64,
    /// `None`: neither `c` nor `(m, M)` given (the strongly convex theorems do not apply).
    pub c: Option<f64>,
    pub d: Option<f64>,
    /// Total steps `T`.
    pub steps: u64,
    /// Epochs `E` (cyclic: `T/l`; full: `T`; sampled: `T·b/n` when whole, else 0).
    #[serde(serialize_with = "zero_as_null")]
    pub epochs: u64,
    pub delta: Option<f64>,
    pub epsilon: Option<f64>,
    pub width: Option<f64>,
}

/// `epochs`: 0 (steps not a whole number of epochs) as JSON null.
fn zero_as_null<S: serde::Serializer>(e: &u64, s: S) -> std::result::Result<S::Ok, S::Error> {
    if *e == 0 { s.serialize_none() } else { s.serialize_u64(*e) }
}

fn inconsistent(name: &str, value: impl std::fmt::Display, reason: &str) -> Error {
    Error::invalid(name, value, reason)
}

impl NoisyGdRequest {
    /// Validate and resolve the request. Errors ([`Error::InvalidParameter`], naming the
    /// parameter): n = 0; b missing (cyclic), b = 0, b > n, b not dividing n (cyclic, or
    /// epochs given); b with full batch ≠ n; p ∉ (0, 1] or `p·n` not whole, p with a
    /// non-sampled algorithm, both b and p disagreeing; η, σ, L not finite > 0; c ∉ (0, 1];
    /// c together with (m, M); only one of m, M; η outside (0, 2/M) (Lemmas 2.8/2.9); D ≤ 0;
    /// neither or both of steps/epochs; steps = 0, epochs = 0, steps not a whole number of
    /// epochs (cyclic); δ ∉ (0, 1); ε not finite; neither δ nor ε; width ∉ (0, 1).
    pub fn check(&self) -> Result<Checked> {
        let n = check_count("dataset size n", self.n)?;
        let b = self.batch_size(n)?;
        if b > n {
            return Err(inconsistent("batch size b", b, &format!("must be ≤ the dataset size n = {n}")));
        }
        let batches = n / b;
        if self.algorithm == Algorithm::Cyclic && n % b != 0 {
            return Err(inconsistent("batch size b", b, &format!("must divide n = {n} for cyclic batches (l = n/b batches per epoch)")));
        }
        let eta = check_eta(self.eta)?;
        let sigma = check_sigma(self.sigma)?;
        let l = check_sensitivity(self.l)?;
        let c = match (self.c, self.m, self.big_m) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => return Err(inconsistent("contraction factor c", self.c.unwrap_or(f64::NAN), "give either c or (m, M), not both")),
            (Some(c), None, None) => Some(check_contraction(c)?),
            (None, Some(m), Some(big_m)) => Some(contraction_factor(eta, m, big_m)?),
            (None, Some(m), None) => return Err(inconsistent("strong convexity m", m, "needs the smoothness M too")),
            (None, None, Some(big_m)) => return Err(inconsistent("smoothness M", big_m, "needs the strong convexity m too")),
            (None, None, None) => None,
        };
        let d = self.d.map(check_diameter).transpose()?;
        let per_epoch = match self.algorithm {
            Algorithm::Full => 1,
            _ => batches,
        };
        let (steps, epochs) = match (self.steps, self.epochs) {
            (Some(_), Some(_)) => return Err(inconsistent("number of steps T", self.steps.unwrap_or(0), "give either steps or epochs, not both")),
            (None, None) => return Err(Error::invalid("number of steps T", "none", "give --steps or --epochs")),
            (Some(t), None) => {
                let t = check_count("number of steps T", t)?;
                if self.algorithm == Algorithm::Cyclic && t % per_epoch != 0 {
                    return Err(inconsistent("number of steps T", t, &format!("must be a whole number of epochs (multiple of l = n/b = {per_epoch}) for cyclic batches")));
                }
                let e = if n % b == 0 && t % per_epoch == 0 { t / per_epoch } else { 0 };
                (t, e)
            }
            (None, Some(e)) => {
                let e = check_count("number of epochs E", e)?;
                if n % b != 0 {
                    return Err(inconsistent("batch size b", b, &format!("must divide n = {n} when epochs are given (an epoch is n/b steps)")));
                }
                let t = e.checked_mul(per_epoch).ok_or_else(|| Error::invalid("number of epochs E", e, "too large"))?;
                (t, e)
            }
        };
        let delta = self.delta.map(|d| check::unit_open("delta", d)).transpose()?;
        let epsilon = self.epsilon.map(|e| check::finite("epsilon", e)).transpose()?;
        if delta.is_none() && epsilon.is_none() {
            return Err(Error::invalid("delta", "none", "give --delta (for ε(δ)), --epsilon (for δ(ε)) or both"));
        }
        if let Some(w) = self.width {
            if !(w > 0.0 && w < 1.0) {
                return Err(Error::invalid("width", w, "must be a relative width in the open interval (0, 1)"));
            }
        }
        Ok(Checked { algorithm: self.algorithm, n, b, p: b as f64 / n as f64, batches: per_epoch, eta, sigma, l, c, d, steps, epochs, delta, epsilon, width: self.width })
    }

    /// The batch size from `b` or `p` (the algorithm decides which are allowed).
    fn batch_size(&self, n: u64) -> Result<u64> {
        if let Some(p) = self.p {
            if self.algorithm != Algorithm::Sampled {
                return Err(inconsistent("sampling rate p", p, "is for --algorithm sampled only (cyclic and full batches take b)"));
            }
            if !(p > 0.0 && p <= 1.0) {
                return Err(inconsistent("sampling rate p", p, "must lie in (0, 1]"));
            }
            let bp = p * n as f64;
            if (bp - bp.round()).abs() > 1e-9 * bp.max(1.0) || bp.round() < 1.0 {
                return Err(inconsistent("sampling rate p", p, &format!("p·n = {bp} must be a whole batch size ≥ 1")));
            }
            let from_p = bp.round() as u64;
            if let Some(b) = self.b {
                if b != from_p {
                    return Err(inconsistent("batch size b", b, &format!("disagrees with p·n = {from_p}")));
                }
            }
            return Ok(from_p);
        }
        match (self.algorithm, self.b) {
            (Algorithm::Full, None) => Ok(n),
            (Algorithm::Full, Some(b)) if b == n => Ok(n),
            (Algorithm::Full, Some(b)) => Err(inconsistent("batch size b", b, &format!("full batch means b = n = {n}"))),
            (_, Some(b)) => check_count("batch size b", b),
            (a, None) => Err(Error::invalid("batch size b", "none", &format!("--algorithm {} needs --b (or --p for sampled)", a.name()))),
        }
    }
}

#[cfg(test)]
#[path = "request_test.rs"]
mod request_test;
