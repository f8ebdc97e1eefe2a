#!/bin/sh
# quote and unquote with codecs other than UTF-8, urlsyntax against CPython
# 3.13.0, measured in the same run: the criterion bench `codecs`, then
# benches/cpython_codec_bench.py; prints ns per string and the ratios.
# Usage: benches/codec_report.sh [--quick]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
secs=3
reps=5
if [ "${1:-}" = "--quick" ]; then secs=1; reps=1; fi
target=${CARGO_TARGET_DIR:-$root/target}
rm -rf "$target/criterion/codec_quote" "$target/criterion/codec_unquote"
URLSYNTAX_BENCH_SECS=$secs cargo bench -q -p urlsyntax-bench --bench codecs >/dev/null
py="$(pyenv root)/versions/3.13.0/bin/python3"
"$py" benches/cpython_codec_bench.py --reps "$reps" tests/data/corpora \
    | "$py" -c '
import json, os, sys
cpy = json.load(sys.stdin)
crit = sys.argv[1]
print("| workload | urlsyntax ns | CPython %s ns | ratio |" % cpy["version"])
print("| --- | ---: | ---: | ---: |")
for key, ns in sorted(cpy["results"].items()):
    d = os.path.join(crit, key.replace("/", "_"))
    d = os.path.join(crit, key.split("/")[0], key.split("/")[1]) if not os.path.isdir(d) else d
    for sub, _, files in os.walk(d):
        if os.path.basename(sub) == "new" and "estimates.json" in files:
            est = json.load(open(os.path.join(sub, "estimates.json")))
            bench = json.load(open(os.path.join(sub, "benchmark.json")))
            n = bench["throughput"]["Elements"]
            ours = est["median"]["point_estimate"] / n
            print("| %s | %.1f | %.1f | %.1f |" % (key, ours, ns, ns / ours))
' "$target/criterion"
