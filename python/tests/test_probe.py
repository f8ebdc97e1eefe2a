"""Unverified patch releases: the probe reads every switch that differs
between two patch releases of a line, the base is the line's profile
that agrees with it on the most (composed ones included), split-level
switches and the query rule are carried over it and the others (the
codecs' answers) hand their functions to the interpreter. Releases that cannot run here (3.12.8, 3.13.5, ...) are
faked: an urllib.parse that answers the probe's calls as they do."""
import sys
import types
import urllib.parse as stdlib

import pytest

import urlsyntax.parse as ours
from urlsyntax import _native, _probe

RUNNING = "%d.%d.%d" % sys.version_info[:3]
IDNA_OLD, IDNA_NEW = "ss.de", "xn--kkg.de"
ISO_PAIR, ISO_NONE = "%1B%24%28Q%24w%1B%28B", "!UnicodeEncodeError"


def fake(scheme_letter=True, strip=True, validate=True, check=False, capital_v=False,
         unsplit="legacy", qsl="coerce_ascii", idna=IDNA_OLD, iso=ISO_PAIR):
    """urllib.parse as a release with these switches answers the probe
    (`unsplit="unknown"`: gh-85110 without gh-67693; `qsl="unknown"`:
    gh-74668 without gh-116764, mixes no release has)."""

    def urlsplit(url):
        if url == "1a:b":
            return types.SimpleNamespace(scheme="" if scheme_letter else "1a")
        if url == " http://a/":
            return types.SimpleNamespace(scheme="http" if strip else "")
        if url == "http://[1.2.3.4]/" and validate:
            raise ValueError("An IPv4 address cannot be in brackets")
        if url == "http://prefix.[::1]/" and check:
            raise ValueError("Invalid IPv6 URL")
        if url == "http://[V1.a]/" and validate and not capital_v:
            raise ValueError("does not appear to be an IPv4 or IPv6 address")
        return types.SimpleNamespace(scheme="http")

    def urlunsplit(parts):
        keeps = unsplit in ("preserve", "empty_authority")
        return {("", "", "//a", "", ""): "////a" if keeps else "//a",
                ("http", "", "g", "", ""): "http:g" if unsplit in ("preserve", "unknown") else "http:///g"}[parts]

    def parse_qsl(qs, max_num_fields=None):
        native = qsl in ("native_bytes", "unknown")
        if qs == b"a=\xff":
            if native:
                return [(b"a", b"\xff")]
            raise UnicodeDecodeError("ascii", qs, 2, 3, "ordinal not in range(128)")
        if qs == 1:
            raise (TypeError if qsl == "native_bytes" else AttributeError)("'int'")
        if qs == "" and max_num_fields == 0 and qsl == "empty_query_is_one_field":
            raise ValueError("Max number of fields exceeded")
        return []

    def quote(string, safe, encoding):
        return {"idna": idna, "iso2022_jp_2004": iso}[encoding]

    return types.SimpleNamespace(urlsplit=urlsplit, urlunsplit=urlunsplit, parse_qsl=parse_qsl, quote=quote)


def selected(release, parse):
    profile = ours._select(release, parse)
    assert (profile.interpreter, profile.verified) == (release, False)
    return profile


class Handed(Exception):
    """A call the package handed to urllib.parse (whose answer, on the
    faked release, would be the interpreter's)."""


def module_for(release):
    """urllib.parse as the package sees it on a faked release of
    `release`'s line: its result classes, the line's scheme lists, and
    functions that record a hand-over."""
    def handed(name):
        def call(*args, **kwargs):
            raise Handed(name)
        return call

    names = dict(zip(("uses_relative", "uses_netloc", "uses_params"), _native._scheme_lists(release)))
    for name in ours.FUNCTIONS:
        names[name] = handed(name)
    for name in ("SplitResult", "ParseResult", "DefragResult", "SplitResultBytes", "ParseResultBytes", "DefragResultBytes"):
        names[name] = getattr(ours._ORIGINAL, name)
    return types.SimpleNamespace(**names)


@pytest.fixture
def applied():
    """Configures the package as on a faked release; the running release's
    own configuration afterwards."""
    def apply(profile):
        handed = ours._configure(module_for(profile.release), profile.release, profile.probed)
        return profile._replace(handed_over=tuple(handed))
    yield apply
    ours.use_profile(None)


def answer(call):
    """The package's own answer, or `Handed` when it hands the call over."""
    try:
        return call()
    except Handed:
        return Handed


def newest(line):
    return [r for r in _native._releases() if r.startswith(line + ".")][-1]


