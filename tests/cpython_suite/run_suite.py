"""Runs CPython's own urllib test cases against urlsyntax.

    python3 run_suite.py BINARY MINOR MODULE [TESTNAME ...]

Run with the interpreter whose test suite to use. Every public function of
`urllib.parse` that urlsyntax implements is replaced, inside that
interpreter, by a proxy that sends the call through `BINARY calls --python
MINOR --messages` and returns its answer (results, attributes and errors,
with their messages). The real test module (`test_urlparse` or
`test_urllib`) then runs unchanged, so its assertions check urlsyntax.

Prints one JSON object: the tests that exercised urlsyntax, which passed,
which failed (with the first lines of the failure), and the tests that used
no urlsyntax function (not counted).
"""
import builtins
import json
import subprocess
import sys
import unittest
import urllib.parse as P

BINARY, MINOR, MODULE = sys.argv[1:4]
ONLY = sys.argv[4:]

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

proc = subprocess.Popen([BINARY, "calls", "--python", MINOR, "--messages"],
                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                        text=True, encoding="utf-8")
calls_made = 0


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
    if isinstance(v, (list, tuple)):
        return [enc(x) for x in v]
    if v in QUOTE_VIA:
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
    global calls_made
    calls_made += 1
    line = json.dumps({"fn": fn, "args": [enc(a) for a in args],
                       "kwargs": {k: enc(v) for k, v in kwargs.items()}},
                      ensure_ascii=False)
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


def with_attributes(fn, result, args, kwargs):
    base = type(result)

    class Result(base):
        __slots__ = ()

        def _attr(self, attr):
            if tuple(self) != tuple(result):  # _replace() or similar: plain
                return getattr(base(*self), attr)
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


def proxy(fn):
    def f(*args, **kwargs):
        value = typed(fn, call(fn, args, kwargs))
        if fn in ("urlsplit", "urlparse", "urldefrag") and type(value) in RESULTS.values():
            value = with_attributes(fn, value, args, kwargs)
        return value
    f.__name__ = fn
    f.__wrapped__ = REAL[fn]
    return f


for name in FUNCS:
    setattr(P, name, proxy(name))
QUOTE_VIA.update({getattr(P, n): n for n in ("quote", "quote_plus", "quote_from_bytes")})
QUOTE_VIA.update({REAL[n]: n for n in ("quote", "quote_plus", "quote_from_bytes")})


class Recorder(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.report = {"passed": [], "failed": {}, "not_exercised": []}

    def startTest(self, test):
        global calls_made
        super().startTest(test)
        self._before = calls_made
        self._outcome = None

    def addError(self, test, err):
        super().addError(test, err)
        self._outcome = self._exc_info_to_string(err, test)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self._outcome = self._exc_info_to_string(err, test)

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None and self._outcome is None:
            self._outcome = self._exc_info_to_string(err, subtest)

    def stopTest(self, test):
        super().stopTest(test)
        name = test.id().split(".", 1)[1]
        if calls_made == self._before and self._outcome is None:
            self.report["not_exercised"].append(name)
        elif self._outcome is None:
            self.report["passed"].append(name)
        else:
            lines = self._outcome.strip().splitlines()
            self.report["failed"][name] = "\n".join(lines[-6:])


module = __import__("test." + MODULE, fromlist=[MODULE])
suite = unittest.defaultTestLoader.loadTestsFromModule(module)
if ONLY:
    def keep(s):
        for t in s:
            if isinstance(t, unittest.TestSuite):
                yield from keep(t)
            elif any(t.id().split(".", 1)[1].startswith(o) for o in ONLY):
                yield t
    suite = unittest.TestSuite(list(keep(suite)))
rec = Recorder()
suite.run(rec)
proc.stdin.close()
proc.wait()
json.dump(rec.report, sys.stdout, indent=1, sort_keys=True)
print()
