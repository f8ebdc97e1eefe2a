"""What the interpreter answers, for multibyte_tables.py: one decoding
step's outcome, the astral planes a codec encodes, and code points
encoded one a line.

Runs on CPython 3.6 and later.
"""

import codecs

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


def encode_lines(codec, cps):
    """The code points `cps` encoded by `codec`, one a line (joined by
    "\n"), and the positions in that text of those it cannot encode (each
    error covers that one code point; it writes nothing)."""
    errors = []

    def record(e):
        if e.end != e.start + 1:
            raise AssertionError("%s: encode error %d..%d" % (codec, e.start, e.end))
        errors.append(e.start)
        return ("", e.end)

    codecs.register_error("cjk_tables_record", record)
    text = "\n".join(chr(c) for c in cps)
    return text.encode(codec, "cjk_tables_record"), set(errors)
