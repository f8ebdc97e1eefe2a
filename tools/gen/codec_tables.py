"""Writes CPython's codec tables: `pyruntime/src/codec/names.rs` (which includes
the tables of every name and alias of each release, and of the text codecs,
written as data to `data/codecs/*.in`) and `data/codecs/charmaps.bin`
(the single-byte charmap codecs).

Run from the repository root with any Python 3:
    python3 tools/gen/codec_tables.py           # rewrite the files
    python3 tools/gen/codec_tables.py --check   # exit 1 if they differ
It runs each release's own interpreter (`$(pyenv root)/versions/<v>`) and
reads its `encodings` package, so the output depends only on those.

names.bin holds the names the `namereplace` handler writes and those the
`\\N{...}` escapes read, per release (see `pyruntime/src/codec/unicode_names.rs`
for its layout).

charmaps.bin, per charmap table in the order of `CHARMAP_TABLES` (a codec
whose table changed has one a version; each release's `CHARMAPS_*` list
picks its own): 256 little-endian
u16, the text of each byte (0xFFFE: undefined); a u16 count, then that many
(u16 character, u8 byte) entries sorted by character: every BMP character
the codec encodes to one byte (astral characters never map).
"""
import json
import os
import subprocess
import sys

RELEASES = ["3.6.15", "3.7.16", "3.8.18", "3.9.18", "3.10.13", "3.11.7", "3.12.1", "3.13.0",
            "3.13.18", "3.14.10", "3.15.2"]
# Run from the repository root; the tables are the runtime crate's.
CRATE = "pyruntime"
NAMES = f"{CRATE}/src/codec/names.rs"
TABLES = "data/codecs"
CHARMAPS = f"{CRATE}/data/codecs/charmaps.bin"
UNICODE_NAMES = f"{CRATE}/data/codecs/names.bin"

# The prefixes of the names derived from the code point ("PREFIX-XXXX"):
# the dump asks each release's `\N{...}` escapes about them even where its
# `namereplace` writes no such name (3.13.x and 3.14 read Tangut
# ideographs' names, gh-80667, before 3.15 writes them).
DERIVED = ["CJK UNIFIED IDEOGRAPH-", "CJK COMPATIBILITY IDEOGRAPH-", "TANGUT IDEOGRAPH-",
           "EGYPTIAN HIEROGLYPH-", "KHITAN SMALL SCRIPT CHARACTER-", "NUSHU CHARACTER-"]

