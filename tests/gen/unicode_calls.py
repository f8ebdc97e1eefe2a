"""Seeded generator of conformance calls built around the Unicode versions
of the CPython releases (Unicode 9.0 in 3.6 to 15.1 in 3.13, 16.0 in 3.14,
17.0 in 3.15) and the characters each added: letters that gained a lowercase,
decimal digits, whitespace, characters whose NFKC holds a URL delimiter,
and newly printable symbols, in host names (hostname's lowercasing and the
final sigma), netlocs (_checknetloc), ports (int() of each release, with
its digit limit), unwrap's strip, and urlencode's str() of non-str values
(repr escapes what is not printable).

    python3 tests/gen/unicode_calls.py SEED COUNT
"""
import json
import random
import sys

r = random.Random(int(sys.argv[1]))


def cps(*ranges):
    out = []
    for lo, hi in ranges:
        out.extend(chr(c) for c in range(lo, hi + 1))
    return out


# Capital letters by the Unicode version that gave them a lowercase, and
# their small forms.
LETTERS = cps(
    (0x104B0, 0x104D3), (0x1E900, 0x1E921), (0x1C80, 0x1C88),  # 9.0
    (0x1C90, 0x1CBF), (0xA7AF, 0xA7AF), (0xA7B8, 0xA7B9),  # 11.0
    (0xA7C2, 0xA7C6), (0x16E40, 0x16E5F),  # 12.0
    (0xA7C7, 0xA7CA), (0xA7F5, 0xA7F6),  # 13.0
    (0x2C2F, 0x2C2F), (0x2C5F, 0x2C5F), (0xA7C0, 0xA7C1), (0xA7D0, 0xA7D9),
    (0x10570, 0x105BC),  # 14.0
    (0x1C89, 0x1C8A), (0xA7CB, 0xA7CD), (0xA7DA, 0xA7DC), (0x10D50, 0x10D85),  # 16.0
    (0xA7CE, 0xA7CF), (0xA7D2, 0xA7D5), (0x16EA0, 0x16EB8), (0x16EBB, 0x16ED3),  # 17.0
) + list("\u0130\u1e9e\u03a3\u03c3\u03c2\u0391\u00c0\u212a\u2126\u01c5\u1f88\u0345\u00df")
# Case-ignorable characters, which the final sigma looks past.
IGNORABLE = list(".'\u00ad\u0301\u02b0\u2019\u200d\u0345") + cps((0x1E4EC, 0x1E4EF))
# Decimal digits by version (the last digit of a run too).
DIGITS = cps(
    (0x30, 0x39), (0x660, 0x669), (0xFF10, 0xFF19), (0x1D7CE, 0x1D7D7),
    (0x11450, 0x11459), (0x1E950, 0x1E959),  # 9.0
    (0x11D50, 0x11D59),  # 10.0
    (0x10D30, 0x10D39), (0x11DA0, 0x11DA9),  # 11.0
    (0x1E140, 0x1E149), (0x1E2F0, 0x1E2F9),  # 12.0
    (0x11950, 0x11959), (0x1FBF0, 0x1FBF9),  # 13.0
    (0x16AC0, 0x16AC9),  # 14.0
    (0x11F50, 0x11F59), (0x1E4F0, 0x1E4F9),  # 15.0
    (0x116D0, 0x116E3), (0x11BF0, 0x11BF9), (0x1CCF0, 0x1CCF9), (0x1E5F1, 0x1E5FA),  # 16.0
    (0x11DE0, 0x11DE9),  # 17.0
) + list("\u00b2\u2460\u2155\u4e00")
SPACES = list(" \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u180e\u2000\u200a\u200b"
              "\u2028\u2029\u202f\u205f\u3000\ufeff")
NFKC = cps((0x2047, 0x2049), (0x2100, 0x2106), (0x2A74, 0x2A76), (0xFE13, 0xFE19),
           (0xFE55, 0xFE5F), (0xFF03, 0xFF0F), (0xFF1A, 0xFF20)) + \
    list("\u2024\u2025\u2215\u2044\u3002\uff61\u1d43\u2460\u33c7\u0338")
