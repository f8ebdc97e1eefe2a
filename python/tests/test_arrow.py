"""urlsyntax.arrow against urllib.parse, row by row: the real URL lists
and hostile rows, in every string layout, as arrays, chunked arrays and
slices; and neturl_check against the real Ocamlnet."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse as stdlib

import pytest

from conftest import REPO

pa = pytest.importorskip("pyarrow") if os.environ.get("CI") != "true" else __import__("pyarrow")

import urlsyntax.arrow as ua  # noqa: E402

CORPORA = os.path.join(REPO, "tests", "data", "corpora")

HOSTILE = [
    "",
    " ",
    "http://[::1",
    "http://::1]/",
    "http://[v1.x]/",
    "http://[1.2.3.4]/",
    "http://h:99999/",
    "http://h:-1/",
    "http://h:8x/",
    "http://h:\uff18\uff10/",
    "http://h: 80/",
    "http://u:p@H\u0130.com:0/",
    "http://\u1c89x.com/",
    "http://ex\u2100ample/",
    "HTTP://EXAMPLE.COM/A%20B;p?Q=1#F",
    "//host/p",
    "path:80",
    "mailto:a@b",
    "\x00http://a/\t\n",
    "http://a/b/c;p1;p2?q#f#g",
    "javascript:alert(1)",
    "\U0001f6dcs://x/",
    # Parts longer than a view's 12 inline bytes that are no substring of
    # the row (lowercased, or a URL without its tabs): copied, not viewed.
    "HTTP://WWW.EXAMPLE-LONG-HOST.COM/Some/Path?Query=Value#Fragment-Long",
    "https://user\tname:pass\nword@exam\tple.example.org:8080/pa\tth/more/path?q\t=1#f\rrag-ment",
    "a" * 5000,
    "http://" + "a" * 70000 + "/",
]


def lines(name):
    with open(os.path.join(CORPORA, name), encoding="utf-8") as f:
        return [line.rstrip("\n") for line in f]


# Every row of the real lists, or every Nth (URLSYNTAX_ROW_STRIDE: CI's
# sample, tests/all.sh --ci); the hostile rows always.
ROW_STRIDE = int(os.environ.get("URLSYNTAX_ROW_STRIDE", "1"))


@pytest.fixture(scope="module")
def urls():
    return (lines("kasztp.txt") + lines("node_files.txt"))[::ROW_STRIDE] + HOSTILE + [None, None]


LAYOUTS = [pa.string(), pa.large_string()]
if hasattr(pa, "string_view"):
    LAYOUTS.append(pa.string_view())

# The text type of urlsplit's answer by default: string_view where pyarrow
# has it, else the input's.
DEFAULT_TEXT = (lambda layout: pa.string_view()) if ua.VIEWS else (lambda layout: layout)


def shapes(values, layout):
    """The same rows as an array, a chunked array of uneven chunks, and a
    slice of a longer array (buffers with an offset)."""
    arr = pa.array(values, type=layout)
    chunked = pa.chunked_array([arr.slice(0, 7), arr.slice(7, 1000), arr.slice(1007)], type=layout)
    padded = pa.array(["pad"] + values + ["pad"], type=layout).slice(1, len(values))
    return [arr, chunked, padded]


def expected_split(func, url, names, scheme="", allow_fragments=True):
    """What urllib.parse answers for one row, in the struct's terms."""
    if url is None:
        return None
    row = dict.fromkeys(names + ["username", "password", "hostname", "port"])
    try:
        r = func(url, scheme, allow_fragments)
    except ValueError as e:
        row["error"] = "ValueError: %s" % e
        return row
    row.update(zip(names, r))
    row["error"] = None
    for name in ["username", "password", "hostname", "port"]:
        try:
            row[name] = getattr(r, name)
        except ValueError as e:
            if row["error"] is None:
                row["error"] = "ValueError: %s" % e
    return row


SPLIT = ["scheme", "netloc", "path", "query", "fragment"]
PARSE = ["scheme", "netloc", "path", "params", "query", "fragment"]


