"""Generates conformance calls for every text codec and error handler.

    python3 tests/gen/codec_calls.py [PER_CODEC] [SEED] > calls.jsonl

For each text codec of the running interpreter's `encodings` package that
urlsyntax implements (all but NOT_YET), PER_CODEC calls of `quote`,
`quote_plus`, `unquote`, `unquote_plus`, `parse_qsl` and `urlencode`, each
with one of the codec's names or aliases (in odd spellings) and each error
handler: text made of characters the codec can encode and characters it
cannot; escapes of bytes it can decode and bytes it cannot. For `idna`, names
built of the labels of `idna_calls.py` (real names and the hard case of each
step) joined by the four IDNA dots, their encodings broken, and `strict`
more often (its only handler), from a random stream of its own so that the
other codecs' calls stay as they were. Seeded and deterministic for a given
interpreter (the codec list is the interpreter's).
"""
import codecs
import encodings
import encodings.aliases
import json
import os
import pkgutil
import random
import sys
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from idna_calls import BAD_LABELS, DOMAINS, DOTS, HARD  # noqa: E402

# Decoding with unicode_escape warns about invalid escapes.
warnings.simplefilter("ignore", DeprecationWarning)

PER_CODEC = int(sys.argv[1]) if len(sys.argv) > 1 else 40
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 20241124
rnd = random.Random(SEED)

# Text codecs urlsyntax does not implement yet (answered `unsupported`).
NOT_YET = set()
HANDLERS = ["strict", "ignore", "replace", "backslashreplace",
            "xmlcharrefreplace", "namereplace", "surrogateescape",
            "surrogatepass", "bogus"]
# Characters most codecs cannot encode, and some they can.
OTHERS = ["é", "€", "あ", "😀", "\u0130", "ß", "Ω", "Я", "א", "ع", "ก",
          "\u00a0", "\ufffd", "\U0010ffff", "\x80", "\u20ac", "\u2603",
          "\U0001d11e", "\u0300", "ÿ", "\u0100", "\uffff", "\x00"]
ASCII = ["a", "Z", "0", " ", "/", "%", "+", "&", "=", "~", "-", "\\", "?",
         "#", "\t", "@", "'", "\\u", "\\U0010", "\\x4", "\\N{", "\\1",
         "\\777", "\\q", "\\\n"]

# Escape sequences, whole and broken, for the escape codecs' decoders.
ESCAPES = ["\\", "\\x4g", "\\xe9", "\\u00e9", "\\ud800", "\\U0001f600",
           "\\U00110000", "\\u12", "\\N{", "\\N{}", "\\N", "\\777", "\\q",
           "%5C", "%5Cu%30"]


def text_codecs():
    out = []
    for m in sorted(x.name for x in pkgutil.iter_modules(encodings.__path__)):
        try:
            if codecs.lookup(m)._is_text_encoding and m not in NOT_YET:
                out.append(m)
        except LookupError:
            pass
    return out


def names_of(module):
    names = [module] + [a for a, m in sorted(encodings.aliases.aliases.items())
                        if m == module]
    return names


# Non-ASCII characters a name may carry: letters and digits (which the
# registry keeps up to 3.8 and C's normalization makes punctuation), a
# combining mark, a symbol.
NON_ASCII = ["\u00e9", "\u00c9", "\u2160", "\u00b2", "\u0660", "\u0301", "\u093e", "\u20ac"]


def spelled(name):
    r = rnd.random()
    if r < 0.1:
        i = rnd.randrange(len(name) + 1)
        return name[:i] + rnd.choice(NON_ASCII) + name[i:]
    if r < 0.5:
        return name
    if r < 0.65:
        return name.upper()
    if r < 0.8:
        return name.replace("_", "-")
    if r < 0.9:
        return " " + name.replace("_", " ") + " "
    return name.replace("_", "--").title()


def repertoire(module):
    """Characters the codec decodes from some byte (single bytes and pairs)."""
    chars = set()
    for b in range(256):
        for tail in (b"", b"\x00", bytes([b])):
            try:
                chars.update((bytes([b]) + tail).decode(module))
            except (UnicodeError, IndexError):  # 3.6's punycode: IndexError
                pass
    return sorted(c for c in chars if not 0xD800 <= ord(c) < 0xE000)


def text(rep):
    n = rnd.randint(1, 7)
    out = []
    for _ in range(n):
        r = rnd.random()
        if r < 0.35 and rep:
            out.append(rnd.choice(rep))
        elif r < 0.7:
            out.append(rnd.choice(OTHERS))
        else:
            out.append(rnd.choice(ASCII))
    return "".join(out)


