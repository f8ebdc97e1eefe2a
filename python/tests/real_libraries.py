"""Real URL libraries' own tests, with and without `urlsyntax.install()`
in force: each test must pass, fail or be skipped alike.

    python real_libraries.py WORKDIR [LIBRARY...]

Fetches each library's sdist (pinned) from PyPI into WORKDIR once, runs
its tests with pytest in child interpreters (the package installed before
anything imports the library, so the names it imports from urllib.parse
are the package's), and prints one JSON object: per library, the counts
of each run, the tests that fail in both (the library's own, reported),
and the tests whose outcome differs. Exits 1 when any differs. The
running interpreter needs pytest and hypothesis and the libraries'
dependencies (`python/run-tests.sh` pins them).
"""
import json
import os
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET

LIBRARIES = {
    "w3lib": ("w3lib==2.5.0", "w3lib-2.5.0"),
    "furl": ("furl==2.1.4", "furl-2.1.4"),
    "url-normalize": ("url-normalize==3.1.0", "url_normalize-3.1.0"),
}

# Each run alike: hypothesis draws the same examples (no database, no
# deadline), pytest reads none of the library's own options (coverage).
RUNNER = """
import sys
if sys.argv[1] == "installed":
    import urlsyntax
    urlsyntax.install()
from hypothesis import settings
settings.register_profile("same", database=None, derandomize=True, deadline=None)
settings.load_profile("same")
import pytest
sys.exit(pytest.main(sys.argv[2:]))
"""


def source(workdir, requirement, name):
    """The unpacked sdist of `requirement` (fetched once)."""
    root = os.path.join(workdir, name)
    if not os.path.isdir(root):
        sdists = os.path.join(workdir, "sdists")
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--disable-pip-version-check",
                        "--no-binary", ":all:", "--no-deps", "-d", sdists, requirement], check=True)
        archive = next(f for f in os.listdir(sdists) if f.startswith(name) and f.endswith(".tar.gz"))
        with tarfile.open(os.path.join(sdists, archive)) as tar:
            tar.extractall(workdir)
    return root


def outcomes(root, mode):
    """Each test's outcome in one run: passed, failed, error or skipped."""
    report = os.path.join(root, "junit-%s.xml" % mode)
    env = dict(os.environ, PYTHONPATH=root, PYTHONDONTWRITEBYTECODE="1")
    subprocess.run([sys.executable, "-c", RUNNER, mode, "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                    "--junitxml=" + report, "tests"], cwd=root, env=env, stdout=subprocess.DEVNULL)
    found = {}
    for case in ET.parse(report).iter("testcase"):
        outcome = "passed"
        for child in case:
            if child.tag in ("failure", "error", "skipped"):
                outcome = {"failure": "failed"}.get(child.tag, child.tag)
        found["%s::%s" % (case.get("classname"), case.get("name"))] = outcome
    return found


def main():
    workdir = os.path.abspath(sys.argv[1])
    chosen = sys.argv[2:] or list(LIBRARIES)
    os.makedirs(workdir, exist_ok=True)
    report, differ = {"interpreter": sys.version.split()[0]}, False
    for lib in chosen:
        root = source(workdir, *LIBRARIES[lib])
        plain, installed = outcomes(root, "plain"), outcomes(root, "installed")
        count = lambda runs: {o: list(runs.values()).count(o) for o in sorted(set(runs.values()))}
        differences = {t: [plain.get(t), installed.get(t)] for t in sorted(set(plain) | set(installed))
                       if plain.get(t) != installed.get(t)}
        report[lib] = {
            "version": LIBRARIES[lib][0],
            "without install()": count(plain),
            "with install()": count(installed),
            "failing in both": sorted(t for t, o in plain.items() if o in ("failed", "error") and installed.get(t) == o),
            "differences": differences,
        }
        differ = differ or bool(differences) or not plain
    json.dump(report, sys.stdout, indent=1)
    print()
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
