"""The package's own behaviour: profiles (verified, probed, none), install
and uninstall, results as urllib.parse's classes, threads, and the stubs
under mypy."""
import os
import pickle
import subprocess
import sys
import textwrap
import threading
import types
import urllib.parse as stdlib

import pytest

import urlsyntax
import urlsyntax.parse as ours
from urlsyntax import _native

RUNNING = "%d.%d.%d" % sys.version_info[:3]


def test_profile_of_a_verified_release():
    assert ours.PROFILE.interpreter == RUNNING
    if RUNNING in _native._verified():
        assert ours.PROFILE == ours.Profile(RUNNING, RUNNING, True, None)


def test_results_are_urllib_parse_classes():
    r = ours.urlsplit("HTTP://u:p@Example.com:8080/a?q#f")
    assert type(r) is stdlib.SplitResult
    assert r == stdlib.urlsplit("HTTP://u:p@Example.com:8080/a?q#f")
    assert (r.hostname, r.port, r.username, r.password) == ("example.com", 8080, "u", "p")
    assert r._replace(fragment="").geturl() == "http://u:p@Example.com:8080/a?q"
    assert pickle.loads(pickle.dumps(r)) == r
    assert hash(r) == hash(tuple(r))
    assert type(r.encode()) is stdlib.SplitResultBytes
    assert type(ours.urlparse(b"http://a/b;c")) is stdlib.ParseResultBytes
    assert type(ours.urldefrag("a#b")) is stdlib.DefragResult


def test_every_public_name_of_urllib_parse():
    for name in stdlib.__all__:
        assert hasattr(ours, name), name
    for name in ("uses_netloc", "uses_relative", "uses_params", "scheme_chars"):
        assert getattr(ours, name) is getattr(stdlib, name)
    # The functions are the native functions, with no Python frame in front:
    # objects of the native module's `function` type, called through the
    # native entry (tests/test_dropin.py holds what Python code sees).
    for name in ours.FUNCTIONS:
        f = getattr(ours, name)
        assert type(f).__module__ == "urlsyntax._native" and type(f).__name__ == "function", name
        assert f.__module__ == "urllib.parse" and f.__qualname__ == name


def test_errors_are_cpython_s():
    for call in (lambda m: m.urlsplit("http://[::1/"), lambda m: m.urlsplit("http://\uff03@x/"),
                 lambda m: m.quote("é", encoding="ascii"), lambda m: m.parse_qsl("a", strict_parsing=True),
                 lambda m: m.urlsplit("x", b"y"), lambda m: m.quote("a", encoding="no-such-codec")):
        with pytest.raises(Exception) as theirs:
            call(stdlib)
        with pytest.raises(type(theirs.value)) as mine:
            call(ours)
        assert str(mine.value) == str(theirs.value)
        assert mine.value.args == theirs.value.args


def test_a_changed_scheme_list_is_honoured():
    before = ours.urljoin("s3://b/a/c", "d")
    stdlib.uses_relative.append("s3")
    stdlib.uses_netloc.append("s3")
    try:
        assert ours.urljoin("s3://b/a/c", "d") == stdlib.urljoin("s3://b/a/c", "d") == "s3://b/a/d"
    finally:
        stdlib.uses_relative.remove("s3")
        stdlib.uses_netloc.remove("s3")
    assert ours.urljoin("s3://b/a/c", "d") == before == "d"


def test_install_and_uninstall():
    original = stdlib.urlsplit
    urlsyntax.install()
    try:
        assert stdlib.urlsplit is ours.urlsplit and urlsyntax.installed()
        # urllib.parse's own functions that call urlsplit now call ours.
        assert stdlib.urlsplit("http://a/b").netloc == "a"
    finally:
        urlsyntax.uninstall()
    assert stdlib.urlsplit is original and not urlsyntax.installed()


def _backported(parse):
    """urllib.parse as a later patch release that took gh-67693 (an empty
    authority kept before a `//` path), as 3.9 to 3.12 did."""
    fake = types.SimpleNamespace(**vars(parse))
    real = parse.urlunsplit
    fake.urlunsplit = lambda parts: "////a" if tuple(parts) == ("", "", "//a", "", "") else real(parts)
    return fake


