"""The drop-in as Python code sees it: each check is made on plain
urllib.parse, then with urlsyntax.install(), in the same interpreter, and
the two observations must be equal.

1. Patching one function reaches the others (they read their siblings in
   the module when called).
2. Rebound result classes and `scheme_chars` are honoured.
3. (The cache: see `test_cache_interface`; identity is not matched.)
4. The functions bind as methods, as Python functions do.
5. Their signatures are the interpreter's, and each keyword they offer is
   taken.
6. Their module, names, repr and pickling are urllib.parse's.
"""
import inspect
import pickle
import re
import sys
import urllib.parse as stdlib
from unittest import mock

import pytest

import urlsyntax
import urlsyntax.parse as ours

FUNCTIONS = ours.FUNCTIONS

# One call per function, whose answer goes through its siblings.
CALLS = {
    "urlsplit": ("http://u@h:1/p;a?q#f",),
    "urlparse": ("http://u@h:1/p;a?q#f",),
    "urlunsplit": (("http", "h", "/p", "q", "f"),),
    "urlunparse": (("http", "h", "/p", "a", "q", "f"),),
    "urljoin": ("http://h/a/b", "../c?d#e"),
    "urldefrag": ("http://h/a#f",),
    "quote": ("a b/é",),
    "quote_plus": ("a b/é",),
    "quote_from_bytes": (b"a b/\xc3",),
    "unquote": ("a%20b+%C3%A9",),
    "unquote_plus": ("a%20b+%C3%A9",),
    "unquote_to_bytes": ("a%20b+%C3%A9",),
    "parse_qs": ("a=b+c&d=%41",),
    "parse_qsl": ("a=b+c&d=%41",),
    "urlencode": ({"k": "v w", "é": "/"},),
}


def outcome(call):
    """What a call answers, as a comparable value: its result's type and
    repr, or its exception's type and message."""
    try:
        result = call()
    except Exception as e:  # noqa: BLE001 - every outcome is compared
        return ("raises", type(e).__name__, str(e))
    # (Mocks and objects show their addresses.)
    return (type(result).__qualname__, re.sub(r"id='\d+'|0x[0-9a-f]+", "…", repr(result)))


def both_ways(observe):
    """`observe()` on plain urllib.parse and with install()."""
    assert not urlsyntax.installed()
    # Each starts from empty caches (the interpreter's cache would answer
    # a URL with the result an earlier test made).
    stdlib.clear_cache()
    plain = observe()
    urlsyntax.install()
    try:
        assert stdlib.quote is ours.quote
        stdlib.clear_cache()
        dropped_in = observe()
    finally:
        urlsyntax.uninstall()
    return plain, dropped_in


def assert_same(observe):
    plain, dropped_in = both_ways(observe)
    assert plain.keys() == dropped_in.keys()
    differ = {k: (plain[k], dropped_in[k]) for k in plain if plain[k] != dropped_in[k]}
    assert not differ, "plain / installed differ:\n" + "\n".join(
        "%s: %r / %r" % (k, a, b) for k, (a, b) in sorted(differ.items()))
    return plain


def call(name, *args, **kwargs):
    return lambda: getattr(stdlib, name)(*args, **kwargs)


# 1. Patching


@pytest.mark.parametrize("patched", FUNCTIONS)
def test_patching_one_function_reaches_the_others(patched):
    def observe():
        seen = {}
        with mock.patch("urllib.parse." + patched, return_value="PATCHED"):
            for name in FUNCTIONS:
                if name != patched:
                    seen[name] = outcome(call(name, *CALLS[name]))
        # And after the patch is undone, the answers are the usual ones.
        for name in FUNCTIONS:
            seen["after " + name] = outcome(call(name, *CALLS[name]))
        return seen

    seen = assert_same(observe)
    # The check can fail: the patch reaches at least one caller where a
    # caller reads the patched function (quote_plus reads quote).
    if patched in ("quote", "unquote"):
        assert any("PATCHED" in repr(v) for k, v in seen.items() if not k.startswith("after"))


def test_a_patched_private_helper_is_followed():
    helper = "_coerce_args"
    assert hasattr(stdlib, helper)

    def observe():
        with mock.patch("urllib.parse." + helper, side_effect=RuntimeError("helper")):
            return {name: outcome(call(name, *CALLS[name])) for name in ("urlsplit", "urljoin", "quote")}

    seen = assert_same(observe)
    assert seen["urljoin"][0] == "raises"


# 2. Rebinding


@pytest.mark.parametrize("cls", ["SplitResult", "ParseResult", "DefragResult",
                                 "SplitResultBytes", "ParseResultBytes", "DefragResultBytes"])
def test_rebound_result_classes_are_honoured(cls):
    original = getattr(stdlib, cls)
    mine = type("Mine" + cls, (original,), {"__slots__": ()})

    def observe():
        setattr(stdlib, cls, mine)
        try:
            return {
                name + repr(arg): outcome(call(name, arg))
                for name in ("urlsplit", "urlparse", "urldefrag")
                for arg in ("http://h/p;a?q#f", b"http://h/p;a?q#f")
            }
        finally:
            setattr(stdlib, cls, original)

    seen = assert_same(observe)
    # (The bytes classes are reached through the str results' `encode()`,
    # which reads the class it was given at import: rebinding them changes
    # nothing, with or without install().)
    assert any(v[0] == mine.__qualname__ for v in seen.values()) == (not cls.endswith("Bytes"))


