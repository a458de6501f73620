//! Result cards: every registered result of every paper as something the program can call.
//!
//! A [`Card`] holds what a user needs to evaluate one numbered result of a paper: its declared
//! **parameters** ([`Param`]: name, the paper's symbol, meaning and convention, valid domain,
//! default), its named **outputs** ([`OutputSpec`]: each with its guarantee — exact, upper,
//! lower, estimate — and rounding direction), an **evaluator** (f64, plus an enclosing interval
//! from MPFR at the requested precision where the result has an MPFR twin, or from a certified
//! route), and an **example** parameter set. Curves take their query (α, ε, δ, order) as a
//! parameter.
//!
//! The program drives every result through its card: `dpaudit eval` ([`evaluate`],
//! [`listing`]), the Python `dpaudit.evaluate` / `dpaudit.results`, `dpaudit list`
//! ([`crate::papers::registry`]) and the generic tests (`card_test.rs`: every card's example
//! evaluates to finite outputs whose primary guarantee matches the registry).
//!
//! A card is a `const` next to the code it evaluates (in the paper's folder); the paper's
//! registry lists its cards in paper order ([`crate::papers::Paper`]).

pub mod common;
mod evaluate;
mod lookup;
mod output;
mod param;

pub use evaluate::{evaluate, evaluate_card, example_args, listing, two_precision, CardInfo, Ctx, EvalOptions, Evaluation, OutputInfo, ParamInfo, DEFAULT_PRECISION};
pub use lookup::{find, normalise_result};
pub use output::{rounding_of, Computed, OutputSpec, OutputValue, Outputs};
pub use param::{Args, Domain, Param, Presence, Value};

use crate::error::Result;
use crate::papers::Guarantee;

/// One registered result of a paper, callable by name.
#[derive(Clone, Copy)]
pub struct Card {
    /// The result as the paper numbers it (`Theorem 6.2`, `Algorithm 3`, `Remark after Theorem 5.1`).
    pub result: &'static str,
    /// One line: what the result computes, with its convention.
    pub title: &'static str,
    /// Rust path of the function implementing the result (relative to the paper's module).
    pub function: &'static str,
    /// The guarantee of the primary (first) output, as the registry states it.
    pub guarantee: Guarantee,
    /// Golden file (relative to `golden/`) holding its reference values.
    pub golden: &'static str,
    /// Section of the paper's implementation spec (`shared/spec/<paper>.md`).
    pub spec: &'static str,
    /// Declared parameters (validated once, at the boundary, by [`Args::parse`]).
    pub params: &'static [Param],
    /// Declared outputs; the first is the primary one (its guarantee is [`Card::guarantee`]).
    pub outputs: &'static [OutputSpec],
    /// One example parameter set (`name`, value as typed on the command line).
    pub example: &'static [(&'static str, &'static str)],
    /// Does the evaluator return an MPFR interval (at [`Ctx::precision`]) for some output?
    pub mpfr: bool,
    /// The evaluator: validated parameters in, outputs out. Cross-parameter constraints (e.g.
    /// k ≤ T) are checked here, with errors naming the values.
    pub eval: fn(&Args, &Ctx) -> Result<Outputs>,
}

impl std::fmt::Debug for Card {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Card").field("result", &self.result).field("function", &self.function).finish_non_exhaustive()
    }
}

impl PartialEq for Card {
    fn eq(&self, other: &Card) -> bool {
        self.result == other.result && self.function == other.function && self.golden == other.golden
    }
}

#[cfg(test)]
#[path = "card_test.rs"]
mod card_test;
