//! Tests of the all-or-nothing writer: the files on disk after success and after each kind of
//! failure, read back with `std::fs` (not through the module under test).

use super::{write_atomic, write_files};
use std::path::Path;

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    v.sort();
    v
}

#[test]
fn writes_every_file_with_subfolders() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    write_files(&out, &[("a.txt", b"one".to_vec()), ("plots/b.svg", b"two".to_vec())]).unwrap();
    assert_eq!(std::fs::read(out.join("a.txt")).unwrap(), b"one");
    assert_eq!(std::fs::read(out.join("plots/b.svg")).unwrap(), b"two");
    assert_eq!(names(&out), ["a.txt", "plots"]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(out.join("a.txt")).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode & 0o600, 0o600, "owner can read and write: {mode:o}");
    }
}

#[test]
fn f3_directory_in_the_way_writes_nothing() {
    // Issue 14, F3: `profile.txt` is a directory, so the second file cannot be written; the
    // first (`profile.json`) must not appear either, and no temporary is left.
    let d = tempfile::tempdir().unwrap();
    std::fs::create_dir(d.path().join("profile.txt")).unwrap();
    let e = write_files(d.path(), &[("profile.json", b"{}".to_vec()), ("profile.txt", b"x".to_vec())]).unwrap_err();
    assert!(e.to_string().contains("profile.txt"), "{e}");
    assert_eq!(names(d.path()), ["profile.txt"]);
}

#[test]
fn failure_keeps_old_contents() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("a.txt"), "old a").unwrap();
    std::fs::create_dir(d.path().join("b.txt")).unwrap();
    assert!(write_files(d.path(), &[("a.txt", b"new a".to_vec()), ("b.txt", b"new b".to_vec())]).is_err());
    assert_eq!(std::fs::read_to_string(d.path().join("a.txt")).unwrap(), "old a");
    assert_eq!(names(d.path()), ["a.txt", "b.txt"]);
}

#[test]
fn replaces_existing_files_and_leaves_no_temporaries() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("a.txt"), "old").unwrap();
    write_atomic(&d.path().join("a.txt"), b"new").unwrap();
    assert_eq!(std::fs::read_to_string(d.path().join("a.txt")).unwrap(), "new");
    assert_eq!(names(d.path()), ["a.txt"]);
}

#[test]
fn parent_that_is_a_file_is_an_error() {
    let d = tempfile::tempdir().unwrap();
    std::fs::write(d.path().join("f"), "x").unwrap();
    assert!(write_files(&d.path().join("f"), &[("a.txt", b"1".to_vec())]).is_err());
    assert!(write_files(d.path(), &[("a.txt", b"1".to_vec()), ("a.txt", b"2".to_vec())]).is_err());
    assert_eq!(names(d.path()), ["f"]);
}
