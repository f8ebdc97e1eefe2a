"""CPython's own tests of the running release, with urllib.parse's public
functions swapped for the package's (run in a child interpreter, so the
swap cannot leak into other tests)."""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def test_cpython_suite_passes_with_the_package_installed():
    out = subprocess.run(
        [sys.executable, os.path.join(HERE, "cpython_suite.py")],
        capture_output=True,
        text=True,
    )
    assert out.stdout, out.stderr
    report = json.loads(out.stdout)
    assert report["failures"] == {}, report
    # Only the two tests that inspect the module's function objects.
    assert report["excluded"] == 2
    assert report["run"] > 90
    # The suite exercised the native paths, not only the interpreter's.
    assert report["native_calls"] > 10 * report["delegated_calls"], report
    assert out.returncode == 0, out.stderr
