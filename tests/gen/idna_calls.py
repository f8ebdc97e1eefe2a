"""Writes calls that run the `idna` codec through `quote` (encoding) and
`unquote` of percent-escaped bytes with `errors="strict"` (decoding):

- real-looking international domain names in many scripts, as written and
  changed (case, the four IDNA dots, trailing and doubled dots, characters
  mapped to nothing put in, fullwidth and decomposed forms, `xn--` put in
  front, labels made long), and their encodings decoded back (the prefix in
  any case, labels broken);
- the hard cases of each step: empty, 63- and 64-character labels, case
  folding, NFKC, prohibited characters, the bidi rules, the ACE prefix,
  `xn--` labels of bad punycode or that do not round-trip, labels over
  1024 bytes, bytes outside ASCII, handlers other than `strict`;
- every entry of the tables `data/nameprep.bin` holds (read back with
  `idna_tables.read`, so that characters of later releases reach earlier
  ones): each code point B.2 maps, NFKD decomposes or that has a combining
  class, each side of each composition, and the bounds of each range of
  B.1, the prohibited tables, D.1 and D.2 (D.1 and D.2 between two Arabic
  letters, where the bidi rules read them); labels the running CPython
  encodes go many to a call, others one to a call;
- marks of random classes after random bases, which NFKC sorts and
  composes.

Seeded and deterministic for a given interpreter.

Usage: python3 tests/gen/idna_calls.py [SEED] > calls.jsonl
"""

import encodings.idna
import json
import os
import random
import sys
import unicodedata

# The table generator lives with the other generators of shipped tables.
sys.path.insert(
    0,
    os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "gen"),
)
import idna_tables  # noqa: E402

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 3490
rnd = random.Random(SEED)

DOTS = [".", "\u3002", "\uff0e", "\uff61"]
DOMAINS = [
    "bücher.example", "münchen.de", "müller.example.com", "straße.de", "café.fr",
    "españa.com", "日本語.jp", "例え.テスト", "中文.中国", "中國.香港", "한국.kr",
    "도메인.한국", "пример.рф", "москва.рф", "παράδειγμα.δοκιμή", "ΣΊΣΥΦΟΣ.gr",
    "مثال.إختبار", "مصر.eg", "שלום.ישראל", "דוגמה.טעסט", "उदाहरण.परीक्षा",
    "भारत.in", "உதாரணம்.பரிட்சை", "ไทย.th", "ตัวอย่าง.ไทย", "ቅዱስ.example",
    "հայաստան.am", "საქართველო.ge", "äöü.at", "ñandú.ar", "ça.fr", "øl.no",
    "ærø.dk", "åland.fi", "İstanbul.tr", "ıi.tr", "Ⅻ.example", "ﬁnance.example",
    "㍿.jp", "①②③.example", "ＡＢＣ.example", "ｅｘａｍｐｌｅ。ｃｏｍ", "例子。中国",
    "テスト．ｊｐ", "ｆｕｌｌ｡ｗｉｄｔｈ", "☃.net", "♥.example", "😀.example",
    "ʻokina.hawaii", "tiếng-việt.vn", "Tiếng Việt.vn", "sāmoa.ws", "māori.nz",
    "čeština.cz", "łódź.pl", "kraków.pl", "ǆemal.example", "ﻣﺜﺎل.example",
    "ｱｲｳ.jp", "ｶﾞｷﾞ.jp", "가나다.kr", "\u1100\u1161\u11a8.kr", "e\u0301cole.fr",
    "a\u0323\u0301.vn", "www.xn--bcher-kva.example", "Bücher.Example.",
    "www.例え.テスト.", "sub.domain.straße.de", "xn--mnchen-3ya.de",
]
# Characters nameprep maps to nothing.
NOTHING = ["\u00ad", "\u200b", "\u200c", "\u200d", "\u2060", "\ufe0f", "\ufeff", "\u034f"]
HARD = [
    "", ".", "..", "a.", ".a", "a..b", "a" * 63, "a" * 64, "a" * 63 + ".", "a" * 64 + ".b",
    "b." + "a" * 64, "b." + "a" * 63, "ü" + "a" * 56, "ü" + "a" * 57, "ü" * 60,
    "é" * 20 + "a" * 40, "\u00ad", "a\u00ad", "\u00ad.b", "a.\u00ad", "\u200b\u200b",
    "xn--", "xn--a", "XN--a", "xn--ü", "Xn--ü", "xN--ü", "xn--a.ü", "ü.xn--", "ｘｎ－－ü",
    "ﬀ", "ǅ", "ß", "ẞ", "İ", "ς", "Σ", "ΐ", "\u0340", "\u0344", "\u1e9b\u0323", "K",
    "\u200e", "\u202a", "\ue000", "\U000f0000", "\U00100000", "\ufff9", "\ufffc",
    "\ufffd", "\u2ff0", "\U000e0001", "\U000e0020", "\x80", "\x9f", "\u06dd", "\u070f",
    "\u180e", "\u2028", "\u2029", "\u206a", "\U0001d173", "\u3000", "\u1680", "\u2000",
    "\u00a0", "\ufdd0", "\U0001fffe", "\U0010ffff", "\U000e0100", "שלום", "مثال",
    "مثالa", "aمثال", "1مثال", "مثال1", "ا1ب", "ا.a", "ا\u0300", "\u05be", "a\u05d0b",
    "ü.\ue000", "a..ü", "ü..", "ü.。", "。ü", "ü。", "。", "．．", "\ufdfa\x80",
    "\u3300\u200e", "ﷺa", "ﷺ", "\u0627\u064b", "a b.ü", "ü b", "\x00ü", "ü\x7f",
    "a\u0301\u0323\u0302", "\u1100\u1161", "\u1100\u1161\u11a7", "\u1100\u1161\u11c3",
    "\uac00\u11a8", "\u0f73", "\u0f75\u0f71", "\u1b05\u1b35", "\U00011935\U00011930",
    "\U00016e40.x", "\ua7c0.x", "\u1c90.x", "\u2c2f.x", "\U00010570.x", "\u0898ü",
]
# Bytes that are not a valid label in some way, to put in decoding.
BAD_LABELS = [
    b"xn--", b"xn--a", b"xn--a-", b"xn--abc-", b"xn---", b"xn--a-b!", b"xn--a-b!c",
    b"xn--99999999999a", b"xn--zz", b"xn--a-b9", b"xn--wca", b"xn--Tda", b"XN--tda",
    b"Xn--tda", b"xN--TDA", b"xn--tda\xff", b"xn--a\xffb-c", b"\xff", b"a\xc3\xbc",
    b"xn--" + b"a" * 1100 + b"-", b"b" * 1100, b"xn--" + b"a" * 70, b"a" * 70,
    b"xn--ls8h", b"xn--1ca", b"xn--n3h", b"xn--mnchen-3ya", b"xn--MNCHEN-3YA",
]


