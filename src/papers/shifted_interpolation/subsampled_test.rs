//! Definition 4.7 and Lemma A.5 against the spec's worked numbers (§2.6, §2.10; scipy, 12 digits)
//! and the mpmath anchors (`golden/anchors/shifted_interpolation/noisy_sgd.py`).

use super::*;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

#[test]
fn tradeoff_and_delta_match_the_spec_values() {
    // spec §2.6: C_{0.25}(G_{2.5}) at α = 0.01 (f_p part), 0.3 (segment), 0.99 (inverse part)
    for (a, want) in [(0.01, 0.850267357964), (0.3, 0.502824886833), (0.99, 1.06382219792e-05)] {
        let v = definition_4_7_tradeoff(0.25, 2.5, a).unwrap();
        assert!(close(v, want, 1e-10), "alpha={a}: {v} vs {want}");
    }
    // spec §2.6 one-step δ(ε)
    for (p, mu, e, want) in [(0.025, 2.0 / 3.0, 0.1, 7.86371251673e-05), (0.25, 2.5, 1.0, 0.128761329239)] {
        assert!(close(definition_4_7_delta(p, mu, e).unwrap(), want, 1e-10));
    }
}

#[test]
fn clt_mu_matches_the_spec_and_bad_input_is_an_error() {
    // spec §2.10: p = 0.01, K = 1000, μ = 1 → 0.540794534628; §6.1: MNIST t = 2000 → 1.0253109968
    assert!(close(lemma_a_5_clt_mu(0.01, 1000, 1.0).unwrap(), 0.540794534628, 1e-11));
    assert!(close(lemma_a_5_clt_mu(0.025, 2000, 2.0 / 3.0).unwrap(), 1.0253109968, 1e-10));
    assert!(lemma_a_5_clt_mu(0.0, 10, 1.0).is_err() && lemma_a_5_clt_mu(0.1, 0, 1.0).is_err() && definition_4_7(1.5, 1.0).is_err() && definition_4_7(0.5, f64::NAN).is_err());
}
