"""What the newer releases changed, answered as the running interpreter
answers it: 3.14's `scheme=None`, `_stacklevel` and false values of
`parse_qsl`; 3.15's `missing_as_none`, `keep_empty` and results that
remember how they were parsed (`_keep_empty`); urlsplit's cache
interface (3.11+); the bracketed hosts of gh-105704 (3.13.18). Every call
is also made on every other interpreter, where it must fail or answer
as that release does."""
import copy
import functools
import pickle
import sys
import urllib.parse as stdlib
import warnings

import pytest

import urlsyntax
import urlsyntax.parse as ours
from urlsyntax import _native

RUNNING = "%d.%d.%d" % sys.version_info[:3]
NEW_KEYWORDS = hasattr(stdlib, "_MISSING_AS_NONE_DEFAULT")


def outcome(module, fn, args, kwargs):
    """The answer and its type, with a result's `_keep_empty`, or the
    exception's class and message."""
    try:
        r = getattr(module, fn)(*args, **kwargs)
    except Exception as e:
        return ("raised", type(e), str(e))
    return ("ok", type(r), r, getattr(r, "_keep_empty", "unset"))


URLS = ["HTTP://u@Example.com:80/a;p?q#f", "http://a/b?#", "//a", "path", "", "a:b",
        "http://[::1]:80/", "http://[V1.a]/", "http://prefix.[::1]/", "http://[::1]x:80/",
        "http://[::1]]/", "mailto:x@y", "http:", "#", "?"]
SCHEMES = [{}, {"scheme": "ftp"}, {"scheme": None}, {"scheme": ""}]
KEEP = [{}, {"missing_as_none": True}, {"missing_as_none": False}, {"missing_as_none": 1}, {"missing_as_none": 0}]


def split_calls():
    for url in URLS:
        for s in SCHEMES:
            for k in KEEP:
                for fn in ("urlsplit", "urlparse"):
                    yield fn, (url,), dict(s, **k)
                    yield fn, (url.encode(),), dict(s, **k)
        for k in KEEP:
            yield "urldefrag", (url,), k
            yield "urldefrag", (url.encode(),), k
    for k in KEEP:
        for fn in ("urlsplit", "urlparse"):
            for url, s in ((None, {}), (None, {"scheme": "x"}), (None, {"scheme": b"x"}),
                           (None, {"scheme": None}), (b"a", {"scheme": None}), ("a", {"scheme": b""})):
                yield fn, (url,), dict(s, **k)


def agree(calls, native=lambda args: True):
    """Each call answered as the interpreter answers it; the share of the
    calls the interpreter answers without an error (and `native` expects
    answered natively) that were handed to it."""
    answered = handed = 0
    for fn, args, kwargs in calls:
        before = _native._counts()[1]
        mine = outcome(ours, fn, args, kwargs)
        theirs = outcome(stdlib, fn, args, kwargs)
        assert mine == theirs, (fn, args, kwargs)
        if theirs[0] == "ok" and native(args):
            answered += 1
            handed += _native._counts()[1] - before
    return handed / answered


def test_splitting_calls_answer_as_the_interpreter():
    # The keywords and `None`s the running release takes stay native.
    assert agree(split_calls()) < 0.05


COMPONENTS = [("http", "a", "/p", "", ""), ("", "", "//a", "", ""), ("http", "", "g", "", ""),
              ("http", None, "/p", None, None), (None, None, "p", "", None), ("", "", "", "", ""),
              (None, None, None, None, None), (b"http", b"a", b"/p", b"", b""), (b"http", None, b"/p", b"", None)]


def unsplit_calls():
    for parts in COMPONENTS:
        for keep in ({}, {"keep_empty": True}, {"keep_empty": False}, {"keep_empty": 1}):
            yield "urlunsplit", (parts,), keep
            yield "urlunsplit", (list(parts),), keep
            params = b"" if isinstance(parts[0], bytes) else ""
            yield "urlunparse", (parts[:3] + (params,) + parts[3:],), keep
    # Results remember how they were parsed.
    for url in URLS[:6]:
        for k in KEEP[:3]:
            for keep in ({}, {"keep_empty": True}, {"keep_empty": False}):
                try:
                    yield "urlunsplit", (stdlib.urlsplit(url, **k),), keep
                    yield "urlunparse", (stdlib.urlparse(url.encode(), **k),), keep
                except TypeError:
                    pass


def test_unsplitting_calls_answer_as_the_interpreter():
    # `None` components are read natively from 3.15 (up to 3.14 they are
    # rare, and handed over).
    assert agree(unsplit_calls(), lambda args: NEW_KEYWORDS or None not in tuple(args[0])) < 0.05


