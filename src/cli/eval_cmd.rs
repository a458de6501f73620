//! `dpaudit eval`: evaluate any registered result of the four papers by name, or list the result
//! cards ([`crate::papers::card`]). Presentation only.

use super::EXIT_OK;
use crate::num::fmt::format_number;
use crate::papers::card::{self, CardInfo, EvalOptions, Evaluation};
use crate::{Error, Result};
use clap::Args;
use std::sync::atomic::AtomicBool;

pub const EVAL_EXAMPLES: &str = "\
Examples:
  dpaudit eval --list                                   # every result card, one line each
  dpaudit eval --list shifted_interpolation \"Theorem 4.1\"   # one card: parameters, outputs, example
  dpaudit eval --list --json                            # every card as JSON
  dpaudit eval shifted_interpolation \"Theorem 4.1\" L=2 n=1000 sigma=0.05 T=100 delta=1e-5
  dpaudit eval model_merging \"Theorem 5.1\" pi=0.5,0.5 eps=0.25,0.0625 alpha=8 --json
  dpaudit eval balanced_iteration thm3.1 T=10 k=4 sigma=2 alpha=8 --precision 512

The result may be written as printed (\"Theorem 4.1\") or abbreviated (thm4.1, Thm 4.1,
theorem_4_1); the paper key also as model-merging. Parameters are NAME=VALUE (lists
comma-separated); `--list PAPER RESULT` shows their meaning, domain and default.
Each output is shown with its guarantee (exact, upper, lower, estimate: an upper bound is rounded
toward more privacy loss), its f64 value and, where the result has an MPFR twin or a certified
route, an enclosing interval (MPFR at --precision bits, checked at twice that precision).
An output that cannot be computed at the given parameters says why; the others are still shown.
--width REL asks composed quantities for a certified interval of relative width <= REL.
JSON: {\"paper\", \"result\", \"parameters\": {...}, \"outputs\": [{\"name\", \"value\", \"lower\",
\"upper\", \"guarantee\", \"note\", ...}]}; infinite values are the strings \"inf\" / \"-inf\".
Exit status: 0 success; 2 unknown result or parameter, value outside its domain, missing
parameter (one line, naming it); 130 interrupted.";

/// Arguments of `dpaudit eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// List the result cards (all; of PAPER; or the one card PAPER RESULT) instead of evaluating.
    #[arg(long)]
    pub list: bool,
    /// Paper key: model_merging, shifted_interpolation, balanced_iteration, mixture_fdp.
    #[arg(value_name = "PAPER")]
    pub paper: Option<String>,
    /// The result as the paper numbers it ("Theorem 4.1", "Lemma C.6"; abbreviations accepted).
    #[arg(value_name = "RESULT")]
    pub result: Option<String>,
    /// Parameters, NAME=VALUE.
    #[arg(value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// MPFR precision in bits of the enclosing intervals (64 to 65536; default 256).
    #[arg(long, value_name = "BITS", allow_negative_numbers = true)]
    pub precision: Option<u32>,
    /// Target relative width of certified intervals of composed quantities, in (0, 1).
    #[arg(long, value_name = "REL", allow_negative_numbers = true)]
    pub width: Option<f64>,
    /// Print JSON instead of the table.
    #[arg(long)]
    pub json: bool,
}

/// Run the command.
pub fn run(a: &EvalArgs, interrupt: &AtomicBool) -> Result<i32> {
    if a.list {
        if !a.params.is_empty() {
            return Err(Error::invalid("--list", a.params.join(" "), "takes at most PAPER and RESULT, no parameters"));
        }
        let cards = card::listing(a.paper.as_deref(), a.result.as_deref())?;
        if a.json {
            println!("{}", serde_json::to_string_pretty(&cards).unwrap_or_default());
        } else if a.result.is_some() {
            print!("{}", card_text(&cards[0]));
        } else {
            print!("{}", list_text(&cards));
        }
        return Ok(EXIT_OK);
    }
    let paper = a.paper.as_deref().ok_or_else(|| Error::invalid("PAPER", "(none)", &format!("name a paper ({}) and a result, or use --list", crate::papers::paper::keys())))?;
    let Some(result) = a.result.as_deref() else {
        let names: Vec<&str> = card::listing(Some(paper), None)?.iter().map(|c| c.result).collect();
        return Err(Error::invalid("RESULT", "(none)", &format!("name a result of {paper}: {}", names.join(", "))));
    };
    let given = parse_assignments(&a.params)?;
    let opts = EvalOptions { precision: a.precision, width: a.width };
    let ev = card::evaluate(paper, result, &given, &opts, interrupt)?;
    if a.json {
        println!("{}", serde_json::to_string_pretty(&ev).unwrap_or_default());
    } else {
        print!("{}", eval_text(&ev));
    }
    Ok(EXIT_OK)
}

