"""Writes seeds made of real URLs into fuzz/seeds/<target>/.

    python3 fuzz/seed_corpora.py [PER_LIST]

From each list of tests/data/corpora/ (MIT, fuzz/seeds/LICENSE-MIT), the
first URL of each shape (scheme, which parts are present, the characters
outside letters and digits), up to PER_LIST (default 150) a list:
`rfc3986_fluent` gets the URL text itself, `urllib_differential` and
`calls_protocol` get conformance calls of it (`urlsplit`, `urljoin`,
`parse_qsl` of its query, `quote` and `unquote` of its path, each with an
encoding whose bytes are not ASCII's now and then). Each seed is named by
the SHA-1 of its content, as libFuzzer names its own, so a rerun adds
nothing twice. Also the differential target's findings. Deterministic.
"""
import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPORA = os.path.join(HERE, "..", "tests", "data", "corpora")
SEEDS = os.path.join(HERE, "seeds")
PER_LIST = int(sys.argv[1]) if len(sys.argv) > 1 else 150
ENCODINGS = [None, None, None, "utf-16", "utf-7", "cp037", "iso2022_jp", "utf-32-be"]


def shape(url):
    m = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):(//)?", url)
    parts = (m.group(1).lower() if m else "", bool(m and m.group(2)),
             "?" in url, "#" in url, "@" in url, re.search(r":\d", url) is not None)
    return parts + ("".join(sorted(set(re.sub(r"[A-Za-z0-9]", "", url)))),)


def calls(url, i):
    enc = ENCODINGS[i % len(ENCODINGS)]
    kw = {"encoding": enc} if enc else {}
    path = url.split("?")[0].split("#")[0]
    query = url.split("?", 1)[1].split("#")[0] if "?" in url else "a=1&b=%20+c"
    out = [
        {"fn": "urlsplit", "args": [url]},
        {"fn": "urlparse.hostname", "args": [url]},
        {"fn": "urljoin", "args": [url, "../g?x#y"]},
        {"fn": "parse_qsl", "args": [query], "kwargs": dict(kw, keep_blank_values=True)},
        {"fn": "quote_plus", "args": [path], "kwargs": dict(kw, safe=" /")},
        {"fn": "unquote_plus", "args": [path], "kwargs": kw},
    ]
    return [json.dumps(c, ensure_ascii=False) for c in out]


def write(target, content, prefix=""):
    d = os.path.join(SEEDS, target)
    os.makedirs(d, exist_ok=True)
    data = content.encode("utf-8")
    with open(os.path.join(d, prefix + hashlib.sha1(data).hexdigest()), "wb") as f:
        f.write(data)


# The findings of the differential target, as the JSON calls it reads.
FOUND = [
    '{"fn": "quote_plus", "args": ["\u0120"], "kwargs": {"safe": " ", "encoding": "utf-16-be"}}',
    '{"fn": "quote_plus", "args": ["\uff20"], "kwargs": {"safe": " ", "encoding": "utf-16"}}',
    '{"fn": "urlencode", "args": [[{"tuple": ["a\uff20b", "\uff20"]}]], '
    '"kwargs": {"safe": " ", "encoding": "utf-16", "quote_via": "quote_plus"}}',
    '{"fn": "urlencode", "args": [{"dict": [[1, "a"], [true, "b"], ["1", "c"]]}]}',
]


def main():
    for call in FOUND:
        # found-*: kept by fuzz/run-long.sh when it minimizes the seeds.
        write("urllib_differential", call, "found-")
    for name in sorted(os.listdir(CORPORA)):
        if not name.endswith(".txt"):
            continue
        seen = set()
        with open(os.path.join(CORPORA, name), encoding="utf-8") as f:
            for line in f:
                url = line.strip("\r\n").lstrip("\ufeff")
                if not url or shape(url) in seen or len(url) > 300:
                    continue
                seen.add(shape(url))
                i = len(seen)
                write("rfc3986_fluent", url)
                cs = calls(url, i)
                # One call a seed: the differential target reads one.
                write("urllib_differential", cs[i % len(cs)])
                # The protocol target reads lines after a selector byte
                # (below 64: the raw lines; it picks the profile too).
                write("calls_protocol", chr(i % 64) + "\n".join(cs) + "\n")
                if len(seen) >= PER_LIST:
                    break


main()