def encoded(module, rep):
    """Bytes: the encoding of some text, with bytes broken in."""
    try:
        b = bytearray(text(rep).encode(module, "ignore"))
    except (UnicodeError, IndexError):
        b = bytearray()
    for _ in range(rnd.randint(0, 3)):
        pos = rnd.randint(0, len(b))
        b[pos:pos] = bytes([rnd.randrange(256)])
    if rnd.random() < 0.3 and b:
        del b[rnd.randrange(len(b))]
    return bytes(b)


def escaped(b):
    out = []
    for c in b:
        if rnd.random() < 0.15 and 0x30 < c < 0x7b and chr(c).isalnum():
            out.append(chr(c))
        else:
            out.append("%%%02X" % c if rnd.random() < 0.7 else "%%%02x" % c)
    if rnd.random() < 0.2:
        out.insert(rnd.randint(0, len(out)), rnd.choice(OTHERS + ["+", "%", "%4"] + ESCAPES))
    return "".join(out)


def emit(fn, args, kwargs):
    print(json.dumps({"fn": fn, "args": args, "kwargs": kwargs}, ensure_ascii=False))


def idna_text(rep):
    """A name for `idna`: one to three parts (a hard case, a real name, or
    the usual text) joined by IDNA dots, maybe a dot after."""
    parts = []
    for _ in range(rnd.randint(1, 3)):
        r = rnd.random()
        parts.append(rnd.choice(HARD) if r < 0.4 else rnd.choice(DOMAINS) if r < 0.7
                     else text(rep))
    return rnd.choice(DOTS).join(parts) + (rnd.choice(DOTS) if rnd.random() < 0.2 else "")


def idna_bytes(rep):
    """Bytes for `idna`: the encoding of a name, or a bad label, with a bad
    label, a byte or an upper-case prefix put in."""
    try:
        b = idna_text(rep).encode("idna")
    except (UnicodeError, IndexError):
        b = rnd.choice(BAD_LABELS)
    r = rnd.random()
    if r < 0.2:
        b = b.replace(b"xn--", rnd.choice([b"XN--", b"Xn--"]))
    elif r < 0.4:
        b += b"." + rnd.choice(BAD_LABELS)
    elif r < 0.6:
        pos = rnd.randint(0, len(b))
        b = b[:pos] + bytes([rnd.randrange(256)]) + b[pos:]
    return b


def calls_for(module):
    names = names_of(module)
    rep = repertoire(module)
    handlers = HANDLERS
    make_text, make_bytes = (lambda: text(rep)), (lambda: encoded(module, rep))
    if module == "idna":
        handlers = HANDLERS + ["strict"] * 8
        make_text, make_bytes = (lambda: idna_text(rep)), (lambda: idna_bytes(rep))
    for _ in range(PER_CODEC):
        kw = {"encoding": spelled(rnd.choice(names))}
        h = rnd.choice(handlers)
        if rnd.random() < 0.95:
            kw["errors"] = h
        kind = rnd.randrange(8)
        if kind == 0:
            emit("quote", [make_text()], dict(kw, safe=rnd.choice(["", "/", "%&"])))
        elif kind == 1:
            emit("quote_plus", [make_text()], kw)
        elif kind == 2:
            emit("unquote", [escaped(make_bytes())], kw)
        elif kind == 3:
            emit("unquote_plus", [escaped(make_bytes()) + "+"], kw)
        elif kind == 4:
            emit("unquote", [{"bytes": escaped(make_bytes()).encode().hex()}], kw)
        elif kind == 5:
            q = "%s=%s&%s" % (escaped(make_bytes()), escaped(make_bytes()),
                              escaped(make_bytes()))
            emit("parse_qsl", [q], dict(kw, keep_blank_values=True))
        elif kind == 6:
            emit("parse_qs", [{"bytes": "613d" + escaped(make_bytes()).encode().hex()}],
                 kw)
        else:
            # Pairs are tuples: a list as the first pair is a TypeError.
            pairs = [{"tuple": [make_text(), make_text()]}, {"tuple": ["k", make_text()]}]
            emit("urlencode", [pairs], dict(kw, quote_via=rnd.choice(["quote_plus", "quote"]),
                                            safe=rnd.choice(["", " ", "/ "])))


for m in text_codecs():
    if m == "idna":
        rnd, outer = random.Random(SEED + 3490), rnd
        calls_for(m)
        rnd = outer
    else:
        calls_for(m)
