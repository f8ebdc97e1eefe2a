"""Times each function of urlsyntax.parse against urllib.parse in the same
process, on the real URL lists of tests/data/corpora (the workloads of
benches/cpython_bench.py). Run by python/bench/run.sh, which writes the
ratios into BENCHMARKS.md; not part of the tests.

Distinct URLs: CPython's cache is bypassed (`urlsplit.__wrapped__` on
3.11+; 3.9 and 3.10 keep a small cache the distinct URLs miss). Repeated
URLs: a list cycling through 100 URLs, where CPython's cache answers.
"""
import os
import sys
import urllib.parse as stdlib

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "benches"))
import cpython_bench as cb  # noqa: E402

import urlsyntax.parse as ours  # noqa: E402
from urlsyntax import _native  # noqa: E402

CORPORA = os.path.join(REPO, "tests", "data", "corpora")
URLS = {c: cb.urls(CORPORA, c) for c in ("kasztp", "node_files")}
KASZTP = URLS["kasztp"]
QUERIES = cb.queries(KASZTP)
PAIRS = [stdlib.parse_qsl(q, keep_blank_values=True) for q in QUERIES]
QUOTED = [stdlib.quote(u) for u in KASZTP]
REPEATED = [KASZTP[i % 100] for i in range(len(KASZTP))]
SPLIT_UNCACHED = getattr(stdlib.urlsplit, "__wrapped__", stdlib.urlsplit)


def runner(fn, star=False):
    if star:
        def run(items):
            for item in items:
                fn(*item)
    else:
        def run(items):
            for item in items:
                fn(item)
    return run


# (workload, items, stdlib function, urlsyntax function, arguments spread)
CASES = []
for corpus, urls in URLS.items():
    CASES += [
        ("urlsplit/" + corpus, urls, SPLIT_UNCACHED, ours.urlsplit, False),
        ("urlparse/" + corpus, urls, stdlib.urlparse, ours.urlparse, False),
        ("urljoin/" + corpus, cb.join_pairs(urls), stdlib.urljoin, ours.urljoin, True),
    ]
CASES += [
    ("quote/kasztp", KASZTP, stdlib.quote, ours.quote, False),
    ("unquote/kasztp", QUOTED, stdlib.unquote, ours.unquote, False),
    ("parse_qsl/kasztp", QUERIES, stdlib.parse_qsl, ours.parse_qsl, False),
    ("urlencode/kasztp", PAIRS, stdlib.urlencode, ours.urlencode, False),
    ("urlsplit repeated/kasztp", REPEATED, stdlib.urlsplit, ours.urlsplit, False),
]


@pytest.mark.parametrize("who", ["urllib", "urlsyntax"])
@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bench(benchmark, case, who):
    workload, items, theirs, mine, star = case
    fn = theirs if who == "urllib" else mine
    benchmark.group = workload
    benchmark.extra_info["items"] = len(items)
    before = _native._counts()[1]
    benchmark.pedantic(runner(fn, star), args=(items,), rounds=7, iterations=1, warmup_rounds=1)
    if who == "urlsyntax":
        # Timed natively, not through the interpreter.
        assert _native._counts()[1] == before
