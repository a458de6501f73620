//! Layers point down only. Every `crate::X…` and `super::…` path in `src/**/*.rs` (code only:
//! comments and string literals are skipped) is resolved to the top-level module it names; a
//! module may use its own layer and the layers below it, never one above. A second check finds
//! import cycles between files (leaf files only: `mod.rs` re-exports and `*_test.rs` files are
//! not nodes).
//!
//! The layer order is written once, in [`LAYERS`] (lowest first).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Lowest layer first; modules on one line form one layer (they may use each other).
/// num ← repr ← mechanisms ← pld/mc/cf ← exact/profile ← claims/papers ← golden/audit ← cli.
const LAYERS: &[&[&str]] = &[
    &["num"],
    &["repr"],
    &["mechanisms"],
    &["pld", "mc", "cf"],
    &["exact", "profile"],
    &["claims", "papers"],
    &["golden", "audit", "compare"],
    &["cli"],
];

/// Usable from every layer: errors, the neutral all-or-nothing file writer and the interruptible
/// worker thread.
const NEUTRAL: &[&str] = &["error", "Error", "Result", "outfiles", "worker"];

/// Known file-level cycles, each with the issue that removes it. Pairs of files (relative to
/// `src/`), either order.
const KNOWN_CYCLES: &[(&str, &str)] = &[
    // audit/report ↔ audit/report_audit: `report` re-exports `report_audit`'s entry points
    // (`pub use`) and `report_audit` uses `report`'s JSON helpers; pre-existing, to be split.
    ("audit/report.rs", "audit/report_audit.rs"),
];

fn layer_of(top: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&top))
}

