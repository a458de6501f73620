//! One row of the `dpaudit noisy-gd` report ([`super::report::NoisyGdReport`]): a theorem or
//! baseline with its guarantee and its outcome — GDP μ with ε(δ)/δ(ε), the certified intervals of
//! a composition, *not applicable* or *not computed* (each with its reason) — and its JSON form.

use crate::num::fmt::serialize_opt_f64;
use crate::num::Interval;
use crate::papers::Guarantee;
use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;

/// What a row's result is.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// μ-GDP; `epsilon` / `delta` are the upper ends of Lemma A.3's certified enclosures at the
    /// request's δ / ε (None when not asked for).
    Gdp { mu: f64, epsilon: Option<f64>, delta: Option<f64> },
    /// A composition of `C_p(G_μ)` factors (not GDP): the certified intervals (report `.upper`)
    /// and how they were obtained.
    Composition { epsilon: Option<Interval>, delta: Option<Interval>, note: String },
    /// The theorem's hypotheses are not given by the parameters, and why.
    NotApplicable(String),
    /// The theorem applies but its value could not be computed, and why.
    NotComputed(String),
}

/// One theorem or baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// "Theorem 4.5", "derived c = 1", "Theorem 4.3 (closed form)", …
    pub result: &'static str,
    /// Short description (baseline or the hypothesis the theorem uses).
    pub what: &'static str,
    /// Whether this row is the composition baseline the ratios refer to.
    pub baseline: bool,
    pub guarantee: Guarantee,
    pub outcome: Outcome,
    /// The analysis parameter chosen (window ν, q or K; ν*, q* of a closed form), if any.
    pub chosen: Option<(&'static str, u64)>,
    /// ε of this row divided by ε of the baseline (δ when no δ was asked for); None when either
    /// is missing or the baseline's is 0 or infinite.
    pub ratio: Option<f64>,
}

impl Row {
    /// The reported ε(δ): upper end (rounded toward more loss); None when not computed.
    pub fn epsilon(&self) -> Option<f64> {
        match &self.outcome {
            Outcome::Gdp { epsilon, .. } => *epsilon,
            Outcome::Composition { epsilon, .. } => epsilon.map(|iv| iv.upper),
            _ => None,
        }
    }
    /// The reported δ(ε): upper end; None when not computed.
    pub fn delta(&self) -> Option<f64> {
        match &self.outcome {
            Outcome::Gdp { delta, .. } => *delta,
            Outcome::Composition { delta, .. } => delta.map(|iv| iv.upper),
            _ => None,
        }
    }
    /// μ when the row is GDP.
    pub fn mu(&self) -> Option<f64> {
        match &self.outcome {
            Outcome::Gdp { mu, .. } => Some(*mu),
            _ => None,
        }
    }
}

/// One row's JSON: `result`, `what`, `baseline`, `guarantee`, `mu`, `epsilon`, `delta`,
/// `ratio_to_composition`, `chosen` (`{name: value}` or null), and as they apply
/// `epsilon_interval`, `delta_interval`, `note`, `not_applicable`, `not_computed`. Infinite
/// numbers are the strings `"inf"`.
impl Serialize for Row {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        struct Num(Option<f64>);
        impl Serialize for Num {
            fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                serialize_opt_f64(&self.0, s)
            }
        }
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("result", self.result)?;
        m.serialize_entry("what", self.what)?;
        m.serialize_entry("baseline", &self.baseline)?;
        m.serialize_entry("guarantee", &self.guarantee)?;
        m.serialize_entry("mu", &Num(self.mu()))?;
        m.serialize_entry("epsilon", &Num(self.epsilon()))?;
        m.serialize_entry("delta", &Num(self.delta()))?;
        m.serialize_entry("ratio_to_composition", &Num(self.ratio))?;
        m.serialize_entry("chosen", &self.chosen.map(|(k, v)| std::collections::BTreeMap::from([(k, v)])))?;
        match &self.outcome {
            Outcome::Composition { epsilon, delta, note } => {
                if let Some(iv) = epsilon {
                    m.serialize_entry("epsilon_interval", &[Num(Some(iv.lower)), Num(Some(iv.upper))])?;
                }
                if let Some(iv) = delta {
                    m.serialize_entry("delta_interval", &[Num(Some(iv.lower)), Num(Some(iv.upper))])?;
                }
                m.serialize_entry("note", note)?;
            }
            Outcome::NotApplicable(why) => m.serialize_entry("not_applicable", why)?,
            Outcome::NotComputed(why) => m.serialize_entry("not_computed", why)?,
            Outcome::Gdp { .. } => {}
        }
        m.end()
    }
}
