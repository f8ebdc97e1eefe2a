"""Writes pyruntime/data/unicode/: what each CPython release's own Unicode database
and int() make of every code point, as sorted ranges compiled into
pyruntime/src/unicode.rs (one file per Unicode version; releases sharing one
must answer alike, or this script fails).

Each release is asked by running this same script under it with --probe
(so it runs on every interpreter from 3.6 on): str.lower (full mappings
and the Final_Sigma context), str.isprintable (repr), str.strip's
whitespace (unwrap), int()'s decimal digits and surrounding whitespace
(for str and bytes), its digit limit and where it is checked (the port),
and the characters whose NFKC holds one of '/?#@:' (_checknetloc), checked
against that release's own urllib.parse._checknetloc.

    python3 tools/gen/unicode_tables.py $(pyenv root)/versions pyruntime/data/unicode

tests/differential/unicode_tables.rs runs it into a scratch folder and compares.
"""
import json
import os
import subprocess
import sys

RELEASES = ["3.6.15", "3.7.16", "3.8.18", "3.9.18", "3.10.13", "3.11.7",
            "3.12.1", "3.13.0", "3.13.18", "3.14.10", "3.15.2"]
DELIMITERS = "/?#@:"
SIGMA = "\u03a3"
FINAL_SIGMA = "\u03c2"


def int_or_none(text):
    try:
        return int(text, 10)
    except ValueError:
        return None


def probe_netloc_check(nfkc_delimiter):
    """The table's prediction against the release's own _checknetloc: each
    non-ASCII character alone, between letters, before a combining mark
    (which composition might join to it), and random mixes."""
    import random
    import unicodedata
    from urllib.parse import _checknetloc
    table = set(nfkc_delimiter)

    def agrees(netloc):
        if unicodedata.normalize("NFKC", netloc) == netloc:
            # _checknetloc returns early, and no character of the table
            # normalizes to itself.
            if any(ord(c) in table for c in netloc):
                raise SystemExit("%r is its own NFKC" % netloc)
            return
        try:
            _checknetloc(netloc)
            raised = False
        except ValueError:
            raised = True
        predicted = any(ord(c) in table for c in netloc)
        if raised != predicted:
            raise SystemExit("_checknetloc(%r) disagrees with the table" % netloc)

    for cp in range(0x80, 0x110000):
        if 0xD800 <= cp < 0xE000:
            continue
        c = chr(cp)
        agrees(c)
        agrees("a" + c + ".b")
        agrees(c + "\u0338x")
    pool = ("a:@#?.\u0338\u0301\u2100\uff0f\ufe55\u2a74\u2260=<\u00fc"
            "\uac00\u1161\u11a8\u2047")
    rng = random.Random(20240601)
    for _ in range(20000):
        agrees("".join(rng.choice(pool) for _ in range(rng.randint(1, 6))))


