"""Rewrites a URL list into lists of other shapes, for benches/check_split.sh.

    python3 benches/shapes.py [--from FILE] [--count N] OUTDIR

Each output file holds the first N URLs of FILE (default: the web list,
tests/data/corpora/kasztp.txt) rewritten one way, one URL a line:

  domains      host names alone, without www. (no scheme, no path)
  noscheme     host and path without the scheme (www.example.com/a/b)
  rel          the path and query alone (/a/b?q)
  upper        the scheme in capitals (HTTP://...)
  qf           a query and a fragment on every URL
  long         the path repeated to about 110 bytes on average
  vlong        a query of 3 to 10 parameters appended
  idn-host     an internationalized label before the host
  nonascii-path a non-ASCII last path segment

The rewriting is deterministic (seeded) and uses CPython's urlsplit and
urlunsplit, so any Python 3 runs it. These are the shapes where urlsplit's
ratio to CPython moves most; see README.md, "Speed".
"""
import argparse
import os
import random
import urllib.parse as up

WORDS = ["bücher", "münchen", "例え", "テスト", "пример", "café", "straße",
         "日本語", "ñandú", "δοκιμή"]


def shapes(urls, rng):
    parts = [up.urlsplit(u) for u in urls]
    unsplit = up.urlunsplit
    out = {}
    hosts = sorted({p.netloc for p in parts} - {""})
    out["domains"] = [h[4:] if h.startswith("www.") else h for h in hosts]
    rng.shuffle(out["domains"])
    out["noscheme"] = [p.netloc + p.path for p in parts if p.netloc]
    out["rel"] = [p.path + ("?" + p.query if p.query else "") for p in parts if p.path]
    out["upper"] = [u.split(":", 1)[0].upper() + ":" + u.split(":", 1)[1]
                    for u in urls if ":" in u]
    out["qf"] = [unsplit((p.scheme, p.netloc, p.path, "a=1&b=two", "frag")) for p in parts]
    out["long"] = [unsplit((p.scheme, p.netloc, (p.path + "/segment") * 6, p.query, p.fragment))
                   for p in parts]
    vlong = []
    for u in urls:
        q = "&".join("p%d=%s" % (i, "v" * rng.randrange(3, 20))
                     for i in range(rng.randrange(3, 10)))
        vlong.append(u + ("&" if "?" in u else "?") + q)
    out["vlong"] = vlong
    out["idn-host"] = [unsplit((p.scheme, rng.choice(WORDS) + "." + p.netloc, p.path, p.query,
                                p.fragment)) for p in parts if p.netloc]
    out["nonascii-path"] = [unsplit((p.scheme, p.netloc, p.path.rstrip("/") + "/" + rng.choice(WORDS),
                                     p.query, p.fragment)) for p in parts]
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--from", dest="source",
                    default=os.path.join(here, "..", "tests", "data", "corpora", "kasztp.txt"))
    ap.add_argument("--count", type=int, default=5000)
    ap.add_argument("outdir")
    args = ap.parse_args()
    with open(args.source, encoding="utf-8") as f:
        urls = [u.lstrip("\ufeff") for u in f.read().split("\n") if u.strip()]
    urls = urls[:args.count]
    os.makedirs(args.outdir, exist_ok=True)
    for name, lines in shapes(urls, random.Random(3)).items():
        path = os.path.join(args.outdir, name + ".txt")
        with open(path, "w", encoding="utf-8", newline="") as f:
            f.write("\n".join(lines) + "\n")
        print(f"{path}: {len(lines)} URLs")


if __name__ == "__main__":
    main()
