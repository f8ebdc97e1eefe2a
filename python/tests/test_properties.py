"""Hypothesis properties: on arbitrary text and bytes, every function and
keyword of urlsyntax.parse answers as urllib.parse does (same value and
type, or same exception class and message). The example count is fixed
(URLSYNTAX_HYPOTHESIS_EXAMPLES, default 300) so CI time stays bounded."""
import os
import urllib.parse as stdlib

from hypothesis import given, settings, strategies as st

import urlsyntax.parse as ours

EXAMPLES = int(os.environ.get("URLSYNTAX_HYPOTHESIS_EXAMPLES", "300"))
settings.register_profile("urlsyntax", max_examples=EXAMPLES, deadline=None, derandomize=True)
settings.load_profile("urlsyntax")

# URL-ish text: delimiters, brackets, controls, escapes, non-ASCII, and
# characters NFKC maps onto delimiters.
URL_ALPHABET = st.sampled_from(
    list("aZ09:/?#[]@!$&'()*+,;=%-._~ \t\r\n\x00\x7fé") + ["\u2100", "\uff03", "\u0130", "\ud800", "%41", "%e9", "%zz", "::1", "v1.x"]
)
text = st.lists(URL_ALPHABET, max_size=30).map("".join) | st.text(max_size=20)
raw = st.binary(max_size=30) | text.map(lambda s: s.encode("utf-8", "surrogatepass"))
anything = text | raw
flag = st.sampled_from([True, False, 0, 1, None, "", "x"])
codec = st.sampled_from([None, "utf-8", "UTF8", "ascii", "latin-1", "iso8859-1", "cp1252", "utf-16", "nope"])
handler = st.sampled_from([None, "strict", "replace", "ignore", "backslashreplace", "xmlcharrefreplace", "surrogateescape", "nope"])
safe = st.sampled_from(["", "/", ":/?", b"/", b"\xff", "é"]) | text


def same(fn, *args, **kwargs):
    def run(module):
        try:
            r = getattr(module, fn)(*args, **kwargs)
        except Exception as e:
            return ("raised", type(e), str(e))
        return ("ok", type(r), r)

    assert run(ours) == run(stdlib)


@given(anything, anything | st.just(""), flag)
def test_urlsplit_urlparse(url, scheme, allow_fragments):
    for fn in ("urlsplit", "urlparse"):
        same(fn, url)
        same(fn, url, scheme)
        same(fn, url, scheme=scheme, allow_fragments=allow_fragments)


@given(anything)
def test_urldefrag(url):
    same("urldefrag", url)


@given(st.lists(text, min_size=5, max_size=6) | st.lists(raw, min_size=5, max_size=6))
def test_urlunsplit_urlunparse(parts):
    same("urlunsplit", parts[:5])
    same("urlunsplit", tuple(parts[:5]))
    same("urlunparse", parts)


@given(anything, anything, flag)
def test_urljoin(base, url, allow_fragments):
    same("urljoin", base, url)
    same("urljoin", base, url, allow_fragments=allow_fragments)


@given(anything, safe, codec, handler)
def test_quote(string, safe, encoding, errors):
    for fn in ("quote", "quote_plus"):
        same(fn, string)
        same(fn, string, safe)
        same(fn, string, safe=safe, encoding=encoding, errors=errors)


@given(raw, safe)
def test_quote_from_bytes(bs, safe):
    same("quote_from_bytes", bs)
    same("quote_from_bytes", bs, safe)


@given(anything, codec, handler)
def test_unquote(string, encoding, errors):
    for fn in ("unquote", "unquote_plus"):
        same(fn, string)
        same(fn, string, encoding=encoding, errors=errors)
    same("unquote_to_bytes", string)


@given(anything, flag, flag, codec, handler, st.sampled_from([None, 0, 1, 5, -1]), st.sampled_from(["&", ";", b"&", "", None, "&&", "é"]))
def test_parse_qs_qsl(qs, keep, strict, encoding, errors, max_num_fields, separator):
    for fn in ("parse_qs", "parse_qsl"):
        same(fn, qs)
        same(fn, qs, keep, strict)
        same(fn, qs, keep_blank_values=keep, strict_parsing=strict, encoding=encoding,
             errors=errors, max_num_fields=max_num_fields, separator=separator)


scalar = text | raw | st.integers() | st.booleans() | st.none()
value = scalar | st.lists(scalar, max_size=3) | st.tuples(scalar, scalar)


@given(st.lists(st.tuples(scalar, value), max_size=4), flag, safe, codec, handler, st.sampled_from(["quote", "quote_plus", None]))
def test_urlencode(pairs, doseq, safe, encoding, errors, via):
    kwargs = {} if via is None else {"quote_via": getattr(stdlib, via)}
    same("urlencode", pairs, doseq, safe, encoding, errors, **kwargs)
    same("urlencode", dict(pairs) if all(k.__hash__ for k, _ in pairs) else pairs, doseq=doseq)
