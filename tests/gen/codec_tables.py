"""Writes CPython's codec tables: `src/urllib/codec/names.rs` (which includes
the tables of every name and alias of each release, and of the text codecs,
written as data to `data/codecs/*.in`) and `src/urllib/codec/data/charmaps.bin`
(the single-byte charmap codecs).

Run from the repository root with any Python 3:
    python3 tests/gen/codec_tables.py           # rewrite the files
    python3 tests/gen/codec_tables.py --check   # exit 1 if they differ
It runs each release's own interpreter (`$(pyenv root)/versions/<v>`) and
reads its `encodings` package, so the output depends only on those.

names.bin holds the names the `namereplace` handler writes, per release
(see `src/urllib/codec/unicode_names.rs` for its layout).

charmaps.bin, per charmap codec in the order of `CHARMAPS`: 256 little-endian
u16, the text of each byte (0xFFFE: undefined); a u16 count, then that many
(u16 character, u8 byte) entries sorted by character: every BMP character
the codec encodes to one byte (astral characters never map).
"""
import json
import os
import subprocess
import sys

RELEASES = ["3.6.15", "3.7.16", "3.8.18", "3.9.18", "3.10.13", "3.11.7", "3.12.1", "3.13.0"]
NAMES = "src/urllib/codec/names.rs"
TABLES = "data/codecs"
CHARMAPS = "src/urllib/codec/data/charmaps.bin"
UNICODE_NAMES = "src/urllib/codec/data/names.bin"

DUMP = r'''
import codecs, encodings, encodings.aliases as A, json, pkgutil, sys
mods = sorted(m.name for m in pkgutil.iter_modules(encodings.__path__))
text, charmaps = [], {}
for m in mods:
    try:
        ci = codecs.lookup(m)
    except LookupError:
        continue
    if not ci._is_text_encoding:
        continue
    text.append(m)
    mod = __import__("encodings." + m, fromlist=["_"])
    if hasattr(mod, "decoding_table") or hasattr(mod, "decoding_map"):
        dec = []
        for b in range(256):
            try:
                dec.append(ord(bytes([b]).decode(m)))
            except UnicodeDecodeError:
                dec.append(0xFFFE)
        # Every BMP character at once; the handler drops (and notes) those
        # that do not encode, so each other character is one output byte.
        failed = set()
        def note(e):
            failed.update(range(e.start, e.end))
            return (b"", e.end)
        codecs.register_error("note_" + m, note)
        chars = [c for c in range(0x10000) if not 0xD800 <= c < 0xE000]
        out = "".join(map(chr, chars)).encode(m, "note_" + m)
        kept = [c for i, c in enumerate(chars) if i not in failed]
        assert len(kept) == len(out), m
        charmaps[m] = (dec, list(zip(kept, out)))
names = {}
for c in range(0x110000):
    # The handler itself, called as an encoder calls it.
    r, _ = codecs.namereplace_errors(UnicodeEncodeError("ascii", chr(c), 0, 1, "x"))
    if r.startswith("\\N{"):
        names[c] = r[3:-1]
# What a `\N{name}` escape of each name decodes to: a code point, or -1
# when the release does not take the name back (named sequences, Tangut).
targets = {}
for c, n in names.items():
    try:
        t = ("\\N{%s}" % n).encode("ascii").decode("unicode_escape")
        targets[c] = ord(t) if len(t) == 1 else -1
    except UnicodeDecodeError:
        targets[c] = -1
json.dump({"aliases": sorted(A.aliases.items()), "text": text,
           "charmaps": charmaps, "names": names, "targets": targets}, sys.stdout)
'''


