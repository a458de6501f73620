//! The `dpaudit` binary: parse → run → exit code. All logic lives in the library ([`dpaudit::cli`]).

fn main() {
    std::process::exit(dpaudit::cli::main());
}
