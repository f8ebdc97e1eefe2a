#!/usr/bin/env bash
# The Python benchmark: builds the package (in the dist profile the wheels
# ship; abi3 for 3.10+, cp39 for 3.9), times urlsyntax.parse against
# urllib.parse on each interpreter given (default 3.9.18, 3.13.0, 3.14.10
# and 3.15.2) with pytest-benchmark, and writes the ratios into the Python
# section of BENCHMARKS.md. About 2 minutes an interpreter.
#
#     python/bench/run.sh [3.9.18 3.10.13 ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
work="$PWD/target/python-bench"
versions=("$@")
[ ${#versions[@]} -gt 0 ] || versions=(3.9.18 3.13.0 3.14.10 3.15.2)
results=()
for v in "${versions[@]}"; do
    venv="$work/venv-$v"
    if [ ! -x "$venv/bin/python" ]; then
        "$root/versions/$v/bin/python3" -m venv "$venv"
        "$venv/bin/pip" install -q --disable-pip-version-check \
            pytest==8.4.2 pytest-benchmark==5.1.0 maturin==1.16.0
    fi
    abi=()
    [[ "$v" == 3.9.* ]] || abi=(--features abi3)
    rm -rf "$work/wheels-$v"
    "$venv/bin/maturin" build -q -m python/Cargo.toml "${abi[@]}" \
        -i "$root/versions/$v/bin/python3" -o "$work/wheels-$v"
    "$venv/bin/pip" install -q --disable-pip-version-check --force-reinstall --no-deps "$work/wheels-$v"/urlsyntax-*.whl
    (cd "$work" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$OLDPWD/python/bench/test_bench.py" \
        --benchmark-json="$work/result-$v.json" --benchmark-disable-gc -o python_files=test_bench.py)
    results+=("$work/result-$v.json")
done
"$root/versions/3.13.0/bin/python3" python/bench/report.py BENCHMARKS.md "${results[@]}"
