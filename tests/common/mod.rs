//! Helpers shared by integration tests.

use std::path::Path;

/// Copy `src` into `dst` recursively (golden files live in per-paper subfolders).
pub fn copy_tree(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let p = e.unwrap().path();
        let to = dst.join(p.file_name().unwrap());
        if p.is_dir() { copy_tree(&p, &to) } else { std::fs::copy(&p, &to).map(|_| ()).unwrap() }
    }
}
