"""urlsyntax.spark: a real PySpark job in local mode (local[2]) over a
Parquet file written from the real URL lists, compared row by row with
urllib.parse and group by group with a plain Python UDF.

python/run-tests.sh installs PySpark in two environments, SPARK_INTERPRETERS:
PySpark 4.3 (Python 3.11 or later) on 3.13, where both engines run, and
PySpark 3.5 on 3.10, where the JVM engine runs (the Arrow engine needs
arrow_udf, PySpark 4.1 or later). There the job must run (a missing PySpark
or Java fails); on the other interpreters it is not run."""
import os
import shutil
import sys
import urllib.parse as stdlib

import pytest

from test_arrow import PARSE, SPLIT, expected_split, lines

# The PySpark each interpreter runs the job with (python/run-tests.sh):
# one release of 3.10 and of 3.13, to bound the time.
SPARK_INTERPRETERS = {"3.13.0": "4.3.0", "3.10.13": "3.5.7"}
RUNNING = "%d.%d.%d" % sys.version_info[:3]

pytestmark = pytest.mark.skipif(
    RUNNING not in SPARK_INTERPRETERS,
    reason="the Spark job runs on CPython 3.10.13 and 3.13.0 only (python/run-tests.sh)",
)


def _has_arrow_udf():
    try:
        from pyspark.sql.functions import arrow_udf  # noqa: F401
    except ImportError:
        return False
    return True


def arrow_engine(test):
    """Marks a test that needs the Arrow engine (PySpark 4.1 or later)."""
    return pytest.mark.skipif(
        not _has_arrow_udf(), reason="the Arrow engine needs PySpark 4.1 or later (arrow_udf)"
    )(test)


def needs(engine):
    if engine == "arrow" and not _has_arrow_udf():
        pytest.skip("the Arrow engine needs PySpark 4.1 or later (arrow_udf)")

# Every row of the real lists, or every Nth (URLSYNTAX_ROW_STRIDE: CI's
# sample, tests/all.sh --ci). Besides them: rows that raise, and text that
# crosses into the JVM engine's native library unlike ASCII (Java's
# modified UTF-8 writes NUL in two bytes and a character beyond the BMP as
# two surrogates).
ROW_STRIDE = int(os.environ.get("URLSYNTAX_ROW_STRIDE", "1"))
URLS = (lines("kasztp.txt") + lines("node_files.txt"))[::ROW_STRIDE] + [
    "http://[::1",
    "http://h:99999/",
    None,
    "http://h/\x00?q=\x00#\x00",
    "http://\U0001f600.example/\U0001f600?\u00e9#\ud7ff",
    "HTTP://\u00c9xample.COM:08/\ufffd",
    "http://\u2100.com/",
]


