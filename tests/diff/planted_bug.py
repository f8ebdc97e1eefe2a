"""CPython's answerer (tests/oracles/cpython_answer.py) with one planted
bug, for the tests of `urlsyntax diff`, which must find and minimize it:

    python3 tests/diff/planted_bug.py lower-userinfo   # user info lower-cased
    python3 tests/diff/planted_bug.py keep-tab         # a tab not removed
    python3 tests/diff/planted_bug.py accept-bracket   # a '[' CPython refuses, taken
"""
import os
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


if BUG == "lower-userinfo":
    P.urlsplit = lower_userinfo
elif BUG == "keep-tab":
    # Tabs inside the URL stay (CR and LF are still removed).
    P._UNSAFE_URL_BYTES_TO_REMOVE = ["\r", "\n"]
elif BUG == "accept-bracket":
    P.urlsplit = accept_bracket
else:
    sys.exit("unknown bug %r" % BUG)

cpython_answer.main()
