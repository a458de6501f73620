use super::*;
use crate::papers::model_merging::common::conventions::{default_orders, epsilon_from_rdp, Conversion};

const MNIST: &str = r#"
name = "MNIST"
provenance = "independent_runs"

[[model]]
name = "c1_s05"
mechanism = "dp-sgd"
sampling_rate = 0.004266666666666667
noise_multiplier = 0.5
clip = 1
learning_rate = 0.1
steps = 705
utility = 0.9

[[model]]
name = "c1_s2"
mechanism = "dp-sgd"
sampling_rate = 0.004266666666666667
noise_multiplier = 2.0
clip = 1.0
learning_rate = 0.1
steps = 705
"#;

fn parse_err(text: &str) -> (usize, String) {
    match toml_input::parse_toml("p.toml", text) {
        Err(Error::Parse { line, message, .. }) => (line, message),
        other => panic!("expected a parse error, got {other:?}"),
    }
}

#[test]
fn parses_dpsgd_portfolio() {
    let p = toml_input::parse_toml("p.toml", MNIST).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p.provenance, Provenance::IndependentRuns);
    assert_eq!(p.names(), vec!["c1_s05", "c1_s2"]);
    assert_eq!(p.models[0].line, 7);
    assert_eq!(p.utilities(), None);
    assert_eq!(p.max_steps(), Some(705));
    assert_eq!(p.dpsgd_schedules().unwrap()[1].0.noise_multiplier, 2.0);
}

/// Spec §17 (computed for the spec, independently of this code): MNIST single models, integer
/// grid {2..64}, classic conversion, δ = 1e-5: σ = 0.5 → 11.19778972, σ = 2 → 0.3601353894.
#[test]
fn dpsgd_rdp_matches_spec_17() {
    let p = toml_input::parse_toml("p.toml", MNIST).unwrap();
    let orders = default_orders();
    let table = p.rdp_table(&orders).unwrap();
    let e0 = epsilon_from_rdp(&orders, &table[0], 1e-5, Conversion::Classic).unwrap().epsilon;
    let e1 = epsilon_from_rdp(&orders, &table[1], 1e-5, Conversion::Classic).unwrap().epsilon;
    assert!((e0 - 11.19778972).abs() < 2e-8, "{e0}");
    assert!((e1 - 0.3601353894).abs() < 2e-9, "{e1}");
    let i1 = epsilon_from_rdp(&orders, &table[1], 1e-5, Conversion::Improved).unwrap().epsilon;
    assert!((i1 - 0.2464920391).abs() < 2e-9, "{i1}");
}

#[test]
fn unknown_key_reports_its_line() {
    let text = MNIST.replace("steps = 705\nutility", "steps = 705\nbatch = 3\nutility");
    let (line, msg) = parse_err(&text);
    assert_eq!(line, 13, "{msg}");
    assert!(msg.contains("batch"), "{msg}");
}

#[test]
fn bad_values_report_their_line() {
    let (line, msg) = parse_err(&MNIST.replace("noise_multiplier = 2.0", "noise_multiplier = -1"));
    assert_eq!(line, 19, "{msg}");
    assert!(msg.contains("noise_multiplier"), "{msg}");
    let (line, msg) = parse_err(&MNIST.replacen("sampling_rate = 0.004266666666666667", "sampling_rate = 1.5", 1));
    assert_eq!(line, 8, "{msg}");
    let (line, msg) = parse_err(&MNIST.replacen("steps = 705", "steps = 0", 1));
    assert_eq!(line, 12, "{msg}");
    let (_, msg) = parse_err(&MNIST.replacen("steps = 705\n", "", 1));
    assert!(msg.contains("missing field `steps`"), "{msg}");
    let (line, msg) = parse_err(&MNIST.replacen("mechanism = \"dp-sgd\"", "mechanism = \"laplace\"", 1));
    assert_eq!(line, 7, "{msg}");
    assert!(msg.contains("unknown mechanism"), "{msg}");
    let (_, msg) = parse_err(&MNIST.replace("provenance = \"independent_runs\"", ""));
    assert!(msg.contains("provenance"), "{msg}");
    let (line, msg) = parse_err(&MNIST.replacen("steps = 705", "steps = 705\ncompositions = 2", 1));
    assert_eq!(line, 13, "{msg}");
    assert!(msg.contains("does not apply"), "{msg}");
}

