"""Gathers the results of benches/report.sh into BENCHMARKS.md and an SVG
chart. Usage: report.py CRITERION_DIR WORK_DIR BENCHMARKS.md CHART.svg

WORK_DIR holds split_floor.txt (split_floor.rs's lines), cpython.jsonl (one JSON object per CPython release, from
cpython_bench.py), ocaml.txt (neturl_bench.ml's lines) and alloc.txt
(pass/fail of tests/alloc_free.rs)."""

import json
import os
import platform
import sys
import time

crit_dir, work, md_path, svg_path = sys.argv[1:5]

# --- gather --------------------------------------------------------------
# rows[workload] = [(implementation, ns per item)], workload = "func/corpus"
rows = {}


def add(workload, impl, ns):
    rows.setdefault(workload, []).append((impl, ns))


for dirpath, _, files in os.walk(crit_dir):
    if "benchmark.json" not in files or os.path.basename(dirpath) != "new":
        continue
    with open(os.path.join(dirpath, "benchmark.json")) as f:
        bench = json.load(f)
    with open(os.path.join(dirpath, "estimates.json")) as f:
        est = json.load(f)
    n = (bench.get("throughput") or {}).get("Elements") or 1
    group = bench["group_id"]
    if group == "split_cli":
        group = "split_cli/both lists"
    add(group, bench["function_id"], est["median"]["point_estimate"] / n)

CPY_NAMES = {
    "split": "urlsplit.__wrapped__",
    "parse": "urlparse",
    "join": "urljoin",
    "quote": "quote",
    "unquote": "unquote",
    "parse_qsl": "parse_qsl",
    "urlencode": "urlencode",
}
cpython = {}
with open(os.path.join(work, "cpython.jsonl")) as f:
    for line in f:
        r = json.loads(line)
        v = r["version"]
        for key, ns in r["results"].items():
            func, corpus = key.split("/")
            cpython[(v, key)] = ns
            name = CPY_NAMES[func]
            if v == "3.9.18" and func == "split":
                name = "urlsplit"  # 3.9/3.10: no lru_cache to bypass
            if v == "3.10.13" and func == "split":
                name = "urlsplit"
            # urlsplit and urlparse share the workload "split/…".
            wl = "split/" + corpus if func in ("split", "parse") else key
            add(wl, f"CPython {v} {name}", ns)

ocaml = {}
with open(os.path.join(work, "ocaml.txt")) as f:
    for line in f:
        key, ns = line.split()
        ocaml[key] = float(ns)
        func = "string_of_url" if key.startswith("neturl_print") else "parse_url"
        add(key, f"Ocamlnet 4.1.9 Neturl.{func}", float(ns))

with open(os.path.join(work, "alloc.txt")) as f:
    alloc_ok = f.read().strip() == "pass"


def rust(workload, impl):
    for i, ns in rows.get(workload, []):
        if i == impl:
            return ns
    return None


# --- targets ---------------------------------------------------------------
PY = "3.13.0"
targets = []  # (target, workload, measured, needed, met), the figures as text


def target(label, workload, ours, peer_ns, needed):
    mine = rust(workload, ours)
    if mine is None or peer_ns is None:
        targets.append((label, workload, "n/a", f"{needed}×", False))
        return
    ratio = peer_ns / mine
    targets.append((label, workload, f"{ratio:,.1f}×", f"{needed}×", ratio >= needed))


def rate_target(label, workload, ours, peer, needed_per_s):
    """A rate in items a second, with the ratio against `peer` shown."""
    mine, theirs = rust(workload, ours), rust(workload, peer)
    if mine is None or theirs is None:
        targets.append((label, workload, "n/a", f"{needed_per_s / 1e6:g} M/s", False))
        return
    rate = 1e9 / mine
    measured = f"{rate / 1e6:.2f} M/s ({theirs / mine:,.1f}× {peer})"
    targets.append((label, workload, measured, f"{needed_per_s / 1e6:g} M/s",
                    rate >= needed_per_s))


for corpus in ("kasztp", "node_files"):
    wl = "split/" + corpus
    target("urlsplit ≥ 100× CPython 3.13.0 urlsplit.__wrapped__", wl, "urlsyntax urlsplit",
           cpython.get((PY, "split/" + corpus)), 100)
    target("urlparse ≥ 100× CPython 3.13.0 urlparse", wl, "urlsyntax urlparse",
           cpython.get((PY, "parse/" + corpus)), 100)
    target("urlsplit no slower than fluent-uri UriRef::parse", wl, "urlsyntax urlsplit",
           rust(wl, "fluent-uri UriRef::parse"), 1)
    target("urlparse no slower than fluent-uri UriRef::parse", wl, "urlsyntax urlparse",
           rust(wl, "fluent-uri UriRef::parse"), 1)
