"""urlsyntax.duckdb: the SQL functions on a Parquet file written from the
real URL lists, against urllib.parse row by row and group by group."""
import collections
import os
import subprocess
import sys
import urllib.parse as stdlib

import pytest

from conftest import REPO
from test_arrow import PARSE, SPLIT, expected_split, lines

if os.environ.get("CI") == "true":
    import duckdb
    import pyarrow as pa
    import pyarrow.parquet as pq
else:
    duckdb = pytest.importorskip("duckdb")
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")

import urlsyntax.duckdb as ud  # noqa: E402

URLS = lines("kasztp.txt") + lines("node_files.txt") + ["http://[::1", "http://h:99999/", None]


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("index") / "index.parquet")
    pq.write_table(pa.table({"url": pa.array(URLS)}), path, row_group_size=20000)
    return path


@pytest.fixture(scope="module")
def con():
    return ud.register(duckdb.connect())


def test_group_by_hostname_matches_urllib(con, index):
    got = dict(
        con.sql(
            "SELECT urlsplit(url).hostname AS h, count(*) FROM '%s' GROUP BY h" % index
        ).fetchall()
    )
    want = collections.Counter(
        (expected_split(stdlib.urlsplit, u, SPLIT) or {}).get("hostname") for u in URLS
    )
    assert got == dict(want)
    assert len(got) > 1000


def test_every_row_matches_urllib(con, index):
    rows = con.sql("SELECT url, urlsplit(url), urlparse(url) FROM '%s'" % index).fetchall()
    assert len(rows) == len(URLS)
    bad = [
        r
        for r in rows
        if r[1] != expected_split(stdlib.urlsplit, r[0], SPLIT)
        or r[2] != expected_split(stdlib.urlparse, r[0], PARSE)
    ]
    assert not bad, bad[:3]


def test_hostname_and_port_of_every_row(con, index):
    # url_hostname and url_port build their one column alone.
    rows = con.sql("SELECT url, url_hostname(url), url_port(url) FROM '%s'" % index).fetchall()
    assert len(rows) == len(URLS)
    want = {u: expected_split(stdlib.urlsplit, u, SPLIT) or {} for u in URLS}
    bad = [r for r in rows if (r[1], r[2]) != (want[r[0]].get("hostname"), want[r[0]].get("port"))]
    assert not bad, bad[:3]


def test_register_without_numpy_says_what_is_missing():
    # DuckDB's Arrow UDFs import numpy; without it, register names it.
    script = (
        "import sys; sys.modules['numpy'] = None\n"
        "import duckdb, urlsyntax.duckdb as ud\n"
        "try:\n"
        "    ud.register(duckdb.connect())\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert "urlsyntax.duckdb needs numpy" in out.stdout, out.stdout + out.stderr


def test_the_scalar_functions(con):
    row = con.sql(
        "SELECT url_hostname('http://U@Example.COM:81/'), url_port('http://h:81/'),"
        " url_port('http://h:99999/'), urljoin('http://a/b/c', '../g'),"
        " parse_qsl('a=1&b=%41'), url_check('http://h:x/').valid, url_check('http://h/').valid"
    ).fetchall()[0]
    assert row == (
        stdlib.urlsplit("http://U@Example.COM:81/").hostname,
        81,
        None,
        stdlib.urljoin("http://a/b/c", "../g"),
        [{"name": n, "value": v} for n, v in stdlib.parse_qsl("a=1&b=%41")],
        False,
        True,
    )


def test_a_named_profile(con):
    other = ud.register(duckdb.connect(), profile="3.9")
    # (fetchall: DuckDB 2 relations have no fetchone)
    assert other.sql("SELECT url_port('http://h: 80/')").fetchall() == [(80,)]
    assert con.sql("SELECT url_port('http://h: 80/')").fetchall()[0][0] == _port_or_none("http://h: 80/")


def _port_or_none(url):
    try:
        return stdlib.urlsplit(url).port
    except ValueError:
        return None