def assert_rows(got, want, what):
    assert len(got) == len(want)
    bad = [(i, g, w) for i, (g, w) in enumerate(zip(got, want)) if g != w]
    assert not bad, "%s: %d rows differ, first: %r" % (what, len(bad), bad[:3])


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_urlsplit_and_urlparse_agree_row_by_row(urls, layout):
    want_split = [expected_split(stdlib.urlsplit, u, SPLIT) for u in urls]
    want_parse = [expected_split(stdlib.urlparse, u, PARSE) for u in urls]
    for column in shapes(urls, layout):
        got = ua.urlsplit(column)
        assert type(got) is (pa.ChunkedArray if isinstance(column, pa.ChunkedArray) else pa.StructArray)
        assert got.type == ua.split_type(DEFAULT_TEXT(layout))
        assert_rows(got.to_pylist(), want_split, "urlsplit %s" % layout)
        assert_rows(ua.urlparse(column).to_pylist(), want_parse, "urlparse %s" % layout)
        for text in LAYOUTS:
            got = ua.urlsplit(column, string_type=text)
            assert got.type == ua.split_type(text)
            assert_rows(got.to_pylist(), want_split, "urlsplit %s as %s" % (layout, text))
            got = ua.urlparse(column, string_type=text)
            assert got.type == ua.split_type(text, params=True)
            assert_rows(got.to_pylist(), want_parse, "urlparse %s as %s" % (layout, text))


@pytest.mark.skipif(not ua.VIEWS, reason="pyarrow without string_view")
@pytest.mark.parametrize("layout", [pa.string(), pa.large_string()], ids=str)
def test_views_point_into_the_input(layout):
    # A part of a URL is a view of the input's own buffer (no copy): the
    # answer's only data buffers are the input's and a small one of its own
    # (for parts that are not substrings, as a lowercased host).
    urls = ["https://www.example.org/a/long/path/name?with=a&long=query#frag-%d" % i for i in range(1000)]
    urls[7] = "HTTPS://WWW.EXAMPLE-UPPER-CASE.ORG/a/long/path/name"
    column = pa.array(urls, type=layout)
    split = ua.urlsplit(column)
    path = split.field("path")
    assert path.type == pa.string_view()
    assert path.buffers()[2].address == column.buffers()[2].address
    assert sum(b.size for b in path.buffers()[3:]) == 0
    hostname = split.field("hostname")
    own = sum(b.size for b in hostname.buffers()[3:])
    assert own == len("www.example-upper-case.org")
    assert hostname[7].as_py() == "www.example-upper-case.org"


def test_string_type_must_be_a_string_type():
    with pytest.raises(TypeError):
        ua.urlsplit(pa.array(["http://a/"]), string_type=pa.int32())


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_one_field_alone_is_that_field_of_the_struct(urls, layout):
    # The Spark face builds each field alone (the native single-field path)
    # when a query reads one; it must equal the field of the whole struct,
    # nulls included, for split and parse, every shape and two releases.
    for params, names in ((False, SPLIT), (True, PARSE)):
        for column in shapes(urls, layout):
            for profile in (None, "3.9"):
                struct = ua._split(column, "", True, params, profile)
                chunks = struct.chunks if isinstance(struct, pa.ChunkedArray) else [struct]
                for name in names + ["username", "password", "hostname", "port", "error"]:
                    alone = ua._split_field(column, name, "", True, params, profile)
                    i = struct.type.get_field_index(name)
                    whole = pa.chunked_array([c.flatten()[i] for c in chunks])
                    if not pa.chunked_array(alone).equals(whole):
                        assert_rows(alone.to_pylist(), whole.to_pylist(), "%s of %s" % (name, layout))
    with pytest.raises(ValueError):
        ua._split_field(pa.array(["http://a/"]), "params", "", True, False, None)


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_answers_are_valid_arrow(urls, layout):
    # The answer columns are assembled without arrow-rs's checks (UTF-8,
    # offsets) and their large buffers get huge-page advice: a full
    # validation of columns big enough for that (megabytes of text) must
    # pass, and the rows must still be urllib.parse's.
    many = (urls * 8)[: 8 * len(urls)]
    column = pa.array(many, type=layout)
    split = ua.urlsplit(column)
    split.validate(full=True)
    ua.urlparse(column).validate(full=True)
    for text in LAYOUTS:
        ua.urlsplit(column, string_type=text).validate(full=True)
        ua.urlsplit(column, string_type=text, use_threads=False).validate(full=True)
    ua._split_field(column, "hostname", "", True, False, None).validate(full=True)
    want = [expected_split(stdlib.urlsplit, u, SPLIT) for u in urls]
    assert_rows(split.slice(len(urls) * 7).to_pylist(), want, "urlsplit of a large %s column" % layout)


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_a_column_split_on_threads_is_the_column_split_on_one(urls, layout):
    # A large column is cut in parts split side by side and appended in
    # order: the same struct, nulls and errors in place, for any count of
    # parts (more than this machine's cores too), as array and slice.
    many = (urls * 4)[: 4 * len(urls)]
    for column in (pa.array(many, type=layout), pa.array(["x"] + many, type=layout).slice(1)):
        for params, text in ((p, t) for p in (False, True) for t in LAYOUTS):
            one = ua._split(column, "", True, params, None, 1, text)
            for threads in (2, 3, 7, 0):
                parts = ua._split(column, "", True, params, None, threads, text)
                parts.validate(full=True)
                assert parts.equals(one), "%d threads, params=%s, %s as %s" % (threads, params, layout, text)
            assert sum(1 for e in one.field("error").to_pylist() if e) > 8
    column = pa.array(many, type=layout)
    assert ua.urlsplit(column).equals(ua.urlsplit(column, use_threads=False))
    assert ua.urlparse(column).equals(ua.urlparse(column, use_threads=False))


