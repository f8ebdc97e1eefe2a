"""Differential testing of a URL parser of your own against CPython's
urlsplit, in process (docs/differential.md).

`urls()` is a Hypothesis strategy of URL-shaped text built from the
project's hostile pieces: the generator behind `urlsyntax diff` and the
Rust crate's `urlsyntax::fuzzing`. `assert_agrees(fn, profile=...)` runs a
urlsplit-like function on such URLs and fails, with the shortest URL
Hypothesis finds, where `fn` reads one otherwise than CPython's urlsplit
in the release `profile` names (any release the package has, whatever the
running interpreter). Needs Hypothesis (`pip install hypothesis`).

    from urlsyntax.testing import assert_agrees
    assert_agrees(my_urlsplit, profile="3.12", attributes=("hostname", "port"))
"""
import sys
import urllib.parse as _stdlib

from urlsyntax import _native

FIELDS = ("scheme", "netloc", "path", "query", "fragment")
ATTRIBUTES = ("username", "password", "hostname", "port")


def urls():
    """A Hypothesis strategy of URL-shaped text: URLs put together from
    hostile schemes, user information, hosts, ports, paths, queries and
    fragments and mutated part by part, the inputs of CPython's URL CVEs,
    and URL soup. It shrinks towards short, plain URLs."""
    from hypothesis import strategies as st

    # Enough bytes for every choice of the generator (it reads zeros past
    # the end: the simplest pieces).
    return st.binary(min_size=96, max_size=256).map(_native._fuzzing_url)


def _outcome(read):
    try:
        return ("ok", read())
    except Exception as e:
        return ("raises", type(e).__name__)


def _cpython(url, release, names):
    """CPython's reading of `url`: the value of each name, or what raises."""
    if release is None:
        try:
            r = _stdlib.urlsplit(url)
        except ValueError:
            return "raises"
        return {n: _outcome(lambda n=n: getattr(r, n)) for n in names}
    try:
        parts = _native._urlsplit_as(release, url)
    except ValueError:
        return "raises"
    return {n: ("raises", "ValueError") if isinstance(parts[n], ValueError) else ("ok", parts[n])
            for n in names}


def _theirs(fn, url, names):
    """`fn`'s reading of `url`: attributes, or the items of a sequence."""
    try:
        r = fn(url)
    except Exception:
        return "raises"

    def field(n):
        if hasattr(r, n) or n not in FIELDS:
            return getattr(r, n)
        return r[FIELDS.index(n)]

    return {n: _outcome(lambda n=n: field(n)) for n in names}


def _same(expected, got):
    """Equal readings; an error of any class matches CPython's ValueError."""
    if "raises" in (expected, got):
        return expected == got
    return all(e == g or (e[0] == g[0] == "raises") for e, g in
               ((expected[n], got[n]) for n in expected))


def _describe(expected, got):
    if expected == "raises":
        return "CPython raises ValueError, the function answers"
    if got == "raises":
        return "the function raises, CPython answers"
    show = lambda o: repr(o[1]) if o[0] == "ok" else "raises %s" % o[1]
    return ", ".join("%s is %s, the function gives %s" % (n, show(expected[n]), show(got[n]))
                     for n in expected if not _same({n: expected[n]}, {n: got[n]}))


def assert_agrees(fn, profile=None, *, attributes=(), max_examples=200, strategy=None):
    """Asserts that `fn` reads URLs as CPython's urlsplit does.

    `fn(url)` returns an object with the attributes scheme, netloc, path,
    query and fragment (or a sequence of the five), and raises for a URL it
    refuses (any exception matches CPython's ValueError). `profile` is a
    CPython release answered by urlsyntax ("3.12" is that line's newest,
    "3.12.1" exactly); `None` is the running interpreter's urllib.parse.
    `attributes` adds any of username, password, hostname and port to the
    comparison. The URLs come from `strategy` (default `urls()`); on a
    disagreement Hypothesis shrinks the URL, its characters are shrunk
    further while it disagrees in the same way, and this raises
    AssertionError naming it."""
    from hypothesis import given, settings

    release = None
    if profile is not None:
        # A minor version names its line's newest release (the last listed).
        matches = [r for r in _native._releases() if profile in (r, r.rsplit(".", 1)[0])]
        if not matches:
            raise ValueError("no urlsyntax profile for %r (there are: %s)"
                             % (profile, ", ".join(_native._releases())))
        release = matches[-1]
    unknown = [a for a in attributes if a not in ATTRIBUTES]
    if unknown:
        raise ValueError("unknown attributes %r (there are: %s)" % (unknown, ", ".join(ATTRIBUTES)))
    names = FIELDS + tuple(attributes)
    who = "CPython %s" % (release or "%d.%d.%d (running)" % sys.version_info[:3])

    def differs(url):
        """How `fn` and CPython differ on `url` (None when they agree)."""
        expected, got = _cpython(url, release, names), _theirs(fn, url, names)
        if _same(expected, got):
            return None
        if "raises" in (expected, got):
            return (expected == "raises", got == "raises"), expected, got
        return frozenset(n for n in names if not _same({n: expected[n]}, {n: got[n]})), expected, got

    found = []

    @settings(max_examples=max_examples, deadline=None)
    @given(strategy if strategy is not None else urls())
    def agrees(url):
        d = differs(url)
        if d is not None:
            found.append(url)
        assert d is None, "urlsplit(%r) under %s: %s" % (url, who, _describe(d[1], d[2]))

    try:
        agrees()
    except AssertionError:
        first = differs(found[-1]) if found else None
        if first is None:
            raise
        # Hypothesis shrinks the bytes the URL is built from; a URL's own
        # characters are shrunk here, keeping the same disagreement.
        url = _shortest(found[-1], lambda u: (differs(u) or (None,))[0] == first[0])
        _, expected, got = differs(url)
        raise AssertionError("urlsplit(%r) under %s: %s" % (url, who, _describe(expected, got))) from None


def _shortest(text, keeps):
    """`text` with runs of characters deleted (halves first, down to single
    characters) while `keeps` holds."""
    run = len(text)
    while run >= 1:
        start = 0
        while start < len(text):
            shorter = text[:start] + text[start + run:]
            if keeps(shorter):
                text = shorter
            else:
                start += run
        run = run // 2 if run > 1 else 0
    return text
