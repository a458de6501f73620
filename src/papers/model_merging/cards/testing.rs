//! Test helpers of the card value tests: evaluate a card of *DP Model Merging* through
//! [`crate::papers::card::evaluate`] and compare an output with an independent value; read the
//! independent values (the golden anchors `golden/anchors/model_merging/*.csv` and the card
//! anchors `cards.jsonl`, both computed by mpmath from the paper, not from this code).

use crate::papers::card::{evaluate, EvalOptions, Evaluation};
use crate::papers::Guarantee;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

/// Evaluate `result` of the paper at `params` (name, value as typed); panics with the error.
pub fn eval(result: &str, params: &[(&str, &str)]) -> Evaluation {
    let given: Vec<(String, String)> = params.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    evaluate("model_merging", result, &given, &EvalOptions::default(), &AtomicBool::new(false)).unwrap_or_else(|e| panic!("{result} {params:?}: {e}"))
}

/// Output `name` of `ev` against the independent value `truth`: `|value − truth| ≤ rel·|truth| +
/// abs`; an `upper` output is never below the truth (up to `slack` relative: the truth printed to
/// 25 digits and parsed to f64); a reported interval contains the truth (up to `slack`).
pub fn check(ev: &Evaluation, name: &str, truth: f64, rel: f64, abs: f64, slack: f64, why: &str) {
    let o = ev.output(name).unwrap_or_else(|| panic!("{} has no output {name}", ev.result));
    let v = o.value.unwrap_or_else(|| panic!("{} {name} at {:?}: {}", ev.result, ev.parameters, o.note));
    let tol = rel * truth.abs() + abs;
    let s = slack * truth.abs() + abs;
    assert!((v - truth).abs() <= tol, "{} {name} at {:?}: {v} vs {truth} ({why}); |diff| = {:e} > {tol:e}", ev.result, ev.parameters, (v - truth).abs());
    if o.guarantee == Guarantee::Upper {
        assert!(v >= truth - s, "{} {name}: upper bound {v} below the truth {truth} ({why})", ev.result);
    }
    if let Some(iv) = o.interval() {
        assert!(iv.lower <= truth + s && iv.upper >= truth - s, "{} {name} at {:?}: interval [{}, {}] misses {truth} ({why})", ev.result, ev.parameters, iv.lower, iv.upper);
    }
}

/// One row of an anchor file: the key columns, the output column and its value.
#[derive(Debug)]
pub struct AnchorRow {
    pub key: BTreeMap<String, String>,
    pub column: String,
    pub value: f64,
}

/// The rows of `golden/anchors/model_merging/<file>` (the independent mpmath values of a golden
/// file, `anchors.py`).
pub fn csv_anchors(text: &str) -> Vec<AnchorRow> {
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let header: Vec<&str> = lines.next().expect("anchor header").split(',').collect();
    let ncol = header.iter().position(|h| *h == "column").expect("column field");
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            AnchorRow { key: header[..ncol].iter().zip(&f).map(|(h, v)| (h.to_string(), v.to_string())).collect(), column: f[ncol].into(), value: f[ncol + 1].parse().expect("anchor value") }
        })
        .collect()
}

/// The card anchors of `cards.jsonl` (`cards.py`) for `result`: parameters, output, value,
/// tolerance.
pub fn card_anchors(result: &str) -> Vec<(Vec<(String, String)>, String, f64, f64, f64, String)> {
    include_str!("../../../../golden/anchors/model_merging/cards.jsonl")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("cards.jsonl line"))
        .filter(|j| j["result"] == result)
        .map(|j| {
            let params = j["params"].as_object().expect("params").iter().map(|(k, v)| (k.clone(), v.as_str().expect("param text").to_string())).collect();
            let num = |k: &str| j[k].as_f64().unwrap_or_else(|| j[k].as_str().expect(k).parse().expect(k));
            (params, j["output"].as_str().expect("output").to_string(), num("value"), num("rel"), num("abs"), j["source"].as_str().unwrap_or("").to_string())
        })
        .collect()
}

/// Check every `cards.jsonl` anchor of `result`; returns how many were checked.
pub fn check_card_anchors(result: &str) -> usize {
    let rows = card_anchors(result);
    for (params, output, value, rel, abs, source) in &rows {
        let p: Vec<(&str, &str)> = params.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let ev = eval(result, &p);
        // The interval may miss the anchor by the anchor's own accuracy (quadrature anchors: `rel`).
        check(&ev, output, *value, rel.max(1e-13), *abs, rel.max(1e-12), source);
    }
    rows.len()
}
