"""Bad input never crashes DuckDB: each gives NULL or a clear SQL error,
and the connection goes on answering. Also: Neturl's verdicts
(url_check) against the recorded Ocamlnet answers, and the CLI."""

import json
import os
import pathlib
import subprocess

import pytest

import duckdb
from conftest import EXTENSION, REPO, connect, missing

ONE_ARG = ["urlsplit", "urlparse", "url_hostname", "url_port", "parse_qsl", "quote", "quote_plus", "unquote", "unquote_plus", "url_check"]


@pytest.fixture()
def con():
    c = connect()
    yield c
    # Whatever the test did, the connection still answers.
    assert c.execute("SELECT url_hostname('http://H/')").fetchone() == ("h",)


@pytest.mark.parametrize("function", ONE_ARG)
def test_nulls_give_null(con, function):
    assert con.execute("SELECT %s(NULL)" % function).fetchone() == (None,)
    assert con.execute("SELECT %s(NULL::VARCHAR)" % function).fetchone() == (None,)
    # A NULL row among others: NULL for it alone.
    rows = con.execute("SELECT %s(s) IS NULL FROM (VALUES ('http://h:1/?a=1'), (NULL), ('http://h:2/?b=2')) v(s)" % function).fetchall()
    assert rows == [(False,), (True,), (False,)]
    if function != "url_check":
        assert con.execute("SELECT %s('http://h/', NULL)" % function).fetchone() == (None,)
    assert con.execute("SELECT urljoin(NULL, 'a'), urljoin('http://h/', NULL), urljoin('http://h/', 'a', NULL)").fetchone() == (None, None, None)


@pytest.mark.parametrize("function", ONE_ARG[:-1])
def test_unknown_release_names_the_known_ones(con, function):
    with pytest.raises(duckdb.Error) as e:
        con.execute("SELECT %s('http://h/', '2.7')" % function).fetchall()
    message = str(e.value)
    assert 'no CPython profile for "2.7"' in message
    assert "3.9.18" in message and "3.13.0" in message and "3.15.2" in message


def test_unknown_syntax_of_url_check(con):
    with pytest.raises(duckdb.Error, match="not a scheme of the common table"):
        con.execute("SELECT url_check('a/b', 'no-such-scheme')").fetchall()


def test_invalid_utf8(con):
    # A BLOB cast to VARCHAR is DuckDB's escaped text of its bytes (valid
    # UTF-8), which the functions read as any other text.
    row = con.execute("SELECT b::VARCHAR, urlsplit(b::VARCHAR).path FROM (SELECT 'http://h/\\xFF\\xFE'::BLOB b)").fetchone()
    assert row == ("http://h/\\xFF\\xFE", "/\\xFF\\xFE")
    # Bytes that are not UTF-8 never become a VARCHAR: decode() refuses.
    for function in ONE_ARG:
        with pytest.raises(duckdb.Error, match="UTF8|UTF-8"):
            con.execute("SELECT %s(decode('http://h/\\xFF'::BLOB))" % function).fetchall()
    # A BLOB is no VARCHAR: no implicit cast either.
    with pytest.raises(duckdb.Error):
        con.execute("SELECT url_hostname('http://h/'::BLOB)").fetchall()


@pytest.mark.parametrize("sql", ["url_hostname(42)", "urlsplit([1, 2])", "url_port({'a': 1})", "urljoin('a')", "quote('a', 'b', 'c')"])
def test_wrong_argument_types_are_binder_errors(con, sql):
    with pytest.raises(duckdb.Error) as e:
        con.execute("SELECT " + sql).fetchall()
    assert "Binder Error" in str(e.value) or "No function matches" in str(e.value)


def test_a_megabyte_url(con):
    path = "/" + "a" * (1 << 20)
    # No fragment: Neturl's http syntax has none.
    url = "http://User@Example.COM:8080" + path + "?q=" + "%41" * 1000
    row = con.execute("SELECT urlsplit(?), url_hostname(?), url_port(?), length(unquote(?)), url_check(?).valid", [url] * 5).fetchone()
    split, host, port, unquoted, valid = row
    assert (split["path"], split["hostname"], split["port"], split["error"]) == (path, "example.com", 8080, None)
    assert (host, port, unquoted) == ("example.com", 8080, len(url) - 2000)
    assert valid is True
    joined = con.execute("SELECT length(urljoin(?, 'b'))", [url]).fetchone()[0]
    assert joined == len("http://User@Example.COM:8080/b")


def test_errors_of_a_row_name_it(con):
    with pytest.raises(duckdb.Error, match=r"urljoin: row \d+: ValueError: Invalid IPv6 URL"):
        con.execute("SELECT urljoin(b, 'x') FROM (VALUES ('http://h/'), ('http://[::1/')) v(b)").fetchall()


def neturl_answers():
    with open(REPO / "tests/hostile/neturl.jsonl", encoding="utf-8") as f:
        for line in f:
            entry = json.loads(line)
            kwargs = entry["call"]["kwargs"]
            if entry["call"]["fn"] == "neturl.parse_url" and set(kwargs) <= {"base_syntax"}:
                url = entry["call"]["args"][0]
                try:
                    url.encode("utf-8")
                except UnicodeEncodeError:
                    continue
                yield url, kwargs.get("base_syntax"), "ok" in entry["answer"]


def test_url_check_against_recorded_neturl(con):
    cases = list(neturl_answers())
    assert len(cases) > 100
    bad = []
    for url, syntax, valid in cases:
        if syntax is None:
            got = con.execute("SELECT url_check(?)", [url]).fetchone()[0]
        else:
            got = con.execute("SELECT url_check(?, ?)", [url, syntax]).fetchone()[0]
        if got["valid"] is not valid or (valid and got["message"] is not None) or (not valid and not got["message"]):
            bad.append((url, syntax, valid, got))
    assert bad[:5] == [] and len(bad) == 0


def cli():
    path = os.environ.get("URLSYNTAX_DUCKDB_CLI")
    if not path or not pathlib.Path(path).exists():
        missing("the duckdb CLI (URLSYNTAX_DUCKDB_CLI)")
    return path


def test_cli_loads_it():
    sql = (
        "LOAD '%s'; SELECT url_hostname('http://U@Example.COM:80/p'), coalesce(url_port('http://h:99999/')::VARCHAR, 'null'),"
        " urlsplit('http://h:99999/').error, urlsplit('http://h/', '3.9').path;" % EXTENSION
    )
    run = subprocess.run([cli(), "-unsigned", "-csv", "-noheader", "-c", sql], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "example.com,null,ValueError: Port out of range 0-65535,/"
    # Without -unsigned, DuckDB refuses the unsigned extension (it is not a crash).
    run = subprocess.run([cli(), "-c", "LOAD '%s';" % EXTENSION], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "signature" in (run.stderr + run.stdout).lower()


def test_a_session_release_through_a_variable(con):
    # The C API of DuckDB 1.4 lets no extension add a setting: a SQL
    # variable, passed as the release, stands in for one. CPython 3.9
    # reads the port '+80' as 80 (int()); 3.15.2, the default, refuses it.
    con.execute("SET VARIABLE urlsyntax_python = '3.9.18'")
    sql = "SELECT url_port('http://h:+80/'), url_port('http://h:+80/', getvariable('urlsyntax_python'))"
    assert con.execute(sql).fetchone() == (None, 80)
    error = con.execute("SELECT urlsplit('http://h:+80/').error").fetchone()[0]
    assert error == "ValueError: Port could not be cast to integer value as '+80'"
