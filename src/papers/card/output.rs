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
    /// Outputs of the same card this one is never below: a bound and the quantity it bounds
    /// (an upper bound on δ and the exact δ, an exact pair and a concrete mechanism's lower
    /// bound). Checked on every evaluation ([`check_relations`]).
    pub at_least: &'static [&'static str],
    /// Outputs of the same card this one is never above (a lower bound on a trade-off curve and
    /// the exact curve).
    pub at_most: &'static [&'static str],
}

impl OutputSpec {
    pub const fn new(name: &'static str, guarantee: Guarantee, meaning: &'static str) -> OutputSpec {
        OutputSpec { name, meaning, guarantee, at_least: &[], at_most: &[] }
    }
    /// Declare that this output is never below the named outputs (see [`OutputSpec::at_least`]).
    /// Only relations that hold mathematically belong here (a sound bound against what it
    /// bounds), never a paper's claim under audit.
    pub const fn at_least(self, names: &'static [&'static str]) -> OutputSpec {
        OutputSpec { at_least: names, ..self }
    }
    /// Declare that this output is never above the named outputs.
    pub const fn at_most(self, names: &'static [&'static str]) -> OutputSpec {
        OutputSpec { at_most: names, ..self }
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

/// Relative slack of [`check_relations`]: the f64 and MPFR routes of two outputs may differ by
/// their rounding (1e−9 relative, plus 1e−305 absolute for values near the f64 underflow).
const RELATION_SLACK: f64 = 1e-9;

/// Enforce the declared relations between the outputs of one evaluation (`outputs` aligned
/// with `specs`): an output declared `at_least` another is compared with the other's lower end
/// (its interval's lower end, or its value), `at_most` with the other's upper end. A violation
/// is a bug in dpaudit — an upper bound below the value it bounds is exactly the failure an
/// e^ε overflow produces (issue 25: a δ flat at 0.3378 printed as 4.9e−324 from ε ≈ 709.5) —
/// so the offending output is withheld as "not computed" with both numbers, never printed.
pub fn check_relations(specs: &[OutputSpec], outputs: &mut [OutputValue]) {
    let mut bad: Vec<(usize, String)> = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        let Some(u) = outputs[i].value else { continue };
        let find = |name: &str| specs.iter().position(|s| s.name == name).and_then(|j| outputs[j].value.map(|v| (j, v)));
        let slack = |a: f64, b: f64| RELATION_SLACK * a.abs().max(b.abs()) + 1e-305;
        for name in spec.at_least {
            if let Some((j, v)) = find(name) {
                let x = outputs[j].lower.unwrap_or(v);
                if u < x - slack(u, x) {
                    bad.push((i, format!("{} = {u:e} would be below {name} = {x:e}, which it bounds from above", spec.name)));
                }
            }
        }
        for name in spec.at_most {
            if let Some((j, v)) = find(name) {
                let x = outputs[j].upper.unwrap_or(v);
                if u > x + slack(u, x) {
                    bad.push((i, format!("{} = {u:e} would be above {name} = {x:e}, which it bounds from below", spec.name)));
                }
            }
        }
    }
    for (i, why) in bad {
        let o = &mut outputs[i];
        o.value = None;
        o.lower = None;
        o.upper = None;
        o.note = format!("not computed: {why} (a bug in dpaudit; please report the parameters)");
    }
}

