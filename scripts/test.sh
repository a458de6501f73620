#!/usr/bin/env bash
# The test command of the README and of CI: set-up, then every unit, integration and doc test.
#
# Uses the `test` profile (opt-level 2 for the crate, 3 for dependencies; see Cargo.toml), so one
# build serves the library, the binary and the tests; on 2 cores the first build (GMP/MPFR through
# rug) takes about 4 minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
# Plain `cargo test`: library unit tests, binary, integration tests in tests/, doc tests.
# Benchmarks are not run here (they are timed by `cargo bench`).
cargo test --no-fail-fast "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}

# Summary: add up the "test result:" lines of every test binary.
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;?$/) p += $i; if ($(i+1) ~ /^failed;?$/) f += $i; if ($(i+1) ~ /^ignored;?$/) g += $i } }
     END { printf "tests: %d passed, %d failed, %d skipped\n", p, f, g }' "$log"
exit "$status"
