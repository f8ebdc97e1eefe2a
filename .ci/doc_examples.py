"""Counts the library's public items that carry a doc example (a fenced
code block, run as a doctest) in rustdoc's JSON output, and fails under
the share issue 19 asks for.

    python3 .ci/doc_examples.py target/docjson/doc/urlsyntax.json [MIN_PERCENT]

Counted: functions, methods, structs, enums, traits, constants, statics
and type aliases of the crate itself that are public; not impl blocks,
re-exports, modules, fields or variants.
"""
import json
import sys

SKIPPED = {"impl", "use", "module", "struct_field", "variant", "assoc_type"}


def main():
    path = sys.argv[1]
    minimum = float(sys.argv[2]) if len(sys.argv) > 2 else 50.0
    with open(path) as f:
        index = json.load(f)["index"]
    total = with_example = 0
    for item in index.values():
        if item.get("crate_id") != 0 or item.get("visibility") != "public":
            continue
        kind = next(iter(item.get("inner") or {"?": None}))
        if kind in SKIPPED:
            continue
        total += 1
        with_example += "```" in (item.get("docs") or "")
    share = 100.0 * with_example / max(total, 1)
    print(f"doc examples: {with_example} of {total} public items ({share:.1f}%), "
          f"at least {minimum:.0f}% wanted")
    sys.exit(0 if share >= minimum else 1)


if __name__ == "__main__":
    main()
