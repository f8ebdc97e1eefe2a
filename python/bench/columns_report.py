"""Writes the column figures of BENCHMARKS.md ("Columns: Arrow, DuckDB,
Spark", between its two markers) from the pytest-benchmark JSON of
python/bench/test_columns.py: medians, and ratios of medians taken in that
one run, against issue 15's targets. Exits 1 when a target is missed.

    python columns_report.py BENCHMARKS.md RESULT.json
"""
import json
import sys
import time

from machine import describe

BEGIN = "<!-- columns: written by python/bench/columns_report.py -->"
END = "<!-- columns: end -->"
ARROW_ROWS = 400_000
SPARK_ROWS = 2_000_000


def medians(path):
    data = json.load(open(path))
    by = {b["name"]: b["stats"]["median"] * 1e3 for b in data["benchmarks"]}
    versions = data["machine_info"]["python_version"]
    return by, versions, describe(data)


def table(t):
    """The rows of the table, and the targets missed."""
    missed = []

    def row(work, ours, peer, ratio, target, met):
        if met is False:
            missed.append(work)
        mark = "—" if met is None else ("yes" if met else "no")
        return "| %s | %s | %s | %s | %s | %s |" % (work, ours, peer, ratio, target, mark)

    arrow, one, loop = t["test_arrow_urlsplit"], t["test_arrow_urlsplit_one_thread"], t["test_python_loop_urlsplit"]
    per_core = ARROW_ROWS / one / 1e3
    spark = {k[len("test_spark_job["):-1]: v for k, v in t.items() if k.startswith("test_spark_job[")}
    ours, builtin = spark["urlsyntax"], spark["try_parse_url"]
    duck, duck_udf = t["test_duckdb_urlsyntax"], t["test_duckdb_python_udf"]
    duck_own = t["test_duckdb_builtin_string_functions"]
    ms = lambda v: "{:,.1f} ms".format(v)  # noqa: E731
    lines = [
        "| Workload | urlsyntax | Peer | Ratio | Target | Met |",
        "| --- | ---: | ---: | ---: | ---: | :---: |",
        row("`urlsyntax.arrow.urlsplit`, 400,000 URLs (threads: one a core)",
            "%s (%.1f M URLs/s)" % (ms(arrow), ARROW_ROWS / arrow / 1e3),
            "Python loop of `urlsplit.__wrapped__`: " + ms(loop),
            "%.1f×" % (loop / arrow), "30×", loop / arrow >= 30),
        row("the same, `use_threads=False` (one core)",
            "%s (%.1f M URLs/s)" % (ms(one), per_core),
            "the same loop", "%.1f×" % (loop / one), "—", None),
        row("the same, URLs a second a core", "%.1f M" % per_core, "—", "—", "10 M", per_core >= 10),
        row("DuckDB `urlsplit(url).hostname` group-by, 400,000 rows of Parquet", ms(duck),
            "per-row urllib.parse Python UDF: " + ms(duck_udf), "%.0f×" % (duck_udf / duck), "20×",
            duck_udf / duck >= 20),
        row("the same", ms(duck), "DuckDB's own `split_part`/`lower` (not urllib's answer): " + ms(duck_own),
            "%.2f×" % (duck_own / duck), "—", None),
        row("Spark `local[2]`, `with_urlsplit` then group by hostname, 2 M rows", ms(ours),
            "`try_parse_url(url, 'HOST')`: " + ms(builtin), "%.2f× the time" % (ours / builtin),
            "≤ 1.2× the time", ours / builtin <= 1.2),
        row("the same, `with_urlsplit(..., fields=[\"hostname\"])`", ms(spark["urlsyntax_hostname"]),
            "`try_parse_url`", "%.2f× the time" % (spark["urlsyntax_hostname"] / builtin), "—", None),
        row("the same, `with_urlsplit(..., engine=\"arrow\")` (Arrow UDFs in Python workers)",
            ms(spark["urlsyntax_arrow"]), "`try_parse_url`",
            "%.2f× the time" % (spark["urlsyntax_arrow"] / builtin), "—", None),
        row("the same, `with_urlsplit`", ms(ours), "plain `@udf` calling `urlsplit`: " + ms(spark["plain_udf"]),
            "%.1f×" % (spark["plain_udf"] / ours), "3×", spark["plain_udf"] / ours >= 3),
        row("the floor of a UDF answering these hostnames: an Arrow UDF handing back each batch's, made once",
            ms(spark["arrow_udf_made_hostnames"]), "`try_parse_url`",
            "%.2f× the time" % (spark["arrow_udf_made_hostnames"] / builtin), "—", None),
        row("the floor of a UDF answering strings: an Arrow UDF answering one made-once string",
            ms(spark["arrow_udf_constant"]), "`try_parse_url`",
            "%.2f× the time" % (spark["arrow_udf_constant"] / builtin), "—", None),
        row("the floor of any Arrow UDF: one answering nulls", ms(spark["arrow_udf_nulls"]),
            "`try_parse_url`", "%.2f× the time" % (spark["arrow_udf_nulls"] / builtin), "—", None),
    ]
    return lines, missed


