"""The probe: the calls that tell every behaviour switch of `urllib.parse`
(the library's `Quirks`) apart, as the running interpreter answers them.

`urlsyntax::urllib::probe` holds this script and reads its output: one
`key=answer` line a call, where an answer is a value in a canonical text
form (`s`/`b` and hex for str and bytes, `i` for an int, `[...]` for a
sequence, `!Name` or `!Name:hex of its message` for an exception). Big
tables (the scheme lists, the codec aliases) are given whole; the
charmap codecs as one hash a codec. Runs on every CPython from 3.6, with
`-I` (nothing from the environment), in well under a second.

`answers(parse)` is also what the Python package calls in process, with
the `urllib.parse` module it reads.
"""
import codecs
import sys


def enc(v):
    if v is None:
        return "n"
    if v is True or v is False:
        return "T" if v else "F"
    if isinstance(v, int):
        return "i%d" % v
    if isinstance(v, str):
        return "s" + v.encode("utf-8", "surrogatepass").hex()
    if isinstance(v, (bytes, bytearray)):
        return "b" + bytes(v).hex()
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(enc(x) for x in v) + "]"
    return "?" + type(v).__name__


def o(call, message=False):
    """The call's answer, or its exception's class (and message)."""
    try:
        return enc(call())
    except Exception as e:
        name = "!" + type(e).__name__
        return name + ":" + str(e).encode("utf-8", "surrogatepass").hex() if message else name


def fnv(values):
    """FNV-1a (64 bits) of 16-bit values, little-endian: the library
    hashes its own tables the same way."""
    h = 0xCBF29CE484222325
    for v in values:
        for byte in (v & 0xFF, v >> 8):
            h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def charmaps():
    """`module:hash` of each single-byte charmap codec's decoding of the
    256 bytes (0xFFFE: undefined), sorted, as the table generator finds
    them (`tools/gen/codec_tables.py`)."""
    import encodings
    import pkgutil
    out = []
    for m in sorted(i.name for i in pkgutil.iter_modules(encodings.__path__)):
        try:
            if not codecs.lookup(m)._is_text_encoding:
                continue
            mod = __import__("encodings." + m, fromlist=["_"])
        except Exception:
            continue
        if not (hasattr(mod, "decoding_table") or hasattr(mod, "decoding_map")):
            continue
        dec = []
        for b in range(256):
            try:
                dec.append(ord(bytes([b]).decode(m)))
            except UnicodeDecodeError:
                dec.append(0xFFFE)
        out.append(m + ":" + fnv(dec))
    return out


def text_codecs():
    import encodings
    import pkgutil
    out = []
    for m in sorted(i.name for i in pkgutil.iter_modules(encodings.__path__)):
        try:
            if codecs.lookup(m)._is_text_encoding:
                out.append(m)
        except Exception:
            pass
    return out


def int_limit():
    get = getattr(sys, "get_int_max_str_digits", None)
    return get() if get else 0


