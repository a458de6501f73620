//! The command-line shell: argument parsing (`args`) and one module per command. Everything here
//! is presentation; numbers come from [`crate::profile`], [`crate::golden`] and [`crate::audit`].
//!
//! Exit status: [`EXIT_OK`] (0) all fine; [`EXIT_FINDING`] (1) a disagreement, unsound claim or
//! golden regression was found; [`EXIT_INPUT`] (2) usage or input error, reported as one line
//! `dpaudit: <reason>` on stderr; [`EXIT_INTERRUPTED`] (130) stopped by Ctrl-C, nothing written.

pub mod args;
pub mod audit_cmd;
pub mod claims_cmd;
pub mod compare_cmd;
pub mod golden_cmd;
pub mod list_cmd;
pub mod eval_cmd;
pub mod output;
pub mod papers;
pub mod profile_cmd;

use clap::Parser;
use std::sync::atomic::{AtomicBool, Ordering};

pub const EXIT_OK: i32 = 0;
pub const EXIT_FINDING: i32 = 1;
pub const EXIT_INPUT: i32 = 2;
pub const EXIT_INTERRUPTED: i32 = 130;

/// Parse `std::env::args`, run the command, and return the process exit status.
pub fn main() -> i32 {
    let cli = match args::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return clap_error(e),
    };
    match run(cli) {
        Ok(code) => code,
        Err(crate::Error::Interrupted) => {
            eprintln!("dpaudit: interrupted; no report written");
            EXIT_INTERRUPTED
        }
        Err(e) => {
            eprintln!("dpaudit: {e}");
            EXIT_INPUT
        }
    }
}

/// Dispatch a parsed command line; `Ok(status)` for a completed run.
pub fn run(cli: args::Cli) -> crate::Result<i32> {
    match cli.command {
        args::Command::Profile(a) => profile_cmd::run(&a, interrupt_flag()),
        args::Command::Golden(args::GoldenCommand::Check(a)) => golden_cmd::check(&a),
        args::Command::Golden(args::GoldenCommand::Regen(a)) => golden_cmd::regen(&a),
        args::Command::Audit(a) => audit_cmd::run(&a, interrupt_flag()),
        args::Command::Claims(a) => claims_cmd::run(&a, interrupt_flag()),
        args::Command::Merge(a) => papers::merge::run(&a, interrupt_flag()),
        args::Command::Eval(a) => eval_cmd::run(&a, interrupt_flag()),
        args::Command::List(a) => list_cmd::run(&a, interrupt_flag()),
        args::Command::NoisyGd(a) => papers::noisy_gd::run(&a, interrupt_flag()),
        args::Command::Shuffle(a) => papers::shuffle::run(&a, interrupt_flag()),
        args::Command::Compare(a) => compare_cmd::run(&a, interrupt_flag()),
        args::Command::InitGd(a) => papers::init_gd::run(&a, interrupt_flag()),
        args::Command::Partition(a) => papers::partition::run(&a, interrupt_flag()),
    }
}

/// A flag set by Ctrl-C (installed once). The evaluation stops at its next check of the flag and
/// nothing is written; a second Ctrl-C exits at once.
fn interrupt_flag() -> &'static AtomicBool {
    static FLAG: AtomicBool = AtomicBool::new(false);
    let _ = ctrlc::set_handler(|| {
        if FLAG.swap(true, Ordering::SeqCst) {
            std::process::exit(EXIT_INTERRUPTED);
        }
    });
    &FLAG
}

/// Help and version go to stdout with status 0; usage errors become one line on stderr, status 2.
fn clap_error(e: clap::Error) -> i32 {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                EXIT_INPUT
            } else {
                EXIT_OK
            }
        }
        _ => {
            eprintln!("dpaudit: {} (see --help)", one_line_clap(&e.render().to_string()));
            EXIT_INPUT
        }
    }
}

/// Clap's message without the usage block, on one line.
fn one_line_clap(text: &str) -> String {
    let main = text.split("\n\nUsage:").next().unwrap_or(text);
    let main = main.split("\n\nFor more information").next().unwrap_or(main);
    let main = main.trim().trim_start_matches("error:").trim();
    main.split_whitespace().collect::<Vec<_>>().join(" ")
}
