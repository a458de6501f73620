//! What a claim states (issue 12, "claim kinds"; `docs/claims.md` §1–2): the `kind` column of a
//! claims file. Absent or empty, it is `eps_delta`, so files without the column parse and decide
//! exactly as before.

use serde::Serialize;

/// The statement of one claim about the `T`-fold composition of its mechanism (add/remove
/// adjacency, maximum over both directions).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ClaimKind {
    /// "(ε, δ)-DP" with the `epsilon` and `delta` columns.
    EpsDelta,
    /// "`max(D_α(P‖Q), D_α(Q‖P)) ≤ value` for the `T`-fold composition" (Rényi DP, Mironov 2017,
    /// Definition 4), `order` = α > 1 (integer or fractional), `value` = ρ ≥ 0.
    Rdp { order: f64, value: f64 },
    /// "μ-GDP" (Dong, Roth & Su 2022, Definition 2.6), `value` = μ ≥ 0: the trade-off function of
    /// the composition is at least `G_μ`, equivalently (DRS Corollary 2.13) `δ(ε) ≤ δ_μ(ε)` for
    /// every `ε ≥ 0`.
    Gdp { mu: f64 },
    /// "ρ-zCDP" (Bun & Steinke 2016, Definition 1.1), `value` = ρ ≥ 0: `D_α ≤ ρα` for every `α > 1`.
    Zcdp { rho: f64 },
    /// "noise multiplier σ achieves (ε, δ)": an (ε, δ) claim, reported with the certified
    /// interval of the smallest σ that achieves (ε, δ) and the tightness σ_claim/σ_min.
    Calibration,
}

impl ClaimKind {
    /// CSV name (`eps_delta`, `rdp`, `gdp`, `zcdp`, `calibration`).
    pub fn name(&self) -> &'static str {
        match self {
            ClaimKind::EpsDelta => "eps_delta",
            ClaimKind::Rdp { .. } => "rdp",
            ClaimKind::Gdp { .. } => "gdp",
            ClaimKind::Zcdp { .. } => "zcdp",
            ClaimKind::Calibration => "calibration",
        }
    }

    /// The claimed value of a divergence kind (ρ of `rdp`, μ of `gdp`, ρ of `zcdp`); `None` for
    /// the (ε, δ) kinds.
    pub fn value(&self) -> Option<f64> {
        match *self {
            ClaimKind::Rdp { value, .. } => Some(value),
            ClaimKind::Gdp { mu } => Some(mu),
            ClaimKind::Zcdp { rho } => Some(rho),
            ClaimKind::EpsDelta | ClaimKind::Calibration => None,
        }
    }

    /// The Rényi order of an `rdp` claim.
    pub fn order(&self) -> Option<f64> {
        match *self {
            ClaimKind::Rdp { order, .. } => Some(order),
            _ => None,
        }
    }

    /// Whether the claim is stated in (ε, δ) (and decided by the (ε, δ) engines).
    pub fn is_eps_delta(&self) -> bool {
        matches!(self, ClaimKind::EpsDelta | ClaimKind::Calibration)
    }

    /// Name of the claimed value in reports (`rho`, `mu`), `None` for the (ε, δ) kinds.
    pub fn value_name(&self) -> Option<&'static str> {
        match self {
            ClaimKind::Rdp { .. } | ClaimKind::Zcdp { .. } => Some("rho"),
            ClaimKind::Gdp { .. } => Some("mu"),
            ClaimKind::EpsDelta | ClaimKind::Calibration => None,
        }
    }
}
