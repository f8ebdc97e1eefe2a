"""The stateful codecs' tables, for multibyte_tables.py: the character sets
of ISO-2022 and HZ, and where each ISO-2022 encoder differs from the model.

Runs on CPython 3.6 and later.
"""

import struct
import sys

from multibyte_probe import astral_encodable, encode_lines

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
    encoded, bad = encode_lines(codec, cps)
    pieces = iso2022_pieces(codec, encoded)
    if len(pieces) != len(cps):
        raise AssertionError(codec)
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
