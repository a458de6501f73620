//! The `dpaudit` binary: parse → run → exit code. All logic lives in the library ([`dpaudit::cli`]).

fn main() {
    // A closed stdout (`dpaudit eval --list --json | head`) ends the process quietly, as for
    // other Unix tools, instead of a panic with a backtrace from `println!`.
    #[cfg(unix)]
    // SAFETY: called first thing in main, before any other thread exists; SIG_DFL is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(dpaudit::cli::main());
}
