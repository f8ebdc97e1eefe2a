//! No file of the library imports one that imports it, directly or around
//! a longer loop: each `use` of a file (a module's `pub use` of what it
//! holds is its face, not an import) is an edge to the file that defines
//! the item, following re-exports, and the graph must have no cycle; in
//! the URL crate (`src/`) and in CPython's runtime crate (`pyruntime/src/`).

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
    (files.contains_key(&full) && !full.is_empty()).then_some(full)
}

/// The import edges of the crate whose sources are under `root`, checked
/// for a cycle; the number of edges.
fn check_has_no_cycle(root: &Path) -> usize {
    let files = files(root);
    // What each file re-exports: item name -> defining file.
    let mut reexports: BTreeMap<Module, BTreeMap<String, Module>> = BTreeMap::new();
    for (module, path) in &files {
        for p in uses(&code(path), true) {
            if let (Some(item), Some(target)) = (p.last(), resolve(&files, module, &p)) {
                reexports
                    .entry(module.clone())
                    .or_default()
                    .insert(item.clone(), target);
            }
        }
    }
    let mut edges: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, path) in &files {
        for p in uses(&code(path), false) {
            let Some(mut target) = resolve(&files, module, &p) else {
                continue;
            };
            for _ in 0..5 {
                match p.last().and_then(|item| reexports.get(&target)?.get(item)) {
                    Some(t) if *t != target => target = t.clone(),
                    _ => break,
                }
            }
            if target != *module {
                edges.entry(module.clone()).or_default().insert(target);
            }
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
    // The search read each crate: their imports are many. (The runtime
    // crate, `pyruntime/`, cannot import the URL crate: it is the URL
    // crate's dependency.)
    assert!(check_has_no_cycle(&repo.join("src")) > 100);
    assert!(check_has_no_cycle(&repo.join("pyruntime/src")) > 20);
}
