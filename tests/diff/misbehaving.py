"""CPython's answerer (tests/oracles/cpython_answer.py), misbehaving on
the first call whose first argument is a str holding a '[': the tests of `urlsyntax diff` check that
it says so, names that call and exits 2.

    python3 tests/diff/misbehaving.py crash     # exits with status 3
    python3 tests/diff/misbehaving.py hang      # sleeps for ever
    python3 tests/diff/misbehaving.py garbage   # writes a line that is no answer
    python3 tests/diff/misbehaving.py short     # leaves the call unanswered
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "oracles"))
import cpython_answer  # noqa: E402

MODE = sys.argv[1]

for line in sys.stdin:
    if not line.strip():
        continue
    call = json.loads(line)
    first = (call.get("args") or [None])[0]
    if isinstance(first, str) and "[" in first:
        if MODE == "crash":
            sys.stderr.write("misbehaving.py: crashing on purpose\n")
            sys.stderr.flush()
            os._exit(3)
        if MODE == "hang":
            time.sleep(3600)
        if MODE == "garbage":
            sys.stdout.write("Traceback (most recent call last): nothing of the protocol\n")
            continue
        if MODE == "short":
            continue
    try:
        answer = cpython_answer.answer(call)
    except cpython_answer.Unsupported as e:
        answer = {"unsupported": str(e)}
    sys.stdout.write(json.dumps(answer) + "\n")
sys.stdout.flush()