def probe():
    """What this interpreter answers, as JSON on stdout."""
    import unicodedata
    import codecs

    def resolves(name):
        try:
            codecs.lookup(name)
            return True
        except LookupError:
            return False

    out = {"unicode": unicodedata.unidata_version,
           "release": "%d.%d.%d" % sys.version_info[:3]}
    lower, cased, ignorable = {}, [], []
    nonprintable, space, int_space, decimal, nfkc = [], [], [], [], []
    codec_name_kept = []
    for cp in range(0x110000):
        c = chr(cp)
        low = c.lower()
        if low != c:
            lower[cp] = [ord(x) for x in low]
        # Final_Sigma: before a sigma, a cased character makes it final
        # unless it is case-ignorable (skipped); after "A", only a cased
        # or ignorable one does.
        before = (c + SIGMA).lower()[-1] == FINAL_SIGMA
        after_a = ("A" + c + SIGMA).lower()[-1] == FINAL_SIGMA
        if before:
            cased.append(cp)
        elif after_a:
            ignorable.append(cp)
        following = ("A" + SIGMA + c).lower()[1] == FINAL_SIGMA
        if following == before:
            raise SystemExit("U+%04X: Final_Sigma probes disagree" % cp)
        if not c.isprintable():
            nonprintable.append(cp)
        if c.strip() == "":
            space.append(cp)
        # int() reads the digits and spaces of the same database (through
        # _PyUnicode_TransformDecimalAndSpaceToASCII): it is asked about
        # every character any numeric or space property names.
        if cp < 0x80 or c.isspace() or c.isnumeric() or \
                unicodedata.decimal(c, None) is not None:
            if int_or_none(c + "1") == 1 and int_or_none("1" + c) == 1:
                int_space.append(cp)
            d = int_or_none(c)
            if d is not None and c not in "+-":
                decimal.append([cp, d])
        # The codec registry's name normalization keeps these: a name
        # holding one matches no codec (3.6 to 3.8 keep the non-ASCII
        # letters and digits; from 3.9 every non-ASCII character is
        # punctuation, so "latin<c>1" is "latin_1").
        if cp >= 0x80 and not 0xD800 <= cp < 0xE000 and not resolves("latin" + c + "1"):
            codec_name_kept.append(cp)
        if cp >= 0x80 and not 0xD800 <= cp < 0xE000:
            n = unicodedata.normalize("NFKC", c)
            if any(x in n for x in DELIMITERS):
                nfkc.append(cp)
    out["lower"] = sorted(lower.items())
    out["cased"] = cased
    out["ignorable"] = ignorable
    out["nonprintable"] = nonprintable
    out["space"] = space
    out["int_space"] = int_space
    out["decimal"] = decimal
    out["nfkc_delimiter"] = nfkc
    out["codec_name_kept"] = codec_name_kept
    out["bytes_int_space"] = [
        b for b in range(256)
        if int_or_none(bytes([b]) + b"1") == 1 and int_or_none(b"1" + bytes([b])) == 1]
    out["bytes_decimal"] = [b for b in range(256)
                            if int_or_none(bytes([b])) is not None and b not in b"+-"]
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    out["int_max_str_digits"] = limit
    if limit:
        try:
            int("1" * (limit + 1))
            raise SystemExit("no digit limit")
        except ValueError as e:
            message = str(e)
        has = "has %d digits" % (limit + 1)
        if message.count(has) != 1:
            raise SystemExit("unexpected limit message: " + message)
        out["int_limit_message"] = message.split(has)
        # Up to 3.12 the limit is checked right after the digits, before
        # anything after them is looked at; 3.13 checks the whole literal.
        try:
            int("1" * (limit + 1) + "x")
        except ValueError as e:
            out["int_limit_before_rest"] = str(e).startswith(out["int_limit_message"][0])
    else:
        out["int_limit_message"] = ["", ""]
        out["int_limit_before_rest"] = False
    probe_netloc_check(nfkc)
    json.dump(out, sys.stdout)


def ranges(cps):
    """Sorted code points as [lo, hi] runs."""
    out = []
    for c in sorted(cps):
        if out and out[-1][1] == c - 1:
            out[-1][1] = c
        else:
            out.append([c, c])
    return out


def lower_runs(lower):
    """One-character mappings as (lo, hi, delta, stride) runs: every
    stride-th code point from lo maps to itself plus delta, and the ones
    between map to themselves."""
    mapped = set(cp for cp, _ in lower)
    runs = []
    for cp, m in lower:
        if len(m) != 1:
            continue
        delta = m[0] - cp
        if runs and runs[-1][2] == delta:
            run = runs[-1]
            if run[3] == 1 and cp == run[1] + 1:
                run[1] = cp
                continue
            if (run[3] == 2 or run[0] == run[1]) and cp == run[1] + 2 \
                    and run[1] + 1 not in mapped:
                run[1] = cp
                run[3] = 2
                continue
        runs.append([cp, cp, delta, 1])
    return runs


def rust_list(items, fmt, per_line):
    lines = []
    for i in range(0, len(items), per_line):
        lines.append("        " + " ".join(fmt(x) for x in items[i:i + per_line]))
    return "&[\n" + "\n".join(lines) + "\n    ]" if items else "&[]"


