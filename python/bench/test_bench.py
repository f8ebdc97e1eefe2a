"""Times each function of urlsyntax.parse against urllib.parse in the same
process, on the real URL lists of tests/data/corpora (the workloads of
benches/cpython_bench.py). Run by python/bench/run.sh, which writes the
ratios into BENCHMARKS.md; not part of the tests.

Distinct URLs: CPython's cache is bypassed (`urlsplit.__wrapped__` on
3.11+; 3.9 and 3.10 keep a small cache the distinct URLs miss). Repeated
URLs: a list cycling through 100 URLs, where CPython's cache answers.

Each round times a pass of urllib.parse and a pass of urlsyntax.parse over
the list, one after the other: the ratio of a round compares two passes
made a few milliseconds apart, which this shared machine's slow and fast
spells (up to 2x, lasting seconds) do not separate. report.py takes the
median of the rounds' ratios.
"""
import operator
import os
import sys
import time
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
ROUNDS = int(os.environ.get("URLSYNTAX_BENCH_ROUNDS", "15"))
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


def result_floor(urls, split, cls):
    """The floor of a split's cost in Python: each URL's result built from
    its parts' places, known beforehand, by C code called from Python
    (`operator.itemgetter` of the parts' slices makes the substrings and
    a tuple of them, `tuple.__new__` the result), and freed. What any
    implementation pays to hand Python the same objects, plus one call and
    one tuple. `(run, items)` for `paired`."""
    new = tuple.__new__

    def slices(url):
        out, at = [], 0
        for part in split(url):
            i = url.find(part, at) if part else -1
            # A part not found as it is (a scheme lowercased): one of its
            # length.
            out.append(slice(i, i + len(part)) if i >= 0 else slice(0, len(part)))
            at = max(at, i + len(part))
        return operator.itemgetter(*out)

    def run(items):
        for parts_of, url in items:
            new(cls, parts_of(url))

    return run, [(slices(u), u) for u in urls]


# (workload, items, stdlib function, urlsyntax function, arguments spread)
CASES = []
# The floors of the workloads whose answer is a result tuple.
FLOORS = {}
for corpus, urls in URLS.items():
    CASES += [
        ("urlsplit/" + corpus, urls, SPLIT_UNCACHED, ours.urlsplit, False),
        ("urlparse/" + corpus, urls, stdlib.urlparse, ours.urlparse, False),
        ("urljoin/" + corpus, cb.join_pairs(urls), stdlib.urljoin, ours.urljoin, True),
    ]
    FLOORS["urlsplit/" + corpus] = result_floor(urls, SPLIT_UNCACHED, stdlib.SplitResult)
    FLOORS["urlparse/" + corpus] = result_floor(urls, stdlib.urlparse, stdlib.ParseResult)
CASES += [
    ("quote/kasztp", KASZTP, stdlib.quote, ours.quote, False),
    ("unquote/kasztp", QUOTED, stdlib.unquote, ours.unquote, False),
    ("parse_qsl/kasztp", QUERIES, stdlib.parse_qsl, ours.parse_qsl, False),
    ("urlencode/kasztp", PAIRS, stdlib.urlencode, ours.urlencode, False),
    ("urlsplit repeated/kasztp", REPEATED, stdlib.urlsplit, ours.urlsplit, False),
]


def paired(theirs, mine, star, items, floor=None):
    """One round: a pass of each over `items` (and of the floor over its
    own items), the order turning every round (a machine that slows for a
    while slows every side of a round alike); the ns of each pass are
    kept."""
    run = {"urllib": lambda: runner(theirs, star)(items), "urlsyntax": lambda: runner(mine, star)(items)}
    if floor is not None:
        floor_run, floor_items = floor
        run["floor"] = lambda: floor_run(floor_items)
    times = {who: [] for who in run}
    order = list(run)

    def one_round():
        for who in order:
            start = time.perf_counter_ns()
            run[who]()
            times[who].append(time.perf_counter_ns() - start)
        order.append(order.pop(0))

    return one_round, times


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_bench(benchmark, case):
    workload, items, theirs, mine, star = case
    benchmark.group = workload
    benchmark.extra_info["items"] = len(items)
    one_round, times = paired(theirs, mine, star, items, FLOORS.get(workload))
    before = _native._counts()[1]
    benchmark.pedantic(one_round, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    # Timed natively, not through the interpreter.
    assert _native._counts()[1] == before
    # The warm-up round is not kept.
    benchmark.extra_info["ns"] = {who: t[-ROUNDS:] for who, t in times.items()}
