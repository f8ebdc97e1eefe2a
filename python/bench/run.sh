#!/usr/bin/env bash
# The Python benchmark: builds the package (in the dist profile the wheels
# ship; abi3 for 3.10+, cp39 for 3.9), times urlsyntax.parse against
# urllib.parse on each interpreter given (default: every CPython 3.9 to
# 3.15 installed, the Debian builds among them) with pytest-benchmark, and
# writes the ratios into the Python section of BENCHMARKS.md. About 2
# minutes an interpreter.
#
#     python/bench/run.sh [3.9.18 3.10.13 ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")"
work="$PWD/target/python-bench"
versions=("$@")
if [ ${#versions[@]} -eq 0 ]; then
    for v in 3.9.18 3.10.13 3.11.7 3.12.1 3.13.0 3.13.18 3.14.10 3.15.2 \
        debian11-3.9.2 debian12-3.11.2 debian13-3.13.5; do
        if [ -x "$root/versions/$v/bin/python3" ]; then
            versions+=("$v")
        else
            echo "python/bench/run.sh: CPython $v is not installed; left out" >&2
        fi
    done
fi
results=()
for v in "${versions[@]}"; do
    venv="$work/venv-$v"
    if [ ! -x "$venv/bin/python" ] \
        && ! "$root/versions/$v/bin/python3" -m venv "$venv" >/dev/null 2>&1; then
        # Debian's 3.9.2 and 3.11.2 have no ensurepip: a venv without pip,
        # which 3.13.0's pip fills.
        rm -rf "$venv"
        "$root/versions/$v/bin/python3" -m venv --without-pip "$venv"
    fi
    pip=("$venv/bin/python" -m pip)
    [ -x "$venv/bin/pip" ] || pip=("$root/versions/3.13.0/bin/python3" -m pip --python "$venv/bin/python")
    [ -x "$venv/bin/maturin" ] || "${pip[@]}" install -q --disable-pip-version-check \
        pytest==8.4.2 pytest-benchmark==5.1.0 maturin==1.16.0
    abi=()
    # The release line, not the name (Debian's 3.9.2 is debian11-3.9.2).
    "$venv/bin/python" -c 'import sys; sys.exit(sys.version_info[:2] == (3, 9))' \
        && abi=(--features abi3)
    rm -rf "$work/wheels-$v"
    "$venv/bin/maturin" build -q -m python/Cargo.toml "${abi[@]}" \
        -i "$root/versions/$v/bin/python3" -o "$work/wheels-$v"
    "${pip[@]}" install -q --disable-pip-version-check --force-reinstall --no-deps "$work/wheels-$v"/urlsyntax-*.whl
    (cd "$work" && "$venv/bin/python" -m pytest -q -p no:cacheprovider "$OLDPWD/python/bench/test_bench.py" \
        --benchmark-json="$work/result-$v.json" --benchmark-disable-gc -o python_files=test_bench.py)
    results+=("$work/result-$v.json")
done
"$root/versions/3.13.0/bin/python3" python/bench/report.py BENCHMARKS.md "${results[@]}"
