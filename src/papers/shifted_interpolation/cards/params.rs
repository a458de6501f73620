//! The parameters the cards of *Shifted Interpolation for DP* share, with the paper's symbols and
//! conventions (spec §1: replace-one adjacency, `L` the gradient sensitivity of Definition 2.10,
//! Gaussian noise `N(0, σ²I)` added to the averaged gradient, `r = L/(bσ)`), and the helpers that
//! resolve cross-parameter choices (the contraction factor from `c` or from `(η, m, M)`; the
//! sampling rate from `p` or from `n`).

use crate::error::{Error, Result};
use crate::papers::card::{Args, Domain, Param};
use crate::papers::shifted_interpolation::setting::{check_contraction, contraction_factor};

/// `L`: replace-one gradient sensitivity (Definition 2.10).
pub const L: Param = Param::new("L", "L", "gradient sensitivity, replace-one (Definition 2.10): sup of ‖∇f − ∇f'‖ over any two losses of the family (G-Lipschitz losses: L = 2G; clipping at C: L = 2C)", Domain::POSITIVE);
/// `n`: dataset size.
pub const N: Param = Param::new("n", "n", "dataset size (the gradient is averaged over n; full batch)", Domain::COUNT);
/// `sigma`: noise rate.
pub const SIGMA: Param = Param::new("sigma", "σ", "noise rate: N(0, σ²I) is added to the averaged gradient, step −η(∇ + noise) (iterate noise std ησ)", Domain::POSITIVE);
/// `T`: number of steps.
pub const T: Param = Param::new("T", "T", "number of steps", Domain::COUNT);
/// `c`: contraction factor of one step, given directly.
pub const C: Param = Param::new("c", "c", "contraction factor of one step, c = max(|1 − ηm|, |1 − ηM|) (Lemmas 2.8/2.9); c = 1 is the convex limit. Give c, or eta, m and M", Domain::UNIT_LEFT_OPEN).optional();
/// `eta`: learning rate.
pub const ETA: Param = Param::new("eta", "η", "learning rate (step size) η", Domain::POSITIVE);
/// `m`: strong convexity (with `M` and `eta`: the contraction factor).
pub const M_SC: Param = Param::new("m", "m", "strong convexity m ≥ 0 of every loss (with M and eta instead of c: c = max(|1 − ηm|, |1 − ηM|), η < 2/M)", Domain::NONNEGATIVE).optional();
/// `M`: smoothness.
pub const M_SMOOTH: Param = Param::new("M", "M", "smoothness M of every loss (∇f is M-Lipschitz; with m and eta instead of c)", Domain::POSITIVE).optional();
/// `D`: diameter of the constraint set.
pub const D: Param = Param::new("D", "D", "diameter of the closed convex constraint set K (projected iterations)", Domain::POSITIVE);
/// `b`: batch size.
pub const B: Param = Param::new("b", "b", "batch size b (the gradient is averaged over the batch; r = L/(bσ))", Domain::COUNT);
/// `l`: batches per epoch (cyclic).
pub const BATCHES: Param = Param::new("l", "l", "batches per epoch of the cyclic order, l = n/b (T = E·l steps)", Domain::COUNT);
/// `E`: epochs (cyclic).
pub const E: Param = Param::new("E", "E", "number of epochs (passes over the l cyclic batches)", Domain::COUNT);
/// `p`: sampling rate (NoisySGD), alternative to `n`.
pub const P: Param = Param::new("p", "p", "sampling rate p = b/n: each step's batch is a uniform size-b subset of the n data, without replacement (replace-one adjacency). Give p, or n", Domain::UNIT_LEFT_OPEN).optional();
/// `n`: dataset size (NoisySGD), alternative to `p`.
pub const N_SGD: Param = Param::new("n", "n", "dataset size n (p = b/n). Give n, or p", Domain::COUNT).optional();
/// `T` of NoisySGD (the paper writes `t`).
pub const T_SGD: Param = Param::new("T", "t", "number of steps t (the paper's t)", Domain::COUNT);
/// `mu`: a GDP parameter.
pub const MU: Param = Param::new("mu", "μ", "GDP parameter μ of G_μ(α) = Φ(Φ⁻¹(1 − α) − μ)", Domain::NONNEGATIVE);

/// The contraction factor: `c` as given, or `max(|1 − ηm|, |1 − ηM|)` from `eta`, `m`, `M`
/// (Lemmas 2.8/2.9, [`contraction_factor`], which checks η ∈ (0, 2/M)), with a note saying which.
/// Errors (`what` names the result, e.g. `shifted_interpolation Theorem 4.2`): both or neither
/// given; only part of `(eta, m, M)`; η outside (0, 2/M).
pub fn contraction(a: &Args, what: &str) -> Result<(f64, String)> {
    let (c, eta, m, big_m) = (a.opt_real("c")?, a.opt_real("eta")?, a.opt_real("m")?, a.opt_real("M")?);
    match (c, m, big_m) {
        (Some(c), None, None) => Ok((check_contraction(c)?, "c as given".into())),
        (Some(c), _, _) => Err(Error::invalid("c", c, "give either c or (eta, m, M), not both")),
        (None, Some(m), Some(big_m)) => {
            let eta = eta.ok_or_else(|| Error::MissingParameters { what: what.into(), names: "eta".into(), hint: " (the contraction factor from m and M needs it; or give c)".into() })?;
            let c = contraction_factor(eta, m, big_m)?;
            Ok((c, format!("c = max(|1 − ηm|, |1 − ηM|) = {c} (Lemmas 2.8/2.9)")))
        }
        _ => Err(Error::MissingParameters { what: what.into(), names: "c (or eta, m and M)".into(), hint: " (see `dpaudit eval --list`)".into() }),
    }
}

/// The sampling rate `p = b/n` of NoisySGD from `p`, or from `n` and `b`. Errors (`what` names
/// the result): both or neither of `p`, `n`; `b > n`.
pub fn sampling_rate(a: &Args, what: &str) -> Result<f64> {
    let b = a.int("b")?;
    match (a.opt_real("p")?, a.opt_int("n")?) {
        (Some(p), None) => Ok(p),
        (None, Some(n)) if b <= n => Ok(b as f64 / n as f64),
        (None, Some(n)) => Err(Error::invalid("b", b, &format!("must be ≤ the dataset size n = {n}"))),
        (Some(p), Some(_)) => Err(Error::invalid("p", p, "give either p or n (p = b/n), not both")),
        (None, None) => Err(Error::MissingParameters { what: what.into(), names: "p (or n)".into(), hint: " (see `dpaudit eval --list`)".into() }),
    }
}
