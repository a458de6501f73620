//! The engine's sharing of divergence-kind evaluations and its parallel calibration searches:
//! rows with the same claim on the same event get exactly what each gets alone, and the values
//! are the closed forms (DRS 2022 Cor. 3.3: μ = √T/σ; Mironov 2017 Prop. 7: ρ(α) = αT/(2σ²)).

use super::*;
use crate::claims::parse_claims;
use std::sync::atomic::AtomicBool;

const HEAD: &str = "id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,steps,epsilon,delta,kind,order,value";

fn audit(rows: &[&str]) -> Vec<ClaimVerdict> {
    let claims = parse_claims(&format!("{HEAD}\n{}\n", rows.join("\n")), "t").unwrap();
    let opts = ClaimOptions { monte_carlo: false, time_budget: 600.0, ..ClaimOptions::default() };
    audit_claims_with(&claims, &opts, &AtomicBool::new(false)).unwrap()
}

#[test]
fn shared_kind_rows_get_what_each_gets_alone() {
    // μ = √16/2 = 2 (exact): 2.000002 sound, 1.9 unsound; ρ(8) = 8·100/8 = 100: 99 unsound.
    // A Laplace GDP row (b = 1, one step, μ = 2.1: sound by the grid proof) is the costly kind.
    let rows = [
        "a,x,gaussian,2,,,16,,,gdp,,2.000002",
        "b,x,laplace,1,,,1,,,gdp,,2.1",
        "c,x,gaussian,2,,,16,,,gdp,,1.9",
        "d,x,gaussian,2,,,16,,,gdp,,2.000002",
        "e,x,gaussian,2,,,100,,,rdp,8,99",
        "f,x,laplace,1,,,1,,,gdp,,2.1",
        "g,x,gaussian,2,,,100,,,rdp,8,99",
    ];
    let together = audit(&rows);
    let verdicts: Vec<&str> = together.iter().map(|v| v.verdict.name()).collect();
    assert_eq!(verdicts, ["sound", "sound", "unsound", "sound", "unsound", "sound", "unsound"]);
    assert_eq!(together[0].kind_truth, Some(Interval::point(2.0)));
    assert_eq!(together[4].kind_truth, Some(Interval::point(100.0)));
    for (k, row) in rows.iter().enumerate() {
        let alone = audit(&[row]).remove(0);
        let v = &together[k];
        assert_eq!((v.verdict, v.kind_truth, &v.notes, &v.method), (alone.verdict, alone.kind_truth, &alone.notes, &alone.method), "{row}");
    }
}

#[test]
fn parallel_calibration_searches_keep_input_order() {
    // Gaussian T = 1, (ε, δ) = (1, 1e-5): σ_min = 3.7306316348159418 (mpmath, 40 digits:
    // bisection of Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) = δ in σ = 1/μ); every row's certified σ_min
    // must enclose it, whatever order the parallel searches finish in.
    let rows = ["a,x,gaussian,3.6,,,1,1.0,1e-5,calibration,,", "b,x,gaussian,4.0,,,1,1.0,1e-5,calibration,,", "c,x,gaussian,3.7,,,1,1.0,1e-5,calibration,,"];
    let got = audit(&rows);
    assert_eq!(got.iter().map(|v| v.id.as_str()).collect::<Vec<_>>(), ["a", "b", "c"]);
    assert_eq!(got.iter().map(|v| v.verdict.name()).collect::<Vec<_>>(), ["unsound", "sound", "unsound"]);
    for v in &got {
        let s = v.sigma_min.unwrap_or_else(|| panic!("{}: no σ_min", v.id));
        assert!(s.lower <= 3.7306316348159418 && 3.7306316348159418 <= s.upper && s.width() < 1e-9, "{}: {s}", v.id);
    }
}
