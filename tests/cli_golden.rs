//! `dpaudit golden check|regen` on a temporary copy of the golden directory (the repository's
//! files are never rewritten by tests).

use assert_cmd::Command;
use std::path::Path;

mod common;
use common::copy_tree;

fn copy_golden() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    copy_tree(&Path::new(env!("CARGO_MANIFEST_DIR")).join("golden"), tmp.path());
    tmp
}

/// Replace the value `from` by `to` in `file` (exactly one occurrence) and return its line.
fn corrupt(dir: &Path, file: &str, from: &str, to: &str) -> usize {
    let f = dir.join(file);
    let text = std::fs::read_to_string(&f).unwrap();
    assert_eq!(text.matches(from).count(), 1, "{from} must occur once in {file}");
    let line = text[..text.find(from).unwrap()].matches('\n').count() + 1;
    std::fs::write(&f, text.replace(from, to)).unwrap();
    line
}

#[test]
fn check_reports_a_regression_and_regen_repairs_it() {
    let tmp = copy_golden();
    // Gaussian σ = 1, δ(1) = 0.12693673750664395 (mpmath-50; stored as the nearest f64,
    // shortest form 0.12693673750664394); perturb it in the 9th digit.
    let line = corrupt(tmp.path(), "gaussian_profile.csv", "1,1,0.12693673750664394", "1,1,0.126936738");
    let out = Command::cargo_bin("dpaudit").unwrap().args(["golden", "check", "--route", "f64", "--dir"]).arg(tmp.path()).output().unwrap();
    let s = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{s}");
    let expected = format!("gaussian_profile.csv:{line}: column delta (f64 route): expected 1.26936738e-1, got 1.269367375066");
    assert!(s.contains(&expected), "{s}");
    assert!(s.contains("tolerance rel:1e-10"));
    // The independent anchor (mpmath, golden/anchors/gaussian_profile.csv) catches the corrupted
    // stored value on its own, too.
    let anchor = format!("gaussian_profile.csv:{line}: column delta (stored value vs anchor ");
    assert!(s.contains(&anchor) && s.contains("expected 1.2693673750664394e-1, got 1.26936738e-1"), "{s}");
    assert!(s.lines().last().unwrap().ends_with("2 regressions — FAIL"), "{s}");

    let out = Command::cargo_bin("dpaudit").unwrap().args(["golden", "regen", "--dir"]).arg(tmp.path()).output().unwrap();
    let s = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{s}");
    assert!(s.contains("-1,1,0.126936738\n+1,1,0.12693673750664394\n"), "{s}");
    assert!(s.lines().last().unwrap() == "golden regen: 48 files, 1 changed", "{s}");
    let repo = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("golden/gaussian_profile.csv")).unwrap();
    assert_eq!(std::fs::read_to_string(tmp.path().join("gaussian_profile.csv")).unwrap(), repo, "regen restores the reviewed file byte for byte");
}