def emit(fn, args, kwargs):
    print(json.dumps({"fn": fn, "args": args, "kwargs": kwargs}, ensure_ascii=False))


def quote_call(text, errors=None):
    kw = {"encoding": "idna", "safe": ""}
    if errors:
        kw["errors"] = errors
    emit("quote", [text], kw)


def escaped(b):
    """Percent escapes of `b`, some ASCII letters, digits, `.` and `-` as
    they are, hex digits in either case."""
    out = []
    for c in b:
        if c < 0x80 and (chr(c).isalnum() or c in b".-") and rnd.random() < 0.5:
            out.append(chr(c))
        else:
            out.append("%%%02X" % c if rnd.random() < 0.7 else "%%%02x" % c)
    return "".join(out)


def unquote_call(b, errors="strict"):
    kw = {"encoding": "idna"}
    if errors:
        kw["errors"] = errors
    emit("unquote", [escaped(b)], kw)


def variant(name):
    """`name` changed in one or two ways."""
    for _ in range(rnd.randint(1, 2)):
        k = rnd.randrange(11)
        if k == 0:
            name = rnd.choice([name.upper(), name.title(), name.swapcase()])
        elif k == 1:
            name = "".join(rnd.choice(DOTS) if c == "." else c for c in name)
        elif k == 2:
            name = rnd.choice([name + ".", "." + name, name.replace(".", "..", 1)])
        elif k == 3:
            i = rnd.randint(0, len(name))
            name = name[:i] + rnd.choice(NOTHING) + name[i:]
        elif k == 4:
            name = unicodedata.normalize(rnd.choice(["NFD", "NFKD", "NFC"]), name)
        elif k == 5:
            name = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" and c != "." else c
                           for c in name)
        elif k == 6:
            i = rnd.randint(0, len(name))
            name = name[:i] + rnd.choice(HARD) + name[i:]
        elif k == 7:
            label = name.split(".")[0]
            name = label * rnd.randint(2, 12) + name[len(label):]
        elif k == 8:
            name = rnd.choice(["xn--", "XN--", "Xn--"]) + name
        elif k == 9:
            name = rnd.choice(DOMAINS).split(".")[0] + "." + name
        else:
            name = rnd.choice(["a", "1", "-", "\u0627", "\u05d0", " "]) + name
    return name


