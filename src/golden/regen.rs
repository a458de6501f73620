//! `dpaudit golden regen`: recompute every registered golden file with the oracle, write it via a
//! temporary file and an atomic rename, and report a unified diff of the changed lines. The
//! `# anchors:` line is derived from the file's anchor file (`golden/anchors/…`, read, never
//! written here), so regen → check round-trips byte for byte.

use super::anchors::{header_line, AnchorTable};
use super::diff::unified;
use super::registry::{generators, Generator};
use super::table::render_anchored;
use crate::error::{Error, Result};
use std::path::Path;

/// What regenerating one file did.
#[derive(Clone, Debug, PartialEq)]
pub struct RegenOutcome {
    pub file: String,
    /// Empty when the file did not change.
    pub diff: String,
    pub created: bool,
}

/// The text a generator produces now, with the `# anchors:` line of `anchors` if given.
pub fn generate(gen: &Generator, anchors: Option<&AnchorTable>) -> Result<String> {
    let rows = (gen.rows)()?;
    for (i, r) in rows.iter().enumerate() {
        if r.len() != gen.header.len() {
            return Err(Error::Numerical(format!("{}: generator row {} has {} fields, header {}", gen.file, i + 1, r.len(), gen.header.len())));
        }
        if r.iter().any(|f| f == "NaN" || f.is_empty()) {
            return Err(Error::Numerical(format!("{}: generator row {} has a NaN or empty field", gen.file, i + 1)));
        }
    }
    // data rows start on line 5 (source, tolerance, anchors, header) when anchored
    let line = anchors.map(|a| {
        let numbered: Vec<(usize, &[String])> = rows.iter().enumerate().map(|(i, r)| (i + 5, r.as_slice())).collect();
        header_line(gen, a, &numbered)
    });
    Ok(render_anchored(gen.source, gen.tolerance, line.as_deref(), gen.header, &rows))
}

/// Regenerate every registered file in `dir` (created if missing). Every file's anchor file must
/// exist in `dir/anchors/`. All files are computed first (in parallel); nothing is written unless
/// every generator succeeded, and the changed files are then written all or nothing
/// ([`crate::outfiles::write_all`]).
pub fn regen_dir(dir: &Path) -> Result<Vec<RegenOutcome>> {
    use rayon::prelude::*;
    let texts: Vec<(&Generator, String)> = generators()
        .par_iter()
        .map(|g| {
            let anchors = AnchorTable::read(dir, g)?;
            generate(g, Some(&anchors)).map(|t| (g, t))
        })
        .collect::<Result<_>>()?;
    std::fs::create_dir_all(dir).map_err(|e| Error::Io { path: dir.display().to_string(), message: e.to_string() })?;
    let mut outcomes = Vec::new();
    let mut changed: Vec<(std::path::PathBuf, String)> = Vec::new();
    for (gen, text) in texts {
        let path = dir.join(gen.file);
        let shown = path.display().to_string();
        if let Some(parent) = path.parent() {
            // Files may live in per-paper subfolders (`<paper key>/`).
            std::fs::create_dir_all(parent).map_err(|e| Error::Io { path: parent.display().to_string(), message: e.to_string() })?;
        }
        let old = match std::fs::read_to_string(&path) {
            Ok(s) => Some(s),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(Error::Io { path: shown, message: e.to_string() }),
        };
        let diff = unified(&format!("{shown} (stored)"), &format!("{shown} (regenerated)"), old.as_deref().unwrap_or(""), &text, 1);
        outcomes.push(RegenOutcome { file: shown, diff, created: old.is_none() });
        if old.as_deref() != Some(text.as_str()) {
            changed.push((path, text));
        }
    }
    let files: Vec<(std::path::PathBuf, &[u8])> = changed.iter().map(|(p, t)| (p.clone(), t.as_bytes())).collect();
    crate::outfiles::write_all(&files)?;
    Ok(outcomes)
}

/// Write `bytes` to `path` through a temporary file in the same directory and a rename, so that
/// readers never see a partial file (the crate's one writer: [`crate::outfiles`]).
pub use crate::outfiles::write_atomic;
