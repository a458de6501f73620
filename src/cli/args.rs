//! Command-line grammar (clap derive). Parsing only: no evaluation happens here.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// dpaudit — audit differential-privacy accountants.
///
/// Computes privacy profiles δ(ε) / ε(δ) of standard mechanisms three independent ways (exact
/// MPFR interval, certified FFT privacy-loss distribution, Monte Carlo confidence interval) and
/// checks that they agree, that reference values from other accountants are consistent with them,
/// and that stored golden values are reproduced.
///
/// Exit status: 0 all fine; 1 a disagreement, unsound claim or golden regression was found;
/// 2 a usage or input error (one line `dpaudit: <reason>` on stderr).
#[derive(Debug, Parser)]
#[command(name = "dpaudit", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compute δ(ε) or ε(δ) of a T-fold composed mechanism by exact, FFT and Monte Carlo.
    #[command(after_help = PROFILE_EXAMPLES)]
    Profile(ProfileArgs),
    /// Check or regenerate the golden files (reference tables at 256-bit precision).
    #[command(subcommand)]
    Golden(GoldenCommand),
    /// Run an audit spec (TOML); with no argument, audits/default.toml.
    #[command(after_help = AUDIT_EXAMPLES)]
    Audit(AuditArgs),
    /// Audit accountant claims (CSV): sound, unsound or inconclusive, with certified intervals.
    #[command(after_help = super::claims_cmd::CLAIMS_EXAMPLES)]
    Claims(super::claims_cmd::ClaimsArgs),
    /// Model merging: certified ε of merge weights, or the feasible weights for a target.
    #[command(after_help = super::papers::merge::MERGE_EXAMPLES)]
    Merge(super::papers::merge::MergeArgs),
    /// Evaluate any result of the four papers by name (every output, its guarantee, MPFR interval).
    #[command(after_help = super::eval_cmd::EVAL_EXAMPLES)]
    Eval(super::eval_cmd::EvalArgs),
    /// List every implemented result of every paper with its guarantee and latest audit verdict.
    #[command(after_help = super::list_cmd::LIST_EXAMPLES)]
    List(super::list_cmd::ListArgs),
    /// Final-iterate privacy of noisy gradient descent (shifted interpolation) vs composition.
    #[command(after_help = super::papers::noisy_gd::NOISY_GD_EXAMPLES)]
    NoisyGd(super::papers::noisy_gd::NoisyGdArgs),
    /// Shuffling n ε₀-DP local reports: f-DP bound, exact pair, FMT23 and RR lower bounds.
    #[command(after_help = super::papers::shuffle::SHUFFLE_EXAMPLES)]
    Shuffle(super::papers::shuffle::ShuffleArgs),
    /// Tightness and runtime of dpaudit vs the Python accountants on workloads (TOML).
    #[command(after_help = super::compare_cmd::COMPARE_EXAMPLES)]
    Compare(super::compare_cmd::CompareArgs),
    /// One DP-GD step from a random Gaussian initialisation: Theorem 5.1 vs a fixed start.
    #[command(after_help = super::papers::init_gd::INIT_GD_EXAMPLES)]
    InitGd(super::papers::init_gd::InitGdArgs),
    /// Balanced Iteration Subsampling / model splitting vs Poisson: RDP, (ε, δ), noise needed.
    #[command(after_help = super::papers::partition::PARTITION_EXAMPLES)]
    Partition(super::papers::partition::PartitionArgs),
}

const PROFILE_EXAMPLES: &str = "\
Examples:
  dpaudit profile --mechanism gaussian --noise-multiplier 1 --delta 1e-5
  dpaudit profile --mechanism gaussian --noise-multiplier 1 --steps 100 --delta 1e-5 --json
  dpaudit profile --mechanism poisson-subsampled-gaussian --noise-multiplier 1 --sampling-rate 0.01 \\
                  --steps 1000 --delta 1e-5 --method fft
  dpaudit profile --mechanism laplace --noise-multiplier 2 --epsilon 0.25 --out results/
  dpaudit profile --mechanism poisson-subsampled-gaussian --noise-multiplier 1 --sampling-rate 0.01 \
                  --steps 1000000 --delta 1e-5 --method cf   # large T: characteristic-function route

Methods: exact (closed forms / interval convolution), fft (certified FFT PLD), mc (Monte Carlo,
stated confidence); all = those three. cf (certified characteristic-function inversion; Gaussian and
subsampled Gaussian, cost flat in T, best for T >= 1e4) is asked for by name.

