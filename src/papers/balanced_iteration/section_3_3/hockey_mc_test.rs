//! Monte Carlo of the exact pair against spec §11's table and the k = 1 mpmath anchors.

use super::*;

fn pair(t: u64, k: u64, sigma: f64) -> MixturePair {
    MixturePair::new(t, k, 1.0, sigma).unwrap()
}

#[test]
fn spec_11_table_reproduced_t10_k4_sigma2() {
    // Spec §11 (2·10⁷ samples): H(P‖Q) = 0.101912 ± 3e−5, 0.0274216 ± 2.6e−5, 4.90498e−4 ± 2.9e−6.
    let spec = [(0.5, 0.101912, 3e-5), (1.0, 0.0274216, 2.6e-5), (2.0, 4.90498e-4, 2.9e-6)];
    let opts = McOptions { samples: 400_000, confidence: 0.999, seed: 11 };
    let pts = hockey_stick_mc(&pair(10, 4, 2.0), &[0.5, 1.0, 2.0], &opts, None).unwrap();
    for (p, (e, v, r)) in pts.iter().zip(spec) {
        assert_eq!(p.eps, e);
        let s = Interval::around(v, r);
        assert!(p.pq.overlaps(&s), "ε={e}: MC {} vs spec {s}", p.pq);
        // the spec's H(Q‖P) column (no error bar printed) lies inside our interval
        let qp = [0.101421, 0.026901, 4.42511e-4][[0.5, 1.0, 2.0].iter().position(|&x| x == e).unwrap()];
        assert!(p.qp.contains(qp), "ε={e}: H(Q‖P) {qp} ∉ {}", p.qp);
    }
}

#[test]
fn k1_mc_contains_the_mpmath_anchor_t2() {
    // anchors_hockey_k1.py: T = 2, σ = 1, ε = 0.5: H(P‖Q) = 0.14917752313552, H(Q‖P) = 0.142686965823743.
    let opts = McOptions { samples: 200_000, confidence: 0.999, seed: 3 };
    let p = hockey_stick_mc(&pair(2, 1, 1.0), &[0.5], &opts, None).unwrap()[0];
    assert!(p.pq.contains(0.14917752313552), "{}", p.pq);
    assert!(p.qp.contains(0.142686965823743), "{}", p.qp);
}

#[test]
fn privacy_loss_matches_the_literal_mixture_density_ratio() {
    // T = 3, k = 2: p/q = (1/3) Σ_{|S|=2} exp((c Σ_{t∈S} x_t − c²)/σ²), computed literally.
    let pr = pair(3, 2, 1.5);
    let x = [0.3, -1.1, 2.0];
    let s2 = 1.5f64 * 1.5;
    let subsets = [[0, 1], [0, 2], [1, 2]];
    let lit: f64 = subsets.iter().map(|s| ((x[s[0]] + x[s[1]] - 2.0 * 0.5) / s2).exp()).sum::<f64>() / 3.0;
    assert!((privacy_loss(&pr, &x) - lit.ln()).abs() < 1e-13);
}

#[test]
fn bad_input_is_an_error() {
    let o = McOptions { samples: 10, confidence: 0.9, seed: 1 };
    assert!(hockey_stick_mc(&pair(4, 1, 1.0), &[1.0], &o, None).is_err());
    let o = McOptions { samples: 1000, confidence: 1.0, seed: 1 };
    assert!(hockey_stick_mc(&pair(4, 1, 1.0), &[1.0], &o, None).is_err());
    let o = McOptions { samples: 1000, confidence: 0.9, seed: 1 };
    assert!(hockey_stick_mc(&pair(4, 1, 1.0), &[f64::NAN], &o, None).is_err());
}
