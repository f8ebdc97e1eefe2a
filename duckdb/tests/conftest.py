"""Shared fixtures of the extension's tests: the built extension, a
connection with it loaded, the test texts and CPython's answers for them.

URLSYNTAX_DUCKDB_EXTENSION names the extension (default: the one
duckdb/build.sh writes); URLSYNTAX_DUCKDB_CLI a `duckdb` CLI binary. With
CI=true a missing interpreter, extension or CLI fails the run.
"""

import concurrent.futures
import hashlib
import json
import os
import pathlib
import subprocess

import pytest

import duckdb

REPO = pathlib.Path(__file__).resolve().parents[2]
SHARED = pathlib.Path(os.environ.get("URLSYNTAX_SHARED", REPO.parent / "shared"))
EXTENSION = pathlib.Path(
    os.environ.get("URLSYNTAX_DUCKDB_EXTENSION", REPO / "target/duckdb/urlsyntax.duckdb_extension")
)
RELEASES = ["3.9.18", "3.13.0", "3.15.2"]
CI = os.environ.get("CI") == "true"


def missing(what):
    """Fails under CI (a differential test without its oracle is no test),
    skips elsewhere."""
    if CI:
        pytest.fail(what + " is missing")
    pytest.skip(what + " is missing")


def interpreter(release):
    try:
        root = subprocess.run(["pyenv", "root"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        root = os.path.expanduser("~/.pyenv")
    path = pathlib.Path(root, "versions", release, "bin", "python3")
    if not path.exists():
        missing("CPython %s (%s)" % (release, path))
    return path


def connect():
    if not EXTENSION.exists():
        missing("the extension %s (duckdb/build.sh builds it)" % EXTENSION)
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    con.execute("LOAD '%s'" % EXTENSION)
    return con


def utf8(text):
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:  # a lone surrogate: no VARCHAR holds it
        return False


@pytest.fixture(scope="session")
def texts():
    """The real lists of ../shared/corpora and the hostile inputs."""
    found = []
    corpora = sorted((SHARED / "corpora").glob("*.txt"))
    if not corpora:
        missing("the corpora of %s" % (SHARED / "corpora"))
    for path in corpora:
        found += path.read_text(encoding="utf-8").splitlines()
    with open(REPO / "tests/hostile/inputs.jsonl", encoding="utf-8") as f:
        found += [json.loads(line)["input"] for line in f if line.strip()]
    seen = set()
    return [t for t in found if utf8(t) and not (t in seen or seen.add(t))]


def run_oracle(release, texts):
    """oracle.py's answers under `release`, kept in target/duckdb-tests by
    the hash of its input and its own text (the two DuckDB runs share it)."""
    script = pathlib.Path(__file__).with_name("oracle.py")
    python = interpreter(release)
    payload = json.dumps(texts)
    key = hashlib.sha256((payload + script.read_text() + str(python)).encode()).hexdigest()[:16]
    kept = REPO / "target/duckdb-tests" / ("oracle-%s-%s.json" % (release, key))
    if kept.exists():
        return json.loads(kept.read_text())
    run = subprocess.run([str(python), "-I", str(script)], input=payload, capture_output=True, text=True, check=True)
    answers = json.loads(run.stdout)
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(run.stdout)
    return answers


@pytest.fixture(scope="session")
def oracle(texts):
    """CPython's answers, by release (duckdb/tests/oracle.py run by it)."""
    with concurrent.futures.ThreadPoolExecutor(len(RELEASES)) as pool:
        found = dict(zip(RELEASES, pool.map(lambda r: run_oracle(r, texts), RELEASES)))
    for release, answers in found.items():
        assert answers["release"] == release
    return found


@pytest.fixture(scope="session")
def con(texts):
    """A connection with the extension loaded and the texts as t(i, s)."""
    import pyarrow as pa

    c = connect()
    source = pa.table({"i": list(range(len(texts))), "s": texts})
    c.register("source", source)
    c.execute("CREATE TABLE t AS SELECT i::INTEGER AS i, s FROM source")
    c.unregister("source")
    return c
