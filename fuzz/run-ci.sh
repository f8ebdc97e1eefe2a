#!/usr/bin/env bash
# Builds every fuzz target and runs each for FUZZ_SECONDS (default 60)
# seconds, from its committed seeds (fuzz/seeds/<target>/) and with its
# dictionary (fuzz/dicts/<target>.dict, else fuzz/urls.dict); the
# differential target embeds CPython 3.13.0. Fails on the first crash,
# panic or disagreement with CPython: the failing input is minimized and
# kept in fuzz/artifacts/<target>/ (minimized-*), and its message printed,
# the call as a line of Python among it. See docs/fuzzing.md.
#
# Installs what it needs when missing (fuzz/env.sh): cargo-fuzz (through
# cargo) and the nightly toolchain (through rustup).
#
#   fuzz/run-ci.sh                     # every target, 60 s each
#   FUZZ_SECONDS=10 fuzz/run-ci.sh neturl_roundtrip urllib_api
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."

seconds=${FUZZ_SECONDS:-60}
# shellcheck source=fuzz/env.sh
. fuzz/env.sh

fuzz_targets "$@"

start=$(date +%s)
cargo +nightly fuzz build
echo "fuzz: built ${#targets[@]} targets in $(($(date +%s) - start)) s"

passed=0
failed=0
for t in "${targets[@]}"; do
    corpus=$(fuzz_corpus "$t")
    dict=$(fuzz_dict "$t")
    seeds=$(find "$corpus" -type f | wc -l)
    echo "fuzz: $t from $seeds inputs, dictionary $dict"
    log=$(mktemp)
    if cargo +nightly fuzz run "$t" "$corpus" -- \
        -max_total_time="$seconds" -dict="$dict" -max_len=4096 \
        -print_final_stats=1 >"$log" 2>&1; then
        rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
        echo "fuzz: $t: $(fuzz_stats "$log") in ${seconds} s (${rate:-?} exec/s), no failure"
        passed=$((passed + 1))
    else
        echo "fuzz: $t FAILED; the end of its log:" >&2
        grep -v 'NEW_FUNC\|^#[0-9]' "$log" | grep -m1 -A16 'panicked\|ERROR: ' >&2 || true
        grep -A3 'Failing input' "$log" >&2 || tail -30 "$log" >&2
        fuzz/minimize.sh "$t" "$log" >&2 || true
        failed=$((failed + 1))
    fi
    rm -f "$log"
done

echo "fuzz: total $(($(date +%s) - start)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
