"""The column faces on a URL list of one's own (one URL a line), as an
outside check of issue 15 runs them: urlsyntax.arrow, the DuckDB group-by
and the Spark job (local[2]) agree row by row with the running CPython's
urllib.parse, and their speed against the same peers as
python/bench/test_columns.py, measured in this one process. Exits 1 when
an answer differs or a target is missed.

    OPENBLAS_NUM_THREADS=1 python python/bench/columns_check.py URLS.txt

Needs pyarrow, duckdb (with numpy), pyspark and Java 17 beside the package.
"""
import collections
import os
import statistics
import sys
import tempfile
import time
import urllib.parse as stdlib

import pyarrow as pa
import pyarrow.parquet as pq

import urlsyntax.arrow as ua

ATTRIBUTES = ["username", "password", "hostname", "port"]
SPLIT_UNCACHED = getattr(stdlib.urlsplit, "__wrapped__", stdlib.urlsplit)


def expected(url, parse=False):
    """One row of urlsyntax.arrow.urlsplit/urlparse as urllib.parse gives it."""
    if url is None:
        return None
    names = ["scheme", "netloc", "path"] + (["params"] if parse else []) + ["query", "fragment"]
    row = dict.fromkeys(names + ATTRIBUTES)
    try:
        r = (stdlib.urlparse if parse else stdlib.urlsplit)(url)
    except ValueError as e:
        row["error"] = "ValueError: %s" % e
        return row
    row.update(zip(names, r))
    row["error"] = None
    for name in ATTRIBUTES:
        try:
            row[name] = getattr(r, name)
        except ValueError as e:
            row["error"] = row["error"] or "ValueError: %s" % e
    return row


def hostname(url):
    try:
        return stdlib.urlsplit(url).hostname
    except ValueError:
        return None


def median_ms(function, rounds):
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        function()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def repeated(urls, rows):
    return (urls * (rows // len(urls) + 1))[:rows]


def main(path):
    with open(path, encoding="utf-8") as f:
        urls = [line.rstrip("\n") for line in f if line.strip()]
    failures = []

    def report(what, ok):
        print("%-60s %s" % (what, "ok" if ok else "FAILED"))
        if not ok:
            failures.append(what)

    column = pa.array(urls + [None])
    for parse in (False, True):
        got = (ua.urlparse if parse else ua.urlsplit)(column).to_pylist()
        bad = sum(g != expected(u, parse) for u, g in zip(urls + [None], got))
        report("arrow %s: %d rows, %d differ" % ("urlparse" if parse else "urlsplit", len(got), bad), bad == 0)

    big = pa.array(repeated(urls, 400_000))
    arrow = median_ms(lambda: ua.urlsplit(big), 15)
    one = median_ms(lambda: ua.urlsplit(big, use_threads=False), 15)

    def loop():
        for url in big.to_pylist():
            try:
                SPLIT_UNCACHED(url)
            except ValueError:
                pass

    python = median_ms(loop, 3)
    report("arrow: %.1f ms, %.1fx a Python loop (30x)" % (arrow, python / arrow), python / arrow >= 30)
    report("arrow on one core: %.1f M URLs/s (10 M)" % (len(big) / one / 1e3), len(big) / one / 1e3 >= 10)

    import duckdb

    import urlsyntax.duckdb as ud

    work = tempfile.mkdtemp()
    index = os.path.join(work, "index.parquet")
    pq.write_table(pa.table({"url": big}), index)
    con = ud.register(duckdb.connect())
    query = "SELECT urlsplit(url).hostname AS h, count(*) FROM '%s' GROUP BY h" % index
    want = collections.Counter(hostname(u) for u in big.to_pylist())
    report("duckdb group-by: %d hosts agree" % len(want), dict(con.sql(query).fetchall()) == dict(want))
    ours = median_ms(lambda: con.sql(query).fetchall(), 5)
    con.create_function("py_hostname", hostname, ["VARCHAR"], "VARCHAR", null_handling="special")
    theirs = median_ms(lambda: con.sql(query.replace("urlsplit(url).hostname", "py_hostname(url)")).fetchall(), 1)
    report("duckdb: %.1f ms, %.0fx a per-row UDF (20x)" % (ours, theirs / ours), theirs / ours >= 20)

    spark_check(urls, work, report)
    if failures:
        print("failed:\n  " + "\n  ".join(failures))
    return 1 if failures else 0


def spark_check(urls, work, report):
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F
    from pyspark.sql.functions import arrow_udf

    from urlsyntax.spark import with_urlsplit

    spark = (
        SparkSession.builder.master("local[2]")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    small = os.path.join(work, "small.parquet")
    pq.write_table(pa.table({"url": pa.array(urls + [None])}), small)
    from urlsyntax import _spark_jvm

    why_not = _spark_jvm.ready(spark)
    report("spark: the JVM engine answers%s" % ("" if why_not is None else " (not: %s)" % why_not), why_not is None)
    for engine in ("jvm", "arrow"):
        rows = with_urlsplit(spark.read.parquet(small), "url", engine=engine).collect()
        bad = sum((None if r.url_split is None else r.url_split.asDict()) != expected(r.url) for r in rows)
        report("spark (%s engine): %d rows, %d differ" % (engine, len(rows), bad), bad == 0)

    index = os.path.join(work, "spark.parquet")
    pq.write_table(pa.table({"url": pa.array(repeated(urls, 2_000_000))}), index, row_group_size=100_000)
    made = {}

    def made_hostnames(column: pa.Array) -> pa.Array:
        key = (len(column), column[0].as_py(), column[len(column) - 1].as_py())
        if key not in made:
            made[key] = ua._split_field(column, "hostname", "", True, False, None)
        return made[key]

    def hosts(how):
        df = spark.read.parquet(index)
        if how == "urlsyntax":
            return with_urlsplit(df, "url").select(F.col("url_split.hostname").alias("h"))
        if how == "arrow engine":
            return with_urlsplit(df, "url", engine="arrow").select(F.col("url_split.hostname").alias("h"))
        if how == "try_parse_url":
            return df.select(F.expr("try_parse_url(url, 'HOST')").alias("h"))
        if how == "floor":
            return df.select(arrow_udf(made_hostnames, "string")("url").alias("h"))
        return df.select(F.udf(hostname, "string")("url").alias("h"))

    def job(how):
        return hosts(how).groupBy("h").count().collect()

    report("spark group-by agrees with a plain UDF", dict(job("urlsyntax")) == dict(job("plain")))
    jobs = ["try_parse_url", "urlsyntax", "arrow engine", "floor", "plain"]
    for _ in range(3):
        for how in jobs:
            job(how)
    times = {how: [] for how in jobs}
    for _ in range(5):
        for how in jobs:
            start = time.perf_counter()
            job(how)
            times[how].append((time.perf_counter() - start) * 1e3)
    t = {how: statistics.median(v) for how, v in times.items()}
    ratio = t["urlsyntax"] / t["try_parse_url"]
    print("spark floor (a UDF handing back made hostnames): %.2fx try_parse_url's time" % (t["floor"] / t["try_parse_url"]))
    print("spark, engine='arrow': %.2fx try_parse_url's time" % (t["arrow engine"] / t["try_parse_url"]))
    report("spark: %.0f ms, %.2fx try_parse_url's time (1.2x)" % (t["urlsyntax"], ratio), ratio <= 1.2)
    report("spark: %.1fx a plain @udf (3x)" % (t["plain"] / t["urlsyntax"]), t["plain"] / t["urlsyntax"] >= 3)
    spark.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
