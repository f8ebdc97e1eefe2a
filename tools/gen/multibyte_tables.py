"""Writes the tables of CPython's East Asian multibyte codecs, as the running
interpreter decodes and encodes, to the file named by the first argument.

The stateless codecs are probed byte by byte: each byte string is decoded
alone and the first step's outcome recorded (a character, an error and its
size, or "incomplete": the codec wants another byte). Two paths that read too
many bytes to probe exhaustively are recorded as named algorithms and checked
on samples: GB18030's four-byte sequences and EUC-KR's eight-byte make-up
sequences. Every code point is then encoded, and where the encoder differs
from the inverse of the decoder (first byte string in byte order wins, then
the algorithms), the difference is recorded.

The stateful codecs (ISO-2022, HZ) use the character sets of
multibyte_stateful.py, each probed through a designation of the codec that
carries it.

Runs on CPython 3.6 and later. The file format is read by tables.rs.
"""

import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from multibyte_probe import astral_encodable, encode_lines, outcome  # noqa: E402
from multibyte_stateful import (  # noqa: E402
    CHARSETS, ISO2022, charset_cells, charset_section, iso2022_section)

STATELESS = [
    "shift_jis", "cp932", "euc_jp", "shift_jis_2004", "shift_jisx0213",
    "euc_jis_2004", "euc_jisx0213", "gb2312", "gbk", "gb18030", "big5",
    "cp950", "big5hkscs", "euc_kr", "cp949", "johab",
]

# Outcome kinds of a run of a row.
MAPPED, ERROR, DEEPER, ALGORITHM = 0, 1, 2, 3
GB18030_FOUR, EUCKR_MAKEUP = 1, 2


class Pool(object):
    """Decoded text shared by all codecs: UTF-16-like units where
    0xD800..0xDFFF index `specials` (astral characters, pairs)."""

    def __init__(self):
        self.units = bytearray()
        self.specials = []
        self.special_index = {}

    def unit(self, text):
        if len(text) == 1 and ord(text) < 0x10000 and not 0xD800 <= ord(text) < 0xE000:
            return ord(text)
        if text not in self.special_index:
            self.special_index[text] = len(self.specials)
            self.specials.append(text)
        i = self.special_index[text]
        if i >= 0x800:
            raise AssertionError("too many special sequences")
        return 0xD800 + i

    def place(self, texts):
        """The offset (in units) of the run `texts` in the pool, appending
        it unless present."""
        run = b"".join(struct.pack("<H", self.unit(t)) for t in texts)
        start = 0
        while True:
            i = self.units.find(run, start)
            if i < 0:
                break
            if i % 2 == 0:
                return i // 2
            start = i + 1
        self.units += run
        return len(self.units) // 2 - len(run) // 2


def probe_rows(codec, special):
    """The decoding trie of `codec`: a list of rows, each a list of 256
    outcomes (kind, value); row 0 is the first byte."""
    rows = []
    row_of = {}

    def build(prefix):
        row = []
        for b in range(256):
            data = prefix + bytes([b])
            alg = special(data)
            if alg:
                row.append((ALGORITHM, alg))
                continue
            o = outcome(codec, data)
            if o[0] == "map":
                row.append((MAPPED, o[1]))
            elif o[0] == "err":
                row.append((ERROR, o[1]))
            else:
                row.append((DEEPER, build(data)))
        key = tuple(row)
        if key not in row_of:
            row_of[key] = len(rows)
            rows.append((len(prefix), row))
        return row_of[key]

    # Row 0 must be the root: build it first with a placeholder.
    rows.append(None)
    root = build(b"")
    rows[0] = rows[root]
    if root != 0:
        rows[root] = (rows[root][0], [(ERROR, 1)] * 256)  # unreachable
        # Remap references to the root (none exist: the root is not a child).
    return rows


def gb18030_special(data):
    if len(data) == 2 and 0x30 <= data[1] <= 0x39:
        return GB18030_FOUR
    return 0


def euckr_special(data):
    if data == b"\xa4\xd4":
        return EUCKR_MAKEUP
    return 0


def no_special(data):
    return 0


SPECIAL = {"gb18030": gb18030_special, "euc_kr": euckr_special}


