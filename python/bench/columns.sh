#!/usr/bin/env bash
# The column benchmarks (issue 15): builds the package in release into a
# CPython 3.13.0 virtual environment with the pinned engines, runs
# python/bench/test_columns.py (pytest-benchmark: Arrow against a Python
# loop, DuckDB against a per-row UDF, Spark local[2] against the builtin and
# a plain UDF, every peer in the same run) and writes the figures into
# BENCHMARKS.md ("Columns"). About 10 minutes; needs a JDK 17 (javac
# builds the JVM engine of urlsyntax.spark with jvm/build-jar.sh, java runs
# Spark).
#
#     python/bench/columns.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
work="$PWD/target/python-bench"
venv="$work/venv-columns"
# numpy's idle BLAS threads otherwise spin on a core the engines need.
export OPENBLAS_NUM_THREADS=1
# The Spark figures are the JVM engine's: its jar, for this machine,
# embedded in the package (python/build.rs).
jvm/build-jar.sh "$PWD/target/urlsyntax-jvm-host.jar"
export URLSYNTAX_JVM_JAR="$PWD/target/urlsyntax-jvm-host.jar"
if [ ! -x "$venv/bin/python" ]; then
    "$root/versions/3.13.0/bin/python3" -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check \
        pytest==8.4.2 pytest-benchmark==5.1.0 maturin==1.16.0 \
        pyarrow==22.0.0 numpy==2.2.6 duckdb==1.4.3 pyspark==4.3.0
fi
rm -rf "$work/wheels-columns"
"$venv/bin/maturin" build -q -m python/Cargo.toml --features abi3 \
    -i "$venv/bin/python" -o "$work/wheels-columns"
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps \
    "$work/wheels-columns"/urlsyntax-*.whl
(cd "$work" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$OLDPWD/python/bench/test_columns.py" \
    -o python_files=test_columns.py --benchmark-json="$work/result-columns.json")
"$venv/bin/python" python/bench/columns_report.py BENCHMARKS.md "$work/result-columns.json"
