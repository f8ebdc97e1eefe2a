"""The public API of the URL crates, listed by crate and module from
rustdoc's JSON output: what `docs/api.md` holds, and what semver covers.

    python3 .ci/public_api.py target/docjson/doc/{urlsyntax,urlsyntax_grammar,...}.json            # print
    python3 .ci/public_api.py target/docjson/doc/{urlsyntax,urlsyntax_grammar,...}.json --write    # into docs/api.md
    python3 .ci/public_api.py target/docjson/doc/{urlsyntax,urlsyntax_grammar,...}.json --check    # fail if it differs

`--check` also fails when a crate has more than LIMIT items (issue 39).

An item is counted at each path a user can name it by, walking from the
crate root through `pub mod` and `pub use` (an item re-exported twice
counts twice): functions, structs, enums, traits, constants, statics,
type aliases and macros. The public inherent methods and associated
constants of each struct and enum, and each trait's own methods, count
once under their type. Modules, fields, variants and trait
implementations are not counted; a re-export of another crate (`nom`)
counts as one item.
"""
import json
import sys
from collections import defaultdict

LISTED = {"function", "struct", "enum", "trait", "constant", "static", "type_alias", "macro"}
KIND_WORD = {
    "function": "fn", "struct": "struct", "enum": "enum", "trait": "trait",
    "constant": "const", "static": "static", "type_alias": "type", "macro": "macro",
    "assoc_const": "const", "extern": "use",
}
API_DOC = "docs/api.md"
LIMIT = 250
HEADER = """# The public API of the URL crates

What each library crate of the family exports (`urlsyntax`, the CPython
face; `urlsyntax-grammar`, the grammar core; `urlsyntax-neturl`, the
Neturl face; `urlsyntax-fields`, results read field by field), module by
module, as rustdoc's JSON shows it for the default features; semver
covers exactly this. CPython's runtime (`urlsyntax-pyruntime`) is a crate
of its own, outside this list. Written by `.ci/public_api.py --write`
after a change to the public API; CI fails when this page and the crates
disagree, or a crate has more than 250 items (`.ci/public_api.py
--check`).

An item counts once at each path it can be named by (functions, types,
traits, constants, statics, type aliases), and each type's public
methods and associated constants count once under it; modules, fields
and variants do not count. The last column counts the names of the
module alone, without the methods.

"""


def kind_of(item):
    return next(iter(item["inner"]))


def walk(index, root):
    """{module path: [(kind, name, item id)]} of everything reachable."""
    modules = defaultdict(list)
    seen_modules = set()

    def visit(module_id, path):
        if (module_id, path) in seen_modules:
            return
        seen_modules.add((module_id, path))
        modules[path]
        for child_id in index[str(module_id)]["inner"]["module"]["items"]:
            child = index.get(str(child_id))
            if child is None:
                continue
            kind = kind_of(child)
            if kind == "use":
                use = child["inner"]["use"]
                target = index.get(str(use["id"])) if use["id"] is not None else None
                if target is None:
                    modules[path].append(("extern", use["name"], None))
                elif use["is_glob"]:
                    visit(target["id"], path)
                elif kind_of(target) == "module":
                    visit(target["id"], f"{path}::{use['name']}")
                else:
                    modules[path].append((kind_of(target), use["name"], target["id"]))
            elif kind == "module":
                visit(child["id"], f"{path}::{child['name']}")
            elif kind in LISTED:
                modules[path].append((kind, child["name"], child["id"]))

    visit(root, index[str(root)]["name"])
    return modules


def members(index, item_id):
    """The public inherent methods and associated constants of a type, or a
    trait's own items, as (kind, name)."""
    item = index[str(item_id)]
    kind = kind_of(item)
    out = []
    if kind == "trait":
        for member_id in item["inner"]["trait"]["items"]:
            member = index.get(str(member_id))
            if member is not None and kind_of(member) in ("function", "assoc_const"):
                out.append((kind_of(member), member["name"]))
        return out
    if kind not in ("struct", "enum"):
        return out
    for impl_id in item["inner"][kind]["impls"]:
        impl = index.get(str(impl_id))
        if impl is None or impl["inner"]["impl"]["trait"] is not None:
            continue
        for member_id in impl["inner"]["impl"]["items"]:
            member = index.get(str(member_id))
            if member is None or member.get("visibility") != "public":
                continue
            if kind_of(member) in ("function", "assoc_const"):
                out.append((kind_of(member), member["name"]))
    return sorted(set(out), key=lambda m: (m[1], m[0]))


def listing(index, root):
    modules = walk(index, root)
    lines, total, top, per_module = [], 0, 0, []
    counted_members = set()
    for path in sorted(modules):
        items = sorted(set(modules[path]), key=lambda i: (i[1], i[0]))
        if not items:
            continue
        count = 0
        block = [f"### `{path}`", ""]
        for kind, name, item_id in items:
            block.append(f"- {KIND_WORD[kind]} `{name}`")
            count += 1
            top += 1
            if item_id is not None and item_id not in counted_members:
                counted_members.add(item_id)
                for member_kind, member in members(index, item_id):
                    block.append(f"  - {KIND_WORD[member_kind]} `{member}`")
                    count += 1
        block.append("")
        lines += block
        per_module.append((path, count, len(items)))
        total += count
    summary = ["| module | items | of which named in the module |", "| --- | ---: | ---: |"]
    summary += [f"| `{path}` | {count} | {named} |" for path, count, named in per_module]
    summary += [f"| **all** | **{total}** | **{top}** |", ""]
    return "\n".join(summary) + "\n" + "\n".join(lines), total


def main():
    paths = [a for a in sys.argv[1:] if not a.startswith("--")]
    mode = next((a for a in sys.argv[1:] if a.startswith("--")), "")
    sections, totals = [], {}
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        name = doc["index"][str(doc["root"])]["name"]
        body, totals[name] = listing(doc["index"], doc["root"])
        sections.append(f"## The crate `{name.replace('_', '-')}`: {totals[name]} items\n\n{body}")
    text = HEADER + "\n".join(sections)
    per_crate = ", ".join(f"{name} {count}" for name, count in totals.items())
    if mode == "--write":
        with open(API_DOC, "w") as f:
            f.write(text)
        print(f"public API: {per_crate} items, written to {API_DOC}")
    elif mode == "--check":
        with open(API_DOC) as f:
            recorded = f.read()
        if recorded != text:
            print(f"public API: the crates' items ({per_crate}) differ from {API_DOC}; "
                  f"run .ci/public_api.py {' '.join(paths)} --write and review the diff",
                  file=sys.stderr)
            sys.exit(1)
        over = [name for name, count in totals.items() if count > LIMIT]
        if over:
            print(f"public API: {', '.join(over)} over {LIMIT} items ({per_crate})", file=sys.stderr)
            sys.exit(1)
        print(f"public API: {per_crate} items, as {API_DOC} lists them")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