# Symbols printable from some version on (emoji, scripts, ideographs).
PRINTABLE = cps(
    (0x1F6DC, 0x1F6DF), (0x1FA75, 0x1FA77), (0x1FAE8, 0x1FAE8), (0x1F979, 0x1F979),
    (0x2FFC, 0x2FFF), (0x31EF, 0x31EF), (0x2EBF0, 0x2EBF2), (0x31350, 0x31352),
    (0x1FA89, 0x1FA89), (0x1FA8F, 0x1FA8F), (0x1FBCB, 0x1FBCB), (0x1CC00, 0x1CC02),
    (0x105C0, 0x105C2), (0x10EC2, 0x10EC4), (0x0897, 0x0897), (0x1B4E, 0x1B4F),
    (0x0870, 0x0872), (0x9FFD, 0x9FFF), (0x1F7D9, 0x1F7D9), (0x13460, 0x13462),
    (0x088F, 0x088F), (0x20C1, 0x20C1), (0x1ACF, 0x1AD1), (0xA7F1, 0xA7F1),
    (0x10940, 0x10942), (0x11DB0, 0x11DB2), (0x323B0, 0x323B2),  # 17.0
) + list("\u0378\u00ad\u200b\u2066\ue000\U000e0001\U0010ffff\u061c\u180e\u0085")
ASCII = list("abcXYZ09-.")
POOLS = [LETTERS, IGNORABLE, DIGITS, SPACES, NFKC, PRINTABLE, ASCII, ASCII]


def text(n=None, pools=POOLS):
    n = r.randint(1, 8) if n is None else n
    return "".join(r.choice(r.choice(pools)) for _ in range(n))


def host():
    k = r.random()
    if k < 0.3:
        # Around a sigma: cased, ignorable, sigma, ignorable, cased.
        return "".join(r.choice(p) for p in
                       [LETTERS + ASCII, IGNORABLE + ASCII, ["\u03a3"],
                        IGNORABLE + ASCII + [""], LETTERS + ASCII + [""]])
    return text(None, [LETTERS, LETTERS, IGNORABLE, ASCII, DIGITS, PRINTABLE])


def port():
    k = r.random()
    if k < 0.1:
        n = r.choice([4299, 4300, 4301, 5000])
        return r.choice(["", " ", "+", "-"]) + r.choice(DIGITS[:10]) * n + r.choice(["", " ", "x", "_1"])
    core = "".join(r.choice(DIGITS) for _ in range(r.randint(1, 5)))
    if r.random() < 0.2:
        i = r.randint(0, len(core))
        core = core[:i] + "_" + core[i:]
    return (r.choice(["", "", "+", "-"]) + core).join(
        [text(r.randint(0, 2), [SPACES]), text(r.randint(0, 2), [SPACES])])


def netloc():
    k = r.random()
    h = host()
    if k < 0.3:
        h = text(None, [NFKC, LETTERS, ASCII, ASCII]) + h
    if r.random() < 0.3:
        h = text(r.randint(1, 3)) + "@" + h
    if r.random() < 0.4:
        h = h + ":" + port()
    return h


def value():
    k = r.random()
    if k < 0.4:
        return [text() for _ in range(r.randint(1, 2))]
    if k < 0.7:
        return {"dict": [[text(), text()]]}
    if k < 0.85:
        return text()
    return r.choice([1, None, {"bytes": "e29c93"}])


def call():
    k = r.random()
    scheme = r.choice(["http", "https", "ftp", "s3", ""])
    url = "%s//%s/%s" % (scheme + ":" if scheme else "", netloc(), text(r.randint(0, 2)))
    if k < 0.35:
        return {"fn": "urlsplit.hostname", "args": [url]}
    if k < 0.5:
        return {"fn": "urlsplit.port", "args": [url]}
    if k < 0.6:
        return {"fn": r.choice(["urlsplit", "urlparse", "urldefrag.url"]), "args": [url]}
    if k < 0.65:
        return {"fn": "urljoin", "args": [url, "//" + netloc() + "/x"]}
    if k < 0.7:
        # int(bytes): ASCII digits and whitespace only.
        port = "".join(r.choice("0123456789 \t\x0b\x0c\x1c_+-") for _ in range(r.randint(1, 6)))
        url = "http://h:%s/" % port
        return {"fn": "urlparse.port", "args": [{"bytes": url.encode("ascii").hex()}]}
    if k < 0.78:
        wrapped = "".join([text(r.randint(0, 2), [SPACES]), r.choice(["<URL:", "<", "URL:", ""]),
                           text(r.randint(0, 2), [SPACES]), text(), text(r.randint(0, 2), [SPACES]),
                           r.choice([">", ""]), text(r.randint(0, 2), [SPACES])])
        arg = wrapped if r.random() < 0.8 else value()
        return {"fn": "unwrap", "args": [arg]}
    if k < 0.95:
        pairs = [[text(), value()] for _ in range(r.randint(1, 3))]
        c = {"fn": "urlencode", "args": [pairs]}
        kw = {}
        if r.random() < 0.3:
            kw["doseq"] = True
        if r.random() < 0.3:
            kw["encoding"] = r.choice(["ascii", "latin-1"])
            kw["errors"] = r.choice(["strict", "replace", "backslashreplace"])
        if kw:
            c["kwargs"] = kw
        return c
    return {"fn": "urlunparse", "args": [["http", netloc(), "/p", value(), "q", ""]]}


for _ in range(int(sys.argv[2])):
    print(json.dumps(call(), ensure_ascii=False))
