"""Replaces the public functions of `urllib.parse`, inside the running
CPython, by proxies answered by `urlsyntax calls`.

    import proxy
    proxy.install(binary, minor)     # e.g. ("target/release/urlsyntax", "3.13")

Each proxy sends its call through `BINARY calls --python MINOR --messages`
and returns the answer as CPython would: results (whose `username`,
`password`, `hostname`, `port` and `geturl()` are urlsyntax's answers too),
values, or the exception with its message. A call whose arguments the
protocol cannot carry (a `bytearray`, a float, an object with its own
`__str__`) is answered by CPython itself and counted in
`proxy.stats["not_expressible"]`. Lists travel as JSON arrays and tuples as
`{"tuple": [...]}`. Runs on every CPython from 3.6.
"""
import builtins
import json
import subprocess
import sys
import unittest
import urllib.parse as P

FUNCS = ["urlparse", "urlsplit", "urlunparse", "urlunsplit", "urljoin",
         "urldefrag", "unwrap", "parse_qs", "parse_qsl", "quote",
         "quote_plus", "quote_from_bytes", "unquote", "unquote_plus",
         "unquote_to_bytes", "urlencode"]
REAL = {name: getattr(P, name) for name in FUNCS}
RESULTS = {"SplitResult": P.SplitResult, "ParseResult": P.ParseResult,
           "DefragResult": P.DefragResult,
           "SplitResultBytes": P.SplitResultBytes,
           "ParseResultBytes": P.ParseResultBytes,
           "DefragResultBytes": P.DefragResultBytes}
QUOTE_VIA = {}
# 3.15+: results remember whether they were parsed with missing_as_none
# (`_keep_empty`), which `urlunsplit` and `urlunparse` read.
KEEP_EMPTY = hasattr(P, "_MISSING_AS_NONE_DEFAULT")

proc = None
stats = {"calls": 0, "not_expressible": 0}

class NotExpressible(Exception):
    """An argument the conformance protocol cannot carry."""


def enc(v):
    for name, cls in RESULTS.items():
        if isinstance(v, cls):
            return {name: [enc(x) for x in v]}
    if v is None or isinstance(v, (bool, int, str)):
        return v
    if type(v) is bytes:
        return {"bytes": v.hex()}
    if isinstance(v, dict):
        return {"dict": [[enc(k), enc(x)] for k, x in v.items()]}
    if type(v) is list:
        return [enc(x) for x in v]
    if type(v) is tuple:
        return {"tuple": [enc(x) for x in v]}
    if callable(v) and v in QUOTE_VIA:
        return QUOTE_VIA[v]
    raise NotExpressible(repr(v)[:80])


def dec(v):
    if isinstance(v, list):
        return [dec(x) for x in v]
    if isinstance(v, dict):
        (k, x), = v.items()
        if k == "bytes":
            return bytes.fromhex(x)
        if k == "dict":
            return {dec(a): dec(b) for a, b in x}
        return RESULTS[k](*(dec(i) for i in x))
    return v


def tuples(v):
    """Lists in answers are Python lists of tuples (parse_qsl) or lists."""
    return v


def raise_error(name, message):
    cls = getattr(builtins, name, None)
    if cls is UnicodeDecodeError:
        raise UnicodeDecodeError("ascii", b"", 0, 1, message or "")
    if cls is UnicodeEncodeError:
        raise UnicodeEncodeError("ascii", "", 0, 1, message or "")
    if cls is None or not (isinstance(cls, type) and issubclass(cls, Exception)):
        raise AssertionError("unknown exception class %r" % name)
    raise cls(message) if message else cls()


def call(fn, args, kwargs):
    stats["calls"] += 1
    line = json.dumps({"fn": fn, "args": [enc(a) for a in args],
                       "kwargs": {k: enc(v) for k, v in kwargs.items()}},
                      ensure_ascii=False)
    return send(line)