/// `NAME=VALUE` words as (name, value) pairs.
fn parse_assignments(words: &[String]) -> Result<Vec<(String, String)>> {
    words
        .iter()
        .map(|w| match w.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
            _ => Err(Error::invalid("parameter", w, "expected NAME=VALUE (see `dpaudit eval --list PAPER RESULT`)")),
        })
        .collect()
}

fn opt_num(x: Option<f64>) -> String {
    x.map_or("-".into(), format_number)
}

fn eval_text(ev: &Evaluation) -> String {
    let mut out = format!("{} {}: {}\n", ev.paper, ev.result, ev.title);
    let params: Vec<String> = ev.parameters.values().iter().map(|(k, v)| format!("{k} = {}", v.to_text())).collect();
    out.push_str(&format!("parameters: {}\n", params.join(", ")));
    let w_name = ev.outputs.iter().map(|o| o.name.chars().count()).max().unwrap_or(6).max(6);
    out.push_str(&format!("{:<w_name$}  {:<9}  {:>24}  {:<50}  note\n", "output", "guarantee", "value", format!("interval (MPFR {} bits or certified)", ev.precision)));
    for o in &ev.outputs {
        let g = serde_json::to_value(o.guarantee).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        let iv = match (o.lower, o.upper) {
            (Some(l), Some(u)) => format!("[{}, {}]", format_number(l), format_number(u)),
            _ => "-".into(),
        };
        out.push_str(&format!("{:<w_name$}  {:<9}  {:>24}  {:<50}  {}\n", o.name, g, opt_num(o.value), iv, o.note));
    }
    out
}

fn list_text(cards: &[CardInfo]) -> String {
    let mut out = format!("{:<22} {:<26} {:<9} {:<44} {}\n", "paper", "result", "guarantee", "parameters", "outputs");
    for c in cards {
        let g = serde_json::to_value(c.guarantee).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        let params: Vec<&str> = c.parameters.iter().map(|p| p.name).collect();
        let outs: Vec<&str> = c.outputs.iter().map(|o| o.name).collect();
        out.push_str(&format!("{:<22} {:<26} {:<9} {:<44} {}\n", c.paper, c.result, g, params.join(" "), outs.join(" ")));
    }
    out.push_str(&format!("{} results; `dpaudit eval --list PAPER RESULT` describes one.\n", cards.len()));
    out
}

fn card_text(c: &CardInfo) -> String {
    let mut out = format!("{} {}: {}\n", c.paper, c.result, c.title);
    out.push_str(&format!("implemented by {}; golden file golden/{}; spec {}\n", c.function, c.golden, c.spec));
    out.push_str("parameters:\n");
    for p in &c.parameters {
        let presence = match (p.required, p.default) {
            (true, _) => "required".to_string(),
            (false, Some(d)) => format!("default {d}"),
            (false, None) => "optional".to_string(),
        };
        out.push_str(&format!("  {:<12} {:<6} {:<40} {:<12} {}\n", p.name, p.symbol, p.domain, presence, p.meaning));
    }
    out.push_str("outputs:\n");
    for o in &c.outputs {
        let g = serde_json::to_value(o.guarantee).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        out.push_str(&format!("  {:<16} {:<9} {}\n", o.name, g, o.meaning));
    }
    out.push_str(&format!("example:\n  {}\n", c.example_command));
    out
}
