"""Generates calls where deciding on the text and deciding on its encoded
bytes answer differently.

    python3 tests/gen/text_or_bytes_calls.py [SEED] > calls.jsonl

CPython decides some things on the text before encoding it (`quote_plus`
turns spaces into `+` only when the text holds a space; `unquote` leaves
text without `%` alone and decodes each ASCII run on its own; `parse_qsl`
splits on its separators and reads `+` in the text) and others on the
bytes (`quote`'s `safe`). Under a codec whose bytes are not ASCII's
(UTF-16/32, UTF-7, EBCDIC, the ISO-2022 and HZ codecs), a character that
is none of ` +&;=%/~` can encode to bytes holding them. For each such codec
this finds characters whose bytes hold each of those, and calls `quote`,
`quote_plus`, `urlencode` (with `doseq`), `unquote`, `unquote_plus`,
`parse_qs(l)` with them, as `str` and as `bytes`; first the fuzzer's
findings. Seeded and deterministic for a given interpreter.
"""
import codecs
import json
import random
import sys

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 42
rnd = random.Random(SEED)

CODECS = ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le",
          "utf-32-be", "utf-7", "cp037", "cp500", "cp1140", "cp875",
          "iso2022_jp", "iso2022_kr", "hz", "shift_jis", "big5", "gbk",
          "euc_kr", "utf-8", "latin-1"]
SPECIAL = " +&;=%/~"
SAFES = [" ", "", "+", " +", "/ ", "&=", "%", "~"]
HANDLERS = ["strict", "replace", "ignore", "backslashreplace"]
QUOTE_VIA = ["quote_plus", "quote"]

# Found by the urllib_differential fuzz target (docs/fuzzing.md).
FOUND = [
    {"fn": "quote_plus", "args": ["\u0120"],
     "kwargs": {"safe": " ", "encoding": "utf-16-be"}},
    {"fn": "quote_plus", "args": ["\uff20"],
     "kwargs": {"safe": " ", "encoding": "utf-16"}},
    {"fn": "urlencode", "args": [[{"tuple": ["a\uff20b", "\uff20"]}]],
     "kwargs": {"safe": " ", "encoding": "utf-16", "quote_via": "quote_plus"}},
]


def holding(codec):
    """For each special byte, up to four characters (none of them ASCII
    specials) whose encoding under `codec` holds it."""
    found = {b: [] for b in SPECIAL}
    for cp in list(range(0x80, 0x3000)) + list(range(0x4E00, 0x5000)) + \
            list(range(0xFF00, 0xFF60)) + [0x1F600, 0x10020]:
        c = chr(cp)
        try:
            enc = c.encode(codec)
        except UnicodeError:
            continue
        for b in SPECIAL:
            if ord(b) in enc and len(found[b]) < 4:
                found[b].append(c)
        if all(len(v) >= 4 for v in found.values()):
            break
    return found


def emit(fn, args, kwargs):
    print(json.dumps({"fn": fn, "args": args, "kwargs": kwargs}, ensure_ascii=False))


def b(data):
    return {"bytes": data.hex()}


def t(k, v):
    """A pair: `urlencode` takes a sequence of tuples."""
    return {"tuple": [k, v]}


def escaped(data):
    return "".join("%%%02X" % x if rnd.random() < 0.8 or x >= 0x80 or x in b"%+&;= "
                   else chr(x) for x in data)


def texts(chars):
    c = rnd.choice(chars)
    d = rnd.choice(chars)
    return rnd.choice([c, c + d, c + " " + d, "a" + c + "b", c + "+" + d,
                       " " + c, c + "~/" + d, c + "&" + d + "=" + c])


def calls_for(codec, found):
    chars = sorted({c for v in found.values() for c in v})
    if not chars:
        return
    for _ in range(40):
        kw = {"encoding": codec}
        if rnd.random() < 0.5:
            kw["errors"] = rnd.choice(HANDLERS)
        s = texts(chars)
        try:
            data = s.encode(codec)
        except UnicodeError:
            data = s.encode("utf-8")
        safe = rnd.choice(SAFES)
        kind = rnd.randrange(12)
        if kind == 0:
            emit("quote_plus", [s], dict(kw, safe=safe))
        elif kind == 1:
            emit("quote", [s], dict(kw, safe=safe))
        elif kind == 2:
            emit(rnd.choice(["quote_plus", "quote"]), [b(data)], {"safe": safe})
        elif kind == 3:
            via = rnd.choice(QUOTE_VIA)
            emit("urlencode", [[t(s, texts(chars)), t("k", s)]],
                 dict(kw, safe=safe, quote_via=via))
        elif kind == 4:
            # doseq: each element of a list, a tuple, bytes among them.
            seq = [texts(chars), b(data), texts(chars)]
            value = seq if rnd.random() < 0.5 else {"tuple": seq}
            emit("urlencode", [[t(s, value)]],
                 dict(kw, safe=safe, doseq=True, quote_via=rnd.choice(QUOTE_VIA)))
        elif kind == 5:
            emit("urlencode", [[t(b(data), s)]], dict(kw, safe=safe,
                 quote_via=rnd.choice(QUOTE_VIA), doseq=rnd.random() < 0.5))
        elif kind == 6:
            emit("unquote_plus", [escaped(data) + rnd.choice(["", "+", " "])], kw)
        elif kind == 7:
            # ASCII runs between non-ASCII characters are decoded apart.
            e = escaped(data)
            i = rnd.randint(0, len(e))
            emit("unquote", [e[:i] + rnd.choice(chars) + e[i:]], kw)
        elif kind == 8:
            q = "%s=%s%s%s" % (escaped(data), escaped(data), rnd.choice("&;"),
                               escaped(data) + "+" + escaped(data))
            k = dict(kw, keep_blank_values=True)
            if rnd.random() < 0.3:
                k["separator"] = ";"
            emit("parse_qsl", [q], k)
        elif kind == 9:
            q = escaped(data) + "=" + "+".join(escaped(data) for _ in range(2))
            emit("parse_qs", [b(q.encode())], dict(kw, keep_blank_values=True))
        elif kind == 10:
            emit("unquote_plus", [s], kw)
        else:
            emit("unquote", [b(escaped(data).encode())], kw)


for call in FOUND:
    print(json.dumps(call, ensure_ascii=False))
    # The same as bytes: `quote_plus` decides on them, as CPython does.
    if call["fn"] == "quote_plus":
        data = call["args"][0].encode(call["kwargs"]["encoding"])
        emit("quote_plus", [b(data)], {"safe": " "})
for codec in CODECS:
    try:
        codecs.lookup(codec)
    except LookupError:
        continue
    calls_for(codec, holding(codec))
