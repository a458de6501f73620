//! Portfolio input for `dpaudit merge` (issue 3, "Portfolio input"): N privately trained models,
//! each given by its privacy curves or by DP-SGD hyper-parameters, plus the portfolio-level
//! provenance of spec §15. Formats (TOML and CSV) are documented in `docs/merging.md`.
//!
//! Per-model privacy curves derived here (used by Algorithms 1–4 and Theorem 6.1):
//! * RDP at order α ([`Model::rdp_at`]) — an **upper bound** on the RDP profile (max over the two
//!   ordered directions, spec §1.3). DP-SGD: `T · ε^SGM_α(q, σ)` (spec §1.5, binomial sum of
//!   Mironov–Talwar–Zhang 2019 for the remove direction at integer α; the add direction by
//!   quadrature, error estimate added; the larger is used). Gaussian: `k α/(2 S²)` (spec §1.5).
//!   Tabulated curves: the value at the smallest tabulated order `≥ α` (`D_α` is nondecreasing in
//!   α, spec §1.3), `+∞` past the table.
//! * Directional δ(ε) ([`DirectionalProfile`]) — upper bounds on `H_ε(P,Q)` (remove) and
//!   `H_ε(Q,P)` (add), as Theorem 5.2 needs. See [`DirectionalProfile`] for each source.
//!
//! Errors: every input problem is an [`Error::Parse`] with the file and the line of the offending
//! key (unknown keys, missing fields, `σ < 0`, `q ∉ [0,1]`, non-monotone tables, …).

use crate::papers::model_merging::common::conventions::Adjacency;
use crate::papers::model_merging::section_6::dpsgd_step::StepHyper;
use crate::error::{Error, Result};
use crate::num::round::{div_up, mul_up};
use std::path::Path;

#[path = "portfolio_csv.rs"]
mod csv_input;
#[path = "portfolio_profile.rs"]
mod profile;
#[path = "portfolio_toml.rs"]
mod toml_input;

pub use profile::DirectionalProfile;

pub use crate::papers::model_merging::section_6::provenance::Provenance;

/// The portfolio-file spelling of a provenance (`independent_runs`, `same_run_checkpoints`).
pub fn provenance_name(p: Provenance) -> &'static str {
    match p {
        Provenance::IndependentRuns => "independent_runs",
        Provenance::SameRunCheckpoints => "same_run_checkpoints",
    }
}

/// One model of a portfolio: how its privacy is known.
#[derive(Clone, Debug, PartialEq)]
pub enum ModelKind {
    /// DP-SGD with time-invariant hyper-parameters for `steps` steps (spec §9: Poisson sampling,
    /// add/remove adjacency).
    DpSgd { hyper: StepHyper, steps: u64 },
    /// The Gaussian mechanism with noise multiplier `S = σ/Δ`, composed `compositions` times (§1.5).
    Gaussian { noise_multiplier: f64, compositions: u64 },
    /// Given curves: an RDP table and/or a directional δ(ε) table.
    Curves { rdp: Option<RdpTable>, delta: Option<DeltaTable> },
}

/// RDP profile at finitely many orders (strictly increasing orders > 1, values ≥ 0, `inf` allowed).
#[derive(Clone, Debug, PartialEq)]
pub struct RdpTable {
    pub orders: Vec<f64>,
    pub epsilons: Vec<f64>,
}

/// δ(ε) per direction at finitely many ε (strictly increasing), values in `[0, 1]` and
/// nonincreasing. `remove[k] ≥ H_{ε_k}(P, Q)`, `add[k] ≥ H_{ε_k}(Q, P)`.
#[derive(Clone, Debug, PartialEq)]
pub struct DeltaTable {
    pub epsilons: Vec<f64>,
    pub remove: Vec<f64>,
    pub add: Vec<f64>,
}

/// A model with its display name, optional utility (for the utility-best weights) and the line
/// where it starts in the input file.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    pub name: String,
    pub utility: Option<f64>,
    pub kind: ModelKind,
    pub line: usize,
}

/// A validated portfolio.
#[derive(Clone, Debug, PartialEq)]
pub struct Portfolio {
    /// File name as shown in messages.
    pub file: String,
    pub name: Option<String>,
    pub provenance: Provenance,
    pub adjacency: Adjacency,
    pub models: Vec<Model>,
}

impl Portfolio {
    /// Read a portfolio; `.csv` files are CSV, anything else TOML.
    pub fn read(path: &Path) -> Result<Portfolio> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| Error::Io {
            path: shown.clone(),
            message: if e.kind() == std::io::ErrorKind::NotFound { "portfolio not found".into() } else { e.to_string() },
        })?;
        let is_csv = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        if is_csv {
            csv_input::parse_csv(&shown, &text)
        } else {
            toml_input::parse_toml(&shown, &text)
        }
    }

    /// Number of models N.
    pub fn len(&self) -> usize {
        self.models.len()
    }

    pub fn is_empty(&self) -> bool {
        self.models.is_empty()
    }

    /// Model names in order.
    pub fn names(&self) -> Vec<String> {
        self.models.iter().map(|m| m.name.clone()).collect()
    }

    /// Per-model utilities when every model has one.
    pub fn utilities(&self) -> Option<Vec<f64>> {
        self.models.iter().map(|m| m.utility).collect()
    }

    /// RDP table `table[i][k]` = upper bound on model i's RDP at `orders[k]` ([`Model::rdp_at`]).
    pub fn rdp_table(&self, orders: &[f64]) -> Result<Vec<Vec<f64>>> {
        self.models.iter().map(|m| orders.iter().map(|&a| m.rdp_at(a)).collect()).collect()
    }

    /// `(StepHyper, T_i)` of every model, for the LC accounting of §§9–14. Errors
    /// ([`Error::Unsupported`]) when a model is not given by DP-SGD hyper-parameters.
    pub fn dpsgd_schedules(&self) -> Result<Vec<(StepHyper, u64)>> {
        self.models
            .iter()
            .map(|m| match &m.kind {
                ModelKind::DpSgd { hyper, steps } => Ok((*hyper, *steps)),
                _ => Err(Error::Unsupported(format!(
                    "model '{}' ({}:{}) is not given by DP-SGD hyper-parameters; Theorems 6.2/6.4 need them (use Theorem 6.1 / random selection)",
                    m.name, self.file, m.line
                ))),
            })
            .collect()
    }

    /// Largest step count `T = max_i T_i` over DP-SGD models (spec §14); `None` if there are none.
    pub fn max_steps(&self) -> Option<u64> {
        self.models.iter().filter_map(|m| if let ModelKind::DpSgd { steps, .. } = m.kind { Some(steps) } else { None }).max()
    }
}

