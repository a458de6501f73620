use super::*;

#[test]
fn excess_encloses_the_ratio_and_handles_zero_claims() {
    // dp_accounting 0.6.0 test value: δ_c = 0.78760074, truth 0.78760074136 → 1.7268e−9
    // (0.00000000136/0.78760074 = 1.72676…e−9 by hand).
    let e = excess(&Interval::point(0.78760074136), 0.78760074);
    assert!(e.lower <= 1.7267e-9 + 1e-12 && e.upper >= 1.7267e-9 - 1e-12 && e.upper - e.lower < 1e-15, "{e:?}");
    assert!(e.lower > 1.726e-9 && e.upper < 1.728e-9, "{e:?}");
    // Outward rounding: 1/3 against 1/3 encloses 0.
    let third = Interval::point(1.0 / 3.0);
    let z = excess(&third, 1.0 / 3.0);
    assert!(z.lower <= 0.0 && z.upper >= 0.0 && z.upper - z.lower < 1e-15, "{z:?}");
    // Claim 0: agreement is 0, a positive truth is +∞.
    assert_eq!(excess(&Interval { lower: 0.0, upper: 0.0 }, 0.0), Interval { lower: 0.0, upper: 0.0 });
    assert_eq!(excess(&Interval { lower: 0.0, upper: 2e-3 }, 0.0), Interval { lower: 0.0, upper: f64::INFINITY });
    // An infinite truth (Gaussian pure-DP claim) is an infinite excess.
    assert_eq!(excess(&Interval::point(f64::INFINITY), 50.0).lower, f64::INFINITY);
    // Sound claims have a negative upper end: truth [0.7178, 0.7182] against 1.5 → ≈ −0.5212.
    let s = excess(&Interval { lower: 0.7178407, upper: 0.7181803 }, 1.5);
    assert!((s.upper - (0.7181803 / 1.5 - 1.0)).abs() < 1e-15 && s.upper < 0.0, "{s:?}");
}
