//! Helpers shared by integration tests.

use std::path::Path;

/// Copy `src` into `dst` recursively (golden files live in per-paper subfolders).
#[allow(dead_code)]
pub fn copy_tree(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let p = e.unwrap().path();
        let to = dst.join(p.file_name().unwrap());
        if p.is_dir() { copy_tree(&p, &to) } else { std::fs::copy(&p, &to).map(|_| ()).unwrap() }
    }
}

/// Absolute path of a claims file under `audits/claims/` (the examples the CLI tests audit).
#[allow(dead_code)]
pub fn claims_file(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("audits/claims").join(name).to_str().unwrap().to_string()
}

/// A number of a JSON report; reports write infinite bounds as the strings `"inf"` and `"-inf"`.
#[allow(dead_code)]
pub fn num(v: &serde_json::Value) -> f64 {
    match v {
        serde_json::Value::Number(n) => n.as_f64().unwrap(),
        serde_json::Value::String(s) if s == "inf" => f64::INFINITY,
        serde_json::Value::String(s) if s == "-inf" => f64::NEG_INFINITY,
        other => panic!("not a number: {other}"),
    }
}
