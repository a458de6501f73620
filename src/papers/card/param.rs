//! A card's declared parameters: name, meaning, domain, default; and the validated values
//! ([`Args`]) an evaluator reads. Validation happens once, here, at the boundary: a value outside
//! its domain is an [`Error::InvalidParameter`] naming the parameter, the value and the domain.

use crate::error::{Error, Result};
use crate::num::fmt::{format_number, parse_number};
use serde::Serialize;
use std::collections::BTreeMap;

/// The valid values of one parameter.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    /// A real number in a range; an end may be open or closed, and `±∞` (closed) admits infinity.
    Real { lo: f64, lo_closed: bool, hi: f64, hi_closed: bool },
    /// An integer in `[lo, hi]`.
    Int { lo: u64, hi: u64 },
    /// One of the given words.
    Choice(&'static [&'static str]),
    /// A comma-separated list of reals, each in `each` (a [`Domain::Real`]), with at least `min_len`
    /// and at most `max_len` entries.
    Reals { lo: f64, lo_closed: bool, hi: f64, hi_closed: bool, min_len: usize, max_len: usize },
}

impl Domain {
    /// `(0, ∞)`: scales, noise levels, sensitivities.
    pub const POSITIVE: Domain = Domain::Real { lo: 0.0, lo_closed: false, hi: f64::INFINITY, hi_closed: false };
    /// `[0, ∞)`.
    pub const NONNEGATIVE: Domain = Domain::Real { lo: 0.0, lo_closed: true, hi: f64::INFINITY, hi_closed: false };
    /// Every finite real (ε may be negative).
    pub const FINITE: Domain = Domain::Real { lo: f64::NEG_INFINITY, lo_closed: false, hi: f64::INFINITY, hi_closed: false };
    /// `(0, 1)`: δ, confidence levels.
    pub const UNIT_OPEN: Domain = Domain::Real { lo: 0.0, lo_closed: false, hi: 1.0, hi_closed: false };
    /// `[0, 1]`: probabilities, sampling rates, the argument α of a trade-off function.
    pub const UNIT_CLOSED: Domain = Domain::Real { lo: 0.0, lo_closed: true, hi: 1.0, hi_closed: true };
    /// `(0, 1]`.
    pub const UNIT_LEFT_OPEN: Domain = Domain::Real { lo: 0.0, lo_closed: false, hi: 1.0, hi_closed: true };
    /// Rényi orders `(1, ∞)`.
    pub const ORDER: Domain = Domain::Real { lo: 1.0, lo_closed: false, hi: f64::INFINITY, hi_closed: false };
    /// Counts `1, 2, …` (steps, users, iterations).
    pub const COUNT: Domain = Domain::Int { lo: 1, hi: u64::MAX };
    /// Integer Rényi orders `2, 3, …`.
    pub const INT_ORDER: Domain = Domain::Int { lo: 2, hi: u64::MAX };

    /// A real range `[lo, hi]` (closed ends).
    pub const fn closed(lo: f64, hi: f64) -> Domain {
        Domain::Real { lo, lo_closed: true, hi, hi_closed: true }
    }
    /// A real range `(lo, hi)` (open ends).
    pub const fn open(lo: f64, hi: f64) -> Domain {
        Domain::Real { lo, lo_closed: false, hi, hi_closed: false }
    }
    /// Integers `lo..=hi`.
    pub const fn int(lo: u64, hi: u64) -> Domain {
        Domain::Int { lo, hi }
    }
    /// A list of reals each in `each` (a `Real` domain), `min_len..=max_len` entries.
    pub const fn reals(each: Domain, min_len: usize, max_len: usize) -> Domain {
        match each {
            Domain::Real { lo, lo_closed, hi, hi_closed } => Domain::Reals { lo, lo_closed, hi, hi_closed, min_len, max_len },
            other => other,
        }
    }

    /// Short text of the domain: `(0, inf)`, `integer in [1, 1099511627776]`, `one of: add, remove`.
    pub fn describe(&self) -> String {
        fn range(lo: f64, lc: bool, hi: f64, hc: bool) -> String {
            format!("{}{}, {}{}", if lc { "[" } else { "(" }, format_number(lo), format_number(hi), if hc { "]" } else { ")" })
        }
        match *self {
            Domain::Real { lo, lo_closed, hi, hi_closed } => range(lo, lo_closed, hi, hi_closed),
            Domain::Int { lo, hi } if hi == u64::MAX => format!("integer >= {lo}"),
            Domain::Int { lo, hi } => format!("integer in [{lo}, {hi}]"),
            Domain::Choice(words) => format!("one of: {}", words.join(", ")),
            Domain::Reals { lo, lo_closed, hi, hi_closed, min_len, max_len } => {
                let len = if max_len == usize::MAX { format!("at least {min_len}") } else if min_len == max_len { format!("{min_len}") } else { format!("{min_len} to {max_len}") };
                format!("comma-separated list of {len} reals, each in {}", range(lo, lo_closed, hi, hi_closed))
            }
        }
    }