/// The code of a Rust source with comments, string literals and char literals blanked out
/// (replaced by spaces, newlines kept), so that paths inside them are not references.
fn code_only(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && (next == Some('"') || next == Some('#')) && (i == 0 || !(b[i - 1].is_alphanumeric() || b[i - 1] == '_')) {
            // Raw string r"…", r#"…"#, …
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for k in i..j.min(b.len()) {
                out.push(blank(b[k]));
            }
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && (b.get(i + 2) == Some(&'\'') || (next == Some('\\') && b[i + 1..].iter().take(12).any(|&x| x == '\''))) {
            // Char literal ('x', '\n', '\u{..}'); lifetimes ('a) are left alone.
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '\'' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                out.push(' ');
                i += 1;
            }
            out.push(' ');
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The module path of a file relative to `src/` (`papers/registry.rs` → `[papers, registry]`,
/// `audit/mod.rs` → `[audit]`, `lib.rs` → `[]`).
fn module_path(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel.trim_end_matches(".rs").split('/').map(String::from).collect();
    if matches!(parts.last().map(String::as_str), Some("mod") | Some("lib") | Some("main")) {
        parts.pop();
    }
    parts
}

fn ident_at(code: &[char], mut i: usize) -> (String, usize) {
    let mut s = String::new();
    while i < code.len() && (code[i].is_alphanumeric() || code[i] == '_') {
        s.push(code[i]);
        i += 1;
    }
    (s, i)
}

/// Every absolute module path a file refers to: `crate::a::b…` and `super::…::a…` resolved
/// against the file's module path; `crate::{a, b::c}` groups give one path per member.
fn references(rel: &str, src: &str) -> Vec<Vec<String>> {
    let code: Vec<char> = code_only(src).chars().collect();
    let me = module_path(rel);
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let boundary = i == 0 || !(code[i - 1].is_alphanumeric() || code[i - 1] == '_' || code[i - 1] == ':');
        let (word, _) = ident_at(&code, i);
        if boundary && (word == "crate" || word == "super") {
            let mut base: Vec<String> = if word == "crate" { Vec::new() } else { me.clone() };
            let mut j = i;
            // Consume `crate::` or a chain of `super::`.
            loop {
                let (w, e) = ident_at(&code, j);
                if !(w == "crate" && j == i || w == "super") || code.get(e) != Some(&':') || code.get(e + 1) != Some(&':') {
                    break;
                }
                if w == "super" {
                    base.pop();
                }
                j = e + 2;
            }
            if j == i {
                i += word.len().max(1);
                continue;
            }
            let push_path = |start: usize, base: &[String], out: &mut Vec<Vec<String>>| {
                let mut p = base.to_vec();
                let mut k = start;
                loop {
                    let (w, e) = ident_at(&code, k);
                    if w.is_empty() {
                        break;
                    }
                    p.push(w);
                    if code.get(e) == Some(&':') && code.get(e + 1) == Some(&':') {
                        k = e + 2;
                    } else {
                        break;
                    }
                }
                if p.len() > base.len() {
                    out.push(p);
                }
            };
            if code.get(j) == Some(&'{') {
                // A group: split its top-level members on commas.
                let mut depth = 0;
                let mut k = j;
                let mut member_start = j + 1;
                while k < code.len() {
                    match code[k] {
                        '{' => depth += 1,
                        '}' | ',' if depth == 1 => {
                            let mut s = member_start;
                            while s < k && code[s].is_whitespace() {
                                s += 1;
                            }
                            push_path(s, &base, &mut out);
                            member_start = k + 1;
                            if code[k] == '}' {
                                break;
                            }
                        }
                        '}' => depth -= 1,
                        _ => {}
                    }
                    k += 1;
                }
                i = k + 1;
            } else {
                push_path(j, &base, &mut out);
                i = j;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// Upward references of one file: `(referenced top module, its layer, the file's layer)`.
fn violations(rel: &str, src: &str) -> Vec<String> {
    let me = module_path(rel);
    let Some(my_top) = me.first() else { return Vec::new() };
    let Some(my_layer) = layer_of(my_top) else { return Vec::new() };
    let mut out = BTreeSet::new();
    for p in references(rel, src) {
        let top = p[0].as_str();
        if NEUTRAL.contains(&top) || top == my_top {
            continue;
        }
        if let Some(l) = layer_of(top) {
            if l > my_layer {
                out.insert(format!("src/{rel}: `{my_top}` (layer {my_layer}) uses `crate::{}` (layer {l})", p.join("::")));
            }
        }
    }
    out.into_iter().collect()
}

fn rust_files(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, root, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/");
            out.push((rel, std::fs::read_to_string(&p).unwrap()));
        }
    }
}

fn sources() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut v = Vec::new();
    rust_files(&root, &root, &mut v);
    v
}

/// The leaf file a module path refers to: the longest prefix naming a file `a/b.rs` (not a
/// `mod.rs`), if any.
fn target_file(path: &[String], files: &BTreeSet<String>) -> Option<String> {
    (1..=path.len()).rev().map(|n| format!("{}.rs", path[..n].join("/"))).find(|f| files.contains(f))
}

/// File-level import graph over leaf files (no `mod.rs`, `lib.rs`, `main.rs` or `*_test.rs`).
fn graph(srcs: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let is_node = |f: &str| !f.ends_with("mod.rs") && !f.ends_with("_test.rs") && f != "lib.rs" && f != "main.rs";
    let files: BTreeSet<String> = srcs.iter().map(|(f, _)| f.clone()).filter(|f| is_node(f)).collect();
    let mut g = BTreeMap::new();
    for (rel, text) in srcs.iter().filter(|(f, _)| files.contains(f)) {
        let deps: BTreeSet<String> = references(rel, text).iter().filter_map(|p| target_file(p, &files)).filter(|t| t != rel).collect();
        g.insert(rel.clone(), deps);
    }
    g
}

/// Strongly connected components with more than one file (Tarjan).
fn cycles(g: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct St<'a> {
        g: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut St<'a>, v: &'a str) {
        s.index.insert(v, s.next);
        s.low.insert(v, s.next);
        s.next += 1;
        s.stack.push(v);
        s.on.insert(v);
        for w in s.g.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.g.contains_key(w) {
                continue;
            }
            if !s.index.contains_key(w) {
                visit(s, w);
                let lw = s.low[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(lw);
            } else if s.on.contains(w) {
                let iw = s.index[w];
                let lv = s.low.get_mut(v).unwrap();
                *lv = (*lv).min(iw);
            }
        }
        if s.low[v] == s.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on.remove(w);
                comp.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                s.out.push(comp);
            }
        }
    }
    let mut s = St { g, index: BTreeMap::new(), low: BTreeMap::new(), stack: Vec::new(), on: BTreeSet::new(), next: 0, out: Vec::new() };
    for v in g.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v.as_str());
        }
    }
    s.out
}

fn is_known(c: &[String]) -> bool {
    c.len() == 2 && KNOWN_CYCLES.iter().any(|(a, b)| (c[0] == *a && c[1] == *b) || (c[0] == *b && c[1] == *a))
}

#[test]
fn no_lower_layer_imports_a_higher_one() {
    let srcs = sources();
    assert!(srcs.len() > 50, "found only {} source files", srcs.len());
    // Unit-test files (`*_test.rs`) may compare against any layer (e.g. `mechanisms` tests
    // against the MPFR oracle in `exact`): an independent reference, not a dependency.
    let bad: Vec<String> = srcs.iter().filter(|(rel, _)| !rel.ends_with("_test.rs")).flat_map(|(rel, text)| violations(rel, text)).collect();
    assert!(bad.is_empty(), "upward imports (layers, lowest first: {LAYERS:?}):\n{}", bad.join("\n"));
}