def pair(r):
    return "(0x%x, 0x%x)," % (r[0], r[1])


def render(data, releases):
    special = [(cp, m) for cp, m in data["lower"] if len(m) != 1]
    decimal_runs = []
    for cp, d in data["decimal"]:
        if decimal_runs and decimal_runs[-1][1] == cp - 1 and \
                decimal_runs[-1][2] + cp - decimal_runs[-1][0] == d:
            decimal_runs[-1][1] = cp
        else:
            decimal_runs.append([cp, cp, d])
    limit = data["int_max_str_digits"]
    head, tail = data["int_limit_message"]
    parts = [
        "// Generated by tools/gen/unicode_tables.py from CPython %s: do not edit."
        % ", ".join(releases),
        "UnicodeTables {",
        "    version: %s," % json.dumps(data["unicode"]),
        "    lower: %s," % rust_list(
            lower_runs(data["lower"]),
            lambda r: "(0x%x, 0x%x, %d, %d)," % tuple(r), 3),
        "    lower_special: %s," % rust_list(
            special,
            lambda s: "(0x%x, %s)," % (s[0], rust_str("".join(chr(x) for x in s[1]))), 2),
        "    cased: %s," % rust_list(ranges(data["cased"]), pair, 5),
        "    case_ignorable: %s," % rust_list(ranges(data["ignorable"]), pair, 5),
        "    nonprintable: %s," % rust_list(ranges(data["nonprintable"]), pair, 5),
        "    space: %s," % rust_list(ranges(data["space"]), pair, 5),
        "    int_space: %s," % rust_list(ranges(data["int_space"]), pair, 5),
        "    int_decimal: %s," % rust_list(
            decimal_runs, lambda r: "(0x%x, 0x%x, %d)," % tuple(r), 4),
        "    bytes_int_space: %s," % rust_list(ranges(data["bytes_int_space"]), pair, 5),
        "    bytes_int_decimal: %s," % rust_list(ranges(data["bytes_decimal"]), pair, 5),
        "    nfkc_delimiter: %s," % rust_list(ranges(data["nfkc_delimiter"]), pair, 5),
        "    codec_name_kept: %s," % rust_list(ranges(data["codec_name_kept"]), pair, 5),
        "    int_max_str_digits: %d," % limit,
        "    int_limit_message: (%s, %s)," % (json.dumps(head), json.dumps(tail)),
        "    int_limit_before_rest: %s," % ("true" if data["int_limit_before_rest"] else "false"),
        "}",
    ]
    return "\n".join(parts) + "\n"


def rust_str(s):
    """A Rust string literal (ASCII escapes for anything else)."""
    out = []
    for c in s:
        if c in '"\\':
            out.append("\\" + c)
        elif " " <= c <= "~":
            out.append(c)
        else:
            out.append("\\u{%x}" % ord(c))
    return '"' + "".join(out) + '"'


def main():
    if sys.argv[1:] == ["--probe"]:
        probe()
        return
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    root, outdir = sys.argv[1], sys.argv[2]
    # The releases are asked side by side.
    probes = [(release, subprocess.Popen(
        [os.path.join(root, release, "bin", "python3"), os.path.abspath(__file__), "--probe"],
        stdout=subprocess.PIPE, universal_newlines=True)) for release in RELEASES]
    by_version = {}
    for release, child in probes:
        text = child.communicate()[0]
        if child.returncode != 0:
            raise SystemExit("CPython %s could not be probed" % release)
        data = json.loads(text)
        data.pop("release")
        version = data["unicode"]
        if version in by_version:
            if by_version[version][0] != data:
                raise SystemExit("CPython %s answers differently from %s under Unicode %s"
                                 % (release, by_version[version][1][0], version))
            by_version[version][1].append(release)
        else:
            by_version[version] = (data, [release])
    if not os.path.isdir(outdir):
        os.makedirs(outdir)
    for version, (data, releases) in sorted(by_version.items()):
        name = "unicode_%s.in" % version.replace(".", "_")
        with open(os.path.join(outdir, name), "w") as f:
            f.write(render(data, releases))


main()