# The floor: one memchr3 pass over every byte (no URL of the lists has its
# needles: tab, CR, LF), the least a split must read. The ratio is
# split_floor.rs's: the median of rounds that time both back to back.
paired = {}
with open(os.path.join(work, "split_floor.txt")) as f:
    for line in f:
        key, ratio, split_ns, floor_ns, rounds = line.split()
        paired[key.split("/", 1)[1]] = (float(ratio), float(split_ns), float(floor_ns), int(rounds))
for corpus in ("kasztp", "node_files"):
    wl = "split/" + corpus
    label = "urlsplit within 3× the floor (one memchr3 pass over each URL, timed in pairs)"
    if corpus not in paired:
        targets.append((label, wl, "n/a", "≤ 3×", False))
    else:
        ratio, split_ns, floor_ns, rounds = paired[corpus]
        measured = f"{ratio:,.2f}× ({split_ns:.1f} ÷ {floor_ns:.1f} ns, median of {rounds} rounds)"
        targets.append((label, wl, measured, "≤ 3×", ratio <= 3))
for corpus in ("kasztp", "node_files"):
    wl = "attributes/" + corpus
    target("hostname() no slower than urlsplit", wl, "hostname", rust(wl, "urlsplit"), 1)
    target("port() no slower than urlsplit", wl, "port", rust(wl, "urlsplit"), 1)
rate_target("`urlsyntax split` (JSON lines, byte-identical to a CPython 3.13.0 script) "
            "≥ 4 M URLs a second", "split_cli/both lists", "urlsyntax", "cpython-3.13", 4e6)
for corpus in ("kasztp", "node_files"):
    target("urljoin ≥ 50× CPython 3.13.0", "join/" + corpus, "urlsyntax urljoin",
           cpython.get((PY, "join/" + corpus)), 50)
for func in ("quote", "unquote", "parse_qsl", "urlencode"):
    wl = func + "/kasztp"
    target(f"{func} ≥ 30× CPython 3.13.0", wl, "urlsyntax " + func, cpython.get((PY, wl)), 30)
for corpus in ("kasztp", "node_files"):
    target("parse_url ≥ 20× Ocamlnet", "neturl_parse/" + corpus, "urlsyntax parse_url",
           ocaml.get("neturl_parse/" + corpus), 20)
    target("string_of_url ≥ 20× Ocamlnet", "neturl_print/" + corpus,
           "urlsyntax string_of_url", ocaml.get("neturl_print/" + corpus), 20)

# --- markdown ----------------------------------------------------------------
ORDER = ["split", "attributes", "split_cli", "join", "quote", "unquote", "parse_qsl", "urlencode", "neturl_parse",
         "neturl_print"]
TITLES = {
    "split": "Splitting and parsing URLs",
    "attributes": "hostname(), port() and attributes() of a split result, against urlsplit itself",
    "split_cli": "`urlsyntax split` as a process (JSON lines), against `benches/split_lines.py` under CPython 3.13.0, on both lists repeated four times",
    "join": "urljoin (base = each URL, reference derived from the next one)",
    "quote": "quote (each URL, safe='/')",
    "unquote": "unquote (each URL quoted first)",
    "parse_qsl": "parse_qsl (the queries of the URLs that have one)",
    "urlencode": "urlencode (the pairs of those queries, blank values kept)",
    "neturl_parse": "Neturl parse_url",
    "neturl_print": "Neturl string_of_url (the URLs parse_url accepted; urlsyntax hands back the shared Arc<str>, and, for comparison, a String copy)",
}
CORPUS_NOTE = {"kasztp": "kasztp.txt, 48,010 web URLs", "node_files": "node_files.txt, 43,415 file:// URLs"}
# The URL count split_cli printed ("split_cli: N URLs, ...").
with open(os.path.join(work, "split_cli.log")) as f:
    for line in f:
        if line.startswith("split_cli: ") and " URLs, " in line:
            CORPUS_NOTE["both lists"] = f"{int(line.split()[1]):,} URLs"


def wl_key(wl):
    func, corpus = wl.split("/")
    return (ORDER.index(func) if func in ORDER else 99, corpus)


def reference(wl):
    """The implementation each row is compared with."""
    func = wl.split("/")[0]
    if func == "attributes":
        return rust(wl, "urlsplit"), "urlsplit"
    if func == "split_cli":
        return rust(wl, "cpython-3.13"), "the CPython 3.13.0 script"
    if func.startswith("neturl"):
        return ocaml.get(wl), "Ocamlnet"
    key = ("split/" if func == "split" else func + "/") + wl.split("/")[1]
    return cpython.get((PY, key)), "CPython 3.13.0 " + CPY_NAMES[func]


