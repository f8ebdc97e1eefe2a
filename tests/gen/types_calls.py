"""Seeded generator of conformance calls that probe argument types: lists
beside tuples (`{"tuple": [...]}`) in every argument of every urllib
function, integers of any size (past 64 bits, and around the 4,300-digit
limit of `str()`), bools where ints go, and unhashable arguments (lists,
dicts, tuples holding them) in every function that reaches the
`lru_cache` of `urlsplit` (3.11 on).

    python3 tests/gen/types_calls.py SEED COUNT

Deterministic for a given seed, on every CPython from 3.6 on.
"""
import json
import random
import sys

if hasattr(sys, "set_int_max_str_digits"):
    # The calls carry ints of any size (the limit applies inside the call).
    sys.set_int_max_str_digits(0)
r = random.Random(int(sys.argv[1]))
COUNT = int(sys.argv[2])
# 3.15's keywords (gh-67041), where the answering interpreter has them.
NEW_KEYWORDS = sys.version_info >= (3, 15)


def tup(items):
    return {"tuple": items}


def b(text):
    return {"bytes": text.encode("utf-8").hex()}


def seq(items):
    """The same items as a list or as a tuple."""
    return tup(items) if r.random() < 0.5 else items


URLS = ["http://a/b/c?q=1#f", "HTTP://u:p@h:80/p;x?y#z", "//h/p", "a/b", "",
        "mailto:x@y", "http://[::1]:8/", "g?y#s", "../g", "http://h:99999/",
        "http:%41", " http://a/"]
QUERIES = ["a=1&b=2", "a=1;b=2", "", "k", "=", "a=%41+b&a=2", "x=%zz&&y"]
SMALL_INTS = [0, 1, -1, 5, 47, 127, 128, 255, 256, True, False]
BIG_INTS = [2 ** 63 - 1, 2 ** 63, -(2 ** 63) - 1, 2 ** 64, -(2 ** 64), 10 ** 40,
            -(10 ** 40), 10 ** 200, -(10 ** 200)]
# Around sys.get_int_max_str_digits(): 4,300 digits are written, 4,301 not.
EDGE_INTS = [10 ** 4299, -(10 ** 4299), 10 ** 4300, -(10 ** 4300)]


def an_int():
    k = r.random()
    if k < 0.45:
        return r.choice(SMALL_INTS)
    if k < 0.96:
        return r.choice(BIG_INTS)
    return r.choice(EDGE_INTS)


def text():
    return r.choice(URLS + QUERIES + ["%", "/", "é", "a b", "~"])


def scalar():
    k = r.random()
    if k < 0.45:
        return text()
    if k < 0.6:
        return b(text())
    if k < 0.9:
        return an_int()
    return None


def container(depth=0):
    """A list, tuple, dict or result object, maybe nested and unhashable."""
    k = r.random()
    n = r.randint(0, 3)
    if depth < 2 and k < 0.7:
        return seq([value(depth + 1) for _ in range(n)])
    if depth < 2 and k < 0.85:
        return {"dict": [[scalar() if r.random() < 0.8 else tup([scalar()]), value(depth + 1)]
                         for _ in range(n)]}
    if k < 0.93:
        return {"SplitResult": ["http", "h", "/p", "q", "f"]}
    return r.choice([[], tup([]), [[]], tup([[]]), tup([tup([])]), {"dict": []}])


def value(depth=0):
    return scalar() if r.random() < 0.55 else container(depth)


def odd():
    """A value of a type the argument does not expect."""
    return r.choice([container, an_int, lambda: r.choice([None, True, False, 0])])()


def flag():
    return r.choice([True, False, 0, 1, None, an_int(), container()])


def maybe_kw(call, name, gen, p=0.3):
    if r.random() < p:
        call.setdefault("kwargs", {})[name] = gen()


def split_like():
    fn = r.choice(["urlsplit", "urlparse"])
    url = r.choice(URLS)
    k = r.random()
    if k < 0.25:
        url = b(url)
    elif k < 0.45:
        url = odd()
    args = [url]
    scheme = r.choice(["", "http", b(""), b("ftp"), odd(), odd()])
    allow = flag()
    k = r.random()
    if k < 0.3:
        args += [scheme, allow]
    elif k < 0.5:
        args.append(scheme)
    call = {"fn": fn, "args": args}
    if len(args) == 1:
        maybe_kw(call, "scheme", lambda: scheme, 0.5)
        maybe_kw(call, "allow_fragments", lambda: allow, 0.6)
    if NEW_KEYWORDS:
        maybe_kw(call, "missing_as_none", flag, 0.4)
    if r.random() < 0.4:
        call["fn"] += "." + r.choice(["scheme", "netloc", "port", "hostname", "geturl",
                                      "username", "fragment"])
    return call


