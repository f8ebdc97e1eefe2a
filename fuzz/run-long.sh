#!/usr/bin/env bash
# Runs fuzz targets for a long time, two at a time (under nice), each from
# its corpus and committed seeds with its dictionary, then minimizes each
# corpus (`cargo fuzz cmin`) back into fuzz/seeds/<target>/, so that the
# next run, CI's included, starts where this one stopped (at most
# FUZZ_SEEDS_MAX_BYTES a target, default 300,000). A failing input
# is minimized (fuzz/minimize.sh) and kept in fuzz/seeds/<target>/ too.
# Prints one Markdown row a target for docs/fuzzing.md's table of long
# runs, also left in fuzz/logs/summary.md with each run's log.
#
#   fuzz/run-long.sh SECONDS [TARGET...]      # default: every target
#   fuzz/run-long.sh 0 [TARGET...]            # only minimize the corpora
#   FUZZ_JOBS=1 fuzz/run-long.sh 3600 urllib_differential
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."

seconds=${1:?usage: fuzz/run-long.sh SECONDS [TARGET...]}
shift
jobs=${FUZZ_JOBS:-2}
# shellcheck source=fuzz/env.sh
. fuzz/env.sh

fuzz_targets "$@"
targets_to_run=("${targets[@]}")
# Built once; then the binaries are run as they are (`cargo fuzz run`
# would rebuild when a source changed during the run). FUZZ_SKIP_BUILD=1
# runs the binaries already built.
if [ "${FUZZ_SKIP_BUILD:-0}" != 1 ]; then
    nice -n 10 cargo +nightly fuzz build
fi
bin_dir=fuzz/target/$(rustc +nightly -vV | sed -n 's/^host: //p')/release
mkdir -p fuzz/logs

# One target's run: its log in fuzz/logs/<target>.log, its row in
# fuzz/logs/<target>.row.
run_one() {
    local t=$1 corpus dict log result
    corpus=$(fuzz_corpus "$t")
    dict=$(fuzz_dict "$t")
    log=fuzz/logs/$t.log
    mkdir -p "fuzz/artifacts/$t"
    if nice -n 10 "$bin_dir/$t" "$corpus" -artifact_prefix="fuzz/artifacts/$t/" \
        -max_total_time="$seconds" -dict="$dict" -max_len=4096 \
        -print_final_stats=1 >"$log" 2>&1; then
        result="no failure"
    else
        local small
        small=$(fuzz/minimize.sh "$t" "$log" 2>&1 | tee -a "$log" | tail -1)
        if [ -f "$small" ]; then
            mkdir -p "fuzz/seeds/$t"
            cp "$small" "fuzz/seeds/$t/"
        fi
        result="FAILED: $(basename "$small")"
    fi
    echo "| \`$t\` | $(date -u +%F) | ${seconds} s | $(fuzz_stats "$log") | $result |" >"fuzz/logs/$t.row"
}

# Keeps the seeds of a target within FUZZ_SEEDS_MAX_BYTES (default
# 300,000): the largest inputs go first, the findings stay.
cap_seeds() {
    local dir=$1 max=${FUZZ_SEEDS_MAX_BYTES:-300000} total size path
    total=$(cat "$dir"/* | wc -c)
    find "$dir" -type f ! -name 'minimized-from-*' ! -name 'crash-*' ! -name 'found-*' -printf '%s %p\n' |
        sort -rn | while read -r size path; do
            # Every line is read (a `break` would end sort with SIGPIPE,
            # which pipefail turns into the script's exit).
            if [ "$total" -gt "$max" ]; then
                rm -f "$path"
                total=$((total - size))
            fi
        done
}

running=0
[ "$seconds" -gt 0 ] || targets_to_run=()
for t in "${targets_to_run[@]}"; do
    if [ "$running" -ge "$jobs" ]; then
        wait -n || true
        running=$((running - 1))
    fi
    echo "fuzz: $t for $seconds s"
    run_one "$t" &
    running=$((running + 1))
done
wait || true

for t in "${targets[@]}"; do
    # cmin keeps the inputs that reach every feature the corpus reaches.
    # as `cargo fuzz cmin` does: a merge into an empty directory.
    small=$(mktemp -d)
    if nice -n 10 "$bin_dir/$t" -merge=1 -max_len=4096 "$small" "fuzz/corpus/$t" \
        >"fuzz/logs/$t.cmin.log" 2>&1; then
        mkdir -p "fuzz/seeds/$t"
        # Findings stay; the rest of the seeds is the minimized corpus.
        find "fuzz/seeds/$t" -type f ! -name 'minimized-from-*' ! -name 'crash-*' ! -name 'found-*' -delete
        cp -n "$small"/* "fuzz/seeds/$t/" 2>/dev/null || true
        cap_seeds "fuzz/seeds/$t"
    else
        echo "fuzz: cmin of $t failed (fuzz/logs/$t.cmin.log); seeds left as they were" >&2
    fi
    rm -rf "$small"
    echo "fuzz: $t: $(find "fuzz/seeds/$t" -type f | wc -l) seeds, $(cat "fuzz/seeds/$t"/* | wc -c) bytes"
done

[ "$seconds" -gt 0 ] || exit 0
{
    echo "| target | date | length | executed, coverage (edges, features) | result |"
    echo "| --- | --- | --- | --- | --- |"
    for t in "${targets[@]}"; do cat "fuzz/logs/$t.row"; done
} | tee fuzz/logs/summary.md