def test_rebound_scheme_chars_are_honoured():
    def observe():
        saved = stdlib.scheme_chars
        stdlib.scheme_chars = saved.replace("+", "")
        try:
            return {
                "split": outcome(lambda: stdlib.urlsplit("a+b://h/x").scheme),
                "parse": outcome(lambda: stdlib.urlparse("a+b://h/x")),
                "join": outcome(lambda: stdlib.urljoin("a+b://h/x", "y")),
            }
        finally:
            stdlib.scheme_chars = saved

    seen = assert_same(observe)
    assert seen["split"] == ("str", "''")


def test_a_rebound_scheme_list_is_honoured():
    def observe():
        saved = stdlib.uses_relative
        stdlib.uses_relative = saved + ["s3"]
        try:
            return {"join": outcome(call("urljoin", "s3://b/a/c", "d"))}
        finally:
            stdlib.uses_relative = saved

    assert_same(observe)


# 3. The cache


def test_cache_interface():
    """The interface is there wherever the interpreter's urlsplit has one
    (3.11+), and clear_cache() works; the package's cache is its own
    (results are not the same objects on the first two calls)."""
    has = hasattr(stdlib.urlsplit, "cache_info")

    def observe():
        stdlib.clear_cache()
        return {
            "has": hasattr(stdlib.urlsplit, "cache_info") and hasattr(stdlib.urlsplit, "cache_clear"),
            "wrapped": outcome(lambda: stdlib.urlsplit.__wrapped__("http://h/x")) if has else None,
        }

    assert assert_same(observe)["has"] == has


# 4. As a method


@pytest.mark.parametrize("name", FUNCTIONS)
def test_functions_bind_as_methods(name):
    def observe():
        f = getattr(stdlib, name)
        holder = type("Holder", (), {"f": f})
        return {
            "through the class": holder.f is f,
            "through an instance": outcome(lambda: holder().f(*CALLS[name][1:])),
            "bound to": outcome(lambda: type(holder().f.__self__).__name__),
        }

    assert_same(observe)


# 5. Introspection


@pytest.mark.parametrize("name", FUNCTIONS)
def test_signatures_are_the_interpreter_s(name):
    def observe():
        f = getattr(stdlib, name)
        sig = inspect.signature(f)
        seen = {"signature": str(sig)}
        seen.update(("default " + p.name, repr(p.default)) for p in sig.parameters.values())
        seen["autospec bogus"] = outcome(lambda: mock.create_autospec(f)(*CALLS[name], bogus=1))
        # Each keyword offered is taken, given its default.
        for p in sig.parameters.values():
            if p.default is not inspect.Parameter.empty and p.kind is not p.POSITIONAL_ONLY:
                seen["keyword " + p.name] = outcome(lambda: f(*CALLS[name], **{p.name: p.default}))
        return seen

    seen = assert_same(observe)
    # (An lru_cache, as 3.11's urlsplit, is not checked by autospec.)
    assert (seen["autospec bogus"][0] == "raises") == inspect.isfunction(getattr(stdlib, name))


# 6. Identity


def _repr_shape(f):
    return re.sub(r"0x[0-9a-f]+", "0x…", repr(f))


@pytest.mark.parametrize("name", FUNCTIONS)
def test_module_names_and_pickling(name):
    cached = name == "urlsplit" and hasattr(stdlib.urlsplit, "cache_info")

    def observe():
        f = getattr(stdlib, name)
        for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
            assert pickle.loads(pickle.dumps(f, protocol)) is f
        return {
            "module": f.__module__,
            "name": f.__name__,
            "qualname": f.__qualname__,
            "doc": f.__doc__,
            "pickle": [pickle.dumps(f, p) for p in range(pickle.HIGHEST_PROTOCOL + 1)],
            # An lru_cache's repr is not a function's (see the cache above).
            "repr": None if cached else _repr_shape(f),
            "routine": inspect.isroutine(f),
        }

    assert_same(observe)


def test_pickling_without_install_names_the_package():
    f = pickle.loads(pickle.dumps(ours.quote))
    assert f is ours.quote
    assert b"urlsyntax.parse" in pickle.dumps(ours.quote)


def test_how_changes_are_seen():
    expected = "version tag" if sys.version_info < (3, 12) else "dict watcher"
    assert ours.WATCHING == expected


def test_every_route_into_the_native_type():
    """Each entry of the native `function` type (python/src/function.rs)."""
    f = ours.quote
    assert f("a b/c") == "a%20b/c"  # vectorcall
    assert type(f).__call__(f, "a b/c", safe="") == "a%20b%2Fc"  # tp_call
    assert f.__get__(None, object) is f  # read through a class
    assert f.__get__("a b")() == "a%20b"  # bound to an instance
    assert re.fullmatch(r"<function quote at 0x[0-9a-f]+>", repr(f))
    # While a sibling is patched, the call goes to the interpreter's own.
    with mock.patch("urllib.parse.quote_from_bytes", return_value="FB"):
        assert ours._native._disturbed() == ["quote", "quote_plus", "urlencode"]
        assert f("a b") == "FB"
    assert ours._native._disturbed() == []


def test_tables_the_module_makes_itself_disturb_nothing():
    """urllib.parse assigns some globals on first use (`_hextobyte`, the
    regular expressions of `splittype` and friends): the module's own
    business, which must not send calls to the interpreter for good."""
    original = ours._ORIGINAL
    original.unquote_to_bytes("%41%42")
    original.unquote("%41%42")
    for helper in ("_splittype", "_splithost", "_splitport"):
        if hasattr(stdlib, helper):
            getattr(stdlib, helper)("http://h:1/p")
    assert ours._native._disturbed() == []
