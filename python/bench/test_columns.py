"""Column benchmarks (pytest-benchmark): urlsyntax.arrow.urlsplit against a
Python loop of urllib.parse.urlsplit over the same column, and the DuckDB
group-by of hostnames through urlsyntax.duckdb against DuckDB's own string
functions and a per-row urllib.parse UDF, all in one process, on the real
URL lists of tests/data/corpora (both lists, repeated to 400,000 rows),
and a Spark local[2] job against the builtin try_parse_url and a plain
Python UDF. Not part of the tests; BENCHMARKS.md ("Columns") gives the
command and the figures."""
import os
import sys
import urllib.parse as stdlib

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import urlsyntax.arrow as ua
import urlsyntax.duckdb as ud

HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.path.join(os.path.dirname(os.path.dirname(HERE)), "tests", "data", "corpora")
ROWS = 400_000


def _urls():
    out = []
    for name in ("kasztp.txt", "node_files.txt"):
        with open(os.path.join(CORPORA, name), encoding="utf-8") as f:
            out += [line.rstrip("\n") for line in f]
    return (out * (ROWS // len(out) + 1))[:ROWS]


URLS = _urls()
COLUMN = pa.array(URLS)
SPLIT_UNCACHED = getattr(stdlib.urlsplit, "__wrapped__", stdlib.urlsplit)


@pytest.mark.benchmark(group="arrow-urlsplit")
def test_arrow_urlsplit(benchmark):
    out = benchmark(ua.urlsplit, COLUMN)
    assert len(out) == ROWS


@pytest.mark.benchmark(group="arrow-urlsplit")
def test_arrow_urlsplit_one_thread(benchmark):
    out = benchmark(ua.urlsplit, COLUMN, use_threads=False)
    assert out.equals(ua.urlsplit(COLUMN))


@pytest.mark.benchmark(group="arrow-urlsplit")
def test_python_loop_urlsplit(benchmark):
    def loop():
        return [SPLIT_UNCACHED(u) for u in COLUMN.to_pylist()]

    benchmark.pedantic(loop, rounds=3, iterations=1)


# The lists by URL length (python/bench/corpora.py): each repeated to
# ROWS rows, for the per-core rate by average length.
sys.path.insert(0, HERE)
from corpora import lists, mean_length  # noqa: E402

BY_LENGTH = {name: pa.array((urls * (ROWS // len(urls) + 1))[:ROWS]) for name, urls in lists().items()}
MEAN_LENGTH = {name: mean_length(column.to_pylist()) for name, column in BY_LENGTH.items()}


@pytest.mark.parametrize("name", sorted(BY_LENGTH))
@pytest.mark.benchmark(group="arrow-by-length")
def test_arrow_urlsplit_by_length_one_thread(benchmark, name):
    column = BY_LENGTH[name]
    out = benchmark(ua.urlsplit, column, use_threads=False)
    assert len(out) == len(column) and out.type == ua.split_type(pa.string_view())


@pytest.mark.parametrize("name", sorted(BY_LENGTH))
@pytest.mark.benchmark(group="arrow-by-length")
def test_arrow_urlsplit_by_length_two_threads(benchmark, name):
    column = BY_LENGTH[name]
    out = benchmark(ua._split, column, "", True, False, None, 2)
    assert out.equals(ua.urlsplit(column, use_threads=False))


@pytest.mark.parametrize("name", sorted(BY_LENGTH))
@pytest.mark.benchmark(group="arrow-by-length")
def test_arrow_urlsplit_by_length_as_string(benchmark, name):
    # The copying layout (what Spark's Arrow engine asks for), one thread.
    column = BY_LENGTH[name]
    benchmark(ua.urlsplit, column, use_threads=False, string_type=pa.string())


@pytest.mark.parametrize("name", sorted(BY_LENGTH))
@pytest.mark.benchmark(group="arrow-by-length")
def test_python_loop_by_length(benchmark, name):
    # What the struct holds, the Python way: urlsplit, then hostname and
    # port (the attributes a loop reads; port may raise).
    def loop():
        out = []
        for u in BY_LENGTH[name].to_pylist():
            try:
                r = SPLIT_UNCACHED(u)
                out.append((r, r.hostname, r.port))
            except ValueError:
                out.append(None)
        return out

    benchmark.pedantic(loop, rounds=3, iterations=1)


@pytest.mark.parametrize("field", ["hostname", "port"])
@pytest.mark.benchmark(group="arrow-one-field")
def test_arrow_one_field(benchmark, field):
    # The single-field path (DuckDB's url_hostname and url_port, a Spark
    # query reading one field), on the long list.
    column = BY_LENGTH["long"]
    benchmark(ua._split_field, column, field, "", True, False, None)


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("bench") / "index.parquet")
    pq.write_table(pa.table({"url": COLUMN}), path)
    return path


def _con():
    con = ud.register(duckdb.connect())

    def host(url):
        try:
            return stdlib.urlsplit(url).hostname
        except ValueError:
            return None

    con.create_function("py_hostname", host, ["VARCHAR"], "VARCHAR", null_handling="special")
    return con


GROUP = "SELECT %s AS h, count(*) FROM '%s' GROUP BY h"


@pytest.mark.benchmark(group="duckdb-hostnames")
def test_duckdb_urlsyntax(benchmark, index):
    con = _con()
    rows = benchmark(lambda: con.sql(GROUP % ("urlsplit(url).hostname", index)).fetchall())
    assert len(rows) > 1000


@pytest.mark.benchmark(group="duckdb-hostnames")
def test_duckdb_builtin_string_functions(benchmark, index):
    con = _con()
    # Not urllib's answer (no userinfo, port or bracket rules): the speed
    # of DuckDB's own string functions, for scale.
    host = "lower(split_part(split_part(split_part(url, '://', 2), '/', 1), ':', 1))"
    rows = benchmark(lambda: con.sql(GROUP % (host, index)).fetchall())
    assert len(rows) > 1000


@pytest.mark.benchmark(group="duckdb-hostnames")
def test_duckdb_python_udf(benchmark, index):
    con = _con()
    rows = benchmark.pedantic(
        lambda: con.sql(GROUP % ("py_hostname(url)", index)).fetchall(), rounds=1, iterations=1
    )
    assert len(rows) > 1000


SPARK_ROWS = 2_000_000


@pytest.fixture(scope="module")
def spark_index(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("spark") / "index.parquet")
    urls = (URLS * (SPARK_ROWS // len(URLS) + 1))[:SPARK_ROWS]
    pq.write_table(pa.table({"url": pa.array(urls)}), path, row_group_size=100_000)
    return path


@pytest.fixture(scope="module")
def spark():
    import sys

    pyspark_sql = pytest.importorskip("pyspark.sql")
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        pyspark_sql.SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def _spark_job(spark, index, how):
    from pyspark.sql import functions as F

    from urlsyntax.spark import with_urlsplit

    df = spark.read.parquet(index)
    if how == "urlsyntax":  # the default engine: the JVM's
        hosts = with_urlsplit(df, "url").select(F.col("url_split.hostname").alias("h"))
    elif how == "urlsyntax_arrow":
        hosts = with_urlsplit(df, "url", engine="arrow").select(F.col("url_split.hostname").alias("h"))
    elif how == "urlsyntax_hostname":
        split = with_urlsplit(df, "url", fields=["hostname"])
        hosts = split.select(F.col("url_split.hostname").alias("h"))
    elif how == "try_parse_url":
        hosts = df.select(F.expr("try_parse_url(url, 'HOST')").alias("h"))
    elif how == "arrow_udf_constant":
        # The floor of any Arrow UDF that answers strings: one short string
        # a row, made once, carried back and grouped.
        from pyspark.sql.functions import arrow_udf

        made = {}

        def constant(urls: pa.Array) -> pa.Array:
            if len(urls) not in made:
                made[len(urls)] = pa.array(["www.example.com"] * len(urls), pa.string())
            return made[len(urls)]

        hosts = df.select(arrow_udf(constant, "string")("url").alias("h"))
    elif how == "arrow_udf_made_hostnames":
        # The floor of any UDF answering this job's hostnames: each batch's
        # made once (by urlsyntax, on the first run), then handed back.
        from pyspark.sql.functions import arrow_udf

        from urlsyntax.arrow import _split_field

        made = {}

        def hostnames(urls: pa.Array) -> pa.Array:
            key = (len(urls), urls[0].as_py(), urls[len(urls) - 1].as_py())
            if key not in made:
                made[key] = _split_field(urls, "hostname", "", True, False, None)
            return made[key]

        hosts = df.select(arrow_udf(hostnames, "string")("url").alias("h"))
    elif how == "arrow_udf_nulls":
        # The floor of any Arrow UDF: rows to Python and back, no work.
        from pyspark.sql.functions import arrow_udf

        def nulls(urls: pa.Array) -> pa.Array:
            return pa.nulls(len(urls), pa.string())

        hosts = df.select(arrow_udf(nulls, "string")("url").alias("h"))
    else:

        def host(url):
            try:
                return stdlib.urlsplit(url).hostname
            except ValueError:
                return None

        hosts = df.select(F.udf(host, "string")("url").alias("h"))
    return hosts.groupBy("h").count().collect()


SPARK_JOBS = [
    "try_parse_url",
    "urlsyntax",
    "urlsyntax_arrow",
    "urlsyntax_hostname",
    "arrow_udf_made_hostnames",
    "arrow_udf_constant",
    "arrow_udf_nulls",
    "plain_udf",
]


@pytest.fixture(scope="module")
def warm_spark(spark, spark_index):
    from urlsyntax import _spark_jvm

    # The default engine measured must be the JVM's, not the fallback.
    assert _spark_jvm.ready(spark) is None, _spark_jvm.ready(spark)
    # The JVM keeps getting faster over a session's first runs: every job
    # runs three times, in turn, before any is measured, so that the job
    # measured first is not measured on a colder JVM than the last.
    for _ in range(3):
        for how in SPARK_JOBS:
            _spark_job(spark, spark_index, how)
    return spark


@pytest.mark.benchmark(group="spark-hostnames")
@pytest.mark.parametrize("how", SPARK_JOBS)
def test_spark_job(benchmark, warm_spark, spark_index, how):
    rows = benchmark.pedantic(_spark_job, args=(warm_spark, spark_index, how), rounds=5, iterations=1)
    assert len(rows) > 1000 or how in ("arrow_udf_constant", "arrow_udf_nulls")
