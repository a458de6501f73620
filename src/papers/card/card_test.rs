//! The conformance checks every result card passes (style principle 9: a shared check that every
//! implementation passes). Values of individual results are checked against independent numbers
//! in each paper's card tests; here, the contract of the card itself:
//! * declarations: ≥ 1 parameter and ≥ 1 output, unique names, the primary output's guarantee is
//!   the registry's, the example names declared parameters and gives every required one;
//! * the example evaluates to finite outputs, every interval is ordered and contains (or, for an
//!   upper bound, lies below) the reported value; an MPFR card returns an interval, and the
//!   intervals at twice the precision overlap;
//! * leaving out any required parameter is an error naming it; a value outside a parameter's
//!   domain is an error naming the parameter.

use super::*;
use crate::error::Error;
use crate::papers::Guarantee;
use std::sync::atomic::AtomicBool;

fn every_card() -> Vec<(&'static crate::papers::Paper, &'static Card)> {
    crate::papers::ALL.iter().flat_map(|p| p.cards.iter().map(move |c| (*p, c))).collect()
}

fn what(p: &crate::papers::Paper, c: &Card) -> String {
    format!("{} {}", p.key, c.result)
}

#[test]
fn every_card_declares_parameters_outputs_and_an_example() {
    let mut problems = Vec::new();
    for (p, c) in every_card() {
        let w = what(p, c);
        if c.params.is_empty() || c.outputs.is_empty() || c.title.is_empty() {
            problems.push(format!("{w}: no parameters, outputs or title (card not written)"));
            continue;
        }
        if c.outputs[0].guarantee != c.guarantee {
            problems.push(format!("{w}: primary output '{}' is {:?}, registry says {:?}", c.outputs[0].name, c.outputs[0].guarantee, c.guarantee));
        }
        let mut names: Vec<&str> = c.params.iter().map(|x| x.name).collect();
        names.sort();
        names.dedup();
        if names.len() != c.params.len() {
            problems.push(format!("{w}: a parameter name is declared twice"));
        }
        let mut outs: Vec<&str> = c.outputs.iter().map(|x| x.name).collect();
        outs.sort();
        outs.dedup();
        if outs.len() != c.outputs.len() {
            problems.push(format!("{w}: an output name is declared twice"));
        }
        for (k, _) in c.example {
            if !c.params.iter().any(|x| x.name == *k) {
                problems.push(format!("{w}: example names undeclared parameter '{k}'"));
            }
        }
        for x in c.params.iter().filter(|x| x.presence == Presence::Required) {
            if !c.example.iter().any(|(k, _)| *k == x.name) {
                problems.push(format!("{w}: example lacks required parameter '{}'", x.name));
            }
        }
        for o in c.outputs {
            for t in o.at_least.iter().chain(o.at_most) {
                if *t == o.name {
                    problems.push(format!("{w}: output '{}' is related to itself", o.name));
                }
            }
        }
        if ["precision", "width"].iter().any(|n| c.params.iter().any(|x| x.name == *n)) {
            problems.push(format!("{w}: 'precision' and 'width' are evaluation options, not parameter names"));
        }
    }
    assert!(problems.is_empty(), "{} card problem(s):\n{}", problems.len(), problems.join("\n"));
}

