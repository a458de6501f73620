//! Recording verdicts: run every audit point of every paper in [`crate::papers::ALL`] and write
//! each paper's recorded-verdicts file (`audits/verdicts/<key>.json`), with the verdict changes
//! against the previous file. `dpaudit list --record-verdicts` calls [`record_all`].

use super::audit_point::AuditPoint;
use super::registry::parse_points;
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

/// Writes one file completely or not at all (the caller passes the project's atomic writer).
pub type WriteFile = fn(&Path, &[u8]) -> Result<()>;

/// One recorded file: where, how many points, and the verdict changes (empty: none changed).
#[derive(Clone, Debug, PartialEq)]
pub struct RecordedFile {
    pub path: PathBuf,
    pub points: usize,
    pub changes: Vec<String>,
}

/// What [`record_all`] did: every point of every paper (papers in `ALL` order) and the files.
#[derive(Clone, Debug, PartialEq)]
pub struct Recording {
    pub points: Vec<AuditPoint>,
    pub files: Vec<RecordedFile>,
}

/// Run every audit point of every paper, then write `root/<recorded_verdicts_path>` for each
/// paper with `write` (nothing is written when interrupted). The previous verdicts are read from
/// the file being replaced, or from the embedded copy when it does not exist.
/// Errors: interrupted, I/O, serialisation.
pub fn record_all(root: &Path, interrupt: &AtomicBool, write: WriteFile) -> Result<Recording> {
    let mut computed = Vec::new();
    for p in super::ALL {
        let points = p.audit_points(interrupt);
        if interrupt.load(Ordering::SeqCst) {
            return Err(Error::Interrupted);
        }
        computed.push((p, points));
    }
    let mut rec = Recording { points: Vec::new(), files: Vec::new() };
    for (p, points) in computed {
        let out = root.join(p.recorded_verdicts_path());
        let old = match std::fs::read_to_string(&out) {
            Ok(text) => parse_points(&out.display().to_string(), &text).unwrap_or_default(),
            Err(_) => parse_points(&p.recorded_verdicts_path(), p.recorded_verdicts()).unwrap_or_default(),
        };
        let mut bytes = serde_json::to_vec_pretty(&points).map_err(|e| Error::Numerical(format!("cannot serialise audit points: {e}")))?;
        bytes.push(b'\n');
        if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| Error::Io { path: dir.display().to_string(), message: e.to_string() })?;
        }
        write(&out, &bytes)?;
        rec.files.push(RecordedFile { changes: verdict_diff(&old, &points), points: points.len(), path: out });
        rec.points.extend(points);
    }
    Ok(rec)
}

/// Lines `A1: holds -> counterexample`, `A7: new (holds)`, `A9: removed (was inconclusive)`.
pub fn verdict_diff(old: &[AuditPoint], new: &[AuditPoint]) -> Vec<String> {
    let key = |p: &AuditPoint| format!("{}/{}", p.paper, p.id);
    let mut out = Vec::new();
    for n in new {
        match old.iter().find(|o| key(o) == key(n)) {
            Some(o) if o.verdict != n.verdict => out.push(format!("{}: {} -> {}", key(n), o.verdict.name(), n.verdict.name())),
            Some(_) => {}
            None => out.push(format!("{}: new ({})", key(n), n.verdict.name())),
        }
    }
    for o in old {
        if !new.iter().any(|n| key(n) == key(o)) {
            out.push(format!("{}: removed (was {})", key(o), o.verdict.name()));
        }
    }
    out
}