def test_3_12_8_between_the_verified_and_the_composed_profile(applied):
    # 3.12.8: gh-74668/gh-116764 (3.12.3), gh-67693 and gh-85110 (3.12.4,
    # 3.12.6), not yet gh-105704 (3.12.9) nor the new idna (3.12.15): the
    # verified 3.12.1 with the query rule and urlunsplit's carried over it
    # agrees on every switch (the line's newest, composed, would hand codecs
    # over).
    profile = applied(selected("3.12.8", fake(unsplit="preserve", qsl="native_bytes")))
    assert newest("3.12") not in ("3.12.1", "3.12.8")
    assert profile.release == "3.12.1"
    assert profile.probed["check_bracketed_netloc"] is False
    # Carried: the netloc check off, 3.12.6's urlunsplit.
    assert ours.urlsplit("http://prefix.[::1]/").netloc == "prefix.[::1]"
    assert ours.urlunsplit(("http", "", "g", "", "")) == "http:g"
    assert ours.urlunsplit(("", "", "//a", "", "")) == "////a"
    assert ours.parse_qsl(b"a=\xff") == [(b"a", b"\xff")]
    # The new idna of the composed profile (gh-155292) is not 3.12.8's;
    # 3.12.1's is, so the codecs answer natively.
    assert _native._switches(newest("3.12"))["idna"] != IDNA_OLD
    assert _native._switches("3.12.1")["idna"] == IDNA_OLD
    assert profile.handed_over == ()
    assert ours.quote("\xe9", encoding="latin-1") == "%E9"


def test_3_13_5_has_the_netloc_check_without_ipvfuture_s_capital_v(applied):
    profile = applied(selected("3.13.5", fake(check=True, unsplit="preserve", qsl="native_bytes")))
    assert profile.release in ("3.13.0", "3.13.18")
    # The library answers with an error, so the interpreter raises its own.
    for url in ("http://prefix.[::1]/", "http://[::1]x:80/", "http://[V1.a]/"):
        assert answer(lambda: ours.urlsplit(url)) is Handed, url
    assert ours.urlsplit("http://[v1.a]/").netloc == "[v1.a]"
    assert ours.urlsplit("http://[::1]:80/").netloc == "[::1]:80"


def test_3_10_15_has_gh_67693_alone(applied):
    # gh-67693 and gh-101180 (3.10.15, 3.10.14) without gh-103848 (3.10.16),
    # gh-105704 (3.10.17) nor the new idna (3.10.22): 3.10.13 with the
    # first carried, or the composed 3.10.22 with the checks off, whichever
    # agrees on more (the codecs of the one chosen go to the interpreter
    # where they differ).
    profile = applied(selected("3.10.15", fake(scheme_letter=False, validate=False, unsplit="empty_authority",
                                               qsl="empty_query_is_one_field")))
    assert profile.release in ("3.10.13", "3.10.22")
    switches = _native._switches(profile.release)
    codecs_differ = (switches["idna"], switches["iso2022_jp_2004"]) != (IDNA_OLD, ISO_PAIR)
    assert profile.handed_over == (("calls naming an encoding",) if codecs_differ else ())
    assert ours.urlunsplit(("", "", "//a", "", "")) == "////a"
    assert ours.urlunsplit(("http", "", "g", "", "")) == "http:///g"
    assert ours.urlsplit("http://[1.2.3.4]/").netloc == "[1.2.3.4]"
    assert ours.urlsplit("http://prefix.[::1]/").netloc == "prefix.[::1]"
    assert ours.urlsplit("1a:b").scheme == "1a"


def test_3_11_9_has_the_bytes_of_gh_74668_and_3_11_7_s_urlunsplit(applied):
    # 3.11.7 agrees on all but `qsl`, which the context carries: parse_qs(l)
    # answer with 3.13's bytes rule (3.11.17 would agree on less).
    profile = applied(selected("3.11.9", fake(qsl="native_bytes")))
    assert profile.release == "3.11.7" and profile.handed_over == ()
    assert ours.urlunsplit(("", "", "//a", "", "")) == "//a"
    assert ours.urlunsplit(("http", "", "g", "", "")) == "http:///g"
    assert ours.parse_qsl(b"a=\xff") == [(b"a", b"\xff")]
    assert ours.parse_qs(b"a=\xff&a=b") == {b"a": [b"\xff", b"b"]}


def test_3_9_16_before_the_c0_fix_and_the_codec_fix(applied):
    # gh-102153 came in 3.9.17, gh-101180 in 3.9.19.
    profile = applied(selected("3.9.16", fake(scheme_letter=False, strip=False, validate=False, iso=ISO_NONE,
                                              qsl="empty_query_is_one_field")))
    assert profile.release == "3.9.18" and profile.handed_over == ()
    assert ours.urlsplit(" http://a/").scheme == ""
    assert ours.urlsplit("\x00http://a/").scheme == ""
    assert ours.urlsplit("http://a/").scheme == "http"


