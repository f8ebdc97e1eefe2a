"""Runs the running interpreter's own urllib.parse tests with urllib.parse's
public functions swapped for urlsyntax.parse's (`urlsyntax.install()`).

    python cpython_suite.py

Runs all of `test.test_urlparse` and the `QuotingTests`, `UnquotingTests`
and `urlencode_Tests` of `test.test_urllib`, leaving out only the two
tests that inspect the module's own function objects. The package is
installed before the test modules are imported, so the functions they
capture at import (parametrized tests) are the package's. Prints one JSON
object: the counts, the failures, and how many calls urlsyntax answered
natively.
"""
import json
import sys
import unittest

import urlsyntax
from urlsyntax import _native

EXCLUDED = {
    "test_all": "compares __all__ with the module's own function objects",
    "test_default_safe": "reads quote.__defaults__, an attribute of the Python function object",
}
URLLIB_CLASSES = ("QuotingTests", "UnquotingTests", "urlencode_Tests")


def tests(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from tests(t)
        else:
            yield t


def main():
    urlsyntax.install()
    try:
        from test import test_urlparse, test_urllib
    finally:
        urlsyntax.uninstall()
    loader = unittest.defaultTestLoader
    chosen = list(tests(loader.loadTestsFromModule(test_urlparse)))
    for name in URLLIB_CLASSES:
        chosen += list(tests(loader.loadTestsFromTestCase(getattr(test_urllib, name))))
    kept = [t for t in chosen if t.id().rsplit(".", 1)[-1] not in EXCLUDED]
    urlsyntax.install()
    before = _native._counts()
    result = unittest.TestResult()
    try:
        unittest.TestSuite(kept).run(result)
    finally:
        urlsyntax.uninstall()
    after = _native._counts()
    report = {
        "interpreter": sys.version.split()[0],
        "run": result.testsRun,
        "excluded": len(chosen) - len(kept),
        "failures": {t.id(): tb.strip().splitlines()[-1] for t, tb in result.failures + result.errors},
        "skipped": len(result.skipped),
        "native_calls": after[0] - before[0],
        "delegated_calls": after[1] - before[1],
    }
    json.dump(report, sys.stdout, indent=1, sort_keys=True)
    print()
    return 0 if result.wasSuccessful() else 1


if __name__ == "__main__":
    sys.exit(main())
