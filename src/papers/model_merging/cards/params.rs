//! Parameters shared by the result cards of *DP Model Merging*, and the per-model setting they
//! describe (the names are those of `dpaudit merge` and of the paper's notation).
//!
//! The paper's results take per-model RDP or PLD profiles; the cards accept the models the
//! paper's examples and experiments use (spec §1.5, §9, §17):
//! * a **Gaussian model** `i` releases a query of ℓ2 sensitivity `Δ` plus `N(0, σ_i²)` noise,
//!   `T_i` times (so its profile is that of `G_μ`, `μ_i = Δ√T_i/σ_i`);
//! * a **DP-SGD model** `i` (when `q` is given) runs `T_i` steps of Poisson-subsampled Gaussian
//!   gradient descent with rate `q_i` and noise multiplier `σ_i` (noise `N(0, (σ_iC_i)²)` on the
//!   sum of clipped gradients; add/remove adjacency, spec §1.2).
//!
//! Lists with one value apply to every model (`T=1000`, `C=1`).

use crate::error::{Error, Result};
use crate::num::Mp;
use crate::papers::card::{Args, Domain, Param};
use crate::papers::model_merging::commands::portfolio::{Model, ModelKind};
use crate::papers::model_merging::common::conventions::Conversion;
use crate::papers::model_merging::common::simplex::Simplex;
use crate::papers::model_merging::section_6::dpsgd_step::{StepHyper, MAX_MODELS};
use crate::papers::model_merging::section_6::linear_combination_rdp::lc_steps_simplex;
use crate::papers::model_merging::section_6::dpsgd_step::StepPair;
use crate::papers::model_merging::section_6::step_alignment::constant_groups;

const NONNEG_LIST: Domain = Domain::reals(Domain::NONNEGATIVE, 1, MAX_MODELS);
const POS_LIST: Domain = Domain::reals(Domain::POSITIVE, 1, MAX_MODELS);
const UNIT_LIST: Domain = Domain::reals(Domain::UNIT_CLOSED, 1, MAX_MODELS);