def by_length(t):
    """The table of issue 33's targets: the struct on each list by average
    URL length, one thread and two, against a Python loop reading what the
    struct holds; and the targets missed."""
    import os

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from corpora import lists, mean_length

    missed = []
    lines = [
        "| List | Average length | One thread | Two threads | Threads' gain | `string` layout, one thread | Python loop | Loop ÷ one thread | Targets met |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |",
    ]
    rate = lambda ms: ARROW_ROWS / ms / 1e3  # noqa: E731
    for name, urls in sorted(lists().items(), key=lambda kv: mean_length(kv[1])):
        one = t["test_arrow_urlsplit_by_length_one_thread[%s]" % name]
        two = t["test_arrow_urlsplit_by_length_two_threads[%s]" % name]
        copied = t["test_arrow_urlsplit_by_length_as_string[%s]" % name]
        loop = t["test_python_loop_by_length[%s]" % name]
        length = mean_length(urls)
        met = None
        if length >= 80:  # issue 33's lists: 80 characters or more
            checks = {
                "%s: 10 M URLs/s on one thread" % name: rate(one) >= 10,
                "%s: 1.8x that on two threads" % name: one / two >= 1.8,
                "%s: 30x a Python loop" % name: loop / one >= 30,
            }
            missed += [k for k, ok in checks.items() if not ok]
            met = all(checks.values())
        lines.append(
            "| %s | %.0f | %.1f M/s | %.1f M/s | %.2f× | %.1f M/s | %.0f ms | %.0f× | %s |"
            % (name, length, rate(one), rate(two), one / two, rate(copied), loop, loop / one,
               "—" if met is None else ("yes" if met else "no"))
        )
    for field in ("hostname", "port"):
        ms = t["test_arrow_one_field[%s]" % field]
        lines.append("")
        lines.append("One field alone (`%s`, DuckDB's `url_%s`), long list: %.1f ms (%.1f M/s)."
                     % (field, field, ms, rate(ms)))
    return lines, missed


def main():
    target, result = sys.argv[1], sys.argv[2]
    t, version, machine = medians(result)
    lines, missed = table(t)
    more, missed_more = by_length(t)
    lines += ["", "By average URL length (400,000 rows of each list of `python/bench/corpora.py`; "
              "two threads of `_split`, the default `string_view` answer):", ""] + more
    missed += missed_more
    head = [
        BEGIN,
        "",
        "Run %s UTC on %s, CPython %s; medians of one `python/bench/columns.sh` run."
        % (time.strftime("%Y-%m-%d %H:%M", time.gmtime()), machine, version),
        "",
    ]
    block = "\n".join(head + lines + ["", END])
    text = open(target, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        sys.exit("%s has no column markers (%s ... %s)" % (target, BEGIN, END))
    before, rest = text.split(BEGIN, 1)
    after = rest.split(END, 1)[1]
    open(target, "w", encoding="utf-8").write(before + block + after)
    print(block)
    if missed:
        print("targets missed:\n  " + "\n  ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
