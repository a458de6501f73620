//! `dpaudit claims FILE`: audit accountant claims (issue 4). Presentation only; the verdicts
//! come from [`crate::claims`]. Documentation for users: `docs/claims.md`.

use super::output::{check_out_dir, check_out_file};
use crate::claims::junit::claims_junit;
use crate::outfiles::write_all;
use super::{EXIT_FINDING, EXIT_OK};
use crate::claims::{audit_claims_with, read_claims, report, ClaimOptions, Verdict};
use crate::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

pub const CLAIMS_EXAMPLES: &str = "\
Examples:
  dpaudit claims audits/claims/python_accountants.csv
  dpaudit claims audits/claims/known_bugs.csv --json
  cat claims.csv | dpaudit claims - --time-budget 30 --out reports/
  dpaudit claims claims.csv --junit reports/claims.xml     (CI dashboards: one test case per row)

Verdicts: sound, unsound, inconclusive, or not_checked (the time budget ran out before the row's
first certified pass started; counted in the summary, never sound).
Exit status: 0 no claim unsound (rows may be inconclusive or not_checked: check the summary);
1 at least one claim unsound; 2 input error (malformed file, with its line number; nothing is
written); 130 interrupted (nothing is written).
Format, verdict rules and JSON schema: docs/claims.md.";

/// Arguments of `dpaudit claims`.
#[derive(Debug, Args)]
pub struct ClaimsArgs {
    /// Claims CSV (header: id,accountant,mechanism,noise_multiplier,sensitivity,sampling_rate,
    /// steps,epsilon,delta); `-` reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Family-wise confidence of the Monte Carlo evidence (Holm over the rows it tests), in (0, 1).
    #[arg(long, value_name = "C", default_value_t = 0.999, allow_negative_numbers = true)]
    pub confidence: f64,
    /// Wall-clock seconds for the run: the first certified pass of the rows starts in input
    /// order, only before the end (rows not reached are reported not_checked); refinement must
    /// be predicted to finish within the first 3/4; Monte Carlo checks start only before the end.
    #[arg(long, value_name = "SECONDS", default_value_t = 60.0, allow_negative_numbers = true)]
    pub time_budget: f64,
    /// Relative numerical tolerance κ: unsound only if a certified lower bound exceeds the claim
    /// by more than the factor 1 + κ.
    #[arg(long, value_name = "KAPPA", default_value_t = 1e-9, allow_negative_numbers = true)]
    pub tolerance: f64,
    /// MPFR precision (bits) of the exact route (64 to 65536).
    #[arg(long, value_name = "BITS", default_value_t = 256, allow_negative_numbers = true)]
    pub precision: u32,
    /// Seed of the Monte Carlo checks.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub seed: u64,
    /// Skip the Monte Carlo evidence for inconclusive rows.
    #[arg(long)]
    pub no_monte_carlo: bool,
    /// Print a JSON array (one object per row) instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write claims_report.json and claims_report.md into DIR (only when the run completes).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Also write a JUnit XML file (one test case per row: sound passes, unsound fails,
    /// inconclusive and not_checked are skipped), with the other reports, all or nothing.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
}

/// Run the command; `Ok(1)` when a claim is unsound.
pub fn run(a: &ClaimsArgs, interrupt: &AtomicBool) -> Result<i32> {
    let claims = read_claims(&a.file)?;
    if let Some(dir) = &a.out {
        check_out_dir(dir)?;
    }
    if let Some(f) = &a.junit {
        check_out_file(f)?;
    }
    let progress = if std::io::stderr().is_terminal() {
        let pb = ProgressBar::new(claims.len() as u64);
        if let Ok(style) = ProgressStyle::with_template("{spinner} claims [{bar:40}] {pos}/{len} decided ({elapsed})") {
            pb.set_style(style.progress_chars("=> "));
        }
        pb.enable_steady_tick(std::time::Duration::from_millis(200));
        Some(pb)
    } else {
        None
    };
    let opts = ClaimOptions {
        confidence: a.confidence,
        time_budget: a.time_budget,
        tolerance: a.tolerance,
        precision: a.precision,
        seed: a.seed,
        monte_carlo: !a.no_monte_carlo,
        progress: progress.clone(),
        ..ClaimOptions::default()
    };
    let t0 = Instant::now();
    let result = audit_claims_with(&claims, &opts, interrupt);
    if let Some(pb) = &progress {
        pb.finish_and_clear();
    }
    let rows = result?;
    let source = if a.file.as_os_str() == "-" { "<stdin>".to_string() } else { a.file.display().to_string() };
    let seconds = t0.elapsed().as_secs_f64();
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    if let Some(dir) = &a.out {
        let json = report::to_report_json(&rows, &source, seconds);
        let mut json_bytes = serde_json::to_vec_pretty(&json).unwrap_or_default();
        json_bytes.push(b'\n');
        files.push((dir.join("claims_report.json"), json_bytes));
        files.push((dir.join("claims_report.md"), report::to_markdown(&rows, &source).into_bytes()));
    }
    if let Some(f) = &a.junit {
        files.push((f.clone(), claims_junit(&rows, &source, seconds).into_bytes()));
    }
    if !files.is_empty() {
        // All or nothing (crate::outfiles).
        write_all(&files.iter().map(|(p, b)| (p.clone(), b.as_slice())).collect::<Vec<_>>())?;
    }
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report::to_json(&rows)).unwrap_or_default());
    } else {
        print!("{}", report::to_table(&rows));
    }
    Ok(if rows.iter().any(|r| r.verdict == Verdict::Unsound) { EXIT_FINDING } else { EXIT_OK })
}
