//! Output helpers of the CLI: writing result files all-or-nothing ([`crate::outfiles`]). (Number and table formatting
//! live in [`crate::audit::format`], shared with the report exporters.)

/// Write files into `dir` (created if needed; names may contain `plots/`-style subfolders),
/// all or nothing: see [`crate::outfiles`].
pub use crate::outfiles::write_files;

/// Fail early (before any computation) if `dir` exists and is not a directory.
pub fn check_out_dir(dir: &std::path::Path) -> crate::Result<()> {
    if dir.exists() && !dir.is_dir() {
        return Err(crate::Error::Io { path: dir.display().to_string(), message: "--out must be a directory, not a file".into() });
    }
    Ok(())
}

/// Fail early (before any computation) if a `--junit FILE` target is a directory.
pub fn check_out_file(file: &std::path::Path) -> crate::Result<()> {
    if file.is_dir() {
        return Err(crate::Error::Io { path: file.display().to_string(), message: "--junit must name a file, not a directory".into() });
    }
    Ok(())
}

/// Write a report's optional CSV file atomically, then print the report as pretty JSON (`json`)
/// or as text. The CSV text is built by the caller and written before anything is printed, so a
/// path that cannot be written (a directory, `/proc/version`, a missing folder) is one error line
/// with nothing printed and nothing written (the commands `shuffle`, `noisy-gd`, `init-gd`).
fn print_report(json: bool, to_json: impl FnOnce() -> serde_json::Value, to_text: impl FnOnce() -> String, csv: Option<(&std::path::Path, String)>) -> crate::Result<()> {
    let body = if json { format!("{}\n", serde_json::to_string_pretty(&to_json()).unwrap_or_default()) } else { to_text() };
    if let Some((path, text)) = csv {
        if path.is_dir() {
            return Err(crate::Error::Io { path: path.display().to_string(), message: "--tradeoff-csv must name a file, not a directory".into() });
        }
        crate::outfiles::write_atomic(path, text.as_bytes())?;
    }
    print!("{body}");
    Ok(())
}

/// Print a report as pretty JSON of its `Serialize` form (`json`) or as text, then write its
/// optional CSV file atomically. The CSV text is built by the caller before anything is printed,
/// so a failure there leaves nothing printed or written (the paper commands).
pub fn print_serialized<T: serde::Serialize>(json: bool, report: &T, to_text: impl FnOnce() -> String, csv: Option<(&std::path::Path, String)>) -> crate::Result<()> {
    print_report(json, || serde_json::to_value(report).unwrap_or_default(), to_text, csv)
}