#[test]
fn no_import_cycles_between_files() {
    let srcs = sources();
    let g = graph(&srcs);
    assert!(g.values().map(BTreeSet::len).sum::<usize>() > 100, "the import graph looks empty");
    let bad: Vec<String> = cycles(&g).into_iter().filter(|c| !is_known(c)).map(|c| c.join(" ↔ ")).collect();
    assert!(bad.is_empty(), "import cycles between files:\n{}", bad.join("\n"));
}

#[test]
fn every_top_level_module_has_a_layer() {
    for (rel, _) in sources() {
        if rel.ends_with("_test.rs") {
            continue; // unit-test modules are exempt from the layer rule (see the scanner)
        }
        let p = module_path(&rel);
        if let Some(top) = p.first() {
            assert!(layer_of(top).is_some() || NEUTRAL.contains(&top.as_str()), "src/{rel}: module `{top}` has no layer in LAYERS");
        }
    }
}

// ---- the scanner itself, on planted sources

#[test]
fn scanner_flags_a_planted_upward_import() {
    let src = "use crate::num::Mp;\nuse crate::audit::plots::xy_chart_svg;\nfn f() { crate::golden::write_atomic(p, b) }\n";
    let v = violations("papers/x.rs", src);
    assert_eq!(v.len(), 2, "{v:?}");
    assert!(v[0].contains("crate::audit::plots::xy_chart_svg") && v[1].contains("crate::golden::write_atomic"), "{v:?}");
    // Downward, same-layer and neutral references are fine.
    assert!(violations("audit/x.rs", "use crate::papers::ALL;\nuse crate::golden::Route;\nuse crate::error::Result;\nuse crate::outfiles::write;").is_empty());
}

#[test]
fn scanner_resolves_groups_and_super_and_skips_comments_and_strings() {
    // `crate::{…}` groups: every member counts.
    let v = violations("num/x.rs", "use crate::{error::Result, repr::Gdp};");
    assert_eq!(v.len(), 1, "{v:?}");
    // `super::` from a top-level module file reaches the crate root.
    assert_eq!(violations("repr/mod.rs", "use super::cli::run;").len(), 1);
    assert!(violations("repr/x.rs", "use super::gdp::Gdp;").is_empty());
    // Comments, doc comments and strings are not references.
    let quiet = "// crate::cli::x\n/// [`crate::audit::y`]\n/* crate::golden */\nconst S: &str = \"crate::cli::run\";\nconst R: &str = r#\"crate::audit\"#;\nfn f<'a>(c: char) -> bool { c == '\"' }\n";
    assert!(violations("num/x.rs", quiet).is_empty(), "{:?}", violations("num/x.rs", quiet));
    // …but code after a char literal holding a quote still is.
    assert_eq!(violations("num/x.rs", "fn f(c: char) -> bool { c == '\"' }\nuse crate::cli::x;").len(), 1);
}

#[test]
fn cycle_finder_finds_a_planted_loop() {
    let srcs: Vec<(String, String)> = vec![
        ("a/one.rs".into(), "use super::two::f;".into()),
        ("a/two.rs".into(), "fn g() { super::three::h() }".into()),
        ("a/three.rs".into(), "use crate::a::one::x;".into()),
        ("a/four.rs".into(), "use crate::a::one::x;".into()),
        ("a/mod.rs".into(), "pub use one::x; pub use four::y;".into()),
    ];
    let c = cycles(&graph(&srcs));
    assert_eq!(c, vec![vec!["a/one.rs".to_string(), "a/three.rs".into(), "a/two.rs".into()]]);
}

/// The CLI parses, calls one library function and prints: reports are `Serialize` types of the
/// library, so no file of `src/cli/` builds JSON by hand (`json!`, `serde_json::Value`, `Map`)
/// except `output.rs`, the one printer.
#[test]
fn the_cli_builds_no_json_by_hand() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/cli"), &root.join("src"), &mut files);
    assert!(files.len() > 5, "src/cli not found");
    let bad: Vec<String> = files
        .iter()
        .filter(|(rel, _)| rel != "cli/output.rs")
        .filter(|(_, src)| {
            let code = code_only(src);
            code.contains("json!") || code.contains("serde_json::Value") || code.contains("serde_json::Map")
        })
        .map(|(rel, _)| rel.clone())
        .collect();
    assert!(bad.is_empty(), "JSON built by hand in the CLI (make the report Serialize in the library): {bad:?}");
}
