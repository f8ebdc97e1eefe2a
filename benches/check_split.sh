#!/bin/sh
# Checks the splitting targets on URL lists of your own: for each file (one
# URL per line), urlsplit must be at least 100 times as fast as CPython
# 3.13.0's urlsplit (cache bypassed: urlsplit.__wrapped__) and no slower
# than fluent-uri's UriRef::parse, and urlparse 100 times CPython's
# urlparse, measured side by side now. The ratios only mean something on
# an otherwise idle machine.
# Prints a table; exits 1 if a target is missed.
# Usage: benches/check_split.sh FILE...
# Needs: cargo, and CPython 3.13.0 under pyenv (or PYTHON=/path/to/python3.13).
set -eu
[ $# -ge 1 ] || { echo "usage: $0 FILE..." >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-$(pyenv root)/versions/3.13.0/bin/python3}
# Built as benches/report.sh builds the benches (functions aligned to 64
# bytes, in a target directory of their own), for times that do not move
# with the layout of the binary.
target=${CARGO_TARGET_DIR:-$root/target}/bench-aligned
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Both sides time the same URLs: those CPython's urlsplit and urlparse
# accept (a ValueError would stop its timing loop).
files=""
n=0
for f in "$@"; do
    [ -r "$f" ] || { echo "$f: not readable" >&2; exit 2; }
    n=$((n + 1))
    mkdir -p "$work/$n"
    kept="$work/$n/$(basename "$f")"
    "$python" - "$f" "$kept" <<'PY'
import sys, urllib.parse as up
with open(sys.argv[1], encoding="utf-8", newline="") as f:
    urls = [u for u in f.read().split("\n") if u]
kept = []
for u in urls:
    try:
        up.urlsplit(u), up.urlparse(u)
        kept.append(u)
    except ValueError:
        pass
with open(sys.argv[2], "w", encoding="utf-8", newline="") as f:
    f.write("\n".join(kept) + "\n")
print(f"{sys.argv[1]}: {len(kept)} URLs ({len(urls) - len(kept)} that CPython rejects left out)",
      file=sys.stderr)
PY
    files="${files:+$files:}$kept"
done

cd "$root"
echo "== criterion: urlsyntax and fluent-uri" >&2
CARGO_TARGET_DIR=$target RUSTFLAGS="-C llvm-args=-align-all-functions=6" \
    URLSYNTAX_BENCH_URLS=$files URLSYNTAX_BENCH_SECS=${URLSYNTAX_BENCH_SECS:-3} \
    cargo bench -q -p urlsyntax-bench --bench split -- \
    '^split/.*/(urlsyntax urlsplit|urlsyntax urlparse|fluent-uri UriRef::parse)$' \
    >"$work/criterion.log" 2>&1 || { cat "$work/criterion.log" >&2; exit 1; }

echo "== CPython $("$python" -c 'import platform; print(platform.python_version())')" >&2
IFS=:
# shellcheck disable=SC2086
"$python" benches/cpython_bench.py --reps 3 --split-only $files >"$work/cpython.json"
unset IFS

FILES=$files "$python" - "$target/criterion" "$work/cpython.json" <<'EOF'
import json, os, sys
crit, cpy = sys.argv[1], json.load(open(sys.argv[2]))
ok = True
def ns(group, bench, n):
    # criterion's directory names: `/` and `:` become `_`.
    d = os.path.join(crit, group, bench.replace(":", "_"), "new")
    est = json.load(open(os.path.join(d, "estimates.json")))
    return est["median"]["point_estimate"] / n
for key, py_ns in sorted(cpy["results"].items()):
    func, corpus = key.split("/", 1)
    group = "split_" + corpus
    bench = {"split": "urlsyntax urlsplit", "parse": "urlsyntax urlparse"}[func]
    n = sum(1 for line in open(next(p for p in os.environ["FILES"].split(":")
                                    if os.path.splitext(os.path.basename(p))[0] == corpus),
                               encoding="utf-8", newline="").read().split("\n") if line)
    ours = ns(group, bench, n)
    fluent = ns(group, "fluent-uri UriRef::parse", n)
    vs_py = py_ns / ours
    vs_fluent = fluent / ours
    met = vs_py >= 100 and (func != "split" or vs_fluent >= 1)
    ok &= met
    print(f"{corpus:24} url{func:6} {ours:8.1f} ns  CPython {py_ns:8.0f} ns  {vs_py:6.1f}x"
          f"  fluent-uri {fluent:7.1f} ns  {vs_fluent:4.2f}x  {'met' if met else 'NOT MET'}")
print("targets: urlsplit and urlparse >= 100x CPython 3.13.0's; urlsplit no slower than"
      " fluent-uri (x = how many times faster urlsyntax is)")
sys.exit(0 if ok else 1)
EOF
