//! Divergence-kind verdicts against independently computed values (mpmath at 40 digits, the
//! spec's Opacus GDP row R18, closed forms).

use super::*;
use crate::claims::parse_claims;

fn one(row: &str) -> Claim {
    let text = format!("id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,kind,order,value\n{row}\n");
    parse_claims(&text, "t").unwrap().remove(0)
}

#[test]
fn decide_value_rule() {
    let t = Interval { lower: 1.0, upper: 2.0 };
    assert_eq!(decide_value(2.0, &t, 1e-9), Verdict::Sound);
    assert_eq!(decide_value(0.999, &t, 1e-9), Verdict::Unsound);
    assert_eq!(decide_value(1.5, &t, 1e-9), Verdict::Inconclusive);
    // Within the tolerance below the lower end: not unsound.
    assert_eq!(decide_value(1.0 - 1e-12, &Interval::point(1.0), 1e-9), Verdict::Inconclusive);
}

#[test]
fn gaussian_gdp_and_zcdp_are_exact() {
    // μ = √16/2 = 2, ρ = 16/(2·4) = 2: claims of exactly these values are sound, below unsound.
    let o = evaluate(&one("g,a,gaussian,2,,,16,,,gdp,,2"), 128, 1e-9).unwrap();
    assert_eq!((o.truth, o.verdict), (Interval::point(2.0), Verdict::Sound));
    let o = evaluate(&one("g,a,gaussian,2,,,16,,,gdp,,1.99"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Unsound);
    let o = evaluate(&one("g,a,gaussian,2,,,16,,,zcdp,,2"), 128, 1e-9).unwrap();
    assert_eq!((o.truth, o.verdict), (Interval::point(2.0), Verdict::Sound));
    let o = evaluate(&one("g,a,gaussian,2,,,16,,,zcdp,,0.125"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Unsound);
}

#[test]
fn sgm_zcdp_sound_at_the_gaussian_rho_and_unsound_far_below() {
    // Upper end T/(2σ²) = 10/8 = 1.25; lower end from the orders: at α = 2,
    // 10·ln(1 + q²(e^{1/σ²} − 1))/2 with q = 0.1, σ = 2 (mpmath: 1.42e−3 … ) — far above 1e−4.
    let o = evaluate(&one("s,a,poisson_subsampled_gaussian,2,,0.1,10,,,zcdp,,1.25"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Sound);
    assert_eq!(o.truth.upper, 1.25);
    let o = evaluate(&one("s,a,poisson_subsampled_gaussian,2,,0.1,10,,,zcdp,,1e-4"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Unsound);
    // Between the ends: at α = 128, D_α ≥ (α ln q + α(α−1)/(2σ²))/(α−1) (the k = α term alone)
    // = 16 − 2.32072 = 13.67928, so the lower end is ≥ 10·13.67928/128 = 1.068694; 1.2 is undecided.
    let o = evaluate(&one("s,a,poisson_subsampled_gaussian,2,,0.1,10,,,zcdp,,1.2"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Inconclusive, "{:?}", o);
    assert!(o.truth.lower >= 1.0686 && o.truth.lower < 1.2, "{:?}", o.truth);
}

#[test]
fn laplace_zcdp_bounds() {
    // Laplace b = 2, T = 4: upper T ε0²/2 = 4·0.25/2 = 0.5; a claim of 0.5 is sound.
    let o = evaluate(&one("l,a,laplace,2,,,4,,,zcdp,,0.5"), 128, 1e-9).unwrap();
    assert_eq!((o.truth.upper, o.verdict), (0.5, Verdict::Sound));
    // Lower end: D_α/α at α = 1.01 is close to the KL divergence ε0 − 1 + e^{−ε0} = 0.10653 per
    // step (b = 2), so the lower end is about 4 × 0.105 = 0.42 > 0.05.
    let o = evaluate(&one("l,a,laplace,2,,,4,,,zcdp,,0.05"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Unsound, "{:?}", o);
}

#[test]
fn gdp_laplace_one_step_sound_with_a_grid_proof() {
    // Laplace b = 2 (ε0 = 0.5) is μ-GDP with μ ≈ 0.5: the one-step Laplace trade-off is above G_μ
    // when δ_Lap(ε) = 1 − e^{(ε−ε0)/2} ≤ δ_μ(ε); at μ = 1 this holds with a wide margin (mpmath:
    // δ_Lap(0) = 0.2212, δ_1(0) = 2Φ(1/2) − 1 = 0.3829).
    let o = evaluate(&one("l,a,laplace,2,,,1,,,gdp,,1"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Sound, "{:?}", o);
    // μ = 0.2: δ_0.2(0) = 2Φ(0.1) − 1 = 0.0797 < 0.2212 = δ_Lap(0): unsound (the reported
    // witness is the grid point with the largest ratio, not necessarily ε = 0).
    let o = evaluate(&one("l,a,laplace,2,,,1,,,gdp,,0.2"), 128, 1e-9).unwrap();
    assert_eq!(o.verdict, Verdict::Unsound, "{:?}", o);
    assert!(o.notes[0].starts_with("violation at ε = "), "{:?}", o.notes);
    assert!(o.truth.lower > 0.2, "{:?}", o.truth);
}

#[test]
fn gdp_profile_check_finds_the_largest_violation() {
    // A fake profile δ(ε) = δ_μ'(ε) with μ' = 1.5 against a claim μ = 1: violated everywhere;
    // the witness's μ lower bound lies in (1, 1.5].
    let prof = |e: f64| gdp_delta(1.5, e, 128);
    let c = gdp_profile_check(1.0, &prof, 8.0, 128, 1e-9).unwrap();
    let w = c.witness.unwrap();
    assert!(w.mu_lower > 1.0 && w.mu_lower <= 1.5 * (1.0 + 1e-12), "{w:?}");
    assert!(w.mu_lower > 1.49, "{w:?}");
    // Same profile against μ = 2: proven on the whole grid.
    let c = gdp_profile_check(2.0, &prof, 8.0, 128, 1e-9).unwrap();
    assert!(c.witness.is_none() && c.proven, "{c:?}");
}

/// A Gaussian GDP claim equal to the f64 value of √T/σ (issue 25: inconclusive, the enclosure
/// being a few ulps wide). mpmath at 40 digits: √7/3 = 0.88191710368819686350… < the f64
/// 0.8819171036881969 = 0.88191710368819686838… (sound), and √3/0.7 = 2.47435829652696771916…
/// > the f64 2.4743582965269675 = 2.47435829652696748227… (below the truth, within κ).
#[test]
fn gaussian_gdp_claim_at_the_rounded_truth_is_decided_exactly() {
    let c = 0.881_917_103_688_196_9;
    let out = evaluate(&one(&format!("g,x,gaussian,3.0,,,7,,,gdp,,{c}")), 256, 1e-9).unwrap();
    assert_eq!(out.verdict, Verdict::Sound, "{:?}", out.notes);
    assert!(out.truth.upper == c && out.truth.lower <= c && out.truth.lower > c * (1.0 - 1e-15), "{}", out.truth);
    let c = 2.474_358_296_526_967_5;
    let out = evaluate(&one(&format!("g,x,gaussian,0.7,,,3,,,gdp,,{c}")), 256, 1e-9).unwrap();
    assert_eq!(out.verdict, Verdict::Inconclusive, "{:?}", out.notes);
    assert!(out.truth.lower >= c && out.truth.upper > c && out.notes[0].contains("μ_c < √T/σ"), "{} {:?}", out.truth, out.notes);
}