#[test]
fn curve_models_and_tables() {
    let text = r#"
provenance = "same_run_checkpoints"
[[model]]
mechanism = "curves"
rdp = { orders = [2, 4, 8], epsilons = [0.1, 0.3, inf] }
[[model]]
mechanism = "curves"
delta = { epsilons = [0, 1, 2], remove = [0.5, 0.1, 0.01], add = [0.4, 0.05, 0.02] }
[[model]]
mechanism = "gaussian"
noise_multiplier = 2
compositions = 3
"#;
    let p = toml_input::parse_toml("c.toml", text).unwrap();
    let m = &p.models[0];
    assert_eq!(m.rdp_at(2.0).unwrap(), 0.1);
    assert_eq!(m.rdp_at(3.0).unwrap(), 0.3); // next tabulated order bounds from above
    assert_eq!(m.rdp_at(9.0).unwrap(), f64::INFINITY);
    assert!(p.models[1].rdp_at(2.0).is_err());
    // Gaussian S = 2, k = 3: ε_α = 3α/8.
    let g = p.models[2].rdp_at(4.0).unwrap();
    assert!(g >= 1.5 && g - 1.5 < 1e-14, "{g}"); // rounded up, by a few ulps only
    let opts = crate::pld::PldOptions::default();
    let t = p.models[1].directional_profile(&opts).unwrap();
    assert_eq!(t.delta(1.5).unwrap(), (0.1, 0.05));
    assert_eq!(t.delta(-0.5).unwrap(), (1.0, 1.0));
    assert!(p.dpsgd_schedules().is_err());
    // Non-monotone table rejected, at the table's line.
    let (line, msg) = parse_err(&text.replace("[0.1, 0.3, inf]", "[0.3, 0.1, inf]"));
    assert_eq!(line, 5, "{msg}");
}

/// Gaussian RDP `k α/(2S²)` with inexact operations (S = 3, k = 7, α = 5, and S = 0.3, k = 1000,
/// α = 1.7): never below the exact rational 35/18 resp. 1000·1.7/(2·0.3²) (MPFR at 256 bits from
/// the same f64 inputs), and within 4 ulps above it.
#[test]
fn gaussian_rdp_is_rounded_up() {
    for (s, k, a) in [(3.0f64, 7u64, 5.0f64), (0.3, 1000, 1.7)] {
        let m = Model { name: "g".into(), utility: None, kind: ModelKind::Gaussian { noise_multiplier: s, compositions: k }, line: 1 };
        let g = m.rdp_at(a).unwrap();
        let exact: rug::Float = rug::Float::with_val(256, k) * a / (rug::Float::with_val(256, s).square() * 2u32);
        assert!(rug::Float::with_val(256, g) >= exact, "{g} < {exact}");
        assert!(g <= exact.to_f64() + 4.0 * f64::EPSILON * g, "{g} vs {exact}");
    }
}

/// Spec §8 (closed form, independent): Gaussian with μ² = 1.25 has δ(1) = 0.1700867177 and
/// δ(2) = 0.03962246981.
#[test]
fn gaussian_profile_matches_spec_8() {
    let m = Model { name: "g".into(), utility: None, kind: ModelKind::Gaussian { noise_multiplier: (0.8f64).sqrt(), compositions: 1 }, line: 1 };
    let prof = m.directional_profile(&crate::pld::PldOptions::default()).unwrap();
    let (r, a) = prof.delta(1.0).unwrap();
    assert!((r - 0.1700867177).abs() < 1e-9 && r == a, "{r}");
    assert!((prof.delta_max(2.0).unwrap() - 0.03962246981).abs() < 1e-10);
}

#[test]
fn csv_portfolio() {
    let text = "# two models\nname,mechanism,sampling_rate,noise_multiplier,clip,learning_rate,steps,utility,provenance\n\
                a,dp-sgd,0.01,1,1,0.1,1000,0.5,independent_runs\n\
                b,gaussian,,4,,,,0.7,independent_runs\n";
    let p = csv_input::parse_csv("p.csv", text).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p.utilities(), Some(vec![0.5, 0.7]));
    assert_eq!(p.models[1].line, 4);
    let bad = text.replace("b,gaussian,,4", "b,gaussian,,-4");
    match csv_input::parse_csv("p.csv", &bad) {
        Err(Error::Parse { line: 4, message, .. }) => assert!(message.contains("noise_multiplier"), "{message}"),
        other => panic!("{other:?}"),
    }
    match csv_input::parse_csv("p.csv", &text.replace("utility,", "utilty,")) {
        Err(Error::Parse { line: 2, message, .. }) => assert!(message.contains("utilty"), "{message}"),
        other => panic!("{other:?}"),
    }
    match csv_input::parse_csv("p.csv", &text.replace("a,dp-sgd,0.01", "a,dp-sgd,1.01")) {
        Err(Error::Parse { line: 3, .. }) => {}
        other => panic!("{other:?}"),
    }
}

/// The add direction of the SGM never exceeds the remove direction at integer orders on this
/// grid (Mironov–Talwar–Zhang 2019), so `sgm_rdp_both` equals the binomial sum there; checked
/// against spec §10: q = 0.01, σ = 1: ε_2 = 0.000171813422075, ε_8 = 0.000893643907606.
#[test]
fn sgm_rdp_both_matches_spec_10() {
    let e2 = sgm_rdp_both(0.01, 1.0, 2.0);
    let e8 = sgm_rdp_both(0.01, 1.0, 8.0);
    assert!((e2 / 0.000171813422075 - 1.0).abs() < 1e-10, "{e2}");
    assert!((e8 / 0.000893643907606 - 1.0).abs() < 1e-10, "{e8}");
    assert_eq!(sgm_rdp_both(0.0, 1.0, 2.0), 0.0);
    assert_eq!(sgm_rdp_both(0.1, 0.0, 2.0), f64::INFINITY);
}
