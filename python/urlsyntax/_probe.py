"""Probing: what the running interpreter's urllib.parse really does on the
few calls that tell apart the patch releases of a line (the library's
behaviour switches, its `Quirks`, and the codecs its answers depend on).

Used on a release the project has not verified (a later patch release may
carry a backported fix): each switch is read from what the interpreter
answers, not from the release number. `urlsyntax._native._switches(release)`
gives a profile's values under the same names.
"""


def _raises(call, exception=ValueError):
    """Whether the call raises `exception` (another exception: no)."""
    try:
        call()
    except exception:
        return True
    except Exception:
        return False
    return False


def _answer(call):
    """The call's answer, or `!` and its exception's class."""
    try:
        return call()
    except Exception as e:
        return "!" + type(e).__name__


def _unsplit(parse):
    # gh-67693 keeps an empty authority before a `//` path; gh-85110
    # keeps a relative path relative under a netloc scheme.
    keeps_authority = parse.urlunsplit(("", "", "//a", "", "")) == "////a"
    relative = parse.urlunsplit(("http", "", "g", "", ""))
    if not keeps_authority and relative == "http:///g":
        return "legacy"
    if keeps_authority and relative == "http:g":
        return "preserve"
    if keeps_authority and relative == "http:///g":
        return "empty_authority"
    return "unknown"


def _qsl(parse):
    # gh-74668 splits bytes as bytes; gh-116764 (the same releases) makes
    # a non-text true value a TypeError. A mix no profile has: "unknown".
    native_bytes = not _raises(lambda: parse.parse_qsl(b"a=\xff"), UnicodeDecodeError)
    type_error = _raises(lambda: parse.parse_qsl(1), TypeError)
    if native_bytes != type_error:
        return "unknown"
    if native_bytes:
        return "native_bytes"
    if _raises(lambda: parse.parse_qsl("", max_num_fields=0)):
        return "empty_query_is_one_field"
    return "coerce_ascii"


def probe(parse):
    """The switches as `parse` (urllib.parse's functions) answers them.

    Keys are the names `_native._switches` gives; `None` where the
    answer cannot tell (IPvFuture's capital V when bracketed hosts are not
    checked at all). The netloc attributes (`port`, `hostname`) are not
    probed: results are urllib.parse's own classes, whose attributes are
    the interpreter's.
    """
    validate = _raises(lambda: parse.urlsplit("http://[1.2.3.4]/"))
    return {
        "scheme_must_start_with_ascii_letter": parse.urlsplit("1a:b").scheme == "",
        # gh-102153 (CVE-2023-24329)
        "strip_c0_control_or_space": parse.urlsplit(" http://a/").scheme == "http",
        # gh-103848 (CVE-2024-11168)
        "validate_bracketed_host": validate,
        # gh-105704 (CVE-2025-0938)
        "check_bracketed_netloc": _raises(lambda: parse.urlsplit("http://prefix.[::1]/")),
        # gh-105708
        "ipvfuture_capital_v": not _raises(lambda: parse.urlsplit("http://[V1.a]/")) if validate else None,
        "unsplit": _unsplit(parse),
        "qsl": _qsl(parse),
        # gh-155292: idna's nameprep maps U+1E9E to U+00DF, not "ss".
        "idna": _answer(lambda: parse.quote("\u1e9e.de", ".", encoding="idna")),
        # gh-101180: a JIS X 0213 combining pair is one code.
        "iso2022_jp_2004": _answer(lambda: parse.quote("\u304b\u309a", "", encoding="iso2022_jp_2004")),
    }


# Switches the context's quirks carry; a difference in the others hands
# the functions they govern to the interpreter.
CARRIED = (
    "scheme_must_start_with_ascii_letter",
    "strip_c0_control_or_space",
    "validate_bracketed_host",
    "check_bracketed_netloc",
    "ipvfuture_capital_v",
    "unsplit",
    "qsl",
)


def score(probed, switches):
    """How well a profile (its `switches`) fits what was probed: switches
    agreed on, then fewer hand-overs (a switch only the interpreter can
    answer), as a tuple to compare."""
    agreed = handed = 0
    for name, value in probed.items():
        if value is None:
            continue
        if switches.get(name) == value:
            agreed += 1
        elif name not in CARRIED or value == "unknown":
            handed += 1
    return (agreed, -handed)
