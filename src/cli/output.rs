//! Output helpers of the CLI: writing result files atomically. (Number and table formatting
//! live in [`crate::audit::format`], shared with the report exporters.)

/// Write files into `dir` (created if needed), each via a temp file + rename. Every file's bytes
/// are complete before the first is written, so an error leaves no partial file.
pub fn write_files(dir: &std::path::Path, files: &[(&str, Vec<u8>)]) -> crate::Result<()> {
    std::fs::create_dir_all(dir).map_err(|e| crate::Error::Io { path: dir.display().to_string(), message: e.to_string() })?;
    for (name, bytes) in files {
        crate::golden::write_atomic(&dir.join(name), bytes)?;
    }
    Ok(())
}

/// Fail early (before any computation) if `dir` exists and is not a directory.
pub fn check_out_dir(dir: &std::path::Path) -> crate::Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(crate::Error::Io { path: dir.display().to_string(), message: "--out must be a directory, not a file".into() });
    }
    Ok(())
}
