//! The repository's golden files (read only): every route reproduces them, and the stored values
//! agree with numbers computed outside dpaudit (mpmath at 50 digits, foundations §8.2–8.3).

#![allow(clippy::excessive_precision)] // reference values are quoted with all their published digits

use dpaudit::golden::{check_dir, check_table, registry, CheckSummary, GoldenTable, Route};
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("golden")
}

fn assert_no_regression(routes: &[Route]) {
    let s = check_dir(&golden_dir(), routes).expect("golden files readable and well-formed");
    let shown: Vec<String> = s.regressions.iter().map(|r| r.to_string()).collect();
    assert!(shown.is_empty(), "golden regressions:\n{}", shown.join("\n"));
    // Every registered file (6 foundation files + 11 model-merging files) was read and checked.
    assert_eq!(s.files, registry::generators().len());
    assert!(registry::generators().iter().filter(|g| g.file.starts_with("model_merging/")).count() >= 11);
    assert!(s.comparisons > 0);
}

#[test]
fn golden_f64_route_has_no_regression() {
    assert_no_regression(&[Route::F64]);
}

/// The exact route on every file except `sgm_rdp.csv`, whose quadrature rows cost ~1.5 s each at
/// 256 + 512 bits (they are covered by the next test on a sample, and fully by
/// `dpaudit golden check`).
#[test]
fn golden_exact_route_has_no_regression() {
    let mut s = CheckSummary::default();
    for gen in registry::generators().iter().filter(|g| g.file != "sgm_rdp.csv") {
        let table = GoldenTable::read(&golden_dir().join(gen.file)).unwrap();
        check_table(gen, &table, &[Route::Exact], &mut s).unwrap();
    }
    let shown: Vec<String> = s.regressions.iter().map(|r| r.to_string()).collect();
    assert!(shown.is_empty(), "golden regressions:\n{}", shown.join("\n"));
    assert_eq!(s.files, registry::generators().len() - 1);
}

/// The exact route on `sgm_rdp.csv`: every exact-sum row (integer α, remove direction) and every
/// fourth of the quadrature rows.
#[test]
fn golden_exact_route_rdp_sample_has_no_regression() {
    let gen = registry::find("sgm_rdp.csv").unwrap();
    let mut table = GoldenTable::read(&golden_dir().join(gen.file)).unwrap();
    let mut k = 0;
    table.rows.retain(|r| {
        let exact_sum = r.fields[2] == "remove" && !r.fields[3].contains('.');
        k += 1;
        exact_sum || k % 4 == 1
    });
    assert!(table.rows.len() >= 8);
    let mut s = CheckSummary::default();
    check_table(gen, &table, &[Route::Exact], &mut s).unwrap();
    let shown: Vec<String> = s.regressions.iter().map(|r| r.to_string()).collect();
    assert!(shown.is_empty(), "golden regressions:\n{}", shown.join("\n"));
}

#[test]
fn golden_fft_route_has_no_regression() {
    assert_no_regression(&[Route::Fft]);
}

/// Look up the output column of the row whose leading fields are `key`.
fn stored(file: &str, key: &[&str]) -> f64 {
    let t = GoldenTable::read(&golden_dir().join(file)).unwrap();
    let row = t
        .rows
        .iter()
        .find(|r| r.fields.iter().zip(key).all(|(f, k)| f == k))
        .unwrap_or_else(|| panic!("{file}: no row {key:?}"));
    t.number(row, t.header.len() - 1).unwrap()
}

/// Relative agreement; `rel` covers the rounding of the published digits.
fn close(file: &str, key: &[&str], reference: f64, rel: f64) {
    let v = stored(file, key);
    assert!((v - reference).abs() <= rel * reference.abs(), "{file} {key:?}: stored {v:e}, reference {reference:e}");
}

#[test]
fn stored_profiles_match_mpmath_50_values() {
    // foundations §8.3 (17 significant digits → 2e-16 relative covers their rounding).
    let r = 2e-16;
    close("gaussian_profile.csv", &["1", "0"], 0.38292492254802621, r);
    close("gaussian_profile.csv", &["1", "1"], 0.12693673750664395, r);
    close("gaussian_profile.csv", &["1", "2"], 0.020923635821113731, r);
    close("gaussian_profile.csv", &["1", "10"], 9.8127058268469559e-23, r);
    close("gaussian_profile.csv", &["2", "3"], 3.4009117356735288e-10, r);
    close("laplace_profile.csv", &["1", "0.5"], 0.22119921692859513, r);
    close("randomized_response_profile.csv", &["1", "0.5"], 0.28764913664496792, r);
    close("sgm_one_step_profile.csv", &["0.01", "1", "remove", "0.01"], 1.9002737053015713e-3, r);
    close("sgm_one_step_profile.csv", &["0.01", "1", "add", "0.01"], 6.4414170053958666e-12, r);
    close("sgm_one_step_profile.csv", &["0.1", "1", "remove", "0.5"], 2.032536920340358e-3, r);
    assert_eq!(stored("sgm_one_step_profile.csv", &["0.1", "1", "add", "0.5"]), 0.0);
    close("sgm_one_step_profile.csv", &["0.1", "1", "remove", "-0.05"], 0.058827525975977758, r);
    close("sgm_one_step_profile.csv", &["0.1", "1", "add", "-0.05"], 0.073639196970066031, r);
    close("sgm_one_step_profile.csv", &["0.1", "1", "max", "-0.05"], 0.073639196970066031, r);
    close("gaussian_epsilon.csv", &["1", "1", "1e-5"], 4.3771780956812246, r);
}

#[test]
fn stored_rdp_matches_mpmath_50_values() {
    // foundations §8.2, q = 0.01, σ = 1. Remove values have 17 digits; add values 12 digits.
    let remove = [
        ("2", 1.7181342207454794e-4),
        ("8", 8.9364390760603189e-4),
        ("16", 3.0878507836962446),
        ("32", 11.246275937048069),
        ("2.5", 2.1757533228188046e-4),
        ("10.5", 0.18833969137955361),
        ("20.5", 5.4086675940546861),
    ];
    for (a, v) in remove {
        close("sgm_rdp.csv", &["0.01", "1", "remove", a], v, 2e-16);
    }
    let add = [
        ("2", 1.60222649819e-4),
        ("8", 5.72388894902e-4),
        ("16", 1.01584693051e-3),
        ("32", 1.69233677997e-3),
        ("2.5", 1.98173289064e-4),
        ("10.5", 7.2157699392e-4),
        ("20.5", 1.22902642742e-3),
    ];
    for (a, v) in add {
        close("sgm_rdp.csv", &["0.01", "1", "add", a], v, 1e-11);
    }
}
