#!/usr/bin/env bash
# The kernel comparison (issue 44): builds the package as the wheels are
# built into a virtual environment of the interpreter given (default
# 3.13.0) with pinned pyarrow, runs python/bench/test_kernels.py
# (urlsyntax.arrow.urlsplit on one thread against pyarrow's utf8_lower and
# extract_regex, in the same rounds) and writes the table into
# BENCHMARKS.md ("Columns against Arrow's kernels"), columns of 200,000 and
# 2,000,000 rows (URLSYNTAX_BENCH_KERNEL_ROWS). About 7 minutes.
#
#     python/bench/kernels.sh [3.15.2]
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
work="$PWD/target/python-bench"
v="${1:-3.13.0}"
venv="$work/venv-kernels-$v"
if [ ! -x "$venv/bin/python" ]; then
    "$root/versions/$v/bin/python3" -m venv "$venv"
    "$venv/bin/pip" install -q --disable-pip-version-check \
        pytest==8.4.2 pytest-benchmark==5.1.0 maturin==1.16.0 pyarrow==22.0.0
fi
abi=()
[[ "$v" == 3.9.* ]] || abi=(--features abi3)
rm -rf "$work/wheels-kernels-$v"
"$venv/bin/maturin" build -q -m python/Cargo.toml "${abi[@]}" -i "$venv/bin/python" -o "$work/wheels-kernels-$v"
"$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps \
    "$work/wheels-kernels-$v"/urlsyntax-*.whl
(cd "$work" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$OLDPWD/python/bench/test_kernels.py" \
    -o python_files=test_kernels.py --benchmark-json="$work/result-kernels-$v.json" --benchmark-disable-gc)
"$venv/bin/python" python/bench/kernels_report.py BENCHMARKS.md "$work/result-kernels-$v.json"