def test_urlsplit_keywords_and_errors(urls):
    some = urls[::50] + HOSTILE
    got = ua.urlsplit(pa.array(some), scheme="ftp", allow_fragments=False).to_pylist()
    want = [expected_split(stdlib.urlsplit, u, SPLIT, "ftp", False) for u in some]
    assert_rows(got, want, "urlsplit(scheme='ftp', allow_fragments=False)")
    errors = [r["error"] for r in got if r and r["error"]]
    assert any(e.startswith("ValueError: Port") for e in errors)
    assert any("Invalid IPv6 URL" in e for e in errors)


def test_urljoin_with_a_text_base_and_a_column_base(urls):
    rels = ["../g", "g?y#s", "//x/y", "", "?q", "#f", ";x", "http:g", None] * 40
    base = "http://a/b/c/d;p?q"
    got = ua.urljoin(base, pa.array(rels)).to_pylist()
    assert got == [None if r is None else stdlib.urljoin(base, r) for r in rels]
    bases = [u for u in urls[:2000] if u is not None and "[" not in u and "]" not in u][: len(rels)]
    got = ua.urljoin(pa.array(bases), pa.array(rels, type=pa.large_string())).to_pylist()
    assert got == [None if r is None else stdlib.urljoin(b, r) for b, r in zip(bases, rels)]
    with pytest.raises(ValueError):
        ua.urljoin(pa.array(["http://a/"]), pa.array(["x", "y"]))


def test_urljoin_raises_what_cpython_raises():
    with pytest.raises(ValueError) as ours:
        ua.urljoin("http://a/", pa.array(["x", "http://[::1/"]))
    with pytest.raises(ValueError) as theirs:
        stdlib.urljoin("http://a/", "http://[::1/")
    assert str(ours.value) == str(theirs.value)


QUERIES = ["a=1&b=2", "a=&b", "=x", "a=%zz&b=%E9", "a+b=c+d;e=f", "&&", "x=%82%A0", ""]


@pytest.mark.parametrize("keep_blank", [False, True])
def test_parse_qsl_agrees(urls, keep_blank):
    queries = [stdlib.urlsplit(u).query if u and "[" not in u and "]" not in u else u for u in urls[:5000]]
    queries = [q for q in queries] + QUERIES
    for kwargs in [{}, {"encoding": "latin-1"}, {"encoding": "shift_jis", "errors": "ignore"}, {"separator": ";"}]:
        got = ua.parse_qsl(pa.array(queries), keep_blank, **kwargs).to_pylist()
        want = [
            None if q is None else [{"name": n, "value": v} for n, v in stdlib.parse_qsl(q, keep_blank, **kwargs)]
            for q in queries
        ]
        assert_rows(got, want, "parse_qsl %r" % kwargs)


def test_parse_qsl_raises_what_cpython_raises():
    for kwargs, q in [({"strict_parsing": True}, "a=1&b"), ({"max_num_fields": 1}, "a=1&b=2")]:
        with pytest.raises(ValueError) as ours:
            ua.parse_qsl(pa.array(["x=1", q]), **kwargs)
        with pytest.raises(ValueError) as theirs:
            stdlib.parse_qsl(q, **kwargs)
        assert str(ours.value) == str(theirs.value)


TEXTS = ["a b/c", "é&=?#", "~-._", "%41%zz%", "a+b%20c", "\u20ac", "\U0001f6dc", "", None]


