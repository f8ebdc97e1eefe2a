"""Extracts CPython's own test cases for the query-string and quoting
functions into conformance calls with CPython's answers.

    python3.13 tests/gen/extract_cpython_tests.py > tests/differential/cpython_suite_qs.jsonl

Runs, under the interpreter itself, `test_urllib`'s `QuotingTests`,
`UnquotingTests` and `urlencode_Tests` and all of `test_urlparse`, with
`urllib.parse.{parse_qs, parse_qsl, quote, quote_plus, quote_from_bytes,
unquote, unquote_plus, unquote_to_bytes, urlencode}` wrapped so that every
call the tests make is recorded with its answer (value or exception class)
and the test that made it. Calls whose arguments or answers the line
protocol cannot carry (bytearray, custom objects, lone surrogates) are left
out; their number is printed on stderr. The output is sorted and
de-duplicated, so it is deterministic.
"""
import functools
import io
import json
import sys
import unittest
import urllib.parse as P

FUNCS = ["parse_qs", "parse_qsl", "quote", "quote_plus", "quote_from_bytes",
         "unquote", "unquote_plus", "unquote_to_bytes", "urlencode"]
VIA = {id(getattr(P, f)): f for f in ("quote", "quote_plus", "quote_from_bytes")}


class Skip(Exception):
    pass


def enc(v):
    if v is None or isinstance(v, (bool, int)):
        return v
    if isinstance(v, str):
        v.encode("utf-8")  # lone surrogates cannot be carried
        return v
    if type(v) is bytes:
        return {"bytes": v.hex()}
    if type(v) is dict:
        return {"dict": [[enc(k), enc(x)] for k, x in v.items()]}
    if type(v) in (list, tuple):
        return [enc(x) for x in v]
    raise Skip(type(v).__name__)


def dec(v):
    if isinstance(v, list):
        return tuple(dec(x) for x in v)
    if isinstance(v, dict):
        (k, x), = v.items()
        if k == "bytes":
            return bytes.fromhex(x)
        return {dec(a): dec(b) for a, b in x}
    return v


def replay(original, call):
    kwargs = {k: dec(x) for k, x in call.get("kwargs", {}).items()}
    if "quote_via" in kwargs:
        kwargs["quote_via"] = ORIGINALS[kwargs["quote_via"]]
    try:
        return {"ok": enc(original(*[dec(a) for a in call["args"]], **kwargs))}
    except Exception as e:
        return {"error": type(e).__name__}


records = set()
skipped = 0
current = ["?"]


def wrap(name, original):
    def wrapper(*args, **kwargs):
        global skipped
        try:
            result = original(*args, **kwargs)
        except Exception as e:
            answer = {"error": type(e).__name__}
            raised = e
        else:
            raised = None
        try:
            kw = dict(kwargs)
            if "quote_via" in kw:
                if id(kw["quote_via"]) not in VIA:
                    raise Skip("quote_via")
                kw["quote_via"] = VIA[id(kw["quote_via"])]
            call = {"fn": name, "args": [enc(a) for a in args]}
            if kw:
                call["kwargs"] = {k: enc(x) for k, x in kw.items()}
            if raised is None:
                answer = {"ok": enc(result)}
            # The protocol carries arrays as tuples: keep only calls whose
            # answer is the same when replayed that way (str() of a list
            # differs from str() of a tuple).
            if replay(original, call) != answer:
                raise Skip("list")
            call["expect"] = answer
            call["test"] = current[0]
            records.add(json.dumps(call, ensure_ascii=False, sort_keys=True))
        except (Skip, UnicodeError):
            skipped += 1
        if raised is not None:
            raise raised
        return result
    functools.update_wrapper(wrapper, original)
    wrapper.__defaults__ = original.__defaults__
    return wrapper


ORIGINALS = {f: getattr(P, f) for f in FUNCS}
for f in FUNCS:
    setattr(P, f, wrap(f, getattr(P, f)))

from test import test_urllib, test_urlparse  # noqa: E402


class Recorder(unittest.TextTestResult):
    def startTest(self, test):
        current[0] = "%s.%s" % (type(test).__name__, test._testMethodName)
        super().startTest(test)


loader = unittest.TestLoader()
suite = unittest.TestSuite()
for cls in ("QuotingTests", "UnquotingTests", "urlencode_Tests"):
    suite.addTests(loader.loadTestsFromTestCase(getattr(test_urllib, cls)))
suite.addTests(loader.loadTestsFromModule(test_urlparse))
stream = io.StringIO()
runner = unittest.TextTestRunner(stream=stream, resultclass=Recorder)
result = runner.run(suite)
if not result.wasSuccessful():
    sys.exit("CPython's own tests failed under the recorder:\n" + stream.getvalue()[-3000:])
for line in sorted(records):
    print(line)
print("%d calls recorded, %d left out" % (len(records), skipped), file=sys.stderr)
