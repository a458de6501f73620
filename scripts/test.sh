#!/usr/bin/env bash
# The test command of the README and of CI: set-up, then every unit, integration and doc test,
# then the Python package's pytest suite (python/tests, python/examples; issue 12).
#
# Uses the `test` profile (opt-level 2 for the crate, 3 for dependencies; see Cargo.toml), so one
# build serves the library, the binary and the tests; on 2 cores the first build (GMP/MPFR through
# rug) takes about 4 minutes. The Python extension is then built with the `dev` profile into the
# same target/, reusing those dependencies (scripts/python_package.sh). DPAUDIT_SKIP_PYTHON=1
# skips the Python part.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"

log="$(mktemp)"
pylog="$(mktemp)"
trap 'rm -f "$log" "$pylog"' EXIT
status=0
# Plain `cargo test`: library unit tests, binary, integration tests in tests/, doc tests.
# Benchmarks are not run here (they are timed by `cargo bench`).
cargo test --no-fail-fast "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}

# The Python package: build, install into .venv-accountants, pytest (its status counts too).
if [ "${DPAUDIT_SKIP_PYTHON:-0}" != 1 ]; then
    py_start=$(date +%s)
    pystatus=0
    bash scripts/python_package.sh --test 2>&1 | tee "$pylog" || pystatus=${PIPESTATUS[0]}
    echo "python package: build + pytest $(( $(date +%s) - py_start )) s, status $pystatus"
    [ "$status" -eq 0 ] && status=$pystatus
fi

# Summary: add up the "test result:" lines of every cargo test binary and pytest's closing line.
py_counts() { # pytest's last summary line, e.g. "60 passed, 3 skipped in 31.2s"
    local line
    line=$(grep -E '^(=+ )?[0-9]+ (passed|failed|skipped|errors?)' "$pylog" | tail -n 1 || true)
    for k in passed failed skipped error; do
        { echo "$line" | grep -oE "[0-9]+ $k" || true; } | awk '{s += $1} END {printf "%d ", s}'
    done
}
read -r pp pf ps pe <<<"$(py_counts)"
awk -v pp="$pp" -v pf="$pf" -v ps="$ps" -v pe="$pe" \
    '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;?$/) p += $i; if ($(i+1) ~ /^failed;?$/) f += $i; if ($(i+1) ~ /^ignored;?$/) g += $i } }
     END { printf "tests: %d passed, %d failed, %d skipped\n", p + pp, f + pf + pe, g + ps }' "$log"
exit "$status"