/// A declared relation (`at_least`/`at_most`) names an output of the card in some card that
/// uses the spec (specs are shared between cards, so a target may be absent in one of them,
/// but never in all: that is a typo and the relation would never be checked).
#[test]
fn every_declared_relation_names_an_output_of_some_card_using_it() {
    let mut problems = Vec::new();
    let mut relations = 0;
    for (p, c) in every_card() {
        for o in c.outputs {
            for t in o.at_least.iter().chain(o.at_most) {
                relations += 1;
                let somewhere = every_card().iter().any(|(_, d)| d.outputs.iter().any(|x| x == o) && d.outputs.iter().any(|x| x.name == *t));
                if !somewhere {
                    problems.push(format!("{}: '{}' is related to '{t}', which no card using it declares", what(p, c), o.name));
                }
            }
        }
    }
    assert!(relations >= 40, "only {relations} relations declared");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// [`check_relations`]: an upper bound below what it bounds (the e^ε overflow shape: 0.3378
/// printed as 4.9e−324) is withheld with both numbers; one above it passes; an interval's lower
/// end is what an `at_least` compares with; rounding differences within 1e−9 pass.
#[test]
fn a_bound_below_what_it_bounds_is_withheld_as_a_bug() {
    use super::output::{check_relations, Computed, OutputSpec, OutputValue};
    use crate::num::Interval;
    const SPECS: [OutputSpec; 3] = [
        OutputSpec::upper("delta", "bound").at_least(&["delta_exact"]),
        OutputSpec::exact("delta_exact", "truth"),
        OutputSpec::upper("curve", "trade-off bound, rounded down").at_most(&["delta_exact"]),
    ];
    let run = |bound: f64, exact: f64, iv: Option<Interval>, curve: f64| {
        let mut outs = vec![
            OutputValue::from_computed(&SPECS[0], Computed::Value { value: bound, interval: None, note: String::new() }),
            OutputValue::from_computed(&SPECS[1], Computed::Value { value: exact, interval: iv, note: String::new() }),
            OutputValue::from_computed(&SPECS[2], Computed::Value { value: curve, interval: None, note: String::new() }),
        ];
        check_relations(&SPECS, &mut outs);
        outs
    };
    let bad = run(4.9e-324, 0.3378, None, 0.1);
    assert_eq!(bad[0].value, None);
    assert!(bad[0].note.contains("would be below delta_exact = 3.378e-1") && bad[0].note.contains("a bug in dpaudit"), "{}", bad[0].note);
    assert_eq!(bad[2].value, Some(0.1));
    let ok = run(0.34, 0.3378, None, 0.3378 * (1.0 + 1e-12));
    assert_eq!((ok[0].value, ok[2].value), (Some(0.34), Some(0.3378 * (1.0 + 1e-12))));
    // Against an interval: its lower end counts for at_least, its upper end for at_most.
    let iv = Some(Interval { lower: 0.30, upper: 0.31 });
    let r = run(0.305, 0.309, iv, 0.3095);
    assert_eq!((r[0].value, r[2].value), (Some(0.305), Some(0.3095)));
    let r = run(0.299, 0.309, iv, 0.311);
    assert_eq!((r[0].value, r[2].value), (None, None), "{} / {}", r[0].note, r[2].note);
}

#[test]
fn every_example_evaluates_to_finite_consistent_outputs() {
    let stop = AtomicBool::new(false);
    let mut problems = Vec::new();
    for (p, c) in every_card() {
        let w = what(p, c);
        let ev = match evaluate_card(p, c, &example_args(c), &EvalOptions::default(), &stop) {
            Ok(ev) => ev,
            Err(e) => {
                problems.push(format!("{w}: example fails: {e}"));
                continue;
            }
        };
        assert_eq!(ev.outputs.len(), c.outputs.len(), "{w}");
        for o in &ev.outputs {
            let Some(v) = o.value else {
                problems.push(format!("{w}: output '{}' at the example: {}", o.name, o.note));
                continue;
            };
            if !v.is_finite() {
                problems.push(format!("{w}: output '{}' = {v} at the example (choose an example with finite outputs)", o.name));
            }
            if let Some(iv) = o.interval() {
                let slack = 1e-9 * v.abs().max(1e-300);
                let ok = match o.guarantee {
                    // An upper bound is never below the lower end of the value it bounds.
                    Guarantee::Upper => iv.lower <= iv.upper && v >= iv.lower - slack,
                    Guarantee::Lower => iv.lower <= iv.upper && v <= iv.upper + slack,
                    _ => iv.lower <= iv.upper && v >= iv.lower - slack && v <= iv.upper + slack,
                };
                if !ok {
                    problems.push(format!("{w}: output '{}' ({:?}) value {v} vs interval [{}, {}]", o.name, o.guarantee, iv.lower, iv.upper));
                }
            }
        }
        if c.mpfr {
            if !ev.outputs.iter().any(|o| o.interval().is_some()) {
                problems.push(format!("{w}: declared mpfr but no output carries an interval"));
                continue;
            }
            let opts = EvalOptions { precision: Some(2 * DEFAULT_PRECISION), width: None };
            match evaluate_card(p, c, &example_args(c), &opts, &stop) {
                Ok(fine) => {
                    for (a, b) in ev.outputs.iter().zip(&fine.outputs) {
                        if let (Some(x), Some(y)) = (a.interval(), b.interval()) {
                            if !x.overlaps(&y) {
                                problems.push(format!("{w}: output '{}' at 256 bits [{}, {}] and 512 bits [{}, {}] disjoint", a.name, x.lower, x.upper, y.lower, y.upper));
                            }
                        }
                    }
                }
                Err(e) => problems.push(format!("{w}: example fails at 512 bits: {e}")),
            }
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn a_missing_or_out_of_domain_parameter_is_an_error_naming_it() {
    let stop = AtomicBool::new(false);
    let mut problems = Vec::new();
    for (p, c) in every_card() {
        let w = what(p, c);
        let example = example_args(c);
        for x in c.params.iter().filter(|x| x.presence == Presence::Required) {
            let without: Vec<(String, String)> = example.iter().filter(|(k, _)| k != x.name).cloned().collect();
            match evaluate_card(p, c, &without, &EvalOptions::default(), &stop) {
                Err(Error::MissingParameters { names, .. }) if names.split(", ").any(|n| n == x.name) => {}
                other => problems.push(format!("{w}: without '{}': {:?}", x.name, other.map(|e| e.result))),
            }
        }
        for x in c.params {
            let bad = match x.domain {
                Domain::Real { lo, lo_closed, .. } | Domain::Reals { lo, lo_closed, .. } if lo.is_finite() => {
                    if lo_closed { format!("{}", lo - 1.0 - lo.abs()) } else { format!("{lo}") }
                }
                Domain::Int { lo, .. } if lo > 0 => format!("{}", lo - 1),
                Domain::Choice(_) => "no-such-choice".into(),
                _ => "not-a-number".into(),
            };
            let mut args: Vec<(String, String)> = example.iter().filter(|(k, _)| k != x.name).cloned().collect();
            args.push((x.name.to_string(), bad.clone()));
            match evaluate_card(p, c, &args, &EvalOptions::default(), &stop) {
                Err(Error::InvalidParameter { name, .. }) if name.starts_with(x.name) => {}
                other => problems.push(format!("{w}: {}={bad}: {:?}", x.name, other.map(|e| e.result))),
            }
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn lookup_accepts_the_ways_users_write_a_result() {
    for name in ["Theorem 4.2", "theorem 4.2", "Thm 4.2", "thm4.2", "Thm. 4.2", "theorem_4_2"] {
        let (p, c) = find("shifted-interpolation", name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!((p.key, c.result), ("shifted_interpolation", "Theorem 4.2"), "{name}");
    }
    assert_eq!(normalise_result("Lemma C.11"), "lemma c.11");
    assert_eq!(normalise_result("lem c_11"), "lemma c.11");
    assert_eq!(normalise_result("Remark after Theorem 5.1"), "remark after theorem 5.1");
    match find("shifted_interpolation", "Theorem 99.9") {
        Err(Error::UnknownName { expected, .. }) => assert!(expected.contains("Theorem 4.2"), "{expected}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(find("no_such_paper", "Theorem 1"), Err(Error::UnknownName { .. })));
}

#[test]
fn parameters_are_validated_at_the_boundary() {
    let d = Domain::UNIT_OPEN;
    assert_eq!(d.parse("delta", "1e-5"), Ok(Value::Real(1e-5)));
    for bad in ["0", "1", "-1", "nan", "inf", "x", ""] {
        assert!(matches!(d.parse("delta", bad), Err(Error::InvalidParameter { ref name, .. }) if name == "delta"), "{bad}");
    }
    assert_eq!(Domain::COUNT.parse("T", "1e6"), Ok(Value::Int(1_000_000)));
    assert!(Domain::COUNT.parse("T", "0").is_err());
    assert!(Domain::COUNT.parse("T", "2.5").is_err());
    let list = Domain::reals(Domain::UNIT_CLOSED, 2, 3);
    assert_eq!(list.parse("pi", "0.25, 0.75"), Ok(Value::Reals(vec![0.25, 0.75])));
    assert!(matches!(list.parse("pi", "0.5,1.5"), Err(Error::InvalidParameter { ref name, .. }) if name == "pi[2]"));
    assert!(list.parse("pi", "1").is_err());
    assert_eq!(Domain::Choice(&["add", "remove"]).parse("direction", "Remove"), Ok(Value::Text("remove".into())));
    // Case-insensitive names when unique; a repeated or unknown name is an error.
    let params = [Param::new("L", "L", "", Domain::POSITIVE), Param::new("n", "n", "", Domain::COUNT)];
    let a = Args::parse("x", &params, &[("l".into(), "2".into()), ("n".into(), "3".into())]).unwrap();
    assert_eq!((a.real("L").unwrap(), a.int("n").unwrap()), (2.0, 3));
    assert!(Args::parse("x", &params, &[("L".into(), "2".into()), ("L".into(), "3".into()), ("n".into(), "1".into())]).is_err());
    assert!(matches!(Args::parse("x", &params, &[("q".into(), "2".into())]), Err(Error::UnknownName { .. })));
}

#[test]
fn options_are_validated() {
    let stop = AtomicBool::new(false);
    let (p, c) = find("shifted_interpolation", "Theorem 4.2").unwrap();
    for opts in [EvalOptions { precision: Some(32), width: None }, EvalOptions { precision: None, width: Some(0.0) }, EvalOptions { precision: None, width: Some(f64::NAN) }] {
        assert!(matches!(evaluate_card(p, c, &example_args(c), &opts, &stop), Err(Error::InvalidParameter { .. })), "{opts:?}");
    }
    stop.store(true, std::sync::atomic::Ordering::SeqCst);
    assert_eq!(evaluate_card(p, c, &example_args(c), &EvalOptions::default(), &stop), Err(Error::Interrupted));
}

/// Theorem 4.2 of *Shifted Interpolation* at its example against the closed form evaluated
/// independently by mpmath at 50 digits:
/// `mpmath.mpf(2)/(1000*mpmath.mpf('0.05')) * mpmath.sqrt((1+c)/(1-c)*(1-c**100)/(1+c**100))`
/// with `c = mpmath.mpf('0.99')` gives 0.38440549785847899484… .
#[test]
fn theorem_4_2_example_matches_mpmath() {
    let stop = AtomicBool::new(false);
    let ev = evaluate("shifted_interpolation", "Theorem 4.2", &[("L".into(), "2".into()), ("n".into(), "1000".into()), ("sigma".into(), "0.05".into()), ("T".into(), "100".into()), ("c".into(), "0.99".into())], &EvalOptions::default(), &stop).unwrap();
    let mu = ev.output("mu").unwrap();
    let truth = 0.384_405_497_858_478_99;
    assert!(mu.interval().unwrap().contains(truth), "{mu:?}");
    assert!(mu.value.unwrap() >= truth && mu.value.unwrap() <= truth * (1.0 + 1e-13));
    assert_eq!(ev.output("epsilon").unwrap().value, None);
    assert!(ev.output("epsilon").unwrap().note.starts_with("not computed: give delta="));
}

/// Ctrl-C during a long evaluation (issue 25): every card runs on a worker polled for the flag,
/// so the caller gets `Interrupted` within the poll interval — from a loop with its own checks
/// (Lemma 6.3 of model merging, 10⁸ Monte Carlo samples, ~1 min) and from one without any
/// (Corollary 4.3 of mixture f-DP at n = 10⁹, ε₀ = 5e−324: 78 s, and ignored Ctrl-C before).
/// Measured against the CLI's 1 s promise.
#[test]
fn a_long_evaluation_stops_within_a_second_of_the_interrupt() {
    use std::sync::atomic::Ordering;
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let cases: [(&str, &str, &[(&str, &str)]); 2] = [
        ("model_merging", "Lemma 6.3", &[("q", "0.3,0.5"), ("u", "0.05,0,0,0.05"), ("s", "0.0707106781186548"), ("y", "0.1,-0.02"), ("epsilon", "0.5"), ("samples", "100000000")]),
        ("mixture_fdp", "Corollary 4.3", &[("n", "1000000000"), ("eps0", "5e-324"), ("epsilon", "0.5"), ("delta", "1e-3")]),
    ];
    for (paper, result, args) in cases {
        let (p, c) = find(paper, result).unwrap();
        let args: Vec<(String, String)> = args.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let setter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            flag.store(true, Ordering::SeqCst);
            Instant::now()
        });
        let r = evaluate_card(p, c, &args, &EvalOptions::default(), &stop);
        let returned = Instant::now();
        let set_at = setter.join().unwrap();
        assert_eq!(r.map(|_| ()), Err(Error::Interrupted), "{paper} {result}");
        let late = returned.saturating_duration_since(set_at);
        assert!(late < Duration::from_secs(1), "{paper} {result}: returned {late:?} after the interrupt");
    }
}
