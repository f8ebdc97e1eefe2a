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

The stateful codecs (ISO-2022, HZ) use the character sets below, each probed
through a designation of the codec that carries it.

Runs on CPython 3.6 and later. The file format is read by tables.rs.
"""

import codecs
import struct
import sys

STATELESS = [
    "shift_jis", "cp932", "euc_jp", "shift_jis_2004", "shift_jisx0213",
    "euc_jis_2004", "euc_jisx0213", "gb2312", "gbk", "gb18030", "big5",
    "cp950", "big5hkscs", "euc_kr", "cp949", "johab",
]

# Character sets of the stateful codecs, each as: name, codec, prefix that
# designates and invokes it, bytes per character, and the byte range probed.
CHARSETS = [
    ("jisx0208", "iso2022_jp", b"\x1b$B", 2, 0x21, 0x7E),
    ("jisx0212", "iso2022_jp_1", b"\x1b$(D", 2, 0x21, 0x7E),
    ("jisx0213_2000_1", "iso2022_jp_3", b"\x1b$(O", 2, 0x21, 0x7E),
    ("jisx0213_2004_1", "iso2022_jp_2004", b"\x1b$(Q", 2, 0x21, 0x7E),
    ("jisx0213_2000_2", "iso2022_jp_3", b"\x1b$(P", 2, 0x21, 0x7E),
    ("jisx0213_2004_2", "iso2022_jp_2004", b"\x1b$(P", 2, 0x21, 0x7E),
    ("ksx1001", "iso2022_jp_2", b"\x1b$(C", 2, 0x21, 0x7E),
    ("gb2312", "iso2022_jp_2", b"\x1b$A", 2, 0x21, 0x7E),
    ("jisx0201_roman", "iso2022_jp", b"\x1b(J", 1, 0x20, 0x7F),
    ("jisx0201_kana", "iso2022_jp_ext", b"\x1b(I", 1, 0x20, 0x7F),
    ("g2_ascii", "iso2022_jp_2", b"\x1bN", 1, 0x00, 0xFF),
    ("g2_iso8859_1", "iso2022_jp_2", b"\x1b.A\x1bN", 1, 0x00, 0xFF),
    ("g2_iso8859_7", "iso2022_jp_2", b"\x1b.F\x1bN", 1, 0x00, 0xFF),
]

# The designations of each ISO-2022 codec, in the order its encoder tries
# them: final bytes of the escape sequence ("$" first for two-byte sets),
# the G register, the character set, and whether it serves pairs only.
DESIGNATIONS = {
    "iso2022_kr": [("$C", 1, "ksx1001", False)],
    "iso2022_jp": [("$B", 0, "jisx0208", False), ("J", 0, "jisx0201_roman", False),
                   ("$@", 0, "jisx0208", False)],
    "iso2022_jp_1": [("$B", 0, "jisx0208", False), ("$D", 0, "jisx0212", False),
                     ("J", 0, "jisx0201_roman", False), ("$@", 0, "jisx0208", False)],
    "iso2022_jp_2": [("$B", 0, "jisx0208", False), ("$D", 0, "jisx0212", False),
                     ("$C", 0, "ksx1001", False), ("$A", 0, "gb2312", False),
                     ("J", 0, "jisx0201_roman", False), ("$@", 0, "jisx0208", False),
                     ("A", 2, "", False), ("F", 2, "", False)],
    "iso2022_jp_2004": [("$Q", 0, "jisx0213_2004_1", True), ("$B", 0, "jisx0208", False),
                        ("$Q", 0, "jisx0213_2004_1", False), ("$P", 0, "jisx0213_2004_2", False)],
    "iso2022_jp_3": [("$O", 0, "jisx0213_2000_1", True), ("$B", 0, "jisx0208", False),
                     ("$O", 0, "jisx0213_2000_1", False), ("$P", 0, "jisx0213_2000_2", False)],
    "iso2022_jp_ext": [("$B", 0, "jisx0208", False), ("$D", 0, "jisx0212", False),
                       ("J", 0, "jisx0201_roman", False), ("I", 0, "jisx0201_kana", False),
                       ("$@", 0, "jisx0208", False)],
}
ISO2022 = ["iso2022_kr", "iso2022_jp", "iso2022_jp_1", "iso2022_jp_2", "iso2022_jp_2004",
           "iso2022_jp_3", "iso2022_jp_ext"]

# Outcome kinds of a run of a row.
MAPPED, ERROR, DEEPER, ALGORITHM = 0, 1, 2, 3
GB18030_FOUR, EUCKR_MAKEUP = 1, 2
ILLEGAL = "illegal multibyte sequence"
INCOMPLETE = "incomplete multibyte sequence"


def outcome(codec, data):
    """The first decoding step of `data`: ("map", text), ("err", size),
    or ("more",)."""
    try:
        return ("map", data.decode(codec))
    except UnicodeDecodeError as e:
        if e.start != 0:
            raise AssertionError("%s %r: error at %d" % (codec, data, e.start))
        if e.reason == INCOMPLETE:
            if e.end != len(data):
                raise AssertionError("%s %r: short incomplete" % (codec, data))
            return ("more",)
        if e.reason != ILLEGAL:
            raise AssertionError("%s %r: reason %r" % (codec, data, e.reason))
        return ("err", e.end - e.start)


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
    errors = []

    def record(e):
        if e.end != e.start + 1:
            raise AssertionError("%s: encode error %d..%d" % (codec, e.start, e.end))
        errors.append(e.start)
        return ("", e.end)

    codecs.register_error("cjk_tables_record", record)
    text = "\n".join(chr(c) for c in cps)
    out = text.encode(codec, "cjk_tables_record").split(b"\n")
    if len(out) != len(cps):
        raise AssertionError("%s: separator in output" % codec)
    bad = set(errors)
    result = {}
    pos = 0
    for c, piece in zip(cps, out):
        result[c] = None if pos in bad else piece
        pos += 2
    return result


PLANES = []


def astral_encodable(codec):
    """The astral code points of the planes where `codec` encodes any."""
    if not PLANES:
        for plane in range(1, 17):
            PLANES.append("".join(map(chr, range(plane << 16, (plane + 1) << 16))))
    out = []
    for plane in range(1, 17):
        if PLANES[plane - 1].encode(codec, "ignore"):
            out.extend(range(plane << 16, (plane + 1) << 16))
    return out


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


def charset_cells(codec, prefix, width, lo, hi):
    """Each cell's decoded text (None where the codec reports an error),
    row-major over the byte range."""
    cells = []
    span = range(lo, hi + 1)
    keys = [bytes([b]) for b in span] if width == 1 else [bytes([a, b]) for a in span for b in span]
    for key in keys:
        try:
            cells.append((prefix + key).decode(codec))
        except UnicodeDecodeError:
            cells.append(None)
    return cells


def charset_section(name, width, lo, hi, cells, pool):
    out = bytearray()
    n = name.encode()
    out += struct.pack("<BBBB", len(n), width, lo, hi) + n
    # Runs of defined cells, as (first cell, count, pool offset).
    runs = []
    i = 0
    while i < len(cells):
        if cells[i] is None:
            i += 1
            continue
        j = i
        while j < len(cells) and cells[j] is not None:
            j += 1
        runs.append((i, j - i, pool.place(cells[i:j])))
        i = j
    out += struct.pack("<H", len(runs))
    for first, count, offset in runs:
        out += struct.pack("<HHI", first, count, offset)
    return out


def charset_inverse(cells, width, lo, hi):
    """Code point (or pair) -> code, first cell in order wins."""
    inv = {}
    n = hi - lo + 1
    for i, text in enumerate(cells):
        if text is None:
            continue
        code = bytes([lo + i]) if width == 1 else bytes([lo + i // n, lo + i % n])
        inv.setdefault(text, code)
    return inv


def iso2022_pieces(codec, data):
    """Splits an ISO-2022 output at each LF into the (designation, code)
    pairs each piece writes."""
    g = ["B", "B"]
    shifted = False
    pieces = [[]]
    i = 0
    while i < len(data):
        b = data[i]
        if b == 0x1B:
            if data[i + 1:i + 3] in (b"$(", b"$)"):
                g[0 if data[i + 2] == 0x28 else 1] = "$" + chr(data[i + 3])
                i += 4
            elif data[i + 1] == 0x24:
                g[0] = "$" + chr(data[i + 2])
                i += 3
            else:
                g[0 if data[i + 1] == 0x28 else 1] = chr(data[i + 2])
                i += 3
        elif b in (0x0E, 0x0F):
            shifted = b == 0x0E
            i += 1
        elif b == 0x0A:
            pieces.append([])
            i += 1
        else:
            mark = g[1] if shifted else g[0]
            width = 2 if mark.startswith("$") else 1
            pieces[-1].append((mark, data[i:i + width]))
            i += width
    return pieces


def iso2022_section(codec, charsets):
    """The code points the encoder maps otherwise than the model: the first
    designation (not pair-only) whose character set decodes to it."""
    inverses = {}
    for mark, plane, name, paironly in DESIGNATIONS[codec]:
        if name and not paironly:
            inverses.setdefault(name, charset_inverse(*charsets[name]))

    def model(c):
        ch = chr(c)
        for mark, plane, name, paironly in DESIGNATIONS[codec]:
            if name and not paironly and ch in inverses[name]:
                return [(mark, inverses[name][ch])]
        return None

    cps = list(range(0x80, 0x10000)) + astral_encodable(codec)
    errors = []

    def record(e):
        if e.end != e.start + 1:
            raise AssertionError("%s: encode error %d..%d" % (codec, e.start, e.end))
        errors.append(e.start)
        return ("", e.end)

    codecs.register_error("cjk_tables_record", record)
    text = "\n".join(chr(c) for c in cps)
    pieces = iso2022_pieces(codec, text.encode(codec, "cjk_tables_record"))
    if len(pieces) != len(cps):
        raise AssertionError(codec)
    bad = set(errors)
    exceptions = []
    for k, (c, piece) in enumerate(zip(cps, pieces)):
        actual = None if 2 * k in bad else piece
        if actual is not None and len(actual) != 1:
            raise AssertionError("%s: U+%04X writes %r" % (codec, c, actual))
        if actual != model(c):
            exceptions.append((c, actual[0] if actual else None))
    # Pairs encode through the pair-only designation, from CPython 3.11 on;
    # before, each character of a pair is encoded alone (a `Quirks` field).
    for mark, plane, name, paironly in DESIGNATIONS[codec]:
        if not paironly:
            continue
        for text, code in sorted(charset_inverse(*charsets[name]).items()):
            if len(text) != 2:
                continue
            if sys.version_info >= (3, 11):
                want = [(mark, code)]
            else:
                want = [model(ord(ch))[0] if model(ord(ch)) else None for ch in text]
            try:
                got = iso2022_pieces(codec, text.encode(codec))[0]
            except UnicodeEncodeError:
                got = None
            if got != want and not (got is None and None in want):
                raise AssertionError("%s pair %r: %r, not %r" % (codec, text, got, want))
    out = bytearray()
    n = codec.encode()
    out += struct.pack("<BI", len(n), len(exceptions)) + n
    for c, found in exceptions:
        out += struct.pack("<I", c)
        if found is None:
            out += struct.pack("<B", 0)
        else:
            mark, code = found
            out += struct.pack("<B", len(mark)) + mark.encode()
            out += struct.pack("<B", len(code)) + code
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
