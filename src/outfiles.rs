//! All-or-nothing writing of result files (reports, golden files, verdicts, experiments).
//!
//! Every file-writing site of the crate goes through this module (issue 14, F3: a failed
//! `--out` write used to leave some of the files behind). The protocol of [`write_all`]:
//!
//! 1. **check** every target: its parent must be (or become) a directory and the target itself
//!    must not be a directory;
//! 2. **stage** every file as a temporary `.<name>.dpaudit-tmp-<pid>-<n>` next to its target
//!    (created exclusively, written, permissions 0644, synced);
//! 3. **commit**: rename each temporary over its target, keeping a backup of any file it replaces;
//!    if a rename fails, the files already committed are rolled back (backups restored, new
//!    files removed);
//! 4. on any failure every temporary and backup is removed and the first error is returned.
//!
//! So either every file has its new content or none changed (up to a failure of the rollback
//! itself, which is reported). Readers never see a partial file: each rename is atomic.
//!
//! Low and neutral: imports only `std` and [`crate::error`].

use crate::error::{Error, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Write `files` (paths relative to `dir`, which may contain `/` subfolders) into `dir`, creating
/// `dir` and the subfolders if needed; all or nothing (see the module doc).
/// Errors: [`Error::Io`] naming the path that failed; nothing is changed then.
pub fn write_files(dir: &Path, files: &[(&str, Vec<u8>)]) -> Result<()> {
    let full: Vec<(PathBuf, &[u8])> = files.iter().map(|(name, bytes)| (dir.join(name), bytes.as_slice())).collect();
    write_all(&full)
}

/// Write one file through a temporary file in the same directory and a rename, so that readers
/// never see a partial file. The parent directory must exist (or is created).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    write_all(&[(path.to_path_buf(), bytes)])
}

/// Write every `(path, bytes)`; either all files get their new content or none changes.
/// Parent directories are created if missing (directories created are left in place; they hold
/// no file after a failure). Errors: [`Error::Io`] with the path; duplicate paths.
pub fn write_all(files: &[(PathBuf, &[u8])]) -> Result<()> {
    // 1. Check.
    for (i, (path, _)) in files.iter().enumerate() {
        if files[..i].iter().any(|(p, _)| p == path) {
            return Err(io_err(path, "the same file is written twice"));
        }
        if path.file_name().is_none() {
            return Err(io_err(path, "not a file name"));
        }
        if path.is_dir() {
            return Err(io_err(path, "is a directory; cannot write a file there"));
        }
        let parent = parent_of(path);
        if parent.exists() && !parent.is_dir() {
            return Err(io_err(parent, "is not a directory"));
        }
    }
    for (path, _) in files {
        let parent = parent_of(path);
        std::fs::create_dir_all(parent).map_err(|e| io_err(parent, &e.to_string()))?;
    }
    // 2. Stage.
    let mut staged: Vec<Temp> = Vec::with_capacity(files.len());
    for (path, bytes) in files {
        staged.push(stage(path, bytes)?); // on error, `staged` is dropped: temporaries removed
    }
    // 3. Commit, with rollback.
    let mut committed: Vec<(PathBuf, Option<Temp>)> = Vec::new();
    for ((path, _), tmp) in files.iter().zip(staged.iter_mut()) {
        let backup = if path.exists() {
            let b = Temp::fresh(path).map_err(|e| io_err(path, &e))?;
            if let Err(e) = std::fs::rename(path, &b.path) {
                rollback(&mut committed);
                return Err(io_err(path, &e.to_string()));
            }
            Some(b)
        } else {
            None
        };
        if let Err(e) = std::fs::rename(&tmp.path, path) {
            if let Some(b) = &backup {
                let _ = std::fs::rename(&b.path, path);
            }
            rollback(&mut committed);
            return Err(io_err(path, &e.to_string()));
        }
        tmp.keep = true;
        committed.push((path.clone(), backup));
    }
    // Success: backups are dropped (removed) with `committed`.
    Ok(())
}

fn parent_of(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or_else(|| Path::new("."))
}

fn io_err(path: &Path, message: &str) -> Error {
    Error::Io { path: path.display().to_string(), message: message.to_string() }
}

/// Undo committed renames in reverse order: restore the backup, or remove the new file.
fn rollback(committed: &mut Vec<(PathBuf, Option<Temp>)>) {
    while let Some((path, backup)) = committed.pop() {
        match backup {
            Some(mut b) => {
                if std::fs::rename(&b.path, &path).is_ok() {
                    b.keep = true;
                }
            }
            None => {
                let _ = std::fs::remove_file(&path);
            }
        }
    }
}

/// A temporary path next to a target; removed on drop unless `keep` (renamed away).
struct Temp {
    path: PathBuf,
    keep: bool,
}

impl Temp {
    /// A fresh unused name `.<file>.dpaudit-tmp-<pid>-<n>` in the target's directory.
    fn fresh(target: &Path) -> std::result::Result<Temp, String> {
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = parent_of(target).join(format!(".{name}.dpaudit-tmp-{}-{n}", std::process::id()));
        if path.exists() {
            return Err(format!("temporary {} already exists", path.display()));
        }
        Ok(Temp { path, keep: false })
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Write `bytes` to a new exclusive temporary next to `target`, 0644, synced.
fn stage(target: &Path, bytes: &[u8]) -> Result<Temp> {
    let mut tmp = Temp::fresh(target).map_err(|e| io_err(target, &e))?;
    let io = |e: std::io::Error| io_err(target, &e.to_string());
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        // Reports and golden files are ordinary readable artefacts.
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o644);
    }
    let mut f = match opts.open(&tmp.path) {
        Ok(f) => f,
        Err(e) => {
            tmp.keep = true; // not ours: never remove a file this call did not create
            return Err(io(e));
        }
    };
    f.write_all(bytes).map_err(io)?;
    f.sync_all().map_err(io)?;
    Ok(tmp)
}

#[cfg(test)]
#[path = "outfiles_test.rs"]
mod outfiles_test;
