//! The repository's golden files (read only): every route reproduces them, and the stored values
//! agree with numbers computed outside dpaudit (mpmath at 50 digits, foundations §8.2–8.3).

#![allow(clippy::excessive_precision)] // reference values are quoted with all their published digits

use dpaudit::golden::{check_dir, check_table, registry, AnchorTable, CheckSummary, GoldenTable, Route};

mod common;
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

/// Every registered golden file has an anchor file under `golden/anchors/` (values computed by
/// mpmath outside dpaudit), its `# anchors:` line is current, every stored value agrees with its
/// anchors, and every model-merging result has at least 3 anchored rows.
#[test]
fn every_golden_file_has_independent_anchors_that_agree() {
    let dir = golden_dir();
    for gen in registry::generators() {
        let a = AnchorTable::read(&dir, gen).unwrap_or_else(|e| panic!("{}: {e}", gen.file));
        let table = GoldenTable::read(&dir.join(gen.file)).unwrap();
        let matched = a.match_rows(gen, table.rows.iter().map(|r| r.fields.as_slice()));
        let mut rows: Vec<usize> = matched.iter().flatten().copied().collect();
        rows.sort_unstable();
        rows.dedup();
        let extra = matched.iter().filter(|m| m.is_none()).count();
        assert!(!rows.is_empty(), "{}: no golden row is anchored", gen.file);
        if gen.file.starts_with("model_merging/") {
            assert!(rows.len() + extra / gen.outputs.len().max(1) >= 3, "{}: fewer than 3 anchored rows", gen.file);
        }
    }
    // no route: only the stored values against the anchors (and the header lines)
    let s = check_dir(&dir, &[]).expect("anchor files readable, headers current");
    let shown: Vec<String> = s.regressions.iter().map(|r| r.to_string()).collect();
    assert!(shown.is_empty(), "anchor disagreements:\n{}", shown.join("\n"));
    assert!(s.anchor_comparisons >= 300, "{}", s.anchor_comparisons);
}

fn copy_golden() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    common::copy_tree(&golden_dir(), tmp.path());
    tmp
}

/// A perturbed anchor (Theorem 6.2 eq. (9) at α = 2, changed in the 9th digit) makes the check
/// fail naming the golden row and the anchor line; a missing anchor file is an error.
#[test]
fn a_perturbed_or_missing_anchor_fails_the_check() {
    let tmp = copy_golden();
    let f = tmp.path().join("anchors/model_merging/theorem_6_2_algorithm_3.csv");
    let text = std::fs::read_to_string(&f).unwrap();
    let line = text.lines().position(|l| l.starts_with("0.01,0.02,1,2,0.5,2,1000,1e-5,step_rdp,")).unwrap() + 1;
    let bad: Vec<String> = text.lines().map(|l| if l.starts_with("0.01,0.02,1,2,0.5,2,1000,1e-5,step_rdp,") { l.replacen(",1.998364980037", ",1.998364990037", 1) } else { l.to_string() }).collect();
    std::fs::write(&f, bad.join("\n") + "\n").unwrap();
    let s = check_dir(tmp.path(), &[Route::F64]).unwrap();
    assert!(!s.regressions.is_empty());
    let shown: Vec<String> = s.regressions.iter().map(|r| r.to_string()).collect();
    let golden_line = 5; // first data row of theorem_6_2_algorithm_3.csv
    assert!(shown.iter().all(|r| r.contains(&format!("theorem_6_2_algorithm_3.csv:{golden_line}: column step_rdp")) && r.contains(&format!("theorem_6_2_algorithm_3.csv:{line}"))), "{shown:?}");
    assert!(shown.iter().any(|r| r.contains("(stored value vs anchor")), "{shown:?}");
    assert!(shown.iter().any(|r| r.contains("(f64 route vs anchor")), "{shown:?}");
    std::fs::remove_file(&f).unwrap();
    let e = check_dir(tmp.path(), &[Route::F64]).unwrap_err().to_string();
    assert!(e.contains("theorem_6_2_algorithm_3.csv") && e.contains("anchor"), "{e}");
}
