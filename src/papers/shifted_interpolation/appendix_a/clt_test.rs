//! Lemma A.5 against the spec's worked numbers (§2.10, §6.1; scipy, 12 digits).

use super::*;
use crate::papers::shifted_interpolation::section_4::subsampled::definition_4_7;

fn close(a: f64, b: f64, rel: f64) -> bool {
    (a - b).abs() <= rel * b.abs()
}

#[test]
fn clt_mu_matches_the_spec_and_bad_input_is_an_error() {
    // spec §2.10: p = 0.01, K = 1000, μ = 1 → 0.540794534628; §6.1: MNIST t = 2000 → 1.0253109968
    assert!(close(lemma_a_5_clt_mu(0.01, 1000, 1.0).unwrap(), 0.540794534628, 1e-11));
    assert!(close(lemma_a_5_clt_mu(0.025, 2000, 2.0 / 3.0).unwrap(), 1.0253109968, 1e-10));
    assert!(lemma_a_5_clt_mu(0.0, 10, 1.0).is_err() && lemma_a_5_clt_mu(0.1, 0, 1.0).is_err() && definition_4_7(1.5, 1.0).is_err() && definition_4_7(0.5, f64::NAN).is_err());
}
