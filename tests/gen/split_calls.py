"""Seeded generator of conformance calls for the URL-structure functions.

    python3 tests/gen/split_calls.py [--seed N] [--count N]

Prints one JSON call a line: urlsplit, urlparse (and their attribute
calls), urlunsplit, urlunparse, urljoin, urldefrag, unwrap, on hostile
URL-shaped text: control characters, Unicode that NFKC maps onto /?#@:,
brackets, odd ports, backslashes, repeated //, empty parts, bytes input and
mixed argument types. Deterministic for a given seed; any Python 3 runs it.
"""
import argparse
import json
import random
import sys

# 3.15's keywords (gh-67041): the calls use them where the interpreter
# that answers has them.
NEW_KEYWORDS = sys.version_info >= (3, 15)

SCHEMES = ["http", "HTTP", "https", "ftp", "file", "mailto", "news", "nntp",
           "s3", "git+ssh", "svn+ssh", "itms-services", "rtsps", "rtsp", "sip",
           "tel", "ws", "wss", "imap", "prospero", "1abc", "+x", "a b", "Ab-c.d",
           "x", "javascript", "data", "urn", "", "h\u0131tp", "\u00e9"]
SEPS = [":", "://", ":/", ":///", "//", "", ":////", ":\\\\", "://:"]
USERINFO = ["", "", "", "user@", "u:p@", "@", "a@b@", ":@", "u:@", "us:pa:ss@",
            "User:P%40ss@", "\u2100@", "u\uff20x@", "1.1.1.1 &@", "a b@"]
HOSTS = ["a", "www.Example.COM", "[::1]", "[::1", "::1]", "[v1.x]", "[v1.]",
         "[1.2.3.4]", "[fe80::1%eth0]", "[FE80::A%Zone]", "[::ffff:1.2.3.4]",
         "[]", "[g::]", "[v.x]", "[V1.x]", "[1:2:3:4:5:6:7:8]", "[1::2::3]",
         "[::1%]", "[::1%a%b]", "[::1]x", "x[::1]", "prefix.[v1.example]",
         "1.1.1.1", "ex\u2100ample", "a\uff03b", "\uff0f", "\u00fcn\u00efcode",
         "", "h\\x", "%41", "EXAMPLE.org", "\u0130stanbul", "\u03a3A\u03a3",
         "a\ufe16b", "x\uff1ay", "\u2474", "[\u2100]", "[::1]]", "[[::1]",
         "2.2.2.2# @3.3.3.3", "\u1e9e", "\ufb01le"]
PORTS = ["", "", "", ":", ":80", ":0", ":65535", ":65536", ":-1", ":0x10",
         ": 1", ":\u0967\u0968", ":99999999999999999999", ":8_0", ":+8",
         ":abc", ":080", ":1 ", ":\u0968\u0966", ":-0", ":\uff18\uff10",
         ":8:9", ":\t8"]
PATHS = ["", "/", "/a/b", "a/b", "//x", "///", "/a;p", ";x", "/a;b/c;d",
         "/../..", "./x", "\\a\\b", "/%7e", "/\u00e4", "/a b", "/a/./b/../c",
         "..", ".", "/;", "/a;b;c", "//", "/\uff0f", "/ \t"]
QUERIES = ["", "", "?", "?a=1&b=2", "??", "?#", "?q;r", "?\u00e9"]
FRAGS = ["", "", "#", "#f", "#f#g", "#?x", "#\u00e9"]
CONTROLS = ["\x00", "\x01", "\x1f", " ", "\t", "\n", "\r", "\x0b", "\x0c", "\x7f",
            "\x85", "\xa0", "\u3000"]
ATTRS = ["scheme", "netloc", "path", "query", "fragment", "username",
         "password", "hostname", "port", "port", "port", "hostname", "geturl",
         "geturl"]
RELS = ["g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s",
        "g?y#s", ";x", "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g",
        "../..", "../../", "../../g", "../../../g", "../../../../g", "/./g",
        "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h",
        "g/../h", "g;x=1/./y", "g;x=1/../y", "http:g", "http:", "http://x",
        "//x/y", "https://a/b", "a/b/../../../c", "\\..\\g", "....//g",
        "%2e%2e/g", "?", "#", "///g", "..//g"]


def rand_url(r):
    if r.random() < 0.08:
        return r.choice(["", " ", "//", ":", "::", "#", "?", "[", "]", "@",
                         "http:", "http://", "a:b:c", "1:2", "mailto:x@y",
                         "//[::1]:80", "\\\\server\\share"])
    s = r.choice(SCHEMES)
    s += r.choice(SEPS) if s else r.choice(["", "//", "//", "/"])
    u = s + r.choice(USERINFO) + r.choice(HOSTS) + r.choice(PORTS)
    path = r.choice(PATHS)
    if r.random() < 0.2:
        # Long URLs (past one and two 64-byte blocks of the splitting scan),
        # with the query or fragment early or late.
        path += "/seg" * r.randint(10, 60)
    query, frag = r.choice(QUERIES), r.choice(FRAGS)
    if r.random() < 0.1:
        query += "&k=v" * r.randint(10, 40)
    u += path + query + frag
    if r.random() < 0.25:
        u = "".join(r.choice(CONTROLS) for _ in range(r.randint(1, 3))) + u
    if r.random() < 0.2:
        for _ in range(r.randint(1, 3)):
            i = r.randint(0, len(u))
            u = u[:i] + r.choice(CONTROLS) + u[i:]
    if r.random() < 0.05:
        u = u.upper()
    return u


def to_bytes(r, s):
    try:
        b = s.encode("ascii")
    except UnicodeEncodeError:
        b = s.encode("utf-8") if r.random() < 0.5 else s.encode("ascii", "replace")
    return {"bytes": b.hex()}


