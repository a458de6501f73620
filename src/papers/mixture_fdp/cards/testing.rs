//! Helpers of the card tests: evaluate a card of this paper through
//! [`crate::papers::card::evaluate`] (the path `dpaudit eval` and Python take) and read outputs.

use crate::papers::card::{evaluate, EvalOptions, Evaluation};
use std::sync::atomic::AtomicBool;

/// `dpaudit eval mixture_fdp RESULT k=v …`, panicking on an error.
pub fn eval(result: &str, params: &[(&str, &str)]) -> Evaluation {
    let given: Vec<(String, String)> = params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    evaluate("mixture_fdp", result, &given, &EvalOptions::default(), &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{result} {params:?}: {e}"))
}

/// The value of output `name`, panicking (with the note) when not computed.
pub fn val(ev: &Evaluation, name: &str) -> f64 {
    let o = ev.output(name).unwrap_or_else(|| panic!("{}: no output {name}", ev.result));
    o.value.unwrap_or_else(|| panic!("{} {name}: {}", ev.result, o.note))
}

/// `|got − want| ≤ tol` with a message naming the output.
pub fn close(ev: &Evaluation, name: &str, want: f64, tol: f64) {
    let got = val(ev, name);
    assert!((got - want).abs() <= tol, "{} {name}: {got} vs {want} (tol {tol})", ev.result);
}

/// Relative closeness `|got/want − 1| ≤ tol`.
pub fn rel(ev: &Evaluation, name: &str, want: f64, tol: f64) {
    let got = val(ev, name);
    assert!((got / want - 1.0).abs() <= tol, "{} {name}: {got} vs {want} (rel tol {tol})", ev.result);
}

/// The output's note when it was not computed.
pub fn not_computed(ev: &Evaluation, name: &str) -> String {
    let o = ev.output(name).unwrap();
    assert!(o.value.is_none(), "{} {name} was computed: {:?}", ev.result, o.value);
    o.note.clone()
}
