"""`urlsyntax split` in CPython: the same records, byte for byte.

Reads FILE as the command documents (lines end at b"\\n", one b"\\r" before
it dropped, strict UTF-8) and writes one JSON line a URL with the keys in
the command's order, as json.dumps(..., ensure_ascii=False,
separators=(",", ":")) prints them. Usage: python3 split_lines.py FILE
"""
import json
import sys
from urllib.parse import urlsplit

NAMES = ["scheme", "netloc", "path", "query", "fragment",
         "username", "password", "hostname", "port", "error"]


def main(path):
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    data = open(path, "rb").read()
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    out = []
    for n, raw in enumerate(lines, 1):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        rec = {"line": n}
        try:
            url = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            rec["url"] = raw.decode("utf-8", "replace")
            rec.update(dict.fromkeys(NAMES))
            rec["error"] = f"{type(e).__name__}: {e}"
            out.append(dumps(rec))
            continue
        rec["url"] = url
        try:
            r = urlsplit(url)
        except Exception as e:
            rec.update(dict.fromkeys(NAMES))
            rec["error"] = f"{type(e).__name__}: {e}"
            out.append(dumps(rec))
            continue
        rec["scheme"], rec["netloc"], rec["path"], rec["query"], rec["fragment"] = r
        rec["username"] = r.username
        rec["password"] = r.password
        rec["hostname"] = r.hostname
        try:
            rec["port"] = r.port
            rec["error"] = None
        except Exception as e:
            rec["port"] = None
            rec["error"] = f"{type(e).__name__}: {e}"
        out.append(dumps(rec))
    out.append("")
    sys.stdout.write("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1])