def idna_encode(text):
    try:
        return text.encode("idna")
    except (UnicodeError, IndexError):
        return None


def broken(b):
    """`b` with a label changed: case, a byte put in or dropped, a label of
    BAD_LABELS put in."""
    labels = b.split(b".")
    i = rnd.randrange(len(labels))
    k = rnd.randrange(5)
    if k == 0:
        labels[i] = labels[i].upper()
    elif k == 1 and labels[i]:
        j = rnd.randrange(len(labels[i]))
        labels[i] = labels[i][:j] + labels[i][j + 1:]
    elif k == 2:
        j = rnd.randint(0, len(labels[i]))
        labels[i] = labels[i][:j] + bytes([rnd.choice(b"az09-!.\x80\xff")]) + labels[i][j:]
    elif k == 3:
        labels.insert(i, rnd.choice(BAD_LABELS))
    else:
        labels[i] = b""
    return b".".join(labels)


def encodes(label):
    try:
        encodings.idna.ToASCII(label)
        return True
    except (UnicodeError, IndexError):
        return False


def batched(labels, per_call):
    """`quote` calls of the labels: those CPython encodes `per_call` to a
    call, joined by dots, the others one to a call."""
    good = [x for x in labels if encodes(x)]
    for x in labels:
        if not encodes(x):
            quote_call(x)
    for i in range(0, len(good), per_call):
        quote_call(".".join(good[i:i + per_call]))


def table_labels():
    """Labels of one code point (D.1 and D.2 between two Arabic letters)
    for every entry of the tables."""
    with open(idna_tables.OUT, "rb") as f:
        t = idna_tables.read(f.read())
    cps = set(t["b2"]) | set(t["nfkd"]) | set(t["ccc"])
    for (a, b), (_, c) in t["pairs"].items():
        cps |= {a, b, c}
    for key in ("b1", "prohibited"):
        for lo, hi in t[key]:
            cps |= {lo - 1, lo, hi, hi + 1}
    bidi = set()
    for key in ("d1", "d2"):
        for lo, hi in t[key]:
            bidi |= {lo - 1, lo, (lo + hi) // 2, hi, hi + 1}

    def usable(c):
        return 0 <= c < 0x110000 and not 0xD800 <= c < 0xE000 and chr(c) not in DOTS

    single = [chr(c) for c in sorted(cps) if usable(c)]
    between = ["\u0627" + chr(c) + "\u0628" for c in sorted(bidi) if usable(c)]
    return single, between


def mark_labels(n):
    """Bases followed by marks of random classes, in random order."""
    with open(idna_tables.OUT, "rb") as f:
        t = idna_tables.read(f.read())
    marks = sorted(t["ccc"])
    firsts = sorted({a for a, _ in t["pairs"]})
    out = []
    for _ in range(n):
        base = chr(rnd.choice(firsts)) if rnd.random() < 0.7 else rnd.choice("aeoAEOü가")
        out.append(base + "".join(chr(rnd.choice(marks)) for _ in range(rnd.randint(1, 4))))
    return out


def main():
    for text in HARD:
        quote_call(text)
    for name in DOMAINS:
        quote_call(name)
        b = idna_encode(name)
        if b:
            unquote_call(b)
    for _ in range(1200):
        quote_call(variant(rnd.choice(DOMAINS)))
    for _ in range(600):
        b = idna_encode(variant(rnd.choice(DOMAINS))) or rnd.choice(BAD_LABELS)
        unquote_call(broken(b) if rnd.random() < 0.6 else b)
    for label in BAD_LABELS:
        unquote_call(label)
        unquote_call(b"xn--a." + label + b".example")
    # Punycode of text nameprep changes (no round trip) or refuses.
    for text in HARD + ["Ü", "A\u0301", "ß", "\ufb01", "ｶﾞ"]:
        if text:
            try:
                unquote_call(b"xn--" + text.encode("punycode"))
            except (UnicodeError, IndexError):
                pass
    for _ in range(200):
        junk = bytes(rnd.choice(b"abcxyz019-!~.\x80\xff") for _ in range(rnd.randint(0, 12)))
        unquote_call(rnd.choice([b"xn--", b"XN--", b""]) + junk)
    # Handlers other than strict, and the defaults.
    for errors in ["replace", "ignore", "bogus", "surrogateescape", None]:
        quote_call("bücher.example", errors)
        quote_call("example", errors)
        unquote_call(b"xn--bcher-kva", errors)
    single, between = table_labels()
    batched(single, 40)
    batched(between, 40)
    batched(mark_labels(1500), 10)


if __name__ == "__main__":
    main()
