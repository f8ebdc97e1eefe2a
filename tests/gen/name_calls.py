"""Writes calls that make `namereplace` name every code point: `quote` of
each run of 64 non-ASCII code points (all of them but the surrogates), to
ASCII with `errors="namereplace"`. The answer holds each character's
`\\N{...}` name as the release has it (or its `\\x`/`\\u`/`\\U` escape when
it has none), so the calls check the whole generated name table.

Usage: python3 tests/gen/name_calls.py > calls.jsonl
"""

import json

RUN = 64


def main():
    points = [c for c in range(0x80, 0x110000) if not 0xD800 <= c <= 0xDFFF]
    for i in range(0, len(points), RUN):
        text = "".join(map(chr, points[i:i + RUN]))
        call = {"fn": "quote", "args": [text],
                "kwargs": {"encoding": "ascii", "errors": "namereplace"}}
        print(json.dumps(call))


if __name__ == "__main__":
    main()
