#!/usr/bin/env bash
# Optional: a Python environment with the accountants dpaudit is compared against, pinned to the
# versions whose outputs are recorded in the spec (foundations §8) and in audits/*.toml.
# Not used by the tests; used to re-derive reference values and to time dp_accounting.
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=".venv-accountants"
bash scripts/make_venv.sh "$VENV" python_env
"$VENV/bin/python" -m pip install --upgrade pip >/dev/null
"$VENV/bin/python" -m pip install "dp-accounting==0.6.0" "prv-accountant==0.2.0" autodp "pld-accounting==2.0" "random-allocation==1.0.5" pandas
"$VENV/bin/python" - <<'PY'
import importlib.metadata as m
for p in ("dp-accounting", "prv-accountant", "autodp", "pld-accounting", "random-allocation"):
    print(f"{p}=={m.version(p)}")
PY
echo "activate with: source $VENV/bin/activate"