def test_geturl_and_unsplit_keep_what_missing_as_none_read():
    if not NEW_KEYWORDS:
        with pytest.raises(TypeError):
            ours.urlsplit("http://a/b?#", missing_as_none=True)
        return
    r = ours.urlsplit("http://a/b?#", missing_as_none=True)
    assert r._keep_empty is True and (r.query, r.fragment) == ("", "")
    assert r.geturl() == ours.urlunsplit(r) == "http://a/b?#"
    assert ours.urlsplit("http://a/b").query is not None
    p = ours.urlparse("path", missing_as_none=True)
    assert (p.scheme, p.netloc, p.params) == (None, None, None)
    with pytest.raises(ValueError, match="Cannot distinguish"):
        ours.urlunsplit(ours.urlsplit("http://a/"), keep_empty=True)


def test_results_are_made_in_place_with_the_hash_cache_reset():
    # 3.14's tuples cache their hash: a result filled in place resets it
    # where a tuple's memory showed it (else tuple's constructor makes it).
    mode, slots = _native._construct()
    assert mode == ("in_place_hash" if sys.version_info >= (3, 14) else "in_place")
    # 3.15's `_keep_empty`, written where an instance's memory showed it.
    assert slots == [NEW_KEYWORDS] * 6
    for r in (ours.urlsplit("http://a/b?q#f"), ours.urlparse(b"http://a/b;p"), ours.urldefrag("a#b")):
        assert hash(r) == hash(tuple(r)) and {tuple(r): 1}[r] == 1 and r in {tuple(r)}


def test_results_by_tuple_s_constructor_where_the_layout_is_not_found():
    release = ours.PROFILE.release or "3.13.0"
    # A tuple size that says the hash cache is not where it was looked for.
    _native._configure(ours._ORIGINAL, release, None, True, True, 0)
    try:
        assert _native._construct() == ("tuple_new", [False] * 6)
        for url in ("http://a/b?q#f", b"http://a/b?#"):
            mine, theirs = ours.urlsplit(url), stdlib.urlsplit(url)
            assert type(mine) is type(theirs) and mine == theirs and hash(mine) == hash(theirs)
            assert getattr(mine, "_keep_empty", "unset") == getattr(theirs, "_keep_empty", "unset")
    finally:
        ours.use_profile(None)
    assert _native._construct()[0] != "tuple_new"


@pytest.mark.parametrize("fn", ["urlsplit", "urlparse", "urldefrag"])
@pytest.mark.parametrize("keep", [{}, {"missing_as_none": True}])
def test_results_pickle_copy_and_convert_as_the_interpreter_s(fn, keep):
    if keep and not NEW_KEYWORDS:
        pytest.skip("missing_as_none is 3.15's")
    for url in ("http://u@a/b;p?q#f", "a?#", b"http://a/b?#"):
        mine, theirs = getattr(ours, fn)(url, **keep), getattr(stdlib, fn)(url, **keep)
        assert type(mine) is type(theirs)
        assert mine.__reduce_ex__(2) == theirs.__reduce_ex__(2)
        back, their_back = pickle.loads(pickle.dumps(mine)), pickle.loads(pickle.dumps(theirs))
        assert back == their_back
        assert getattr(back, "_keep_empty", "unset") == getattr(their_back, "_keep_empty", "unset")
        assert hash(mine) == hash(tuple(mine)) == hash(theirs)
        assert copy.copy(mine) == copy.deepcopy(mine) == mine
        other = mine.encode() if isinstance(url, str) else mine.decode()
        their_other = theirs.encode() if isinstance(url, str) else theirs.decode()
        field = {"url": "x"} if fn == "urldefrag" else {"path": "x"}
        if not isinstance(url, str):
            field = {k: v.encode() for k, v in field.items()}
        replaced, their_replaced = mine._replace(**field), theirs._replace(**field)
        for a, b in ((other, their_other), (replaced, their_replaced)):
            assert a == b and getattr(a, "_keep_empty", "unset") == getattr(b, "_keep_empty", "unset")


def test_bracketed_hosts_of_gh_105704():
    for url in ("http://prefix.[::1]/", "http://[::1]x:80/", "http://a@x[::1]/", "http://[::1]:80/"):
        theirs = outcome(stdlib, "urlsplit", (url,), {})
        assert outcome(ours, "urlsplit", (url,), {}) == theirs
        assert outcome(ours, "urlparse", (url,), {})[0] == theirs[0]
    if RUNNING == "3.13.18":
        assert ours.PROFILE.release == "3.13.18" and ours.PROFILE.verified
        with pytest.raises(ValueError, match="Invalid IPv6 URL"):
            ours.urlsplit("http://prefix.[::1]/")


def test_codecs_follow_the_running_release():
    # windows_31j is an alias from 3.13 on; before, a LookupError.
    for call in (lambda m: m.unquote("%82%A0", encoding="windows_31j"),
                 lambda m: m.quote("\u3042", encoding="windows_31j"),
                 lambda m: m.parse_qsl("a=%82%A0", encoding="windows_31j")):
        mine, theirs = outcome_of(call, ours), outcome_of(call, stdlib)
        assert mine == theirs