def gb18030_ranges():
    """(linear index, code point) at each break of the four-byte BMP map,
    and the linear index where it ends."""
    out = []
    prev = None
    for lseq in range(39420):
        c4 = lseq % 10
        c3 = (lseq // 10) % 126
        c2 = (lseq // 1260) % 10
        c1 = lseq // 12600
        data = bytes([c1 + 0x81, c2 + 0x30, c3 + 0x81, c4 + 0x30])
        cp = ord(data.decode("gb18030"))
        if prev is None or cp != prev + 1:
            out.append((lseq, cp))
        prev = cp
    return out


def gb18030_four(data, ranges):
    """The model of GB18030's four-byte step (the trie's ALGORITHM 1)."""
    if len(data) < 4:
        return ("more",)
    c, c2, c3, c4 = data[0], data[1], data[2], data[3]
    if c < 0x81 or c > 0xFE or c3 < 0x81 or c3 > 0xFE or c4 < 0x30 or c4 > 0x39:
        return ("err", 1)
    c -= 0x81
    c2 -= 0x30
    c3 -= 0x81
    c4 -= 0x30
    if c < 4:
        lseq = (c * 10 + c2) * 1260 + c3 * 10 + c4
        if lseq < 39420:
            base, first = [r for r in ranges if r[0] <= lseq][-1]
            return ("map", chr(first + lseq - base))
    elif c >= 15:
        lseq = 0x10000 + ((c - 15) * 10 + c2) * 1260 + c3 * 10 + c4
        if lseq <= 0x10FFFF:
            return ("map", chr(lseq))
    return ("err", 1)


def euckr_jamo():
    """Initial, medial and final of each jamo byte after 0xA4 in a make-up
    sequence (0xFF: none), for bytes 0xA1..0xD4."""
    def syllable(cho, jung, jong):
        o = outcome("euc_kr", bytes([0xA4, 0xD4, 0xA4, cho, 0xA4, jung, 0xA4, jong]))
        return ord(o[1]) - 0xAC00 if o[0] == "map" else None

    table = []
    for b in range(0xA1, 0xD5):
        s = syllable(b, 0xBF, 0xD4)
        cho = s // 588 if s is not None else 0xFF
        s = syllable(0xA1, b, 0xD4)
        jung = (s // 28) % 21 if s is not None else 0xFF
        s = syllable(0xA1, 0xBF, b)
        jong = s % 28 if s is not None else 0xFF
        table.append((cho, jung, jong))
    return table


def euckr_makeup(data, jamo):
    if len(data) < 8:
        return ("more",)
    if data[2] != 0xA4 or data[4] != 0xA4 or data[6] != 0xA4:
        return ("err", 1)

    def part(b, i):
        return jamo[b - 0xA1][i] if 0xA1 <= b <= 0xD4 else 0xFF

    cho, jung, jong = part(data[3], 0), part(data[5], 1), part(data[7], 2)
    if 0xFF in (cho, jung, jong):
        return ("err", 1)
    return ("map", chr(0xAC00 + cho * 588 + jung * 28 + jong))


def check_samples(codec, model, prefixes, rng):
    """Asserts that `model` agrees with the interpreter on sample inputs."""
    for p in prefixes:
        for _ in range(64):
            tail = bytes(rng.choice([rng.randrange(256), 0xA4, 0x81, 0xFE, 0xFF, 0x30 + rng.randrange(10)])
                         for _ in range(8 - len(p)))
            for n in range(len(p), 9):
                data = p + tail[: n - len(p)]
                want = outcome(codec, data)
                got = model(data)
                if want != got:
                    raise AssertionError("%s %r: %r, model %r" % (codec, data, want, got))
                if got[0] != "more":
                    break


def trie_inverse(rows):
    """Code point (or pair) -> bytes, first in byte order."""
    inv = {}

    def walk(r, prefix):
        for b, (kind, value) in enumerate(rows[r][1]):
            if kind == MAPPED:
                inv.setdefault(value, prefix + bytes([b]))
            elif kind == DEEPER:
                walk(value, prefix + bytes([b]))

    walk(0, b"")
    return inv


def encode_all(codec, cps):
    """Each code point of `cps` -> its bytes, or None when unencodable
    (the error covers that one code point)."""
    encoded, bad = encode_lines(codec, cps)
    out = encoded.split(b"\n")
    if len(out) != len(cps):
        raise AssertionError("%s: separator in output" % codec)
    result = {}
    pos = 0
    for c, piece in zip(cps, out):
        result[c] = None if pos in bad else piece
        pos += 2
    return result


def codec_section(codec, pool, rng):
    special = SPECIAL.get(codec, no_special)
    rows = probe_rows(codec, special)
    ranges = gb18030_ranges() if codec == "gb18030" else []
    jamo = euckr_jamo() if codec == "euc_kr" else []
    if codec == "gb18030":
        prefixes = [bytes([a, 0x30 + d]) for a in (0x80, 0x81, 0x84, 0x85, 0x8f, 0x90, 0xe3, 0xe4, 0xfe, 0xff) for d in (0, 1, 9)]
        check_samples(codec, lambda d: gb18030_four(d, ranges), prefixes, rng)
    if codec == "euc_kr":
        check_samples(codec, lambda d: euckr_makeup(d, jamo), [b"\xa4\xd4", b"\xa4\xd4\xa4", b"\xa4\xd4\xa4\xa1\xa4"], rng)
        for cho in range(0xA1, 0xD5):
            for jung in range(0xA1, 0xD5):
                for jong in (0xA1, 0xD4, cho):
                    d = bytes([0xA4, 0xD4, 0xA4, cho, 0xA4, jung, 0xA4, jong])
                    if outcome(codec, d) != euckr_makeup(d, jamo):
                        raise AssertionError("euc_kr make-up %r" % d)

    # Encoding: the model is the trie's inverse, then the algorithms.
    inverse = trie_inverse(rows)

    def model(c):
        ch = chr(c)
        if ch in inverse:
            return inverse[ch]
        if codec == "gb18030":
            if c >= 0x10000:
                t = c - 0x10000
                return bytes([t // 12600 + 0x90, t // 1260 % 10 + 0x30, t // 10 % 126 + 0x81, t % 10 + 0x30])
            for base, first in reversed(ranges):
                if c >= first:
                    nxt = [r for r in ranges if r[0] > base]
                    end = nxt[0][0] if nxt else 39420
                    lseq = base + c - first
                    if lseq < end:
                        return bytes([lseq // 12600 + 0x81, lseq // 1260 % 10 + 0x30, lseq // 10 % 126 + 0x81, lseq % 10 + 0x30])
                    break
            return None
        if codec == "euc_kr" and 0xAC00 <= c <= 0xD7A3:
            s = c - 0xAC00
            parts = (s // 588, s // 28 % 21, s % 28)
            out = [0xA4, 0xD4]
            for i, want in enumerate(parts):
                b = [0xA1 + k for k, j in enumerate(jamo) if j[i] == want]
                if not b:
                    return None
                out += [0xA4, b[0]]
            return bytes(out)
        return None

    cps = [c for c in range(0x10000) if c != 0x0A] + astral_encodable(codec)
    actual = encode_all(codec, cps)
    actual[0x0A] = b"\n"
    if "\n".encode(codec) != b"\n":
        raise AssertionError(codec)
    exceptions = []
    for c in sorted(actual):
        if actual[c] != model(c):
            exceptions.append((c, actual[c]))
    # Pairs: two code points that encode together.
    pairs = []
    for text, data in sorted(inverse.items()):
        if len(text) == 2:
            got = text.encode(codec)
            if got != data:
                raise AssertionError("%s pair %r -> %r, not %r" % (codec, text, got, data))
            pairs.append((ord(text[0]), ord(text[1]), data))

    out = bytearray()
    name = codec.encode()
    out += struct.pack("<B", len(name)) + name
    out += struct.pack("<H", len(rows))
    for depth, row in rows:
        runs = []
        b = 0
        while b < 256:
            kind, value = row[b]
            e = b
            if kind == MAPPED:
                while e + 1 < 256 and row[e + 1][0] == MAPPED:
                    e += 1
                value = pool.place([row[i][1] for i in range(b, e + 1)])
            else:
                while e + 1 < 256 and row[e + 1] == (kind, value):
                    e += 1
            runs.append((b, e, kind, value))
            b = e + 1
        out += struct.pack("<BH", depth, len(runs))
        for lo, hi, kind, value in runs:
            out += struct.pack("<BBBI", lo, hi, kind, value)
    out += struct.pack("<I", len(exceptions))
    for c, data in exceptions:
        data = data if data is not None else b""
        out += struct.pack("<IB", c, len(data)) + data
    out += struct.pack("<H", len(pairs))
    for a, b, data in pairs:
        out += struct.pack("<IIB", a, b, len(data)) + data
    out += struct.pack("<H", len(ranges))
    for base, first in ranges:
        out += struct.pack("<II", base, first)
    out += struct.pack("<B", len(jamo))
    for t in jamo:
        out += struct.pack("<BBB", *t)
    return out


def main():
    import random
    rng = random.Random(20260101)
    pool = Pool()
    body = bytearray()
    body += struct.pack("<B", len(STATELESS))
    for codec in STATELESS:
        body += codec_section(codec, pool, rng)
    body += struct.pack("<B", len(CHARSETS))
    charsets = {}
    for name, codec, prefix, width, lo, hi in CHARSETS:
        cells = charset_cells(codec, prefix, width, lo, hi)
        charsets[name] = (cells, width, lo, hi)
        body += charset_section(name, width, lo, hi, cells, pool)
    body += struct.pack("<B", len(ISO2022))
    for codec in ISO2022:
        body += iso2022_section(codec, charsets)
    out = bytearray(b"CJK1")
    out += struct.pack("<I", len(pool.units) // 2) + pool.units
    out += struct.pack("<H", len(pool.specials))
    for text in pool.specials:
        out += struct.pack("<B", len(text))
        for ch in text:
            out += struct.pack("<I", ord(ch))
    out += body
    with open(sys.argv[1], "wb") as f:
        f.write(out)


if __name__ == "__main__":
    main()
