#!/usr/bin/env bash
# Idempotent set-up for building dpaudit on a fresh Debian/Ubuntu machine.
#
# `rug` builds GMP and MPFR from source (crate gmp-mpfr-sys), which needs `m4`; everything else
# comes from crates.io through cargo. Safe to run repeatedly: it installs only what is missing.
set -euo pipefail

if ! command -v cargo >/dev/null 2>&1; then
    if [ -x "$HOME/.cargo/bin/cargo" ]; then
        export PATH="$HOME/.cargo/bin:$PATH"
    else
        echo "setup: cargo not found; install a Rust toolchain (>= 1.80), e.g. from https://rustup.rs" >&2
        exit 2
    fi
fi

if ! command -v m4 >/dev/null 2>&1; then
    echo "setup: m4 missing (needed to build GMP/MPFR for rug); installing with apt-get" >&2
    SUDO=""
    if [ "$(id -u)" -ne 0 ]; then
        if command -v sudo >/dev/null 2>&1; then
            SUDO="sudo"
        else
            echo "setup: not root and sudo unavailable; install m4 by hand (apt-get install m4)" >&2
            exit 2
        fi
    fi
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update
    $SUDO apt-get install -y m4
fi

# A C compiler and make are needed by the same build; report clearly if they are absent.
for tool in cc make; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        echo "setup: '$tool' not found; install build-essential (apt-get install -y build-essential)" >&2
        exit 2
    fi
done

echo "setup: ok ($(cargo --version), m4 $(m4 --version | head -n1 | awk '{print $NF}'))" >&2
