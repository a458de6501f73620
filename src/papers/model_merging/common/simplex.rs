//! Merge weights on the probability simplex Δ^{N−1} (spec §4; eq. (4) π of random selection,
//! eq. (5) λ of linear combination in *DP Model Merging*), validated once.
//!
//! A [`Simplex`] can only be built by [`Simplex::new`] (which runs
//! [`validate_simplex`](crate::papers::model_merging::common::conventions::validate_simplex) with
//! [`SIMPLEX_TOL`](crate::papers::model_merging::common::conventions::SIMPLEX_TOL)) or [`Simplex::vertex`], so every function
//! that takes `&Simplex` may skip the check: weights are validated at the boundary where they
//! enter (the command line, a lattice point of the feasible-set search), not again at every
//! order, step or bisection point below it.

use crate::papers::model_merging::common::conventions::{validate_simplex, SIMPLEX_TOL};
use crate::error::{Error, Result};

/// Weights `w` with every `w_i` finite and `≥ 0` and `|Σ w − 1| ≤ SIMPLEX_TOL` (no silent
/// renormalisation: the entries are the caller's).
#[derive(Clone, Debug, PartialEq)]
pub struct Simplex {
    w: Vec<f64>,
}

impl Simplex {
    /// Validate `w` (spec §4). `name` is used in errors, which name the offending entry
    /// (`name[i]`, 1-based) or the sum. Errors: empty, a negative or non-finite entry, `Σ w ≠ 1`.
    ///
    /// ```
    /// use dpaudit::papers::model_merging::common::simplex::Simplex;
    /// let w = Simplex::new("--weights", &[0.25, 0.75]).unwrap();
    /// assert_eq!(w.support(), vec![0, 1]);
    /// assert!(Simplex::new("--weights", &[0.6, 0.6]).is_err());
    /// ```
    pub fn new(name: &str, w: &[f64]) -> Result<Simplex> {
        validate_simplex(name, w, SIMPLEX_TOL)?;
        Ok(Simplex { w: w.to_vec() })
    }

    /// [`Simplex::new`] that also requires exactly `n` entries (one weight per model); the
    /// length is checked first. Errors: as `new`, and a wrong length.
    pub fn with_len(name: &str, w: &[f64], n: usize) -> Result<Simplex> {
        if w.len() != n {
            return Err(Error::invalid(name, format!("{} values", w.len()), &format!("the portfolio has {n} models")));
        }
        Simplex::new(name, w)
    }

    /// The vertex `e_k` of Δ^{n−1} (all weight on model `k`). Errors: `k ≥ n`.
    pub fn vertex(n: usize, k: usize) -> Result<Simplex> {
        if k >= n {
            return Err(Error::invalid("vertex index", k, &format!("must be < {n}")));
        }
        Ok(Simplex { w: (0..n).map(|i| if i == k { 1.0 } else { 0.0 }).collect() })
    }

    /// The weights.
    pub fn as_slice(&self) -> &[f64] {
        &self.w
    }

    /// Number of weights N.
    pub fn len(&self) -> usize {
        self.w.len()
    }

    /// Always false (a simplex has at least one weight); for symmetry with `len`.
    pub fn is_empty(&self) -> bool {
        self.w.is_empty()
    }

    /// The support `{i : w_i > 0}` in increasing order: the models that enter the merged release.
    /// As a set it identifies the release for Theorem 6.1 and the checkpoint bound, so it is the
    /// cache key of those bounds (a key that cannot collide, whatever N is — issue 14, F2).
    pub fn support(&self) -> Vec<usize> {
        (0..self.w.len()).filter(|&i| self.w[i] > 0.0).collect()
    }
}

impl std::ops::Deref for Simplex {
    type Target = [f64];
    fn deref(&self) -> &[f64] {
        &self.w
    }
}

#[cfg(test)]
#[path = "simplex_test.rs"]
mod simplex_test;