def pyenv_root():
    if os.environ.get("PYENV_ROOT"):
        return os.environ["PYENV_ROOT"]
    try:
        return subprocess.run(["pyenv", "root"], capture_output=True, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return os.path.expanduser("~/.pyenv")


def run_each_release(script, what, at_once=len(RELEASES)):
    """The JSON `script` prints under each release's interpreter, by
    release, `at_once` interpreters side by side."""
    out = {}
    for i in range(0, len(RELEASES), at_once):
        procs = {}
        for r in RELEASES[i:i + at_once]:
            py = os.path.join(pyenv_root(), "versions", r, "bin", "python3")
            procs[r] = subprocess.Popen([py, "-c", script], stdout=subprocess.PIPE, text=True)
        for r, p in procs.items():
            text, _ = p.communicate()
            if p.returncode != 0:
                sys.exit(f"CPython {r} failed to dump its {what}")
            out[r] = json.loads(text)
    return out


def dumps():
    """Each release's tables, read by its own interpreter (in parallel)."""
    return run_each_release(DUMP, "codec tables")


def hangul(cp):
    """The Unicode algorithm's name of a Hangul syllable."""
    lead = "G GG N D DD R M B BB S SS _ J JJ C K T P H".split()
    vowel = "A AE YA YAE EO E YEO YE O WA WAE OE YO U WEO WE WI YU EU YI I".split()
    tail = "_ G GG GS N NJ NH D L LG LM LB LS LT LP LH M B BS S SS NG J C K T P H".split()
    s = cp - 0xAC00
    parts = (lead[s // 588], vowel[(s % 588) // 28], tail[s % 28])
    return "HANGUL SYLLABLE " + "".join(p for p in parts if p != "_")


# Where CPython keeps the name aliases and named sequences (plane 15).
ALIASES_START = 0xF0000
# How often a name of names.bin is written whole (see `codec/unicode_names.rs`).
NAMES_RESTART = 32


def names_blob(data):
    """`namereplace`'s names, per release (see `codec/unicode_names.rs`)."""
    per = [{int(k): v for k, v in data[r]["names"].items()} for r in RELEASES]
    per_target = [{int(k): v for k, v in data[r]["targets"].items()} for r in RELEASES]
    # Each (code point, name) once, with the mask of the releases that
    # give it (bit i: RELEASES[i]) and of those that take it back in a
    # `\N{...}` escape, and what to; names in the private-use plane are
    # aliases (and named sequences), which move as releases add some.
    masks, resolves, targets = {}, {}, {}
    for i, (n, t) in enumerate(zip(per, per_target)):
        for cp, name in n.items():
            masks[(cp, name)] = masks.get((cp, name), 0) | (1 << i)
            if t[cp] >= 0:
                resolves[(cp, name)] = resolves.get((cp, name), 0) | (1 << i)
                if targets.setdefault((cp, name), t[cp]) != t[cp]:
                    sys.exit(f"U+{cp:04X} {name}: its target differs between releases")
    ranges, entries = [], []
    for (cp, name), s in sorted(masks.items()):
        back = resolves.get((cp, name), 0)
        target = targets.get((cp, name), cp)
        if cp < ALIASES_START and target != cp:
            sys.exit(f"U+{cp:04X} {name}: an escape of its name gives U+{target:04X}")
        if 0xAC00 <= cp <= 0xD7A3 and name == hangul(cp):
            key = (1, "HANGUL SYLLABLE ", s, back)
        elif name.endswith("-%04X" % cp) and cp < ALIASES_START:
            key = (0, name[: -len("%04X" % cp)], s, back)
        else:
            entries.append((cp, s, back, target, name.encode()))
            continue
        if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == key:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp, key])
    blob = bytearray(b"NAM3")
    blob += len(ranges).to_bytes(2, "little")
    for start, end, (kind, prefix, s, back) in ranges:
        blob += start.to_bytes(4, "little") + end.to_bytes(4, "little")
        blob += bytes([s, back, kind, len(prefix)]) + prefix.encode()
    blob += len(entries).to_bytes(4, "little")
    # Front coding: each name keeps the bytes it shares with the one
    # before (none at every RESTART-th, where a reading may start).
    previous_cp, previous = 0, b""
    for i, (cp, s, back, target, name) in enumerate(entries):
        shared = 0
        if i % NAMES_RESTART:
            limit = min(len(previous), len(name), 255)
            while shared < limit and previous[shared] == name[shared]:
                shared += 1
        blob += varint(cp - previous_cp) + bytes([s, back])
        if back and cp >= ALIASES_START:
            blob += varint(target)
        blob += bytes([shared]) + name[shared:] + b"\n"
        previous_cp, previous = cp, name
    return bytes(blob)


def varint(n):
    """LEB128: seven bits a byte, low first, the top bit set on all but the last."""
    assert n >= 0
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def minor(r):
    return "_".join(r.split(".")[:2])


def generate():
    data = dumps()
    # Every charmap codec of any release, each with the same tables in every
    # release that has it (3.6-3.8 also have mac_centeuro).
    charmaps = {}
    for r in RELEASES:
        for m, t in data[r]["charmaps"].items():
            if charmaps.setdefault(m, t) != t:
                sys.exit(f"{r}: the tables of the charmap codec {m} differ between "
                         "releases; this generator keeps one set")
    out = ["//! CPython's codec names, per release (generated by `tests/gen/codec_tables.py`;",
           "//! do not edit). Keys are `encodings.normalize_encoding` forms; the tables",
           "//! themselves are data, in `data/codecs/`.", ""]
    tables_out = {}
    # One table per run of releases that share it.
    for key, doc, name, kind in (
            ("aliases", "`encodings.aliases.aliases`", "ALIASES", "&[(&str, &str)]"),
            ("text", "The `encodings` modules that are text codecs", "TEXT_CODECS", "&[&str]")):
        tables = []
        for r in RELEASES:
            a = [tuple(x) if isinstance(x, list) else x for x in data[r][key]]
            if tables and tables[-1][1] == a:
                tables[-1][0].append(r)
            else:
                tables.append(([r], a))
        for rs, a in tables:
            const = f"{name}_{minor(rs[0])}"
            path = f"{TABLES}/{const.lower()}.in"
            out.append(f"/// {doc} of CPython {', '.join(rs)}, sorted" +
                       (":\n/// (alias, codec module)." if key == "aliases" else "."))
            out.append(f'pub(crate) const {const}: {kind} = include!("../../../{path}");')
            out.append("")
            if key == "aliases":
                rows = [f'    ("{k}", "{v}"),' for k, v in a]
            else:
                rows = [f'    "{m}",' for m in a]
            tables_out[path] = "&[\n" + "\n".join(rows) + "\n]\n"
    names = sorted(charmaps)
    out.append("/// The single-byte charmap codecs, sorted: (module, offset of its")
    out.append("/// tables in `data/charmaps.bin`).")
    out.append("pub(super) const CHARMAPS: &[(&str, usize)] = &[")
    blob = bytearray()
    for m in names:
        dec, enc = charmaps[m]
        out.append(f'    ("{m}", {len(blob)}),')
        for c in dec:
            blob += c.to_bytes(2, "little")
        blob += len(enc).to_bytes(2, "little")
        for c, b in enc:
            blob += c.to_bytes(2, "little") + bytes([b])
    out.append("];")
    return "\n".join(out) + "\n", tables_out, bytes(blob), names_blob(data)


def main():
    names, tables, blob, unicode_names = generate()
    files = [(NAMES, names.encode()), (CHARMAPS, blob), (UNICODE_NAMES, unicode_names)]
    files += [(path, text.encode()) for path, text in sorted(tables.items())]
    if "--check" in sys.argv:
        ok = True
        for path, want in files:
            have = None
            if os.path.exists(path):
                with open(path, "rb") as f:
                    have = f.read()
            if have != want:
                print(f"{path} differs from what the interpreters give", file=sys.stderr)
                ok = False
        sys.exit(0 if ok else 1)
    os.makedirs(TABLES, exist_ok=True)
    for path, want in files:
        with open(path, "wb") as f:
            f.write(want)


if __name__ == "__main__":
    main()
