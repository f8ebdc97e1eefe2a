#!/bin/sh
# Runs every benchmark side by side and writes BENCHMARKS.md and
# benches/chart.svg at the repository root:
#   - the criterion benches of this package (urlsyntax and its Rust peers),
#   - urlsplit against its floor in pairs of passes (split_floor.rs),
#     and `urlsyntax split` as a process against benches/split_lines.py,
#   - benches/cpython_bench.py under CPython 3.9.18 ... 3.13.0 (pyenv),
#   - benches/neturl_bench.ml, Ocamlnet's Neturl in native code,
#   - the zero-allocation test (tests/alloc_free.rs).
# Usage: benches/report.sh [--quick]   (--quick: fewer passes, for a try run)
# Needs: cargo, pyenv with the five CPython releases, ocamlfind with netstring.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
reps=5
crit_time=3
if [ "${1:-}" = "--quick" ]; then reps=1; crit_time=1; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target=${CARGO_TARGET_DIR:-$root/target}
pyroot=$(pyenv root)
# The benches are built with every function aligned to 64 bytes, in a
# target directory of their own: without it, a change anywhere in the
# binary moves the code of the others across cache-line boundaries, and
# their times move with it (up to 10% here). All implementations alike.
bench_target=$target/bench-aligned

echo "== criterion benches (split, attributes, quoting, neturl, split_cli)" >&2
rm -rf "$bench_target/criterion"
CARGO_TARGET_DIR=$bench_target RUSTFLAGS="-C llvm-args=-align-all-functions=6" \
URLSYNTAX_BENCH_SECS=$crit_time cargo bench -q -p urlsyntax-bench \
    --bench split --bench attributes --bench quoting --bench neturl >"$work/criterion.log" 2>&1 \
    || { cat "$work/criterion.log" >&2; exit 1; }
# urlsplit against the memchr3 floor in pairs of passes (the ratio the
# "within 3x the floor" target reads: rows seconds apart move with the
# machine's spells).
CARGO_TARGET_DIR=$bench_target RUSTFLAGS="-C llvm-args=-align-all-functions=6" \
cargo bench -q -p urlsyntax-bench --bench split_floor >"$work/split_floor.txt" 2>"$work/split_floor.log" \
    || { cat "$work/split_floor.log" >&2; exit 1; }
# The CLI's `split` as a process against a CPython script (it runs
# target/release/urlsyntax, built the usual way).
cargo build -q --release -p urlsyntax-cli
CARGO_TARGET_DIR=$bench_target cargo bench -q -p urlsyntax-bench --bench split_cli \
    >"$work/split_cli.log" 2>&1 || { cat "$work/split_cli.log" >&2; exit 1; }

echo "== CPython" >&2
for v in 3.9.18 3.10.13 3.11.7 3.12.1 3.13.0; do
    echo "   $v" >&2
    "$pyroot/versions/$v/bin/python3" benches/cpython_bench.py --reps "$reps" \
        tests/data/corpora >>"$work/cpython.jsonl"
done

echo "== Ocamlnet" >&2
cp benches/neturl_bench.ml "$work/"
(cd "$work" && ocamlfind ocamlopt -package netstring,unix -linkpkg neturl_bench.ml \
    -o neturl-bench >/dev/null 2>&1)
"$work/neturl-bench" -reps "$reps" tests/data/corpora >"$work/ocaml.txt" 2>/dev/null

echo "== allocation test" >&2
if cargo test -q --release --test alloc_free >"$work/alloc.log" 2>&1; then
    echo pass >"$work/alloc.txt"
else
    cat "$work/alloc.log" >&2
    echo fail >"$work/alloc.txt"
fi

"$pyroot/versions/3.13.0/bin/python3" benches/report.py "$bench_target/criterion" "$work" \
    BENCHMARKS.md benches/chart.svg
