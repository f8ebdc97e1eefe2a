"""Writes calls that make `unicode_escape` read `\\N{...}` escapes: `unquote`
of the percent-escaped bytes of escapes with every name the running
release gives (`namereplace` on every code point, aliases and named
sequences included), each in some spelling (as written, lower case, title
case, with lower-case hex digits, a digit too many, one byte dropped or
added), the algorithmic names of Hangul syllables and unified ideographs,
and names that only later releases have.

Sixteen escapes a call under `errors="replace"` (an unknown name is one
U+FFFD and decoding goes on), and a sample one a call under `strict`,
`ignore` and `backslashreplace`. Seeded and deterministic for a given
interpreter.

Usage: python3 tests/gen/name_escape_calls.py [SEED] > calls.jsonl
"""

import codecs
import json
import random
import sys

SEED = int(sys.argv[1]) if len(sys.argv) > 1 else 20261126
rnd = random.Random(SEED)

# Names of Unicode 10.0 to 17.0, so that earlier releases meet them, and
# the algorithmic names in the spellings 3.13.x reads (gh-80667).
LATER = ["NUSHU CHARACTER-1B170", "KHITAN SMALL SCRIPT CHARACTER-18B00",
         "CJK UNIFIED IDEOGRAPH-2EBF0", "CJK UNIFIED IDEOGRAPH-9FFF",
         "CJK UNIFIED IDEOGRAPH-31350", "CJK UNIFIED IDEOGRAPH-2EBE1",
         "CJK UNIFIED IDEOGRAPH-323B0", "CJK UNIFIED IDEOGRAPH-33479",
         "SHAKING FACE", "FACE WITH PLEADING EYES", "TANGUT IDEOGRAPH-17000",
         "TANGUT IDEOGRAPH-187F7", "TANGUT IDEOGRAPH-187FF", "tangut ideograph-18d08",
         "TANGUT IDEOGRAPH-18D1E", "TANGUT IDEOGRAPH-017000", "TANGUT COMPONENT-769",
         "EGYPTIAN HIEROGLYPH-13460", "egyptian hieroglyph-143fa",
         "EGYPTIAN HIEROGLYPH-143FB", "cjk unified ideograph-4e00",
         "CJK UNIFIED IDEOGRAPH-4e00", "CJK UNIFIED IDEOGRAPH-03400",
         "hangul syllable gag", "HANGUL SYLLABLE gAg", "Hangul Syllable Yeoss",
         "HANGUL SYLLABLE GAGG",
         "HANGUL SYLLABLE", "HANGUL SYLLABLE YEOSS", "HANGUL SYLLABLE WAENG",
         "CJK UNIFIED IDEOGRAPH-04E00", "CJK UNIFIED IDEOGRAPH-004E00",
         "CJK UNIFIED IDEOGRAPH-4E0", "CJK COMPATIBILITY IDEOGRAPH-0F900",
         "LINE FEED", "lf", "EOF", "BYTE ORDER MARK", "bom"]


def names():
    out = []
    for c in range(0x110000):
        if 0xD800 <= c <= 0xDFFF:
            continue
        r, _ = codecs.namereplace_errors(UnicodeEncodeError("ascii", chr(c), 0, 1, "x"))
        if r.startswith("\\N{"):
            out.append(r[3:-1])
    return out


def spelling(name):
    k = rnd.randrange(10)
    if k == 0:
        return name.lower()
    if k == 1:
        return name.title()
    if k == 2 and "-" in name:
        head, _, tail = name.rpartition("-")
        return head + "-" + tail.lower()
    if k == 3 and "-" in name:
        return name.replace("-", "-0", 1) if rnd.random() < 0.5 else name + "0"
    if k == 4 and len(name) > 1:
        i = rnd.randrange(len(name))
        return name[:i] + name[i + 1:]
    if k == 5:
        i = rnd.randrange(len(name) + 1)
        return name[:i] + rnd.choice("A -e1") + name[i:]
    return name


def escaped(names):
    data = "".join("\\N{%s}" % n for n in names).encode("ascii")
    return "".join("%%%02X" % b for b in data)


def call(names, errors):
    return {"fn": "unquote", "args": [escaped(names)],
            "kwargs": {"encoding": "unicode_escape", "errors": errors}}


def main():
    every = names()
    # The algorithmic names are many; a sample of them is enough.
    algorithmic = [n for n in every if n.startswith(("CJK UNIFIED", "HANGUL SYLLABLE"))]
    plain = [n for n in every if not n.startswith(("CJK UNIFIED", "HANGUL SYLLABLE"))]
    algorithmic = rnd.sample(algorithmic, 4000)
    chosen = [spelling(n) for n in plain + algorithmic + LATER]
    rnd.shuffle(chosen)
    for i in range(0, len(chosen), 16):
        print(json.dumps(call(chosen[i:i + 16], "replace")))
    for errors in ("strict", "ignore", "backslashreplace"):
        for n in rnd.sample(chosen, 300) + LATER:
            print(json.dumps(call([n], errors)))


if __name__ == "__main__":
    main()
