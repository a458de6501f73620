#!/usr/bin/env bash
# Create a Python virtual environment at DIR unless one is there already (shared by
# scripts/python_env.sh, scripts/python_package.sh and adapters/python/run_adapters.sh).
#
#   bash scripts/make_venv.sh DIR [NAME]     # NAME prefixes the messages (default make_venv)
#
# Uses $PYTHON (default python3). When `python -m venv` fails because the venv module is missing
# (Debian/Ubuntu ship it as python3-venv) and apt-get is available, installs python3-venv (with sudo
# when not root) and retries. Exit status: 0 ok (created or already there); 2 no way to make a venv.
set -euo pipefail
dir="${1:?usage: make_venv.sh DIR [NAME]}"
name="${2:-make_venv}"
py="${PYTHON:-python3}"
[ -x "$dir/bin/python" ] && exit 0
if "$py" -m venv "$dir" 2>/dev/null; then
    exit 0
fi
rm -rf "$dir"
if ! command -v apt-get >/dev/null 2>&1; then
    echo "$name: '$py -m venv' failed and apt-get is not available; install the Python venv module" >&2
    exit 2
fi
sudo_cmd=""
[ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
echo "$name: installing python3-venv with apt-get" >&2
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq python3-venv
"$py" -m venv "$dir"
