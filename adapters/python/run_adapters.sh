#!/usr/bin/env bash
# Regenerate the Python accountants' claims and audit them with dpaudit (issue 4).
#
#   adapters/python/run_adapters.sh [--quick] [--known-bugs] [-- DPAUDIT_CLAIMS_ARGS...]
#
# 1. creates adapters/python/.venv (python3 -m venv; installs python3-venv through apt-get when
#    the venv module is missing and apt-get is available) and installs requirements.txt
#    (dp-accounting==0.6.0, prv-accountant==0.2.0, autodp, mpmath);
# 2. runs make_claims.py over its parameter grid -> audits/claims/python_accountants.csv
#    (--quick: one grid point per mechanism, written to target/claims/python_accountants.quick.csv);
#    with --known-bugs also regenerates audits/claims/known_bugs.csv and its expected verdicts;
# 3. builds dpaudit (release; scripts/setup.sh installs m4 if missing) and runs `dpaudit claims`
#    on the file, writing target/claims/claims_report.{json,md}.
# Exit status: that of `dpaudit claims` (0 no unsound claim, 1 some claim unsound, 2 input error).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
venv="$here/.venv"
quick=0
known=0
extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --known-bugs) known=1 ;;
    --) shift; extra=("$@"); break ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "run_adapters.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

bash "$root/scripts/make_venv.sh" "$venv" run_adapters.sh
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"

mkdir -p "$root/target/claims"
if [ "$quick" -eq 1 ]; then
  csv="$root/target/claims/python_accountants.quick.csv"
  "$venv/bin/python" "$here/make_claims.py" --quick --out "$csv"
else
  csv="$root/audits/claims/python_accountants.csv"
  "$venv/bin/python" "$here/make_claims.py" --out "$csv"
fi
if [ "$known" -eq 1 ]; then
  "$venv/bin/python" "$here/make_known_bugs.py" --dir "$root/audits/claims"
fi

cd "$root"
# Build prerequisites (m4 for rug's GMP/MPFR, cargo on PATH) through the project's set-up script.
if [ -f "$root/scripts/setup.sh" ]; then
  bash "$root/scripts/setup.sh"
fi
export PATH="$HOME/.cargo/bin:$PATH"
cargo build --release --quiet --bin dpaudit
set +e
"$root/target/release/dpaudit" claims "$csv" --out "$root/target/claims" ${extra[@]+"${extra[@]}"}
status=$?
set -e
echo "run_adapters.sh: report in target/claims/claims_report.md (dpaudit exit status $status)" >&2
exit $status