@pytest.mark.skipif(RUNNING not in _native._verified(), reason="needs a verified release")
def test_an_unverified_release_is_probed():
    minor = RUNNING.rsplit(".", 1)[0]
    profile = ours._select(minor + ".99", _backported(ours._ORIGINAL))
    # Alone (a relative path still gets `//`), or with gh-85110 as in 3.13.
    rule = "preserve" if stdlib.urlunsplit(("http", "", "g", "", "")) == "http:g" else "empty_authority"
    assert (profile.release, profile.verified) == (RUNNING, False)
    assert profile.probed["unsplit"] == rule
    ours._apply(profile)
    try:
        assert ours.urlunsplit(("", "", "//a", "", "")) == "////a"
        assert ours.PROFILE.probed["unsplit"] == rule
    finally:
        ours.use_profile(None)
    assert ours.urlunsplit(("", "", "//a", "", "")) == stdlib.urlunsplit(("", "", "//a", "", ""))
    # Probing the interpreter itself finds its own profile's switches.
    same = ours._select(minor + ".99")
    native = ours._select(RUNNING)
    assert same.probed is not None and native.probed is None


def _import_as(version):
    code = textwrap.dedent("""
        import json, sys, urllib.parse, warnings
        sys.version_info = %r
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            import urlsyntax.parse as p
        from urlsyntax import _native
        before = _native._counts()
        r = p.urlsplit("http://a/b")
        after = _native._counts()
        print(json.dumps({"profile": list(p.PROFILE[:3]), "probed": p.PROFILE.probed,
                          "warnings": [w.category.__name__ for w in caught],
                          "delegated": after[1] - before[1], "netloc": r.netloc}))
    """ % (version,))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    import json
    return json.loads(out.stdout)


def test_import_on_an_unverified_patch_release_warns_once():
    major, minor = sys.version_info[:2]
    r = _import_as((major, minor, 99, "final", 0))
    assert r["profile"][1:] == ["%d.%d.99" % (major, minor), False]
    assert r["warnings"] == ["UnverifiedReleaseWarning"]
    assert r["probed"] and r["delegated"] == 0 and r["netloc"] == "a"


def test_a_minor_without_profile_goes_to_the_interpreter():
    r = _import_as((3, 99, 0, "final", 0))
    assert r["profile"] == [None, "3.99.0", False]
    assert r["warnings"] == ["UnverifiedReleaseWarning"]
    assert r["delegated"] == 1 and r["netloc"] == "a"


def test_use_profile():
    try:
        # A line names its newest profile; an exact release, itself. (Lines
        # that have ended, so that a new patch release changes no test.)
        assert ours.use_profile("3.9").release == "3.9.25"
        assert ours.use_profile("3.7").release == "3.7.17"
        assert ours.use_profile("3.13.0").release == "3.13.0"
        # 3.13's rule (a scheme starts with a letter), whatever the interpreter.
        assert ours.urlsplit("1a:b").scheme == ""
        assert ours.use_profile("3.10").release == "3.10.22"
        assert ours.urlsplit("1a:b").scheme == "1a"
    finally:
        ours.use_profile(None)
    assert ours.urlsplit("1a:b") == stdlib.urlsplit("1a:b")
    with pytest.raises(ValueError):
        ours.use_profile("2.7")


def test_threads_agree():
    urls = ["http://h%d.example/p/%d?q=%d#f" % (i, i, i) for i in range(1000)]
    # Longer than the length past which the GIL is released.
    long_query = "&".join("k%d=v%%20%d" % (i, i) for i in range(8000))
    assert len(long_query) > 1 << 16
    expected = [stdlib.urlsplit(u) for u in urls]
    failures = []

    def work():
        for _ in range(2):
            if [ours.urlsplit(u) for u in urls] != expected:
                failures.append("urlsplit")
            if ours.parse_qsl(long_query) != stdlib.parse_qsl(long_query):
                failures.append("parse_qsl")

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert failures == []


TYPICAL = '''
import urllib.parse
import urlsyntax
from urlsyntax import parse

r = parse.urlsplit("http://a/b?q")
host: "str | None" = r.hostname
port: "int | None" = r.port
parts: "urllib.parse.SplitResult" = r
b = parse.urlparse(b"http://a/b")
raw: bytes = b.netloc
joined: str = parse.urljoin("http://a/b", "c")
quoted: str = parse.quote("a b", safe="/")
pairs: "list[tuple[str, str]]" = parse.parse_qsl("a=1")
query: str = parse.urlencode({"a": 1}, doseq=True)
release: "str | None" = parse.PROFILE.release
handed: "tuple[str, ...]" = parse.PROFILE.handed_over
parse.use_profile("3.13")
urlsyntax.install()
urlsyntax.uninstall()
'''


def test_stubs_accept_typical_code(tmp_path):
    pytest.importorskip("mypy")
    f = tmp_path / "typical.py"
    f.write_text(TYPICAL)
    out = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(f)],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
