"""`SELECT url_hostname(url), count(*) ... GROUP BY 1` on one Parquet file,
three ways in one run: the extension, urlsyntax.duckdb.register's Arrow
UDFs, and DuckDB's own string functions (split_part). Each query runs
`--repeat` times after a warm-up; the best and median wall times print,
with the ratios BENCHMARKS.md quotes.

    python duckdb/bench/hostname.py [--rows N] [--repeat K] [--threads T]
"""

import argparse
import pathlib
import statistics
import time

import duckdb

REPO = pathlib.Path(__file__).resolve().parents[2]
EXTENSION = REPO / "target/duckdb/urlsyntax.duckdb_extension"

QUERIES = {
    "extension": "url_hostname(url)",
    "udf": "udf_url_hostname(url)",
    # The usual SQL idiom: the authority's host, lowercased (no IPv6 or
    # error handling: not the same answers, a speed reference).
    "split_part": "lower(split_part(split_part(split_part(url, '/', 3), '@', -1), ':', 1))",
}


def corpus(rows):
    texts = []
    for path in sorted((REPO.parent / "shared/corpora").glob("*.txt")):
        texts += [t for t in path.read_text(encoding="utf-8").splitlines() if t]
    return [texts[i % len(texts)] for i in range(rows)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=2_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()

    import pyarrow as pa
    import pyarrow.parquet as pq
    import urlsyntax.duckdb

    parquet = REPO / "target/duckdb-bench/urls.parquet"
    parquet.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.table({"url": corpus(args.rows)}), parquet)

    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": args.threads})
    con.execute("LOAD '%s'" % EXTENSION)
    urlsyntax.duckdb.register(con, profile="3.15.2", prefix="udf_")
    print("duckdb %s, %d rows, %d threads" % (duckdb.__version__, args.rows, args.threads))

    # One answer: the extension and the UDFs agree on every group.
    sql = "SELECT %s AS h, count(*) AS n FROM '%s' GROUP BY 1 ORDER BY 2 DESC, 1"
    assert con.execute(sql % (QUERIES["extension"], parquet)).fetchall() == con.execute(
        sql % (QUERIES["udf"], parquet)
    ).fetchall()

    times = {}
    for name, expr in QUERIES.items():
        query = "SELECT %s AS h, count(*) FROM '%s' GROUP BY 1" % (expr, parquet)
        con.execute(query).fetchall()
        runs = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            con.execute(query).fetchall()
            runs.append(time.perf_counter() - start)
        times[name] = runs
        print("%-10s best %7.1f ms  median %7.1f ms  (%.1f M rows/s)" % (
            name, min(runs) * 1e3, statistics.median(runs) * 1e3, args.rows / min(runs) / 1e6))
    ext, udf, own = (statistics.median(times[k]) for k in ("extension", "udf", "split_part"))
    print("extension vs UDF: %.1fx faster; vs split_part: %.2fx its time" % (udf / ext, ext / own))


main()