DUMP = "DERIVED = %r\n" % DERIVED + r'''
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
# The derived names an escape takes that `namereplace` does not write.
derived = {}
points = [c for c in range(0x110000) if not 0xD800 <= c < 0xE000]
for p in DERIVED:
    escapes = "".join("\\N{%s%04X}" % (p, c) for c in points).encode("ascii")
    got = escapes.decode("unicode_escape", "replace")
    assert len(got) == len(points), p
    derived[p] = [c for c, g in zip(points, got)
                  if ord(g) == c and names.get(c) != "%s%04X" % (p, c)]
    assert all(ord(g) in (c, 0xFFFD) for c, g in zip(points, got)), p
json.dump({"aliases": sorted(A.aliases.items()), "text": text,
           "charmaps": charmaps, "names": names, "targets": targets,
           "derived": derived}, sys.stdout)
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
        # Derived names the escapes take although the handler does not
        # write them.
        for prefix, cps in data[RELEASES[i]]["derived"].items():
            for cp in cps:
                key = (cp, "%s%04X" % (prefix, cp))
                masks.setdefault(key, 0)
                resolves[key] = resolves.get(key, 0) | (1 << i)
    ranges, entries = [], []
    for (cp, name), s in sorted(masks.items()):
        back = resolves.get((cp, name), 0)
        target = targets.get((cp, name), cp)
        if cp < ALIASES_START and target != cp:
            sys.exit(f"U+{cp:04X} {name}: an escape of its name gives U+{target:04X}")
        if 0xAC00 <= cp <= 0xD7A3 and name == hangul(cp):
            key = (1, "HANGUL SYLLABLE ", s, back)
        elif name.endswith("-%04X" % cp) and cp < ALIASES_START:
            prefix = name[: -len("%04X" % cp)]
            if prefix not in DERIVED:
                sys.exit(f"{prefix}: a derived name's prefix missing from DERIVED")
            key = (0, prefix, s, back)
        else:
            entries.append((cp, s, back, target, name.encode()))
            continue
        if ranges and ranges[-1][1] == cp - 1 and ranges[-1][2] == key:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp, key])
    blob = bytearray(b"NAM4")
    blob += bytes([len(RELEASES)]) + len(ranges).to_bytes(2, "little")
    for start, end, (kind, prefix, s, back) in ranges:
        blob += start.to_bytes(4, "little") + end.to_bytes(4, "little")
        blob += s.to_bytes(2, "little") + back.to_bytes(2, "little")
        blob += bytes([kind, len(prefix)]) + prefix.encode()
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
        blob += varint(cp - previous_cp) + masks_coded(s, back)
        if back and cp >= ALIASES_START:
            blob += varint(target)
        blob += bytes([shared]) + name[shared:] + b"\n"
        previous_cp, previous = cp, name
    return bytes(blob)


def masks_coded(s, back):
    """A name's two release masks: most names are in every release from
    one on and taken back by the same ones, written as that release's
    index (one byte); other masks as len(RELEASES) + s, then back."""
    n = len(RELEASES)
    for k in range(n):
        if s == back == (1 << n) - (1 << k):
            return varint(k)
    return varint(n + s) + varint(back)


def varint(n):
    """LEB128: seven bits a byte, low first, the top bit set on all but the last."""
    assert n >= 0
    out = bytearray()
    while n >= 0x80:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def const_name(name, releases):
    """A table's name: `NAME_3_9` after the first release of its run, or
    `NAME_3_13_18` for a later release of a line (3.13.0 is `NAME_3_13`)."""
    first = releases[0]
    short = "_".join(first.split(".")[:2])
    line = [r for r in RELEASES if "_".join(r.split(".")[:2]) == short]
    return f"{name}_{short}" if first == line[0] else f"{name}_{first.replace('.', '_')}"


def runs(per_release):
    """[(releases, table)]: one entry per run of releases sharing a table."""
    out = []
    for r in RELEASES:
        if out and out[-1][1] == per_release[r]:
            out[-1][0].append(r)
        else:
            out.append(([r], per_release[r]))
    return out


def charmap_tables(data):
    """Every distinct table of each charmap codec (a codec may change, as
    palmos did in 3.13.x, gh-135995), and each release's codecs as
    (module, index of its table), sorted."""
    seen = {}
    for r in RELEASES:
        for m, t in data[r]["charmaps"].items():
            if t not in seen.setdefault(m, []):
                seen[m].append(t)
    tables = sorted((m, k, t) for m, ts in seen.items() for k, t in enumerate(ts))
    if len(tables) > 256:
        sys.exit("more than 256 charmap tables: `Charmap` holds a u8")
    index = {(m, k): i for i, (m, k, _) in enumerate(tables)}
    per_release = {r: sorted((m, index[(m, seen[m].index(t))])
                             for m, t in data[r]["charmaps"].items()) for r in RELEASES}
    return [(m, t) for m, _, t in tables], per_release


def generate():
    data = dumps()
    charmaps, charmaps_per_release = charmap_tables(data)
    out = ["//! CPython's codec names, per release (generated by `tools/gen/codec_tables.py`;",
           "//! do not edit). Keys are `encodings.normalize_encoding` forms; the tables",
           "//! themselves are data, in `data/codecs/`.", ""]
    tables_out = {}
    for key, doc, name, kind in (
            ("aliases", "`encodings.aliases.aliases`", "ALIASES", "&[(&str, &str)]"),
            ("text", "The `encodings` modules that are text codecs", "TEXT_CODECS", "&[&str]"),
            ("charmaps", "The single-byte charmap codecs", "CHARMAPS", "&[(&str, u8)]")):
        if key == "charmaps":
            per_release = charmaps_per_release
        else:
            per_release = {r: [tuple(x) if isinstance(x, list) else x for x in data[r][key]]
                           for r in RELEASES}
        for rs, a in runs(per_release):
            const = const_name(name, rs)
            path = f"{TABLES}/{const.lower()}.in"
            out.append(f"/// {doc} of CPython {', '.join(rs)}, sorted" + {
                "aliases": ":\n/// (alias, codec module).",
                "text": ".",
                "charmaps": ":\n/// (module, index of its tables in `CHARMAP_TABLES`)."}[key])
            line = f'pub const {const}: {kind} = include!("../../{path}");'
            # As rustfmt writes it (100 columns).
            out.append(line if len(line) <= 100 else line.replace(" = ", " =\n    ", 1))
            out.append("")
            if key == "aliases":
                rows = [f'    ("{k}", "{v}"),' for k, v in a]
            elif key == "charmaps":
                rows = [f'    ("{m}", {i}),' for m, i in a]
            else:
                rows = [f'    "{m}",' for m in a]
            tables_out[path] = "&[\n" + "\n".join(rows) + "\n]\n"
    out.append("/// Every table of the single-byte charmap codecs, sorted by module and")
    out.append("/// then by release: (module, offset of its tables in `data/codecs/charmaps.bin`).")
    out.append("pub(super) const CHARMAP_TABLES: &[(&str, usize)] = &[")
    blob = bytearray()
    for m, (dec, enc) in charmaps:
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
    files += [(f"{CRATE}/{path}", text.encode()) for path, text in sorted(tables.items())]
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
    os.makedirs(f"{CRATE}/{TABLES}", exist_ok=True)
    for path, want in files:
        with open(path, "wb") as f:
            f.write(want)


if __name__ == "__main__":
    main()
