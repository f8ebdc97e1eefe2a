// The explain page: reads the controls, asks the WebAssembly model (JSON
// text in, JSON text out) and draws its answers. Every text the user
// typed reaches the page through textContent, never as markup.

// The model: urlsyntax_web.wasm's plain exports (web/src/lib.rs). Each
// call writes its arguments' UTF-8 into the module's input buffer, passes
// their lengths, and reads the answer's UTF-8 back.
let model = null;
const utf8 = new TextEncoder();
const text = new TextDecoder();

async function init() {
  const bytes = await (await fetch("urlsyntax_web.wasm")).arrayBuffer();
  model = (await WebAssembly.instantiate(bytes, {})).instance.exports;
}

function ask(entry, ...args) {
  const parts = args.map((a) => utf8.encode(a));
  const at = model.input(parts.reduce((n, p) => n + p.length, 0));
  let offset = at;
  for (const p of parts) {
    new Uint8Array(model.memory.buffer, offset, p.length).set(p);
    offset += p.length;
  }
  const len = model[entry](...parts.map((p) => p.length));
  return text.decode(new Uint8Array(model.memory.buffer, model.output(), len));
}

const explain = (url, release) => ask("explain", url, release);
const call = (fn, url, base, release) => ask("call", fn, url, base, release);
const check = (url, base) => ask("check", url, base);
const catalog = () => ask("catalog");

const $ = (id) => document.getElementById(id);
const CELL_LIMIT = 4096; // characters shown in one cell
const LINK_LIMIT = 8000; // longest URL the permalink carries
const DEFAULT_URL = "http://1.1.1.1 &@2.2.2.2# @3.3.3.3/";
const timings = { load: null, firstTable: null, lastAnswer: null, answers: 0, linked: 0 };
window.urlsyntaxTimings = timings;

let cat = null;
// The URL the readers read: the box's text, or the exact text an example
// or a link gave (a text box turns CR into LF, which would change it).
let current = "";
window.urlsyntaxUrl = () => current;

function option(value, text) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = text;
  return o;
}

// Lone surrogates: a Python str may hold them, UTF-8 text cannot.
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_ALL = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function hex(c) {
  return "U+" + c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
}

// The text the readers get, and what the page must say about it.
function cleaned(raw) {
  const notes = [];
  let url = raw;
  const lone = raw.match(LONE);
  if (lone) {
    url = raw.replace(LONE_ALL, "\uFFFD");
    notes.push(`The URL holds a lone surrogate (${hex(lone[0])}) at position ${lone.index}: ` +
      "a Python str can, but these readers take UTF-8 text, so it is read as U+FFFD.");
  }
  if (raw !== $("url").value) {
    notes.push("This URL holds a CR (U+000D), which a text box cannot hold (it shows LF there): " +
      "the table reads the URL as the example or link gives it, until you edit the box.");
  }
  if (raw === "") {
    notes.push("The box is empty: this is how each reader reads the empty string.");
  }
  const ctl = url.match(/[\u0000-\u001F\u007F]/);
  if (ctl) {
    notes.push(`The URL holds control characters (the first, ${hex(ctl[0])}, at position ${ctl.index}); ` +
      "the table shows them escaped.");
  }
  if (url.length > CELL_LIMIT) {
    notes.push(`Long input (${url.length.toLocaleString("en")} characters): each cell shows its first ` +
      `${CELL_LIMIT.toLocaleString("en")} characters` +
      (url.length > LINK_LIMIT ? "; the link leaves the URL out." : "."));
  }
  return { url, notes };
}

function cut(text) {
  if (text.length <= CELL_LIMIT) return text;
  return text.slice(0, CELL_LIMIT) + ` … (${(text.length - CELL_LIMIT).toLocaleString("en")} more characters)`;
}

// A field's answer as the table shows it (JSON strings, as the CLI does).
function shown(value) {
  if (value === null) return "(none)";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return String(value);
  if (value && typeof value === "object" && "error" in value) return "raises " + value.error;
  return JSON.stringify(value);
}

// "" and absent agree, as the model's disagreements say.
function key(value) {
  return value === "" || value === null ? "null" : JSON.stringify(value);
}

function cell(tag, text, cls) {
  const c = document.createElement(tag);
  const v = document.createElement("span");
  v.className = "v";
  v.textContent = cut(text);
  c.append(v);
  if (cls) c.className = cls;
  return c;
}

