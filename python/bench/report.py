"""Writes the Python section of BENCHMARKS.md from pytest-benchmark JSON
files (one per interpreter): ns per item and the ratio urllib.parse /
urlsyntax.parse for each workload, against the issue's targets.

    python report.py BENCHMARKS.md RESULT.json...
"""
import json
import platform
import sys
import time

START = "## The Python package"
TARGETS = {
    "urlsplit": 10, "urlparse": 10, "urljoin": 10, "quote": 5, "unquote": 5,
    "parse_qsl": 5, "urlencode": 3, "urlsplit repeated": 1,
}


def rows(path):
    data = json.load(open(path))
    version = data["machine_info"]["python_version"]
    by = {}
    for b in data["benchmarks"]:
        who = b["param"].split("-")[-1] if "param" in b else b["name"]
        who = "urlsyntax" if "urlsyntax" in b["name"] else "urllib"
        items = b["extra_info"]["items"]
        by.setdefault(b["group"], {})[who] = b["stats"]["median"] * 1e9 / items
    return version, by


def main():
    target, results = sys.argv[1], sys.argv[2:]
    out = [START, "",
           "urlsyntax.parse against the same interpreter's urllib.parse, in one process",
           "(`python/bench/run.sh`: pytest-benchmark, the median of 7 passes over each list;",
           "the package is built in release, abi3 for 3.10+). Distinct URLs bypass CPython's",
           "cache (`urlsplit.__wrapped__` on 3.11+); `urlsplit repeated` cycles through 100",
           "URLs, where CPython's cache answers. ns per item; ratio = urllib / urlsyntax.",
           "Machine: %s, run %s UTC." % (platform.machine(), time.strftime("%Y-%m-%d %H:%M", time.gmtime())),
           ""]
    missed = []
    for path in results:
        version, by = rows(path)
        out += ["### CPython %s" % version, "",
                "| Workload | urllib.parse | urlsyntax.parse | Ratio | Target | Met |",
                "| --- | ---: | ---: | ---: | ---: | :---: |"]
        for group in sorted(by):
            t = by[group]
            ratio = t["urllib"] / t["urlsyntax"]
            need = TARGETS[group.split("/")[0]]
            met = ratio >= need
            if not met:
                missed.append("%s %s: %.1fx < %dx" % (version, group, ratio, need))
            out.append("| %s | %.0f | %.0f | %.1f× | %d× | %s |" % (group, t["urllib"], t["urlsyntax"], ratio, need, "yes" if met else "no"))
        out.append("")
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