def join():
    base, url = r.choice(URLS), r.choice(URLS)
    if r.random() < 0.2:
        base, url = b(base), b(url)
    if r.random() < 0.25:
        if r.random() < 0.5:
            base = odd()
        else:
            url = odd()
    call = {"fn": "urljoin", "args": [base, url]}
    if r.random() < 0.2:
        call["args"].append(flag())
    else:
        maybe_kw(call, "allow_fragments", flag, 0.6)
    return call


def defrag():
    arg = r.choice([r.choice(URLS), b(r.choice(URLS)), odd()])
    call = {"fn": "urldefrag", "args": [arg]}
    if NEW_KEYWORDS:
        maybe_kw(call, "missing_as_none", flag, 0.4)
    if r.random() < 0.3:
        call["fn"] += "." + r.choice(["url", "fragment", "geturl"])
    return call


def unsplit():
    n = r.choice([5, 6])
    fn = "urlunsplit" if n == 5 else "urlunparse"
    parts = [r.choice(["http", "", "s3"]), r.choice(["h", "", "u@h:1"]),
             r.choice(["/p", "p", "//x", ""]), r.choice(["q", ""]), r.choice(["f", ""])]
    if NEW_KEYWORDS and r.random() < 0.3:
        parts = [None if p == "" and r.random() < 0.6 else p for p in parts]
    if n == 6:
        parts.insert(3, r.choice(["", "x"]))
    k = r.random()
    if k < 0.2:
        parts = [b(p) if p is not None else None for p in parts]
    elif k < 0.6:
        i = r.randrange(n)
        parts[i] = odd() if r.random() < 0.8 else an_int()
    if r.random() < 0.05:
        parts = parts[:-1]
    k = r.random()
    if k < 0.45:
        comps = tup(parts)
    elif k < 0.9:
        comps = parts
    elif n == 5:
        comps = {"SplitResult": ["http", "h", "/p", "q", "f"]}
    else:
        comps = odd()
    call = {"fn": fn, "args": [comps]}
    if NEW_KEYWORDS:
        maybe_kw(call, "keep_empty", flag, 0.4)
    return call


def unwrap():
    return {"fn": "unwrap", "args": [value() if r.random() < 0.8 else r.choice(URLS)]}


def parse_q():
    fn = r.choice(["parse_qs", "parse_qsl"])
    k = r.random()
    qs = r.choice(QUERIES) if k < 0.5 else b(r.choice(QUERIES)) if k < 0.7 else odd()
    call = {"fn": fn, "args": [qs]}
    maybe_kw(call, "max_num_fields", lambda: an_int() if r.random() < 0.85 else odd(), 0.6)
    maybe_kw(call, "keep_blank_values", flag, 0.3)
    maybe_kw(call, "strict_parsing", flag, 0.15)
    maybe_kw(call, "separator", lambda: r.choice(["&", ";", b("&"), seq(["&"]), odd()]), 0.25)
    return call


def quote():
    fn = r.choice(["quote", "quote_plus", "quote_from_bytes"])
    k = r.random()
    arg = text() if k < 0.4 else b(text()) if k < 0.75 else odd()
    call = {"fn": fn, "args": [arg]}
    maybe_kw(call, "safe", lambda: seq([r.choice([an_int(), an_int(), "a", True])
                                        for _ in range(r.randint(0, 3))])
             if r.random() < 0.7 else odd(), 0.6)
    return call


def unquote():
    fn = r.choice(["unquote", "unquote_plus", "unquote_to_bytes"])
    arg = odd() if r.random() < 0.7 else seq([r.choice(["%", "a", an_int()])])
    return {"fn": fn, "args": [arg]}


def pair():
    items = [scalar() if r.random() < 0.8 else container(1), value()]
    k = r.random()
    if k < 0.8:
        return tup(items)
    if k < 0.95:
        return items
    return r.choice([tup(items[:1]), tup(items + [1]), "ab", an_int()])


def urlencode():
    k = r.random()
    n = r.randint(0, 4)
    if k < 0.6:
        query = [pair() for _ in range(n)]
    elif k < 0.75:
        query = tup([pair() for _ in range(n)])
    elif k < 0.9:
        query = {"dict": [[text() + str(i), value()] for i in range(n)]}
    else:
        query = odd()
    call = {"fn": "urlencode", "args": [query]}
    maybe_kw(call, "doseq", flag, 0.5)
    maybe_kw(call, "safe", lambda: r.choice(["", "/", b("/"), seq([47]), odd()]), 0.2)
    maybe_kw(call, "quote_via", lambda: r.choice(["quote", "quote_plus", "quote_from_bytes"]), 0.2)
    return call


GENS = ([split_like] * 5 + [join] * 3 + [defrag, unwrap] + [unsplit] * 3 + [parse_q] * 2
        + [quote] * 2 + [unquote] + [urlencode] * 4)


def main():
    out = sys.stdout
    for _ in range(COUNT):
        out.write(json.dumps(r.choice(GENS)(), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