/// `pi`: random-selection weights (eq. 4).
pub const PI: Param = Param::new("pi", "π", "random-selection weights π_i, one per model, on the simplex (each ≥ 0, Σ π_i = 1); with two models a single value is π_1 (π_2 = 1 − π_1)", UNIT_LIST);
/// `lambda`: linear-combination weights (eq. 5).
pub const LAMBDA: Param = Param::new("lambda", "λ", "linear-combination weights λ_i, one per model, on the simplex (each ≥ 0, Σ λ_i = 1); with two models a single value is λ_1 (λ_2 = 1 − λ_1)", UNIT_LIST);
/// `sigma`: per-model noise of Gaussian or DP-SGD models (σ_i > 0).
pub const SIGMA: Param = Param::new(
    "sigma",
    "σ_i",
    "noise of each model: a Gaussian model releases the query (ℓ2 sensitivity Δ) plus N(0, σ_i²); a DP-SGD model (q given) has noise multiplier σ_i (N(0, (σ_i C_i)²) on the sum of clipped gradients)",
    POS_LIST,
);
/// `sigma` of DP-SGD models in the linear-combination results (σ_i = 0: a non-private model).
pub const SIGMA_SGD: Param = Param::new("sigma", "σ_i", "noise multiplier σ_i ≥ 0 of each DP-SGD model: N(0, (σ_i C_i)²) is added to the sum of clipped per-example gradients (0 = non-private model)", NONNEG_LIST);
/// `Delta`: ℓ2 sensitivity of the query released by the Gaussian models.
pub const SENS: Param = Param::new("Delta", "Δ", "ℓ2 sensitivity of the query every Gaussian model releases (ignored for DP-SGD models, whose sensitivity is the clipping norm)", Domain::POSITIVE).default("1");
/// `q`: per-model Poisson sampling rate; absent = Gaussian models (RS and Theorem 6.1 cards).
pub const Q_OPT: Param = Param::new("q", "q_i", "Poisson sampling rate q_i of each model, which is then a DP-SGD model (Poisson-subsampled Gaussian, add/remove adjacency); absent: every model is a Gaussian mechanism", UNIT_LIST).optional();
/// `q`: per-model Poisson sampling rate of DP-SGD models (Section 6.2).
pub const Q: Param = Param::new("q", "q_i", "Poisson sampling rate q_i of each DP-SGD model (Section 6.2: the differing record enters model i's batch with probability q_i, independently across models)", UNIT_LIST);
/// `T`: per-model steps (compositions), default 1.
pub const T_OPT: Param = Param::new("T", "T_i", "number of steps T_i of each model (DP-SGD steps, or releases of a Gaussian model); integers ≥ 1, one value for all models", Domain::reals(Domain::closed(1.0, 1e12), 1, MAX_MODELS)).default("1");
/// `T`: steps of the DP-SGD models (Algorithms 3, 4).
pub const T_STEPS: Param = Param::new("T", "T", "number of DP-SGD steps T_i of each model (integers ≥ 1, one value for all; models with T_i < max T get virtual steps η = 0, spec §14)", Domain::reals(Domain::closed(1.0, 1e12), 1, MAX_MODELS));
/// `eta`: effective learning rates.
pub const ETA: Param = Param::new("eta", "η_i", "effective learning rate η_i of each model (multiplies the noisy gradient sum; Opacus: raw rate / expected batch size); one value for all models", NONNEG_LIST).default("1");
/// `C`: clipping norms.
pub const CLIP: Param = Param::new("C", "C_i", "per-example clipping norm C_i of each model; one value for all models", POS_LIST).default("1");
/// `alpha_min`: smallest order of the grid of Algorithms 1 and 3.
pub const ALPHA_MIN: Param = Param::new("alpha_min", "min A", "smallest Rényi order of the integer grid A = {alpha_min, …, alpha_max}", Domain::int(2, 100_000)).default("2");
/// `alpha_max`: largest order of the grid.
pub const ALPHA_MAX: Param = Param::new("alpha_max", "max A", "largest Rényi order of the integer grid A (the paper's examples use 64)", Domain::int(2, 100_000)).default("64");
/// `conversion`: RDP → (ε, δ) conversion.
pub const CONVERSION: Param = Param::new("conversion", "", "RDP → (ε, δ) conversion: classic ε_α + ln(1/δ)/(α−1) (the paper's, Mironov 2017) or improved (Balle et al. 2020, Thm 21; not in the paper)", Domain::Choice(&["classic", "improved"])).default("classic");

/// The number of models N, read from `sigma`.
pub fn n_models(a: &Args) -> Result<usize> {
    Ok(a.reals("sigma")?.len())
}

/// List parameter `name` for `n` models: `n` values, or one value for all.
pub fn per_model(a: &Args, name: &str, n: usize) -> Result<Vec<f64>> {
    let v = a.reals(name)?;
    match v.len() {
        k if k == n => Ok(v.to_vec()),
        1 => Ok(vec![v[0]; n]),
        k => Err(Error::invalid(name, format!("{k} values"), &format!("needs one value per model ({n}, the length of sigma) or one value for all"))),
    }
}

/// Weights `name` (`pi` or `lambda`) for `n` models, on the simplex; with two models a single
/// value `w` means `(w, 1 − w)`.
pub fn weights(a: &Args, name: &str, n: usize) -> Result<Simplex> {
    let v = a.reals(name)?;
    if v.len() == 1 && n == 2 {
        return Simplex::new(name, &[v[0], 1.0 - v[0]]);
    }
    Simplex::with_len(name, v, n).map_err(|e| match e {
        Error::InvalidParameter { name: nm, value, reason } => Error::InvalidParameter { name: nm, value, reason: reason.replace("the portfolio has", "sigma gives") },
        other => other,
    })
}

/// Step counts `T_i` (integers ≥ 1) for `n` models.
pub fn steps(a: &Args, n: usize) -> Result<Vec<u64>> {
    per_model(a, "T", n)?
        .iter()
        .enumerate()
        .map(|(i, &t)| if t.fract() == 0.0 && t >= 1.0 { Ok(t as u64) } else { Err(Error::invalid(&format!("T[{}]", i + 1), t, "must be an integer >= 1")) })
        .collect()
}