def test_a_switch_only_the_interpreter_answers_hands_its_functions_over(applied):
    profile = applied(selected("3.11.8", fake(qsl="unknown", idna="xn--other", unsplit="unknown")))
    assert set(profile.handed_over) == {"parse_qs", "parse_qsl", "calls naming an encoding",
                                        "urlunsplit", "urlunparse", "urljoin", "urldefrag"}
    for call in (lambda: ours.parse_qsl("a=1"), lambda: ours.parse_qs(b"a=1"),
                 lambda: ours.quote("a", encoding="latin-1"), lambda: ours.unquote("a", encoding="latin-1"),
                 lambda: ours.urlencode({"a": "b"}, encoding="latin-1"),
                 lambda: ours.urlunsplit(("http", "a", "/", "", "")), lambda: ours.urljoin("http://a/", "b"),
                 lambda: ours.urldefrag("a#b")):
        assert answer(call) is Handed
    assert ours.quote("a b") == "a%20b"
    assert ours.urlencode({"a": "b c"}) == "a=b+c"
    assert ours.urlsplit("http://a/").netloc == "a"


def test_the_score_prefers_agreement_then_fewer_hand_overs():
    probed = {"unsplit": "preserve", "qsl": "native_bytes", "idna": "x", "ipvfuture_capital_v": None}
    assert _probe.score(probed, {"unsplit": "preserve", "qsl": "native_bytes", "idna": "y"}) == (2, -1)
    assert _probe.score(probed, {"unsplit": "legacy", "qsl": "native_bytes", "idna": "x"}) == (2, 0)
    assert _probe.score(probed, {"unsplit": "preserve", "qsl": "coerce_ascii", "idna": "x"}) == (2, 0)


def test_probing_the_running_interpreter_finds_its_own_profile():
    probed = _probe.probe(ours._ORIGINAL)
    for name in ("idna", "iso2022_jp_2004"):
        # The probe's codec calls are urllib.parse's own answers.
        assert probed[name] == _probe._answer(lambda: stdlib.quote(*{
            "idna": ("\u1e9e.de", ".", "idna"), "iso2022_jp_2004": ("\u304b\u309a", "", "iso2022_jp_2004")}[name]))
    if RUNNING not in _native._releases():
        pytest.skip("needs a release the library has")
    switches = _native._switches(RUNNING)
    differ = {k for k, v in probed.items() if v is not None and switches[k] != v}
    assert not differ, differ
    same = ours._select(RUNNING.rsplit(".", 1)[0] + ".99")
    assert same.release == RUNNING, same


def test_a_minor_without_a_profile_has_none():
    assert ours._select("3.16.0", fake()) == ours.Profile(None, "3.16.0", False, None)


def test_the_arrow_face_hands_over_what_the_package_hands_over(applied, monkeypatch):
    pa = pytest.importorskip("pyarrow")
    import urlsyntax.arrow as ua

    applied(selected("3.11.8", fake(idna="xn--other", unsplit="unknown", qsl="unknown")))
    calls = []

    class Recorder:
        def __getattr__(self, name):
            def call(*args, **kwargs):
                calls.append(name)
                return getattr(stdlib, name)(*args, **kwargs)
            return call

    monkeypatch.setattr(ua, "_stdlib", Recorder())
    assert ua.quote(pa.array(["\xe9"]), encoding="latin-1").to_pylist() == ["%E9"]
    assert ua.urljoin("http://a/b", pa.array(["c"])).to_pylist() == ["http://a/c"]
    assert ua.parse_qsl(pa.array(["a=1"])).to_pylist() == [[{"name": "a", "value": "1"}]]
    assert sorted(set(calls)) == ["parse_qsl", "quote", "urljoin"]
    calls.clear()
    assert ua.quote(pa.array(["\xe9"])).to_pylist() == ["%C3%A9"]
    assert ua.urlsplit(pa.array(["http://a/"])).field("netloc").to_pylist() == ["a"]
    assert calls == []


def test_the_library_probe_derives_the_running_interpreter():
    # The probe `urlsyntax --python PATH` runs, run here in process on
    # urllib.parse: a verified release derives itself; any other
    # interpreter (a distribution's build) its line's nearest release with
    # its own switches, every function answered natively.
    text = ours._library_probe(ours._original_module())
    base, switches, label = _native._derive(text)
    assert label.startswith("CPython %s: %s" % (RUNNING, base))
    if RUNNING in _native._verified():
        assert (base, switches) == (RUNNING, [])
    else:
        assert ours.PROFILE.derived == text
        assert (ours.PROFILE.release, ours.PROFILE.handed_over) == (base, ())
        assert ours.PROFILE.probed["switches"] == switches
