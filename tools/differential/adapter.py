"""An adapter for `urlsyntax diff`: any urlsplit-like function answering
the calls protocol (docs/differential.md).

    urlsyntax diff --python 3.13 --fn urlsplit --fn urlsplit.hostname -- \
        python3 tools/differential/adapter.py urllib.parse:urlsplit

The function takes a URL and returns an object with the attributes scheme,
netloc, path, query and fragment (and hostname and port, for those calls);
raising means it refuses the URL. Other calls are answered unsupported.
"""
import importlib
import json
import sys

module, _, name = sys.argv[1].rpartition(":")
split = getattr(importlib.import_module(module), name)
FIELDS = ("scheme", "netloc", "path", "query", "fragment")

for line in sys.stdin:
    call = json.loads(line)
    fn, _, attr = call["fn"].partition(".")
    args = call.get("args") or []
    if fn != "urlsplit" or call.get("kwargs") or len(args) != 1 or not isinstance(args[0], str) \
            or attr not in ("",) + FIELDS + ("hostname", "port"):
        answer = {"unsupported": "urlsplit(str) and its attributes only"}
    else:
        try:
            r = split(args[0])
            answer = {"ok": getattr(r, attr) if attr else {"SplitResult": [getattr(r, f) for f in FIELDS]}}
        except Exception:
            answer = {"error": "ValueError"}
    sys.stdout.write(json.dumps(answer) + "\n")
