"""`SELECT url_hostname(url), count(*) ... GROUP BY 1` on one Parquet file,
three ways in one run: the extension, urlsyntax.duckdb.register's Arrow
UDFs, and DuckDB's own string functions (split_part). Each query runs
`--repeat` times after a warm-up, the queries taking turns; the best and
median wall times print, with the ratios BENCHMARKS.md quotes.

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
    # The floor: the same query over hostnames computed beforehand (a
    # second column), which it reads with the URLs and groups: Parquet
    # reading and the group-by alone, no function.
    "floor": "CASE WHEN url IS NULL THEN NULL ELSE host END",
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
    con = duckdb.connect(config={"allow_unsigned_extensions": "true", "threads": args.threads})
    con.execute("LOAD '%s'" % EXTENSION)
    con.register("urls", pa.table({"url": corpus(args.rows)}))
    con.execute("COPY (SELECT url, url_hostname(url) AS host FROM urls) TO '%s' (FORMAT parquet)" % parquet)
    con.unregister("urls")
    urlsyntax.duckdb.register(con, profile="3.15.2", prefix="udf_")
    print("duckdb %s, %d rows, %d threads" % (duckdb.__version__, args.rows, args.threads))

    # One answer: the extension and the UDFs agree on every group.
    sql = "SELECT %s AS h, count(*) AS n FROM '%s' GROUP BY 1 ORDER BY 2 DESC, 1"
    assert con.execute(sql % (QUERIES["extension"], parquet)).fetchall() == con.execute(
        sql % (QUERIES["udf"], parquet)
    ).fetchall()

    # Round robin, so that what else the machine runs weighs on every
    # query alike; the ratios are of the best times (the least disturbed).
    queries = {n: "SELECT %s AS h, count(*) FROM '%s' GROUP BY 1" % (e, parquet) for n, e in QUERIES.items()}
    for query in queries.values():
        con.execute(query).fetchall()
    times = {name: [] for name in queries}
    for _ in range(args.repeat):
        for name, query in queries.items():
            start = time.perf_counter()
            con.execute(query).fetchall()
            times[name].append(time.perf_counter() - start)
    for name, runs in times.items():
        print("%-10s best %7.1f ms  median %7.1f ms  (%.1f M rows/s)" % (
            name, min(runs) * 1e3, statistics.median(runs) * 1e3, args.rows / min(runs) / 1e6))
    ext, udf, own, floor = (min(times[k]) for k in ("extension", "udf", "split_part", "floor"))
    print("whole query (best): extension vs UDF %.1fx faster; vs split_part %.2fx its time" % (udf / ext, ext / own))
    print("above the floor (best): extension %.0f ms, UDF %.0f ms (%.1fx), split_part %.0f ms" % (
        (ext - floor) * 1e3, (udf - floor) * 1e3, (udf - floor) / (ext - floor), (own - floor) * 1e3))


main()
