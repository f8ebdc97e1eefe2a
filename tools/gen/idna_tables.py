"""Writes the tables of the `idna` codec's nameprep (RFC 3491) as each
release's `encodings/idna.py` reads them, into
`pyruntime/data/codecs/nameprep.bin`.

Run from the repository root with any Python 3:
    python3 tools/gen/idna_tables.py           # rewrite the file
    python3 tools/gen/idna_tables.py --check   # exit 1 if it differs
It runs each release's own interpreter (`$(pyenv root)/versions/<v>`), which
asks its `stringprep` module and `unicodedata.ucd_3_2_0` about every code
point, so the output depends only on those:

- B.1 (mapped to nothing), the prohibited tables nameprep checks (C.1.2,
  C.2.2, C.3 to C.9), D.1 (RandALCat) and D.2 (LCat): the same in every
  release;
- B.2 (`stringprep.map_table_b2`, which lowercased with the release's own
  `str.lower` up to 3.13.0): a release adds entries, never changes one; from
  3.13.x on (gh-155292) the table is Unicode 3.2.0's, without the later
  lowercase mappings;
- the full compatibility decomposition `ucd_3_2_0.normalize("NFKD", c)` of
  every code point but the Hangul syllables (decomposed by the algorithm):
  the same in every release;
- the combining classes NFKC sorts and blocks by: CPython reads them from
  the release's own database (`unicodedata.combining`), not 3.2.0's;
- the pairs NFKC composes: CPython's composition table is the release's own
  (each canonical pair of two characters but the composition exclusions);
  each candidate is kept when `ucd_3_2_0.normalize("NFC", a + b)` composes
  it.

Each interpreter also runs the NFKC algorithm of `codec/nfkc.rs` in Python
over these tables and checks it against `ucd_3_2_0.normalize("NFKC", ...)`
on every code point the tables name and on seeded random sequences of them,
so that a table the algorithm misreads fails here.

Layout of nameprep.bin (integers are LEB128 varints, "zigzag" ones signed as
2n or -2n-1; a "gap" is how many code points a record skips after the one
before, from U+0000): the magic `NPR2`, then eight sections, each a varint
count of records:
1-4. B.1, prohibited, D.1, D.2: range sets, each record a gap and the
     length less one;
5-6. B.2 and NFKD: mappings, each record a gap, a varint `life << 5 | len`
     (`life` is `since | until << 4`: `since` the index of the first release
     with the record, 0 = 3.6 ... 7 = 3.13.0, 8 = 3.13.18, 9 = 3.14, 10 =
     3.15; `until` that of the first release without it again, 0 if none
     drops it), and for len > 0 its `len` code points, the k-th zigzag from
     the k-th of the record before (from the one before it here where that
     record is shorter; from 0 at first); for len 0 a run: varint n, varint
     stride and a zigzag delta: n code points `stride` apart, each mapped to
     itself plus delta (the run's last mapping is the next record's "record
     before");
7.   combining classes: each record a gap, the length less one, the class
     byte and the `since` byte (no release drops one);
8.   compositions, sorted by the composite: each record the composite's
     gap, the first and second characters each zigzag from those of the
     record before, and the `since` byte.

`read()` reads the file back: `generate()` checks that it gives the tables,
and `idna_calls.py` takes every entry from it.
"""
import os
import sys

# The releases, running their interpreters and the number coding are
# codec_tables.py's.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from codec_tables import RELEASES, run_each_release, varint  # noqa: E402

OUT = "pyruntime/data/codecs/nameprep.bin"

