use super::*;

fn table_1() -> NoisyGdRequest {
    NoisyGdRequest { algorithm: Algorithm::Cyclic, n: 60_000, b: Some(1500), p: None, eta: 0.05, sigma: 0.01, l: 10.0, c: Some(0.9999), m: None, big_m: None, d: None, steps: None, epochs: Some(50), delta: Some(1e-5), epsilon: None, width: None }
}

/// Table 1's setting (spec §7.1): l = 60000/1500 = 40 batches, T = 50·40 = 2000 steps.
#[test]
fn table_1_setting_resolves() {
    let s = table_1().check().unwrap();
    assert_eq!((s.b, s.batches, s.steps, s.epochs), (1500, 40, 2000, 50));
    assert_eq!(s.p, 0.025);
    assert_eq!(s.c, Some(0.9999));
    // Steps instead of epochs: the same run.
    let s2 = NoisyGdRequest { steps: Some(2000), epochs: None, ..table_1() }.check().unwrap();
    assert_eq!(s2, s);
}

/// c from (m, M) by Lemmas 2.8/2.9: η = 0.1, m = 1, M = 10 → max(|1 − 0.1|, |1 − 1|) = 0.9.
#[test]
fn contraction_from_m_and_big_m() {
    let r = NoisyGdRequest { algorithm: Algorithm::Full, b: None, c: None, m: Some(1.0), big_m: Some(10.0), eta: 0.1, steps: Some(10), epochs: None, ..table_1() };
    let c = r.check().unwrap().c.unwrap();
    assert!(c >= 0.9 && c < 0.9 + 1e-14, "{c}");
    // m = 0 (convex only) gives c = 1.
    assert_eq!(NoisyGdRequest { m: Some(0.0), ..r.clone() }.check().unwrap().c, Some(1.0));
    // Full batch: b defaults to n, p = 1.
    let s = r.check().unwrap();
    assert_eq!((s.b, s.p, s.batches, s.steps), (60_000, 1.0, 1, 10));
}

/// Sampled: p given instead of b → b = p·n.
#[test]
fn sampled_from_p() {
    let r = NoisyGdRequest { algorithm: Algorithm::Sampled, b: None, p: Some(0.01), n: 1000, epochs: None, steps: Some(7), ..table_1() };
    let s = r.check().unwrap();
    assert_eq!((s.b, s.p, s.steps), (10, 0.01, 7));
}

/// Every bad or inconsistent parameter is an error naming it.
#[test]
fn bad_parameters_are_named() {
    let base = table_1();
    let cases: Vec<(NoisyGdRequest, &str)> = vec![
        (NoisyGdRequest { n: 0, ..base.clone() }, "dataset size n"),
        (NoisyGdRequest { b: Some(70_000), ..base.clone() }, "batch size b"),
        (NoisyGdRequest { b: Some(1600), ..base.clone() }, "must divide"),
        (NoisyGdRequest { b: None, ..base.clone() }, "needs --b"),
        (NoisyGdRequest { p: Some(0.5), ..base.clone() }, "sampled only"),
        (NoisyGdRequest { algorithm: Algorithm::Sampled, b: None, p: Some(1.5), ..base.clone() }, "(0, 1]"),
        (NoisyGdRequest { algorithm: Algorithm::Sampled, b: None, p: Some(0.0), ..base.clone() }, "(0, 1]"),
        (NoisyGdRequest { algorithm: Algorithm::Sampled, b: None, p: Some(1e-7), ..base.clone() }, "whole batch"),
        (NoisyGdRequest { algorithm: Algorithm::Full, b: Some(10), ..base.clone() }, "full batch"),
        (NoisyGdRequest { eta: -1.0, ..base.clone() }, "learning rate eta"),
        (NoisyGdRequest { sigma: f64::NAN, ..base.clone() }, "noise rate sigma"),
        (NoisyGdRequest { l: 0.0, ..base.clone() }, "gradient sensitivity L"),
        (NoisyGdRequest { c: Some(0.0), ..base.clone() }, "contraction factor c"),
        (NoisyGdRequest { c: Some(1.0001), ..base.clone() }, "contraction factor c"),
        (NoisyGdRequest { m: Some(1.0), big_m: Some(2.0), ..base.clone() }, "not both"),
        (NoisyGdRequest { c: None, m: Some(1.0), ..base.clone() }, "needs the smoothness M"),
        (NoisyGdRequest { c: None, m: Some(0.1), big_m: Some(50.0), ..base.clone() }, "contractive"),
        (NoisyGdRequest { d: Some(0.0), ..base.clone() }, "diameter D"),
        (NoisyGdRequest { epochs: Some(0), ..base.clone() }, "number of epochs E"),
        (NoisyGdRequest { epochs: None, steps: Some(0), ..base.clone() }, "number of steps T"),
        (NoisyGdRequest { epochs: None, steps: Some(41), ..base.clone() }, "whole number of epochs"),
        (NoisyGdRequest { epochs: None, ..base.clone() }, "--steps or --epochs"),
        (NoisyGdRequest { steps: Some(40), ..base.clone() }, "not both"),
        (NoisyGdRequest { delta: Some(1.0), ..base.clone() }, "delta"),
        (NoisyGdRequest { delta: Some(0.0), ..base.clone() }, "delta"),
        (NoisyGdRequest { delta: None, ..base.clone() }, "--epsilon"),
        (NoisyGdRequest { epsilon: Some(f64::INFINITY), ..base.clone() }, "epsilon"),
        (NoisyGdRequest { width: Some(0.0), ..base.clone() }, "width"),
        (NoisyGdRequest { width: Some(1.0), ..base.clone() }, "width"),
    ];
    for (r, needle) in cases {
        let e = r.check().unwrap_err().to_string();
        assert!(e.contains(needle), "{r:?}: {e}");
    }
}
