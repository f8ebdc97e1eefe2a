"""CPython's own answers for the extension's tests: run by each release's
interpreter (never with urlsyntax on the path), it reads a JSON list of
texts on stdin and prints, for each function the extension has, every
text's answer as JSON (an exception as CPython's last traceback line).
"""

import json
import sys
import urllib.parse as up

BASES = ["http://a/b/c/d;p?q", "https://h.example/x/y?z#f"]


def raised(e):
    return "%s: %s" % (type(e).__name__, e)


def split(f, url):
    try:
        r = f(url)
    except Exception as e:  # the split itself raised: only `error`
        return {"values": None, "error": raised(e)}
    values = list(r) + [r.username, r.password, r.hostname]
    try:
        port, error = r.port, None
    except ValueError as e:
        port, error = None, raised(e)
    return {"values": values + [port], "error": error}


def call(f, *args):
    try:
        return {"ok": f(*args)}
    except Exception as e:
        return {"raised": raised(e)}


def main():
    texts = json.load(sys.stdin)
    out = {
        "release": "%d.%d.%d" % sys.version_info[:3],
        "urlsplit": [split(up.urlsplit, t) for t in texts],
        "urlparse": [split(up.urlparse, t) for t in texts],
        "quote": [call(up.quote, t) for t in texts],
        "quote_plus": [call(up.quote_plus, t) for t in texts],
        "unquote": [call(up.unquote, t) for t in texts],
        "unquote_plus": [call(up.unquote_plus, t) for t in texts],
        "parse_qsl": [call(lambda q: [list(p) for p in up.parse_qsl(q)], t) for t in texts],
        "urljoin": [[call(up.urljoin, b, t) for b in BASES] + [call(up.urljoin, t, "../g?x#y")] for t in texts],
    }
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
