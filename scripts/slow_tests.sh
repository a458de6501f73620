#!/usr/bin/env bash
# The slow sweeps that `cargo test` skips (#[ignore]d): the full card fuzz over every result's
# domain (tests/cards_fuzz.rs, ≈ 15 min on 2 cores, no known-findings skip list), the long
# parameter sweeps of the papers. For the nightly run; any arguments go to the test binaries
# (e.g. `bash scripts/slow_tests.sh cards_fuzz`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
cargo test --no-fail-fast -- --ignored "$@"
