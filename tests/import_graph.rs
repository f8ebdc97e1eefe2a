//! No file of the library imports one that imports it, directly or around
//! a longer loop, and no child imports its parent's own items: each `use`
//! of a file and each path written inline (`super::split::X`,
//! `crate::urllib::Y`; a module's `pub use` of what it holds is its face,
//! not an import) is an edge to the file that defines the item, following
//! re-exports; the graph must have no cycle and no edge from a child up to
//! its parent's file. In each library crate of the family: the URL crate
//! (`src/`), the grammar core (`grammar/src/`), the Neturl face
//! (`neturl/src/`), the field reader (`fields/src/`) and CPython's runtime
//! (`pyruntime/src/`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every `.rs` file under `src/`, by its module path.
fn files(root: &Path) -> BTreeMap<Module, PathBuf> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("src folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root).expect("under src");
                let mut module: Module = rel
                    .with_extension("")
                    .iter()
                    .map(|c| c.to_string_lossy().into_owned())
                    .collect();
                if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                    module.pop();
                }
                out.insert(module, path);
            }
        }
    }
    out
}

/// The text of a file without its tests module, comments and strings
/// kept as they are (the `use` lines are what is read).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("a source file");
    match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The number of `#` after the `r` when `rest` opens a raw string literal
/// (`r"`, `r#"`, ...).
fn raw_string_hashes(rest: &[u8]) -> Option<usize> {
    let after_r = rest.strip_prefix(b"r")?;
    let hashes = after_r.iter().take_while(|&&c| c == b'#').count();
    (after_r.get(hashes) == Some(&b'"')).then_some(hashes)
}

/// `text` with its comments and the insides of its string and character
/// literals blanked out (lifetimes kept), so that what is left is code.
fn without_comments_and_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let rest = &b[i..];
        if rest.starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if rest.starts_with(b"/*") {
            let mut depth = 0;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(b' ');
        } else if let Some(hashes) = raw_string_hashes(rest) {
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            i += 2 + hashes;
            while i < b.len() && !b[i..].starts_with(&close) {
                i += 1;
            }
            i += close.len();
            out.extend_from_slice(b"\"\"");
        } else if b[i] == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.extend_from_slice(b"\"\"");
        } else if b[i] == b'\'' {
            // A character literal ('a', '\n', '\u{..}') or a lifetime ('a).
            let end = if rest.get(1) == Some(&b'\\') {
                rest[2..].iter().position(|&c| c == b'\'').map(|p| p + 3)
            } else {
                let len = text[i + 1..].chars().next().map_or(1, char::len_utf8);
                (rest.get(1 + len) == Some(&b'\'')).then_some(len + 2)
            };
            match end {
                Some(n) => {
                    i += n;
                    out.extend_from_slice(b"' '");
                }
                None => {
                    out.push(b'\'');
                    i += 1;
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).expect("cut at ASCII bytes only")
}

/// The paths written in code outside `use` lines (`super::split::X`,
/// `crate::urllib::Y`, `split::SplitRules`), each as its segments; the
/// ones that name no file of the crate fall away when resolved.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for line in code.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("use ")
            || trimmed.starts_with("pub use ")
            || trimmed.starts_with("pub(crate) use ")
        {
            continue;
        }
        let bytes = line.as_bytes();
        let is_ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let mut i = 0;
        while i < bytes.len() {
            if !is_ident(bytes[i]) || (i > 0 && (is_ident(bytes[i - 1]) || bytes[i - 1] == b':')) {
                i += 1;
                continue;
            }
            let mut segments = Vec::new();
            let mut j = i;
            loop {
                let start = j;
                while j < bytes.len() && is_ident(bytes[j]) {
                    j += 1;
                }
                segments.push(line[start..j].to_string());
                if line[j..].starts_with("::") && bytes.get(j + 2).is_some_and(|&c| is_ident(c)) {
                    j += 2;
                } else {
                    break;
                }
            }
            if segments.len() > 1 {
                out.push(segments);
            }
            i = j.max(i + 1);
        }
    }
    out
}

