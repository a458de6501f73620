//! Running summary of a sample of values in `[0, 1]`: count, mean, centred sum of squares and,
//! for the Bernoulli form (foundations §5.1), the number of successes.
//!
//! Within a chunk values are added one at a time (Welford 1962); chunk summaries are merged in
//! chunk order with the pairwise update of Chan, Golub & LeVeque (1979), so the result is
//! deterministic for a fixed chunking.

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MeanSummary {
    /// Number of values.
    pub n: u64,
    /// Sample mean `X̄`.
    pub mean: f64,
    /// `Σ (X_i − X̄)²`.
    pub m2: f64,
    /// Bernoulli successes `K = Σ 1{U_i < X_i}` (0 when the Bernoulli form is not used).
    pub hits: u64,
}

impl MeanSummary {
    /// Add one value (Welford's update).
    pub fn push(&mut self, x: f64) {
        self.n += 1;
        let d = x - self.mean;
        self.mean += d / self.n as f64;
        self.m2 += d * (x - self.mean);
    }

    /// Merge another summary (Chan, Golub & LeVeque 1979).
    pub fn merge(&mut self, o: &MeanSummary) {
        if o.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = *o;
            return;
        }
        let n = self.n + o.n;
        let d = o.mean - self.mean;
        let (na, nb, nn) = (self.n as f64, o.n as f64, n as f64);
        self.mean += d * nb / nn;
        self.m2 += o.m2 + d * d * na * nb / nn;
        self.n = n;
        self.hits += o.hits;
    }

    /// Unbiased sample variance `V_n = Σ(X_i − X̄)²/(n − 1)` (0 for n < 2), clamped to the range
    /// `[0, 1/4]` possible for values in `[0, 1]`.
    pub fn variance(&self) -> f64 {
        if self.n < 2 {
            return 0.0;
        }
        (self.m2 / (self.n - 1) as f64).clamp(0.0, 0.25 * self.n as f64 / (self.n - 1) as f64)
    }
}
