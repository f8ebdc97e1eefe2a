"""Runs CPython's own urllib test cases against urlsyntax.

    python3 run_suite.py BINARY MINOR MODULE [TESTNAME ...]

Run with the interpreter whose test suite to use. Every public function of
`urllib.parse` that urlsyntax implements is replaced, inside that
interpreter, by a proxy answered by urlsyntax (see `proxy.py`). The real
test module (`test_urlparse` or `test_urllib`) then runs unchanged, so its
assertions check urlsyntax.

Prints one JSON object: the tests that exercised urlsyntax, which passed,
which failed (with the last lines of the failure), the tests that used no
urlsyntax function (not counted), the excluded tests and the call counts.
"""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import proxy  # noqa: E402

BINARY, MINOR, MODULE = sys.argv[1:4]
ONLY = sys.argv[4:]

# Tests of the module's internals, which the proxies necessarily replace.
EXCLUDED = {
    "test_all": "compares __all__ with the module's own function objects",
    "test_clear_cache_for_code_coverage": "calls urlsplit.cache_clear(), an lru_cache internal",
    "test_default_safe": "reads quote.__defaults__, an attribute of the Python function object",
    "test_parse_qsl_false_value": "asserts 3.14's DeprecationWarning, which the protocol does not carry (the differential tests check the answer)",
}



proxy.install(BINARY, MINOR)


class Recorder(unittest.TestResult):
    def __init__(self):
        super().__init__()
        self.report = {"passed": [], "failed": {}, "not_exercised": [],
                       "excluded": {}}

    def startTest(self, test):
        super().startTest(test)
        self._before = proxy.stats["calls"]
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
        elif proxy.stats["calls"] == self._before and self._outcome is None:
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
proxy.uninstall()
rec.report["calls_to_urlsyntax"] = proxy.stats["calls"]
rec.report["calls_not_expressible"] = proxy.stats["not_expressible"]
json.dump(rec.report, sys.stdout, indent=1, sort_keys=True)
print()