function drawExplain(doc) {
  const byId = new Map(doc.readers.map((r) => [r.reader, r]));
  const cols = doc.columns.map((c) => ({ ...c, first: byId.get(c.readers[0]) }));
  const differs = new Set(doc.disagreements);
  const table = document.createElement("table");
  table.id = "explain";
  const cap = document.createElement("caption");
  cap.className = "visually-hidden";
  cap.textContent = "Fields (rows) by reader (columns)";
  const head = document.createElement("thead");
  const hr = document.createElement("tr");
  const corner = document.createElement("th");
  corner.scope = "col";
  corner.textContent = "field";
  hr.append(corner);
  for (const c of cols) {
    const th = document.createElement("th");
    th.scope = "col";
    th.dataset.readers = c.readers.join(" ");
    th.textContent = c.name;
    hr.append(th);
  }
  head.append(hr);
  const body = document.createElement("tbody");
  const rows = [["result", (r) => (r.ok ? "ok" : "fails: " + r.error), (r) => (r.ok ? "ok" : "fails")]];
  for (const f of cat.fields) {
    if (!cols.some((c) => c.first.ok && f in c.first.fields)) continue;
    rows.push([f, (r) => (!r.ok ? "" : f in r.fields ? shown(r.fields[f]) : "n/a"), (r) => key(r.fields[f])]);
  }
  for (const [name, text, k] of rows) {
    const tr = document.createElement("tr");
    tr.dataset.field = name;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = (differs.has(name) ? "≠ " : "") + name;
    if (differs.has(name)) tr.className = "differs";
    tr.append(th);
    // The answer most readers give (weighted by the readers a column
    // stands for): the others are marked.
    const counts = new Map();
    const answered = (c) => name === "result" || (c.first.ok && name in c.first.fields);
    for (const c of cols) {
      if (!answered(c)) continue;
      const kk = k(c.first);
      counts.set(kk, (counts.get(kk) || 0) + c.readers.length);
    }
    const most = Math.max(0, ...counts.values());
    for (const c of cols) {
      const r = c.first;
      let cls = !r.ok && name !== "result" ? "na" : name !== "result" && !(name in r.fields) ? "na" : "";
      if (name === "result" && !r.ok) cls = "fails";
      const odd = differs.has(name) && answered(c) && counts.get(k(r)) < most;
      const td = cell("td", text(r), (cls + (odd ? " odd" : "")).trim());
      if (odd) {
        const m = document.createElement("span");
        m.className = "mark";
        m.setAttribute("aria-label", "differs from most readers");
        m.textContent = "◆ ";
        td.prepend(m);
      }
      tr.append(td);
    }
    body.append(tr);
  }
  table.append(cap, head, body);
  $("explain").replaceWith(table);
  $("summary").textContent = differs.size === 0
    ? "All readers agree."
    : `The readers disagree on: ${[...differs].join(", ")}.`;
}

function drawCall(doc) {
  const table = document.createElement("table");
  table.id = "calls";
  $("call-text").textContent = doc.call || "";
  if (doc.error) {
    $("call-text").textContent = doc.error;
  } else {
    const body = document.createElement("tbody");
    for (const g of doc.groups) {
      const tr = document.createElement("tr");
      tr.dataset.readers = g.readers.join(" ");
      const th = document.createElement("th");
      th.scope = "row";
      th.textContent = g.name;
      const odd = doc.groups.length > 1;
      tr.append(th, cell("td", g.ok ? JSON.stringify(g.result) : "raises " + g.error, g.ok ? (odd ? "odd" : "") : "fails"));
      body.append(tr);
    }
    table.append(body);
  }
  $("calls").replaceWith(table);
}

function drawCheck(doc) {
  const box = $("neturl");
  box.replaceChildren();
  const head = document.createElement("p");
  const v = document.createElement("span");
  if (doc.error) {
    v.textContent = doc.error;
    head.append(v);
    box.append(head);
    return;
  }
  box.dataset.valid = String(doc.valid);
  v.className = doc.valid ? "valid" : "invalid";
  v.textContent = doc.valid ? "valid" : "invalid";
  head.append(v);
  if (doc.valid) {
    const parts = Object.entries(doc.parts).map(([k, x]) => `${k}=${JSON.stringify(x)}`).join(" ");
    const p = document.createElement("span");
    p.id = "neturl-parts";
    p.textContent = " " + cut(parts);
    head.append(p);
  } else {
    const p = document.createElement("span");
    p.id = "neturl-why";
    p.dataset.part = doc.part === null ? "" : doc.part;
    p.textContent = " " + cut(doc.part === null ? doc.reason : `${doc.part}: ${doc.reason}`) + ` (${doc.exception})`;
    head.append(p);
  }
  box.append(head);
}

// Puts a URL in the box, keeping its exact text for the readers.
function setUrl(url) {
  current = url;
  $("url").value = url;
}

function state() {
  return {
    url: current,
    base: $("base").value,
    fn: $("function").value,
    release: $("release").value,
    syntax: $("syntax").value,
  };
}