    /// The kind of value, for listings: `real`, `integer`, `choice` or `reals`.
    pub fn kind(&self) -> &'static str {
        match self {
            Domain::Real { .. } => "real",
            Domain::Int { .. } => "integer",
            Domain::Choice(_) => "choice",
            Domain::Reals { .. } => "reals",
        }
    }

    /// Parse and validate `text` as a value of `name` in this domain.
    pub fn parse(&self, name: &str, text: &str) -> Result<Value> {
        let t = text.trim();
        match *self {
            Domain::Real { lo, lo_closed, hi, hi_closed } => {
                let x = parse_real(name, t)?;
                check_range(name, x, lo, lo_closed, hi, hi_closed, self)?;
                Ok(Value::Real(x))
            }
            Domain::Int { lo, hi } => {
                let n = parse_int(name, t)?;
                if n < lo || n > hi {
                    return Err(Error::invalid(name, t, &format!("must be an {}", self.describe())));
                }
                Ok(Value::Int(n))
            }
            Domain::Choice(words) => match words.iter().find(|w| w.eq_ignore_ascii_case(t)) {
                Some(w) => Ok(Value::Text((*w).to_string())),
                None => Err(Error::invalid(name, t, &format!("must be {}", self.describe()))),
            },
            Domain::Reals { lo, lo_closed, hi, hi_closed, min_len, max_len } => {
                let parts: Vec<&str> = if t.is_empty() { Vec::new() } else { t.split(',').collect() };
                if parts.len() < min_len || parts.len() > max_len {
                    return Err(Error::invalid(name, t, &format!("must be a {}", self.describe())));
                }
                let each = Domain::Real { lo, lo_closed, hi, hi_closed };
                let mut xs = Vec::with_capacity(parts.len());
                for (i, p) in parts.iter().enumerate() {
                    let x = parse_real(&format!("{name}[{}]", i + 1), p.trim())?;
                    check_range(&format!("{name}[{}]", i + 1), x, lo, lo_closed, hi, hi_closed, &each)?;
                    xs.push(x);
                }
                Ok(Value::Reals(xs))
            }
        }
    }
}

fn parse_real(name: &str, t: &str) -> Result<f64> {
    match parse_number(t) {
        Some(x) => Ok(x),
        None => Err(Error::invalid(name, if t.is_empty() { "''" } else { t }, "must be a number")),
    }
}

fn parse_int(name: &str, t: &str) -> Result<u64> {
    if let Ok(n) = t.parse::<u64>() {
        return Ok(n);
    }
    // 1e6, 1000.0: accepted when the value is an exact non-negative integer.
    match parse_number(t) {
        Some(x) if x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x < 1.8446744073709552e19 => Ok(x as u64),
        _ => Err(Error::invalid(name, if t.is_empty() { "''" } else { t }, "must be a non-negative integer")),
    }
}

fn check_range(name: &str, x: f64, lo: f64, lo_closed: bool, hi: f64, hi_closed: bool, d: &Domain) -> Result<()> {
    let above_lo = if lo_closed { x >= lo } else { x > lo };
    let below_hi = if hi_closed { x <= hi } else { x < hi };
    if above_lo && below_hi {
        Ok(())
    } else {
        Err(Error::invalid(name, format_number(x), &format!("must lie in {}", d.describe())))
    }
}

/// Whether a parameter must be given.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Presence {
    /// Must be given.
    Required,
    /// Taken from this text when not given.
    Default(&'static str),
    /// May be absent (the evaluator says what its absence means).
    Optional,
}

/// One declared parameter of a result card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Param {
    /// Name used on the command line (`NAME=VALUE`), in JSON and in Python keyword arguments.
    pub name: &'static str,
    /// The paper's symbol (`σ`, `T`, `α`).
    pub symbol: &'static str,
    /// Meaning and convention (e.g. "replace-one sensitivity L of the gradient").
    pub meaning: &'static str,
    pub domain: Domain,
    pub presence: Presence,
}

impl Param {
    /// A required parameter.
    pub const fn new(name: &'static str, symbol: &'static str, meaning: &'static str, domain: Domain) -> Param {
        Param { name, symbol, meaning, domain, presence: Presence::Required }
    }
    /// The same parameter with a default value (text, parsed like user input).
    pub const fn default(self, value: &'static str) -> Param {
        Param { presence: Presence::Default(value), ..self }
    }
    /// The same parameter, optional (no default).
    pub const fn optional(self) -> Param {
        Param { presence: Presence::Optional, ..self }
    }
    /// The same parameter under another name (for results that use the symbol differently).
    pub const fn named(self, name: &'static str) -> Param {
        Param { name, ..self }
    }
    /// The same parameter with another meaning text.
    pub const fn meaning(self, meaning: &'static str) -> Param {
        Param { meaning, ..self }
    }
    /// The same parameter with another domain.
    pub const fn domain(self, domain: Domain) -> Param {
        Param { domain, ..self }
    }
}