DUMP = r'''
import json, random, stringprep, sys, unicodedata
from unicodedata import ucd_3_2_0 as ucd

ALL = range(0x110000)

def ranges(cps):
    out = []
    for c in cps:
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out

sp = stringprep
prohibited = (sp.in_table_c12, sp.in_table_c22, sp.in_table_c3, sp.in_table_c4,
              sp.in_table_c5, sp.in_table_c6, sp.in_table_c7, sp.in_table_c8,
              sp.in_table_c9)
sets = {
    "b1": ranges(c for c in ALL if sp.in_table_b1(chr(c))),
    "prohibited": ranges(c for c in ALL if any(t(chr(c)) for t in prohibited)),
    "d1": ranges(c for c in ALL if sp.in_table_d1(chr(c))),
    "d2": ranges(c for c in ALL if sp.in_table_d2(chr(c))),
}
b2 = {}
nfkd = {}
ccc = {}
for c in ALL:
    ch = chr(c)
    m = sp.map_table_b2(ch)
    if m != ch:
        b2[c] = [ord(x) for x in m]
    if not 0xAC00 <= c <= 0xD7A3:
        d = ucd.normalize("NFKD", ch)
        if d != ch:
            nfkd[c] = [ord(x) for x in d]
    k = unicodedata.combining(ch)
    if k:
        ccc[c] = k
pairs = {}
for c in ALL:
    d = unicodedata.decomposition(chr(c))
    # Hangul syllables compose by the algorithm (3.13.x's decomposition()
    # names their jamo, gh-88091).
    if not d or d.startswith("<") or 0xAC00 <= c <= 0xD7A3:
        continue
    ab = [int(x, 16) for x in d.split()]
    if len(ab) == 2 and ucd.normalize("NFC", chr(ab[0]) + chr(ab[1])) == chr(c):
        pairs[(ab[0], ab[1])] = c

# The algorithm of codec/nfkc.rs, over these tables.
S, L, V, T = 0xAC00, 0x1100, 0x1161, 0x11A7
firsts = {a for a, _ in pairs}

def nfkc(text):
    out = []
    for c in text:
        if S <= c < S + 11172:
            i = c - S
            out += [L + i // 588, V + i % 588 // 28] + ([T + i % 28] if i % 28 else [])
        else:
            out += nfkd.get(c, [c])
    cls = lambda c: ccc.get(c, 0)
    for i in range(1, len(out)):
        j = i
        while j > 0 and cls(out[j]) and cls(out[j - 1]) > cls(out[j]):
            out[j - 1], out[j] = out[j], out[j - 1]
            j -= 1
    res, skipped, i = [], set(), 0
    while i < len(out):
        if i in skipped:
            skipped.discard(i)
            i += 1
            continue
        c = out[i]
        if L <= c < L + 19 and i + 1 < len(out) and V <= out[i + 1] < V + 21:
            c = S + ((c - L) * 21 + out[i + 1] - V) * 28
            i += 2
            if i < len(out) and T < out[i] < T + 28:
                c += out[i] - T
                i += 1
            res.append(c)
            continue
        if c in firsts:
            comb, j = 0, i + 1
            while j < len(out):
                k = cls(out[j])
                if comb and (k == 0 or comb >= k):
                    if k == 0:
                        break
                    j += 1
                    continue
                p = pairs.get((c, out[j]))
                if p is None:
                    if k == 0:
                        break
                    comb = k
                    j += 1
                    continue
                c = p
                skipped.add(j)
                j += 1
                if c not in firsts:
                    break
        res.append(c)
        i += 1
    return res

named = sorted(set(nfkd) | set(ccc) | firsts | {b for _, b in pairs} | set(pairs.values())
               | set(range(0x1100, 0x1200)) | set(range(0xAC00, 0xAC00 + 11172, 97)))
rnd = random.Random(3491)
tests = [[c] for c in named]
for _ in range(20000):
    tests.append([rnd.choice(named) for _ in range(rnd.randint(2, 6))])
for t in tests:
    want = [ord(x) for x in ucd.normalize("NFKC", "".join(map(chr, t)))]
    if nfkc(t) != want:
        sys.exit("NFKC of %s: tables give %s, CPython %s" % (t, nfkc(t), want))

print(json.dumps({"sets": sets, "b2": b2, "nfkd": nfkd, "ccc": ccc,
                  "pairs": [[a, b, c] for (a, b), c in sorted(pairs.items())]}))
'''


