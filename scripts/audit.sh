#!/usr/bin/env bash
# The main command of the README: build dpaudit in release mode and run an audit.
# With no argument it runs audits/default.toml; any arguments are passed to `dpaudit audit`
# (e.g. `bash scripts/audit.sh audits/default.toml --out report`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --release --bin dpaudit
exec ./target/release/dpaudit audit "$@"
