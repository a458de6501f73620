//! A card's declared outputs ([`OutputSpec`]: name, meaning, guarantee and rounding direction),
//! what an evaluator returns ([`Outputs`]), and the reported value of one output
//! ([`OutputValue`], the JSON object `{"name", "value", "lower", "upper", "guarantee", "note"}`).

use crate::num::Interval;
use crate::papers::Guarantee;
use serde::Serialize;

/// One declared output of a result card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutputSpec {
    /// Name in reports and JSON (`epsilon`, `mu`, `delta`, `f_alpha`).
    pub name: &'static str,
    /// What the number is, with its symbol and source (`μ of Theorem 4.1: …`).
    pub meaning: &'static str,
    /// What the number guarantees about the privacy quantity it reports.
    pub guarantee: Guarantee,
}

impl OutputSpec {
    pub const fn new(name: &'static str, guarantee: Guarantee, meaning: &'static str) -> OutputSpec {
        OutputSpec { name, meaning, guarantee }
    }
    /// An exact value (up to the stated floating-point or MPFR error).
    pub const fn exact(name: &'static str, meaning: &'static str) -> OutputSpec {
        OutputSpec::new(name, Guarantee::Exact, meaning)
    }
    /// An upper bound on privacy loss (rounded toward more loss).
    pub const fn upper(name: &'static str, meaning: &'static str) -> OutputSpec {
        OutputSpec::new(name, Guarantee::Upper, meaning)
    }
    /// A lower bound on privacy loss (rounded toward less loss).
    pub const fn lower(name: &'static str, meaning: &'static str) -> OutputSpec {
        OutputSpec::new(name, Guarantee::Lower, meaning)
    }
    /// An estimate with no one-sided guarantee.
    pub const fn estimate(name: &'static str, meaning: &'static str) -> OutputSpec {
        OutputSpec::new(name, Guarantee::Estimate, meaning)
    }
    /// The rounding direction that goes with the guarantee.
    pub fn rounding(&self) -> &'static str {
        rounding_of(self.guarantee)
    }
}

/// The rounding direction of a reported number with guarantee `g`.
pub fn rounding_of(g: Guarantee) -> &'static str {
    match g {
        Guarantee::Upper => "toward more privacy loss",
        Guarantee::Lower => "toward less privacy loss",
        Guarantee::Exact => "to nearest; intervals outward",
        Guarantee::Estimate => "none (an estimate)",
    }
}

/// What an evaluator produced for one output.
#[derive(Clone, Debug, PartialEq)]
pub enum Computed {
    /// A value (f64 route), optionally with an enclosing interval (MPFR or certified route) and
    /// a note (route, chosen parameter, precision).
    Value { value: f64, interval: Option<Interval>, note: String },
    /// The output could not be computed at these parameters; the reason is shown to the user.
    NotComputed(String),
}

/// The outputs of one evaluation, by name, in any order ([`crate::papers::card::evaluate`] puts
/// them in the card's declared order and reports any declared output left out).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Outputs {
    pub(crate) items: Vec<(&'static str, Computed)>,
}

impl Outputs {
    pub fn new() -> Outputs {
        Outputs::default()
    }
    /// A value with no interval.
    pub fn value(&mut self, name: &'static str, value: f64) -> &mut Outputs {
        self.push(name, Computed::Value { value, interval: None, note: String::new() })
    }
    /// A value with a note.
    pub fn value_note(&mut self, name: &'static str, value: f64, note: impl Into<String>) -> &mut Outputs {
        self.push(name, Computed::Value { value, interval: None, note: note.into() })
    }
    /// A value and an interval enclosing the true value.
    pub fn interval(&mut self, name: &'static str, value: f64, interval: Interval, note: impl Into<String>) -> &mut Outputs {
        self.push(name, Computed::Value { value, interval: Some(interval), note: note.into() })
    }
    /// An output that could not be computed, with the reason.
    pub fn not_computed(&mut self, name: &'static str, reason: impl Into<String>) -> &mut Outputs {
        self.push(name, Computed::NotComputed(reason.into()))
    }
    /// `value` when `r` is `Ok`, otherwise not computed with the error as the reason (an
    /// interruption is passed on).
    pub fn from_result(&mut self, name: &'static str, r: crate::Result<f64>) -> crate::Result<&mut Outputs> {
        match r {
            Ok(v) => Ok(self.value(name, v)),
            Err(crate::Error::Interrupted) => Err(crate::Error::Interrupted),
            Err(e) => Ok(self.not_computed(name, e.to_string())),
        }
    }
    /// Any computed outcome.
    pub fn push(&mut self, name: &'static str, c: Computed) -> &mut Outputs {
        self.items.retain(|(n, _)| *n != name);
        self.items.push((name, c));
        self
    }
    /// The outcome recorded for `name`.
    pub fn get(&self, name: &str) -> Option<&Computed> {
        self.items.iter().find(|(n, _)| *n == name).map(|(_, c)| c)
    }
}

/// One reported output: the JSON object of `dpaudit eval --json` and `dpaudit.evaluate`.
/// `value` is `null` when not computed (`note` says why); `lower`/`upper` are `null` when no
/// enclosing interval was computed. Infinite values are the strings `"inf"` / `"-inf"`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutputValue {
    pub name: String,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub value: Option<f64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub lower: Option<f64>,
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub upper: Option<f64>,
    pub guarantee: Guarantee,
    pub rounding: &'static str,
    pub meaning: &'static str,
    pub note: String,
}

impl OutputValue {
    /// The reported form of `c` for the declared output `spec`. A NaN value or interval end is
    /// never reported: it becomes "not computed" (a bug, named as such).
    pub fn from_computed(spec: &OutputSpec, c: Computed) -> OutputValue {
        let mut out = OutputValue {
            name: spec.name.to_string(),
            value: None,
            lower: None,
            upper: None,
            guarantee: spec.guarantee,
            rounding: spec.rounding(),
            meaning: spec.meaning,
            note: String::new(),
        };
        match c {
            Computed::NotComputed(why) => out.note = format!("not computed: {why}"),
            Computed::Value { value, interval, note } => {
                let bad_interval = interval.map(|iv| iv.lower.is_nan() || iv.upper.is_nan() || iv.lower > iv.upper).unwrap_or(false);
                if value.is_nan() || bad_interval {
                    out.note = "not computed: the evaluation gave NaN or an empty interval (a bug in dpaudit; please report the parameters)".into();
                } else {
                    out.value = Some(value);
                    out.lower = interval.map(|iv| iv.lower);
                    out.upper = interval.map(|iv| iv.upper);
                    out.note = note;
                }
            }
        }
        out
    }
    /// The enclosing interval, when one was computed.
    pub fn interval(&self) -> Option<Interval> {
        match (self.lower, self.upper) {
            (Some(lower), Some(upper)) => Some(Interval { lower, upper }),
            _ => None,
        }
    }
}