def outcome_of(call, module):
    try:
        return ("ok", call(module))
    except Exception as e:
        return ("raised", type(e), str(e))


def test_parse_qs_under_install_passes_stacklevel():
    # 3.14's parse_qs passes `_stacklevel` to the module's parse_qsl.
    urlsyntax.install()
    try:
        assert stdlib.parse_qs(bytearray(b"a=1&a=2")) == {b"a": [b"1", b"2"]}
        assert stdlib.parse_qs("a=1") == {"a": ["1"]}
    finally:
        urlsyntax.uninstall()
    theirs = outcome(stdlib, "parse_qsl", ("a=1",), {"_stacklevel": 2})
    assert outcome(ours, "parse_qsl", ("a=1",), {"_stacklevel": 2}) == theirs


@pytest.mark.parametrize("installed", [False, True])
@pytest.mark.parametrize("value", [0, 0.0, [], {}, ()])
def test_false_non_text_values_warn_as_the_interpreter_does(value, installed):
    def caught(module, fn):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            r = outcome(module, fn, (value,), {"keep_blank_values": True})
        return r, [(x.category, str(x.message), x.filename) for x in w]

    original = {fn: getattr(stdlib, fn) for fn in ("parse_qs", "parse_qsl")}
    if installed:
        urlsyntax.install()
    try:
        for fn in ("parse_qs", "parse_qsl"):
            mine = caught(ours, fn)
            theirs = caught(types_of(original), fn)
            assert mine == theirs
            if sys.version_info >= (3, 14):
                assert [c for c, _, _ in mine[1]] == [DeprecationWarning]
                assert mine[1][0][2] == __file__
    finally:
        urlsyntax.uninstall()


def types_of(functions):
    import types
    return types.SimpleNamespace(**functions)


def test_urlsplit_has_the_interpreter_s_cache_interface():
    theirs = stdlib.urlsplit
    if not hasattr(theirs, "cache_info"):
        assert not hasattr(ours.urlsplit, "cache_info")
        return
    for name in ("cache_info", "cache_clear", "cache_parameters", "__wrapped__"):
        assert hasattr(ours.urlsplit, name), name
    # Every way of calling it (vectorcall, `tp_call`, keywords) reaches it.
    f = ours.urlsplit
    assert callable(f) and f.__name__ == "urlsplit"
    want = stdlib.urlsplit("http://a/b", "x", False)
    assert f("http://a/b", "x", False) == f(url="http://a/b", scheme="x", allow_fragments=False) == want
    assert f(*["http://a/b"], **{"scheme": "x", "allow_fragments": False}) == want
    assert type(f).__call__(f, "http://a/b", "x", False) == want
    with pytest.raises(TypeError):
        f()
    ours.urlsplit.cache_clear()
    assert ours.urlsplit.cache_info() == functools._CacheInfo(0, 0, 512, 0)
    url = "http://cached.example/%d" % id(object())
    first = [ours.urlsplit(url) for _ in range(3)]
    info = ours.urlsplit.cache_info()
    assert (info.hits, info.misses, info.currsize) == (1, 2, 1)
    assert first[2] is first[1]
    ours.urlsplit.cache_clear()
    assert ours.urlsplit.cache_info() == functools._CacheInfo(0, 0, 512, 0)
    assert ours.urlsplit(url) is not first[2] and ours.urlsplit(url) == first[2]
    assert ours.urlsplit.__wrapped__(url) == first[2]
    assert ours.urlsplit.cache_parameters() == {"maxsize": 512, "typed": True}
    assert pickle.loads(pickle.dumps(ours.urlsplit)) is ours.urlsplit
    theirs("http://theirs/")
    urlsyntax.install()
    try:
        stdlib.clear_cache()
    finally:
        urlsyntax.uninstall()
    assert theirs.cache_info().currsize == 0 and ours.urlsplit.cache_info().currsize == 0


def test_urlsplit_s_cache_keeps_a_list_it_cycles_through():
    if not hasattr(ours.urlsplit, "cache_info"):
        return
    # 100 URL objects, seen twice: by the third pass the cache holds them,
    # save the few that land where the cache is full (its sets and the
    # record of sightings are by address, so which and how many depends on
    # where the interpreter put the strings: 0 to 6 here). Before, two
    # URLs of one entry of that record shut each other out for good, and a
    # fifth of a cycling list missed.
    urls = ["http://cycle.example/%d/%d" % (id(object()), i) for i in range(100)]
    ours.urlsplit.cache_clear()
    for _ in range(2):
        for u in urls:
            ours.urlsplit(u)
    before = ours.urlsplit.cache_info()
    answers = [ours.urlsplit(u) for u in urls]
    after = ours.urlsplit.cache_info()
    assert after.hits - before.hits >= 90, (before, after)
    assert answers == [stdlib.urlsplit(u) for u in urls]