Limits of valid input (checked before any computation; outside them: exit 2, one line):
  --noise-multiplier  S >= 1e-3 (smaller S: per-step loss > 1000 nats, no certified FFT/MC answer)
  --steps             1 <= T <= 2^40 = 1099511627776 (the certified FFT composition's limit)
  --delta             0 < δ < 1; --epsilon finite. ε(δ) is inf{ε >= 0 : δ(ε) <= δ}, so it is >= 0;
                      an answer beyond the f64 range is reported as [1.8e308, inf]
  --sampling-rate     0 <= q <= 1, poisson-subsampled-gaussian only (rejected for others)
Exit status: 0 the methods agree; 1 they disagree; 2 input error; 130 interrupted (nothing
written). --out writes all files or none.";

const AUDIT_EXAMPLES: &str = "\
Examples:
  dpaudit audit                               # runs audits/default.toml
  dpaudit audit --dry-run                     # prints the plan, runs nothing
  dpaudit audit audits/default.toml --out report --json";

const GOLDEN_CHECK_EXAMPLES: &str = "\
Examples:
  dpaudit golden check
  dpaudit golden check --dir golden --route f64 --route exact";

const GOLDEN_REGEN_EXAMPLES: &str = "\
Examples:
  dpaudit golden regen                        # rewrites golden/*.csv, prints the diff
  dpaudit golden regen --dir /tmp/golden-copy";

/// Which method(s) to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MethodArg {
    Exact,
    Fft,
    Mc,
    /// Characteristic-function inversion (certified; Gaussian and subsampled Gaussian).
    Cf,
    /// exact, fft and mc (the three independent ways; cf is asked for by name).
    All,
}

#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("query").required(true).args(["delta", "epsilon"]))]
pub struct ProfileArgs {
    /// Mechanism: gaussian, laplace, randomized-response or poisson-subsampled-gaussian.
    #[arg(long, value_name = "NAME")]
    pub mechanism: String,
    /// Noise multiplier S (noise scale / sensitivity); at least 1e-3.
    #[arg(long, value_name = "S", allow_negative_numbers = true)]
    pub noise_multiplier: f64,
    /// Sensitivity C (reported only; the privacy loss depends on S). Default 1.
    #[arg(long, value_name = "C", allow_negative_numbers = true)]
    pub sensitivity: Option<f64>,
    /// Poisson sampling rate q in [0, 1] (poisson-subsampled-gaussian only; rejected otherwise).
    #[arg(long, value_name = "Q", allow_negative_numbers = true)]
    pub sampling_rate: Option<f64>,
    /// Number of self-compositions, 1 ≤ T ≤ 2^40.
    #[arg(long, value_name = "T", default_value_t = 1, allow_negative_numbers = true)]
    pub steps: u64,
    /// Report ε at this δ ∈ (0, 1).
    #[arg(long, value_name = "D", allow_negative_numbers = true)]
    pub delta: Option<f64>,
    /// Report δ at this ε.
    #[arg(long, value_name = "E", allow_negative_numbers = true)]
    pub epsilon: Option<f64>,
    /// The method to run (`all`: every method that applies, side by side).
    #[arg(long, value_enum, default_value_t = MethodArg::All)]
    pub method: MethodArg,
    /// Seed of the Monte Carlo sampler (results are bit-reproducible for a seed).
    #[arg(long, value_name = "N", default_value_t = 0, allow_negative_numbers = true)]
    pub seed: u64,
    /// MPFR precision in bits for the exact method (64 to 65536).
    #[arg(long, value_name = "BITS", default_value_t = 256, allow_negative_numbers = true)]
    pub precision: u32,
    /// Confidence level of the Monte Carlo interval, in (0, 1).
    #[arg(long, value_name = "C", default_value_t = 0.999, allow_negative_numbers = true)]
    pub confidence: f64,
    /// Print one JSON object instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Also write profile.json and profile.txt into DIR (created if needed).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum GoldenCommand {
    /// Recompute every golden value by each route and report regressions (exit 1 if any).
    #[command(after_help = GOLDEN_CHECK_EXAMPLES)]
    Check(GoldenCheckArgs),
    /// Regenerate every golden file with the 256-bit oracle and print a diff of changed rows.
    #[command(after_help = GOLDEN_REGEN_EXAMPLES)]
    Regen(GoldenDirArgs),
}

#[derive(Debug, Args)]
pub struct GoldenDirArgs {
    /// Directory holding the golden CSV files.
    #[arg(long, value_name = "DIR", default_value = "golden")]
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct GoldenCheckArgs {
    /// Directory holding the golden CSV files.
    #[arg(long, value_name = "DIR", default_value = "golden")]
    pub dir: PathBuf,
    /// Route(s) to check: f64 (production closed forms), exact (MPFR oracle), fft (certified
    /// accountant). Repeatable; default all three.
    #[arg(long = "route", value_name = "ROUTE")]
    pub routes: Vec<String>,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Audit spec (TOML). Default: audits/default.toml, relative to the current directory.
    #[arg(value_name = "SPEC")]
    pub spec: Option<PathBuf>,
    /// Write report.md and report.json into DIR (created if needed; only when the run completes).
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// Print the JSON report on stdout instead of the human summary.
    #[arg(long)]
    pub json: bool,
    /// Also write a JUnit XML file (one test case per check) for CI dashboards; written with the
    /// other reports, all or nothing, only when the run completes.
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,
    /// Print the plan (one line per check) and run nothing.
    #[arg(long)]
    pub dry_run: bool,
}
