#!/usr/bin/env bash
# The Python package's tests on every installed CPython 3.9 to 3.15: builds
# the package in release once per ABI (an abi3 wheel for 3.10 and later, a
# cp39 wheel for 3.9), installs it into a virtual environment per
# interpreter with the test tools at pinned versions, and runs
# python/tests there; on the newest 3.13 and 3.14, real libraries' own
# tests with and without install() (python/tests/real_libraries.py). With
# CI=true a missing interpreter fails the run.
#
#     python/run-tests.sh            # all interpreters
#     python/run-tests.sh 3.13.0     # some
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
work="$PWD/target/python-tests"
export CARGO_TARGET_DIR="$PWD/target/python"
export URLSYNTAX_HYPOTHESIS_EXAMPLES="${URLSYNTAX_HYPOTHESIS_EXAMPLES:-100}"
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(3.9.18 3.10.13 3.11.7 3.12.1 3.13.0 3.13.18 3.14.10 3.15.2)

# Test tools, pinned: the last releases that still support 3.9, so that
# every interpreter runs the same ones (they install on 3.15 too).
PINS="pytest==8.4.2 hypothesis==6.141.1 mypy==1.19.1 pytest-benchmark==5.1.0 maturin==1.16.0"
# The column engines (urlsyntax.arrow, .duckdb, .spark): pyarrow 20 is the
# last release with wheels for 3.9, and numpy 2.0 the last for 3.9; 3.14
# needs numpy 2.3, and 3.15 the first releases with its wheels (pyarrow 26,
# numpy 2.5, duckdb 2.0). The Spark job runs on 3.13.0 with PySpark 4.3
# (Python 3.11+; both engines) and on 3.10.13 with PySpark 3.5 (the JVM
# engine alone); Java 17 for both.
pins_for() { # VERSION -> the pins of its environment
    case "$1" in
        3.9.*) echo "$PINS pyarrow==20.0.0 numpy==2.0.2 duckdb==1.4.3" ;;
        3.10.13) echo "$PINS pyarrow==22.0.0 numpy==2.2.6 duckdb==1.4.3 pyspark==3.5.7" ;;
        3.13.0) echo "$PINS pyarrow==22.0.0 numpy==2.2.6 duckdb==1.4.3 pyspark==4.3.0" ;;
        3.14.*) echo "$PINS pyarrow==22.0.0 numpy==2.3.5 duckdb==1.4.3" ;;
        3.15.*) echo "$PINS pyarrow==26.0.1 numpy==2.5.5 duckdb==2.0.1" ;;
        *) echo "$PINS pyarrow==22.0.0 numpy==2.2.6 duckdb==1.4.3" ;;
    esac
}
# Real libraries' tests (their sdists are pinned in real_libraries.py) and
# what they need; w3lib's tests want a hypothesis of 3.10+.
REAL_VERSIONS="3.13.18 3.14.10"
REAL_PINS="pytest==8.4.2 hypothesis==6.170.17 idna==3.20 six==1.17.0 orderedmultidict==1.0.2"

venv() { # NAME PYTHON PINS -> the virtual environment's python, made once per pin set
    local dir="$work/$1" pins="$3"
    if [ "$(cat "$dir/pins" 2>/dev/null)" != "$pins" ]; then
        rm -rf "$dir"
        "$2" -m venv "$dir" >&2
        # shellcheck disable=SC2086
        "$dir/bin/pip" install -q --disable-pip-version-check $pins >&2
        echo "$pins" >"$dir/pins"
    fi
    echo "$dir/bin/python"
}

built_abi3="" built_cp39=""
status=0
for v in "${versions[@]}"; do
    interpreter="$root/versions/$v/bin/python3"
    if [ ! -x "$interpreter" ]; then
        echo "CPython $v is missing at $root/versions/$v"
        if [ "${CI:-}" = true ]; then exit 1; fi
        continue
    fi
    py="$(venv "venv-$v" "$interpreter" "$(pins_for "$v")")"
    if [[ "$v" == 3.9.* ]]; then
        if [ -z "$built_cp39" ]; then
            rm -rf "$work/wheels-cp39"
            "$(dirname "$py")/maturin" build --release -q -m python/Cargo.toml \
                -i "$interpreter" -o "$work/wheels-cp39"
            built_cp39=1
        fi
        wheels="$work/wheels-cp39"
    else
        if [ -z "$built_abi3" ]; then
            rm -rf "$work/wheels-abi3"
            "$(dirname "$py")/maturin" build --release -q -m python/Cargo.toml --features abi3 \
                -i "$interpreter" -o "$work/wheels-abi3"
            built_abi3=1
        fi
        wheels="$work/wheels-abi3"
    fi
    "$py" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheels"/urlsyntax-*.whl
    echo "== Python tests on CPython $v ($(basename "$wheels"/urlsyntax-*.whl))"
    (cd "$work" && "$py" -m pytest -q -p no:cacheprovider --durations=6 "$OLDPWD/python/tests") || status=1
    if [[ " $REAL_VERSIONS " == *" $v "* ]]; then
        real="$(venv "venv-real-$v" "$interpreter" "$REAL_PINS")"
        "$real" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$wheels"/urlsyntax-*.whl
        echo "== Real libraries' tests on CPython $v, with and without install()"
        "$real" python/tests/real_libraries.py "$work/real-libraries" || status=1
    fi
done
exit $status