def dumps():
    """Each release's tables, read by its own interpreter (two at a time)."""
    return run_each_release(DUMP, "nameprep tables", at_once=2)


def zigzag(n):
    return varint(2 * n if n >= 0 else -2 * n - 1)


def same_everywhere(data, key):
    first = data[RELEASES[0]][key]
    for r in RELEASES[1:]:
        if data[r][key] != first:
            sys.exit(f"{r}: the {key} tables differ from {RELEASES[0]}'s; "
                     "this generator keeps one")
    return first


def lifetimes(data, key, droppable=False):
    """The union of a per-release table, each entry with its life: the
    index of the first release that has it, and (`since | until << 4`)
    that of the first release after them without it, 0 if none; exits if
    an entry changes, comes back, or (unless `droppable`) is dropped."""
    assert len(RELEASES) < 16, "a life holds two 4-bit release indexes"
    merged = {}
    for i, r in enumerate(RELEASES):
        table = data[r][key]
        for k, (life, v) in merged.items():
            if life >> 4:
                if k in table:
                    sys.exit(f"{r}: {key} entry {k} comes back")
            elif table.get(k) != v:
                if k in table or not droppable:
                    sys.exit(f"{r}: {key} entry {k} changes; this generator keeps one value")
                merged[k] = (life | i << 4, v)
        for k, v in table.items():
            merged.setdefault(k, (i, v))
    return merged


def range_set(ranges):
    out = varint(len(ranges))
    end = 0
    for lo, hi in ranges:
        out += varint(lo - end) + varint(hi - lo)
        end = hi + 1
    return out


def mapping(entries):
    """entries: sorted [(cp, life, [code points])] (`since` below is the
    whole life)."""
    records = []
    before = [0]
    i = 0
    while i < len(entries):
        cp, since, m = entries[i]
        j = i
        if len(m) == 1 and i + 1 < len(entries):
            stride = entries[i + 1][0] - cp
            delta = m[0] - cp
            while (j + 1 < len(entries) and entries[j + 1][0] - entries[j][0] == stride
                   and entries[j + 1][1] == since and len(entries[j + 1][2]) == 1
                   and entries[j + 1][2][0] - entries[j + 1][0] == delta):
                j += 1
        if j - i + 1 >= 3:
            records.append((cp, entries[j][0], since, b"".join(
                [varint(j - i + 1), varint(stride), zigzag(delta)]), 0))
            before = entries[j][2]
            i = j + 1
            continue
        records.append((cp, cp, since, mapped(m, before), len(m)))
        before = m
        i += 1
    out = varint(len(records))
    end = 0
    for first, last, since, enc, n in records:
        assert n < 32
        out += varint(first - end) + varint(since << 5 | n) + enc
        end = last + 1
    return out


def mapped(m, before):
    """A record's code points, each zigzag from its reference."""
    out = b""
    for k, c in enumerate(m):
        ref = before[k] if k < len(before) else m[k - 1]
        out += zigzag(c - ref)
    return out


class Reader:
    """Reads nameprep.bin back (the layout above)."""

    def __init__(self, blob):
        assert blob[:4] == b"NPR2", "bad magic"
        self.blob, self.at = blob, 4

    def byte(self):
        self.at += 1
        return self.blob[self.at - 1]

    def varint(self):
        n = shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if b < 0x80:
                return n

    def zigzag(self):
        n = self.varint()
        return n // 2 if n % 2 == 0 else -(n + 1) // 2

    def range_set(self):
        out, end = [], 0
        for _ in range(self.varint()):
            lo = end + self.varint()
            hi = lo + self.varint()
            out.append([lo, hi])
            end = hi + 1
        return out

    def mapping(self):
        out, before, end = {}, [0], 0
        for _ in range(self.varint()):
            cp = end + self.varint()
            head = self.varint()
            since, n = head >> 5, head & 31  # since: the whole life
            if n == 0:
                count, stride, delta = self.varint(), self.varint(), self.zigzag()
                for k in range(count):
                    out[cp + k * stride] = (since, [cp + k * stride + delta])
                end = cp + (count - 1) * stride + 1
                before = [end - 1 + delta]
                continue
            m = []
            for k in range(n):
                m.append((before[k] if k < len(before) else m[k - 1]) + self.zigzag())
            out[cp] = (since, m)
            before, end = m, cp + 1
        return out


