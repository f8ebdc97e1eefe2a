"""Probing: what the running interpreter's urllib.parse really does on the
few calls that tell the library's behaviour switches (its `Quirks`) apart.

Used on a release the project has not verified (a later patch release may
carry a backported fix): each switch is set from what the interpreter
answers, not from the release number.
"""


def _raises(call, exception=ValueError):
    try:
        call()
    except exception:
        return True
    return False


def probe(parse):
    """The switches as `parse` (urllib.parse's functions) answers them.

    Keys are the library's `Quirks` field names; `qsl` is
    `empty_query_is_one_field`, `coerce_ascii`, `native_bytes` or
    `unknown` (a mix no profile has: `parse_qs(l)` then stays with the
    interpreter). The `port` switch is not probed: results are urllib.parse's
    own classes, whose `port` is the interpreter's.
    """
    empty_counts = _raises(lambda: parse.parse_qsl("", max_num_fields=0))
    native_bytes = not _raises(lambda: parse.parse_qsl(b"a=\xff"), UnicodeDecodeError)
    if native_bytes:
        qsl = "native_bytes"
    elif empty_counts:
        qsl = "empty_query_is_one_field"
    else:
        qsl = "coerce_ascii"
    return {
        "scheme_must_start_with_ascii_letter": parse.urlsplit("1a:b").scheme == "",
        "validate_bracketed_host": _raises(lambda: parse.urlsplit("http://[1.2.3.4]/")),
        "unsplit": "preserve" if parse.urlunsplit(("", "", "//a", "", "")) == "////a" else "legacy",
        "qsl": qsl,
    }
