"""Every function of the extension, through SQL, row by row against the
real CPython interpreters' answers (oracle.py), for several releases, on
the real URL lists of ../shared/corpora and the hostile inputs."""

import re

import pyarrow as pa
import pytest

import duckdb
from conftest import RELEASES
from oracle import BASES

SPLIT = ["scheme", "netloc", "path", "query", "fragment", "username", "password", "hostname", "port"]
PARSE = SPLIT[:3] + ["params"] + SPLIT[3:]


def column(con, sql, release):
    """`sql` (over t's s) for every row, in order of i."""
    return [r[0] for r in con.execute("SELECT %s FROM t ORDER BY i" % sql, [release]).fetchall()]


def expected_split(answer, names):
    if answer["values"] is None:
        row = dict.fromkeys(names)
    else:
        row = dict(zip(names, answer["values"]))
    row["error"] = answer["error"]
    return row


def mismatches(texts, got, want):
    bad = [(texts[i], g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert len(got) == len(want)
    return bad[:5], len(bad)


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("function", ["urlsplit", "urlparse"])
def test_split_struct(con, texts, oracle, release, function):
    names = SPLIT if function == "urlsplit" else PARSE
    want = [expected_split(a, names) for a in oracle[release][function]]
    got = column(con, "%s(s, ?)" % function, release)
    assert mismatches(texts, got, want) == ([], 0)


@pytest.mark.parametrize("release", RELEASES)
def test_hostname_and_port(con, texts, oracle, release):
    answers = oracle[release]["urlsplit"]
    hosts = [a["values"][7] if a["values"] else None for a in answers]
    ports = [a["values"][8] if a["values"] else None for a in answers]
    assert mismatches(texts, column(con, "url_hostname(s, ?)", release), hosts) == ([], 0)
    assert mismatches(texts, column(con, "url_port(s, ?)", release), ports) == ([], 0)


@pytest.mark.parametrize("release", RELEASES)
@pytest.mark.parametrize("function", ["quote", "quote_plus", "unquote", "unquote_plus"])
def test_coding(con, texts, oracle, release, function):
    answers = oracle[release][function]
    assert all("ok" in a for a in answers)  # str in: CPython never raises
    got = column(con, "%s(s, ?)" % function, release)
    assert mismatches(texts, got, [a["ok"] for a in answers]) == ([], 0)


@pytest.mark.parametrize("release", RELEASES)
def test_parse_qsl(con, texts, oracle, release):
    answers = oracle[release]["parse_qsl"]
    want = [[{"name": n, "value": v} for n, v in a["ok"]] for a in answers]
    assert all("ok" in a for a in answers)
    assert mismatches(texts, column(con, "parse_qsl(s, ?)", release), want) == ([], 0)


def joins(texts, answers):
    """(base, url, answer) of every join oracle.py made."""
    for text, row in zip(texts, answers):
        for base, answer in zip(BASES, row):
            yield base, text, answer
        yield text, "../g?x#y", row[len(BASES)]


@pytest.mark.parametrize("release", RELEASES)
def test_urljoin(con, texts, oracle, release):
    triples = list(joins(texts, oracle[release]["urljoin"]))
    ok = [(b, u, a["ok"]) for b, u, a in triples if "ok" in a]
    con.register("joined", pa.table({"i": list(range(len(ok))), "b": [t[0] for t in ok], "u": [t[1] for t in ok]}))
    con.execute("CREATE OR REPLACE TEMP TABLE j AS SELECT i::INTEGER AS i, b, u FROM joined")
    con.unregister("joined")
    got = [r[0] for r in con.execute("SELECT urljoin(b, u, ?) FROM j ORDER BY i", [release]).fetchall()]
    bad = [(b, u, g, w) for (b, u, w), g in zip(ok, got) if g != w]
    assert (bad[:5], len(bad)) == ([], 0)
    # A join CPython raises for stops the query with its ValueError.
    raised = [(b, u, a["raised"]) for b, u, a in triples if "raised" in a][:20]
    for base, url, message in raised:
        with pytest.raises(duckdb.Error, match=re.escape(message)):
            con.execute("SELECT urljoin(?, ?, ?)", [base, url, release]).fetchall()


def test_default_release_is_the_library_default(con, oracle):
    # Profile::default() is CPython 3.15.2: no release argument answers so.
    got = column(con, "urlsplit(s) IS NOT DISTINCT FROM urlsplit(s, ?)", "3.15.2")
    assert all(got)
    assert column(con, "url_hostname(s) IS NOT DISTINCT FROM url_hostname(s, ?)", "3.15.2") == [True] * len(got)
