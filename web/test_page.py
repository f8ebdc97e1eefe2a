"""The explain page in a real browser (Chromium, headless), held to the
command line: every cell of the table the page draws for 200+ URLs is
compared with `urlsyntax explain --format json` for the same URL; the
release chooser, urljoin, Neturl's verdict and the permalink with their
own commands; bad input never breaks the page nor logs a console error.

Usage: python3 web/test_page.py [--cli target/release/urlsyntax]
(web/build.sh first). Writes target/web/*.png and target/web/timings.json.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import time
import traceback

sys.path.insert(0, str(pathlib.Path(__file__).parent))
from webdriver import Browser, StaticServer  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = pathlib.Path(os.environ.get("URLSYNTAX_SHARED", ROOT.parent / "shared"))
CONFUSING = "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/"
CONTROL = set(range(0x20)) | {0x7F}

# The table as the page drew it: each column's readers, each row's cells.
READ_TABLE = """
const t = document.getElementById('explain');
const cols = [...t.querySelectorAll('thead th[data-readers]')].map(th => th.dataset.readers.split(' '));
const rows = [...t.querySelectorAll('tbody tr')].map(tr => ({
  field: tr.dataset.field,
  differs: tr.classList.contains('differs'),
  cells: [...tr.querySelectorAll('td')].map(td => td.querySelector('.v').textContent),
}));
return {cols, rows, url: window.urlsyntaxUrl(), answers: window.urlsyntaxTimings.answers};
"""

# The URL comes as JSON text (lone surrogates travel escaped), set as a
# paste sets it.
SET_URL = """
const box = document.getElementById('url');
box.value = JSON.parse(arguments[0]);
box.dispatchEvent(new Event('input', {bubbles: true}));
return window.urlsyntaxTimings.answers;
"""

SET_SELECT = """
const s = document.getElementById(arguments[0]);
s.value = arguments[1];
s.dispatchEvent(new Event('change', {bubbles: true}));
return s.value;
"""


def shown(value):
    """A field's answer as the page shows it (JSON text, as the CLI)."""
    if value is None:
        return "(none)"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return "raises " + value["error"]
    return str(value)


class Cli:
    def __init__(self, path):
        self.path = path

    def run(self, *args, stdin=None):
        p = subprocess.run(
            [self.path, *args], input=stdin, capture_output=True, timeout=300
        )
        if p.returncode not in (0, 1):
            raise AssertionError(f"{args}: exit {p.returncode}: {p.stderr.decode()}")
        return p.stdout.decode()

    def explain(self, urls, readers=None):
        """explain --format json of each URL: by stdin lines where a line
        can carry the URL, as arguments otherwise (never both NUL and a
        line break: the caller leaves those out)."""
        sel = ["--readers", readers] if readers else []
        by_line = [u for u in urls if "\n" not in u and not u.endswith("\r")]
        lines = set(by_line)
        by_arg = [u for u in urls if u not in lines]
        out = {}
        if by_line:
            stdin = "".join(u + "\n" for u in by_line).encode()
            for doc in json.loads(self.run("explain", "--format", "json", *sel, stdin=stdin)):
                out[doc["url"]] = doc
        for u in by_arg:
            for doc in json.loads(self.run("explain", "--format", "json", *sel, "--", u)):
                out[doc["url"]] = doc
        return out


def compare(table, expected):
    """Every cell of the page's table against the CLI's JSON."""
    readers = {r["reader"]: r for r in expected["readers"]}
    flat = [i for col in table["cols"] for i in col]
    assert flat == list(readers), f"columns {flat} != readers {list(readers)}"
    fields = [row["field"] for row in table["rows"]]
    shown_fields = ["result"] + [
        f for f in FIELDS if any(r["ok"] and f in r["fields"] for r in readers.values())
    ]
    assert fields == shown_fields, f"rows {fields} != {shown_fields}"
    for row in table["rows"]:
        want_differs = row["field"] in expected["disagreements"]
        assert row["differs"] == want_differs, f"{row['field']}: differs {row['differs']}"
        for col, text in zip(table["cols"], row["cells"], strict=True):
            for rid in col:
                r = readers[rid]
                if row["field"] == "result":
                    want = "ok" if r["ok"] else "fails: " + r["error"]
                elif not r["ok"]:
                    want = ""
                elif row["field"] in r["fields"]:
                    want = shown(r["fields"][row["field"]])
                else:
                    want = "n/a"
                assert text == want, f"{rid} {row['field']}: page {text!r} != cli {want!r}"