function permalink(s, url) {
  const p = new URLSearchParams();
  if (url.length <= LINK_LIMIT) p.set("url", url);
  p.set("base", s.base.replace(LONE_ALL, "\uFFFD"));
  p.set("fn", s.fn);
  p.set("release", s.release);
  if (s.syntax) p.set("syntax", s.syntax);
  return location.href.split("#")[0] + "#" + p.toString();
}

// The address bar follows a pause in typing: history.replaceState costs
// more than an answer (up to tens of ms with a long URL).
let pendingLink = null;
let linkTimer = 0;
function writeLink() {
  clearTimeout(linkTimer);
  if (pendingLink === null) return;
  $("link").value = pendingLink;
  history.replaceState(null, "", pendingLink);
  pendingLink = null;
  timings.linked = timings.answers;
}
function scheduleLink(link) {
  pendingLink = link;
  clearTimeout(linkTimer);
  linkTimer = setTimeout(safely(writeLink), 150);
}

function whyOf(url) {
  const e = cat.examples.find((x) => x.input === url);
  return e ? "Why it matters: " + e.why : "";
}

function answer(started) {
  const s = state();
  const { url, notes } = cleaned(s.url);
  const base = s.base.replace(LONE_ALL, "\uFFFD");
  const t0 = performance.now();
  const doc = JSON.parse(explain(url, s.release));
  const t1 = performance.now();
  drawExplain(doc);
  const t2 = performance.now();
  drawCall(JSON.parse(call(s.fn, url, base, s.release)));
  drawCheck(JSON.parse(check(url, s.syntax)));
  $("message").textContent = notes.join(" ");
  $("why").textContent = whyOf(s.url);
  const now = performance.now();
  // Where an answer's time goes, for the measurements.
  timings.parts = { model: t1 - t0, table: t2 - t1, others: now - t2 };
  scheduleLink(permalink(s, url));
  timings.lastAnswer = now - started;
  timings.answers += 1;
  if (timings.firstTable === null) timings.firstTable = now;
  performance.measure("answer", { start: started, end: now });
}

// Restores the controls from the fragment; false when it names nothing.
function restore() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (![...p.keys()].length) return false;
  const pick = (sel, v) => {
    if (v !== null && [...sel.options].some((o) => o.value === v)) sel.value = v;
  };
  if (p.has("url")) setUrl(p.get("url"));
  if (p.has("base")) $("base").value = p.get("base");
  pick($("function"), p.get("fn"));
  pick($("release"), p.get("release"));
  pick($("syntax"), p.get("syntax"));
  return true;
}

function safely(f) {
  return (...args) => {
    try {
      f(...args);
    } catch (e) {
      $("message").textContent = "The page could not answer: " + e;
    }
  };
}

async function main() {
  const started = performance.now();
  await init();
  cat = JSON.parse(catalog());
  timings.load = performance.now() - started;
  for (const r of cat.releases) $("release").append(option(r.id, "CPython " + r.label));
  for (const f of cat.functions) $("function").append(option(f.name, f.call));
  for (const s of cat.schemes) $("syntax").append(option(s, `${s} (partial syntax for relative URLs)`));
  const groups = new Map();
  cat.examples.forEach((e, i) => {
    if (!groups.has(e.why)) {
      const g = document.createElement("optgroup");
      g.label = e.why;
      groups.set(e.why, g);
      $("example").append(g);
    }
    groups.get(e.why).append(option(String(i), JSON.stringify(e.input).slice(1, -1)));
  });
  $("left-out").textContent = "Left out of this page: " + cat.left_out.join("; ") + ".";
  if (!restore()) setUrl(DEFAULT_URL);
  const run = safely((e) => answer(e && e.timeStamp ? e.timeStamp : performance.now()));
  $("url").addEventListener("input", (e) => {
    current = $("url").value;
    run(e);
  });
  $("base").addEventListener("input", run);
  for (const id of ["release", "function", "syntax"]) $(id).addEventListener("change", run);
  $("example").addEventListener("change", safely((e) => {
    const ex = cat.examples[Number($("example").value)];
    if (ex) setUrl(ex.input);
    answer(e.timeStamp);
  }));
  window.addEventListener("hashchange", safely(() => {
    if (restore()) answer(performance.now());
  }));
  $("copy").addEventListener("click", () => {
    writeLink();
    const done = (text) => { $("message").textContent = text; };
    if (!navigator.clipboard) {
      $("link").select();
      done("Copying is not allowed here: the link is selected in the box above.");
      return;
    }
    navigator.clipboard.writeText($("link").value).then(
      () => done("Link copied."),
      () => {
        $("link").select();
        done("Copying is not allowed here: the link is selected in the box above.");
      },
    );
  });
  answer(started);
  writeLink();
  document.body.dataset.ready = "true";
}

main().catch((e) => {
  $("message").textContent = "The page could not start: " + e;
});
