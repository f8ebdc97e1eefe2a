"""Generates conformance calls for the query-string and quoting functions.

    python3 tests/gen/qs_calls.py [COUNT] [SEED] > calls.jsonl

Seeded and deterministic (the same COUNT and SEED give the same lines on
any CPython 3). The text is hostile on purpose: broken escapes, escapes of
invalid UTF-8, astral characters, NUL, DEL, `+`, `&`/`;` mixtures, empty
names and values, bytes, odd separators, max_num_fields edges, unknown
encodings and error handlers, arguments of the wrong type, lists beside
tuples (`{"tuple": [...]}`) and integers beyond 64 bits.
"""
import json
import random
import sys

COUNT = int(sys.argv[1]) if len(sys.argv) > 1 else 60000
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 20240601
rnd = random.Random(SEED)

ATOMS = [
    "a", "b", "key", "x", "1", "=", "==", "&", ";", "&&", ";;", "+", "++", " ",
    "%", "%4", "%zz", "%%", "%41", "%4a", "%4A", "%20", "%2B", "%26", "%3D",
    "%3b", "%C3%A9", "%c3", "%A9", "%E2%82%AC", "%E2%82", "%F0%9F%98%80",
    "%F0%9F%98", "%ED%A0%80", "%ED%BF%BF", "%C0%80", "%C1%BF", "%E0%80%80",
    "%F4%90%80%80", "%F5", "%FF", "%ff%fe", "%80", "%00", "%7F", "%0A", "%e9",
    "é", "ñ", "€", "😀", "\U0010FFFF", "\x00", "\x7f", "\x80", "\u00a0",
    "\t", "\n", "\r", "/", "?", "#", ":", "@", "~", "-", "_", ".", "!", "*",
    "'", "(", ")", ",", "$", "\\", "\"", "<", ">", "[", "]", "{", "}", "|",
    "^", "`", "El Niño", "Ni%C3%B1o", "a=1", "b=2", "c=", "=d", "a=1&b=2",
    "a=1;b=2", "x=%", "%=%", "+=+", "k=v+w", "\u0130", "\ufeff", "\ud7ff",
]
SEPARATORS = ["&", ";", "&;", "=", "+", "%", "a", "é", "&&", "😀", " ", "\x00"]
ENCODINGS = [
    "utf-8", "UTF-8", "utf8", "UTF8", "utf_8", "U8", " utf-8 ", "utf--8",
    "latin-1", "latin1", "L1", "iso-8859-1", "ISO8859-1", "8859", "cp819",
    "ascii", "ASCII", "us-ascii", "646", "us", "bogus", "", "utf-9", "utf.8",
    "latin_2_x",
]
ERRORS = [
    "strict", "replace", "ignore", "backslashreplace", "xmlcharrefreplace",
    "bogus", "", "Strict", "REPLACE",
]
SAFES = ["", "/", "/:", "&=", " ", "+", "%", "é/", "~", "abc", "!$&'()*+,;="]


def text(n=None):
    n = rnd.randint(0, 8) if n is None else n
    return "".join(rnd.choice(ATOMS) for _ in range(n))


def to_bytes(s):
    b = s.encode("utf-8")
    if rnd.random() < 0.3:
        b += bytes(rnd.choice([0x80, 0xff, 0xc3, 0xe9, 0x00, 0x7f]) for _ in range(rnd.randint(1, 3)))
    return {"bytes": b.hex()}


def strish():
    return to_bytes(text()) if rnd.random() < 0.3 else text()


def tup(items):
    return {"tuple": items}


def seq(items):
    """A tuple or, less often, a list of the same items."""
    return tup(items) if rnd.random() < 0.6 else items


BIG_INTS = [2 ** 64, -(2 ** 64), 2 ** 63, -(2 ** 63) - 1, 10 ** 40, -(10 ** 200)]


def wrong():
    return rnd.choice([None, 0, 1, 7, True, False, [], ["a"], {"dict": []}, -1,
                       tup([]), tup(["a"]), 2 ** 64])


def maybe(kwargs, name, gen, p=0.3):
    if rnd.random() < p:
        kwargs[name] = gen()


# Handlers that only re-raise when encoding text without surrogates (when
# decoding they would give lone surrogates, which JSON answers cannot carry).
ENCODE_ONLY_ERRORS = ["surrogateescape", "surrogatepass"]


def codec_kwargs(kwargs, p=0.35, encoding=False):
    names = ERRORS + ENCODE_ONLY_ERRORS if encoding else ERRORS
    maybe(kwargs, "encoding", lambda: rnd.choice(ENCODINGS) if rnd.random() < 0.93 else wrong(), p)
    maybe(kwargs, "errors", lambda: rnd.choice(names) if rnd.random() < 0.93 else wrong(), p)


