"""Runs every documented example of the urllib.parse documentation seeds,
with the real CPython and with urlsyntax.

    python3 run.py BINARY [--python RELEASE] [SEED ...]

Run with the interpreter whose answers count (CPython 3.13.0, or the
release of `--python RELEASE`, default 3.13.0). For each seed and session found
by `extract.py`, the session runs twice, each time in a fresh namespace:
(a) against CPython's own `urllib.parse`, (b) with the public functions of
`urllib.parse` replaced by proxies answered by `BINARY calls --python
RELEASE` (`tests/cpython_suite/proxy.py`). The output
of each statement is what the interactive prompt shows (the repr of an
expression's value, nothing for an assignment) or, when it raises, the
exception's last line (`ValueError: ...`).

Prints a JSON array with one object per reported example (one that uses
one of the 16 functions): seed, line, source, documented, cpython,
urlsyntax, and whether each output matches the documented text under
doctest's OutputChecker with NORMALIZE_WHITESPACE and ELLIPSIS. Counts of
calls that urlsyntax answered and that the proxies had to leave to CPython
close the array's last object ("totals").
"""
import contextlib
import doctest
import io
import json
import os
import sys
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "cpython_suite"))
import extract  # noqa: E402
import proxy  # noqa: E402

CHECKER = doctest.OutputChecker()
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS


def run_statement(source, namespace):
    """What the prompt shows for `source`, without its final newline."""
    out = io.StringIO()
    try:
        code = compile(source, "<seed>", "single")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)
    except Exception as e:  # the exception line is the statement's output
        return traceback.format_exception_only(type(e), e)[-1].rstrip("\n")
    return out.getvalue().rstrip("\n")


def run_sessions(seeds):
    """{(seed, session index, example index): output}."""
    outputs = {}
    for seed in seeds:
        for s, session in enumerate(seed["sessions"]):
            namespace = {"__name__": "__seed__"}
            for e, example in enumerate(session):
                outputs[seed["seed"], s, e] = run_statement(example["source"], namespace)
    return outputs


def matches(documented, got):
    """doctest's verdict; a documented traceback is compared by its last
    line, as doctest compares exception messages."""
    m = doctest.DocTestParser._EXCEPTION_RE.match(documented + "\n")
    want = m.group("msg").rstrip("\n") if m else documented
    want = want + "\n" if want else ""
    got = got + "\n" if got else ""
    return CHECKER.check_output(want, got, FLAGS)


def main():
    binary, rest = sys.argv[1], sys.argv[2:]
    minor = "3.13.0"
    if rest[:1] == ["--python"]:
        minor, rest = rest[1], rest[2:]
    paths = rest or extract.seeds()
    seeds = [extract.extract(p) for p in paths]

    cpython = run_sessions(seeds)
    proxy.install(binary, minor)
    try:
        urlsyntax = run_sessions(seeds)
    finally:
        proxy.uninstall()

    report = []
    for seed in seeds:
        for s, session in enumerate(seed["sessions"]):
            for e, example in enumerate(session):
                if not example["report"]:
                    continue
                key = seed["seed"], s, e
                report.append({
                    "seed": seed["seed"],
                    "line": example["line"],
                    "source": example["source"],
                    "documented": example["documented"],
                    "cpython": cpython[key],
                    "urlsyntax": urlsyntax[key],
                    "cpython_matches_doc": matches(example["documented"], cpython[key]),
                    "urlsyntax_matches_doc": matches(example["documented"], urlsyntax[key]),
                })
    report.append({"totals": {"calls_to_urlsyntax": proxy.stats["calls"],
                              "calls_not_expressible": proxy.stats["not_expressible"]}})
    json.dump(report, sys.stdout, ensure_ascii=False, indent=1)
    print()


if __name__ == "__main__":
    main()