@pytest.fixture(scope="module")
def spark():
    if shutil.which("java") is None:
        pytest.fail("Java is missing: the Spark job needs a Java 17 runtime")
    pyspark = pytest.importorskip("pyspark") if os.environ.get("CI") != "true" else __import__("pyspark")
    from pyspark.sql import SparkSession

    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("urlsyntax-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    assert pyspark.__version__ == SPARK_INTERPRETERS[RUNNING]
    yield session
    session.stop()


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    import pyarrow as pa
    import pyarrow.parquet as pq

    path = str(tmp_path_factory.mktemp("spark") / "index.parquet")
    pq.write_table(pa.table({"url": pa.array(URLS)}), path, row_group_size=16384)
    return path


ENGINES = ["jvm", "arrow"]


@pytest.mark.parametrize("engine", ENGINES)
def test_with_urlsplit_agrees_row_by_row_and_by_hostname(spark, index, engine):
    needs(engine)
    from pyspark.sql.functions import udf

    from urlsyntax.spark import with_urlparse, with_urlsplit

    df = spark.read.parquet(index)
    df = with_urlparse(with_urlsplit(df, "url", engine=engine), "url", engine=engine)
    rows = df.collect()
    assert len(rows) == len(URLS)
    bad = []
    for r in rows:
        got_split = None if r.url_split is None else r.url_split.asDict()
        got_parse = None if r.url_parse is None else r.url_parse.asDict()
        if got_split != expected_split(stdlib.urlsplit, r.url, SPLIT):
            bad.append(("urlsplit", r.url, got_split))
        if got_parse != expected_split(stdlib.urlparse, r.url, PARSE):
            bad.append(("urlparse", r.url, got_parse))
    assert not bad, bad[:3]

    def hostname(url):
        try:
            return None if url is None else stdlib.urlsplit(url).hostname
        except ValueError:
            return None

    ours = dict(df.groupBy("url_split.hostname").count().collect())
    plain = spark.read.parquet(index).withColumn("h", udf(hostname, "string")("url"))
    theirs = dict(plain.groupBy("h").count().collect())
    assert ours == theirs
    assert len(ours) > 1000


@arrow_engine
def test_with_neturl_check(spark):
    from urlsyntax.spark import with_neturl_check

    df = spark.createDataFrame([("http://h/p",), ("http://h:x/",), (None,)], ["u"])
    got = [r.u_check for r in with_neturl_check(df, "u").collect()]
    assert got[0].valid and not got[1].valid and got[1].part == "port" and got[2] is None


@pytest.mark.parametrize("engine", ENGINES)
def test_with_urlsplit_of_some_fields(spark, index, engine):
    needs(engine)
    from urlsyntax.spark import with_urlsplit

    df = with_urlsplit(spark.read.parquet(index), "url", "h", fields=["port", "hostname"], engine=engine)
    assert [f.name for f in df.schema["h"].dataType.fields] == ["hostname", "port"]
    rows = df.collect()
    want = [expected_split(stdlib.urlsplit, r.url, SPLIT) for r in rows]
    got = [None if r.h is None else r.h.asDict() for r in rows]
    assert got == [None if w is None else {"hostname": w["hostname"], "port": w["port"]} for w in want]
    with pytest.raises(ValueError):
        with_urlsplit(df, "url", fields=["host"])


@pytest.mark.parametrize("engine", ENGINES)
def test_a_query_reading_one_field_runs_one_udf(spark, index, engine):
    needs(engine)
    # Spark's optimizer keeps only the fields a query reads: grouping by
    # url_split.hostname evaluates the hostname UDF alone, not ten.
    from urlsyntax.spark import with_urlsplit

    df = with_urlsplit(spark.read.parquet(index), "url", engine=engine).select("url_split.hostname")
    plan = df._jdf.queryExecution().executedPlan().toString()
    if engine == "arrow":
        assert "urlsplit_hostname" in plan
        assert "urlsplit_scheme" not in plan and "urlsplit_port" not in plan
    else:  # field 8, the hostname, and no other
        from urlsyntax import _spark_jvm
        from urlsyntax import parse as _parse

        hostname = _spark_jvm.function_name("split\t%s\t1\t" % _parse.PROFILE.release, "hostname")
        assert plan.count("urlsyntax_") == 1 and hostname + "(url#" in plan
    want = [expected_split(stdlib.urlsplit, u, SPLIT) for u in URLS]
    got = [r.hostname for r in df.collect()]
    assert got == [None if w is None else w["hostname"] for w in want]


@arrow_engine
def test_the_field_udfs_are_made_once_a_context_and_options(spark, index):
    # with_urlsplit reuses a field's UDF (pickled for the JVM once) for the
    # same options on the same context; other options get their own, and
    # the answers of both stay urllib.parse's.
    from urlsyntax import spark as us

    df = spark.read.parquet(index)
    us.with_urlsplit(df, "url", engine="arrow")
    options = ("", True, False, None)
    first = us._field_udf("hostname", options)
    us.with_urlsplit(df, "url", "again", engine="arrow")
    assert us._field_udf("hostname", options) is first
    assert us._field_udf("hostname", ("ftp", True, False, None)) is not first
    df = us.with_urlsplit(df, "url", "a", engine="arrow")
    rows = us.with_urlsplit(df, "url", "b", scheme="ftp", engine="arrow").collect()
    for r in rows:
        for name, scheme in (("a", ""), ("b", "ftp")):
            want = expected_split(stdlib.urlsplit, r.url, SPLIT, scheme)
            got = getattr(r, name)
            assert (None if got is None else got.asDict()) == want


def test_the_jvm_engine_is_built_and_chosen_by_default(spark, index):
    # The installed wheel (python/run-tests.sh) carries the JVM engine,
    # and with_urlsplit uses it unless told otherwise.
    from urlsyntax import _native, _spark_jvm
    from urlsyntax.spark import with_urlsplit

    assert _native._jvm_jar() is not None, "built without the JVM engine: not a wheel of python/build-wheels.sh?"
    assert _spark_jvm.ready(spark) is None
    df = with_urlsplit(spark.read.parquet(index), "url")
    assert "urlsyntax_hostname_" in df._jdf.queryExecution().executedPlan().toString()
    if _has_arrow_udf():
        df = with_urlsplit(spark.read.parquet(index), "url", engine="arrow")
        assert "urlsyntax_" not in df._jdf.queryExecution().executedPlan().toString()
    else:  # PySpark 3.5: the Arrow engine says what it needs
        with pytest.raises(ImportError, match="need PySpark 4.1 or later"):
            with_urlsplit(spark.read.parquet(index), "url", engine="arrow")


@arrow_engine
@pytest.mark.parametrize(
    "options",
    [
        dict(scheme="ftp"),
        dict(allow_fragments=False),
        dict(profile="3.9"),
        dict(profile="3.6.15", scheme="http", allow_fragments=False),
    ],
)
def test_the_engines_agree_under_every_option(spark, index, options):
    # The Arrow engine is held to each release's urllib.parse by the
    # differential tests; the JVM engine answers as it does, both split
    # and parse, for other schemes, fragments and profiles.
    from urlsyntax.spark import with_urlparse, with_urlsplit

    df = spark.read.parquet(index)
    for with_ in (with_urlsplit, with_urlparse):
        jvm = with_(df, "url", "s", engine="jvm", **options).select("url", "s").collect()
        arrow = with_(df, "url", "s", engine="arrow", **options).select("url", "s").collect()
        assert len(jvm) == len(URLS)
        assert jvm == arrow


def test_the_engine_and_profile_are_checked(spark):
    from urlsyntax.spark import with_urlsplit

    df = spark.createDataFrame([("http://h/",)], ["u"])
    with pytest.raises(ValueError, match="engine must be"):
        with_urlsplit(df, "u", engine="python")
    with pytest.raises(ValueError, match="no urlsyntax profile for '2.7'"):
        with_urlsplit(df, "u", profile="2.7", engine="jvm")
    with pytest.raises(RuntimeError, match="scheme must be a str"):
        with_urlsplit(df, "u", scheme=b"http", engine="jvm")


@arrow_engine
def test_without_the_jvm_engine_the_default_is_arrow(spark, monkeypatch):
    # A package built without the JVM engine, or a driver on a release the project
    # did not verify: the default answers through Arrow, and asking for
    # the JVM says why it cannot.
    from urlsyntax import _spark_jvm
    from urlsyntax import parse as us_parse
    from urlsyntax.spark import with_urlsplit

    df = spark.createDataFrame([("http://U@H:1/p",), (None,)], ["u"])

    def engine_of(frame):
        return "jvm" if "urlsyntax_scheme_" in frame._jdf.queryExecution().executedPlan().toString() else "arrow"

    want = with_urlsplit(df, "u", engine="arrow").collect()
    with monkeypatch.context() as m:
        m.setattr(_spark_jvm, "ready", lambda session: "built without a JDK")
        assert engine_of(with_urlsplit(df, "u")) == "arrow"
        assert with_urlsplit(df, "u").collect() == want
        with pytest.raises(RuntimeError, match="built without a JDK"):
            with_urlsplit(df, "u", engine="jvm")
    with monkeypatch.context() as m:
        probed = us_parse.PROFILE._replace(interpreter="3.13.99", verified=False, probed={"switch": True})
        m.setattr(us_parse, "PROFILE", probed)
        assert engine_of(with_urlsplit(df, "u")) == "arrow"
        with pytest.raises(RuntimeError, match="CPython 3.13.99 was not verified"):
            with_urlsplit(df, "u", engine="jvm")
        # A profile named knowingly is answered by the JVM.
        assert engine_of(with_urlsplit(df, "u", profile="3.13")) == "jvm"
    with monkeypatch.context() as m:
        # So is one chosen with use_profile on the driver.
        m.setattr(us_parse, "PROFILE", us_parse.PROFILE._replace(release="3.9.18", verified=False))
        split = with_urlsplit(df, "u")
        scheme_of_3_9 = _spark_jvm.function_name("split\t3.9.18\t1\t", "scheme")
        assert engine_of(split) == "jvm" and scheme_of_3_9 in split._jdf.queryExecution().executedPlan().toString()


def _made_up_urls(count, seed):
    """URL-like text of the pieces that move urlsplit's answers: schemes,
    an authority most of the time (user info, brackets, ports), then path,
    query and fragment pieces, with percent signs, the characters NFKC and
    CPython strip or reject, NUL and text beyond the BMP."""
    import random

    rng = random.Random(seed)
    schemes = ["", "http:", "HTTPS:", "ftp:", "mailto:", "a+b.c-d:", "1x:", "ht tp:"]
    users = ["", "", "user@", "user:Pw@", ":@", "a@b@", "%41:%42@", "\u00e9@", "u:\U0001f600@"]
    hosts = [
        "Example.COM", "h", "", "[::1]", "[v1.x]", "[1.2.3.4]", "[::1", "::1]", "\u00e9.example",
        "\u2100", "\uff03", "\U0001f600", "h\x00", "a b", "a\tb", "%41", "xn--nxa",
    ]
    ports = ["", "", ":80", ":99999", ":-1", ":08", ": 1", ":+1", ":", ":\u0661", ":0x1", ":65535"]
    rest = [
        "/", "?", "#", ";", "=", "&", "..", "%", "%zz", "p", "\n", "\r", "\\", "\ufffd",
        "\u2048", "\U0001f600", "\x00", "@", ":", "[", "]",
    ]

    def url():
        authority = "//" + rng.choice(users) + rng.choice(hosts) + rng.choice(ports)
        tail = "/"[: rng.random() < 0.7] + "".join(rng.choice(rest) for _ in range(rng.randrange(6)))
        return rng.choice(schemes) + (authority if rng.random() < 0.8 else "") + tail

    return [url() for _ in range(count)]


@pytest.mark.parametrize("with_name", ["with_urlsplit", "with_urlparse"])
def test_the_jvm_engine_agrees_on_made_up_urls(spark, with_name):
    # Differential: 20,000 URLs made of the pieces that move the answers,
    # through the JVM engine in one job, each row against urllib.parse.
    from urlsyntax import spark as us

    urls = _made_up_urls(20_000, seed=15)
    df = spark.createDataFrame([(u,) for u in urls], "url string")
    func, names = (stdlib.urlsplit, SPLIT) if with_name == "with_urlsplit" else (stdlib.urlparse, PARSE)
    for options in (dict(), dict(scheme="http", allow_fragments=False)):
        rows = getattr(us, with_name)(df, "url", "s", engine="jvm", **options).collect()
        assert len(rows) == len(urls)
        scheme, fragments = options.get("scheme", ""), options.get("allow_fragments", True)
        bad = [
            (r.url, r.s.asDict())
            for r in rows
            if r.s.asDict() != expected_split(func, r.url, names, scheme, fragments)
        ]
        assert not bad, bad[:3]
        # The made-up rows reach every kind of answer.
        for field, least in (("error", 1000), ("hostname", 5000), ("username", 2000), ("port", 1000)):
            assert sum(getattr(r.s, field) is not None for r in rows) > least, field
