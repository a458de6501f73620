//! Evaluating a card ([`evaluate`], [`evaluate_card`]) and describing every card ([`listing`]):
//! the library side of `dpaudit eval` and of the Python `dpaudit.evaluate` / `dpaudit.results`.

use super::output::{rounding_of, OutputValue};
use super::param::{Args, Presence, Value};
use super::{lookup, Card};
use crate::error::{Error, Result};
use crate::num::mp::two_prec_interval;
use crate::num::{Interval, Mp};
use crate::papers::paper::Paper;
use crate::papers::Guarantee;
use crate::worker::{run_cancellable, Cancel};
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

/// MPFR precision (bits) of the enclosing intervals when none is asked for.
pub const DEFAULT_PRECISION: u32 = 256;

/// What the caller may ask of an evaluation besides the parameters.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EvalOptions {
    /// MPFR precision in bits for the enclosing intervals (64 ≤ bits ≤ 65536); default
    /// [`DEFAULT_PRECISION`].
    pub precision: Option<u32>,
    /// Target relative width of certified intervals of composed quantities (0 < w < 1).
    pub width: Option<f64>,
}

impl EvalOptions {
    /// Validate the options (errors name the value).
    pub fn validate(&self) -> Result<()> {
        if let Some(p) = self.precision {
            crate::num::mp::check_precision(p)?;
        }
        if let Some(w) = self.width {
            if !(w > 0.0 && w < 1.0) {
                return Err(Error::invalid("width", w, "must be a relative width in the open interval (0, 1)"));
            }
        }
        Ok(())
    }
}

/// What an evaluator may use besides the parameters.
pub struct Ctx<'a> {
    /// MPFR precision in bits for enclosing intervals.
    pub precision: u32,
    /// Target relative width of certified intervals of composed quantities, if asked for.
    pub width: Option<f64>,
    /// Set by Ctrl-C (or when the caller stops waiting); long evaluations check it and return
    /// [`Error::Interrupted`].
    pub interrupt: &'a AtomicBool,
    /// The same flag as a token for engines that take one in their options
    /// (`PldOptions::cancel`), so a composition stops at its next pass or step when the caller
    /// stops waiting. Never set when the card runs inline (inside a rayon worker).
    pub cancel: Cancel,
}

impl Ctx<'_> {
    /// A context with the default precision, no width target and no interruption (tests, golden
    /// generators, audit points).
    pub fn quiet(interrupt: &AtomicBool) -> Ctx<'_> {
        Ctx { precision: DEFAULT_PRECISION, width: None, interrupt, cancel: Cancel::default() }
    }
    /// `Err(Interrupted)` once Ctrl-C was pressed.
    pub fn check(&self) -> Result<()> {
        if self.interrupt.load(Ordering::Relaxed) {
            Err(Error::Interrupted)
        } else {
            Ok(())
        }
    }
    /// PLD options of a composed query: `reference_delta` (the δ the grid is chosen for), the
    /// requested width (if any) as the relative accuracy of ε and δ queries, and [`Ctx::cancel`].
    pub fn pld_options(&self, reference_delta: f64) -> crate::pld::PldOptions {
        let mut o = crate::pld::PldOptions { reference_delta, cancel: self.cancel.clone(), ..crate::pld::PldOptions::default() };
        if let Some(w) = self.width {
            (o.eps_rel_accuracy, o.delta_rel_accuracy) = (w, w);
        }
        o
    }
    /// Enclosing intervals of MPFR values: `f` evaluated at [`Ctx::precision`] and at twice it,
    /// see [`two_precision`].
    pub fn mp(&self, f: impl Fn(u32) -> Result<Vec<Mp>>) -> Result<Vec<Interval>> {
        two_precision(self.precision, f)
    }
}