FIELDS = [
    "scheme", "netloc", "username", "password", "hostname", "port", "path",
    "params", "query", "fragment", "other",
]


def typeable(u):
    """What a keyboard can type into the box (WebDriver's key codes sit in
    the Private Use Area; the box is read as typed)."""
    return u != "" and all(ord(c) not in CONTROL and not 0xE000 <= ord(c) <= 0xF8FF and ord(c) < 0x10000 for c in u)


def urls_to_try():
    hostile = [json.loads(line)["input"] for line in (ROOT / "tests/hostile/inputs.jsonl").open()]
    corpora = []
    for name in ("kasztp.txt", "node_files.txt"):
        lines = (SHARED / "corpora" / name).read_text(encoding="utf-8").splitlines()
        step = max(1, len(lines) // 30)
        corpora += lines[::step][:30]
    seen, out = set(), []
    for u in hostile + corpora:
        lone = any(0xD800 <= ord(c) <= 0xDFFF for c in u)
        clash = "\0" in u and ("\n" in u or u.endswith("\r"))
        if u not in seen and not lone and not clash:
            seen.add(u)
            out.append(u)
    return out


class Page:
    def __init__(self, browser, server):
        self.b, self.server = browser, server

    def load(self, fragment=""):
        self.b.go(self.server.url + fragment)
        self.b.wait("return document.body.dataset.ready === 'true'")

    def put(self, url, typed):
        """Types `url` into the box (or sets it and fires input, as a
        paste does) and waits for the page's answer."""
        before = self.b.js("return window.urlsyntaxTimings.answers")
        if typed:
            self.b.clear("#url")
            if url:
                self.b.type("#url", url)
        elif "\r" in url:
            # A text box cannot hold CR: the URL comes by a link, as an
            # example's or a shared link's does.
            self.b.js("location.hash = '#url=' + encodeURIComponent(JSON.parse(arguments[0]))", json.dumps(url))
        else:
            self.b.js(SET_URL, json.dumps(url))
        self.b.wait(f"return window.urlsyntaxTimings.answers > {before}")
        got = self.b.js(READ_TABLE)
        assert got["url"] == url, f"the box holds {got['url']!r}, not {url!r}"
        return got

    def errors(self):
        return [e for e in self.b.console() if e.get("level") == "SEVERE"]


def check_every_cell(page, cli, urls):
    expected = cli.explain(urls)
    typed = 0
    for u in urls:
        t = typeable(u)
        typed += t
        try:
            table = page.put(u, typed=t)
            compare(table, expected[u])
        except Exception as e:
            raise AssertionError(f"{u!r}: {e}") from None
    assert typed >= 200, f"only {typed} URLs typed"
    print(f"  {len(urls)} URLs compared cell by cell ({typed} typed, {len(urls) - typed} pasted)")


def check_release_chooser(page, cli):
    page.b.js(SET_SELECT, "release", "cpython-3.9.18")
    for u in [CONFUSING, "http://[1.2.3.4]/", "http://a:65536/"]:
        table = page.put(u, typed=True)
        want = cli.explain([u], readers="cpython-3.9.18,neturl,whatwg,rfc3986")[u]
        compare(table, want)
        assert table["cols"][0] == ["cpython-3.9.18"]
    page.b.js(SET_SELECT, "release", "all")


def check_urljoin(page, cli):
    page.b.js(SET_SELECT, "function", "urljoin")
    cases = [("http://a/b/c/d;p?q", "../../../g"), ("http://a/b/c/d;p?q", "g:h"), ("http:/a", "//b/../c")]
    for base, url in cases:
        page.b.clear("#base")
        page.b.type("#base", base)
        page.put(url, typed=True)
        groups = page.b.js("""return [...document.querySelectorAll('#calls tr')].map(tr =>
            [tr.dataset.readers.split(' '), tr.querySelector('.v').textContent]);""")
        ids = [i for g, _ in groups for i in g]
        assert len(ids) == 19, ids
        for members, text in groups:
            for rid in members:
                release = rid.removeprefix("cpython-")
                want = cli.run("join", "--python", release, base, url).rstrip("\n")
                assert text == json.dumps(want, ensure_ascii=False), f"{rid} {base} {url}: {text} != {want}"


def check_neturl(page, cli):
    for syntax, url in [("", "http://h:99999/"), ("", "http://user@h:8080/a?b"), ("http", "a/b?c"), ("mailto", "a@b")]:
        page.b.js(SET_SELECT, "syntax", syntax)
        page.put(url, typed=True)
        args = ["--base", syntax] if syntax else []
        want = json.loads(cli.run("check", "--format", "json", *args, url))
        got = page.b.js("""const v = document.getElementById('neturl');
            const why = document.getElementById('neturl-why');
            const parts = document.getElementById('neturl-parts');
            return {valid: v.dataset.valid, why: why && why.textContent, part: why && why.dataset.part,
                    parts: parts && parts.textContent};""")
        assert got["valid"] == str(want["valid"]).lower(), (url, got, want)
        if want["valid"]:
            text = " " + " ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in want["parts"].items())
            assert got["parts"] == text, (got, text)
        else:
            assert got["part"] == (want["part"] or ""), (got, want)
            assert want["reason"] in got["why"], (got, want)
    page.b.js(SET_SELECT, "syntax", "")


def check_permalink(page, cli):
    page.b.js(SET_SELECT, "release", "cpython-3.13.0")
    page.b.js(SET_SELECT, "function", "urljoin")
    page.b.clear("#base")
    page.b.type("#base", "http://x/y?z")
    url = "http://a\tb/c?d#e f"
    before = page.put(url, typed=False)
    page.b.wait("return window.urlsyntaxTimings.linked === window.urlsyntaxTimings.answers")
    link = page.b.js("return location.href")
    shown_link = page.b.js("return document.getElementById('link').value")
    assert shown_link == link, (shown_link, link)
    page.b.click("#copy")
    page.b.wait("return /Link copied|Copying is not allowed/.test(document.getElementById('message').textContent)")
    page.b.go("about:blank")
    page.load(link[len(page.server.url):])
    restored = page.b.js(READ_TABLE)
    state = page.b.js("""return ['url','base','function','release'].map(i => document.getElementById(i).value);""")
    assert state == [url, "http://x/y?z", "urljoin", "cpython-3.13.0"], state
    assert restored["cols"] == before["cols"], (restored["cols"], before["cols"])
    assert restored["rows"] == before["rows"], (restored["rows"], before["rows"])
    # Opened with no fragment: an example's table.
    page.b.go("about:blank")
    page.load()
    first = page.b.js(READ_TABLE)
    assert first["url"] == CONFUSING, first["url"]
    assert len(first["cols"]) >= 4 and any(r["differs"] for r in first["rows"]), first


def check_bad_input(page):
    page.errors()
    cases = {
        "100 KB paste": ("http://a/" + "x" * (100 * 1024), "Long input (102,409 characters)"),
        "lone surrogates": ("http://a/\ud800b\udc00", "lone surrogate (U+D800) at position 9"),
        "NUL and controls": ("http://a\x00b/\x01\x1b[2J\x7f", "control characters (the first, U+0000, at position 8)"),
        "empty box": ("", "The box is empty"),
    }
    for name, (url, says) in cases.items():
        before = page.b.js("return window.urlsyntaxTimings.answers")
        page.b.js(SET_URL, json.dumps(url))
        page.b.wait(f"return window.urlsyntaxTimings.answers > {before}", timeout=30)
        state = page.b.js("""return {msg: document.getElementById('message').textContent,
            rows: document.querySelectorAll('#explain tbody tr').length, alive: 1 + 1};""")
        assert state["alive"] == 2 and state["rows"] >= 1, (name, state)
        assert says in state["msg"], f"{name}: the page says {state['msg']!r}"
        errs = page.errors()
        assert not errs, f"{name}: console errors {errs}"


def check_keyboard(page, cli):
    """Every control is reached by Tab alone, and a release is chosen
    with the arrow keys."""
    page.load()
    page.b.js("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    reached = []
    for _ in range(14):
        page.b.keys("\ue004")
        reached.append(page.b.js("return document.activeElement.id || document.activeElement.tagName"))
    for control in ["url", "example", "release", "function", "base", "syntax", "link", "copy"]:
        assert control in reached, f"Tab never reaches #{control}: {reached}"
    assert reached.index("url") < reached.index("release") < reached.index("copy"), reached
    page.b.js("document.getElementById('release').focus()")
    before = page.b.js("return window.urlsyntaxTimings.answers")
    page.b.keys("\ue015")
    page.b.wait(f"return window.urlsyntaxTimings.answers > {before}")
    table = page.b.js(READ_TABLE)
    first = page.b.js("return document.getElementById('release').value")
    assert first.startswith("cpython-") and table["cols"][0] == [first], (first, table["cols"])
    compare(table, cli.explain([CONFUSING], readers=f"{first},neturl,whatwg,rfc3986")[CONFUSING])


def check_layout(page, out):
    page.b.js(SET_SELECT, "release", "all")
    page.b.js(SET_SELECT, "function", "urljoin")
    page.put(CONFUSING, typed=False)
    labelled = page.b.js("""return [...document.querySelectorAll('input, select, textarea, button')]
        .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && e.tagName !== 'BUTTON')
        .map(e => e.id);""")
    assert labelled == [], f"controls without a label: {labelled}"
    page.b.window(1280, 1150)
    page.b.js("document.activeElement && document.activeElement.blur()")
    size = page.b.screenshot(str(out / "explain.png"))
    page.b.window(360, 800)
    time.sleep(0.3)
    wide = page.b.js("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]} px wide in a {wide[1]} px window"
    page.b.screenshot(str(out / "explain-360.png"))
    page.b.window(1280, 900)
    print(f"  screenshot: {out / 'explain.png'} ({size} bytes)")


def measure(page, out):
    """The figures the report quotes, from the Performance API."""
    page.load()
    first = page.b.js("return window.urlsyntaxTimings")
    long_url = "http://user:pw@host.example:8080/" + "a/b%20c;p=1/" * 170 + "?q=" + "x" * 8
    long_url = long_url[:2038]  # 2,048 characters with the ten typed
    page.put(long_url, typed=False)
    samples = []
    for ch in "abcdefghij":
        before = page.b.js("return window.urlsyntaxTimings.answers")
        page.b.type("#url", ch)
        page.b.wait(f"return window.urlsyntaxTimings.answers > {before}")
        samples.append(page.b.js("return window.urlsyntaxTimings.lastAnswer"))
    wasm = (ROOT / "web/dist/urlsyntax_web.wasm").stat().st_size
    figures = {
        "first_table_ms": first["firstTable"],
        "wasm_ready_ms": first["load"],
        "keystroke_2kb_ms": sorted(samples),
        "url_length": len(long_url) + len(samples),
        "wasm_bytes": wasm,
        "requests": page.server.requests,
    }
    (out / "timings.json").write_text(json.dumps(figures, indent=1))
    print(f"  first table {first['firstTable']:.1f} ms after navigation; a keystroke on a "
          f"{len(long_url)}-character URL answered in {min(samples):.1f}-{max(samples):.1f} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", default=str(ROOT / "target/release/urlsyntax"))
    ap.add_argument("--out", default=str(ROOT / "target/web"))
    a = ap.parse_args()
    out = pathlib.Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    cli = Cli(a.cli)
    server = StaticServer(ROOT / "web/dist")
    browser = Browser()
    page = Page(browser, server)
    passed = failed = 0
    try:
        page.load()
        checks = [
            ("every cell of 200+ URLs", lambda: check_every_cell(page, cli, urls_to_try())),
            ("release chooser", lambda: check_release_chooser(page, cli)),
            ("urljoin", lambda: check_urljoin(page, cli)),
            ("neturl verdict", lambda: check_neturl(page, cli)),
            ("permalink", lambda: check_permalink(page, cli)),
            ("bad input", lambda: check_bad_input(page)),
            ("keyboard", lambda: check_keyboard(page, cli)),
            ("layout and screenshot", lambda: check_layout(page, out)),
            ("measure", lambda: measure(page, out)),
        ]
        for name, check in checks:
            try:
                check()
                errs = page.errors()
                assert not errs, f"console errors: {errs}"
                print(f"ok   {name}")
                passed += 1
            except Exception:
                print(f"FAIL {name}")
                traceback.print_exc()
                failed += 1
                page.load()
        stray = [p for p in server.requests if p.split("?")[0] not in ("/", "/urlsyntax_web.wasm")]
        if stray:
            print(f"FAIL requests beyond the page's three files: {stray}")
            failed += 1
    finally:
        browser.quit()
        server.stop()
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
