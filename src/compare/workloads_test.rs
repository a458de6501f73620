//! Workload files: the default file, and one clear error per kind of bad input.

use super::*;
use crate::error::Error;

const ONE: &str = "[[workload]]\nsampling_rate = 0.01\nnoise_multiplier = 1.0\nsteps = 1000\ndelta = 1e-5\n";

fn parse_err(text: &str) -> (usize, String) {
    match WorkloadSet::parse("w.toml", text) {
        Err(Error::Parse { file, line, message }) => {
            assert_eq!(file, "w.toml");
            (line, message)
        }
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn default_file_holds_the_four_issue_13_workloads() {
    let set = WorkloadSet::read(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/", "audits/compare/default.toml"))).unwrap();
    let got: Vec<(f64, f64, u64, f64)> = set.workloads.iter().map(|w| (w.sampling_rate, w.noise_multiplier, w.steps, w.delta)).collect();
    // issue 13's table, row by row
    assert_eq!(got, vec![(0.01, 1.0, 1000, 1e-5), (0.1, 2.0, 10_000, 1e-6), (0.004, 1.1, 100_000, 1e-5), (0.001, 0.8, 10_000, 1e-8)]);
}

#[test]
fn minimal_workload_gets_a_name_and_its_line() {
    let set = WorkloadSet::parse("w.toml", &format!("title = \"t\"\n\n{ONE}")).unwrap();
    assert_eq!(set.title, "t");
    let w = &set.workloads[0];
    assert_eq!(w.name, "q=0.01 σ=1 T=1000 δ=1e-5");
    assert_eq!(w.line, 3);
    assert_eq!(w.mechanism(), Mechanism::PoissonSubsampledGaussian { noise_multiplier: 1.0, sensitivity: 1.0, sampling_rate: 0.01 });
}

#[test]
fn empty_file_is_an_error() {
    let (line, msg) = parse_err("title = \"nothing\"\n");
    assert_eq!(line, 1);
    assert!(msg.contains("no [[workload]]"), "{msg}");
}

#[test]
fn unknown_key_names_the_key_and_line() {
    let (line, msg) = parse_err(&format!("{ONE}\n[[workload]]\nsampling_rate = 0.1\nnoise_multiplier = 1\nsteps = 10\ndelta = 1e-5\nsigma = 3\n"));
    assert_eq!(line, 12);
    assert!(msg.contains("sigma"), "{msg}");
}

#[test]
fn missing_key_is_named() {
    let (_, msg) = parse_err("[[workload]]\nsampling_rate = 0.01\nnoise_multiplier = 1.0\nsteps = 1000\n");
    assert!(msg.contains("delta"), "{msg}");
}

#[test]
fn out_of_range_values_are_named_with_their_workload_line() {
    for (bad, key) in [
        ("sampling_rate = 0.0", "sampling_rate = 0"),
        ("sampling_rate = 1.5", "sampling_rate = 1.5"),
        ("noise_multiplier = 0.0001", "noise_multiplier = 0.0001"),
        ("noise_multiplier = nan", "noise_multiplier = NaN"),
        ("steps = 0", "steps = 0"),
        ("steps = -3", "steps = -3"),
        ("steps = 1099511627777", "steps = 1099511627777"),
        ("delta = 1.0", "delta = 1"),
        ("delta = 0.0", "delta = 0"),
    ] {
        let k = bad.split(" = ").next().unwrap();
        let text = ONE.lines().map(|l| if l.starts_with(k) { bad.to_string() } else { l.to_string() }).collect::<Vec<_>>().join("\n");
        let (line, msg) = parse_err(&format!("# comment\n{text}\n"));
        assert_eq!(line, 2, "{bad}");
        assert!(msg.contains(key), "{bad}: {msg}");
    }
}

#[test]
fn steps_as_a_float_is_a_type_error() {
    let (_, msg) = parse_err(&ONE.replace("steps = 1000", "steps = 1e3"));
    assert!(msg.contains("integer") || msg.contains("i64"), "{msg}");
}

#[test]
fn other_mechanisms_are_rejected() {
    let (_, msg) = parse_err(&format!("{ONE}mechanism = \"laplace\"\n"));
    assert!(msg.contains("laplace") && msg.contains(MECHANISM), "{msg}");
}

#[test]
fn duplicate_names_are_rejected() {
    let named = format!("{ONE}name = \"a\"\n");
    let (line, msg) = parse_err(&format!("{named}\n{named}"));
    assert_eq!(line, 8);
    assert!(msg.contains("duplicate workload name 'a'") && msg.contains("line 1"), "{msg}");
}

#[test]
fn missing_file_is_an_io_error_naming_it() {
    match WorkloadSet::read(std::path::Path::new("/nonexistent/w.toml")) {
        Err(Error::Io { path, message }) => {
            assert_eq!(path, "/nonexistent/w.toml");
            assert!(message.contains("not found"));
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn allocation_file_holds_the_three_issue_11_points() {
    let set = WorkloadSet::read(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/", "audits/compare/allocation.toml"))).unwrap();
    let got: Vec<(Option<u64>, f64, u64, f64)> = set.workloads.iter().map(|w| (w.selected, w.noise_multiplier, w.steps, w.delta)).collect();
    // issue 11's acceptance: (T, k, σ, δ) = (10, 4, 2, 1e-5), (10, 1, 1, 1e-5), (1000, 1, 1, 1e-5)
    assert_eq!(got, vec![(Some(4), 2.0, 10, 1e-5), (Some(1), 1.0, 10, 1e-5), (Some(1), 1.0, 1000, 1e-5)]);
    assert_eq!(set.workloads[0].sampling_rate, 0.4, "k/T");
}

#[test]
fn allocation_workload_gets_its_name_and_rejects_poisson_keys() {
    let set = WorkloadSet::parse("w.toml", "[[workload]]\nscheme = \"allocation\"\nselected = 2\nnoise_multiplier = 1.5\nsteps = 6\ndelta = 1e-5\n").unwrap();
    assert_eq!(set.workloads[0].name, "allocation k=2 σ=1.5 T=6 δ=1e-5");
    assert_eq!(set.workloads[0].selected, Some(2));
    let base = "noise_multiplier = 1.0\nsteps = 10\ndelta = 1e-5\n";
    for (extra, want) in [
        ("scheme = \"allocation\"\nselected = 11\n", "selected = 11 must lie in [1, steps = 10]"),
        ("scheme = \"allocation\"\nselected = 0\n", "selected = 0 must lie in [1, steps = 10]"),
        ("scheme = \"allocation\"\n", "missing selected"),
        ("scheme = \"allocation\"\nselected = 2\nsampling_rate = 0.2\n", "sampling_rate is a key of scheme = \"poisson\""),
        ("selected = 2\nsampling_rate = 0.2\n", "selected is a key of scheme = \"allocation\""),
        ("scheme = \"shuffle\"\nsampling_rate = 0.2\n", "scheme = 'shuffle' is not known"),
        ("", "missing sampling_rate"),
    ] {
        let (line, msg) = parse_err(&format!("[[workload]]\n{extra}{base}"));
        assert_eq!(line, 1, "{msg}");
        assert!(msg.contains(want), "{extra:?}: {msg}");
    }
}
