//! `dpaudit compare`: side-by-side tightness and runtime of dpaudit's certified FFT accountant
//! and the installed Python accountants on a workload file. Presentation only: the arguments
//! become a [`CompareRequest`], [`compare`] runs it (progress on stderr), this file prints the
//! summary and writes the report files through [`crate::outfiles`] (all or nothing).

use super::{EXIT_FINDING, EXIT_OK};
use crate::compare::report::{files, MARKDOWN};
use crate::compare::{compare, Accountant, CompareRequest, WorkloadSet, DEFAULT_WORKLOADS};
use crate::{Error, Result};
use clap::Args;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

pub const COMPARE_EXAMPLES: &str = "\
Examples:
  dpaudit compare                                   # audits/compare/default.toml, 3 reps
  dpaudit compare --reps 5 --out target/compare
  dpaudit compare my_workloads.toml --accountants dp_accounting_pld,prv_accountant --quick
  dpaudit compare --python /path/to/venv/bin/python

Runs dpaudit's certified FFT accountant and the Python accountants (dp_accounting_pld,
dp_accounting_rdp, prv_accountant, autodp_rdp, opacus_rdp, opacus_prv) on every workload,
interleaved: repetition 1 of every accountant on workload 1, then on workload 2, …, then
repetition 2. Writes compare.md, compare.json, compare_tightness.svg and compare_runtime.svg.
Verdict of an accountant's ε against dpaudit's certified interval of the true ε(δ): unsound if
below its lower end, sound if at or above its upper end, inconclusive in between.
Python: --python PATH, else adapters/python/.venv/bin/python (made by
adapters/python/run_adapters.sh) or .venv-accountants/bin/python (scripts/python_env.sh).
Accountants whose package is not importable, or all of them without Python, are skipped with a
note in the report; dpaudit's rows are always written.
Exit status: 0 no accountant unsound; 1 some accountant's ε is below the certified interval;
2 usage or input error (nothing written); 130 interrupted (nothing written).";

/// Arguments of `dpaudit compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Workload file (TOML, docs/compare.md). Default: audits/compare/default.toml, relative to
    /// the current directory.
    #[arg(value_name = "WORKLOADS")]
    pub workloads: Option<PathBuf>,
    /// Directory of the report files (created if needed).
    #[arg(long, value_name = "DIR", default_value = "target/compare")]
    pub out: PathBuf,
    /// Repetitions of every (accountant, workload) job; min and median are reported.
    #[arg(long, value_name = "K", default_value_t = 3, allow_negative_numbers = true)]
    pub reps: i64,
    /// One repetition (for tests and smoke runs); overrides --reps.
    #[arg(long)]
    pub quick: bool,
    /// Comma-separated Python accountants to run, or `all`.
    #[arg(long, value_name = "LIST", default_value = "all")]
    pub accountants: String,
    /// Python interpreter with the accountants installed.
    #[arg(long, value_name = "PATH")]
    pub python: Option<PathBuf>,
}

/// Run the command: validate, one library call, write the files, print the summary.
pub fn run(a: &CompareArgs, interrupt: &AtomicBool) -> Result<i32> {
    let reps = if a.quick { 1 } else { usize::try_from(a.reps).map_err(|_| Error::invalid("reps", a.reps, "must lie in [1, 1000]"))? };
    let accountants = Accountant::parse_list(&a.accountants)?;
    let path = a.workloads.clone().unwrap_or_else(|| PathBuf::from(DEFAULT_WORKLOADS));
    let workloads = WorkloadSet::read(&path)?;
    if a.out.exists() && !a.out.is_dir() {
        return Err(Error::Io { path: a.out.display().to_string(), message: "--out is not a directory".into() });
    }
    let req = CompareRequest { workloads, accountants, reps, python: a.python.clone() };
    let report = compare(&req, interrupt, &mut |line| eprintln!("dpaudit compare: {line}"))?;
    let files = files(&report)?;
    crate::outfiles::write_files(&a.out, &files)?;
    let md = crate::compare::report::markdown(&report);
    if let Some(summary) = md.split("## Summary\n\n").nth(1).and_then(|s| s.split("\n## ").next()) {
        print!("{summary}");
    }
    for n in &report.notes {
        println!("note: {n}");
    }
    let (sound, unsound, inconclusive, none) = report.counts();
    println!(
        "compare: {sound} sound, {unsound} unsound, {inconclusive} inconclusive, {none} without a verdict; report in {}",
        a.out.join(MARKDOWN).display()
    );
    Ok(if report.any_unsound() { EXIT_FINDING } else { EXIT_OK })
}
