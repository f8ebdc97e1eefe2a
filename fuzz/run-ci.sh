#!/usr/bin/env bash
# Builds every fuzz target and runs each for FUZZ_SECONDS (default 60)
# seconds; the differential target embeds CPython 3.13.0. Fails on the
# first crash, panic or disagreement with CPython (the failing input is
# left in fuzz/artifacts/<target>/). See docs/fuzzing.md.
#
# Installs what it needs when missing: cargo-fuzz (through cargo) and the
# nightly toolchain (through rustup).
#
#   fuzz/run-ci.sh                     # every target, 60 s each
#   FUZZ_SECONDS=10 fuzz/run-ci.sh neturl_roundtrip urllib_api
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."

seconds=${FUZZ_SECONDS:-60}
release=${FUZZ_PYTHON_RELEASE:-3.13.0}

if ! rustup toolchain list | grep -q '^nightly'; then
    rustup toolchain install nightly --profile minimal
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

pyenv_root=${PYENV_ROOT:-$(pyenv root 2>/dev/null || echo "$HOME/.pyenv")}
py="$pyenv_root/versions/$release/bin/python3"
if [ ! -x "$py" ]; then
    echo "fuzz/run-ci.sh: CPython $release is missing at $py" >&2
    exit 1
fi
export PYO3_PYTHON="$py"
LD_LIBRARY_PATH="$("$py" -c 'import sysconfig; print(sysconfig.get_config_var("LIBDIR"))')${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export LD_LIBRARY_PATH
# CPython's own allocations at exit are not leaks of ours.
export ASAN_OPTIONS=detect_leaks=0

if [ $# -gt 0 ]; then
    targets=("$@")
else
    # example_* targets are examples for users: built, not run.
    mapfile -t targets < <(cargo +nightly fuzz list | grep -v '^example_')
fi

start=$(date +%s)
cargo +nightly fuzz build
echo "fuzz: built ${#targets[@]} targets in $(($(date +%s) - start)) s"

passed=0
failed=0
for t in "${targets[@]}"; do
    corpus="fuzz/corpus/$t"
    mkdir -p "$corpus"
    if [ -d "fuzz/seeds/$t" ]; then
        cp -n fuzz/seeds/"$t"/* "$corpus"/ 2>/dev/null || true
    fi
    log=$(mktemp)
    if cargo +nightly fuzz run "$t" "$corpus" -- \
        -max_total_time="$seconds" -dict=fuzz/urls.dict -max_len=4096 \
        -print_final_stats=1 >"$log" 2>&1; then
        runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
        rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
        echo "fuzz: $t: ${runs:-?} runs in ${seconds} s (${rate:-?} exec/s), no failure"
        passed=$((passed + 1))
    else
        echo "fuzz: $t FAILED; the end of its log:" >&2
        grep -v 'NEW_FUNC\|^#[0-9]' "$log" | grep -m1 -A16 'panicked\|ERROR: ' >&2 || true
        grep -A3 'Failing input' "$log" >&2 || tail -30 "$log" >&2
        failed=$((failed + 1))
    fi
    rm -f "$log"
done

echo "fuzz: total $(($(date +%s) - start)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
