"""The project's differential call generators (tests/gen/*.py), answered
in-process by urllib.parse and by urlsyntax.parse in this interpreter: the
same values of the same types (3.15's results with the same `_keep_empty`),
or the same exception class and message."""
import json
import os
import subprocess
import sys

import pytest

from conftest import REPO

sys.path.insert(0, os.path.join(REPO, "tests", "oracles"))
import cpython_answer  # noqa: E402

import urllib.parse as stdlib  # noqa: E402

import urlsyntax.parse as ours  # noqa: E402
from urlsyntax import _native  # noqa: E402

GENERATORS = {
    "split_calls": ["--seed", "7", "--count", "15000"],
    "join_calls": ["--seed", "7", "--count", "10000"],
    "qs_calls": ["15000", "7"],
    "soup_calls": ["7", "10000"],
}


def calls(generator):
    out = subprocess.run(
        [sys.executable, os.path.join(REPO, "tests", "gen", generator + ".py")] + GENERATORS[generator],
        capture_output=True,
        text=True,
        check=True,
    )
    return [json.loads(line) for line in out.stdout.split("\n") if line.strip()]


def outcome(module, call):
    """What `module` answers to `call`: ("ok", type, value) or ("raised", class, message)."""
    name = call["fn"]
    args = [cpython_answer.dec(a) for a in call.get("args") or []]
    kwargs = {k: cpython_answer.dec(v) for k, v in (call.get("kwargs") or {}).items()}
    if "quote_via" in kwargs:
        kwargs["quote_via"] = getattr(module, kwargs["quote_via"])
    fname, _, attr = name.partition(".")
    try:
        r = getattr(module, fname)(*args, **kwargs)
        if attr == "geturl":
            r = r.geturl()
        elif attr:
            r = getattr(r, attr)
    except Exception as e:
        return ("raised", type(e), str(e))
    # 3.15's results remember how they were parsed.
    return ("ok", type(r), r, getattr(r, "_keep_empty", "unset"))


@pytest.mark.parametrize("generator", sorted(GENERATORS))
def test_generated_calls_agree_with_urllib_parse(generator):
    todo = calls(generator)
    assert len(todo) >= 1000
    before = _native._counts()
    disagreements = []
    for call in todo:
        theirs = outcome(stdlib, call)
        mine = outcome(ours, call)
        if theirs != mine:
            disagreements.append((call, theirs, mine))
    after = _native._counts()
    native, delegated = after[0] - before[0], after[1] - before[1]
    print("%s: %d calls, %d disagreements; %d answered natively, %d delegated"
          % (generator, len(todo), len(disagreements), native, delegated))
    assert disagreements[:5] == []
    assert native > delegated, (native, delegated)