/// Evaluate `f` (a list of MPFR values at the given precision) at `prec` and `2·prec` bits and
/// enclose each value by the two-precision bound ([`crate::num::mp::two_prec_err`]), ends
/// rounded outward. Errors if a value is NaN or the two precisions disagree on finiteness.
pub fn two_precision(prec: u32, f: impl Fn(u32) -> Result<Vec<Mp>>) -> Result<Vec<Interval>> {
    let v1 = f(prec)?;
    let v2 = f(2 * prec)?;
    if v1.len() != v2.len() {
        return Err(Error::Numerical("MPFR twin returned a different number of values at two precisions".into()));
    }
    v1.iter()
        .zip(&v2)
        .enumerate()
        .map(|(i, (a, b))| two_prec_interval(a, b, prec).ok_or_else(|| Error::Numerical(format!("MPFR value {} is NaN or not finite at one precision only ({a} vs {b})", i + 1))))
        .collect()
}

/// The outcome of one evaluation: the JSON object of `dpaudit eval --json`
/// (`{"paper", "result", "parameters": {…}, "outputs": [{"name", "value", "lower", "upper",
/// "guarantee", "note"}, …]}`) and the dict of the Python `dpaudit.evaluate`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Evaluation {
    pub paper: String,
    pub result: String,
    pub title: String,
    /// Every parameter, given or defaulted, validated.
    pub parameters: Args,
    pub outputs: Vec<OutputValue>,
    /// MPFR precision of the enclosing intervals.
    pub precision: u32,
    /// The requested relative width, if any.
    #[serde(serialize_with = "crate::num::fmt::serialize_opt_f64")]
    pub width: Option<f64>,
}

impl Evaluation {
    /// The reported output `name`.
    pub fn output(&self, name: &str) -> Option<&OutputValue> {
        self.outputs.iter().find(|o| o.name == name)
    }
}

/// Evaluate result `result` of paper `paper` at the parameters `given` (name, value as typed).
/// Errors: unknown paper, result or parameter; a value outside its domain; a missing required
/// parameter; bad options; interruption. A single output that cannot be computed is reported as
/// "not computed: reason" and does not make the evaluation fail.
pub fn evaluate(paper: &str, result: &str, given: &[(String, String)], opts: &EvalOptions, interrupt: &AtomicBool) -> Result<Evaluation> {
    let (p, card) = lookup::find(paper, result)?;
    evaluate_card(p, card, given, opts, interrupt)
}

/// [`evaluate`] for a card already found.
pub fn evaluate_card(paper: &Paper, card: &Card, given: &[(String, String)], opts: &EvalOptions, interrupt: &AtomicBool) -> Result<Evaluation> {
    opts.validate()?;
    let what = format!("{} {}", paper.key, card.result);
    let args = Args::parse(&what, card.params, given)?;
    let (precision, width, eval, job_args) = (opts.precision.unwrap_or(DEFAULT_PRECISION), opts.width, card.eval, args.clone());
    // Every evaluator runs on a worker thread polled for `interrupt` (Ctrl-C stops the caller
    // within 50 ms whatever the evaluator does); the evaluator's own checks and the engines it
    // hands `ctx.cancel` see the interrupt too and stop the detached work.
    let mut computed = run_cancellable(interrupt, None, move |flag, cancel| {
        let ctx = Ctx { precision, width, interrupt: flag, cancel };
        ctx.check()?;
        eval(&job_args, &ctx)
    })?;
    // A result that arrives after Ctrl-C is not reported.
    if interrupt.load(Ordering::Relaxed) {
        return Err(Error::Interrupted);
    }
    let mut outputs = Vec::with_capacity(card.outputs.len());
    for spec in card.outputs {
        let c = match computed.items.iter().position(|(n, _)| *n == spec.name) {
            Some(i) => computed.items.remove(i).1,
            None => super::Computed::NotComputed("the evaluator gave no value (a bug in dpaudit)".into()),
        };
        outputs.push(OutputValue::from_computed(spec, c));
    }
    if let Some((name, _)) = computed.items.first() {
        return Err(Error::Numerical(format!("{what}: the evaluator returned an undeclared output '{name}' (a bug in dpaudit)")));
    }
    super::output::check_relations(card.outputs, &mut outputs);
    Ok(Evaluation { paper: paper.key.into(), result: card.result.into(), title: card.title.into(), parameters: args, outputs, precision, width })
}

