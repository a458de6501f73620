//! Audit checks of kind `golden`: every registered golden file compared against the code
//! ([`crate::golden::check_table`]), one report entry per file (pass when it has no regression).

use super::entry::EntryStatus;
use crate::error::{Error, Result};
use crate::golden::{check_file, generators, CheckSummary, Route};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// A validated golden check.
#[derive(Clone, Debug, PartialEq)]
pub struct GoldenPlan {
    pub dir: PathBuf,
    pub routes: Vec<Route>,
}

/// One golden file's comparison.
#[derive(Clone, Debug)]
pub struct GoldenFile {
    pub file: String,
    pub summary: CheckSummary,
    /// A read or format error of the file (a failure).
    pub error: Option<String>,
    pub seconds: f64,
}

impl GoldenFile {
    pub fn status(&self) -> EntryStatus {
        if self.error.is_none() && self.summary.regressions.is_empty() {
            EntryStatus::Pass
        } else {
            EntryStatus::Fail
        }
    }
}

impl GoldenPlan {
    pub fn new(dir: &str, routes: Option<&[String]>) -> Result<GoldenPlan> {
        let routes = match routes {
            None => Route::ALL.to_vec(),
            Some([]) => return Err(Error::invalid("routes", "[]", "give at least one of f64, exact, fft")),
            Some(r) => r.iter().map(|s| Route::parse(s)).collect::<Result<Vec<_>>>()?,
        };
        let dir = PathBuf::from(dir);
        if !dir.is_dir() {
            return Err(Error::Io { path: dir.display().to_string(), message: "golden directory not found".into() });
        }
        Ok(GoldenPlan { dir, routes })
    }
    pub fn describe(&self) -> String {
        let r: Vec<&str> = self.routes.iter().map(|r| r.name()).collect();
        format!("golden files in {} ({} registered), routes {}", self.dir.display(), generators().len(), r.join(","))
    }
}

/// Check every registered file.
pub fn run(p: &GoldenPlan, interrupt: &AtomicBool) -> Result<Vec<GoldenFile>> {
    let mut out = Vec::new();
    for gen in generators() {
        if interrupt.load(Ordering::SeqCst) {
            return Err(Error::Interrupted);
        }
        let t = Instant::now();
        let mut summary = CheckSummary::default();
        let error = check_file(&p.dir, gen, &p.routes, &mut summary).err().map(|e| e.to_string());
        out.push(GoldenFile { file: gen.file.to_string(), summary, error, seconds: t.elapsed().as_secs_f64() });
    }
    Ok(out)
}
