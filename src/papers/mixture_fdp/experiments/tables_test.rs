//! The experiment outputs against the spec's Table 1/2 values (§4.5: 50-digit evaluations; the
//! mpmath anchors of `golden/anchors/mixture_fdp/table_2.csv` for the ε columns), FMT23's mpmath
//! values (`clones_test.rs`) and the paper's printed digits. One `quick` run shared by the checks.
#![allow(clippy::excessive_precision)]

use super::*;

fn rel(a: f64, b: f64) -> f64 {
    ((a - b) / b).abs()
}

fn col(t: &DataTable, name: &str) -> usize {
    t.column(name).unwrap_or_else(|| panic!("no column {name}"))
}

/// Rounds `x` to one significant digit (the paper prints δ_f-DP with one).
fn one_digit(x: f64) -> f64 {
    let e = x.log10().floor();
    (x / 10f64.powf(e)).round() * 10f64.powf(e)
}

#[test]
fn quick_outputs_reproduce_tables_1_and_2_and_the_curves() {
    let out = outputs(ExperimentSize::Quick, &AtomicBool::new(false)).unwrap();
    let files: Vec<&str> = out.iter().map(|o| o.file()).collect();
    assert_eq!(files, ["mixture_fdp_table_1.csv", "mixture_fdp_table_2.csv", "mixture_fdp_delta_curves.csv", "mixture_fdp_delta_curves.svg"]);
    let table = |i: usize| match &out[i] {
        ExperimentOutput::Table { table, .. } => table.clone(),
        _ => panic!("output {i} is not a table"),
    };

    // Table 1 (spec §4.5): δ_f-DP (15 digits), exact pair (11; 40 at 0.5 and 1.0), 3-RR and binary RR (7)
    let t1 = table(0);
    assert_eq!(t1.header, TABLE_1_HEADER.map(String::from));
    let spec = [
        (0.5, 3.03086166695554e-06, 2.74463804649302e-6, 2.469560e-06, 4.320987e-08),
        (0.6, 1.27109926196377e-07, 1.0844097109e-07, 9.371596e-08, 7.887099e-10),
        (0.7, 3.82548010405027e-09, 3.0215265840e-09, 2.485019e-09, 1.120388e-11),
        (0.8, 8.70092358327086e-11, 6.2430544638e-11, 4.867434e-11, 1.513439e-13),
        (0.9, 1.58535675564596e-12, 1.0154668655e-12, 7.436804e-13, 1.765831e-15),
        (1.0, 2.44552070902431e-14, 1.3745826402733e-14, 9.384138e-15, 1.847418e-17),
    ];
    assert_eq!(t1.rows.len(), spec.len());
    for (r, (eps, fdp, pair, r3, r2)) in t1.rows.iter().zip(spec) {
        assert_eq!(r[col(&t1, "eps")], eps);
        let at = |c: &str| r[col(&t1, c)];
        assert!(rel(at("delta_fdp"), fdp) < 1e-9, "ε = {eps}: {}", at("delta_fdp"));
        assert!(rel(at("delta_exact_pair"), pair) < 1e-9, "ε = {eps}: {}", at("delta_exact_pair"));
        assert!(rel(at("delta_3rr"), r3) < 1e-6 && rel(at("delta_binary_rr"), r2) < 1e-6, "ε = {eps}");
        assert!(rel(at("ratio_fdp_to_pair"), fdp / pair) < 1e-9);
        assert_eq!(one_digit(at("delta_fdp")), at("delta_fdp_printed"), "ε = {eps}: printed digit");
        // the importance-sampled interval contains the exact pair and never lies above δ_f-DP
        assert!(at("is_lower") <= pair && pair <= at("is_upper") && at("is_lower") <= fdp, "ε = {eps}: [{}, {}]", at("is_lower"), at("is_upper"));
        assert_eq!(at("is_samples"), 100_000.0);
    }
    // FMT23 closed form (mpmath, clones_test.rs): at the paper's ε₀ and at 4.444; printed column
    let d = |i: usize, c: &str| t1.rows[i][col(&t1, c)];
    assert!(rel(d(0, "delta_fmt23_paper_eps0"), 0.94947297822202132) < 1e-10 && rel(d(2, "delta_fmt23_paper_eps0"), 0.103783081449408497) < 1e-10);
    assert!(rel(d(5, "delta_fmt23_paper_eps0"), 0.0000825194248569696) < 1e-10 && rel(d(0, "delta_fmt23"), 0.948724279942258605) < 1e-10);
    assert_eq!(d(0, "delta_fmt23_printed"), 0.9494);

    // Table 2: ε_f-DP and ε_pair (mpmath anchors, 1e-8), 3-RR and binary RR (spec, 6 digits)
    let t2 = table(1);
    assert_eq!(t2.header, TABLE_2_HEADER.map(String::from));
    let spec2 = [
        (5e-5, 0.3995891434435948, 0.3974519013949431, 0.394697, 0.298580, 0.369),
        (3e-6, 0.5003440557113549, 0.4970691272218166, 0.493650, 0.384989, 0.470),
        (1e-7, 0.6071432544338457, 0.6023722422008504, 0.598121, 0.478710, 0.575),
        (4e-9, 0.6988108264175734, 0.6924991762164799, 0.687337, 0.560629, 0.664),
        (9e-11, 0.7991357031934665, 0.7908544413525000, 0.784820, 0.651846, 0.758),
    ];
    assert_eq!(t2.rows.len(), spec2.len());
    for (r, (delta, fdp, pair, r3, r2, lower)) in t2.rows.iter().zip(spec2) {
        let at = |c: &str| r[col(&t2, c)];
        assert_eq!(at("delta"), delta);
        assert!(rel(at("eps_fdp"), fdp) < 1e-8 && rel(at("eps_exact_pair"), pair) < 1e-8, "δ = {delta}");
        assert!((at("eps_3rr") - r3).abs() < 1e-6 && (at("eps_binary_rr") - r2).abs() < 1e-6, "δ = {delta}: {} {}", at("eps_3rr"), at("eps_binary_rr"));
        assert_eq!(at("eps_numerical_lower_printed"), lower);
        // spec §10.1 item 12: the printed lower row lies between binary RR and 3-RR
        assert!(at("eps_binary_rr") < lower && lower < at("eps_3rr"), "δ = {delta}");
        assert!(((at("eps_fdp") * 10.0).round() / 10.0 - at("eps_fdp_printed")).abs() < 1e-12);
    }
    let e = |i: usize, c: &str| t2.rows[i][col(&t2, c)];
    assert!(rel(e(0, "eps_fmt23_paper_eps0"), 1.01412618806333465) < 1e-10 && rel(e(1, "eps_fmt23_paper_eps0"), 1.08510256393525684) < 1e-10);
    assert_eq!((e(2, "fmt23_applies"), e(2, "eps_fmt23")), (0.0, 4.444));

    // curves: 25 points on [0, 1.2]; the nesting 3-RR ≤ pair ≤ f-DP; Table 1 values at 0.5 and 1
    let tc = table(2);
    assert_eq!(tc.header, CURVES_HEADER.map(String::from));
    assert_eq!(tc.rows.len(), 25);
    for r in &tc.rows {
        // the pair and the f-DP bound are both upper bounds; at ε = 0 they are equal (total
        // variation is preserved) and their roundings may cross by a few ulps
        assert!(r[3] <= r[2] && r[4] <= r[2] && r[2] <= r[1] * (1.0 + 1e-12), "ε = {}: {r:?}", r[0]);
    }
    let row = |eps: f64| tc.rows.iter().find(|r| r[0] == eps).unwrap();
    assert!(rel(row(0.5)[1], 3.03086166695554e-06) < 1e-9 && rel(row(1.0)[2], 1.3745826402733e-14) < 1e-9);
    match &out[3] {
        ExperimentOutput::Plot { kind: PlotKind::Lines { curves, .. }, .. } => {
            assert_eq!(curves.len(), 5);
            assert!(curves[..4].iter().all(|c| c.points.len() == 25), "every δ > 0 below ε₀");
            // FMT23 only where its assumption holds (δ = 1, trivial, at small ε; not at ε = 1.2)
            let fmt: Vec<f64> = curves[4].points.iter().map(|p| p.0).collect();
            assert!(!fmt.is_empty() && fmt.len() < 25, "{fmt:?}");
            assert!((curves[1].points[10].1 - 2.74463804649302e-6f64.log10()).abs() < 1e-9);
        }
        o => panic!("{o:?}"),
    }
}