def fmt_ns(ns):
    return f"{ns:,.0f}" if ns >= 100 else f"{ns:.1f}"


lines = []
out = lines.append
out("# Benchmarks")
out("")
out("urlsyntax against CPython's `urllib.parse` (3.9.18 to 3.13.0), Ocamlnet 4.1.9's")
out("`Neturl` in native code and the Rust URL crates, on the real URL lists of")
out("`tests/data/corpora/` (MIT). Every number below comes from one run of")
out("`benches/report.sh`, each peer measured in the same run on the same machine,")
out("so compare ratios rather than absolute times. Times are medians, in")
out("nanoseconds per item (per URL, per query, per pair of URLs).")
out("")
out("## How to run")
out("")
out("```sh")
out("benches/report.sh          # about 5 minutes; --quick for a rough try")
out("```")
out("")
out("It runs the criterion benches of the `urlsyntax-bench` package")
out("(`benches/benches/split.rs`, `attributes.rs`, `quoting.rs`, `neturl.rs`; run one alone")
out("with `cargo bench -p urlsyntax-bench --bench split`), then `split_cli.rs`, which runs")
out("`target/release/urlsyntax split` and `benches/split_lines.py` (CPython 3.13.0) as")
out("processes on both lists repeated four times, after checking that their outputs are")
out("the same bytes (`cargo build --release && cargo bench -p urlsyntax-bench --bench")
out("split_cli` alone), `benches/cpython_bench.py` under")
out("each CPython release (`$(pyenv root)/versions/<v>/bin/python3`),")
out("`benches/neturl_bench.ml` (built with `ocamlfind ocamlopt -package netstring,unix`),")
out("and the zero-allocation test `tests/alloc_free.rs`; then `benches/report.py`")
out("writes this file and `benches/chart.svg`. It needs cargo, pyenv with the five")
out("releases, and ocamlfind with Ocamlnet's netstring.")
out("")
out("The benches are built with `RUSTFLAGS=\"-C llvm-args=-align-all-functions=6\"` in")
out("`target/bench-aligned`: every function starts on a 64-byte boundary, so that a")
out("change elsewhere in the binary does not move a function's loops across cache")
out("lines (that alone moved `parse_url` by 9% between two builds). It applies to")
out("urlsyntax and its Rust peers alike.")
out("")
out("`string_of_url` is timed as `url.to_arc_str()`: an owned string that outlives")
out("the `Url`, as Ocamlnet's result outlives its `url`. A `Url` keeps its printed form,")
out("built by `parse_url` (and timed there), as an `Arc<str>`, which is shared as an OCaml")
out("string is, so handing it out costs a reference count (`as_str()` borrows it for")
out("nothing). The row `string_of_url String copy` times `url.as_str().to_owned()`, a")
out("`String` of its own: an allocation and a copy, which the system allocator makes")
out("cost about twice as much; it is shown for comparison and is not a target.")
out("")
out("Two rows of `split/…` are not parsers: `memchr3 scan` finds every `/`, `?` and")
out("`#` (the delimiters a split cuts at, so it stops at each), and `memchr3 one pass`")
out("looks for tab, CR and LF, which no URL of the lists holds, so it reads every byte")
out("once at the speed of SIMD: the floor of any split, against which urlsplit's")
out("target is set. That target reads `benches/benches/split_floor.rs`, not these rows:")
out("it times a pass of urlsplit and a pass of the floor back to back, round after")
out("round, and takes the median of the rounds' ratios. Rows timed seconds apart")
out("move with the machine's spells (up to 40% on a shared machine); a pair of")
out("passes a millisecond each shares one.")
out("")
out("CPython's `urlsplit` is timed with its cache bypassed: 3.11+ call")
out("`urlsplit.__wrapped__` (the function under `functools.lru_cache`); 3.9 and 3.10")
out("have no such wrapper but a 20-entry cache inside `urlsplit`, which the distinct")
out("URLs of the lists miss. `urlparse` and `urljoin` are called as they are.")
out("")
out("To check the splitting targets on URL lists of your own (one URL a line):")
out("")
out("```sh")
out("benches/check_split.sh my-urls.txt other-urls.txt")
out("```")
out("")
out("It times urlsyntax's `urlsplit` and `urlparse` and fluent-uri's `UriRef::parse` with")
out("criterion, and CPython 3.13.0's `urlsplit.__wrapped__` and `urlparse`, on each list,")
out("prints the ratios and exits 1 if a target is missed.")
out("")
out("To hold a change to the benchmarks (a refactoring that must not cost speed),")
out("`benches/compare.sh OLD_REV` builds the library of an older tree beside this one")
out("and times each workload under both in pairs of passes, printing new ÷ old.")
out("")
out("The Python package's figures and the column figures (Arrow, DuckDB, Spark) have")
out("commands of their own, `python/bench/run.sh` and `python/bench/columns.sh`, which")
out("write their sections below; `python/bench/columns_check.py my-urls.txt` runs the")
out("column faces on a list of your own.")
out("")
out(f"Machine: {platform.machine()}, {os.cpu_count()} cores (shared); "
    f"run {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.")