/// A validated parameter value.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Value {
    Real(#[serde(serialize_with = "crate::num::fmt::serialize_f64")] f64),
    Int(u64),
    Text(String),
    Reals(#[serde(serialize_with = "crate::num::fmt::serialize_f64s")] Vec<f64>),
}

/// The validated parameters of one evaluation, by name. Built only by [`Args::parse`], so every
/// declared required parameter is present and every value lies in its domain.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Args {
    /// In the card's declared order.
    values: Vec<(String, Value)>,
}

impl Serialize for Args {
    /// A JSON object, keys in the card's declared order.
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(Some(self.values.len()))?;
        for (k, v) in &self.values {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

impl Args {
    /// Validate `given` (name, text) pairs against `params`: unknown or repeated names, values
    /// outside their domain and missing required parameters are errors naming them (`what` names
    /// the result, e.g. `model_merging Theorem 5.1`). Defaults fill absent parameters.
    pub fn parse(what: &str, params: &[Param], given: &[(String, String)]) -> Result<Args> {
        let mut given_values: BTreeMap<&str, Value> = BTreeMap::new();
        for (name, text) in given {
            // Exact name first; otherwise a case-insensitive match when it is unique (`l=2` for `L`).
            let exact = params.iter().find(|p| p.name == name.as_str());
            let loose: Vec<&Param> = params.iter().filter(|p| p.name.eq_ignore_ascii_case(name)).collect();
            let found = exact.or(if loose.len() == 1 { Some(loose[0]) } else { None });
            let Some(p) = found else {
                let names: Vec<&str> = params.iter().map(|p| p.name).collect();
                return Err(Error::UnknownName { kind: format!("parameter of {what}"), name: name.clone(), expected: names.join(", ") });
            };
            if given_values.contains_key(p.name) {
                return Err(Error::invalid(p.name, text, "given twice"));
            }
            given_values.insert(p.name, p.domain.parse(p.name, text)?);
        }
        let mut missing = Vec::new();
        let mut values = Vec::new();
        for p in params {
            if let Some(v) = given_values.remove(p.name) {
                values.push((p.name.to_string(), v));
                continue;
            }
            match p.presence {
                Presence::Required => missing.push(p.name),
                Presence::Default(text) => values.push((p.name.to_string(), p.domain.parse(p.name, text)?)),
                Presence::Optional => {}
            }
        }
        if !missing.is_empty() {
            return Err(Error::MissingParameters { what: what.to_string(), names: missing.join(", "), hint: " (see `dpaudit eval --list`)".into() });
        }
        Ok(Args { values })
    }

    fn get(&self, name: &str) -> Result<&Value> {
        self.values.iter().find(|(k, _)| k == name).map(|(_, v)| v).ok_or_else(|| Error::Numerical(format!("result card asked for parameter '{name}', which is not declared or not given (a bug in dpaudit)")))
    }
    fn kind_error(name: &str, want: &str) -> Error {
        Error::Numerical(format!("result card read parameter '{name}' as {want}, but it is declared otherwise (a bug in dpaudit)"))
    }

    /// Is the (optional) parameter `name` given?
    pub fn has(&self, name: &str) -> bool {
        self.values.iter().any(|(k, _)| k == name)
    }
    /// The real parameter `name`.
    pub fn real(&self, name: &str) -> Result<f64> {
        match self.get(name)? {
            Value::Real(x) => Ok(*x),
            Value::Int(n) => Ok(*n as f64),
            _ => Err(Self::kind_error(name, "a real")),
        }
    }
    /// The integer parameter `name`.
    pub fn int(&self, name: &str) -> Result<u64> {
        match self.get(name)? {
            Value::Int(n) => Ok(*n),
            _ => Err(Self::kind_error(name, "an integer")),
        }
    }
    /// The choice parameter `name` (one of its declared words, as declared).
    pub fn text(&self, name: &str) -> Result<&str> {
        match self.get(name)? {
            Value::Text(s) => Ok(s),
            _ => Err(Self::kind_error(name, "a choice")),
        }
    }
    /// The list parameter `name`.
    pub fn reals(&self, name: &str) -> Result<&[f64]> {
        match self.get(name)? {
            Value::Reals(xs) => Ok(xs),
            _ => Err(Self::kind_error(name, "a list of reals")),
        }
    }
    /// The optional real parameter `name`, `None` when absent.
    pub fn opt_real(&self, name: &str) -> Result<Option<f64>> {
        if self.has(name) { self.real(name).map(Some) } else { Ok(None) }
    }
    /// The optional integer parameter `name`, `None` when absent.
    pub fn opt_int(&self, name: &str) -> Result<Option<u64>> {
        if self.has(name) { self.int(name).map(Some) } else { Ok(None) }
    }
    /// The values in the card's declared order (for reports).
    pub fn values(&self) -> &[(String, Value)] {
        &self.values
    }
}
