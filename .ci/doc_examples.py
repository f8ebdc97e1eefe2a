"""Counts the library's public items that carry a doc example (a fenced
code block, run as a doctest) in rustdoc's JSON output, and fails under
the share issue 19 asks for.

    python3 .ci/doc_examples.py target/docjson/doc/{urlsyntax,urlsyntax_grammar,...}.json [MIN_PERCENT]

Each crate must reach the share on its own.

Counted: functions, methods, structs, enums, traits, constants, statics
and type aliases of the crate itself that are public; not impl blocks,
re-exports, modules, fields or variants.
"""
import json
import sys

SKIPPED = {"impl", "use", "module", "struct_field", "variant", "assoc_type"}


def counts(path):
    """(public items, those with an example) of one crate's JSON."""
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
    return total, with_example


def main():
    paths = [a for a in sys.argv[1:] if a.endswith(".json")]
    rest = [a for a in sys.argv[1:] if not a.endswith(".json")]
    minimum = float(rest[0]) if rest else 50.0
    failed = False
    for path in paths:
        total, with_example = counts(path)
        share = 100.0 * with_example / max(total, 1)
        print(f"doc examples: {path}: {with_example} of {total} public items ({share:.1f}%), "
              f"at least {minimum:.0f}% wanted")
        failed |= share < minimum
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