/// The `use` declarations of `text` (`pub` or not), each as the list of
/// paths it names (`use a::{b, c::d}` names `a::b` and `a::c::d`).
fn uses(text: &str, public: bool) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (start, _) in text.match_indices("use ") {
        let before = &text[..start];
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let head = text[line_start..start].trim();
        let is_pub = head.starts_with("pub");
        if !(head.is_empty() || head.starts_with("pub")) || is_pub != public {
            continue;
        }
        let Some(end) = text[start..].find(';') else {
            continue;
        };
        let decl: String = text[start + 4..start + end]
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        expand(&decl, &mut Vec::new(), &mut out);
    }
    out
}

/// `a::{b,c::{d,e}}` into its paths.
fn expand(decl: &str, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match decl.find('{') {
        None => {
            let mut path = prefix.clone();
            let item = decl.split("as").next().unwrap_or(decl);
            path.extend(item.split("::").filter(|s| !s.is_empty()).map(String::from));
            out.push(path);
        }
        Some(open) => {
            let head: Vec<String> = decl[..open]
                .split("::")
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect();
            let inner = &decl[open + 1..decl.rfind('}').unwrap_or(decl.len())];
            let depth = prefix.len();
            prefix.extend(head);
            let mut level = 0;
            let mut from = 0;
            for (i, c) in inner.char_indices().chain([(inner.len(), ',')]) {
                match c {
                    '{' => level += 1,
                    '}' => level -= 1,
                    ',' if level == 0 => {
                        let part = &inner[from..i];
                        if !part.is_empty() {
                            expand(part, prefix, out);
                        }
                        from = i + 1;
                    }
                    _ => {}
                }
            }
            prefix.truncate(depth);
        }
    }
}

/// The file a path names from `module`, as far as it is a file.
fn resolve(files: &BTreeMap<Module, PathBuf>, module: &Module, path: &[String]) -> Option<Module> {
    let mut full: Module = match path.first().map(String::as_str) {
        Some("crate") => path[1..].to_vec(),
        Some("super" | "self") => {
            let mut base = module.clone();
            let mut rest = path;
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            base
        }
        Some(first) => {
            let mut child = module.clone();
            child.push(first.to_string());
            if !files.contains_key(&child) {
                return None;
            }
            let mut base = module.clone();
            base.extend(path.iter().cloned());
            base
        }
        None => return None,
    };
    while !full.is_empty() && !files.contains_key(&full) {
        full.pop();
    }
    files.contains_key(&full).then_some(full)
}

