//! Pure-DP claims (δ = 0) and ε = 0 claims through the whole engine. Expected values are closed
//! forms evaluated independently in mpmath at 40 digits (commands in the comments), not by the
//! code under test.

use super::{audit_claims, parse_claims, ClaimOptions, ClaimVerdict, RouteKind, Verdict};

const HEADER: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta";

fn audit(rows: &[&str]) -> Vec<ClaimVerdict> {
    let text = format!("{HEADER}\n{}\n", rows.join("\n"));
    let claims = parse_claims(&text, "pure.csv").unwrap();
    audit_claims(&claims, &ClaimOptions { monte_carlo: false, ..ClaimOptions::default() }).unwrap()
}

fn rel(a: f64, b: f64) -> f64 {
    (a - b).abs() / b.abs()
}

#[test]
fn gaussian_noise_is_never_pure_dp() {
    let v = audit(&[
        "g,x,gaussian,2.0,,,10,50,0",
        "s,x,poisson_subsampled_gaussian,1.0,,0.01,100,1000,0",
        "s1,x,poisson_subsampled_gaussian,2.0,,1,10,50,0",
    ]);
    for r in &v {
        assert_eq!((r.verdict, r.route), (Verdict::Unsound, RouteKind::PureDp), "{}: {:?}", r.id, r.notes);
        assert_eq!((r.true_epsilon.lower, r.true_epsilon.upper), (f64::INFINITY, f64::INFINITY), "{}", r.id);
        assert_eq!(r.tightness, None);
    }
    // μ = √10/2, δ(50) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = 2.3618669171696040e−210
    // (mpmath: ncdf(-eps/mu+mu/2)-exp(eps)*ncdf(-eps/mu-mu/2), 40 digits): the margin is shown.
    let want = 2.361866917169603962572083698290252915267e-210;
    assert!(v[0].true_delta.lower > 0.0 && v[0].true_delta.contains(want), "{}", v[0].true_delta);
    assert!(rel(v[0].true_delta.upper, want) < 1e-12, "{}", v[0].true_delta);
    // q = 1 is the Gaussian: same δ(50) as row g.
    assert!(v[2].true_delta.contains(want), "{}", v[2].true_delta);
}

#[test]
fn laplace_and_randomized_response_are_pure_dp_at_t_over_sigma() {
    let v = audit(&[
        "l-at,x,laplace,0.5,,,20,40,0",
        "l-below,x,laplace,0.5,,,20,39,0",
        "l-rounding,x,laplace,0.5,,,20,39.99999999999,0",
        "l1,x,laplace,1.0,3,,1,0.5,0",
        "rr-at,x,randomized_response,1.0,,,3,3.0,0",
        "rr-below,x,randomized_response,1.0,,,3,2.9,0",
        "q0,x,poisson_subsampled_gaussian,1.0,,0,10,0,0",
    ]);
    let by = |id: &str| v.iter().find(|r| r.id == id).unwrap();
    // ε(0) = T/σ = 40 exactly: sound at 40, δ(40) = 0.
    let at = by("l-at");
    assert_eq!(at.verdict, Verdict::Sound, "{:?}", at.notes);
    assert_eq!((at.true_epsilon.lower, at.true_epsilon.upper, at.true_delta.upper), (40.0, 40.0, 0.0));
    // Below: unsound, and δ(39) ≥ 2^−20 (1 − e^−1) = 6.028371418271615e−7 (mpmath).
    let below = by("l-below");
    assert_eq!(below.verdict, Verdict::Unsound);
    assert!(below.true_delta.lower <= 6.028371418271615e-7 && rel(below.true_delta.lower, 6.028371418271615e-7) < 1e-14, "{}", below.true_delta);
    // Within the tolerance κ = 1e−9 of ε(0): inconclusive, δ lower end 0.
    let r = by("l-rounding");
    assert_eq!((r.verdict, r.true_delta.lower), (Verdict::Inconclusive, 0.0), "{:?}", r.notes);
    // T = 1, ε0 = 1 (sensitivity does not matter): δ(0.5) = 1 − e^{(0.5 − 1)/2} = 0.22119921692859513.
    let l1 = by("l1");
    assert_eq!(l1.verdict, Verdict::Unsound);
    assert!(l1.true_delta.contains(0.2211992169285951317548297) && rel(l1.true_delta.lower, 0.2211992169285951) < 1e-14, "{}", l1.true_delta);
    assert_eq!((l1.true_epsilon.lower, l1.true_epsilon.upper), (1.0, 1.0));
    // RR, ε0 = 1, T = 3: ε(0) = 3; δ(ε_c) = π³(1 − e^{ε_c − 3}), π = e/(1+e), at the f64 value of
    // 2.9 (mpmath: mpf(2.9)): 0.037181144161093793658.
    assert_eq!(by("rr-at").verdict, Verdict::Sound);
    let rr = by("rr-below");
    assert_eq!(rr.verdict, Verdict::Unsound);
    assert!(rr.true_delta.contains(0.03718114416109379365832907) && rel(rr.true_delta.lower, 0.03718114416109379) < 1e-14, "{}", rr.true_delta);
    // q = 0: the output ignores the data; (0, 0) holds.
    assert_eq!((by("q0").verdict, by("q0").route), (Verdict::Sound, RouteKind::Trivial));
}

#[test]
fn epsilon_zero_claims_are_ordinary_claims() {
    // TF Privacy issue 166: ε = 0 at δ = 1e−3 for q = 105/1e5, σ = 1, T = 1 is correct:
    // δ(0) = q (2Φ(1/2) − 1) = 4.020711686754275e−4 (mpmath, q = mpf(0.00105), the f64 value) ≤ 1e−3.
    let v = audit(&["tf166,tfp,poisson_subsampled_gaussian,1.0,,0.00105,1,0,1e-3", "tf166-tight,x,poisson_subsampled_gaussian,1.0,,0.00105,1,0,4e-4"]);
    assert_eq!(v[0].verdict, Verdict::Sound, "{:?}", v[0].notes);
    assert!(v[0].true_delta.contains(4.020711686754274927955e-4), "{}", v[0].true_delta);
    assert_eq!(v[1].verdict, Verdict::Unsound, "{:?}", v[1].notes);
}