def read(blob):
    """The tables of nameprep.bin: the four range sets, B.2 and NFKD as
    {cp: (life, [code points])}, combining classes as {cp: (since,
    class)} and compositions as {(first, second): (since, composite)}."""
    r = Reader(blob)
    tables = {key: r.range_set() for key in ("b1", "prohibited", "d1", "d2")}
    tables["b2"], tables["nfkd"] = r.mapping(), r.mapping()
    tables["ccc"], end = {}, 0
    for _ in range(r.varint()):
        lo = end + r.varint()
        hi = lo + r.varint()
        cls, since = r.byte(), r.byte()
        for cp in range(lo, hi + 1):
            tables["ccc"][cp] = (since, cls)
        end = hi + 1
    tables["pairs"], c, a, b = {}, -1, 0, 0
    for _ in range(r.varint()):
        c += 1 + r.varint()
        a += r.zigzag()
        b += r.zigzag()
        tables["pairs"][(a, b)] = (r.byte(), c)
    assert r.at == len(blob), "trailing bytes"
    return tables


def generate():
    data = dumps()
    sets = same_everywhere(data, "sets")
    nfkd = same_everywhere(data, "nfkd")
    b2 = lifetimes(data, "b2", droppable=True)
    ccc = lifetimes(data, "ccc")
    for r in RELEASES:
        data[r]["pairs"] = {(a, b): c for a, b, c in data[r]["pairs"]}
    pairs = lifetimes(data, "pairs")
    blob = bytearray(b"NPR2")
    for key in ("b1", "prohibited", "d1", "d2"):
        blob += range_set(sets[key])
    blob += mapping(sorted((int(k), s, m) for k, (s, m) in b2.items()))
    blob += mapping(sorted((int(k), 0, m) for k, m in nfkd.items()))
    runs = []
    for cp, (since, cls) in sorted((int(k), v) for k, v in ccc.items()):
        if runs and runs[-1][1] == cp - 1 and runs[-1][2:] == [cls, since]:
            runs[-1][1] = cp
        else:
            runs.append([cp, cp, cls, since])
    blob += varint(len(runs))
    end = 0
    for lo, hi, cls, since in runs:
        blob += varint(lo - end) + varint(hi - lo) + bytes([cls, since])
        end = hi + 1
    blob += varint(len(pairs))
    last, pa, pb = -1, 0, 0
    for c, a, b, since in sorted((c, a, b, s) for (a, b), (s, c) in pairs.items()):
        blob += varint(c - last - 1) + zigzag(a - pa) + zigzag(b - pb) + bytes([since])
        last, pa, pb = c, a, b
    back = read(bytes(blob))
    assert back["b2"] == {int(k): v for k, v in b2.items()}, "B.2 does not read back"
    assert back["nfkd"] == {int(k): (0, m) for k, m in nfkd.items()}, "NFKD does not read back"
    assert back["ccc"] == {int(k): (s, c) for k, (s, c) in ccc.items()}, "classes do not read back"
    assert back["pairs"] == {k: tuple(v) for k, v in pairs.items()}, "pairs do not read back"
    assert all(back[k] == sets[k] for k in ("b1", "prohibited", "d1", "d2"))
    return bytes(blob)


def main():
    blob = generate()
    if "--check" in sys.argv:
        have = None
        if os.path.exists(OUT):
            with open(OUT, "rb") as f:
                have = f.read()
        if have != blob:
            print(f"{OUT} differs from what the interpreters give", file=sys.stderr)
            sys.exit(1)
        return
    with open(OUT, "wb") as f:
        f.write(blob)


if __name__ == "__main__":
    main()