out("")
out("![ns per item, log scale](benches/chart.svg)")
out("")
out("## Targets")
out("")
out("| Target | Workload | Measured | Needed | Met |")
out("| --- | --- | ---: | ---: | :---: |")
for label, wl, measured, needed, met in targets:
    out(f"| {label} | {wl} | {measured} | {needed} | {'yes' if met else '**no**'} |")
out(f"| zero heap allocations in urlsplit/urlparse (`tests/alloc_free.rs`) | — | "
    f"{'passes' if alloc_ok else 'fails'} | passes | {'yes' if alloc_ok else '**no**'} |")
out("")
out("## All measurements")
for wl in sorted(rows, key=wl_key):
    func, corpus = wl.split("/")
    ref_ns, ref_name = reference(wl)
    out("")
    out(f"### {TITLES.get(func, func)}: {CORPUS_NOTE.get(corpus, corpus)}")
    out("")
    out(f"| Implementation | ns/item | × faster than {ref_name} |")
    out("| --- | ---: | ---: |")
    for impl, ns in sorted(rows[wl], key=lambda r: r[1]):
        ratio = f"{ref_ns / ns:,.1f}×" if ref_ns else "n/a"
        out(f"| {impl} | {fmt_ns(ns)} | {ratio} |")
out("")
# The Python package's section (python/bench/run.sh writes it) is kept.
PYTHON_SECTION = "## The Python package"
if os.path.exists(md_path):
    with open(md_path) as f:
        old = f.read()
    if PYTHON_SECTION in old:
        out(PYTHON_SECTION + old.split(PYTHON_SECTION, 1)[1].rstrip("\n"))
with open(md_path, "w") as f:
    f.write("\n".join(lines))
print("\n".join(lines[lines.index("## Targets"):]))

# --- chart -------------------------------------------------------------------
import math

bar_h, gap, left, width = 14, 22, 330, 460
items = []
for wl in sorted(rows, key=wl_key):
    items.append(("title", wl, None))
    for impl, ns in sorted(rows[wl], key=lambda r: r[1]):
        items.append(("bar", impl, ns))
all_ns = [ns for kind, _, ns in items if kind == "bar"]
lo = 10 ** math.floor(math.log10(min(all_ns)))
hi = 10 ** math.ceil(math.log10(max(all_ns)))


def x_of(ns):
    return left + width * (math.log10(ns) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))


y = 40
body = []
for kind, name, ns in items:
    if kind == "title":
        y += 10
        body.append(f'<text x="8" y="{y + 10}" font-weight="bold">{name}</text>')
        y += gap - 4
        continue
    ours = name.startswith("urlsyntax") or name in ("urlsplit", "hostname", "port", "attributes")
    color = "#c0392b" if ours else (
        "#7f8c8d" if name.startswith(("CPython", "Ocamlnet", "cpython")) else "#2980b9")
    esc = name.replace("&", "&amp;").replace("<", "&lt;")
    body.append(f'<text x="{left - 6}" y="{y + 11}" text-anchor="end">{esc}</text>')
    body.append(f'<rect x="{left}" y="{y}" width="{x_of(ns) - left:.1f}" height="{bar_h}" fill="{color}"/>')
    body.append(f'<text x="{x_of(ns) + 4:.1f}" y="{y + 11}">{fmt_ns(ns)}</text>')
    y += bar_h + 4
height = y + 20
axis = []
d = lo
while d <= hi:
    axis.append(f'<line x1="{x_of(d):.1f}" y1="30" x2="{x_of(d):.1f}" y2="{height - 10}" stroke="#ddd"/>')
    axis.append(f'<text x="{x_of(d):.1f}" y="24" text-anchor="middle">{fmt_ns(d)}</text>')
    d *= 10
svg = [
    f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + width + 80}" height="{height}" '
    f'font-family="sans-serif" font-size="11">',
    '<rect width="100%" height="100%" fill="white"/>',
    f'<text x="8" y="14" font-size="12">ns per item (log scale); red: urlsyntax, blue: Rust peers, grey: CPython / Ocamlnet</text>',
    *axis,
    *body,
    "</svg>",
]
with open(svg_path, "w") as f:
    f.write("\n".join(svg) + "\n")