def gen_parse():
    fn = rnd.choice(["parse_qs", "parse_qsl"])
    q = text(rnd.randint(0, 12))
    kwargs = {}
    maybe(kwargs, "keep_blank_values", lambda: rnd.choice([True, False, 1, 0, "", "x", None]))
    maybe(kwargs, "strict_parsing", lambda: rnd.choice([True, False, 1, 0, None]), 0.2)
    codec_kwargs(kwargs, 0.25)
    maybe(kwargs, "max_num_fields", lambda: rnd.choice(
        [None, 0, 1, 2, 3, 5, -1, 10 ** 18, True, False] + BIG_INTS if rnd.random() < 0.95
        else ["1", [1], tup([1])]), 0.25)
    maybe(kwargs, "separator", lambda: rnd.choice(SEPARATORS) if rnd.random() < 0.85 else rnd.choice(
        [{"bytes": "26"}, {"bytes": "3b"}, {"bytes": ""}, "", {"bytes": "ff"}, None, 5, ["&"],
         tup(["&"]), tup([]), []]), 0.3)
    r = rnd.random()
    if r < 0.3:
        arg = to_bytes(q)
    elif r < 0.33:
        arg = wrong()
    else:
        arg = q
    args = [arg]
    if rnd.random() < 0.05:
        args.append(rnd.choice([True, False]))
    return {"fn": fn, "args": args, "kwargs": kwargs}


def gen_quote():
    fn = rnd.choice(["quote", "quote_plus", "quote", "quote_from_bytes"])
    r = rnd.random()
    if fn == "quote_from_bytes":
        arg = to_bytes(text()) if r < 0.9 else rnd.choice([text(), wrong()])
    else:
        arg = text() if r < 0.6 else to_bytes(text()) if r < 0.95 else wrong()
    kwargs = {}
    maybe(kwargs, "safe", lambda: rnd.choice(SAFES) if rnd.random() < 0.7 else rnd.choice(
        [{"bytes": "2f"}, {"bytes": "2fff"}, {"bytes": ""}, None, 5, seq([47, 200]), seq([-1]),
         seq(["a"]), seq([True]), seq([2 ** 64, 47]), seq([-(2 ** 64)]), seq([])]), 0.4)
    if fn != "quote_from_bytes":
        codec_kwargs(kwargs, 0.3, encoding=True)
    return {"fn": fn, "args": [arg], "kwargs": kwargs}


def gen_unquote():
    fn = rnd.choice(["unquote", "unquote_plus", "unquote_to_bytes"])
    r = rnd.random()
    arg = text(rnd.randint(0, 10)) if r < 0.7 else to_bytes(text()) if r < 0.95 else rnd.choice(
        [None, 0, 3, [], ["%"], ["a"], {"dict": [["%", 1]]}, True, tup([]), tup(["%"]),
         tup(["a"]), 2 ** 64])
    kwargs = {}
    if fn != "unquote_to_bytes":
        codec_kwargs(kwargs, 0.4)
    return {"fn": fn, "args": [arg], "kwargs": kwargs}


def scalar():
    r = rnd.random()
    if r < 0.55:
        return text(rnd.randint(0, 4))
    if r < 0.75:
        return to_bytes(text(rnd.randint(0, 3)))
    return rnd.choice([0, 1, -5, 10 ** 18, True, False, None] + BIG_INTS)


def value(depth=0):
    r = rnd.random()
    if r < 0.7 or depth > 1:
        return scalar()
    if r < 0.9:
        return seq([value(depth + 1) for _ in range(rnd.randint(0, 3))])
    keys = sorted({text(2) for _ in range(rnd.randint(0, 2))})
    return {"dict": [[k, value(depth + 1)] for k in keys]}


def gen_urlencode():
    kwargs = {}
    r = rnd.random()
    n = rnd.randint(0, 4)
    if r < 0.3:
        keys = []
        for _ in range(n):
            k = text(rnd.randint(0, 3))
            if k not in keys:
                keys.append(k)
        query = {"dict": [[k, value()] for k in keys]}
    elif r < 0.93:
        # Pairs are tuples; a list pair is refused first, taken later.
        query = [tup([scalar(), value()]) if rnd.random() < 0.9 else [scalar(), value()]
                 for _ in range(n)]
        if query and rnd.random() < 0.1:
            query.append(rnd.choice([tup(["a"]), tup(["a", "b", "c"]), ["a", "b"], "ab", "abc",
                                     {"bytes": "6162"}, 5, None]))
        if rnd.random() < 0.3:
            query = tup(query)
    else:
        query = rnd.choice(["", "ab", {"bytes": ""}, 5, None, ["ab"], [], {"dict": []}, tup([]),
                            tup(["ab"]), 2 ** 64])
    maybe(kwargs, "doseq", lambda: rnd.choice([True, False, 1, 0]), 0.5)
    maybe(kwargs, "safe", lambda: rnd.choice(SAFES + [{"bytes": "2f"}, {"bytes": "20"}]), 0.3)
    codec_kwargs(kwargs, 0.25)
    maybe(kwargs, "quote_via", lambda: rnd.choice(["quote", "quote_plus", "quote_from_bytes"]), 0.3)
    # str() of a tuple or dict shows repr(): keep to characters whose
    # printability the crate's repr knows (no unassigned code points).
    return json.loads(json.dumps({"fn": "urlencode", "args": [query], "kwargs": kwargs})
                      .replace("\\ud7ff", "\\ud7fb"))


GENS = [gen_parse] * 4 + [gen_quote] * 3 + [gen_unquote] * 3 + [gen_urlencode] * 2


def main():
    out = sys.stdout
    for _ in range(COUNT):
        call = rnd.choice(GENS)()
        if not call["kwargs"]:
            del call["kwargs"]
        out.write(json.dumps(call, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
