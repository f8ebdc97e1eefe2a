"""`urlsyntax.arrow.urlsplit` against two Arrow kernels over the same
column, on one thread (issue 44): `utf8_lower`, a kernel that reads and
writes each byte once, and `extract_regex` with RFC 3986's appendix-B
pattern, what a user would otherwise write to split URLs in Arrow. Beside
them, the write floor: Arrow's own `cast` of the column to `string_view`,
once a text field of the struct (eight for `urlsplit`), what writing the
struct's text columns costs Arrow without splitting anything; and the
split floor: the same split answering its `port` field alone (one int32
column, as a DuckDB or Spark query reading only the port is answered),
what splitting each URL and reading its netloc cost with next to nothing
written. The whole struct cannot be faster than its split floor: where
that floor is slower than `utf8_lower`, the struct is too, however cheaply
its columns are written.

Each round times one call of each over the list, in an order that turns
every round: the ratio of a round compares calls made milliseconds apart,
which this shared machine's slow and fast spells (up to 2x, lasting
seconds) do not separate. kernels_report.py takes the median of the
rounds' ratios. Lists: the real ones of tests/data/corpora (kasztp 45
characters on average, node_files 58) and two made from them (mid 77,
long 119; python/bench/corpora.py), each repeated to 200,000 rows and to
2,000,000: at the first size `utf8_lower`'s input and answer fit in a
32 MiB last-level cache and the struct's eight view columns (128 bytes a
row) do not; at the second neither does, as in a column of any size.

Run by python/bench/kernels.sh; not part of the tests.
"""
import os
import resource
import sys
import time
import urllib.parse

import pyarrow as pa
import pyarrow.compute as pc
import pytest

import urlsyntax.arrow as ua

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpora import lists, mean_length  # noqa: E402

# URLSYNTAX_BENCH_KERNEL_ROWS: the column sizes, comma-separated.
SIZES = [int(n) for n in os.environ.get("URLSYNTAX_BENCH_KERNEL_ROWS", "200000,2000000").split(",")]
ROUNDS = int(os.environ.get("URLSYNTAX_BENCH_ROUNDS", "21"))
# RFC 3986, appendix B, with the groups named as extract_regex asks.
APPENDIX_B = (
    r"^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?(?P<path>[^?#]*)"
    r"(?:\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?"
)
LISTS = {name: urls for name, urls in lists(mid=True).items()}
# The struct's text fields: every field but port and error.
TEXT_FIELDS = [f.name for f in ua.split_type(pa.string_view()) if f.name not in ("port", "error")]


def minor_faults():
    """The process's minor page faults so far: a call that takes fresh
    memory from the system faults in each page it writes."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def write_floor(col):
    """One view column of the input a text field of urlsplit's struct."""
    return [pc.cast(col, pa.string_view()) for _ in TEXT_FIELDS]


def split_floor(col):
    """urlsplit's `port` field alone: each URL split and its netloc read
    (the port is read from it), one int32 column written."""
    return ua._split_field(col, "port", "", True, False, None)


KERNELS = {
    "urlsplit": lambda col: ua.urlsplit(col, use_threads=False),
    "utf8_lower": pc.utf8_lower,
    "extract_regex": lambda col: pc.extract_regex(col, APPENDIX_B),
    "write_floor": write_floor,
    "split_floor": split_floor,
}


@pytest.mark.parametrize("rows", SIZES)
@pytest.mark.parametrize("name", list(LISTS))
def test_kernels(benchmark, name, rows):
    urls = LISTS[name]
    column = pa.array((urls * (rows // len(urls) + 1))[:rows])
    # What is compared answers: one row of each, checked.
    split = KERNELS["urlsplit"](column)
    assert len(split) == rows
    assert split[0]["path"].as_py() == urllib.parse.urlsplit(urls[0]).path
    assert KERNELS["utf8_lower"](column)[0].as_py() == urls[0].lower()
    assert KERNELS["extract_regex"](column)[0]["path"].as_py() is not None
    # The floor writes as many view columns as the struct has text fields.
    assert len(TEXT_FIELDS) == 8
    floor = KERNELS["write_floor"](column)
    assert len(floor) == len(TEXT_FIELDS) and floor[0].type == pa.string_view()
    assert floor[0][0].as_py() == urls[0]
    # The split floor answers the struct's port field, row for row.
    ports = KERNELS["split_floor"](column)
    assert ports.type == pa.int32() and ports.equals(split.field("port"))
    del split, floor, ports
    order = list(KERNELS)
    times = {k: [] for k in KERNELS}
    faults = {k: [] for k in KERNELS}

    def one_round():
        for k in order:
            before = minor_faults()
            start = time.perf_counter_ns()
            KERNELS[k](column)
            times[k].append(time.perf_counter_ns() - start)
            faults[k].append(minor_faults() - before)
        order.append(order.pop(0))

    benchmark.group = "%s, %d rows" % (name, rows)
    benchmark.extra_info.update(list=name, rows=rows, mean_length=round(mean_length(urls), 1), pyarrow=pa.__version__)
    benchmark.pedantic(one_round, rounds=ROUNDS, iterations=1, warmup_rounds=1)
    benchmark.extra_info["ns"] = {k: t[-ROUNDS:] for k, t in times.items()}
    benchmark.extra_info["faults"] = {k: f[-ROUNDS:] for k, f in faults.items()}
