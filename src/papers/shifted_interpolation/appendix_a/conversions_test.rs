use super::*;

#[test]
fn lemma_a_3_spec_examples() {
    // spec §2.8 [computed].
    for (mu, eps, want) in [(1.0, 1.0, 0.126936737507), (0.5, 0.5, 0.0524403232877), (2.0, 3.0, 0.183813076544), (1.0, 0.0, 0.382924922548)] {
        let d = lemma_a_3_delta(mu, eps).unwrap();
        assert!(d.lower <= d.upper && (d.upper / want - 1.0).abs() < 1e-11, "{d} vs {want}");
    }
    for (mu, delta, want) in [(1.0, 1e-5, 4.37717809568), (0.5, 1e-5, 1.99309140442), (2.0, 1e-3, 7.58127992457), (0.9924913969, 1e-5, 4.3391585723), (4.714045207910317, 1e-5, 30.5062799927)] {
        let e = lemma_a_3_epsilon(mu, delta).unwrap();
        assert!(e.width() < 1e-9 && (e.upper / want - 1.0).abs() < 1e-10, "{e} vs {want}");
    }
}

#[test]
fn lemma_a_4_is_linear_rdp() {
    assert!((lemma_a_4_rdp(2.0, 3.0).unwrap() - 6.0).abs() < 1e-14);
    assert!(lemma_a_4_rdp(2.0, 3.0).unwrap() >= 6.0);
    assert!((lemma_a_4_rho(0.9924913969).unwrap() - 0.9924913969f64.powi(2) / 2.0).abs() < 1e-15);
    assert!(lemma_a_4_rdp(1.0, 1.0).is_err());
    assert!(lemma_a_3_epsilon(-1.0, 1e-5).is_err());
    assert!(lemma_a_3_epsilon(1.0, 0.0).is_err());
}
