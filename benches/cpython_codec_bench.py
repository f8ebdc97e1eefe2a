"""Times CPython's quote and unquote with a codec other than UTF-8, on the
workloads of benches/benches/codecs.rs (each URL of the kasztp list with
text of the codec's script added; unquote gets them quoted first).

Usage: python3 cpython_codec_bench.py [--reps N] CORPUS_DIR
Prints one JSON object: {"version": ..., "results": {"codec_quote/cp1252": ns per item, ...}}.
"""
import json
import os
import platform
import statistics
import sys
import time
import urllib.parse as up

CODECS = [("cp1252", " café €5 Größe"), ("shift_jis", " 日本語のテキスト")]


def median_ns(fn, items, reps):
    times = []
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        fn(items)
        times.append((time.perf_counter_ns() - t0) / len(items))
    return statistics.median(times)


def main():
    args = sys.argv[1:]
    reps = 5
    if args[:1] == ["--reps"]:
        reps, args = int(args[1]), args[2:]
    with open(os.path.join(args[0], "kasztp.txt"), encoding="utf-8", newline="") as f:
        urls = [line for line in f.read().split("\n") if line]
    results = {}
    for codec, extra in CODECS:
        texts = [u.lstrip("\ufeff") + extra for u in urls]
        quoted = [up.quote(t, encoding=codec) for t in texts]

        def run_quote(xs, codec=codec):
            for t in xs:
                up.quote(t, encoding=codec)

        def run_unquote(xs, codec=codec):
            for q in xs:
                up.unquote(q, encoding=codec)

        results["codec_quote/" + codec] = median_ns(run_quote, texts, reps)
        results["codec_unquote/" + codec] = median_ns(run_unquote, quoted, reps)
    print(json.dumps({"version": platform.python_version(), "results": results}))


if __name__ == "__main__":
    main()
