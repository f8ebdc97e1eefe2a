"""Seeded generator of urljoin calls that stress dot-segment removal.

    python3 tests/gen/join_calls.py [--seed N] [--count N]

Prints one JSON call a line: urljoin(base, reference) where both paths are
long runs of the segments that urljoin treats specially (empty, '.', '..')
among ordinary ones, relative and absolute, under schemes inside and
outside uses_relative / uses_netloc, with and without query and fragment.
Deterministic for a given seed; any Python 3 runs it.
"""
import argparse
import json
import random

SEGMENTS = ["", ".", "..", "a", "b", "...", ".a", "a.", "%2e", ";p", "x;y", "\u00e9"]
BASES = ["http://h", "http://h:1", "https://u@h", "file://", "ftp://h", "http:", "",
         "svn+ssh://h", "mailto:", "HTTP://H", "s3://b", "//h"]


def path(rng, n, absolute):
    p = "/".join(rng.choice(SEGMENTS) for _ in range(n))
    return ("/" if absolute else "") + p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=20000)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    for _ in range(a.count):
        # Up to 40 segments: past the 16 urlsyntax keeps on the stack.
        base = rng.choice(BASES) + path(rng, rng.randint(0, 40), rng.random() < 0.8)
        if rng.random() < 0.3:
            base += "?q"
        ref = path(rng, rng.randint(0, 40), rng.random() < 0.2)
        if rng.random() < 0.1:
            ref += "?r"
        if rng.random() < 0.1:
            ref += "#f"
        print(json.dumps({"fn": "urljoin", "args": [base, ref]}))


if __name__ == "__main__":
    main()
