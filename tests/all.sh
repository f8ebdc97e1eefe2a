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
#                          the real libraries' suites)
#   tests/all.sh --ci      what CI runs (.ci/run), within its time: every
#                          Rust test, the differential suites against a
#                          sample of releases (CI_RELEASES below: the
#                          oldest, a 3.9, the pinned 3.13, the newest and
#                          the three distributions' builds), the Python
#                          package's whole suite on 3.9.18, 3.13.0, 3.15.2
#                          and Debian 13's own 3.13.5 (the Arrow and Spark
#                          tests on every 8th row of the real lists), and
#                          its drop-in checks on the other interpreters
#                          3.10 to 3.14
#
# The Rust tests are `cargo test --release` (the JVM engine's native half,
# jvm/, among them) and the Python package's native unit tests; the Python tests are `python/run-tests.sh`, which
# builds the wheels with `python/build-wheels.sh` into dist/ (the abi3 and
# 3.9 wheels, checked by auditwheel, and the sdist) and installs each into
# a fresh virtual environment per interpreter with no Rust or Java
# toolchain on the PATH, with pinned test tools from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=quick
case "${1:-}" in
    --full) mode=full ;;
    --ci) mode=ci ;;
    "") ;;
    *) echo "usage: tests/all.sh [--full | --ci]" >&2; exit 2 ;;
esac

# Every release the differential suites run against, as their test names
# carry them (`agrees_with_cpython_3_9_18`).
RELEASES="3_6_15 3_7_16 3_8_18 3_9_18 3_10_13 3_11_7 3_12_1 3_13_0 3_13_18 3_14_10 3_15_2
    debian11_3_9_2 debian12_3_11_2 debian13_3_13_5"
QUICK_RELEASES="3_6_15 3_13_0 3_15_2 debian12_3_11_2"
CI_RELEASES="3_6_15 3_9_18 3_13_0 3_15_2 debian11_3_9_2 debian12_3_11_2 debian13_3_13_5"

# cargo test, the releases not in $1 skipped by the names that carry
# them, and the regeneration of every release's Unicode tables (each
# interpreter walks all of Unicode).
cargo_test_releases() {
    local skip=() r
    for r in $RELEASES; do
        [[ " $1 " == *" $r "* ]] || skip+=(--skip "cpython_$r")
    done
    cargo test --release -- "${skip[@]}" --skip the_tables_are_what_the_interpreters_say
}

# The Python package's native unit tests (not a default member: pyo3's
# build reads an interpreter, the pinned 3.13.0).
python_native_unit_tests() {
    local root
    root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
    PYO3_PYTHON="$root/versions/3.13.0/bin/python3" cargo test --release -p urlsyntax-python --lib
}

case $mode in
    full)
        cargo test --release
        python_native_unit_tests
        python/run-tests.sh
        ;;
    ci)
        cargo_test_releases "$CI_RELEASES"
        python_native_unit_tests
        URLSYNTAX_DROPIN_PYTHONS="3.10.13 3.11.7 3.12.1 3.14.10" \
            URLSYNTAX_ROW_STRIDE=8 python/run-tests.sh 3.9.18 3.13.0 3.15.2 debian13-3.13.5
        ;;
    quick)
        cargo_test_releases "$QUICK_RELEASES"
        python_native_unit_tests
        python/run-tests.sh 3.15.2
        ;;
esac
