"""Times CPython's urllib.parse on the same workloads as the criterion
benches (benches/benches/common/mod.rs derives them the same way).

Usage: python3 cpython_bench.py [--reps N] CORPUS_DIR
       python3 cpython_bench.py [--reps N] --split-only FILE...
Prints one JSON object: {"version": ..., "results": {"func/corpus": ns per item}},
each the median of N passes over the whole list. With --split-only, only
urlsplit and urlparse are timed, on the given files (each named by its stem).

urlsplit is timed with its cache bypassed: 3.11+ wrap it in
functools.lru_cache, so `urlsplit.__wrapped__` is called; 3.9 and 3.10 keep a
20-entry dict cache inside urlsplit, which the distinct URLs of the lists miss
(and clear every 20 calls). urlparse and urljoin are called as they are.
"""

import json
import os
import platform
import statistics
import sys
import time
import urllib.parse as up

# time.perf_counter_ns is 3.7+; 3.6 counts in float seconds.
_now_ns = getattr(time, "perf_counter_ns", None) or (lambda: int(time.perf_counter() * 1e9))


def urls(corpus_dir, name):
    return urls_at(os.path.join(corpus_dir, name + ".txt"))


def urls_at(path):
    with open(path, encoding="utf-8", newline="") as f:
        return [line for line in f.read().split("\n") if line]


def queries(us):
    return [u.split("?", 1)[1].split("#", 1)[0] for u in us if "?" in u]


def join_pairs(us):
    n = len(us)
    out = []
    for i in range(n):
        nxt = us[(i + 1) % n]
        after = nxt.find("://")
        after = 0 if after < 0 else after + 3
        j = nxt.find("/", after)
        path = nxt[j:] if j >= 0 else "/"
        last = path.rsplit("/", 1)[-1]
        ref = (path, "../" + last, "./" + last)[i % 3]
        out.append((us[i], ref))
    return out


def median_ns(fn, items, reps):
    times = []
    for _ in range(reps):
        t0 = _now_ns()
        fn(items)
        times.append((_now_ns() - t0) / len(items))
    return statistics.median(times)


def main():
    args = sys.argv[1:]
    reps = 3
    if args[:1] == ["--reps"]:
        reps = int(args[1])
        args = args[2:]
    split_only = args[:1] == ["--split-only"]
    if split_only:
        args = args[1:]
    split = getattr(up.urlsplit, "__wrapped__", up.urlsplit)
    parse, join = up.urlparse, up.urljoin
    quote, unquote, parse_qsl, urlencode = up.quote, up.unquote, up.parse_qsl, up.urlencode

    def run_split(xs):
        for u in xs:
            split(u)

    def run_parse(xs):
        for u in xs:
            parse(u)

    def run_join(xs):
        for b, r in xs:
            join(b, r)

    def run_quote(xs):
        for u in xs:
            quote(u)

    def run_unquote(xs):
        for u in xs:
            unquote(u)

    def run_qsl(xs):
        for q in xs:
            parse_qsl(q)

    def run_urlencode(xs):
        for p in xs:
            urlencode(p)

    results = {}

    def time_split_parse(corpus, us):
        results["split/" + corpus] = median_ns(run_split, us, reps)
        results["parse/" + corpus] = median_ns(run_parse, us, reps)

    if split_only:
        for path in args:
            time_split_parse(os.path.splitext(os.path.basename(path))[0], urls_at(path))
        print(json.dumps({"version": platform.python_version(), "results": results}))
        return
    corpus_dir = args[0]
    for corpus in ("kasztp", "node_files"):
        us = urls(corpus_dir, corpus)
        time_split_parse(corpus, us)
        results["join/" + corpus] = median_ns(run_join, join_pairs(us), reps)
    us = urls(corpus_dir, "kasztp")
    qs = queries(us)
    results["quote/kasztp"] = median_ns(run_quote, us, reps)
    results["unquote/kasztp"] = median_ns(run_unquote, [quote(u) for u in us], reps)
    results["parse_qsl/kasztp"] = median_ns(run_qsl, qs, reps)
    results["urlencode/kasztp"] = median_ns(
        run_urlencode, [parse_qsl(q, keep_blank_values=True) for q in qs], reps
    )
    print(json.dumps({"version": platform.python_version(), "results": results}))


if __name__ == "__main__":
    main()