/// One declared parameter, for listings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ParamInfo {
    pub name: &'static str,
    pub symbol: &'static str,
    pub meaning: &'static str,
    /// `real`, `integer`, `choice` or `reals`.
    pub kind: &'static str,
    /// The valid values, e.g. `(0, inf)`.
    pub domain: String,
    pub required: bool,
    /// The default, as typed on the command line.
    pub default: Option<&'static str>,
}

/// One declared output, for listings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OutputInfo {
    pub name: &'static str,
    pub meaning: &'static str,
    pub guarantee: Guarantee,
    pub rounding: &'static str,
}

/// One card, for `dpaudit eval --list --json` and the Python `dpaudit.results()`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CardInfo {
    pub paper: &'static str,
    pub result: &'static str,
    pub title: &'static str,
    pub function: &'static str,
    /// Guarantee of the primary (first) output; the registry's.
    pub guarantee: Guarantee,
    pub golden: &'static str,
    pub spec: &'static str,
    /// Does some output carry an MPFR interval?
    pub mpfr: bool,
    pub parameters: Vec<ParamInfo>,
    pub outputs: Vec<OutputInfo>,
    /// The example parameter set (name → value as typed).
    pub example: BTreeMap<&'static str, &'static str>,
    /// The example as a command line.
    pub example_command: String,
}

impl CardInfo {
    pub fn of(paper: &Paper, card: &Card) -> CardInfo {
        let parameters = card
            .params
            .iter()
            .map(|p| ParamInfo {
                name: p.name,
                symbol: p.symbol,
                meaning: p.meaning,
                kind: p.domain.kind(),
                domain: p.domain.describe(),
                required: p.presence == Presence::Required,
                default: match p.presence {
                    Presence::Default(d) => Some(d),
                    _ => None,
                },
            })
            .collect();
        let outputs = card.outputs.iter().map(|o| OutputInfo { name: o.name, meaning: o.meaning, guarantee: o.guarantee, rounding: rounding_of(o.guarantee) }).collect();
        let mut cmd = format!("dpaudit eval {} \"{}\"", paper.key, card.result);
        for (k, v) in card.example {
            cmd.push_str(&format!(" {k}={v}"));
        }
        CardInfo {
            paper: paper.key,
            result: card.result,
            title: card.title,
            function: card.function,
            guarantee: card.guarantee,
            golden: card.golden,
            spec: card.spec,
            mpfr: card.mpfr,
            parameters,
            outputs,
            example: card.example.iter().copied().collect(),
            example_command: cmd,
        }
    }
}

/// Every card of every paper in [`crate::papers::ALL`] (papers in `ALL` order, cards in paper
/// order); with `paper` given, that paper's cards only, and with `result` too, that card only.
pub fn listing(paper: Option<&str>, result: Option<&str>) -> Result<Vec<CardInfo>> {
    match (paper, result) {
        (Some(p), Some(r)) => {
            let (p, c) = lookup::find(p, r)?;
            Ok(vec![CardInfo::of(p, c)])
        }
        (Some(p), None) => {
            let p = crate::papers::paper::find(p).ok_or_else(|| Error::UnknownName { kind: "paper".into(), name: p.into(), expected: crate::papers::paper::keys() })?;
            Ok(p.cards.iter().map(|c| CardInfo::of(p, c)).collect())
        }
        _ => Ok(crate::papers::ALL.iter().flat_map(|p| p.cards.iter().map(move |c| CardInfo::of(p, c))).collect()),
    }
}

/// The example of `card` as (name, value) pairs, ready for [`evaluate_card`].
pub fn example_args(card: &Card) -> Vec<(String, String)> {
    card.example.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
}

impl Value {
    /// The value as typed on the command line.
    pub fn to_text(&self) -> String {
        use crate::num::fmt::format_number;
        match self {
            Value::Real(x) => format_number(*x),
            Value::Int(n) => n.to_string(),
            Value::Text(s) => s.clone(),
            Value::Reals(xs) => xs.iter().map(|x| format_number(*x)).collect::<Vec<_>>().join(","),
        }
    }
}
