#!/usr/bin/env bash
# Build and install the Python package `dpaudit` (python/, issue 12) into the project's Python
# environment .venv-accountants (the venv of scripts/python_env.sh), together with pytest and the
# accountants its tests audit, pinned: dp-accounting 0.6.0, prv-accountant 0.2.0, autodp.
#
#   bash scripts/python_package.sh            # build + install
#   bash scripts/python_package.sh --test     # ... then run pytest python/tests python/examples
#
# The extension is built by maturin (python/pyproject.toml) with the root's `dev` profile into the
# shared target/ (python/ is a member of the root workspace, same Cargo.lock), so after
# `cargo test` the compiled dependencies (GMP/MPFR included) are reused and only the dpaudit
# library and the binding are compiled. Exit status: 0 ok; pytest's status with --test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"

VENV=".venv-accountants"
run_tests=0
[ "${1:-}" = "--test" ] && run_tests=1

bash scripts/make_venv.sh "$VENV" python_package
# maturin's build hooks call `maturin` from PATH: the venv's.
export VIRTUAL_ENV="$PWD/$VENV"
export PATH="$VIRTUAL_ENV/bin:$PATH"
pip=("$VENV/bin/python" -m pip --disable-pip-version-check)
"${pip[@]}" install --quiet --upgrade pip
"${pip[@]}" install --quiet "maturin>=1.7,<2" "pytest>=7" "dp-accounting==0.6.0" "prv-accountant==0.2.0" autodp

# `pip install ./python` would do the same in an isolated build environment; --no-build-isolation
# uses the maturin just installed (no download per build).
start=$(date +%s)
"${pip[@]}" install --quiet --no-build-isolation --force-reinstall --no-deps ./python
echo "python_package: dpaudit $("$VENV/bin/python" -c 'import dpaudit; print(dpaudit.version())') installed in $VENV ($(( $(date +%s) - start )) s build)" >&2

if [ "$run_tests" = 1 ]; then
    "$VENV/bin/python" -m pytest -q python/tests python/examples
fi
