"""What the interpreter answers, for multibyte_tables.py: one decoding
step's outcome, and the astral planes a codec encodes.

Runs on CPython 3.6 and later.
"""

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