@pytest.mark.parametrize("layout", LAYOUTS, ids=str)
def test_quote_and_unquote_agree(urls, layout):
    texts = [u for u in urls[::20]] + TEXTS
    column = pa.array(texts, type=layout)
    cases = [
        (ua.quote, stdlib.quote, {}),
        (ua.quote, stdlib.quote, {"safe": ""}),
        (ua.quote, stdlib.quote, {"safe": b"/:", "encoding": "latin-1", "errors": "replace"}),
        (ua.quote_plus, stdlib.quote_plus, {}),
        (ua.quote_plus, stdlib.quote_plus, {"encoding": "cp1252", "errors": "xmlcharrefreplace"}),
        (ua.unquote, stdlib.unquote, {}),
        (ua.unquote, stdlib.unquote, {"encoding": "latin-1"}),
        (ua.unquote_plus, stdlib.unquote_plus, {}),
        (ua.unquote_plus, stdlib.unquote_plus, {"encoding": "shift_jis", "errors": "replace"}),
    ]
    for ours, theirs, kwargs in cases:
        got = ours(column, **kwargs)
        assert got.type == layout
        want = [None if t is None else theirs(t, **kwargs) for t in texts]
        assert_rows(got.to_pylist(), want, "%s %r" % (ours.__name__, kwargs))


def test_quote_raises_what_cpython_raises():
    with pytest.raises(UnicodeEncodeError) as ours:
        ua.quote(pa.array(["a", "é"]), encoding="ascii")
    with pytest.raises(UnicodeEncodeError) as theirs:
        stdlib.quote("é", encoding="ascii")
    assert str(ours.value) == str(theirs.value)


def test_a_named_profile_answers_as_that_release():
    # 3.6 quotes '~'; 3.7 and later keep it.
    column = pa.array(["~a b"])
    assert ua.quote(column, profile="3.6").to_pylist() == ["%7Ea%20b"]
    assert ua.quote(column, profile="3.13").to_pylist() == ["~a%20b"]
    # 3.9.18 reads ' 80' as a port; 3.11 on refuses it.
    old = ua.urlsplit(pa.array(["http://h: 80/"]), profile="3.9").to_pylist()[0]
    new = ua.urlsplit(pa.array(["http://h: 80/"]), profile="3.13").to_pylist()[0]
    assert old["port"] == 80 and old["error"] is None
    assert new["port"] is None and new["error"].startswith("ValueError: Port could not be cast")
    with pytest.raises(ValueError):
        ua.urlsplit(column, profile="2.7")


def test_bad_columns_get_a_type_error():
    with pytest.raises(TypeError):
        ua.urlsplit(pa.array([1, 2]))
    with pytest.raises(TypeError):
        ua.urlsplit(["http://a/"])


def test_the_capsules_are_consumed_and_released():
    # Exercises the unsafe import and export: a column made by a foreign
    # producer (pyarrow), moved in, answered, and moved back out, many
    # times; pyarrow's allocator must end where it started.
    before = pa.total_allocated_bytes()
    column = pa.array(["http://a/%d" % i for i in range(1000)])
    for _ in range(200):
        got = ua.urlsplit(column)
        assert got.field("path")[999].as_py() == "/999"
    del got, column
    assert pa.total_allocated_bytes() == before


def neturl_answerer():
    if shutil.which("ocamlfind") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("the Ocamlnet oracle (ocamlfind) is missing")
        pytest.skip("the Ocamlnet oracle (ocamlfind) is missing")
    out = tempfile.mkdtemp()
    subprocess.run(["sh", os.path.join(REPO, "tests", "oracles", "neturl", "build.sh"), out], check=True)
    return os.path.join(out, "neturl-answer")


def test_neturl_check_agrees_with_ocamlnet(urls):
    answerer = neturl_answerer()
    rows = [u for u in urls[::7] if u is not None and "\x00" not in u] + HOSTILE[:22]
    for kwargs in [{}, {"base_syntax": "http", "enable_fragment": True}]:
        calls = "".join(
            json.dumps({"fn": "neturl.parse_url", "args": [u], "kwargs": kwargs}) + "\n" for u in rows
        )
        answers = subprocess.run([answerer], input=calls, capture_output=True, text=True, check=True)
        theirs = [json.loads(a) for a in answers.stdout.splitlines()]
        assert len(theirs) == len(rows)
        got = ua.neturl_check(pa.array(rows), **kwargs).to_pylist()
        for url, g, t in zip(rows, got, theirs):
            assert g["valid"] == ("ok" in t), (url, g, t)
            if g["valid"]:
                assert g["part"] is None and g["message"] is None
            elif t.get("error") == "Malformed_URL":
                assert g["part"] and g["message"], (url, g)
        assert sum(not g["valid"] for g in got) > 0


def test_null_rows_stay_null():
    column = pa.array([None, "http://a/", None])
    for f in [ua.urlsplit, ua.urlparse, ua.quote, ua.unquote, ua.parse_qsl, ua.neturl_check]:
        got = f(column).to_pylist()
        assert got[0] is None and got[2] is None and got[1] is not None, f.__name__
