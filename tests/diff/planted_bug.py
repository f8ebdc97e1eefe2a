"""CPython's answerer (tests/oracles/cpython_answer.py) with one planted
bug, for the tests of `urlsyntax diff`, which must find and minimize it:

    python3 tests/diff/planted_bug.py lower-userinfo   # user info lower-cased
    python3 tests/diff/planted_bug.py keep-tab         # a tab not removed
    python3 tests/diff/planted_bug.py accept-bracket   # a '[' CPython refuses, taken
    python3 tests/diff/planted_bug.py lower-escapes    # quote writes %2f for %2F
    python3 tests/diff/planted_bug.py split-semicolon  # parse_qsl splits at ';' too
"""
import os
import re
import sys
import urllib.parse as P

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracles"))
import cpython_answer  # noqa: E402

BUG = sys.argv[1]
_urlsplit = P.urlsplit


def lower_userinfo(url, scheme="", allow_fragments=True):
    r = _urlsplit(url, scheme, allow_fragments)
    at = "@" if isinstance(r.netloc, str) else b"@"
    if at in r.netloc:
        user, _, host = r.netloc.rpartition(at)
        r = r._replace(netloc=user.lower() + at + host)
    return r


def accept_bracket(url, scheme="", allow_fragments=True):
    try:
        return _urlsplit(url, scheme, allow_fragments)
    except ValueError:
        bracket = "[" if isinstance(url, str) else b"["
        if bracket not in url:
            raise
        return _urlsplit(url.replace(bracket, url[:0]), scheme, allow_fragments)


_quote = P.quote
_parse_qsl = P.parse_qsl


def lower_escapes(*args, **kwargs):
    return re.sub("%[0-9A-F]{2}", lambda m: m.group(0).lower(), _quote(*args, **kwargs))


def split_semicolon(qs, *args, **kwargs):
    """As parse_qsl before CPython 3.9.2 (and 3.6.13 ...): ';' separates
    too, where the separator is the default."""
    if isinstance(qs, (str, bytes)) and kwargs.get("separator", "&") in ("&", b"&"):
        qs = qs.replace(";" if isinstance(qs, str) else b";", "&" if isinstance(qs, str) else b"&")
    return _parse_qsl(qs, *args, **kwargs)


if BUG == "lower-userinfo":
    P.urlsplit = lower_userinfo
elif BUG == "keep-tab":
    # Tabs inside the URL stay (CR and LF are still removed).
    P._UNSAFE_URL_BYTES_TO_REMOVE = ["\r", "\n"]
elif BUG == "accept-bracket":
    P.urlsplit = accept_bracket
elif BUG == "lower-escapes":
    P.quote = lower_escapes
elif BUG == "split-semicolon":
    P.parse_qsl = split_semicolon
else:
    sys.exit("unknown bug %r" % BUG)

cpython_answer.main()
