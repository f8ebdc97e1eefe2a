"""Extracts the documented examples of the urllib.parse documentation seeds.

    python3 extract.py [SEED ...]     # prints the sessions as JSON

The seeds are `../shared/seeds/00[0-3]_*.txt` relative to the repository
root: the urllib.parse documentation in English, Russian, Spanish and
Chinese. Their examples come in three forms:

* doctest blocks: `>>> statement` lines, `... ` continuation lines, then the
  expected output up to the next prompt or blank line;
* the same, inline on one line (the Chinese edition):
  `>>> stmt output >>> stmt output`, continuations as ` ... `; the
  statement is the longest prefix that compiles as one statement, the rest
  is the expected output;
* prose examples of the quoting functions: `Example: CALL yields OUTPUT.`
  (`Пример: ... дает ...`, `Ejemplo: ... produce ...`) or, in the Chinese
  edition, a line holding only CALL followed by a line `将产生OUTPUT`.

A doctest block that begins with `from urllib.parse import ...` starts a
session; a block without it continues the previous session (its variables,
such as `o = urlparse(...)`, stay). Each prose example is a session of its
own, opened by an implied import of its function (line 0, not reported).

Each example is {"line", "source", "documented", "report"}: `line` is the
1-based line of the seed where the statement starts, `report` whether the
statement uses one of the 16 urllib.parse functions, directly or through a
session variable bound from one.
"""
import ast
import glob
import json
import os
import re
import sys

FUNCS = ["urlparse", "urlsplit", "urlunparse", "urlunsplit", "urljoin",
         "urldefrag", "unwrap", "parse_qs", "parse_qsl", "quote",
         "quote_plus", "quote_from_bytes", "unquote", "unquote_plus",
         "unquote_to_bytes", "urlencode"]

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
# `../shared` beside the repository, or URLSYNTAX_SHARED (set by .ci/run in
# a clone made elsewhere).
SEEDS = os.path.join(os.environ.get("URLSYNTAX_SHARED") or os.path.join(REPO, "..", "shared"),
                     "seeds")
# The four urllib.parse editions (a fifth seed documents another library).
PATTERN = "00[0-3]_*.txt"

PROSE = re.compile(r"^(?:Example|Пример|Ejemplo): (?P<rest>.+)$")
PROSE_VERB = re.compile(r"^\s+(?:yields|дает|produce)\s+(?P<out>.+?)\.?\s*$")
CHINESE_VERB = "将产生"
CONTINUATION = re.compile(r"(?:^|\s)\.\.\. ")


def seeds():
    return sorted(glob.glob(os.path.join(SEEDS, PATTERN)))


def compiles(source):
    """One statement, as an interactive prompt would accept it."""
    try:
        tree = ast.parse(source)
        compile(source, "<seed>", "single")
    except SyntaxError:
        return False
    return len(tree.body) == 1


def uses(source, tainted):
    """The names of the 16 functions and of tainted variables it reads."""
    names = {n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name)}
    return bool(names & (set(FUNCS) | tainted))


def assigned(source):
    return {n.id for n in ast.walk(ast.parse(source))
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}


def is_import(source):
    tree = ast.parse(source)
    return isinstance(tree.body[0], ast.ImportFrom) and tree.body[0].module == "urllib.parse"


def call_of_a_function(source):
    if not compiles(source):
        return False
    node = ast.parse(source).body[0]
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id in FUNCS)


def doctest_block(lines, i):
    """The examples of the block starting at lines[i]; the next index."""
    examples = []
    while i < len(lines) and lines[i].startswith(">>>"):
        line = i + 1
        source = [lines[i][4:].rstrip()]
        i += 1
        while i < len(lines) and (lines[i].startswith("... ") or lines[i] == "..."):
            source.append(lines[i][4:].rstrip())
            i += 1
        out = []
        while i < len(lines) and lines[i].strip() and not lines[i].startswith(">>>"):
            out.append(lines[i].rstrip())
            i += 1
        examples.append({"line": line, "source": "\n".join(source),
                         "documented": "\n".join(out)})
    return examples, i


def inline_block(text, line):
    """`>>> stmt output >>> stmt output ...` on one line."""
    examples = []
    chunks = text.split(">>> ")[1:]
    for chunk in chunks:
        chunk = chunk.rstrip()
        cuts = [m.start() for m in re.finditer(r"\s", chunk)] + [len(chunk)]
        for cut in sorted(cuts, reverse=True):
            source = CONTINUATION.sub("\n", chunk[:cut]).strip()
            if source and compiles(source):
                examples.append({"line": line, "source": source,
                                 "documented": chunk[cut:].strip()})
                break
        else:
            raise SystemExit("line %d: no statement in %r" % (line, chunk))
    return examples


def prose_example(lines, i):
    """A prose example at lines[i], or None."""
    m = PROSE.match(lines[i])
    if m:
        rest = m.group("rest")
        for cut in sorted((k.start() for k in re.finditer(r"\s", rest)), reverse=True):
            if call_of_a_function(rest[:cut]):
                v = PROSE_VERB.match(rest[cut:])
                if v:
                    return {"line": i + 1, "source": rest[:cut],
                            "documented": v.group("out")}
        return None
    # Chinese: the call alone on its line, `将产生OUTPUT` on the next. (One
    # edition has a stray letter before 将产生; the output follows it.)
    if (call_of_a_function(lines[i].strip()) and i + 1 < len(lines)
            and CHINESE_VERB in lines[i + 1]):
        out = lines[i + 1].split(CHINESE_VERB, 1)[1].strip().rstrip("。")
        return {"line": i + 1, "source": lines[i].strip(), "documented": out}
    return None


def inline(lines, i):
    """A prompt line holding more than its statement (the Chinese form)."""
    if i + 1 < len(lines) and lines[i + 1].startswith("..."):
        return False
    return not compiles(lines[i][4:].strip())


def sessions_of(text):
    lines = text.split("\n")
    sessions = []
    i = 0
    while i < len(lines):
        if lines[i].startswith(">>>") and not inline(lines, i):
            examples, i = doctest_block(lines, i)
        elif ">>> " in lines[i]:
            examples = inline_block(lines[i], i + 1)
            i += 1
        else:
            ex = prose_example(lines, i)
            i += 1
            if ex is not None:
                fn = ast.parse(ex["source"]).body[0].value.func.id
                implied = {"line": 0, "source": "from urllib.parse import " + fn,
                           "documented": ""}
                sessions.append([implied, ex])
            continue
        if is_import(examples[0]["source"]) or not sessions:
            sessions.append(examples)
        else:
            sessions[-1].extend(examples)
    for session in sessions:
        tainted = set()
        for ex in session:
            ex["report"] = uses(ex["source"], tainted)
            if ex["report"]:
                tainted |= assigned(ex["source"])
    return sessions


def extract(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return {"seed": os.path.basename(path)[:3], "file": os.path.basename(path),
            "sessions": sessions_of(text)}


def main():
    paths = sys.argv[1:] or seeds()
    json.dump([extract(p) for p in paths], sys.stdout, ensure_ascii=False, indent=1)
    print()


if __name__ == "__main__":
    main()
