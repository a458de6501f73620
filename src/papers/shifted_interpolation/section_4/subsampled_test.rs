//! Definition 4.7 against the spec's worked numbers (§2.6; scipy, 12 digits)
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

/// The MPFR twins at 256 bits against the mpmath anchors of `definition_4_7.csv` (50 digits;
/// f_p, the linear segment and findroot of f_p⁻¹ — a different root route from the twin's
/// Newton/bisection on z): every branch, to 1e−16 (the anchors rounded to f64); the breakpoints
/// against the spec.
#[test]
fn mpfr_twins_match_the_mpmath_anchors() {
    use crate::num::{Mp, Real};
    let m = |x: f64| Mp::new(256, x);
    let rows = [
        (0.25, 2.5, 1e-4, 0.972_070_258_061_033_255_515_175_9),
        (0.25, 2.5, 0.3, 0.502_824_886_833_427_639_946_616_6),
        (0.25, 2.5, 0.8, 0.027_269_831_401_797_237_541_745_02),
        (0.25, 2.5, 0.99, 1.063_822_197_920_660_374_491_873e-5),
        (0.025, 2.0 / 3.0, 0.99, 0.009_101_137_136_444_737_016_915_191),
        (0.01, 1.0, 0.8, 0.196_385_840_475_925_217_545_979_1),
    ];
    for (p, mu, a, truth) in rows {
        let v = tradeoff_value(&m(p), &m(mu), &m(a));
        assert!(((v.clone() - m(truth)) / m(truth)).abs().to_f64() < 1e-16, "C_{p}(G_{mu})({a}) = {v} vs {truth}");
    }
    // spec §2.6 table (scipy, 12 digits): α_x, α_y of (0.25, 2.5).
    assert!(close(alpha_x_value(&m(2.5)).to_f64(), 0.105649773667, 1e-11));
    assert!(close(alpha_y_value(&m(0.25), &m(2.5)).to_f64(), 0.697175113167, 1e-11));
    // The one-step profile twin: mpmath hockey-stick quadrature (definition_4_7.csv).
    let d = ln_delta_value(&m(0.25), &m(2.5), &m(1.0)).exp().to_f64();
    assert!(close(d, 0.128_761_329_238_888_303_4, 1e-15), "{d}");
}