/// The integer order grid `{alpha_min, …, alpha_max}`.
pub fn orders(a: &Args) -> Result<Vec<f64>> {
    let (lo, hi) = (a.int("alpha_min")?, a.int("alpha_max")?);
    if hi < lo {
        return Err(Error::invalid("alpha_max", hi, &format!("must be >= alpha_min = {lo}")));
    }
    Ok((lo..=hi).map(|k| k as f64).collect())
}

/// The RDP → (ε, δ) conversion chosen.
pub fn conversion(a: &Args) -> Result<Conversion> {
    Conversion::parse(a.text("conversion")?)
}

/// The models described by `sigma`, `Delta`, `q` (optional) and `T`, as portfolio models (the
/// per-model curves of `dpaudit merge`: [`Model::rdp_at`], [`Model::directional_profile`]).
pub fn models(a: &Args) -> Result<Vec<Model>> {
    let n = n_models(a)?;
    let sigma = a.reals("sigma")?.to_vec();
    let t = steps(a, n)?;
    let q = if a.has("q") { Some(per_model(a, "q", n)?) } else { None };
    let sens = a.real("Delta")?;
    Ok((0..n)
        .map(|i| Model {
            name: format!("model {}", i + 1),
            utility: None,
            line: 0,
            kind: match &q {
                Some(q) => ModelKind::DpSgd { hyper: StepHyper { sampling_rate: q[i], noise_multiplier: sigma[i], clip: 1.0, learning_rate: 1.0 }, steps: t[i] },
                None => ModelKind::Gaussian { noise_multiplier: sigma[i] / sens, compositions: t[i] },
            },
        })
        .collect())
}

/// Per-model DP-SGD hyper-parameters `(q_i, σ_i, C_i, η_i)` for the linear-combination results.
pub fn dpsgd_hyper(a: &Args) -> Result<Vec<StepHyper>> {
    let n = n_models(a)?;
    let (q, sigma, clip, eta) = (per_model(a, "q", n)?, a.reals("sigma")?, per_model(a, "C", n)?, per_model(a, "eta", n)?);
    (0..n).map(|i| StepHyper::new(q[i], sigma[i], clip[i], eta[i])).collect()
}

/// The per-step pairs `(pair, count)` of weights `lambda` over the aligned schedules of the
/// DP-SGD models (spec §9, §14: virtual steps η = 0 pad the shorter runs), and `T = max_i T_i`.
pub fn lc_schedule(a: &Args, lambda: &Simplex) -> Result<(Vec<(StepPair, u64)>, u64)> {
    let hyper = dpsgd_hyper(a)?;
    let t = steps(a, hyper.len())?;
    let groups = constant_groups(&hyper, &t)?;
    Ok((lc_steps_simplex(lambda, &groups)?, t.iter().copied().max().unwrap_or(1)))
}

/// `ε_{α,i}` of model `i` in MPFR at `prec` bits: `T α Δ²/(2σ²)` for a Gaussian model, the f64
/// upper bound otherwise.
pub fn model_rdp_mp(m: &Model, alpha: f64, sens: f64, sigma: f64, prec: u32) -> Result<Mp> {
    Ok(match &m.kind {
        ModelKind::Gaussian { compositions, .. } => {
            let (s, d) = (Mp::new(prec, sigma), Mp::new(prec, sens));
            Mp::new(prec, *compositions as f64) * Mp::new(prec, alpha) * d.clone() * d / (Mp::new(prec, 2.0) * s.clone() * s)
        }
        _ => Mp::new(prec, m.rdp_at(alpha)?),
    })
}

/// Values of a list as text (for notes).
pub fn list(xs: &[f64]) -> String {
    xs.iter().map(|&x| crate::num::fmt::fmt_sig(x, 10, 1e6)).collect::<Vec<_>>().join(", ")
}
