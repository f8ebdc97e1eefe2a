//! Minimizing a disagreement: the call is shrunk, greedily, to the
//! smallest call that still disagrees in the same way (the same key).
//! Each round makes every call one step smaller (a keyword left out, an
//! extra argument left out, a run of characters or bytes deleted from one
//! text, halves first, down to single characters), asks the program and
//! the reference about all of them in one run, and keeps the smallest that
//! still disagrees so.

use std::collections::HashSet;

use serde_json::Value as Json;

/// The most rounds a minimization takes (each shortens the call).
const MAX_ROUNDS: usize = 400;

/// The size calls are minimized by: characters of text and bytes in the
/// arguments, then one for each argument and keyword.
pub fn size(call: &Json) -> usize {
    fn leaf_units(v: &Json) -> usize {
        match v {
            Json::String(s) => s.chars().count(),
            Json::Array(a) => a.iter().map(leaf_units).sum::<usize>() + a.len(),
            Json::Object(o) => match o.get("bytes").and_then(Json::as_str) {
                Some(hex) => hex.len() / 2,
                None => o.values().map(leaf_units).sum(),
            },
            _ => 1,
        }
    }
    let args = call.get("args").map_or(0, leaf_units);
    let kwargs = call
        .get("kwargs")
        .and_then(Json::as_object)
        .map_or(0, |o| o.values().map(leaf_units).sum::<usize>() + o.len());
    args + kwargs
}

/// Shrinks `call` while `same_way` says a batch of candidates still
/// disagrees as the original does (`Ok` with one flag a candidate); an
/// `Err` from it (the program broke) ends the minimization with that
/// error.
pub fn minimize<E>(
    call: &Json,
    mut same_way: impl FnMut(&[Json]) -> Result<Vec<bool>, E>,
) -> Result<Json, E> {
    let mut best = call.clone();
    for _ in 0..MAX_ROUNDS {
        let candidates = smaller(&best);
        if candidates.is_empty() {
            break;
        }
        let keep = same_way(&candidates)?;
        match candidates.into_iter().zip(keep).find(|(_, k)| *k) {
            Some((c, _)) => best = c,
            None => break,
        }
    }
    Ok(best)
}

/// Every call one step smaller than `call`, smallest first, no repeats.
pub fn smaller(call: &Json) -> Vec<Json> {
    let mut out = Vec::new();
    if let Some(kw) = call.get("kwargs").and_then(Json::as_object) {
        for k in kw.keys() {
            let mut c = call.clone();
            if let Some(m) = c["kwargs"].as_object_mut() {
                m.remove(k);
                if m.is_empty() {
                    c.as_object_mut().map(|o| o.remove("kwargs"));
                }
            }
            out.push(c);
        }
    }
    if let Some(args) = call.get("args").and_then(Json::as_array) {
        if args.len() > 1 {
            let mut c = call.clone();
            c["args"].as_array_mut().map(Vec::pop);
            out.push(c);
        }
    }
    let mut leaves = Vec::new();
    for top in ["/args", "/kwargs"] {
        if let Some(v) = call.pointer(top) {
            collect_leaves(v, top.to_string(), &mut leaves);
        }
    }
    for leaf in leaves {
        out.extend(deletions(call, &leaf));
    }
    let limit = size(call);
    let mut seen = HashSet::new();
    out.retain(|c| size(c) < limit && seen.insert(c.to_string()));
    out.sort_by_cached_key(|c| (size(c), c.to_string().len()));
    out
}

/// A text to shrink: a `str` at `pointer`, or the hex of a `bytes`.
struct Leaf {
    pointer: String,
    bytes: bool,
}

fn collect_leaves(v: &Json, pointer: String, out: &mut Vec<Leaf>) {
    match v {
        Json::String(_) => out.push(Leaf {
            pointer,
            bytes: false,
        }),
        Json::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                collect_leaves(item, format!("{pointer}/{i}"), out);
            }
        }
        Json::Object(o) => {
            for (k, item) in o {
                let p = format!("{pointer}/{}", k.replace('~', "~0").replace('/', "~1"));
                if k == "bytes" && item.is_string() {
                    out.push(Leaf {
                        pointer: p,
                        bytes: true,
                    });
                } else {
                    collect_leaves(item, p, out);
                }
            }
        }
        _ => {}
    }
}

/// `call` with runs of the leaf's characters (or bytes) deleted: the whole
/// text, then halves, quarters, ... single characters.
fn deletions(call: &Json, leaf: &Leaf) -> Vec<Json> {
    let Some(text) = call.pointer(&leaf.pointer).and_then(Json::as_str) else {
        return Vec::new();
    };
    // Units: characters of a str, hex pairs of bytes.
    let units: Vec<&str> = if leaf.bytes {
        (0..text.len() / 2)
            .filter_map(|i| text.get(2 * i..2 * i + 2))
            .collect()
    } else {
        text.char_indices()
            .map(|(i, c)| &text[i..i + c.len_utf8()])
            .collect()
    };
    let n = units.len();
    let mut out = Vec::new();
    let mut run = n;
    while run >= 1 {
        for start in (0..n).step_by(run) {
            let end = (start + run).min(n);
            let shorter: String = units[..start].concat() + &units[end..].concat();
            let mut c = call.clone();
            if let Some(slot) = c.pointer_mut(&leaf.pointer) {
                *slot = Json::String(shorter);
            }
            out.push(c);
        }
        if run == 1 {
            break;
        }
        run = run.div_ceil(2);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn shrinks_to_the_smallest_call_that_keeps_the_property() {
        // "Disagrees" while the URL holds an uppercase letter and an '@'.
        let call = json!({"fn": "urlsplit", "args": ["http://User:P%40ss@example.com:80/a/b?q#f"],
                          "kwargs": {"allow_fragments": false}});
        let small = minimize(&call, |cs| {
            Ok::<_, ()>(
                cs.iter()
                    .map(|c| {
                        let u = c["args"][0].as_str().unwrap_or("");
                        u.contains('@') && u.chars().any(|ch| ch.is_ascii_uppercase())
                    })
                    .collect(),
            )
        })
        .unwrap();
        assert_eq!(small["args"][0].as_str().unwrap().len(), 2);
        assert!(small.get("kwargs").is_none());
    }

    #[test]
    fn bytes_shrink_by_bytes() {
        let call = json!({"fn": "urlsplit", "args": [{"bytes": "2f2f4140"}]});
        let small = minimize(&call, |cs| {
            Ok::<_, ()>(
                cs.iter()
                    .map(|c| c["args"][0]["bytes"].as_str().unwrap().contains("41"))
                    .collect(),
            )
        })
        .unwrap();
        assert_eq!(small, json!({"fn": "urlsplit", "args": [{"bytes": "41"}]}));
    }

    #[test]
    fn candidates_are_smaller_and_distinct() {
        let call = json!({"fn": "urlunsplit", "args": [{"tuple": ["http", "a", "/", "", ""]}]});
        let cs = smaller(&call);
        assert!(!cs.is_empty());
        assert!(cs.iter().all(|c| size(c) < size(&call)));
        let distinct: HashSet<String> = cs.iter().map(Json::to_string).collect();
        assert_eq!(distinct.len(), cs.len());
    }
}
