"""Writes the Python section of BENCHMARKS.md from pytest-benchmark JSON
files (one per interpreter): ns per item and the ratio urllib.parse /
urlsyntax.parse for each workload, against the issue's targets.

    python report.py BENCHMARKS.md RESULT.json...
"""
import json
import os
import statistics
import sys

from machine import describe

START = "## The Python package"
TARGETS = {
    "urlsplit": 10, "urlparse": 10, "urljoin": 10, "quote": 5, "unquote": 5,
    "parse_qsl": 5, "urlencode": 3, "urlsplit repeated": 1,
}
# The summary's columns: a heading, and the workloads whose ratios it
# shows (two lists, or two functions on kasztp).
SUMMARY = [
    ("`urlsplit`", ["urlsplit/kasztp", "urlsplit/node_files"]),
    ("`urlparse`", ["urlparse/kasztp", "urlparse/node_files"]),
    ("`urljoin`", ["urljoin/kasztp", "urljoin/node_files"]),
    ("`quote`, `unquote`", ["quote/kasztp", "unquote/kasztp"]),
    ("`parse_qsl`, `urlencode`", ["parse_qsl/kasztp", "urlencode/kasztp"]),
    ("`urlsplit`, 100 URLs repeated", ["urlsplit repeated/kasztp"]),
]


def rows(path):
    """`(version, {workload: (urllib ns, urlsyntax ns, ratio)})`: the median
    ns per item of each side, and the median of the rounds' ratios (each
    round timed both sides back to back, test_bench.py)."""
    data = json.load(open(path))
    # run.sh names each result by the interpreter's pyenv name
    # (`result-debian13-3.13.5.json`), which says which build it was.
    name = os.path.basename(path)[len("result-"):-len(".json")]
    version = data["machine_info"]["python_version"]
    version = name if version in name and name != version else version
    by = {}
    for b in data["benchmarks"]:
        items = b["extra_info"]["items"]
        ns = b["extra_info"]["ns"]
        theirs, mine = ns["urllib"], ns["urlsyntax"]
        ratio = statistics.median(t / m for t, m in zip(theirs, mine))
        floor = ns.get("floor")
        # The floor: the same results built from Python (test_bench.py's
        # result_floor); its ns an item and urllib's ratio to it.
        floor = floor and (statistics.median(floor) / items,
                           statistics.median(t / f for t, f in zip(theirs, floor)))
        by[b["group"]] = (statistics.median(theirs) / items, statistics.median(mine) / items, ratio, floor)
    return version, by


def main():
    target, results = sys.argv[1], sys.argv[2:]
    first = json.load(open(results[0]))
    out = [START, "",
           "urlsyntax.parse against the same interpreter's urllib.parse, in one process",
           "(`python/bench/run.sh`: pytest-benchmark, 15 rounds over each list, each round a pass",
           "of urllib.parse and a pass of urlsyntax.parse back to back; the package is built as",
           "the wheels are, abi3 for 3.10+). Distinct URLs bypass CPython's",
           "cache (`urlsplit.__wrapped__` on 3.11+); `urlsplit repeated` cycles through 100",
           "URLs, where CPython's cache answers. ns per item (medians); ratio = the median of",
           "the rounds' urllib / urlsyntax. Floor (urlsplit and urlparse): the same result",
           "objects built from Python in the same rounds, each URL's parts cut by",
           "`operator.itemgetter` of their slices (known beforehand) and made a result by",
           "`tuple.__new__`, all in C but the loop: about what handing Python these objects",
           "costs; `urllib ÷ floor` is the ratio a split that cost nothing would stand at",
           "if building its answer cost what it costs from Python. Where that ratio is below",
           "the target, the target is out of reach of any split that hands Python these",
           "objects, and becomes it: urlsyntax.parse no slower than building the result alone.",
           "Machine: %s, run %s UTC." % (describe(first), first["datetime"][:16].replace("T", " ")),
           ""]
    missed = []
    tables = []
    summary = ["### Every interpreter at a glance", "",
               "× urllib.parse; two figures are the two lists (kasztp, node_files), or the two",
               "functions on kasztp. The tables below give each workload's times, target and floor.",
               "",
               "| Interpreter | " + " | ".join(h for h, _ in SUMMARY) + " | Targets met |",
               "| --- | " + " | ".join("---:" for _ in SUMMARY) + " | :---: |"]
    for path in results:
        version, by = rows(path)
        tables += ["### CPython %s" % version, "",
                   "| Workload | urllib.parse | urlsyntax.parse | Ratio | Target | Met | Floor | urllib ÷ floor |",
                   "| --- | ---: | ---: | ---: | ---: | :---: | ---: | ---: |"]
        missed_here = 0
        for group in sorted(by):
            theirs, mine, ratio, floor = by[group]
            need = TARGETS[group.split("/")[0]]
            target_text = "%d×" % need
            if floor and floor[1] < need and ratio < need:
                # Out of reach of a split that builds its answer as Python
                # does: the target is the floor's ratio (no slower than
                # building the result alone).
                need = floor[1]
                target_text = "%.1f× (floor)" % need
            met = ratio >= need
            if not met:
                missed.append("%s %s: %.1fx < %.1fx" % (version, group, ratio, need))
                missed_here += 1
            floor_cells = ("%.0f" % floor[0], "%.1f×" % floor[1]) if floor else ("—", "—")
            tables.append("| %s | %.0f | %.0f | %.1f× | %s | %s | %s | %s |" % (
                group, theirs, mine, ratio, target_text, "yes" if met else "no", *floor_cells))
        tables.append("")
        cells = [", ".join("%.1f" % by[g][2] if g in by else "—" for g in groups) for _, groups in SUMMARY]
        met_text = "all %d" % len(by) if not missed_here else "%d of %d" % (len(by) - missed_here, len(by))
        summary.append("| %s | %s | %s |" % (version, " | ".join(cells), met_text))
    out += summary + [""] + tables
    text = open(target, encoding="utf-8").read()
    head, _, rest = text.partition(START)
    # The sections after this one (the columns) stay as they are.
    tail = rest[rest.index("\n## "):] if "\n## " in rest else "\n"
    open(target, "w", encoding="utf-8").write(head.rstrip("\n") + "\n\n" + "\n".join(out).rstrip("\n") + "\n" + tail)
    print("\n".join(out))
    if missed:
        print("targets missed:\n  " + "\n  ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