def send(line):
    proc.stdin.write(line + "\n")
    proc.stdin.flush()
    answer = json.loads(proc.stdout.readline())
    if "unsupported" in answer:
        raise NotExpressible("urlsyntax: " + answer["unsupported"])
    if "error" in answer:
        raise_error(answer["error"], answer.get("message"))
    return answer["ok"]


def typed(fn, value):
    if fn in ("parse_qsl",):
        return [tuple(dec(p)) for p in value]
    if fn == "parse_qs":
        return dec(value)
    return dec(value)


def _rebuild(cls, items, keep_empty):
    """Unpickles a proxied result as the plain result class it stands for."""
    result = cls(*items)
    if keep_empty is not None:
        result._keep_empty = keep_empty
    return result


def with_attributes(fn, result, args, kwargs):
    base = type(result)

    class Result(base):
        __slots__ = ()

        def __reduce__(self):
            return (_rebuild, (base, tuple(self), getattr(self, "_keep_empty", None)))

        def _attr(self, attr):
            if tuple(self) != tuple(result):  # _replace() or similar: plain
                plain = base(*self)
                return plain.geturl() if attr == "geturl" else getattr(plain, attr)
            return dec(call(fn + "." + attr, args, kwargs))

        username = property(lambda self: self._attr("username"))
        password = property(lambda self: self._attr("password"))
        hostname = property(lambda self: self._attr("hostname"))
        port = property(lambda self: self._attr("port"))

        def geturl(self):
            return self._attr("geturl")

    Result.__name__ = base.__name__
    Result.__qualname__ = base.__qualname__
    return Result(*result)


def keep_empty_of(fn, args, kwargs):
    """`urlunsplit(r)` of a result parsed with missing_as_none carries its
    `_keep_empty` as the keyword (the protocol passes components as plain
    items); `keep_empty=True` on a result that cannot tell missing from
    empty is CPython's own ValueError (not expressible)."""
    if not KEEP_EMPTY or fn not in ("urlunsplit", "urlunparse"):
        return kwargs
    components = args[0] if args else kwargs.get("components")
    remembered = getattr(components, "_keep_empty", None)
    if remembered is None:
        return kwargs
    if "keep_empty" in kwargs:
        if kwargs["keep_empty"] and not remembered:
            raise NotExpressible("keep_empty on a result parsed without missing_as_none")
        return kwargs
    return dict(kwargs, keep_empty=remembered) if remembered else kwargs


def proxy(fn):
    def f(*args, **kwargs):
        try:
            kwargs = keep_empty_of(fn, args, kwargs)
            [enc(a) for a in args], [enc(v) for v in kwargs.values()]
        except (NotExpressible, TypeError):
            stats["not_expressible"] += 1
            real = dict(kwargs)
            if real.get("quote_via") in QUOTE_VIA:
                real["quote_via"] = REAL[QUOTE_VIA[real["quote_via"]]]
            return REAL[fn](*args, **real)
        value = typed(fn, call(fn, args, kwargs))
        if fn in ("urlsplit", "urlparse", "urldefrag") and type(value) in RESULTS.values():
            value = with_attributes(fn, value, args, kwargs)
            if KEEP_EMPTY:
                value._keep_empty = kwargs.get("missing_as_none", False)
        return value
    f.__name__ = fn
    f.__wrapped__ = REAL[fn]
    return f


def install(binary, minor):
    """Starts `binary calls` and puts the proxies in `urllib.parse`."""
    global proc
    proc = subprocess.Popen([binary, "calls", "--python", minor, "--messages"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            universal_newlines=True, encoding="utf-8")
    for name in FUNCS:
        setattr(P, name, proxy(name))
    QUOTE_VIA.update({getattr(P, n): n for n in ("quote", "quote_plus", "quote_from_bytes")})
    QUOTE_VIA.update({REAL[n]: n for n in ("quote", "quote_plus", "quote_from_bytes")})


def uninstall():
    """Puts CPython's own functions back and ends `urlsyntax calls`."""
    for name in FUNCS:
        setattr(P, name, REAL[name])
    if proc is not None:
        proc.stdin.close()
        proc.wait()