/// Whether `code` defines an item named `name` (rather than re-exporting
/// it from elsewhere).
fn defines(code: &str, name: &str) -> bool {
    let is_ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    [
        "fn ",
        "struct ",
        "enum ",
        "trait ",
        "type ",
        "const ",
        "static ",
        "mod ",
        "macro_rules! ",
    ]
    .iter()
    .any(|kw| {
        code.match_indices(&format!("{kw}{name}")).any(|(i, m)| {
            let before = code[..i].chars().next_back();
            let after = code[i + m.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
    })
}

/// The path of a file from the repository's root.
fn relative(path: &Path) -> String {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(repo)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// The import edges of the crate whose sources are under `root` (`use`
/// lines and paths written inline), checked for a cycle; the arrows from a
/// child up to its parent's own file go into `upward`. The number of edges.
fn check_has_no_cycle(root: &Path, upward: &mut BTreeSet<String>) -> usize {
    let files = files(root);
    let texts: BTreeMap<&Module, String> = files.iter().map(|(m, p)| (m, code(p))).collect();
    // What each file re-exports: item name -> defining file; and the
    // modules it re-exports whole (`pub use qs::*`).
    let mut reexports: BTreeMap<Module, BTreeMap<String, Module>> = BTreeMap::new();
    let mut globs: BTreeMap<Module, Vec<Module>> = BTreeMap::new();
    for (module, text) in &texts {
        for p in uses(text, true) {
            let Some(target) = resolve(&files, module, &p) else {
                continue;
            };
            match p.last() {
                Some(item) if item == "*" => {
                    globs.entry((*module).clone()).or_default().push(target)
                }
                Some(item) => {
                    reexports
                        .entry((*module).clone())
                        .or_default()
                        .insert(item.clone(), target);
                }
                None => {}
            }
        }
    }
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, path) in &files {
        let text = code(path);
        let inline = inline_paths(&without_comments_and_literals(&text));
        for p in uses(&text, false).into_iter().chain(inline) {
            let Some(mut target) = resolve(&files, module, &p) else {
                continue;
            };
            for _ in 0..5 {
                match p.last().and_then(|item| reexports.get(&target)?.get(item)) {
                    Some(t) if *t != target => target = t.clone(),
                    _ => break,
                }
            }
            // An item the file does not define comes through one of its
            // glob re-exports, or from outside the crate (`pub use
            // urlsyntax_pyruntime::...`): no edge to the file itself.
            if let Some(item) = p.last().filter(|item| target.last() != Some(*item)) {
                if !defines(&texts[&target], item) {
                    let from_glob = globs
                        .get(&target)
                        .into_iter()
                        .flatten()
                        .find(|g| defines(&texts[g], item));
                    match from_glob {
                        Some(g) => target = g.clone(),
                        None => continue,
                    }
                }
            }
            if target != *module {
                edges.entry(module.clone()).or_default().insert(target);
            }
        }
    }
    // No child imports its parent's own items (the parent's file is the
    // module's face, its `pub use` lines; what children share lives in a
    // sibling file). A unit test module is its parent's inside.
    for (from, tos) in edges.iter_mut() {
        let parent = from[..from.len().saturating_sub(1)].to_vec();
        if from.last().is_some_and(|l| l == "tests") || from.is_empty() {
            continue;
        }
        if tos.remove(&parent) {
            upward.insert(format!(
                "{} -> {}",
                relative(&files[from]),
                relative(&files[&parent])
            ));
        }
    }
    // A depth-first search for a cycle.
    fn visit(
        m: &Module,
        edges: &BTreeMap<Module, BTreeSet<Module>>,
        state: &mut BTreeMap<Module, u8>,
        path: &mut Vec<Module>,
    ) -> Option<Vec<Module>> {
        match state.get(m) {
            Some(1) => {
                let at = path.iter().position(|p| p == m).unwrap_or(0);
                return Some(path[at..].to_vec());
            }
            Some(_) => return None,
            None => {}
        }
        state.insert(m.clone(), 1);
        path.push(m.clone());
        for next in edges.get(m).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, state, path) {
                return Some(cycle);
            }
        }
        path.pop();
        state.insert(m.clone(), 2);
        None
    }
    let mut state = BTreeMap::new();
    for m in files.keys() {
        if let Some(cycle) = visit(m, &edges, &mut state, &mut Vec::new()) {
            let names: Vec<String> = cycle
                .iter()
                .map(|m| files[m].display().to_string())
                .collect();
            panic!("an import cycle: {}", names.join(" -> "));
        }
    }
    edges.values().map(BTreeSet::len).sum()
}

#[test]
fn no_file_of_the_library_imports_one_that_imports_it() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    // The search read each crate: their imports are many. (Between the
    // crates, cargo forbids a cycle: the runtime and the grammar are the
    // URL crate's dependencies, the grammar the Neturl face's, and the
    // field reader depends on the URL crate.)
    let mut upward = BTreeSet::new();
    let edges =
        |dir: &str, upward: &mut BTreeSet<String>| check_has_no_cycle(&repo.join(dir), upward);
    for (dir, at_least) in [
        ("src", 60),
        ("grammar/src", 20),
        ("neturl/src", 20),
        ("fields/src", 1),
        ("pyruntime/src", 20),
    ] {
        let n = edges(dir, &mut upward);
        assert!(
            n >= at_least,
            "{dir}: {n} import edges, fewer than {at_least}"
        );
    }
    assert!(
        upward.is_empty(),
        "a child imports its parent's own items (move what they share into a sibling file):\n{upward:#?}"
    );
}
