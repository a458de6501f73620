//! The mixtures f-DP paper's experiments as `dpaudit audit` writes them (`audit::experiment_files`,
//! the path `paper_check::run_experiments` takes): four files, CSV with the documented columns and
//! parseable rows, a well-formed SVG with the five curves. The numbers themselves are checked
//! against the spec in `src/papers/mixture_fdp/experiments_test.rs`.

use dpaudit::audit::experiment_files::write;
use dpaudit::papers::experiment::ExperimentSize;
use dpaudit::papers::ALL;
use std::sync::atomic::AtomicBool;

#[test]
fn mixture_fdp_experiment_files_are_written() {
    let paper = ALL.iter().find(|p| p.key() == "mixture_fdp").unwrap();
    let out = paper.experiments(ExperimentSize::Quick, &AtomicBool::new(false)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let paths = write(&dir.path().join("experiments"), &out).unwrap();
    let names: Vec<String> = paths.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
    for want in ["mixture_fdp_table_1.csv", "mixture_fdp_table_2.csv", "mixture_fdp_delta_curves.csv", "mixture_fdp_delta_curves.svg"] {
        assert!(names.iter().any(|n| n == want), "{want} missing from {names:?}");
    }
    let read = |name: &str| std::fs::read_to_string(dir.path().join("experiments").join(name)).unwrap();
    for (name, header, rows) in [
        ("mixture_fdp_table_1.csv", "eps,delta_fdp,delta_fdp_printed,delta_exact_pair,ratio_fdp_to_pair,delta_3rr,delta_binary_rr,delta_fmt23,delta_fmt23_paper_eps0,delta_fmt23_printed,is_lower,is_upper,is_samples", 6),
        ("mixture_fdp_table_2.csv", "delta,eps_fdp,eps_fdp_printed,eps_exact_pair,eps_3rr,eps_binary_rr,eps_fmt23,eps_fmt23_paper_eps0,fmt23_applies,eps_fmt23_printed,eps_numerical_lower_printed,gap_fdp_minus_3rr", 5),
        ("mixture_fdp_delta_curves.csv", "eps,delta_fdp,delta_exact_pair,delta_3rr,delta_binary_rr,delta_fmt23,fmt23_applies", 25),
    ] {
        let text = read(name);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("# source: Mixtures f-DP"), "{name}: {}", lines[0]);
        assert_eq!(lines[1], header, "{name}");
        assert_eq!(lines.len(), 2 + rows, "{name}");
        let cols = header.split(',').count();
        for l in &lines[2..] {
            let v: Vec<f64> = l.split(',').map(|c| c.parse::<f64>().unwrap_or_else(|_| panic!("{name}: cell {c:?}"))).collect();
            assert_eq!(v.len(), cols, "{name}: {l}");
            assert!(v.iter().all(|x| x.is_finite()), "{name}: {l}");
        }
    }
    // Table 1 at ε = 1: the f-DP bound and the exact pair as printed in the CSV (11 digits), spec §4.5
    let t1 = read("mixture_fdp_table_1.csv");
    let last: Vec<f64> = t1.lines().last().unwrap().split(',').map(|c| c.parse().unwrap()).collect();
    assert!((last[1] / 2.44552070902431e-14 - 1.0).abs() < 1e-9 && (last[3] / 1.3745826402733e-14 - 1.0).abs() < 1e-9, "{last:?}");
    let svg = read("mixture_fdp_delta_curves.svg");
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<svg").count(), svg.matches("</svg>").count());
    for label in ["f-DP bound (Corollary 4.3)", "exact pair", "3-RR (lower bound)", "binary RR (lower bound)", "FMT23 clones closed form"] {
        assert!(svg.contains(label), "SVG legend lacks {label}");
    }
    assert!(svg.matches("<polyline").count() + svg.matches("<path").count() >= 5, "five curves drawn");
}