impl Model {
    /// Upper bound on this model's RDP profile at order `alpha > 1` (max over both ordered
    /// directions); see the module doc for each source. `+∞` when unknown or non-private.
    /// Errors: α ≤ 1 or NaN; a model with only a δ(ε) table ([`Error::Unsupported`]).
    pub fn rdp_at(&self, alpha: f64) -> Result<f64> {
        if !(alpha.is_finite() && alpha > 1.0) {
            return Err(Error::invalid("alpha", alpha, "Rényi order must be a finite number > 1"));
        }
        match &self.kind {
            ModelKind::DpSgd { hyper, steps } => Ok(mul_up(*steps as f64, sgm_rdp_both(hyper.sampling_rate, hyper.noise_multiplier, alpha))),
            // ε_α = k α μ²/2 with μ = 1/S (spec §1.5); every operation rounded up (more loss).
            ModelKind::Gaussian { noise_multiplier, compositions } => {
                Ok(mul_up(*compositions as f64, mul_up(alpha, div_up(div_up(0.5, *noise_multiplier), *noise_multiplier))))
            }
            ModelKind::Curves { rdp: Some(t), .. } => {
                // Monotonicity of D_α in α (spec §1.3): the next tabulated order bounds from above.
                Ok(t.orders.iter().position(|&o| o >= alpha).map(|k| t.epsilons[k]).unwrap_or(f64::INFINITY))
            }
            ModelKind::Curves { rdp: None, .. } => Err(Error::Unsupported(format!(
                "model '{}' (line {}) has no RDP curve (only a δ(ε) table); use --accounting pld",
                self.name, self.line
            ))),
        }
    }

    /// Build this model's directional δ(ε) profile (certified FFT PLD for DP-SGD models).
    pub fn directional_profile(&self, opts: &crate::pld::PldOptions) -> Result<DirectionalProfile> {
        profile::build(self, opts)
    }
}

/// Upper bound on the one-step SGM RDP at order α, max over the two directions.
/// Remove direction at integer α: the exact binomial sum (`mechanisms::exact::sgm_rdp_remove_int`);
/// otherwise and for the add direction: tanh–sinh quadrature with its error estimate added.
/// `q = 0` gives 0; `σ = 0` with `q > 0` gives `+∞`.
pub fn sgm_rdp_both(q: f64, sigma: f64, alpha: f64) -> f64 {
    use crate::mechanisms::exact as cf;
    use crate::mechanisms::Direction;
    if q == 0.0 {
        return 0.0;
    }
    if sigma == 0.0 {
        return f64::INFINITY;
    }
    let remove = if alpha.fract() == 0.0 && alpha <= 1e4 {
        cf::sgm_rdp_remove_int(&q, &sigma, alpha as u64)
    } else {
        let (v, e) = cf::sgm_rdp_quad(&q, &sigma, Direction::Remove, &alpha);
        v + e.abs()
    };
    let (add, e) = cf::sgm_rdp_quad(&q, &sigma, Direction::Add, &alpha);
    let add = add + e.abs();
    let m = remove.max(add);
    // Round up by a few ulps: the f64 evaluation carries relative error ~1e-14 at most.
    if m.is_finite() { m * (1.0 + 1e-12) + f64::MIN_POSITIVE } else { f64::INFINITY }
}

/// Validate a portfolio-independent model kind (shared by the TOML and CSV readers). `at` names
/// the key for messages; returns a one-line reason on failure.
pub(super) fn validate_hyper(q: f64, sigma: f64, clip: f64, eta: f64, steps: i64) -> std::result::Result<(StepHyper, u64), (&'static str, String)> {
    if !(0.0..=1.0).contains(&q) {
        return Err(("sampling_rate", format!("sampling_rate = {q} must lie in [0, 1]")));
    }
    if !(sigma.is_finite() && sigma >= 0.0) {
        return Err(("noise_multiplier", format!("noise_multiplier = {sigma} must be finite and >= 0 (0 = non-private)")));
    }
    if !(clip.is_finite() && clip > 0.0) {
        return Err(("clip", format!("clip = {clip} must be finite and > 0")));
    }
    if !(eta.is_finite() && eta >= 0.0) {
        return Err(("learning_rate", format!("learning_rate = {eta} must be finite and >= 0")));
    }
    if steps < 1 {
        return Err(("steps", format!("steps = {steps} must be at least 1")));
    }
    Ok((StepHyper { sampling_rate: q, noise_multiplier: sigma, clip, learning_rate: eta }, steps as u64))
}

/// 1-based line number of byte offset `pos` in `text`.
pub(super) fn line_of(text: &str, pos: usize) -> usize {
    text.as_bytes()[..pos.min(text.len())].iter().filter(|&&b| b == b'\n').count() + 1
}

#[cfg(test)]
#[path = "portfolio_test.rs"]
mod portfolio_test;