def maybe_bytes(r, s, p=0.15):
    return to_bytes(r, s) if r.random() < p else s


def odd_value(r):
    return r.choice([None, 0, False, True, 1, [], {"bytes": ""}, "", [""],
                     {"dict": []}, {"bytes": "ff"}, {"tuple": []}, {"tuple": [""]},
                     {"tuple": [[]]}, 2 ** 64])


def split_call(r, fn):
    url = rand_url(r)
    call = {"fn": fn, "args": [url]}
    kw = {}
    if r.random() < 0.2:
        kw["scheme"] = r.choice(["http", "ftp", " x\t", "", "HTTPS", "s3", None])
    if r.random() < 0.2:
        kw["allow_fragments"] = r.choice([False, True, 0, None, 1])
    if r.random() < 0.18:
        call["args"] = [to_bytes(r, url)]
        if kw.get("scheme") is not None and r.random() < 0.7:
            kw["scheme"] = to_bytes(r, kw["scheme"])
    if r.random() < 0.03:
        call["args"] = [odd_value(r)]
    if r.random() < 0.03:
        kw["scheme"] = odd_value(r)
    if r.random() < 0.1 and kw:
        call["args"] += [kw.pop("scheme", "")]
    if NEW_KEYWORDS and r.random() < 0.4:
        kw["missing_as_none"] = r.choice([True, True, True, False, 1, 0, None])
    if kw:
        call["kwargs"] = kw
    if r.random() < 0.6:
        attrs = ATTRS + (["params"] if fn == "urlparse" else [])
        call["fn"] = fn + "." + r.choice(attrs)
    return call


def components(r, n):
    url = rand_url(r)
    parts = [r.choice(SCHEMES).lower(), r.choice(USERINFO) + r.choice(HOSTS) + r.choice(PORTS),
             r.choice(PATHS), r.choice(QUERIES)[1:], r.choice(FRAGS)[1:]]
    if r.random() < 0.3:
        parts[1] = ""
    if r.random() < 0.3:
        parts[0] = ""
    if n == 6:
        parts.insert(3, r.choice(["", "p", "a=1;b", ";"]))
    if r.random() < 0.15:
        parts = [to_bytes(r, p) for p in parts]
    elif r.random() < 0.08:
        i = r.randrange(n)
        parts[i] = odd_value(r) if r.random() < 0.7 else to_bytes(r, parts[i])
    if NEW_KEYWORDS and r.random() < 0.2:
        # Absent components, as missing_as_none gives them.
        for i in range(n):
            if parts[i] == "" and r.random() < 0.6:
                parts[i] = None
    if r.random() < 0.02:
        parts = parts[:-1] if r.random() < 0.5 else parts + [""]
    if r.random() < 0.02:
        return url
    # Any sequence of parts: mostly a tuple, as urlsplit returns them.
    return {"tuple": parts} if r.random() < 0.8 else parts


def gen(r):
    k = r.random()
    if k < 0.22:
        return split_call(r, "urlsplit")
    if k < 0.44:
        return split_call(r, "urlparse")
    if k < 0.62:
        n = 5 if k < 0.54 else 6
        call = {"fn": "urlunsplit" if n == 5 else "urlunparse", "args": [components(r, n)]}
        if NEW_KEYWORDS and r.random() < 0.4:
            call["kwargs"] = {"keep_empty": r.choice([True, True, False, 1, 0, None])}
        return call
    if k < 0.84:
        base = rand_url(r) if r.random() < 0.5 else r.choice(
            ["http://a/b/c/d;p?q", "https://h/x/y", "file:///tmp/a/b",
             "s3://bucket/a/b", "ftp://u@h/a/", "http://a", "mailto:x@y",
             "git+ssh://h/r/p", "//h/a/b", "a/b/c", "http:/a/b", "HTTP://A/B/C",
             "svn+ssh://h/a/b/c"])
        rel = r.choice(RELS) if r.random() < 0.6 else rand_url(r)
        if r.random() < 0.1:
            rel = "/".join(r.choice(["..", ".", "a", "", "b"]) for _ in range(r.randint(1, 8)))
        args = [base, rel]
        if r.random() < 0.12:
            args = [to_bytes(r, base), to_bytes(r, rel)]
        elif r.random() < 0.03:
            i = r.randrange(2)
            args[i] = to_bytes(r, args[i]) if r.random() < 0.5 else odd_value(r)
        call = {"fn": "urljoin", "args": args}
        if r.random() < 0.1:
            call["kwargs"] = {"allow_fragments": r.choice([False, 0, True])}
        return call
    if k < 0.94:
        call = {"fn": "urldefrag", "args": [maybe_bytes(r, rand_url(r))]}
        if NEW_KEYWORDS and r.random() < 0.4:
            call["kwargs"] = {"missing_as_none": r.choice([True, True, False, 1, None])}
        if r.random() < 0.4:
            call["fn"] = "urldefrag." + r.choice(["url", "fragment", "geturl", "port"])
        if r.random() < 0.01:
            call["args"] = [odd_value(r)]
        return call
    u = rand_url(r)
    u = r.choice(["<URL:%s>", "<%s>", "URL:%s", " <URL: %s > ", "%s", "\x1c<%s>\x1f",
                  "< URL:%s>"]) % u
    return {"fn": "unwrap", "args": [maybe_bytes(r, u, 0.1) if r.random() > 0.02 else odd_value(r)]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=2)
    ap.add_argument("--count", type=int, default=60000)
    a = ap.parse_args()
    r = random.Random(a.seed)
    for _ in range(a.count):
        print(json.dumps(gen(r), ensure_ascii=False))


if __name__ == "__main__":
    main()
