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
# The Rust tests are `cargo test --release` (and the JVM engine's native
# half in jvm/); the Python tests are `python/run-tests.sh` (one build per
# ABI, a virtual environment per interpreter with pinned test tools from
# PyPI).
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
    cargo test --release -- "${skip[@]}" --skip the_tables_are_what_the_interpreters_say
fi
CARGO_TARGET_DIR=target/jvm cargo test --release --manifest-path jvm/Cargo.toml
if $full; then
    python/run-tests.sh
else
    python/run-tests.sh 3.15.2
fi
