#!/usr/bin/env bash
# Minimizes the failing input a fuzz run left and prints what it shows.
#
#   fuzz/minimize.sh TARGET LOG
#
# LOG is the run's output (libFuzzer's "Test unit written to ..." names the
# input). The minimized input is kept beside it as
# fuzz/artifacts/TARGET/minimized-from-*; its path and the panic message of
# a replay (for urllib_differential: the call, both answers, and the call
# as a line of Python) are printed. Run from the repository root with the
# environment fuzz/run-ci.sh sets.
set -uo pipefail

t=$1
log=$2
input=$(grep -o 'Test unit written to [^ ]*' "$log" | tail -1 | sed 's/^Test unit written to //')
if [ -z "$input" ] || [ ! -f "$input" ]; then
    echo "minimize: no failing input named in $log" >&2
    exit 1
fi
bin=fuzz/target/$(rustc +nightly -vV | sed -n 's/^host: //p')/release/$t
small=fuzz/artifacts/$t/minimized-from-$(sha1sum "$input" | cut -c1-40)
# As `cargo fuzz tmin` does, on the binary built (no rebuild).
"$bin" -minimize_crash=1 -runs=2000 -exact_artifact_path="$small" "$input" >/dev/null 2>&1 || true
if [ ! -s "$small" ]; then
    small=$input
fi
echo "fuzz: $t: failing input $input, minimized: $small ($(wc -c <"$small") bytes, hex $(od -An -tx1 -v "$small" | tr -d ' \n' | cut -c1-400))"
replay=$(mktemp)
"$bin" "$small" >"$replay" 2>&1 || true
grep -v 'NEW_FUNC\|^#[0-9]' "$replay" | grep -m1 -A8 'panicked\|ERROR: ' || tail -20 "$replay"
rm -f "$replay"
echo "$small"
