#!/usr/bin/env bash
# The project's tests.
#
#   tests/all.sh           the quick run (about 10 minutes on two cores from
#                          a warm build): every Rust test, the differential
#                          suites against CPython 3.6.15, 3.13.0 and 3.15.2
#                          (the oldest, the pinned 3.13 and the newest), and
#                          the Python package on the newest interpreter
#   tests/all.sh --full    every suite against every release, the Python
#                          package on every interpreter 3.9 to 3.15 (Spark,
#                          the real libraries' suites): what CI runs
#
# The Rust tests are `cargo test --release` (the JVM engine's native half,
# jvm/, among them); the Python tests are `python/run-tests.sh`, which
# builds the wheels with `python/build-wheels.sh` into dist/ (the abi3 and
# 3.9 wheels, checked by auditwheel, and the sdist) and installs each into
# a fresh virtual environment per interpreter with no Rust or Java
# toolchain on the PATH, with pinned test tools from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
full=false
case "${1:-}" in
    --full) full=true ;;
    "") ;;
    *) echo "usage: tests/all.sh [--full]" >&2; exit 2 ;;
esac

if $full; then
    cargo test --release
else
    # The releases the quick run leaves to the full one, by the test names
    # that carry them, and the regeneration of every release's Unicode
    # tables (each interpreter walks all of Unicode).
    skip=()
    for r in 3_7_16 3_8_18 3_9_18 3_10_13 3_11_7 3_12_1 3_13_18 3_14_10; do
        skip+=(--skip "cpython_$r")
    done
    for r in debian11_3_9_2 debian13_3_13_5; do
        skip+=(--skip "cpython_$r")
    done
    cargo test --release -- "${skip[@]}" --skip the_tables_are_what_the_interpreters_say
fi
if $full; then
    python/run-tests.sh
else
    python/run-tests.sh 3.15.2
fi
