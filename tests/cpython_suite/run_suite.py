"""Runs CPython's own urllib test cases against urlsyntax.

    python3 run_suite.py BINARY MINOR MODULE [TESTNAME ...]

Run with the interpreter whose test suite to use. Every public function of
`urllib.parse` that urlsyntax implements is replaced, inside that
interpreter, by a proxy that sends the call through `BINARY calls --python
MINOR --messages` and returns its answer (results, attributes and errors,
with their messages). The real test module (`test_urlparse` or
`test_urllib`) then runs unchanged, so its assertions check urlsyntax.

A call whose arguments the protocol cannot carry (a `bytearray`, a float,
an object with its own `__str__`) is answered by CPython itself and
counted apart; the test's other calls still go to urlsyntax.

Prints one JSON object: the tests that exercised urlsyntax, which passed,
which failed (with the last lines of the failure), the tests that used no
urlsyntax function (not counted), the excluded tests and the call counts.
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
calls_not_expressible = 0

# Tests of the module's internals, which the proxies necessarily replace.
EXCLUDED = {
    "test_all": "compares __all__ with the module's own function objects",
    "test_clear_cache_for_code_coverage": "calls urlsplit.cache_clear(), an lru_cache internal",
    "test_default_safe": "reads quote.__defaults__, an attribute of the Python function object",
}


def list_inside(v):
    if isinstance(v, list):
        return True
    if isinstance(v, tuple):
        return any(list_inside(x) for x in v)
    if isinstance(v, dict):
        return any(list_inside(k) or list_inside(x) for k, x in v.items())
    return False


def check_expressible(fn, args, kwargs):
    """Arrays decode as tuples; where Python tells lists from tuples
    (urlencode's pair check and its str() of values) a list cannot travel."""
    if fn == "urlencode" and args:
        q = args[0]
        if isinstance(q, (list, tuple)):
            if any(list_inside(item) for item in q):
                raise NotExpressible("a list inside urlencode's query")
        elif list_inside(q):
            raise NotExpressible("a list inside urlencode's query")


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
    global calls_made
    calls_made += 1
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
        global calls_not_expressible
        try:
            check_expressible(fn, args, kwargs)
            [enc(a) for a in args], [enc(v) for v in kwargs.values()]
        except (NotExpressible, TypeError):
            calls_not_expressible += 1
            real = dict(kwargs)
            if real.get("quote_via") in QUOTE_VIA:
                real["quote_via"] = REAL[QUOTE_VIA[real["quote_via"]]]
            return REAL[fn](*args, **real)
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
        self.report = {"passed": [], "failed": {}, "not_exercised": [],
                       "excluded": {}}

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
        method = name.rsplit(".", 1)[-1]
        if method in EXCLUDED:
            self.report["excluded"][name] = EXCLUDED[method]
        elif calls_made == self._before and self._outcome is None:
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
            elif any(t.id().split(".")[2] == o for o in ONLY):
                yield t
    suite = unittest.TestSuite(list(keep(suite)))
rec = Recorder()
suite.run(rec)
proc.stdin.close()
proc.wait()
rec.report["calls_to_urlsyntax"] = calls_made
rec.report["calls_not_expressible"] = calls_not_expressible
json.dump(rec.report, sys.stdout, indent=1, sort_keys=True)
print()