def answers(parse):
    """Every probe's answer under `parse` (urllib.parse), by key."""
    import encodings.aliases
    import unicodedata
    p = parse
    a = {}
    a["version"] = enc(sys.version.split()[0])
    a["implementation"] = enc(sys.implementation.name)
    a["parse_file"] = enc(getattr(parse, "__file__", None) or "")
    a["scheme_must_start_with_ascii_letter"] = o(lambda: p.urlsplit("1a:b").scheme)
    a["validate_bracketed_host"] = o(lambda: p.urlsplit("http://[1.2.3.4]/"))
    a["unsplit"] = o(lambda: (p.urlunsplit(("", "", "//a", "", "")),
                              p.urlunsplit(("http", "", "g", "", ""))))
    a["port"] = o(lambda: p.urlsplit("http://a: 80/").port)
    a["port_error_from_int"] = o(lambda: p.urlsplit("http://a:x/").port, True)
    a["qsl"] = "".join((o(lambda: p.parse_qsl(b"a=\xff")), o(lambda: p.parse_qsl(1)),
                        o(lambda: p.parse_qsl("", max_num_fields=0))))
    for name in ("uses_relative", "uses_netloc", "uses_params", "non_hierarchical",
                 "uses_query", "uses_fragment"):
        a["classes." + name] = enc(list(getattr(p, name)))
    a["urlsplit_args_must_be_hashable"] = o(lambda: p.urlsplit("a", "", []))
    a["slice_of_dict_is_key_error"] = o(lambda: {}[0:2])
    a["strip_c0_control_or_space"] = o(lambda: p.urlsplit(" http://a/").scheme)
    a["scheme_before_digits_is_path"] = o(lambda: p.urlsplit("path:80").scheme)
    a["tilde_is_unreserved"] = o(lambda: p.quote("~"))
    a["qsl_coerces_separator"] = o(lambda: p.parse_qsl("a=1", separator=b"&"))
    a["unquote_takes_bytes"] = o(lambda: p.unquote(b"%41"))
    a["unicode.version"] = enc(unicodedata.unidata_version)
    a["unicode.int_max_str_digits"] = enc(int_limit())
    a["unicode.int_limit"] = o(lambda: int("1" * 5000), True)
    a["unicode.int_limit_before_rest"] = o(lambda: int("1" * 5000 + "x"), True)
    a["codec_aliases"] = enc(sorted(encodings.aliases.aliases.items()))
    a["namereplace_names"] = "".join((
        o(lambda: "\U00017000\U0001B170".encode("ascii", "namereplace")),
        o(lambda: b"\\N{TANGUT IDEOGRAPH-17000}".decode("unicode_escape")),
        o(lambda: b"\\N{cjk unified ideograph-4e00}".decode("unicode_escape"))))
    a["text_codecs"] = enc(text_codecs())
    a["iso2022_jp_combining_pairs"] = o(lambda: "\u304b\u309a".encode("iso2022_jp_2004"))
    a["utf7_ill_formed_plus"] = o(lambda: b"+\x80".decode("utf-7", "replace"))
    a["utf16_end_checked_first"] = o(lambda: b"\x00\xdc\x00".decode("utf-16-be", "replace"))
    a["punycode_errors"] = o(lambda: b"\x80".decode("punycode"), True)
    a["idna_errors"] = o(lambda: "a..b".encode("idna"), True)
    a["idna_label_limit"] = o(lambda: (b"a" * 1025).decode("idna"), True)
    a["codec_errors_wrapped"] = o(lambda: "".join(("a", "")).encode("undefined"), True)
    a["nameprep_case_folding"] = o(lambda: "\u1e9e\u0130.de".encode("idna"))
    a["check_bracketed_netloc"] = o(lambda: p.urlsplit("http://prefix.[::1]/"))
    a["ipvfuture_capital_v"] = o(lambda: p.urlsplit("http://[V1.a]/"))
    a["join_keeps_empty_components"] = o(lambda: p.urljoin("http://a/b?x", "?"))
    a["unparse_checks_path_before_params"] = o(lambda: p.urlunparse(("http", "", "", "x", "", "")))
    a["parse_and_join_split_through_the_cache"] = o(lambda: p.urlparse("a", "", []))
    a["qsl_empty_bytes_convert_the_separator"] = o(lambda: p.parse_qsl(b"", separator="\xe9"))
    a["scheme_may_be_none"] = o(lambda: p.urlsplit("a", None))
    a["missing_as_none"] = o(lambda: p.urlsplit("a", missing_as_none=True))
    a["coerce_first_non_empty"] = o(lambda: type(p.urlsplit(None)).__name__)
    a["algorithmic_names_any_case"] = o(
        lambda: b"\\N{hangul syllable gag}".decode("unicode_escape"))
    a["charmaps"] = enc(charmaps())
    return a


if __name__ == "__main__":
    import urllib.parse
    for k, v in sorted(answers(urllib.parse).items()):
        sys.stdout.write("%s=%s\n" % (k, v))
