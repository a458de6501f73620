//! `dpaudit audit [SPEC]`: load → plan → (dry-run | run with progress) → report.

use super::args::AuditArgs;
use super::output::{check_out_dir, check_out_file};
use crate::audit::junit::audit_junit;
use crate::outfiles::write_all;
use super::{EXIT_FINDING, EXIT_OK};
use crate::audit::engine::{run as run_plan, Progress};
use crate::audit::plan::Plan;
use crate::audit::report::{audit_json, audit_markdown, to_bytes};
use crate::audit::report_audit::failed_entry_lines;
use crate::audit::report_plots;
use crate::audit::spec::Spec;
use crate::audit::format::fmt_secs;
use crate::error::Error;
use crate::Result;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

/// The spec used when none is given, relative to the current directory.
pub const DEFAULT_SPEC: &str = "audits/default.toml";

/// Failed entries of one check printed on stdout (all are in the report).
const MAX_FAILED_LINES: usize = 10;

pub fn run(a: &AuditArgs, interrupt: &AtomicBool) -> Result<i32> {
    let path = a.spec.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_SPEC));
    if a.spec.is_none() && !path.is_file() {
        return Err(Error::Io {
            path: path.display().to_string(),
            message: "default audit spec not found (run from the repository root or give a SPEC path)".into(),
        });
    }
    if let Some(dir) = &a.out {
        check_out_dir(dir)?;
    }
    if let Some(f) = &a.junit {
        check_out_file(f)?;
    }
    let spec = Spec::read(&path)?;
    let mut plan = Plan::from_spec(&spec)?;
    plan.plots = a.out.is_some();
    if a.dry_run {
        let text = || {
            let mut t = format!("plan: {} ({} checks from {}); nothing run (--dry-run)\n", plan.title, plan.checks.len(), plan.source);
            plan.lines().iter().for_each(|l| t.push_str(&format!("{l}\n")));
            t
        };
        crate::cli::output::print_serialized(a.json, &plan.dry_run(), text, None)?;
        return Ok(EXIT_OK);
    }

    let bar = if std::io::stderr().is_terminal() {
        let pb = ProgressBar::with_draw_target(Some(plan.checks.len() as u64), ProgressDrawTarget::stderr());
        if let Ok(style) = ProgressStyle::with_template("{spinner} [{bar:30}] {pos}/{len} {elapsed} {msg}") {
            pb.set_style(style.progress_chars("=> "));
        }
        pb.enable_steady_tick(std::time::Duration::from_millis(200));
        pb
    } else {
        ProgressBar::hidden()
    };
    let quiet = a.json;
    let mut on_progress = |p: Progress| match p {
        Progress::Start { name, .. } => bar.set_message(name.to_string()),
        Progress::Done { result, .. } => {
            bar.inc(1);
            if !quiet {
                let t = &result.tally;
                let counts = if t.total() > 1 || t.finding + t.inconclusive + t.info > 0 {
                    format!(", {} entries: {} pass, {} fail, {} findings, {} inconclusive, {} info", t.total(), t.pass, t.fail, t.finding, t.inconclusive, t.info)
                } else {
                    String::new()
                };
                let line = format!("{}  {}  ({}{counts})", if result.passed { "PASS" } else { "FAIL" }, result.name, fmt_secs(result.seconds));
                bar.suspend(|| {
                    println!("{line}");
                    for f in result.findings.iter().filter(|f| !f.passed) {
                        println!("      ✘ {}: {}", f.criterion, f.message);
                    }
                    let failed = failed_entry_lines(result);
                    for l in failed.iter().take(MAX_FAILED_LINES) {
                        println!("      ✘ {l}");
                    }
                    if failed.len() > MAX_FAILED_LINES {
                        println!("      … {} more (see the report)", failed.len() - MAX_FAILED_LINES);
                    }
                });
            }
        }
    };
    let outcome = run_plan(&plan, interrupt, &mut on_progress);
    bar.finish_and_clear();
    let report = outcome?;

    // Every byte is produced before the first file is written; all files are then written all
    // or nothing (temporaries first, renamed only when every one is complete: crate::outfiles).
    let plots = if a.out.is_some() { report_plots::render(&report) } else { Vec::new() };
    let refs: Vec<_> = plots.iter().map(|(r, _)| r.clone()).collect();
    let json = audit_json(&report, &refs);
    // One all-or-nothing write: plots/, experiments/, report.json, report.md and the JUnit file.
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    if let Some(dir) = &a.out {
        for (r, text) in plots.iter().filter(|(r, _)| r.file.starts_with("plots/") || r.file.starts_with("experiments/")) {
            files.push((dir.join(&r.file), text.clone().into_bytes()));
        }
        files.push((dir.join("report.json"), to_bytes(&json)));
        files.push((dir.join("report.md"), audit_markdown(&report, &refs).into_bytes()));
    }
    if let Some(f) = &a.junit {
        files.push((f.clone(), audit_junit(&report).into_bytes()));
    }
    if !files.is_empty() {
        write_all(&files.iter().map(|(p, b)| (p.clone(), b.as_slice())).collect::<Vec<_>>())?;
    }
    if a.json {
        print!("{}", String::from_utf8_lossy(&to_bytes(&json)));
        eprintln!("{}", report.status_line());
    } else {
        if let Some(dir) = &a.out {
            let n_exp = plots.iter().filter(|(r, _)| r.file.starts_with("experiments/")).count();
            let exp = if n_exp > 0 { format!(" and {n_exp} experiment file(s) in {}", dir.join("experiments").display()) } else { String::new() };
            println!("wrote {}, {}, {} plot(s) in {}{exp}", dir.join("report.md").display(), dir.join("report.json").display(), plots.len() - n_exp, dir.join("plots").display());
        }
        println!("{}", report.status_line());
    }
    Ok(if report.all_passed() { EXIT_OK } else { EXIT_FINDING })
}
